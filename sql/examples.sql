-- Verified examples and feedback (migrations/00009_examples_feedback.sql):
-- finding the examples of a question, checking corrections and examples.

-- name: CandidateExamples :many
-- The examples of the database a question may get, with their lexical
-- similarity (the overlap, Jaccard, of the stemmed words of the two
-- questions) and, when embedded with @embed_model, their embedding: those
-- sharing a word, and those embedded. Only examples checked against the
-- current catalog and not stale, and approved (migration 00012) or made
-- by the role asking (@asked_by), or confirmed or corrected to by it: its
-- verdict on the same pair found the example already there and was given
-- its id (rag.feedback.example_id) instead of a new one. An exam run's questions
-- (tags.exam_run_id) never get an example whose question is one of the
-- run's, by normalized text or by the exam's question id. Go ranks them.
WITH q AS (
    SELECT tsvector_to_array(to_tsvector('english', @question::text)) AS lex
), excluded AS (
    SELECT rag.normalize_question(s.question) AS question_key, s.options -> 'tags' ->> 'exam_question_id' AS ref
    FROM rag.queries s
    WHERE sqlc.narg(exam_run_id)::text IS NOT NULL
      AND s.database_name = @database_name
      AND s.options -> 'tags' ->> 'exam_run_id' = sqlc.narg(exam_run_id)::text
)
SELECT e.id, e.question, e.sql, sim.similarity::float8 AS similarity,
       (CASE WHEN e.embed_model = @embed_model::text THEN e.embedding END)::real[] AS embedding
FROM rag.examples e
JOIN rag.databases d ON d.name = e.database_name
CROSS JOIN q
CROSS JOIN LATERAL (
    -- Both arrays hold distinct lexemes (tsvector_to_array): the union is
    -- their sizes less what they share.
    SELECT count(*) AS shared FROM unnest(e.lexemes) l WHERE l = ANY (q.lex)
) i
CROSS JOIN LATERAL (
    SELECT i.shared::float8 / greatest(cardinality(e.lexemes) + cardinality(q.lex) - i.shared, 1) AS similarity
) sim
WHERE e.database_name = @database_name
  AND (e.lexemes && q.lex OR e.embed_model = @embed_model::text)
  AND NOT e.stale
  AND e.checked_at >= coalesce(d.refreshed_at, '-infinity')
  AND (e.approved_at IS NOT NULL OR e.created_by = @asked_by::text
       OR e.id = ANY (ARRAY(SELECT f.example_id FROM rag.feedback f
                            WHERE f.given_by = @asked_by::text AND f.example_id IS NOT NULL)))
  AND NOT EXISTS (SELECT 1 FROM excluded x WHERE x.question_key = rag.normalize_question(e.question) OR x.ref = e.source_ref);

-- name: ExamplesToEmbed :many
-- Examples of the database not yet embedded with @embed_model, oldest
-- first, at most @max.
SELECT id, question FROM rag.examples
WHERE database_name = @database_name AND NOT stale AND embed_model IS DISTINCT FROM @embed_model::text
ORDER BY id
LIMIT @max;

-- name: SetExampleEmbedding :exec
UPDATE rag.examples SET embedding = @embedding::real[], embed_model = @embed_model::text WHERE id = @id;

-- name: GetCorrection :one
-- A correction waiting for its check, with its question.
SELECT f.id, f.status, f.corrected_sql, q.id AS query_id, q.database_name, q.question
FROM rag.feedback f
JOIN rag.queries q ON q.id = f.query_id
WHERE f.id = @id;

-- name: AcceptCorrection :one
-- The correction passed: it becomes an example (or finds the one it
-- repeats) and the feedback row says so; rag_feedback_done is notified.
WITH f AS (
    SELECT f.id, q.database_name, q.question, f.corrected_sql, f.given_by, q.id AS query_id
    FROM rag.feedback f JOIN rag.queries q ON q.id = f.query_id
    WHERE f.id = @id AND f.status = 'pending'
), ins AS (
    INSERT INTO rag.examples (database_name, question, sql, source, query_id, created_by, checked_at)
    SELECT f.database_name, f.question, f.corrected_sql, 'correction', f.query_id, f.given_by, @checked_at FROM f
    ON CONFLICT (database_name, rag.normalize_question(question), md5(sql)) DO NOTHING
    RETURNING id
), ex AS (
    SELECT id FROM ins
    UNION ALL
    SELECT e.id FROM rag.examples e, f
    WHERE e.database_name = f.database_name AND rag.normalize_question(e.question) = rag.normalize_question(f.question)
      AND md5(e.sql) = md5(f.corrected_sql)
)
UPDATE rag.feedback
SET status = 'accepted', reason = NULL, example_id = (SELECT id FROM ex LIMIT 1), checked_at = now()
WHERE id = (SELECT id FROM f)
RETURNING example_id;

