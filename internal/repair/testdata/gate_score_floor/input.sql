SELECT so.net_total_amount FROM sales_orders so
