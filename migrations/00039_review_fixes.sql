-- Two findings of a review of 00035, 00036 and 00038.
--
-- 1. A client's bound of 2,147,483,647 (the most rag.clients takes, what
--    `nl2sql grant ROLE --max-open` stored for any larger number) made
--    every INSERT of that role fail: the count's LIMIT bound + 1 overflowed
--    integer (SQLSTATE 22003). It is counted in bigint.
-- 2. 00036 replaced rag.index_postings' foreign key with a row trigger on
--    rag.schema_indexes, and TRUNCATE fires no row trigger: TRUNCATE
--    rag.databases CASCADE (or rag.schema_indexes CASCADE) emptied the
--    documents and terms, which keep their keys, and left every posting.
--    A statement trigger on TRUNCATE empties the postings with them, as
--    the key's cascade did.

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
            LIMIT bound::bigint + 1) u;
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

-- +goose StatementBegin
CREATE FUNCTION rag.schema_indexes_truncate_postings() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    TRUNCATE rag.index_postings;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER schema_indexes_truncate_postings
AFTER TRUNCATE ON rag.schema_indexes
FOR EACH STATEMENT EXECUTE FUNCTION rag.schema_indexes_truncate_postings();

-- +goose Down
DROP TRIGGER schema_indexes_truncate_postings ON rag.schema_indexes;
DROP FUNCTION rag.schema_indexes_truncate_postings();
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
