-- rag.search_vectors (00005) set hnsw.ef_search to greatest(2k, 40), and
-- pgvector refuses more than 1000: with NL2SQL_RAG_TABLE_TOP_K or
-- NL2SQL_RAG_COLUMN_TOP_K above 500, every search on a connection that had
-- loaded pgvector failed ("1200 is outside the valid range for parameter
-- hnsw.ef_search"; on a connection that had not, pgvector warned and
-- searched with its default of 40). ef_search is now at most 1000. A k above
-- it still gets k rows: the iterative scan goes on past ef_search until the
-- LIMIT is met (up to hnsw.max_scan_tuples), and the outer ORDER BY ranks
-- what it found by similarity.

-- +goose Up
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

-- +goose Down
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
