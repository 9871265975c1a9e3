SELECT e.employee_id, d.name
FROM employees e
JOIN departments d ON d.department_id = e.department_id
