SELECT o.id FROM orders o WHERE o.total > 'high'
