SELECT COUNT(*) FROM customers c, products p
