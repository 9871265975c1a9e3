SELECT id FROM customers WHERE email != NULL OR NULL = country
