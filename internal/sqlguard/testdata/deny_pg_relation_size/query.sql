SELECT pg_size_pretty(pg_relation_size('rag.queries'))
