SELECT employee_id, salary FROM employees WHERE salary > 100000
