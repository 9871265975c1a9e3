-- rag.enable_vectors was the one function the service runs that kept the
-- caller's search_path (00034 pinned the others): its CREATE EXTENSION
-- vector installs into the first schema on that path. It also calls
-- format(), whose variadic signature loses to a function of the same name
-- with exact argument types in any schema on the path: where the public
-- schema lets every role CREATE (databases made before PostgreSQL 15), a
-- client's public.format(text, text) ran as the service when it built a
-- schema index with an embedding model. The function now runs with
-- search_path pg_catalog, pg_temp, and the schema the extension goes into
-- is an argument whose default, current_schema(), is evaluated in the
-- caller's query, on the caller's path: where CREATE EXTENSION put it
-- before. A new signature, so the old one is dropped first (nothing
-- depends on it; callers name only dims).

-- +goose Up
DROP FUNCTION rag.enable_vectors(integer);
-- +goose StatementBegin
CREATE FUNCTION rag.enable_vectors(dims integer, ext_schema text DEFAULT current_schema()) RETURNS boolean
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
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
        IF ext_schema IS NULL THEN
            RAISE NOTICE 'pgvector cannot be created here (no schema on the search path to create it in); embeddings are ranked by exact cosine';
            RETURN false;
        END IF;
        BEGIN
            EXECUTE format('CREATE EXTENSION vector SCHEMA %I', ext_schema);
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
COMMENT ON FUNCTION rag.enable_vectors(integer, text) IS 'Creates pgvector where the server has it (in ext_schema: by default the caller''s current schema) and rag.index_vectors with its HNSW index for dims; false where pgvector cannot be used.';

-- +goose Down
DROP FUNCTION rag.enable_vectors(integer, text);
-- +goose StatementBegin
CREATE FUNCTION rag.enable_vectors(dims integer) RETURNS boolean
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
