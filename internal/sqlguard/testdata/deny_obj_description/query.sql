SELECT obj_description('rag.queries'::regclass, 'pg_class')
