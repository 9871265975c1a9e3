DELETE FROM orders WHERE id = 1
