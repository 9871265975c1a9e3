SELECT "First_Name", last_name FROM employees WHERE status = 'active'
