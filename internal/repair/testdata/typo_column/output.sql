SELECT sku, list_price FROM products ORDER BY list_price DESC
