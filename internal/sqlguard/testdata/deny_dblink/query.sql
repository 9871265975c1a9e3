SELECT * FROM dblink('host=example.com', 'select 1') AS t(x int)
