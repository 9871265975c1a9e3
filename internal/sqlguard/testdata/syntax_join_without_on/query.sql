SELECT * FROM orders o JOIN customers c WHERE o.total > 5