-- name: RejectCorrection :execrows
UPDATE rag.feedback
SET status = 'rejected', reason = @reason, checked_at = now()
WHERE id = @id AND status = 'pending';

-- name: RejectOrphanedCorrections :many
-- The sweeper: corrections still pending, for longer than @grace_seconds,
-- whose check job is gone (cancelled in River UI, deleted by hand, or
-- discarded without our handler running) are rejected instead of staying
-- pending for good; rag_feedback_done is notified by its trigger.
UPDATE rag.feedback f
SET status = 'rejected',
    reason = 'could not be checked: the job that was checking it no longer exists (cancelled, deleted or discarded outside nl2sql); give the correction again',
    checked_at = now()
WHERE f.status = 'pending'
  AND f.created_at < now() - make_interval(secs => @grace_seconds::double precision)
  AND NOT EXISTS (
      SELECT 1 FROM river.river_job j
      WHERE j.args @> jsonb_build_object('feedback_id', f.id)
        AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
  )
RETURNING f.id;

-- name: GetCatalogRefreshedAt :one
-- What an example is checked against: the catalog of this refresh.
SELECT refreshed_at FROM rag.databases WHERE name = @name;

-- name: ListExamplesToCheck :many
-- The database's examples not checked against its current catalog (all
-- of them with @recheck_all).
SELECT e.id, e.sql
FROM rag.examples e
JOIN rag.databases d ON d.name = e.database_name
WHERE e.database_name = @database_name
  AND (@recheck_all::boolean OR e.checked_at IS NULL OR e.checked_at < coalesce(d.refreshed_at, '-infinity'))
ORDER BY e.id;

-- name: MarkExamplesChecked :exec
-- stale_reasons[i] is empty when ids[i] passed.
UPDATE rag.examples e
SET checked_at = @checked_at, stale = c.reason <> '', stale_reason = nullif(c.reason, '')
FROM (SELECT unnest(@ids::bigint[]) AS id, unnest(@stale_reasons::text[]) AS reason) c
WHERE e.id = c.id;

-- name: InsertExamples :many
-- Examples loaded from a file; a pair already there is skipped. The insert
-- trigger enqueues their check.
INSERT INTO rag.examples (database_name, question, sql, source, source_ref)
SELECT @database_name, x.question, x.sql, 'file', nullif(x.ref, '')
FROM (SELECT unnest(@questions::text[]) AS question, unnest(@sqls::text[]) AS sql, unnest(@refs::text[]) AS ref) x
ON CONFLICT (database_name, rag.normalize_question(question), md5(sql)) DO NOTHING
RETURNING id;

-- name: ListExamples :many
-- current: checked against the database's current catalog. confirmed_by:
-- the other roles whose verdicts were given the example, which it serves
-- too before it is approved (CandidateExamples).
SELECT e.id, e.question, e.sql, e.source, e.source_ref, e.stale, e.stale_reason, e.created_at, e.created_by, e.approved_at,
       coalesce(e.checked_at >= coalesce(d.refreshed_at, '-infinity'), false)::boolean AS current,
       ARRAY(SELECT DISTINCT f.given_by FROM rag.feedback f
             WHERE f.example_id = e.id AND f.given_by <> e.created_by ORDER BY f.given_by)::text[] AS confirmed_by
FROM rag.examples e
JOIN rag.databases d ON d.name = e.database_name
WHERE e.database_name = @database_name
ORDER BY e.id;

-- name: HasExamples :one
-- Whether the database has an example a question could get: when not, a
-- question is not embedded for examples, nor are they searched.
SELECT EXISTS (SELECT 1 FROM rag.examples WHERE database_name = @database_name AND NOT stale);

-- name: ApproveExamples :many
-- Approves the database's examples @ids for every role's questions; those
-- already approved are left as they are.
UPDATE rag.examples
SET approved_at = now(), approved_by = current_user
WHERE database_name = @database_name AND id = ANY (@ids::bigint[]) AND approved_at IS NULL
RETURNING id;

-- name: RemoveExamples :many
-- Removes the database's examples @ids (feedback that made one keeps its
-- row, example_id NULL).
DELETE FROM rag.examples
WHERE database_name = @database_name AND id = ANY (@ids::bigint[])
RETURNING id;
