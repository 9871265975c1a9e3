SELECT name FROM departments WHERE parent_id IS NULL
