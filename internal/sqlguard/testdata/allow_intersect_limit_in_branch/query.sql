(SELECT id FROM customers LIMIT 5) INTERSECT SELECT customer_id FROM orders
