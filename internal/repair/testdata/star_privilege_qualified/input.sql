SELECT c.*, o.total_amount FROM shop.customers c JOIN shop.sales_orders o ON o.customer_id = c.customer_id
