SELECT w.name AS warehouse, SUM(i.quantity_on_hand * p.unit_cost) AS stock_value
FROM inventory i
JOIN warehouses w ON w.warehouse_id = i.warehouse_id
JOIN products p ON p.product_id = i.product_id
GROUP BY w.name
