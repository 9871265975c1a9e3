SELECT so.date, so.total_amount FROM sales_orders so
