SELECT customer_id FROM customers c LEFT JOIN sales_orders so ON so.customer_id = c.customer_id
