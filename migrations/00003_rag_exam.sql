-- +goose Up

-- Exams measure execution accuracy: each run asks every question of an exam
-- through rag.queries (tagged with the run) and grades the answer against
-- the question's gold SQL. See exam/doc.go for the grading and the failure
-- taxonomy.
CREATE TABLE rag.exam_runs (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    database_name text NOT NULL REFERENCES rag.databases (name),
    label         text,
    model         text NOT NULL,
    config        jsonb NOT NULL DEFAULT '{}',
    questions     integer NOT NULL,
    passed        integer,
    accuracy      double precision,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    status        text NOT NULL DEFAULT 'running',
    error         text,
    CONSTRAINT exam_runs_status_valid CHECK (status IN ('running', 'finished', 'aborted')),
    CONSTRAINT exam_runs_config_is_object CHECK (jsonb_typeof(config) = 'object'),
    CONSTRAINT exam_runs_questions_positive CHECK (questions > 0),
    -- An accuracy exists only for a run that was measured to the end.
    CONSTRAINT exam_runs_finished_has_accuracy CHECK ((status = 'finished') = (accuracy IS NOT NULL AND passed IS NOT NULL)),
    CONSTRAINT exam_runs_accuracy_is_share CHECK (accuracy IS NULL OR (accuracy >= 0 AND accuracy <= 1)),
    CONSTRAINT exam_runs_passed_in_range CHECK (passed IS NULL OR (passed >= 0 AND passed <= questions)),
    CONSTRAINT exam_runs_done_has_finished_at CHECK ((status <> 'running') = (finished_at IS NOT NULL)),
    CONSTRAINT exam_runs_aborted_has_error CHECK (status <> 'aborted' OR error IS NOT NULL)
);
CREATE INDEX exam_runs_database_idx ON rag.exam_runs (database_name, started_at);
COMMENT ON TABLE rag.exam_runs IS 'One pass of an exam over a registered database: what ran (model, config) and its execution accuracy.';
COMMENT ON COLUMN rag.exam_runs.label IS 'Free text to tell runs apart, e.g. "bm25 on" (nl2sql exam --label).';
COMMENT ON COLUMN rag.exam_runs.model IS 'The chat model the questions were pinned to (rag.queries.options.model).';
COMMENT ON COLUMN rag.exam_runs.config IS 'Settings worth comparing between runs: exam source, per-question options, grading options, pipeline settings.';
COMMENT ON COLUMN rag.exam_runs.accuracy IS 'passed / questions; NULL unless status is finished: an aborted run measured nothing.';
COMMENT ON COLUMN rag.exam_runs.status IS 'running, finished (graded), or aborted (timed out, interrupted, or a question failed with infra_failure: the run did not measure what an accuracy would claim).';
COMMENT ON COLUMN rag.exam_runs.error IS 'Why the run was aborted; an aborted run keeps its graded questions in rag.exam_results for diagnosis.';

