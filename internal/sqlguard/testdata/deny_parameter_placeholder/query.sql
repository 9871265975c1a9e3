SELECT id, total
FROM orders
WHERE customer_id = $1
  AND status = $2
  AND total > $1
