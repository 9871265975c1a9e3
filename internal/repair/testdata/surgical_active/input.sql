SELECT p.sku, p.price FROM products p WHERE p.is_active
