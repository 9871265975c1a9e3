SELECT c.name, (SELECT max(o.total) + c.id FROM orders o WHERE o.customer_id = c.id) AS m FROM customers c
