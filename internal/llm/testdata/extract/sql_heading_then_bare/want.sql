WITH ranked AS (
  SELECT e.employee_id, e.department_id, e.salary,
         rank() OVER (PARTITION BY e.department_id ORDER BY e.salary DESC) AS rnk
  FROM employees e
)
SELECT * FROM ranked WHERE rnk <= 3
