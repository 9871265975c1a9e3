SELECT so.order_number, sol.quantity
FROM sales_orders so
JOIN sales_order_lines sol ON sol.sales_order_id = so.sales_order_id
JOIN products p ON p.product_id = sol.product_id
