-- Schema index for retrieval on large databases (issue 4): per registered
-- database, one document per table, column and low-cardinality value, with
-- the texts retrieval and prompts use, a weighted tsvector, BM25 postings and
-- term statistics, and embeddings. `nl2sql index` (also run by `db add`)
-- replaces a database's index as a whole; see internal/schemaindex.

-- +goose Up
CREATE TABLE rag.schema_indexes (
    database_name   text PRIMARY KEY REFERENCES rag.databases (name) ON DELETE CASCADE,
    catalog_version bigint NOT NULL,
    built_at        timestamptz NOT NULL DEFAULT now(),
    embed_model     text,
    embed_dims      integer,
    vectors         text NOT NULL DEFAULT 'none',
    vocabulary      text[] NOT NULL DEFAULT '{}',
    modules         jsonb,
    stats           jsonb NOT NULL DEFAULT '{}',
    CONSTRAINT schema_indexes_vectors_valid CHECK (vectors IN ('none', 'array', 'pgvector')),
    CONSTRAINT schema_indexes_model_has_dims CHECK ((embed_model IS NULL) = (embed_dims IS NULL))
);
COMMENT ON TABLE rag.schema_indexes IS 'One schema index per registered database: what it was built from and how.';
COMMENT ON COLUMN rag.schema_indexes.catalog_version IS 'rag.databases.catalog_version the index was built from; an older one means the index is stale.';
COMMENT ON COLUMN rag.schema_indexes.embed_model IS 'Embedding model of the stored embeddings; NULL when built without one (lexical retrieval only).';
COMMENT ON COLUMN rag.schema_indexes.vectors IS 'Where embeddings are searched: pgvector (HNSW, rag.index_vectors), array (real[], exact cosine) or none.';
COMMENT ON COLUMN rag.schema_indexes.vocabulary IS 'Words of the schema and a built-in list, used to split run-together identifiers and question words.';
COMMENT ON COLUMN rag.schema_indexes.modules IS 'The module mapping file last given to `nl2sql index --modules` ({"table": "module"}), reused by builds without one.';
COMMENT ON COLUMN rag.schema_indexes.stats IS 'What the build did: counts, embeddings reused or skipped and why, value sampling failures.';

CREATE TABLE rag.index_docs (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    database_name text NOT NULL REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE,
    kind          text NOT NULL,
    schema_name   text NOT NULL,
    table_name    text NOT NULL,
    column_name   text NOT NULL DEFAULT '',
    value         text NOT NULL DEFAULT '',
    module        text NOT NULL DEFAULT '',
    generic       boolean NOT NULL DEFAULT false,
    value_count   integer,
    stable_text   text NOT NULL DEFAULT '',
    m_schema      text NOT NULL DEFAULT '',
    lexical       text[] NOT NULL,
    -- Field weights as tsvector labels: A names, B synonyms, C descriptions,
    -- D context. The postings' term frequencies weigh them (BM25F-style).
    tsv           tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, coalesce(lexical[1], '')), 'A')
        || setweight(to_tsvector('english'::regconfig, coalesce(lexical[2], '')), 'B')
        || setweight(to_tsvector('english'::regconfig, coalesce(lexical[3], '')), 'C')
        || setweight(to_tsvector('english'::regconfig, coalesce(lexical[4], '')), 'D')
    ) STORED,
    doc_len       real NOT NULL DEFAULT 0,
    text_hash     bytea,
    embedding     real[],
    embed_model   text,
    CONSTRAINT index_docs_kind_valid CHECK (kind IN ('table', 'column', 'value')),
    CONSTRAINT index_docs_lexical_fields CHECK (cardinality(lexical) = 4),
    CONSTRAINT index_docs_embedding_has_model CHECK ((embedding IS NULL) = (embed_model IS NULL)),
    UNIQUE (database_name, kind, schema_name, table_name, column_name, value)
);
COMMENT ON TABLE rag.index_docs IS 'Retrieval documents: one per table, column and low-cardinality value (the value index) of a database.';
COMMENT ON COLUMN rag.index_docs.column_name IS 'Empty for a table document.';
COMMENT ON COLUMN rag.index_docs.value IS 'Value documents only: a distinct value of a low-cardinality text column (CHECK list or sampled).';
COMMENT ON COLUMN rag.index_docs.value_count IS 'Value documents only: rows holding the value in the sample; NULL for a value from a CHECK list.';
COMMENT ON COLUMN rag.index_docs.generic IS 'A column named like id, status, name or created_at: weak evidence of what a question is about.';
COMMENT ON COLUMN rag.index_docs.stable_text IS 'The seeds'' stable_embed_text: what is embedded, stable across prompt changes.';
COMMENT ON COLUMN rag.index_docs.m_schema IS 'The seeds'' m_schema_compact: the dense form for prompts.';
COMMENT ON COLUMN rag.index_docs.lexical IS 'The lexical document in four fields: names (identifiers split into words, abbreviations expanded), synonyms, descriptions, context.';
COMMENT ON COLUMN rag.index_docs.doc_len IS 'Weighted length (sum of the postings'' tf) over the kind''s average: BM25''s dl/avgdl.';
COMMENT ON COLUMN rag.index_docs.text_hash IS 'sha256 of stable_text: a rebuild re-embeds only documents whose hash (or model) changed.';

