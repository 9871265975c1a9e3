SELECT name FROM products WHERE discontinued = false ORDER BY name
---SQL_CANDIDATE---
SELECT p.name FROM products p WHERE NOT p.discontinued ORDER BY p.name
