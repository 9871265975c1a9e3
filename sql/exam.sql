-- Statements of the exam runner (package exam): runs, their graded
-- questions, and what the pipeline left behind for each answer.

-- name: CheckQueryOptions :exec
-- Refuses options the rag.queries trigger would refuse, before a run
-- starts.
SELECT rag.check_query_options(@options::jsonb);

-- name: CreateExamRun :one
INSERT INTO rag.exam_runs (database_name, label, model, config, questions)
VALUES (@database_name, sqlc.narg('label'), @model, @config, @questions)
RETURNING *;

-- name: LockExamRun :one
-- The run's lock, taken in the transaction that creates the run and held
-- by the runner's session (the connection it listens for answers on) until
-- it recorded the run. A running run whose lock no session holds was left
-- by a process that ended without recording it (killed, its machine or
-- connection lost): AbortOrphanedExamRuns aborts it. Tried, not waited
-- for: any role that may connect can take an advisory lock, and one
-- holding a run's would hold its runner up without end; false when
-- another session holds it.
SELECT pg_try_advisory_lock(hashtext('rag.exam_runs'), mod(@run_id::bigint, 2147483648)::integer);

-- name: AbortOrphanedExamRuns :many
-- Runs left running by a process that ended without recording them (see
-- LockExamRun) are aborted, and their unanswered questions withdrawn as an
-- interrupted run's are: left as they were, the run stayed "running" in
-- rag.exam_run_summary for good and the workers answered its questions for
-- nobody.
WITH gone AS (
    UPDATE rag.exam_runs r
    SET status = 'aborted',
        error = 'the process running it ended without recording it (killed, or its connection to the database lost); no accuracy was measured',
        finished_at = now()
    WHERE r.status = 'running'
      AND NOT EXISTS (
          SELECT 1 FROM pg_catalog.pg_locks l
          WHERE l.locktype = 'advisory'
            AND l.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = current_database())
            AND l.classid = hashtext('rag.exam_runs')::oid
            AND l.objid = mod(r.id, 2147483648)::integer::oid
            AND l.objsubid = 2
            AND l.granted
      )
    RETURNING r.id
), withdrawn AS (
    UPDATE rag.queries q
    SET status = 'failed', error_class = 'unknown',
        error = 'withdrawn: exam run ' || (q.options -> 'tags' ->> 'exam_run_id') || ' was abandoned: the process running it ended',
        status_detail = NULL, updated_at = now(), finished_at = now()
    WHERE q.finished_at IS NULL
      AND q.options -> 'tags' ->> 'exam_run_id' IN (SELECT g.id::text FROM gone g)
)
SELECT id FROM gone;

-- name: FinishExamRun :one
-- passed and accuracy are computed from the stored results, so the run and
-- its rows cannot disagree. A run is finished only when every question was
-- graded and none met an infrastructure failure: otherwise it measured less
-- than an accuracy claims (the runner aborts it), and no row is returned.
UPDATE rag.exam_runs r
SET status = 'finished',
    passed = g.passed,
    accuracy = g.passed::double precision / r.questions,
    finished_at = now()
FROM (SELECT count(*) FILTER (WHERE pass)::integer AS passed,
             count(*)::integer AS graded,
             count(*) FILTER (WHERE failure_type = 'infra_failure')::integer AS infra
      FROM rag.exam_results WHERE run_id = @id) g
WHERE r.id = @id AND r.status = 'running' AND g.graded = r.questions AND g.infra = 0
RETURNING r.*;

-- name: AbortExamRun :one
UPDATE rag.exam_runs
SET status = 'aborted', error = @error, finished_at = now()
WHERE id = @id AND status = 'running'
RETURNING *;

-- name: WithdrawQueries :execrows
-- An interrupted run's questions that have not finished: failed, so the
-- workers stop at their next stage (every stage write needs finished_at
-- NULL) instead of answering them for nobody.
UPDATE rag.queries
SET status = 'failed', error_class = 'unknown', error = @reason, status_detail = NULL, updated_at = now(), finished_at = now()
WHERE id = ANY (@ids::bigint[]) AND finished_at IS NULL;

