SELECT round(list_price, ) FROM products
