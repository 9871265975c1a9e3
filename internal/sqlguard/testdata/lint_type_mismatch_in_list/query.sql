SELECT id FROM customers WHERE country IN ('DE', 49) AND 10 = name
