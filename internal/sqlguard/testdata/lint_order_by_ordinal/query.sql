SELECT name, price FROM products ORDER BY 3 DESC
