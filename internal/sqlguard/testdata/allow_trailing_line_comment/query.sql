SELECT id FROM orders LIMIT 3 -- newest first;
