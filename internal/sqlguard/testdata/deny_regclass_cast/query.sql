SELECT 'rag.queries'::regclass::oid
