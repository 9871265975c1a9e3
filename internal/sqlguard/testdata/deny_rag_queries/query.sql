SELECT * FROM rag.queries