CREATE TABLE rag.exam_results (
    run_id           bigint NOT NULL REFERENCES rag.exam_runs (id) ON DELETE CASCADE,
    question_id      text NOT NULL,
    ordinal          integer NOT NULL,
    query_id         bigint REFERENCES rag.queries (id) ON DELETE SET NULL,
    question         text NOT NULL,
    difficulty       text NOT NULL,
    modules          text[] NOT NULL DEFAULT '{}',
    order_matters    boolean NOT NULL DEFAULT false,
    pass             boolean NOT NULL,
    failure_type     text,
    reason           text,
    expected_tables  text[] NOT NULL DEFAULT '{}',
    retrieved_tables text[],
    used_tables      text[] NOT NULL DEFAULT '{}',
    precision        double precision,
    recall           double precision,
    attempts         integer NOT NULL DEFAULT 0,
    error_class      text,
    sqlstate         text,
    error            text,
    gold_rows        integer NOT NULL,
    answer_rows      integer,
    answer_truncated boolean,
    queue_ms         double precision,
    retrieve_ms      double precision,
    generate_ms      double precision,
    validate_ms      double precision,
    execute_ms       double precision,
    total_ms         double precision,
    sql              text,
    gold_sql         text NOT NULL,
    graded_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, question_id),
    CONSTRAINT exam_results_failure_type_valid CHECK (failure_type IS NULL OR failure_type IN (
        'retrieval_miss', 'join_path_miss', 'column_miss', 'execution_error',
        'llm_reasoning', 'validation_exhausted', 'infra_failure')),
    CONSTRAINT exam_results_failure_has_type CHECK (pass = (failure_type IS NULL)),
    CONSTRAINT exam_results_share_valid CHECK ((precision IS NULL OR precision BETWEEN 0 AND 1) AND (recall IS NULL OR recall BETWEEN 0 AND 1))
);
CREATE INDEX exam_results_query_idx ON rag.exam_results (query_id);
COMMENT ON TABLE rag.exam_results IS 'One graded question of an exam run: pass or the failure type, retrieval quality, attempts and stage latencies.';
COMMENT ON COLUMN rag.exam_results.ordinal IS 'Position of the question in the exam file, for display order.';
COMMENT ON COLUMN rag.exam_results.query_id IS 'The rag.queries row that answered (its options.tags hold exam_run_id and exam_question_id).';
COMMENT ON COLUMN rag.exam_results.failure_type IS 'Why a question failed (NULL when it passed): retrieval_miss, join_path_miss, column_miss, execution_error, llm_reasoning, validation_exhausted, infra_failure.';
COMMENT ON COLUMN rag.exam_results.reason IS 'For people: the comparator''s verdict or the pipeline''s error behind the failure type.';
COMMENT ON COLUMN rag.exam_results.retrieved_tables IS 'Tables in the schema context the model was given (retrieval.tablesIncluded); NULL when the question never got one.';
COMMENT ON COLUMN rag.exam_results.used_tables IS 'Tables the final SQL reads, from its parse tree.';
COMMENT ON COLUMN rag.exam_results.precision IS 'Share of retrieved tables that the gold SQL needs (expected_tables).';
COMMENT ON COLUMN rag.exam_results.recall IS 'Share of expected tables that were retrieved.';
COMMENT ON COLUMN rag.exam_results.queue_ms IS 'Time the question''s jobs waited in queues, all stages and attempts summed.';
COMMENT ON COLUMN rag.exam_results.total_ms IS 'From the INSERT into rag.queries to the terminal status.';

-- Views for people and BI tools. rag.exam_run_summary lists every run,
-- whatever its status, with passed and accuracy NULL unless it finished. The
-- views that turn results into measurements (accuracy by difficulty and by
-- module, failure taxonomy, question changes, run comparison) cover finished
-- runs only: an aborted or running run measured nothing, so it must never
-- appear as an accuracy (0% for a run the model never answered), a failure
-- share or a regression. Its questions stay in rag.exam_results.

CREATE VIEW rag.exam_run_summary AS
SELECT r.id AS run_id,
       r.database_name,
       r.label,
       r.model,
       r.status,
       r.questions,
       count(x.question_id) AS graded,
       r.passed,
       r.accuracy,
       count(x.question_id) FILTER (WHERE x.failure_type = 'infra_failure') AS infra_failures,
       avg(x.precision)::double precision AS avg_precision,
       avg(x.recall)::double precision AS avg_recall,
       avg(x.attempts)::double precision AS avg_attempts,
       (percentile_cont(0.5) WITHIN GROUP (ORDER BY x.total_ms))::double precision AS p50_total_ms,
       (percentile_cont(0.95) WITHIN GROUP (ORDER BY x.total_ms))::double precision AS p95_total_ms,
       r.started_at,
       r.finished_at,
       (extract(epoch FROM r.finished_at - r.started_at))::double precision AS duration_s,
       r.config,
       r.error
FROM rag.exam_runs r
LEFT JOIN rag.exam_results x ON x.run_id = r.id
GROUP BY r.id;
COMMENT ON VIEW rag.exam_run_summary IS 'One row per exam run, whatever its status: accuracy (NULL unless finished), infra failures, error; mean retrieval precision/recall, attempts and latency percentiles over the graded questions, for diagnosis.';

