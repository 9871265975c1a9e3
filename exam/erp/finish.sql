-- Runs after the generated rows are copied in (same transaction): move
-- every identity sequence past the loaded ids, so inserts keep working,
-- and collect planner statistics, which the catalog reads as row estimates.
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN
        SELECT a.attrelid::regclass AS tbl, a.attname AS col,
               pg_get_serial_sequence(a.attrelid::regclass::text, a.attname) AS seq
        FROM pg_attribute a
        JOIN pg_class r ON r.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = r.relnamespace
        WHERE n.nspname = 'erp' AND r.relkind = 'r' AND a.attidentity <> '' AND NOT a.attisdropped
    LOOP
        EXECUTE format('SELECT setval(%L, COALESCE((SELECT max(%I) FROM %s), 0) + 1, false)', c.seq, c.col, c.tbl);
    END LOOP;
    FOR c IN
        SELECT r.oid::regclass AS tbl
        FROM pg_class r
        JOIN pg_namespace n ON n.oid = r.relnamespace
        WHERE n.nspname = 'erp' AND r.relkind = 'r'
    LOOP
        EXECUTE format('ANALYZE %s', c.tbl);
    END LOOP;
END $$;