-- name: InsertExamResults :copyfrom
INSERT INTO rag.exam_results (
    run_id, question_id, ordinal, query_id, question, difficulty, modules, order_matters,
    pass, failure_type, reason, expected_tables, retrieved_tables, used_tables, precision, recall,
    attempts, error_class, sqlstate, error, gold_rows, answer_rows, answer_truncated,
    queue_ms, retrieve_ms, generate_ms, validate_ms, execute_ms, total_ms, sql, gold_sql
) VALUES (
    @run_id, @question_id, @ordinal, @query_id, @question, @difficulty, @modules, @order_matters,
    @pass, @failure_type, @reason, @expected_tables, @retrieved_tables, @used_tables, @precision, @recall,
    @attempts, @error_class, @sqlstate, @error, @gold_rows, @answer_rows, @answer_truncated,
    @queue_ms, @retrieve_ms, @generate_ms, @validate_ms, @execute_ms, @total_ms, @sql, @gold_sql
);

-- name: ListExamAnswers :many
-- Everything grading needs about finished questions: the final state, the
-- stored result, the last attempt (where it failed), the tables of the
-- schema context and the time spent per stage (latency_ms: queue and each
-- stage's time summed over attempts, and total, in ms; a stage that never
-- ran is absent).
SELECT q.id,
       q.status,
       q.sql,
       q.error_class,
       q.sqlstate,
       q.error,
       q.attempts,
       (q.retrieval IS NOT NULL)::boolean AS has_retrieval,
       ARRAY(SELECT jsonb_array_elements_text(coalesce(q.retrieval -> 'tablesIncluded', '[]')))::text[] AS tables_included,
       r.columns AS result_columns,
       r.rows AS result_rows,
       r.row_count AS result_row_count,
       r.truncated AS result_truncated,
       la.sql AS last_sql,
       la.stage AS last_stage,
       la.sqlstate AS last_sqlstate,
       (SELECT count(*) FROM rag.attempts a WHERE a.query_id = q.id)::integer AS attempt_rows,
       jsonb_strip_nulls(jsonb_build_object(
           'queue', st.queue_ms, 'retrieve', st.retrieve_ms, 'generate', st.generate_ms,
           'validate', st.validate_ms, 'execute', st.execute_ms,
           'total', extract(epoch FROM q.finished_at - q.created_at) * 1000
       )) AS latency_ms
FROM rag.queries q
LEFT JOIN rag.query_results r ON r.query_id = q.id
LEFT JOIN LATERAL (
    SELECT a.sql, a.stage, a.sqlstate FROM rag.attempts a WHERE a.query_id = q.id ORDER BY a.attempt DESC LIMIT 1
) la ON true
LEFT JOIN LATERAL (
    SELECT sum(extract(epoch FROM s.started_at - s.enqueued_at) * 1000)::double precision AS queue_ms,
           sum(extract(epoch FROM s.finished_at - s.started_at) * 1000) FILTER (WHERE s.stage = 'retrieve')::double precision AS retrieve_ms,
           sum(extract(epoch FROM s.finished_at - s.started_at) * 1000) FILTER (WHERE s.stage = 'generate')::double precision AS generate_ms,
           sum(extract(epoch FROM s.finished_at - s.started_at) * 1000) FILTER (WHERE s.stage = 'validate')::double precision AS validate_ms,
           sum(extract(epoch FROM s.finished_at - s.started_at) * 1000) FILTER (WHERE s.stage = 'execute')::double precision AS execute_ms
    FROM rag.stage_timings s
    WHERE s.query_id = q.id
) st ON true
WHERE q.id = ANY (@ids::bigint[])
ORDER BY q.id;

-- name: ListExamRuns :many
SELECT * FROM rag.exam_runs WHERE id = ANY (@ids::bigint[]) ORDER BY id;

-- name: ListExamResults :many
SELECT * FROM rag.exam_results WHERE run_id = ANY (@run_ids::bigint[]) ORDER BY run_id, ordinal;
