-- Statements on the schema index (rag.schema_indexes, rag.index_docs,
-- rag.index_postings, rag.index_terms and, with pgvector, rag.index_vectors),
-- used by internal/schemaindex.

-- name: StartSchemaIndex :execrows
-- First statement of a build: creates or resets the database's index row
-- (its lock serialises concurrent builds of one database until commit).
-- No row when the stored index was built from a newer catalog: a build that
-- loaded its catalog before a refresh, and embedded for long, must not
-- replace the refresh's own build.
INSERT INTO rag.schema_indexes (database_name, catalog_version, built_at, embed_model, embed_dims, vectors, vocabulary, modules, stats)
VALUES (@database_name, @catalog_version, clock_timestamp(), NULL, NULL, 'none', @vocabulary, sqlc.narg(modules), '{}')
ON CONFLICT (database_name) DO UPDATE
SET catalog_version = excluded.catalog_version, built_at = clock_timestamp(), embed_model = NULL, embed_dims = NULL,
    vectors = 'none', vocabulary = excluded.vocabulary, modules = excluded.modules, stats = '{}'
WHERE rag.schema_indexes.catalog_version <= excluded.catalog_version;

-- name: GetSchemaIndexModules :one
-- The module mapping of the current index, if any, for a build without one.
SELECT modules FROM rag.schema_indexes WHERE database_name = @database_name;

-- name: FinishSchemaIndex :one
UPDATE rag.schema_indexes
SET embed_model = sqlc.narg(embed_model), embed_dims = sqlc.narg(embed_dims), vectors = @vectors, stats = @stats
WHERE database_name = @database_name
RETURNING *;

-- name: GetSchemaIndex :one
SELECT * FROM rag.schema_indexes WHERE database_name = @database_name;

-- name: GetSchemaIndexStamp :one
-- What a search checks on every call: has the index been rebuilt since the
-- searcher loaded it?
SELECT built_at, catalog_version FROM rag.schema_indexes WHERE database_name = @database_name;

-- name: GetSchemaIndexState :one
-- What the catalog check asks of an index: the catalog it was built from,
-- and whether it holds embeddings.
SELECT catalog_version, vectors FROM rag.schema_indexes WHERE database_name = @database_name;

-- name: ListIndexEmbeddings :many
-- The stored embeddings with the hash of the text they embed, so a rebuild
-- embeds only documents whose text (or model) changed.
SELECT kind, schema_name, table_name, column_name, text_hash, embed_model, embedding
FROM rag.index_docs
WHERE database_name = @database_name AND embedding IS NOT NULL AND text_hash IS NOT NULL;

-- name: ListIndexSampledValues :many
-- The values the last build sampled (CHECK values have no count): kept for
-- a table the next build cannot sample, rather than dropped.
SELECT schema_name, table_name, column_name, value, value_count::integer AS value_count
FROM rag.index_docs
WHERE database_name = @database_name AND kind = 'value' AND value_count IS NOT NULL
ORDER BY id;

-- name: DeleteIndexPostings :exec
DELETE FROM rag.index_postings WHERE database_name = @database_name;

-- name: DeleteIndexTerms :exec
DELETE FROM rag.index_terms WHERE database_name = @database_name;

-- name: DeleteIndexDocs :exec
DELETE FROM rag.index_docs WHERE database_name = @database_name;

-- name: InsertIndexDocs :copyfrom
INSERT INTO rag.index_docs (database_name, kind, schema_name, table_name, column_name, value, module, generic,
                            value_count, stable_text, m_schema, lexical, text_hash, embedding, embed_model)
VALUES (@database_name, @kind, @schema_name, @table_name, @column_name, @value, @module, @generic,
        @value_count, @stable_text, @m_schema, @lexical, @text_hash, @embedding, @embed_model);

