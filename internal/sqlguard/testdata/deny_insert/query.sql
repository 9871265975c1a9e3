INSERT INTO orders (id, total) VALUES (1, 0)
