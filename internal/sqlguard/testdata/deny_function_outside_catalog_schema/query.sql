SELECT rag.check_query_options('{}')
