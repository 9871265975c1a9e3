SELECT has_table_privilege('rag.queries', 'SELECT')
