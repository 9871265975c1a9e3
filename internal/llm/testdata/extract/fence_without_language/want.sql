SELECT project_id, name, status
FROM projects
WHERE status = 'active'
