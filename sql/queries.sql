-- Statements on rag.queries and its children used by the job chain, the CLI
-- and the exam runner.

-- name: InsertQuery :one
INSERT INTO rag.queries (database_name, question, options)
VALUES (@database_name, @question, @options)
RETURNING id;

-- name: InsertQueries :many
INSERT INTO rag.queries (database_name, question, options)
SELECT @database_name::text, unnest(@questions::text[]), unnest(@options::jsonb[])
RETURNING id;

-- name: GetQuery :one
SELECT * FROM rag.queries WHERE id = @id;

-- name: GetQueryStatus :one
SELECT id, status, step FROM rag.queries WHERE id = @id;

-- name: StartQueryStage :execrows
-- Marks the stage a question is in when its job starts; a no-op for a stale job.
UPDATE rag.queries
SET status = @status, status_detail = NULL, updated_at = now()
WHERE id = @id AND step = @step AND status <> @status;

-- name: SetQueryStatusDetail :exec
UPDATE rag.queries
SET status_detail = @status_detail, updated_at = now()
WHERE id = @id AND step = @step;

-- name: AdvanceQuery :one
-- Hands a question to its next stage. Matching on step makes a duplicate job
-- find no row, so it cannot advance the chain twice; the row lock it takes
-- serialises the rest of the stage's transaction.
UPDATE rag.queries
SET status = @status,
    step = step + 1,
    attempts = greatest(attempts, @attempts::integer),
    retrieval = coalesce(sqlc.narg('retrieval')::jsonb, retrieval),
    status_detail = NULL,
    updated_at = now()
WHERE id = @id AND step = @step
RETURNING step;

-- name: FinishQuery :one
UPDATE rag.queries
SET status = @status,
    step = step + 1,
    attempts = greatest(attempts, @attempts::integer),
    sql = sqlc.narg('sql'),
    confidence = sqlc.narg('confidence'),
    error_class = sqlc.narg('error_class'),
    sqlstate = sqlc.narg('sqlstate'),
    error = sqlc.narg('error'),
    status_detail = NULL,
    updated_at = now(),
    finished_at = now()
WHERE id = @id AND step = @step
RETURNING step;

-- name: UpsertQueryContext :exec
INSERT INTO rag.query_contexts (query_id, format, schema, join_hints)
VALUES (@query_id, @format, @schema, @join_hints)
ON CONFLICT (query_id) DO UPDATE
SET format = excluded.format, schema = excluded.schema, join_hints = excluded.join_hints, created_at = now();

-- name: GetQueryContext :one
SELECT * FROM rag.query_contexts WHERE query_id = @query_id;

-- name: InsertAttempt :exec
INSERT INTO rag.attempts (query_id, attempt, repair_strategy, input_sql, input_error, model, prompt, raw_reply, sql,
                          prompt_tokens, reply_tokens, llm_ms)
VALUES (@query_id, @attempt, @repair_strategy, sqlc.narg('input_sql'), sqlc.narg('input_error'), @model, @prompt,
        sqlc.narg('raw_reply'), sqlc.narg('sql'), sqlc.narg('prompt_tokens'), sqlc.narg('reply_tokens'), sqlc.narg('llm_ms'));

-- name: ListAttempts :many
SELECT * FROM rag.attempts WHERE query_id = @query_id ORDER BY attempt;

-- name: GetAttempt :one
SELECT * FROM rag.attempts WHERE query_id = @query_id AND attempt = @attempt;

-- name: SetAttemptOutcome :exec
UPDATE rag.attempts
SET outcome = @outcome,
    stage = sqlc.narg('stage'),
    error_class = sqlc.narg('error_class'),
    sqlstate = sqlc.narg('sqlstate'),
    error = sqlc.narg('error'),
    validated_at = now()
WHERE query_id = @query_id AND attempt = @attempt;

-- name: InsertCandidate :exec
INSERT INTO rag.candidates (query_id, attempt, ordinal, sql)
VALUES (@query_id, @attempt, @ordinal, @sql);

-- name: ListCandidates :many
SELECT * FROM rag.candidates WHERE query_id = @query_id AND attempt = @attempt ORDER BY ordinal;

-- name: ListAllCandidates :many
SELECT * FROM rag.candidates WHERE query_id = @query_id ORDER BY attempt, ordinal;

-- name: UpdateCandidate :exec
UPDATE rag.candidates
SET guarded_sql = sqlc.narg('guarded_sql'),
    score = sqlc.narg('score'),
    breakdown = @breakdown,
    verdict = @verdict,
    stage = sqlc.narg('stage'),
    error_class = sqlc.narg('error_class'),
    sqlstate = sqlc.narg('sqlstate'),
    error = sqlc.narg('error'),
    plan = sqlc.narg('plan'),
    selected = @selected
WHERE query_id = @query_id AND attempt = @attempt AND ordinal = @ordinal;

-- name: GetSelectedCandidate :one
SELECT * FROM rag.candidates WHERE query_id = @query_id AND attempt = @attempt AND selected;

-- name: RejectCandidate :exec
-- An execution error on the selected candidate: it is rejected at stage
-- execute and unselected, so the selected flag marks only the candidate
-- whose rows the question returned.
UPDATE rag.candidates
SET verdict = 'rejected', stage = 'execute', selected = false, error_class = @error_class, sqlstate = sqlc.narg('sqlstate'), error = @error
WHERE query_id = @query_id AND attempt = @attempt AND ordinal = @ordinal;

-- name: InsertQueryResult :exec
INSERT INTO rag.query_results (query_id, columns, rows, row_count, truncated, duration_ms)
VALUES (@query_id, @columns, @rows, @row_count, @truncated, @duration_ms)
ON CONFLICT (query_id) DO UPDATE
SET columns = excluded.columns, rows = excluded.rows, row_count = excluded.row_count,
    truncated = excluded.truncated, duration_ms = excluded.duration_ms, created_at = now();

-- name: GetQueryResult :one
SELECT * FROM rag.query_results WHERE query_id = @query_id;

-- name: UpsertStageTiming :exec
INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
VALUES (@query_id, @stage, @attempt, @job_id, @job_attempts, @enqueued_at, @started_at, @finished_at)
ON CONFLICT (query_id, stage, attempt) DO UPDATE
SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
    started_at = excluded.started_at, finished_at = excluded.finished_at;

-- name: ListStageTimings :many
SELECT * FROM rag.stage_timings WHERE query_id = @query_id ORDER BY started_at;

-- name: FailOrphanedQueries :many
-- The sweeper: questions still in flight whose job chain has no live River
-- job (cancelled or deleted by hand, or discarded without our handler
-- running) are failed instead of waiting forever.
UPDATE rag.queries q
SET status = 'failed',
    step = q.step + 1,
    error_class = 'unknown',
    error = 'the job that was processing this question no longer exists (cancelled, deleted or discarded outside nl2sql); ask again',
    status_detail = NULL,
    updated_at = now(),
    finished_at = now()
WHERE q.status NOT IN ('succeeded', 'failed')
  AND q.updated_at < now() - make_interval(secs => @grace_seconds::double precision)
  AND NOT EXISTS (
      SELECT 1 FROM river.river_job j
      WHERE j.args @> jsonb_build_object('query_id', q.id)
        AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
  )
RETURNING q.id;

-- name: CountLiveRiverLeaders :one
-- Whether any `nl2sql serve` is running against this database: River keeps
-- an elected leader row while at least one client is up.
SELECT count(*) FROM river.river_leader WHERE expires_at > now();
