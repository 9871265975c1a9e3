SELECT current_setting('data_directory')
