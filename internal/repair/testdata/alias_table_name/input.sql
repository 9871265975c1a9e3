SELECT employees.first_name, d.name FROM employees e JOIN departments d ON d.department_id = employees.department_id
