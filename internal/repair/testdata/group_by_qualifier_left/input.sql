SELECT e.first_name, count(*) FROM employees e JOIN employees m ON m.employee_id = e.manager_id GROUP BY m.first_name
