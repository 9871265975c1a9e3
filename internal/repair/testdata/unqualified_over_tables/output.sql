SELECT company_name, total_amount FROM sales_orders so JOIN customers c ON c.customer_id = so.customer_id
