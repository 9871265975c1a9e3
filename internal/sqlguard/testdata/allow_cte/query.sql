WITH big AS (
  SELECT customer_id, sum(total) AS spent FROM orders GROUP BY customer_id
)
SELECT c.name, b.spent FROM big b JOIN customers c ON c.id = b.customer_id
