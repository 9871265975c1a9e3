SELECT sku, lsit_price FROM products ORDER BY lsit_price DESC
