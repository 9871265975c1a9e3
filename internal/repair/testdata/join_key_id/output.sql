SELECT c.company_name, sum(so.total_amount) AS total
FROM sales_orders so
JOIN customers c ON c.customer_id = so.customer_id
GROUP BY c.company_name
