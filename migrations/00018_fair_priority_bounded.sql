-- +goose Up

-- 00015's trigger was quadratic in a batch: PostgreSQL inlined its
-- per-asker CTE and ran the count of the asker's unfinished questions once
-- per inserted row (a review: 4,000 rows in 5.9 s against 0.27 s before;
-- 200,000 did not finish in ten minutes), and that count grew with the
-- backlog (40–90 ms a question behind 207,000). The count now runs once
-- per asker and stops past the last tier.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    WITH added AS (
        SELECT n.submitted_by, count(*) AS n FROM new_queries n GROUP BY n.submitted_by
    ), waiting AS MATERIALIZED (
        -- Once per asker (MATERIALIZED: inlined, PostgreSQL ran the count
        -- once per inserted row), and counting no further than the last
        -- tier needs: a backlog of 200,000 costs what one of 1,000 does.
        SELECT a.submitted_by,
               greatest((SELECT count(*) FROM (
                   SELECT 1 FROM rag.queries q
                   WHERE q.submitted_by = a.submitted_by AND q.finished_at IS NULL
                   LIMIT 1001 + a.n) u) - a.n, 0) AS before
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
