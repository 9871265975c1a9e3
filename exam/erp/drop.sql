-- Removes the demo database: every table of schema erp, then the schema.
-- Tables are dropped in committed batches of 25, because dropping thousands
-- of distractor tables in one transaction would exhaust the lock table,
-- which all sessions of the server share. Tables no other table references
-- go first: dropping a hub table (employees) also drops, and locks, the
-- foreign keys of every table pointing at it, which took ~6,000 locks in one
-- batch of 2,000 tables; leaves first, a batch holds ~1,000. Run it as a
-- single top-level statement (not inside BEGIN ... COMMIT).
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
            LEFT JOIN (
                SELECT DISTINCT f.confrelid
                FROM pg_constraint f
                WHERE f.contype = 'f' AND f.conrelid <> f.confrelid
            ) r ON r.confrelid = c.oid
            WHERE s.nspname = 'erp' AND c.relkind = 'r'
            -- Referenced tables last; a cycle still ends, since any
            -- table may be taken once no unreferenced one is left.
            ORDER BY r.confrelid IS NOT NULL
            LIMIT 25
        LOOP
            EXECUTE format('DROP TABLE %s CASCADE', t.tbl);
            n := n + 1;
        END LOOP;
        EXIT WHEN n = 0;
        COMMIT;
    END LOOP;
    DROP SCHEMA IF EXISTS erp CASCADE;
END $$;
