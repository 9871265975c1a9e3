SELECT s.supplier_id, s.name
FROM suppliers s
WHERE NOT EXISTS (SELECT 1 FROM purchase_orders po WHERE po.supplier_id = s.supplier_id)
