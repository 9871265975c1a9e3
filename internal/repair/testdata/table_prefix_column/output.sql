SELECT p.name, p.list_price FROM products p WHERE p.is_active