-- BM25 postings: the tsvector of each document, materialised with weighted
-- term frequencies so a search reads only the postings of its terms.
CREATE TABLE rag.index_postings (
    database_name text NOT NULL REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE,
    kind          text NOT NULL,
    term          text NOT NULL,
    doc_id        bigint NOT NULL,
    tf            real NOT NULL,
    len_norm      real NOT NULL,
    in_name       boolean NOT NULL,
    -- Covering: a search reads the postings of its terms from the index
    -- alone (once vacuumed: nl2sql index vacuums after a build).
    PRIMARY KEY (database_name, kind, term, doc_id) INCLUDE (tf, len_norm, in_name)
);
COMMENT ON TABLE rag.index_postings IS 'BM25 postings: weighted term frequency of each term (a tsvector lexeme) in each document.';
COMMENT ON COLUMN rag.index_postings.len_norm IS 'The document''s doc_len, copied so a search does not read the documents to score them.';
COMMENT ON COLUMN rag.index_postings.in_name IS 'The term occurs in the names field (A): a value document must match its value, not only its table''s name.';

CREATE TABLE rag.index_terms (
    database_name text NOT NULL REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE,
    kind          text NOT NULL,
    term          text NOT NULL,
    df            integer NOT NULL,
    idf           real NOT NULL,
    -- Searches look terms up by (database, term), for every kind at once.
    PRIMARY KEY (database_name, term, kind)
);
COMMENT ON TABLE rag.index_terms IS 'Document frequency and BM25 idf = ln(1 + (N - df + 0.5) / (df + 0.5)) of each term, per document kind.';

-- Fuzzy matching of question words the index does not know (typos): only
-- where pg_trgm can be created; retrieval checks for it at run time.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'pg_trgm cannot be created here (%); question words are not matched fuzzily', SQLERRM;
            RETURN;
        END;
        -- On lower(term), the form FuzzyTerms matches: an index on term
        -- itself would be taken for the equality lookups of every search,
        -- which it answers far slower than the primary key. Without
        -- fastupdate, a build's terms go straight into the index instead of
        -- a pending list every search would scan until the next vacuum.
        EXECUTE 'CREATE INDEX index_terms_trgm_idx ON rag.index_terms USING gin (lower(term) gin_trgm_ops) WITH (fastupdate = off)';
    END IF;
END;
$$;
-- +goose StatementEnd

-- pgvector, when the server has it: embeddings are copied into
-- rag.index_vectors and searched through an HNSW index (cosine) per
-- dimension. Everything touching the vector type is dynamic SQL in these
-- functions, so this migration and nl2sql work on servers without it
-- (embeddings then stay real[] in rag.index_docs, ranked by exact cosine).

-- rag.enable_vectors creates the extension (if available and permitted),
-- rag.index_vectors and its HNSW index for dims; false when pgvector cannot
-- be used.
-- +goose StatementBegin
CREATE FUNCTION rag.enable_vectors(dims integer) RETURNS boolean
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

-- rag.store_vectors replaces a database's rows in rag.index_vectors with the
-- embeddings of its documents; the number stored (0 without pgvector).
-- +goose StatementBegin
CREATE FUNCTION rag.store_vectors(db text) RETURNS integer
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

