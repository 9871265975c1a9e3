SELECT * FROM shop.customers JOIN shop.sales_orders USING (customer_id)
