-- One statement per stage boundary: each stage reads its input with one
-- statement and writes its output with one more, inside the transaction
-- that also enqueues the next job and completes its own. Writes hang off a
-- data-modifying CTE that advances the question step only when it still
-- equals the job and the question is not finished; a duplicate job, or one
-- whose question was failed by hand meanwhile (README, "Asking"), matches no
-- row, so nothing else is written either (every INSERT selects FROM that
-- CTE).

-- name: StartRetrieve :one
UPDATE rag.queries
SET status = 'retrieving', status_detail = NULL, updated_at = now()
WHERE id = @id AND step = @step AND status NOT IN ('succeeded', 'failed')
RETURNING database_name, question, options, submitted_by,
    rag.may_still_ask(submitted_by, database_name)::boolean AS may_ask;

-- name: FinishRetrieve :one
WITH adv AS (
    UPDATE rag.queries
    SET status = 'generating', step = step + 1, retrieval = @retrieval, status_detail = NULL, updated_at = now()
    WHERE id = @id AND step = @step AND finished_at IS NULL
    RETURNING id, step
), ctx AS (
    INSERT INTO rag.query_contexts (query_id, format, schema, join_hints, linking, examples)
    SELECT adv.id, @format, @schema, @join_hints, sqlc.narg(linking)::jsonb, sqlc.narg(examples)::jsonb FROM adv
    ON CONFLICT (query_id) DO UPDATE
    SET format = excluded.format, schema = excluded.schema, join_hints = excluded.join_hints, linking = excluded.linking,
        examples = excluded.examples, created_at = now()
), timing AS (
    INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
    SELECT adv.id, 'retrieve', 0, @job_id, @job_attempts, @enqueued_at, @started_at, now() FROM adv
    ON CONFLICT (query_id, stage, attempt) DO UPDATE
    SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
        started_at = excluded.started_at, finished_at = excluded.finished_at
)
SELECT step FROM adv;

-- name: GetGenerateInput :one
-- The question, its schema context and, for a repair, the attempt being
-- repaired (prev_* are NULL on the first attempt).
SELECT q.database_name, q.question, q.options, q.status, q.step, q.submitted_by,
       -- Only options a client may not raise need it: CASE, so others skip it.
       (CASE WHEN q.options ?| ARRAY['model', 'candidates'] THEN rag.asks_as_client(q.submitted_by) ELSE false END)::boolean AS as_client,
       c.schema, c.join_hints, c.examples,
       fc.sql AS prev_failed_sql, a.sql AS prev_sql, a.raw_reply AS prev_reply, a.stage AS prev_stage,
       a.sqlstate AS prev_sqlstate, a.error AS prev_error, a.error_class AS prev_error_class
FROM rag.queries q
JOIN rag.query_contexts c ON c.query_id = q.id
LEFT JOIN rag.attempts a ON a.query_id = q.id AND a.attempt = @prev_attempt
LEFT JOIN rag.candidates fc ON fc.query_id = a.query_id AND fc.attempt = a.attempt AND fc.ordinal = a.failed_ordinal
WHERE q.id = @id;

-- name: FinishGenerate :one
WITH adv AS (
    UPDATE rag.queries
    SET status = 'validating', step = step + 1, attempts = greatest(attempts, @attempt::integer),
        status_detail = NULL, updated_at = now()
    WHERE id = @id AND step = @step AND finished_at IS NULL
    RETURNING id, step
), att AS (
    INSERT INTO rag.attempts (query_id, attempt, repair_strategy, input_sql, input_error, model, prompt, raw_reply, sql,
                              prompt_tokens, reply_tokens, llm_ms, difficulty, calls, replies)
    SELECT adv.id, @attempt, @repair_strategy, sqlc.narg('input_sql'), sqlc.narg('input_error'), @model, @prompt,
           @raw_reply, sqlc.narg('sql'), @prompt_tokens, @reply_tokens, @llm_ms,
           sqlc.narg('difficulty'), @calls, @replies
    FROM adv
    RETURNING query_id, attempt
), cand AS (
    -- Empty fingerprints stand for NULL (text that does not parse).
    INSERT INTO rag.candidates (query_id, attempt, ordinal, sql, fingerprint, votes, source_call)
    SELECT att.query_id, att.attempt, s.ordinal, s.sql, nullif((@fingerprints::text[])[s.ordinal], ''),
           (@votes::integer[])[s.ordinal], (@source_calls::integer[])[s.ordinal]
    FROM att, unnest(@candidates::text[]) WITH ORDINALITY AS s (sql, ordinal)
), timing AS (
    INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
    SELECT adv.id, 'generate', @attempt, @job_id, @job_attempts, @enqueued_at, @started_at, now() FROM adv
    ON CONFLICT (query_id, stage, attempt) DO UPDATE
    SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
        started_at = excluded.started_at, finished_at = excluded.finished_at
)
SELECT step FROM adv;

