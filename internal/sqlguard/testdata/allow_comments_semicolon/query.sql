-- top customers
SELECT name /* the name */ FROM customers LIMIT 5;  
