SELECT d::date AS day FROM generate_series(date '2024-01-01', date '2024-01-31', interval '1 day') AS d
