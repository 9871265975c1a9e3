SELECT * FROM pg_control_system()
