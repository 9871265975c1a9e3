SELECT COUNT(*) FROM employees WHERE termination_date IS NULL
