-- A run's line (00016: the previous run of the same questions, which
-- exam_question_changes and exam_run_comparison compare it with) was keyed
-- by question ids and texts only: a run after its gold SQL was fixed was
-- compared with the runs before, so the model was credited with "fixing"
-- questions whose grading had changed (a review's find). The gold SQL and
-- whether row order is graded are part of the line now: an exam whose gold
-- changed starts a new line, as one whose questions changed does.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.exam_run_questions(run bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT md5(coalesce(string_agg(question_id || chr(31) || question || chr(31) || gold_sql || chr(31) || order_matters::text,
                                   chr(30) ORDER BY question_id), ''))
    FROM rag.exam_results WHERE run_id = run;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.exam_run_questions(run bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT md5(coalesce(string_agg(question_id || chr(31) || question, chr(30) ORDER BY question_id), ''))
    FROM rag.exam_results WHERE run_id = run;
$$;
-- +goose StatementEnd
