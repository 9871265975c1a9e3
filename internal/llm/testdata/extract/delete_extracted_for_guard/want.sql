DELETE FROM employees WHERE termination_date < now() - interval '7 years'