-- name: BuildIndexPostings :execrows
-- Materialises the documents' tsvectors as BM25 postings. A term's tf is the
-- sum, over its positions, of the weight of the field it occurs in (labels
-- A-D); a document's length is the sum of its tfs, stored over the average
-- of its kind (BM25's dl/avgdl), in the postings alone: setting each
-- document's doc_len too rewrote every document, and nothing reads it
-- (migration 00036; docs/DESIGN.md, Indexing a large schema).
WITH tf AS (
    SELECT d.id, d.kind, u.lexeme AS term,
           (SELECT sum(CASE w WHEN 'A' THEN @weight_a::float8 WHEN 'B' THEN @weight_b::float8
                              WHEN 'C' THEN @weight_c::float8 ELSE @weight_d::float8 END)
            FROM unnest(u.weights) AS w) AS tf,
           'A' = ANY (u.weights) AS in_name
    FROM rag.index_docs d
    CROSS JOIN LATERAL unnest(d.tsv) AS u(lexeme, positions, weights)
    WHERE d.database_name = @database_name
), len AS (
    SELECT id, sum(tf) AS len FROM tf GROUP BY id
), avg_len AS (
    SELECT d.kind, avg(len.len) AS avg FROM len JOIN rag.index_docs d ON d.id = len.id GROUP BY d.kind
)
INSERT INTO rag.index_postings (database_name, kind, term, doc_id, tf, len_norm, in_name)
SELECT @database_name, tf.kind, tf.term, tf.id, tf.tf::real, (len.len / nullif(avg_len.avg, 0))::real, tf.in_name
FROM tf
JOIN len ON len.id = tf.id
JOIN avg_len ON avg_len.kind = tf.kind
-- In key order: a term's postings share pages, so a search reads few.
ORDER BY tf.kind, tf.term, tf.id;

-- name: BuildIndexTerms :execrows
-- Document frequency and BM25 idf per term and kind:
-- idf = ln(1 + (N - df + 0.5) / (df + 0.5)), N the documents of the kind.
INSERT INTO rag.index_terms (database_name, kind, term, df, idf)
SELECT @database_name, p.kind, p.term, count(*)::int,
       ln(1 + (n.docs - count(*) + 0.5) / (count(*) + 0.5))::real
FROM rag.index_postings p
JOIN (SELECT d.kind, count(*)::float8 AS docs FROM rag.index_docs d WHERE d.database_name = @database_name GROUP BY d.kind) n
    ON n.kind = p.kind
WHERE p.database_name = @database_name
GROUP BY p.kind, p.term, n.docs;

-- name: AnalyzeIndexPostings :exec
-- Fresh statistics after a build's documents and postings: the plans of
-- the statements after them and of searches depend on them (a stale
-- estimate of one row per term turns hash joins into nested loops).
ANALYZE rag.index_docs, rag.index_postings;

-- name: AnalyzeIndexTerms :exec
-- After the terms are built: the documents and postings, analysed before
-- them (AnalyzeIndexPostings), have not changed since.
ANALYZE rag.index_terms;

-- name: VacuumIndex :exec
-- After a build, outside its transaction: sets the visibility map, so
-- searches read postings by index-only scans.
VACUUM (ANALYZE) rag.index_docs, rag.index_postings, rag.index_terms;

-- name: ResolveQuestionTerms :many
-- Stems question words as the documents were (to_tsvector 'english': stop
-- words drop out) and says, per kind, how rare each term is. A term the
-- index does not know comes back with a NULL kind.
SELECT w.ord::int AS ord, w.word::text AS word, l.lexeme::text AS term, wt.weight::float8 AS weight,
       t.kind, t.df, coalesce(t.idf, 0)::float8 AS idf
FROM unnest(@words::text[]) WITH ORDINALITY AS w(word, ord)
JOIN unnest(@weights::float8[]) WITH ORDINALITY AS wt(weight, ord) ON wt.ord = w.ord
CROSS JOIN LATERAL unnest(to_tsvector('english'::regconfig, w.word)) AS l(lexeme, positions, weights)
LEFT JOIN rag.index_terms t ON t.database_name = @database_name AND t.term = l.lexeme
ORDER BY w.ord, l.lexeme, t.kind;

-- name: FuzzyTerms :many
-- The known term most similar (pg_trgm) to each unknown question term, at
-- least @min_similarity alike: a misspelt word still finds its tables. The
-- definition: the service matches in memory (schemaindex.trigramTerms), the
-- same measure, since this join cannot use the trigram index.
SELECT DISTINCT ON (q.term) q.term::text AS query_term, t.term, similarity(lower(t.term), q.term)::float8 AS similarity
FROM unnest(@terms::text[]) WITH ORDINALITY AS q(term, ord)
JOIN rag.index_terms t ON t.database_name = @database_name AND lower(t.term) OPERATOR(%) q.term
WHERE similarity(lower(t.term), q.term) >= @min_similarity::float8
ORDER BY q.term, similarity(lower(t.term), q.term) DESC, t.term;

-- name: ListIndexTerms :many
-- The distinct terms of a database's index, read apart from the in-memory
-- copy: the tests run the lexical and fuzzy definitions over them.
SELECT DISTINCT term FROM rag.index_terms WHERE database_name = @database_name ORDER BY term;

-- name: SearchLexical :many
-- BM25 over the postings of the question's terms, per document kind, the
-- top @table_k tables, @column_k columns and @value_k values:
--   score(d) = sum over terms t of  w_t * idf_t * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl/avgdl))
-- with w_t the term's weight in the question (synonyms and fuzzy matches
-- weigh less), tf the field-weighted term frequency and idf from
-- rag.index_terms. matched is a bit mask of the @terms a document holds
-- (bit i-1 for the i-th term; an array per document would cost more than the
-- scoring).
WITH qt AS (
    SELECT t.kind, t.term, t.idf, wt.weight, w.ord
    FROM unnest(@terms::text[]) WITH ORDINALITY AS w(term, ord)
    JOIN unnest(@weights::float8[]) WITH ORDINALITY AS wt(weight, ord) ON wt.ord = w.ord
    JOIN rag.index_terms t ON t.database_name = @database_name AND t.term = w.term
    -- A term in many documents of a kind (id among columns) adds little to
    -- the ranking and costs the most postings; in a small schema every
    -- term is in many documents, and all are kept.
    WHERE t.idf >= @min_idf::float8 OR t.df < @common_df::int
), scored AS (
    SELECT p.doc_id, p.kind,
           sum(qt.weight * qt.idf * p.tf * (sqlc.arg(k1)::float8 + 1)
               / (p.tf + sqlc.arg(k1)::float8 * (1 - sqlc.arg(b)::float8 + sqlc.arg(b)::float8 * p.len_norm)))::float8 AS score,
           bit_or(1::bigint << (qt.ord::int - 1)) AS matched
    FROM qt
    JOIN rag.index_postings p ON p.database_name = @database_name AND p.kind = qt.kind AND p.term = qt.term
    GROUP BY p.doc_id, p.kind
    -- A value document must match its value, not only its table's name.
    HAVING p.kind <> 'value' OR bool_or(p.in_name)
), top AS (
    (SELECT s.doc_id, s.score, s.matched FROM scored s WHERE s.kind = 'table' ORDER BY s.score DESC, s.doc_id LIMIT @table_k::int)
    UNION ALL
    (SELECT s.doc_id, s.score, s.matched FROM scored s WHERE s.kind = 'column' ORDER BY s.score DESC, s.doc_id LIMIT @column_k::int)
    UNION ALL
    (SELECT s.doc_id, s.score, s.matched FROM scored s WHERE s.kind = 'value' ORDER BY s.score DESC, s.doc_id LIMIT @value_k::int)
)
SELECT d.id, d.kind, d.schema_name, d.table_name, d.column_name, d.value, d.module, d.generic,
       r.score::float8 AS score, r.matched::bigint AS matched
