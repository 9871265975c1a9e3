SELECT pg_sleep(10)
