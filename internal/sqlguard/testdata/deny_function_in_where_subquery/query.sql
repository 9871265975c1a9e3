SELECT name FROM customers
WHERE id IN (
  SELECT customer_id FROM orders WHERE pg_sleep_for('5 seconds') IS NOT NULL
)
