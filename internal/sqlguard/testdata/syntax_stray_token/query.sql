SELECT name FROM customers WHERE id = 1 2