CREATE VIEW rag.exam_accuracy_by_difficulty AS
SELECT r.id AS run_id,
       r.database_name,
       r.label,
       r.model,
       x.difficulty,
       CASE x.difficulty WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 ELSE 4 END AS difficulty_order,
       count(*) AS questions,
       count(*) FILTER (WHERE x.pass) AS passed,
       ((count(*) FILTER (WHERE x.pass))::double precision / count(*))::double precision AS accuracy,
       avg(x.recall)::double precision AS avg_recall,
       avg(x.attempts)::double precision AS avg_attempts
FROM rag.exam_runs r
JOIN rag.exam_results x ON x.run_id = r.id
WHERE r.status = 'finished'
GROUP BY r.id, x.difficulty;
COMMENT ON VIEW rag.exam_accuracy_by_difficulty IS 'Accuracy per finished run and difficulty (easy, medium, hard); sort by difficulty_order. Aborted and running runs are excluded: they have no accuracy (see rag.exam_run_summary).';

CREATE VIEW rag.exam_accuracy_by_module AS
SELECT r.id AS run_id,
       r.database_name,
       r.label,
       r.model,
       m.module::text AS module,
       count(*) AS questions,
       count(*) FILTER (WHERE x.pass) AS passed,
       ((count(*) FILTER (WHERE x.pass))::double precision / count(*))::double precision AS accuracy,
       avg(x.recall)::double precision AS avg_recall
FROM rag.exam_runs r
JOIN rag.exam_results x ON x.run_id = r.id
CROSS JOIN LATERAL unnest(CASE WHEN cardinality(x.modules) = 0 THEN ARRAY['(none)'] ELSE x.modules END) AS m (module)
WHERE r.status = 'finished'
GROUP BY r.id, m.module;
COMMENT ON VIEW rag.exam_accuracy_by_module IS 'Accuracy per finished run and business module; a question of several modules counts in each, one of none under "(none)". Aborted and running runs are excluded: they have no accuracy (see rag.exam_run_summary).';

CREATE VIEW rag.exam_failure_taxonomy AS
SELECT r.id AS run_id,
       r.database_name,
       r.label,
       r.model,
       t.failure_type,
       t.failure_order,
       count(x.question_id) AS failures,
       (count(x.question_id)::double precision / r.questions)::double precision AS share_of_questions,
       (count(x.question_id)::double precision / nullif(sum(count(x.question_id)) OVER (PARTITION BY r.id), 0))::double precision AS share_of_failures,
       coalesce(array_agg(x.question_id ORDER BY x.ordinal) FILTER (WHERE x.question_id IS NOT NULL), '{}')::text[] AS question_ids
FROM rag.exam_runs r
CROSS JOIN (SELECT 1 AS failure_order, 'retrieval_miss' AS failure_type
            UNION ALL SELECT 2, 'join_path_miss'
            UNION ALL SELECT 3, 'column_miss'
            UNION ALL SELECT 4, 'execution_error'
            UNION ALL SELECT 5, 'llm_reasoning'
            UNION ALL SELECT 6, 'validation_exhausted'
            UNION ALL SELECT 7, 'infra_failure') AS t
LEFT JOIN rag.exam_results x ON x.run_id = r.id AND x.failure_type = t.failure_type
WHERE r.status = 'finished'
GROUP BY r.id, t.failure_order, t.failure_type;
COMMENT ON VIEW rag.exam_failure_taxonomy IS 'Per finished run, every failure type of the taxonomy (zero counts included, so runs compare line by line) with its questions. Aborted and running runs are excluded, as from every accuracy view: rag.exam_run_summary counts their infra failures and rag.exam_results holds their questions.';

CREATE VIEW rag.exam_question_changes AS
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

CREATE VIEW rag.exam_run_comparison AS
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

-- +goose Down
DROP VIEW rag.exam_run_comparison;
DROP VIEW rag.exam_question_changes;
DROP VIEW rag.exam_failure_taxonomy;
DROP VIEW rag.exam_accuracy_by_module;
DROP VIEW rag.exam_accuracy_by_difficulty;
DROP VIEW rag.exam_run_summary;
DROP TABLE rag.exam_results;
DROP TABLE rag.exam_runs;
