SELECT r.order_id FROM order_report r
