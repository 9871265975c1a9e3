DO $$ BEGIN PERFORM pg_sleep(1); END $$
