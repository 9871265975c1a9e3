SELECT c.name,
       (SELECT o.total FROM orders o WHERE o.customer_id = c.id LIMIT 1) AS some_total,
       (SELECT count(*) FROM orders o3 LIMIT 1) AS all_orders
FROM customers c
WHERE EXISTS (SELECT 1 FROM orders o2 WHERE o2.customer_id = c.id LIMIT 1)
ORDER BY c.name
LIMIT 10
