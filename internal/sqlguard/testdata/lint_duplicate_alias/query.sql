SELECT o.id FROM orders o JOIN order_lines o ON o.order_id = o.id
