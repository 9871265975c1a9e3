SELECT id FROM orders WHERE status NOT IN ('cancelled', NULL)
