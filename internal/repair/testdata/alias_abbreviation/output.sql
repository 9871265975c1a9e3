SELECT sol.quantity, p.sku FROM sales_order_lines sol JOIN products p ON p.product_id = sol.product_id
