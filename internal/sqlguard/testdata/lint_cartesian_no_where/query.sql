SELECT c.name, p.name FROM customers c, products p
