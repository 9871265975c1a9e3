SELECT c.country FROM customers c JOIN orders o ON o.customer_id = c.id WHERE count(o.id) > 5 GROUP BY c.country
