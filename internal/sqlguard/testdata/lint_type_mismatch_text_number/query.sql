SELECT c.id FROM customers c WHERE c.name = 42
