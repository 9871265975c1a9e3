-- A client could queue any number of questions: 100,000 inserted at once
-- were all stored and queued (at the lowest priority, 00018, so they did
-- not starve other clients, but they filled rag.queries and River's queue
-- and held the workers whenever no one else asked). Each client grant now
-- bounds the questions a role asking through it may have not yet answered
-- (rag.clients.max_open_questions, 1,000 unless the operator sets it:
-- `nl2sql grant ROLE --max-open N`); an INSERT that would pass it fails
-- whole, with SQLSTATE 53400 (configuration_limit_exceeded), and stores
-- nothing. 1,000 is where the fair priority's last tier begins: a backlog
-- past it already waited behind every other asker's. The count is of the
-- role that inserts (submitted_by); a role holding several client grants
-- takes the largest bound, as it takes the union of their databases. The
-- service's own questions (the exam) and roles granted by hand have none.
-- docs/DESIGN.md, "Many users on one service".

-- +goose Up
ALTER TABLE rag.clients ADD COLUMN max_open_questions integer NOT NULL DEFAULT 1000
    CONSTRAINT clients_max_open_questions_positive CHECK (max_open_questions > 0);
COMMENT ON COLUMN rag.clients.max_open_questions IS 'The most questions a role asking through this client grant may have not yet answered; an INSERT that would pass it fails (SQLSTATE 53400). Set with `nl2sql grant ROLE --max-open N`.';

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    asker record;
    bound integer;
    open bigint;
BEGIN
    -- The bound first, once per asker (a statement inserts for one role,
    -- but INSERT ... SELECT by the service may carry several).
    FOR asker IN SELECT n.submitted_by, count(*) AS n FROM new_queries n GROUP BY n.submitted_by LOOP
        CONTINUE WHEN rag.is_service(asker.submitted_by);
        SELECT max(c.max_open_questions) INTO bound FROM rag.client_grants(asker.submitted_by) c;
        CONTINUE WHEN bound IS NULL;
        -- The new rows are visible here (an AFTER trigger), and counting
        -- stops past the bound (queries_unfinished_by_idx).
        SELECT count(*) INTO open FROM (
            SELECT 1 FROM rag.queries q
            WHERE q.submitted_by = asker.submitted_by AND q.finished_at IS NULL
            LIMIT bound + 1) u;
        IF open > bound THEN
            RAISE EXCEPTION 'role "%" may have at most % questions not yet answered, and this INSERT of % would pass it; nothing was stored',
                asker.submitted_by, bound, asker.n
                USING ERRCODE = 'configuration_limit_exceeded',
                      HINT = 'Wait for answers (LISTEN rag_query_done), or ask the operator to raise the bound: nl2sql grant ROLE --max-open N.';
        END IF;
    END LOOP;

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
ALTER TABLE rag.clients DROP COLUMN max_open_questions;
