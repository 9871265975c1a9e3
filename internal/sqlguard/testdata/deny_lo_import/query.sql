SELECT lo_import('/etc/passwd')
