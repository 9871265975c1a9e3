SELECT c.name, c.credit_limit
FROM customers c
WHERE c.credit_limit > 50000
