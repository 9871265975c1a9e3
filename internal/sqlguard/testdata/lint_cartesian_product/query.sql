SELECT c.name, o.total FROM customers c, orders o WHERE o.total > 100
