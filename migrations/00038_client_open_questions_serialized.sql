-- 00035's bound on a client's questions not yet answered counted what each
-- INSERT's trigger could see: concurrent INSERTs of one role each saw only
-- their own new rows, so ten connections inserting 1,000 questions at once
-- stored 10,000 under a bound of 1,000. The count now waits for the role's
-- other INSERTs in flight (a transaction-scoped advisory lock keyed by the
-- role, taken only for roles with a bound), and sees what they committed.
-- A role's INSERTs into rag.queries are serialized from the trigger to
-- their commit: an autocommitted INSERT holds it for its own time only; a
-- client's transaction left open after an INSERT holds up that role's other
-- INSERTs, and no one else's. A count only sees what another INSERT
-- committed on a snapshot taken after it: a client role with a bound asks
-- in READ COMMITTED transactions (PostgreSQL's default), and an INSERT in a
-- REPEATABLE READ or SERIALIZABLE one fails (SQLSTATE 0A000).
-- docs/DESIGN.md, "Many users on one service".

-- +goose Up
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
        -- One INSERT of a role at a time counts: without this, concurrent
        -- INSERTs of one role each saw only their own rows and all passed.
        -- Held to the end of the inserting transaction, where its rows are
        -- committed; the next one's count (a statement of its own, so a
        -- snapshot of its own) then sees them. Other roles never wait.
        PERFORM pg_advisory_xact_lock(hashtext('nl2sql.open_questions'), hashtext(asker.submitted_by));
        -- A snapshot older than the lock (REPEATABLE READ, SERIALIZABLE)
        -- would not see what the INSERTs it waited for committed.
        IF current_setting('transaction_isolation') <> 'read committed' THEN
            RAISE EXCEPTION 'role "%" asks in a % transaction: a client role asks in a READ COMMITTED one (PostgreSQL''s default), where its bound on questions not yet answered sees the questions it asked on other connections',
                asker.submitted_by, upper(current_setting('transaction_isolation'))
                USING ERRCODE = 'feature_not_supported';
        END IF;
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
