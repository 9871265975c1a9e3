SELECT name FROM customers /* the name
