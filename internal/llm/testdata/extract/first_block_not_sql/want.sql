SELECT product_id, sku, quantity_on_hand
FROM inventory
WHERE quantity_on_hand < reorder_level
