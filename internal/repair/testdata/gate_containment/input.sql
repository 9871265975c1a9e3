SELECT p.sale_price FROM products p
