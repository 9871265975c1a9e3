SELECT company_name, amount_total FROM sales_orders so JOIN customers c ON c.customer_id = so.customer_id
