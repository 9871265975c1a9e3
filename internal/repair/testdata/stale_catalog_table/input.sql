SELECT s.name FROM shop.suppliers s ORDER BY s.name
