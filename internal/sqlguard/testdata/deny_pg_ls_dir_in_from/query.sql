SELECT * FROM pg_ls_dir('.')
