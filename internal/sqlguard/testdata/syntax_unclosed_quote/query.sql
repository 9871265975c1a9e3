SELECT * FROM customers WHERE name = 'Bob
