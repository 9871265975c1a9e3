SELECT pg_catalog.upper(c.name) AS name, pg_catalog.length(c.email) AS len
FROM customers c
