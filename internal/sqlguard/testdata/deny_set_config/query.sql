SELECT set_config('statement_timeout', '0', false)
