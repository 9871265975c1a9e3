SELECT c.name, o.total FROM customers c, orders o WHERE o.customer_id = c.id
