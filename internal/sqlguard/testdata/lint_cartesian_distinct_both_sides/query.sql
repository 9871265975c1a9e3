SELECT COUNT(DISTINCT (c.id, p.id)) FROM customers c, products p