-- rag.search_vectors returns the k documents of a kind nearest to query by
-- cosine, through the HNSW index of its dimension. Iterative scans (pgvector
-- 0.8) keep the database and kind filters from starving the result.
-- +goose StatementBegin
CREATE FUNCTION rag.search_vectors(db text, doc_kind text, query real[], k integer)
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
    PERFORM set_config('hnsw.ef_search', greatest(k * 2, 40)::text, true);
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

-- options.retrieval: force the full schema or RAG for one question.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.check_query_options(opts jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    k text;
    v jsonb;
    lim numeric;
BEGIN
    FOR k, v IN SELECT key, value FROM jsonb_each(opts) LOOP
        CASE k
        WHEN 'max_rows', 'timeout_ms', 'max_attempts', 'candidates' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric <= 0 OR (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) THEN
                RAISE EXCEPTION 'options.% must be a positive integer, got %', k, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
            -- Upper bounds keep a question inside what the service can do:
            -- rows held in one jsonb value, a statement that finishes within
            -- the stage timeout (2m), a bounded repair loop.
            lim := CASE k WHEN 'max_rows' THEN 1000000 WHEN 'timeout_ms' THEN 100000 ELSE 10 END;
            IF (v #>> '{}')::numeric > lim THEN
                RAISE EXCEPTION 'options.% must be at most %, got %', k, lim, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'temperature' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric < 0 OR (v #>> '{}')::numeric > 2 THEN
                RAISE EXCEPTION 'options.temperature must be a number between 0 and 2, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'model' THEN
            IF jsonb_typeof(v) <> 'string' OR btrim(v #>> '{}') = '' THEN
                RAISE EXCEPTION 'options.model must be a non-empty string, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'schema_format' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('mschema', 'create_table') THEN
                RAISE EXCEPTION 'options.schema_format must be "mschema" or "create_table", got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'retrieval' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('full', 'rag') THEN
                RAISE EXCEPTION 'options.retrieval must be "full" or "rag", got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'tags' THEN
            IF jsonb_typeof(v) <> 'object' THEN
                RAISE EXCEPTION 'options.tags must be a JSON object, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        ELSE
            RAISE EXCEPTION 'unknown option "%"', k
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, candidates, temperature, model, schema_format, retrieval, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.check_query_options(opts jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    k text;
    v jsonb;
    lim numeric;
BEGIN
    FOR k, v IN SELECT key, value FROM jsonb_each(opts) LOOP
        CASE k
        WHEN 'max_rows', 'timeout_ms', 'max_attempts', 'candidates' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric <= 0 OR (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) THEN
                RAISE EXCEPTION 'options.% must be a positive integer, got %', k, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
            -- Upper bounds keep a question inside what the service can do:
            -- rows held in one jsonb value, a statement that finishes within
            -- the stage timeout (2m), a bounded repair loop.
            lim := CASE k WHEN 'max_rows' THEN 1000000 WHEN 'timeout_ms' THEN 100000 ELSE 10 END;
            IF (v #>> '{}')::numeric > lim THEN
                RAISE EXCEPTION 'options.% must be at most %, got %', k, lim, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'temperature' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric < 0 OR (v #>> '{}')::numeric > 2 THEN
                RAISE EXCEPTION 'options.temperature must be a number between 0 and 2, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'model' THEN
            IF jsonb_typeof(v) <> 'string' OR btrim(v #>> '{}') = '' THEN
                RAISE EXCEPTION 'options.model must be a non-empty string, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'schema_format' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('mschema', 'create_table') THEN
                RAISE EXCEPTION 'options.schema_format must be "mschema" or "create_table", got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'tags' THEN
            IF jsonb_typeof(v) <> 'object' THEN
                RAISE EXCEPTION 'options.tags must be a JSON object, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        ELSE
            RAISE EXCEPTION 'unknown option "%"', k
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, candidates, temperature, model, schema_format, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd

DROP FUNCTION rag.search_vectors(text, text, real[], integer);
DROP FUNCTION rag.store_vectors(text);
DROP FUNCTION rag.enable_vectors(integer);
DROP TABLE IF EXISTS rag.index_vectors;
DROP TABLE rag.index_terms;
DROP TABLE rag.index_postings;
DROP TABLE rag.index_docs;
DROP TABLE rag.schema_indexes;
