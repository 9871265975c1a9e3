SELECT price FROM products p JOIN sales_order_lines sol ON sol.product_id = p.product_id
