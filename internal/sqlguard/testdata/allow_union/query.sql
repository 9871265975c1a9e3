SELECT name FROM customers UNION SELECT name FROM products
