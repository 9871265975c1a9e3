SELECT name FROM customers c JOIN orders o ON o.customer_id = c.id JOIN products p ON p.id = o.id
