SELECT p.name, sol.quantity
FROM sales_orders so
JOIN sales_order_lines sol ON sol.sales_order_id = so.sales_order_id
JOIN products p ON so.product_id = sol.product_id
