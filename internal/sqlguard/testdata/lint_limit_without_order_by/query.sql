SELECT s.name FROM (SELECT name, price FROM products LIMIT 10) s ORDER BY s.price DESC
