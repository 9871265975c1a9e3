SELECT name, 'customer' AS kind FROM customers UNION ALL SELECT name, 'product' FROM products ORDER BY 2, 1
