SELECT c.name, p.name FROM customers c, orders o, products p WHERE o.customer_id = c.id AND o.status = 'paid'
