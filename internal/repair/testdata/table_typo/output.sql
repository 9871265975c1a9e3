SELECT sku, name FROM products WHERE is_active
