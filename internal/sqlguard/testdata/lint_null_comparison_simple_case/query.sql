SELECT CASE c.email WHEN NULL THEN 'none' ELSE c.email END AS contact FROM customers c