-- name: GetValidateInput :many
-- One row per candidate of the attempt (ordinal is NULL when the reply had
-- none), each with the question fields.
SELECT q.database_name, q.question, q.options, q.status, q.step,
       -- Only options that could raise a limit need it: CASE, so others skip it.
       (CASE WHEN q.options ?| ARRAY['max_rows', 'max_attempts'] THEN rag.asks_as_client(q.submitted_by) ELSE false END)::boolean AS as_client,
       c.ordinal, c.sql, c.votes
FROM rag.queries q
LEFT JOIN rag.candidates c ON c.query_id = q.id AND c.attempt = @attempt
WHERE q.id = @id
ORDER BY c.ordinal;

-- name: FinishValidate :one
-- Records every candidate verdict and the attempt outcome, and moves
-- the question on: to executing (passed), back to generating (repair), or
-- to failed (finished_at and the error set).
WITH adv AS (
    UPDATE rag.queries
    SET status = @status, step = step + 1, attempts = greatest(attempts, @attempt::integer),
        error_class = sqlc.narg('final_error_class'), sqlstate = sqlc.narg('final_sqlstate'), error = sqlc.narg('final_error'),
        finished_at = CASE WHEN @status IN ('succeeded', 'failed') THEN now() END,
        status_detail = NULL, updated_at = now()
    WHERE id = @id AND step = @step AND finished_at IS NULL
    RETURNING id, step
), cands AS (
    UPDATE rag.candidates c
    SET guarded_sql = v.guarded_sql, score = v.score, breakdown = v.breakdown, verdict = v.verdict, stage = v.stage,
        error_class = v.error_class, sqlstate = v.sqlstate, error = v.error, plan = v.plan, selected = v.selected,
        -- A deterministic repair replaces sql and keeps the model's text.
        sql = coalesce(v.repaired_sql, c.sql),
        original_sql = CASE WHEN v.repaired_sql IS NOT NULL THEN c.sql END,
        repair = v.repair
    FROM adv, (
        -- Empty strings stand for NULL: the text arrays cannot carry NULLs.
        SELECT unnest(@ordinals::integer[]) AS ordinal, nullif(unnest(@guarded_sqls::text[]), '') AS guarded_sql,
               unnest(@scores::double precision[]) AS score, unnest(@breakdowns::jsonb[]) AS breakdown,
               unnest(@verdicts::text[]) AS verdict, nullif(unnest(@stages::text[]), '') AS stage,
               nullif(unnest(@error_classes::text[]), '') AS error_class, nullif(unnest(@sqlstates::text[]), '') AS sqlstate,
               nullif(unnest(@errors::text[]), '') AS error, unnest(@plans::jsonb[]) AS plan, unnest(@selected::boolean[]) AS selected,
               nullif(unnest(@repaired_sqls::text[]), '') AS repaired_sql, unnest(@repairs::jsonb[]) AS repair
    ) v
    WHERE c.query_id = adv.id AND c.attempt = @attempt AND c.ordinal = v.ordinal
), outcome AS (
    UPDATE rag.attempts a
    SET outcome = @outcome, failed_ordinal = sqlc.narg('failed_ordinal'), stage = sqlc.narg('attempt_stage'),
        error_class = sqlc.narg('attempt_error_class'), sqlstate = sqlc.narg('attempt_sqlstate'),
        error = sqlc.narg('attempt_error'), validated_at = now()
    FROM adv
    WHERE a.query_id = adv.id AND a.attempt = @attempt
), timing AS (
    INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
    SELECT adv.id, 'validate', @attempt, @job_id, @job_attempts, @enqueued_at, @started_at, now() FROM adv
    ON CONFLICT (query_id, stage, attempt) DO UPDATE
    SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
        started_at = excluded.started_at, finished_at = excluded.finished_at
)
SELECT step FROM adv;

-- name: GetExecuteInput :one
-- retrieval is the question's retrievalMetadata: its avgRelevanceScore
-- lowers the answer's confidence.
SELECT q.database_name, q.options, q.status, q.step, q.retrieval,
       c.ordinal, c.guarded_sql, c.breakdown, q.submitted_by,
       rag.may_still_ask(q.submitted_by, q.database_name)::boolean AS may_ask,
       -- Only options that could raise a limit need it: CASE, so others skip it.
       (CASE WHEN q.options ?| ARRAY['max_rows', 'timeout_ms', 'max_attempts'] THEN rag.asks_as_client(q.submitted_by) ELSE false END)::boolean AS as_client
