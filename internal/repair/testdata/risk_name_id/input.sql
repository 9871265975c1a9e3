SELECT r.customer_id FROM order_report r
