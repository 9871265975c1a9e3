SELECT c.name, last.total
FROM customers c
CROSS JOIN LATERAL (
  SELECT o.total FROM orders o WHERE o.customer_id = c.id ORDER BY o.created_at DESC LIMIT 1
) last
