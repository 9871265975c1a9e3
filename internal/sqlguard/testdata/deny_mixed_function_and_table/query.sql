SELECT pg_sleep(1) FROM secrets
