SELECT 1 / 0 FROM products
