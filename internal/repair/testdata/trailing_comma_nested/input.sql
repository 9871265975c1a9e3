SELECT name, rank() OVER (ORDER BY list_price DESC,) FROM (SELECT name, list_price, FROM products) p