FROM top r
JOIN rag.index_docs d ON d.id = r.doc_id
ORDER BY d.kind, r.score DESC, d.id;

-- name: ListIndexTermStats :many
-- The terms of a database's index with their document frequency and idf,
-- per kind: what SearchLexical joins the question's terms to, for scoring
-- BM25 in Go from a cached copy (lexical.go).
SELECT kind, term, df, idf
FROM rag.index_terms
WHERE database_name = @database_name;

-- name: ListIndexPostingLists :many
-- Every posting of a database's index, for the cached copy: one row a term
-- and kind, its postings in four arrays (one row a posting cost the service
-- more in rows to decode than the server in sorting them: docs/DESIGN.md,
-- Indexing a large schema). The arrays are aligned: every aggregate of a
-- group is fed the group's rows in one order. That order is the table's;
-- scoring does not depend on it.
SELECT kind, term, array_agg(doc_id)::bigint[] AS doc_ids, array_agg(tf)::real[] AS tfs,
       array_agg(len_norm)::real[] AS len_norms, array_agg(in_name)::boolean[] AS in_names
FROM rag.index_postings
WHERE database_name = @database_name
GROUP BY kind, term;

-- name: ListIndexDocHits :many
-- What a hit says of every document of a database's index, for the cached
-- copy.
SELECT id, kind, schema_name, table_name, column_name, value, module, generic
FROM rag.index_docs
WHERE database_name = @database_name
ORDER BY id;

-- name: GetIndexDocs :many
SELECT id, kind, schema_name, table_name, column_name, module, generic
FROM rag.index_docs
WHERE id = ANY (@ids::bigint[]);

-- name: ListIndexVectors :many
-- Every embedding of a database, for exact cosine ranking where pgvector is
-- not available.
SELECT id, kind, schema_name, table_name, column_name, module, generic, embedding
FROM rag.index_docs
WHERE database_name = @database_name AND embedding IS NOT NULL
ORDER BY id;

-- name: EnableVectors :one
SELECT rag.enable_vectors(@dims::int)::boolean AS enabled;

-- name: StoreVectors :one
SELECT rag.store_vectors(@database_name::text)::int AS stored;

-- name: SearchVectors :many
SELECT v.doc_id::bigint AS doc_id, v.similarity::float8 AS similarity
FROM rag.search_vectors(@database_name::text, @kind::text, @query::real[], @k::int) AS v;

-- name: LockVectorSetup :exec
-- Serialises the end of builds that store vectors, from rag.enable_vectors
-- to commit: its CREATE INDEX IF NOT EXISTS holds a SHARE lock on
-- rag.index_vectors to commit, so two builds that both enabled before either
-- stored deadlock in rag.store_vectors (ROW EXCLUSIVE), and two that both
-- create the extension or table on a fresh database collide. The row of an
-- owner's table (migration 00043), not an advisory lock, which any role
-- that may connect can take and hold.
SELECT only_row FROM rag.vector_setup_turn FOR UPDATE;

-- name: VectorExtensionAvailable :one
-- Whether the server has pgvector, to say why a build could not use it.
SELECT EXISTS (SELECT 1 FROM pg_available_extensions() AS e WHERE e.name = 'vector')::boolean AS available;
