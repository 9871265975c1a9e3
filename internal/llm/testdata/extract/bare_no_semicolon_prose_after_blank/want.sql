SELECT p.name, SUM(t.hours) AS total_hours
FROM projects p
JOIN timesheets t ON t.project_id = p.project_id

GROUP BY p.name
ORDER BY total_hours DESC
LIMIT 10
