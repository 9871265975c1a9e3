SELECT count(*) FROM vendors WHERE is_active
