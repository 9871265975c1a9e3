SELECT r.vendor_name FROM order_report r
