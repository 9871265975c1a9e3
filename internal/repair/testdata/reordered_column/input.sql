SELECT so.order_number, so.amount_total FROM sales_orders so WHERE so.status <> 'cancelled'
