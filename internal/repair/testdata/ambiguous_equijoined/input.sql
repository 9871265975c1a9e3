SELECT customer_id, count(*) FROM sales_orders so JOIN customers c ON c.customer_id = so.customer_id GROUP BY so.customer_id
