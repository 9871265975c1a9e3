SELECT o.id
FROM orders o
JOIN customers c ON c.id = o.customer_id
JOIN products p ON p.id::text = o.status
WHERE o.total > '10' AND o.total < ' 1e3 ' AND o.status = 'paid' AND c.name = 42::text
  AND upper(c.name) = 'X' AND c.id::text = '7' AND p.category = 'toys' AND p.price <> 'NaN'
  AND c.created_at > '2024-01-01' AND CASE o.status WHEN 'paid' THEN o.total END > 0
