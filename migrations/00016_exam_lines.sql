-- +goose Up

-- The exam views compared a run with the previous finished run on the same
-- database, whatever exam it ran: exam B's q01 ("Which customers live in
-- London?") was "regressed" against exam A's q01 ("How many customers?"),
-- and the accuracy delta set two question sets against each other (a
-- review's find). A run is now compared with the previous run of the same
-- questions, ids and texts alike; a question is matched by its id and its
-- text. An exam that changed starts a new line of runs.

-- The question set of a run, as one value to partition by.
-- +goose StatementBegin
CREATE FUNCTION rag.exam_run_questions(run bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT md5(coalesce(string_agg(question_id || chr(31) || question, chr(30) ORDER BY question_id), ''))
    FROM rag.exam_results WHERE run_id = run;
$$;
-- +goose StatementEnd

CREATE OR REPLACE VIEW rag.exam_question_changes AS
WITH finished AS (
    SELECT r.id, r.database_name,
           (lag(r.id) OVER (PARTITION BY r.database_name, rag.exam_run_questions(r.id) ORDER BY r.started_at, r.id))::bigint AS previous_run_id
    FROM rag.exam_runs r
    WHERE r.status = 'finished'
)
SELECT f.id AS run_id,
       f.previous_run_id,
       f.database_name,
       x.question_id,
       x.ordinal,
       x.question,
       x.difficulty,
       x.modules,
       x.pass,
       p.pass AS previous_pass,
       CASE
           WHEN p.question_id IS NULL THEN 'new'
           WHEN x.pass AND NOT p.pass THEN 'fixed'
           WHEN p.pass AND NOT x.pass THEN 'regressed'
           WHEN x.pass THEN 'still_passing'
           ELSE 'still_failing'
       END AS change,
       x.failure_type,
       p.failure_type AS previous_failure_type,
       x.reason,
       x.sql,
       p.sql AS previous_sql
FROM finished f
JOIN rag.exam_results x ON x.run_id = f.id
LEFT JOIN rag.exam_results p ON p.run_id = f.previous_run_id AND p.question_id = x.question_id AND p.question = x.question;
COMMENT ON VIEW rag.exam_question_changes IS 'Each question of a finished run against the previous finished run of the same questions (ids and texts) on the same database: new, fixed, regressed, still_passing or still_failing. Aborted and running runs are excluded, on both sides.';

CREATE OR REPLACE VIEW rag.exam_run_comparison AS
WITH finished AS (
    SELECT r.*,
           (lag(r.id) OVER (PARTITION BY r.database_name, rag.exam_run_questions(r.id) ORDER BY r.started_at, r.id))::bigint AS previous_run_id
    FROM rag.exam_runs r
    WHERE r.status = 'finished'
)
SELECT f.id AS run_id,
       f.database_name,
       f.label,
       f.model,
       f.started_at,
       f.questions,
       f.passed,
       f.accuracy,
       f.previous_run_id,
       p.label AS previous_label,
       p.model AS previous_model,
       p.passed AS previous_passed,
       p.accuracy AS previous_accuracy,
       (f.accuracy - p.accuracy)::double precision AS accuracy_delta,
       (SELECT count(*) FROM rag.exam_question_changes c WHERE c.run_id = f.id AND c.change = 'fixed') AS fixed,
       (SELECT count(*) FROM rag.exam_question_changes c WHERE c.run_id = f.id AND c.change = 'regressed') AS regressed
FROM finished f
LEFT JOIN rag.exam_runs p ON p.id = f.previous_run_id;
COMMENT ON VIEW rag.exam_run_comparison IS 'Each finished run against the previous finished run of the same questions (ids and texts) on the same database: accuracy delta, questions fixed and regressed. Aborted and running runs are excluded, on both sides.';

-- +goose Down
CREATE OR REPLACE VIEW rag.exam_question_changes AS
WITH finished AS (
    SELECT id, database_name,
           (lag(id) OVER (PARTITION BY database_name ORDER BY started_at, id))::bigint AS previous_run_id
    FROM rag.exam_runs
    WHERE status = 'finished'
)
SELECT f.id AS run_id,
       f.previous_run_id,
       f.database_name,
       x.question_id,
       x.ordinal,
       x.question,
       x.difficulty,
       x.modules,
       x.pass,
       p.pass AS previous_pass,
       CASE
           WHEN p.question_id IS NULL THEN 'new'
           WHEN x.pass AND NOT p.pass THEN 'fixed'
           WHEN p.pass AND NOT x.pass THEN 'regressed'
           WHEN x.pass THEN 'still_passing'
           ELSE 'still_failing'
       END AS change,
       x.failure_type,
       p.failure_type AS previous_failure_type,
       x.reason,
       x.sql,
       p.sql AS previous_sql
FROM finished f
JOIN rag.exam_results x ON x.run_id = f.id
LEFT JOIN rag.exam_results p ON p.run_id = f.previous_run_id AND p.question_id = x.question_id;
COMMENT ON VIEW rag.exam_question_changes IS 'Each question of a finished run against the previous finished run on the same database: new, fixed, regressed, still_passing or still_failing. Aborted and running runs are excluded, on both sides.';

CREATE OR REPLACE VIEW rag.exam_run_comparison AS
WITH finished AS (
    SELECT r.*,
           (lag(r.id) OVER (PARTITION BY r.database_name ORDER BY r.started_at, r.id))::bigint AS previous_run_id
    FROM rag.exam_runs r
    WHERE r.status = 'finished'
)
SELECT f.id AS run_id,
       f.database_name,
       f.label,
       f.model,
       f.started_at,
       f.questions,
       f.passed,
       f.accuracy,
       f.previous_run_id,
       p.label AS previous_label,
       p.model AS previous_model,
       p.passed AS previous_passed,
       p.accuracy AS previous_accuracy,
       (f.accuracy - p.accuracy)::double precision AS accuracy_delta,
       (SELECT count(*) FROM rag.exam_question_changes c WHERE c.run_id = f.id AND c.change = 'fixed') AS fixed,
       (SELECT count(*) FROM rag.exam_question_changes c WHERE c.run_id = f.id AND c.change = 'regressed') AS regressed
FROM finished f
LEFT JOIN rag.exam_runs p ON p.id = f.previous_run_id;
COMMENT ON VIEW rag.exam_run_comparison IS 'Each finished run against the previous finished run on the same database: accuracy delta, questions fixed and regressed. Aborted and running runs are excluded, on both sides.';
DROP FUNCTION rag.exam_run_questions(bigint);
