SELECT customers.name FROM customers c
