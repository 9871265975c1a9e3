SELECT pg_get_viewdef('rag.query_overview')
