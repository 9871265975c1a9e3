SELECT * FROM customers c, LATERAL pg_read_file('/etc/passwd') f
