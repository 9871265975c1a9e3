SELECT to_regclass('rag.queries') IS NOT NULL AS exists
