SELECT * FROM customer
