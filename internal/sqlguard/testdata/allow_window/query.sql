SELECT o.id, o.total, rank() OVER (PARTITION BY o.customer_id ORDER BY o.total DESC) AS r FROM orders o
