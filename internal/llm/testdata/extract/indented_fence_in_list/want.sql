SELECT po.po_number, s.name AS supplier
FROM purchase_orders po
JOIN suppliers s ON s.supplier_id = po.supplier_id
WHERE po.status = 'pending'
