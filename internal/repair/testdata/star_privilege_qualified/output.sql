SELECT c.customer_id, c.customer_number, c.company_name, c.customer_type, c.credit_limit, o.total_amount FROM shop.customers c JOIN shop.sales_orders o ON o.customer_id = c.customer_id
