SELECT id FROM orders WHERE row_number() OVER (ORDER BY total DESC) <= 3
