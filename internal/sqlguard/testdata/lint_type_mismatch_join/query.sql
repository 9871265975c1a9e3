SELECT c.name, o.total FROM customers c JOIN orders o ON o.status = c.id
