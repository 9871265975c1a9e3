SELECT e.first_name, e.last_name, count(*) AS orders
FROM employees e
JOIN sales_orders so ON so.sales_rep_id = e.employee_id
GROUP BY e.employee_id, e.first_name, e.last_name
