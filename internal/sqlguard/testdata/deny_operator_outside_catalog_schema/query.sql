SELECT id FROM orders WHERE total OPERATOR(rag.>) 10
