SELECT c.company_name, so.total_amount
FROM sales_orders so
JOIN customers c ON c.customer_id = so.customer_id
