-- Removes the demo database: every table of schema erp, then the schema.
-- Tables are dropped in committed batches, because dropping thousands of
-- distractor tables in one transaction would exhaust the lock table. Run it
-- as a single top-level statement (not inside BEGIN ... COMMIT).
DO $$
DECLARE
    t record;
    n integer;
BEGIN
    LOOP
        n := 0;
        FOR t IN
            SELECT c.oid::regclass AS tbl
            FROM pg_class c
            JOIN pg_namespace s ON s.oid = c.relnamespace
            WHERE s.nspname = 'erp' AND c.relkind = 'r'
            LIMIT 200
        LOOP
            EXECUTE format('DROP TABLE %s CASCADE', t.tbl);
            n := n + 1;
        END LOOP;
        EXIT WHEN n = 0;
        COMMIT;
    END LOOP;
    DROP SCHEMA IF EXISTS erp CASCADE;
END $$;
