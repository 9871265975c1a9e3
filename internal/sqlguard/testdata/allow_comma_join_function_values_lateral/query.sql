SELECT c.name, d::date AS day, v.label, l.total
FROM customers c,
     generate_series(date '2024-01-01', date '2024-01-07', interval '1 day') AS d,
     (VALUES ('a'), ('b')) AS v(label),
     LATERAL (SELECT o.total FROM orders o WHERE o.customer_id = c.id ORDER BY o.created_at DESC LIMIT 1) l
