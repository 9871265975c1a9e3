SELECT name
FROM departments
ORDER BY name
