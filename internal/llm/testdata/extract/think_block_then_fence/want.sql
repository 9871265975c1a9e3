SELECT date_trunc('month', o.order_date) AS month, count(*) AS orders
FROM orders o
GROUP BY 1
ORDER BY 1
