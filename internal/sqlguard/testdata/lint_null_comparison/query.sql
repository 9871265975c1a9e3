SELECT c.name FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.status = 'paid' AND c.email = NULL
