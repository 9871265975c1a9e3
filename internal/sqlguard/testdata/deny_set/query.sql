SET statement_timeout = 0
