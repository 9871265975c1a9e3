CALL refresh_stats()
