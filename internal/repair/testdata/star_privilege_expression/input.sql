SELECT c.customer_id, c.* IS NULL AS unknown, concat(c.*) AS row_text FROM shop.customers c
