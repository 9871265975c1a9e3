SELECT COUNT(DISTINCT p.id)::float / NULLIF(COUNT(DISTINCT c.id), 0) AS products_per_customer FROM products p, customers c
