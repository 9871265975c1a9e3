SELECT p.name, c.name FROM products p CROSS JOIN customers c
