SELECT e.first_name, d.name FROM employees e JOIN departments d ON d.department_id = e.department_id
