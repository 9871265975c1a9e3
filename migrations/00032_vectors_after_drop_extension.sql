-- DROP EXTENSION vector CASCADE (an operator removing pgvector, or
-- reinstalling it) drops rag.index_vectors' embedding column and its HNSW
-- indexes and leaves the table. rag.enable_vectors (00005) then found the
-- table there (CREATE TABLE IF NOT EXISTS) and failed on its index, and
-- rag.store_vectors failed on the missing column: once the extension was
-- back (rag.enable_vectors creates it itself where the server has it),
-- every `nl2sql index` failed (SQLSTATE 42703, column "embedding" of
-- relation "index_vectors" does not exist) and vector search with it.
-- Now:
--   - rag.enable_vectors rebuilds such a table and stores again the
--     embeddings of every index built with pgvector (they are in
--     rag.index_docs), so one rebuild brings all of them back;
--   - rag.store_vectors leaves alone a table it cannot use: no embedding
--     column (enable_vectors could not rebuild it) or an extension whose
--     files are gone from the server (every statement on the table fails
--     then, its HNSW index's access method with them);
--   - rag.search_vectors says which of these it met (feature_not_supported),
--     for the service to say why it ranks such an index by exact cosine.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.enable_vectors(dims integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
    rebuilt boolean := false;
    d integer;
    db text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        RETURN false;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        BEGIN
            CREATE EXTENSION vector;
        EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN
            RAISE NOTICE 'pgvector cannot be created here (%); embeddings are ranked by exact cosine', SQLERRM;
            RETURN false;
        END;
    END IF;
    SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector';
    -- Left without its embedding column by DROP EXTENSION vector CASCADE:
    -- what it holds is a copy of rag.index_docs, made again below.
    IF to_regclass('rag.index_vectors') IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM pg_attribute
        WHERE attrelid = to_regclass('rag.index_vectors') AND attname = 'embedding' AND NOT attisdropped
    ) THEN
        RAISE NOTICE 'rag.index_vectors lost its embeddings (DROP EXTENSION vector CASCADE); rebuilding it';
        DROP TABLE rag.index_vectors;
        rebuilt := true;
    END IF;
    EXECUTE format('CREATE TABLE IF NOT EXISTS rag.index_vectors (
            doc_id        bigint PRIMARY KEY,
            database_name text NOT NULL REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE,
            kind          text NOT NULL,
            dims          integer NOT NULL,
            embedding     %I.vector NOT NULL
        )', ext);
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON rag.index_vectors USING hnsw ((embedding::%I.vector(%s)) %I.vector_cosine_ops) WHERE dims = %s',
        'index_vectors_hnsw_' || dims, ext, dims, ext, dims);
    IF rebuilt THEN
        -- The other indexes built with pgvector (the one being built says
        -- 'none' until it finishes, and stores its own).
        FOR d IN SELECT DISTINCT s.embed_dims FROM rag.schema_indexes s WHERE s.vectors = 'pgvector' AND s.embed_dims <> dims LOOP
            EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON rag.index_vectors USING hnsw ((embedding::%I.vector(%s)) %I.vector_cosine_ops) WHERE dims = %s',
                'index_vectors_hnsw_' || d, ext, d, ext, d);
        END LOOP;
        FOR db IN SELECT s.database_name FROM rag.schema_indexes s WHERE s.vectors = 'pgvector' ORDER BY 1 LOOP
            PERFORM rag.store_vectors(db);
        END LOOP;
    END IF;
    RETURN true;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.store_vectors(db text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
    n integer;
BEGIN
    SELECT n2.nspname INTO ext FROM pg_extension e JOIN pg_namespace n2 ON n2.oid = e.extnamespace WHERE e.extname = 'vector';
    IF ext IS NULL OR to_regclass('rag.index_vectors') IS NULL
        OR NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        RETURN 0;
    END IF;
    IF NOT EXISTS (
        SELECT 1 FROM pg_attribute
        WHERE attrelid = to_regclass('rag.index_vectors') AND attname = 'embedding' AND NOT attisdropped
    ) THEN
        -- DROP EXTENSION vector CASCADE: no embedding is left to replace.
        EXECUTE 'DELETE FROM rag.index_vectors WHERE database_name = $1' USING db;
        RETURN 0;
    END IF;
    EXECUTE 'DELETE FROM rag.index_vectors WHERE database_name = $1' USING db;
    EXECUTE format('INSERT INTO rag.index_vectors (doc_id, database_name, kind, dims, embedding)
        SELECT id, database_name, kind, cardinality(embedding), embedding::%I.vector
        FROM rag.index_docs WHERE database_name = $1 AND embedding IS NOT NULL', ext) USING db;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.search_vectors(db text, doc_kind text, query real[], k integer)
RETURNS TABLE (doc_id bigint, similarity double precision)
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
    dims integer := cardinality(query);
BEGIN
    SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector';
    IF ext IS NULL THEN
        RAISE EXCEPTION 'pgvector is not enabled: the vector extension is not in this database'
            USING ERRCODE = 'feature_not_supported';
    END IF;
    IF to_regclass('rag.index_vectors') IS NULL THEN
        RAISE EXCEPTION 'pgvector is not enabled: rag.index_vectors does not exist (rag.enable_vectors)'
            USING ERRCODE = 'feature_not_supported';
    END IF;
    IF NOT EXISTS (
        SELECT 1 FROM pg_attribute
        WHERE attrelid = to_regclass('rag.index_vectors') AND attname = 'embedding' AND NOT attisdropped
    ) THEN
        RAISE EXCEPTION 'rag.index_vectors lost its embeddings (DROP EXTENSION vector CASCADE); rag.enable_vectors rebuilds it'
            USING ERRCODE = 'feature_not_supported';
    END IF;
    -- 1000: the most pgvector accepts (00031).
    PERFORM set_config('hnsw.ef_search', least(greatest(k * 2, 40), 1000)::text, true);
    PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
    RETURN QUERY EXECUTE format('SELECT s.doc_id, s.similarity FROM (
            SELECT v.doc_id, 1 - (v.embedding::%1$I.vector(%2$s) OPERATOR(%1$I.<=>) $3::%1$I.vector(%2$s)) AS similarity
            FROM rag.index_vectors v
            WHERE v.dims = %2$s AND v.database_name = $1 AND v.kind = $2
            ORDER BY v.embedding::%1$I.vector(%2$s) OPERATOR(%1$I.<=>) $3::%1$I.vector(%2$s)
            LIMIT $4
        ) s ORDER BY s.similarity DESC, s.doc_id', ext, dims)
        USING db, doc_kind, query, k;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.enable_vectors(dims integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        RETURN false;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        BEGIN
            CREATE EXTENSION vector;
        EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN
            RAISE NOTICE 'pgvector cannot be created here (%); embeddings are ranked by exact cosine', SQLERRM;
            RETURN false;
        END;
    END IF;
    SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector';
    EXECUTE format('CREATE TABLE IF NOT EXISTS rag.index_vectors (
            doc_id        bigint PRIMARY KEY,
            database_name text NOT NULL REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE,
            kind          text NOT NULL,
            dims          integer NOT NULL,
            embedding     %I.vector NOT NULL
        )', ext);
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON rag.index_vectors USING hnsw ((embedding::%I.vector(%s)) %I.vector_cosine_ops) WHERE dims = %s',
        'index_vectors_hnsw_' || dims, ext, dims, ext, dims);
    RETURN true;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.store_vectors(db text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
    n integer;
BEGIN
    SELECT n2.nspname INTO ext FROM pg_extension e JOIN pg_namespace n2 ON n2.oid = e.extnamespace WHERE e.extname = 'vector';
    IF ext IS NULL OR to_regclass('rag.index_vectors') IS NULL THEN
        RETURN 0;
    END IF;
    EXECUTE 'DELETE FROM rag.index_vectors WHERE database_name = $1' USING db;
    EXECUTE format('INSERT INTO rag.index_vectors (doc_id, database_name, kind, dims, embedding)
        SELECT id, database_name, kind, cardinality(embedding), embedding::%I.vector
        FROM rag.index_docs WHERE database_name = $1 AND embedding IS NOT NULL', ext) USING db;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.search_vectors(db text, doc_kind text, query real[], k integer)
RETURNS TABLE (doc_id bigint, similarity double precision)
LANGUAGE plpgsql AS $$
DECLARE
    ext text;
    dims integer := cardinality(query);
BEGIN
    SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector';
    IF ext IS NULL OR to_regclass('rag.index_vectors') IS NULL THEN
        RAISE EXCEPTION 'pgvector is not enabled (rag.enable_vectors)' USING ERRCODE = 'feature_not_supported';
    END IF;
    -- 1000: the most pgvector accepts.
    PERFORM set_config('hnsw.ef_search', least(greatest(k * 2, 40), 1000)::text, true);
    PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
    RETURN QUERY EXECUTE format('SELECT s.doc_id, s.similarity FROM (
            SELECT v.doc_id, 1 - (v.embedding::%1$I.vector(%2$s) OPERATOR(%1$I.<=>) $3::%1$I.vector(%2$s)) AS similarity
            FROM rag.index_vectors v
            WHERE v.dims = %2$s AND v.database_name = $1 AND v.kind = $2
            ORDER BY v.embedding::%1$I.vector(%2$s) OPERATOR(%1$I.<=>) $3::%1$I.vector(%2$s)
            LIMIT $4
        ) s ORDER BY s.similarity DESC, s.doc_id', ext, dims)
        USING db, doc_kind, query, k;
END;
$$;
-- +goose StatementEnd
