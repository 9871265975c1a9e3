-- Average salary by job title, highest first
SELECT j.title, ROUND(AVG(e.salary)::numeric, 2) AS avg_salary
FROM employees e
JOIN job_titles j ON j.job_title_id = e.job_title_id
GROUP BY j.title
ORDER BY avg_salary DESC
