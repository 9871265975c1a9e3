WITH l AS (SELECT pg_advisory_lock(1)) SELECT * FROM l
