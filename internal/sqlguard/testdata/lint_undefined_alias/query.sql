SELECT x.name FROM customers c
