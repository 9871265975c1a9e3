SELECT r.invoice_sum FROM order_report r
