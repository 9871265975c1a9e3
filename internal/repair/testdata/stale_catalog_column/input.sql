SELECT p.name, p.unit_cost FROM shop.products p
