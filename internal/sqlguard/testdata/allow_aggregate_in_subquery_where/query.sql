SELECT c.country,
       (SELECT count(*) FROM products p WHERE p.price < max(c.id)) AS cheaper
FROM customers c
WHERE c.id IN (SELECT o.customer_id FROM orders o GROUP BY o.customer_id HAVING count(*) > 2)
  AND c.id > (SELECT avg(o.customer_id) FROM orders o)
GROUP BY c.country
