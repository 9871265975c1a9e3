SELECT c.name, COUNT(DISTINCT p.id) FROM customers c, products p GROUP BY c.name
