SELECT id FROM orders ORDER BY created_at DESC,
