SELECT d.name AS department, count(*) AS employees
FROM employees e
JOIN departments d ON d.department_id = e.department_id
GROUP BY d.name
ORDER BY employees DESC
