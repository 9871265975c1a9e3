SELECT id FROM shop.orders ORDER BY created_at DESC LIMIT 10
