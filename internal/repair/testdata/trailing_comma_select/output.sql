SELECT sku, name FROM products