FROM rag.queries q
JOIN rag.candidates c ON c.query_id = q.id AND c.attempt = @attempt AND c.selected
WHERE q.id = @id;

-- name: FinishExecute :one
WITH fin AS (
    UPDATE rag.queries
    SET status = 'succeeded', step = step + 1, attempts = greatest(attempts, @attempt::integer),
        sql = @sql, confidence = @confidence, status_detail = NULL, updated_at = now(), finished_at = now()
    WHERE id = @id AND step = @step AND finished_at IS NULL
    RETURNING id, step
), res AS (
    INSERT INTO rag.query_results (query_id, columns, rows, row_count, truncated, duration_ms)
    SELECT fin.id, @columns, @rows, @row_count, @truncated, @duration_ms FROM fin
    ON CONFLICT (query_id) DO UPDATE
    SET columns = excluded.columns, rows = excluded.rows, row_count = excluded.row_count,
        truncated = excluded.truncated, duration_ms = excluded.duration_ms, created_at = now()
), timing AS (
    INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
    SELECT fin.id, 'execute', @attempt, @job_id, @job_attempts, @enqueued_at, @started_at, now() FROM fin
    ON CONFLICT (query_id, stage, attempt) DO UPDATE
    SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
        started_at = excluded.started_at, finished_at = excluded.finished_at
)
SELECT step FROM fin;

-- name: FailExecute :one
-- The selected candidate failed when it ran: reject and unselect it, record
-- the attempt outcome, and send the question back to generation or fail it.
WITH adv AS (
    UPDATE rag.queries
    SET status = @status, step = step + 1, attempts = greatest(attempts, @attempt::integer),
        error_class = sqlc.narg('final_error_class'), sqlstate = sqlc.narg('final_sqlstate'), error = sqlc.narg('final_error'),
        finished_at = CASE WHEN @status IN ('succeeded', 'failed') THEN now() END,
        status_detail = NULL, updated_at = now()
    WHERE id = @id AND step = @step AND finished_at IS NULL
    RETURNING id, step
), cand AS (
    UPDATE rag.candidates c
    SET verdict = 'rejected', stage = 'execute', selected = false,
        error_class = @error_class, sqlstate = sqlc.narg('sqlstate'), error = @error
    FROM adv
    WHERE c.query_id = adv.id AND c.attempt = @attempt AND c.ordinal = @ordinal
), outcome AS (
    UPDATE rag.attempts a
    SET outcome = 'failed', failed_ordinal = @ordinal, stage = 'execute', error_class = @error_class,
        sqlstate = sqlc.narg('sqlstate'), error = @error, validated_at = now()
    FROM adv
    WHERE a.query_id = adv.id AND a.attempt = @attempt
), timing AS (
    INSERT INTO rag.stage_timings (query_id, stage, attempt, job_id, job_attempts, enqueued_at, started_at, finished_at)
    SELECT adv.id, 'execute', @attempt, @job_id, @job_attempts, @enqueued_at, @started_at, now() FROM adv
    ON CONFLICT (query_id, stage, attempt) DO UPDATE
    SET job_id = excluded.job_id, job_attempts = excluded.job_attempts, enqueued_at = excluded.enqueued_at,
        started_at = excluded.started_at, finished_at = excluded.finished_at
)
SELECT step FROM adv;

-- name: NotifyQueue :exec
-- Wakes the producers of a queue the way River's own insert notification
-- does (channel "<schema>.river_insert", payload {"queue": "<name>"}), in
-- the handing-over transaction; River's notify limiter may have skipped it
-- (docs/DESIGN.md, Stage hand-off).
SELECT pg_notify(@channel::text, @payload::text);

-- name: SetupStageTransaction :exec
-- A stage transaction's own settings (docs/DESIGN.md, Stage hand-off). Unless
-- @flush, it commits without waiting for its WAL to reach disk: what a crash
-- loses of it, River runs again, as after kill -9. Its statements run on
-- their cached generic plans: River's completion of the job is otherwise
-- planned anew on every call, since its generic plan's estimate of the input
-- (ten rows) costs more than a custom plan for one job, and both look the job
-- up by its key.
SELECT pg_catalog.set_config('synchronous_commit',
           CASE WHEN @flush::boolean THEN pg_catalog.current_setting('synchronous_commit') ELSE 'off' END, true),
       pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
