SELECT c.company_name FROM sales_orders so JOIN customers c ON c.customer_id = customer_id
