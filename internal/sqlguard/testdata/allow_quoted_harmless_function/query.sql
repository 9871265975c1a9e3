SELECT "lower"(name) FROM customers
