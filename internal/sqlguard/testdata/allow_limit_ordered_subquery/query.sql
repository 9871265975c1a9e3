SELECT t.name FROM (SELECT name FROM products ORDER BY price DESC) t LIMIT 3
