SELECT c.country, count(CASE WHEN c.email = NULL THEN 1 END) AS no_email
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id AND o.status <> NULL
GROUP BY c.country
HAVING max(o.created_at) > NULL
