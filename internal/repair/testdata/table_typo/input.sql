SELECT sku, name FROM prodcuts WHERE is_active
