SELECT * INTO backup FROM customers
