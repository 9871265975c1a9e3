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

-- name: SetQueryStatusDetail :exec
UPDATE rag.queries
SET status_detail = @status_detail, updated_at = now()
WHERE id = @id AND step = @step AND finished_at IS NULL;

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
WHERE id = @id AND step = @step AND finished_at IS NULL
RETURNING step;

-- name: ListAttempts :many
SELECT * FROM rag.attempts WHERE query_id = @query_id ORDER BY attempt;

-- name: ListAllCandidates :many
SELECT * FROM rag.candidates WHERE query_id = @query_id ORDER BY attempt, ordinal;

-- name: GetQueryResult :one
SELECT * FROM rag.query_results WHERE query_id = @query_id;

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
WHERE q.finished_at IS NULL
  AND q.updated_at < now() - make_interval(secs => @grace_seconds::double precision)
  AND NOT EXISTS (
      SELECT 1 FROM river.river_job j
      WHERE j.args @> jsonb_build_object('query_id', q.id)
        AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
  )
RETURNING q.id;

-- name: WorkersAlive :one
-- Whether any `nl2sql serve` is running against this database: River keeps
-- an elected leader row while at least one client is up (migration 00027,
-- readable by clients).
SELECT rag.workers_alive()::boolean AS alive;
