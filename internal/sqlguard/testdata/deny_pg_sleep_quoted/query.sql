SELECT "pg_sleep"(1)
