SELECT sku FROM products WHERE
