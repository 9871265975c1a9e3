SELECT d.name, count(*) FROM employees e JOIN departments d ON d.department_id = e.department_id GROUP BY d.name
---SQL_CANDIDATE---
SELECT d.name, count(e.employee_id)
FROM departments d
LEFT JOIN employees e ON e.department_id = d.department_id
GROUP BY d.name
---SQL_CANDIDATE---
SELECT department_id, count(*) FROM employees GROUP BY department_id
