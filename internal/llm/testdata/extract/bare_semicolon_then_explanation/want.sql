SELECT e.first_name || ' ' || e.last_name AS employee_name, e.hire_date
FROM employees e
WHERE e.hire_date >= date_trunc('year', CURRENT_DATE)
