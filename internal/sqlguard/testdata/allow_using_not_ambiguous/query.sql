SELECT id, status FROM orders JOIN (SELECT order_id AS id, quantity FROM order_lines) ol USING (id)
