SELECT id FROM orders WHERE status = 'paid'::rag.query_status
