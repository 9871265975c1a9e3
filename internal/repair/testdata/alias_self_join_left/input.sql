SELECT employees.first_name FROM employees e JOIN employees m ON m.employee_id = e.manager_id
