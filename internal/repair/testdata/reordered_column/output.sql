SELECT so.order_number, so.total_amount FROM sales_orders so WHERE so.status <> 'cancelled'
