-- Every question writes some 30 kB of text that PostgreSQL compresses on the
-- way into TOAST: the retrieval metadata, the schema context, the prompt,
-- the replies and the result's rows. pglz, the default, is several times
-- slower than lz4 at the same task (an insert of 4,000 schema contexts and
-- linking lists, 11.6 kB a row: 2.75-2.98 s with pglz, 0.99-1.27 s with
-- lz4, for 10% more on disk); docs/DESIGN.md, "Stage hand-off". Columns of
-- the tables a question writes take lz4 where the server was built with
-- it; elsewhere they keep the server's default. Values already stored keep
-- their compression.

-- +goose Up
-- +goose StatementBegin
DO $$
DECLARE
    col record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_settings
                   WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        RAISE NOTICE 'this server has no lz4: question columns keep default_toast_compression';
        RETURN;
    END IF;
    FOR col IN
        SELECT c.relname, a.attname
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'rag'::regnamespace
          AND c.relname IN ('queries', 'query_contexts', 'attempts', 'candidates', 'query_results')
          AND a.attnum > 0 AND NOT a.attisdropped AND a.attstorage IN ('x', 'm')
        ORDER BY c.relname, a.attnum
    LOOP
        EXECUTE format('ALTER TABLE rag.%I ALTER COLUMN %I SET COMPRESSION lz4', col.relname, col.attname);
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
DECLARE
    col record;
BEGIN
    FOR col IN
        SELECT c.relname, a.attname
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'rag'::regnamespace
          AND c.relname IN ('queries', 'query_contexts', 'attempts', 'candidates', 'query_results')
          AND a.attnum > 0 AND NOT a.attisdropped AND a.attcompression <> ''
    LOOP
        EXECUTE format('ALTER TABLE rag.%I ALTER COLUMN %I SET COMPRESSION default', col.relname, col.attname);
    END LOOP;
END;
$$;
-- +goose StatementEnd
