SELECT c.id, c.name, count(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id
