SELECT id, name FROM customers
