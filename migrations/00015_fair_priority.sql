-- +goose Up

-- Fairness between askers. River fetches by priority, then in order; every
-- question went in at priority 1, so one role's batch of 3,000 questions
-- kept another's single question waiting behind all of it (a review
-- measured 79 s with an instant model; hours with a real one). A
-- question's first stage now goes in at a priority set by how many of its
-- asker's questions were unfinished before it: its first 10 at 1, up to
-- 100 at 2, up to 1,000 at 3, the rest at 4; each next stage inherits its
-- job's priority (worker.handOff). Someone asking a question at a time is
-- always at 1, and waits behind at most ten of a batch's questions per
-- stage. The tiers are round numbers, not tuned: 10 is the retrieve
-- queue's default workers (NL2SQL_RETRIEVE_WORKERS), each tier ten times
-- the last.
CREATE INDEX queries_unfinished_by_idx ON rag.queries (submitted_by) WHERE finished_at IS NULL;

-- SECURITY DEFINER and the search_path as 00006 set them: a client that
-- asks holds no privilege on River's tables (OR REPLACE resets both).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    WITH added AS (
        SELECT n.submitted_by, count(*) AS n FROM new_queries n GROUP BY n.submitted_by
    ), waiting AS (
        SELECT a.submitted_by,
               (SELECT count(*) FROM rag.queries q WHERE q.submitted_by = a.submitted_by AND q.finished_at IS NULL) - a.n AS before
        FROM added a
    ), ranked AS (
        SELECT n.id, w.before + row_number() OVER (PARTITION BY n.submitted_by ORDER BY n.id) AS place
        FROM new_queries n JOIN waiting w ON w.submitted_by = n.submitted_by
    )
    INSERT INTO river.river_job (args, kind, max_attempts, queue, priority, state, scheduled_at, metadata, tags)
    SELECT jsonb_build_object('query_id', r.id, 'step', 1),
           'nl2sql.retrieve', 25, 'nl2sql_retrieve',
           CASE WHEN r.place <= 10 THEN 1 WHEN r.place <= 100 THEN 2 WHEN r.place <= 1000 THEN 3 ELSE 4 END,
           'available', now(), '{}'::jsonb, '{}'::varchar(255)[]
    FROM ranked r
    ORDER BY r.id;
    IF FOUND THEN
        PERFORM pg_notify('river.river_insert', '{"queue": "nl2sql_retrieve"}');
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO river.river_job (args, kind, max_attempts, queue, priority, state, scheduled_at, metadata, tags)
    SELECT jsonb_build_object('query_id', n.id, 'step', 1),
           'nl2sql.retrieve', 25, 'nl2sql_retrieve', 1, 'available', now(), '{}'::jsonb, '{}'::varchar(255)[]
    FROM new_queries n
    ORDER BY n.id;
    IF FOUND THEN
        PERFORM pg_notify('river.river_insert', '{"queue": "nl2sql_retrieve"}');
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
DROP INDEX rag.queries_unfinished_by_idx;
