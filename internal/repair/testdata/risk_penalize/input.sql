SELECT r.invoice_amount FROM order_report r
