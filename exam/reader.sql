-- The role the demo ERP's questions run as (SET LOCAL ROLE): it can read
-- schema erp and nothing else of the database it shares with nl2sql, so the
-- database backs the guard even if the guard let something through.
DO $$
BEGIN
    CREATE ROLE nl2sql_erp_reader NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- created before, or by a concurrent load
END
$$;
GRANT USAGE ON SCHEMA erp TO nl2sql_erp_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA erp TO nl2sql_erp_reader;
GRANT nl2sql_erp_reader TO CURRENT_USER;
