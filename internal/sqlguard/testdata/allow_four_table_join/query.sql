SELECT c.country, p.category, sum(ol.quantity * ol.unit_price) AS revenue
FROM customers c
JOIN orders o ON o.customer_id = c.id
JOIN order_lines ol ON ol.order_id = o.id
JOIN products p ON p.id = ol.product_id
WHERE o.created_at >= date '2024-01-01'
GROUP BY c.country, p.category
ORDER BY revenue DESC
