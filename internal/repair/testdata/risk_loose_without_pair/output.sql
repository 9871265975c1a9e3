SELECT r.invoice_total FROM order_report r
