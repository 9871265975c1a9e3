-- Findings of a second review of 00038 and 00039.
--
-- 1. 00038 serialized a bounded role's INSERTs on an advisory lock keyed by
--    hashes of a constant and the role's name. Any role that may connect
--    can take any advisory lock: a client holding another client's key in
--    its session held that client's INSERTs up for as long as it liked
--    (tried: the victim's INSERT ran into its statement timeout inside
--    rag.queries_enqueue). And two role names of the same hashtext shared a
--    turn. The turn is now a row lock on rag.open_question_turns, a table
--    of the owner's that no client may read or lock, keyed by the role's
--    name.
-- 2. Several askers in one statement (only the owner can write such a
--    statement) took their turns in hash order: two such statements could
--    deadlock. They go in name order.
-- 3. The bound's HINT said `nl2sql grant ROLE --max-open N`, and the role it
--    names is the asker; where the asker holds its grant through a group,
--    following it granted the login every database. It names the client
--    grant whose bound applies (`nl2sql grant` refuses --max-open alone on a
--    member of a client role, naming the grant to change).
--
-- Noted, not changed: 00039's TRUNCATE trigger empties rag.index_postings
-- with the owner's rights, as the foreign key's cascade did, so a role
-- allowed to TRUNCATE rag.schema_indexes empties it without TRUNCATE on it;
-- and it locks the postings after the truncated tables, so a session that
-- read the postings and then waits for rag.schema_indexes can deadlock
-- with it (PostgreSQL ends one of the two).

-- +goose Up
CREATE TABLE rag.open_question_turns (
    role_name text PRIMARY KEY
);
COMMENT ON TABLE rag.open_question_turns IS 'One row a bounded client role that asked: rag.queries_enqueue locks it so that the role''s INSERTs count its open questions one at a time (migration 00040). No client may read or lock it.';
REVOKE ALL ON rag.open_question_turns FROM PUBLIC;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    asker record;
    bound integer;
    grantor text;
    open bigint;
BEGIN
    -- The bound first, once per asker (a statement inserts for one role,
    -- but INSERT ... SELECT by the service may carry several).
    -- In the askers' order: a statement carrying several takes their turns
    -- in one order, so two such statements cannot deadlock.
    FOR asker IN SELECT n.submitted_by, count(*) AS n FROM new_queries n GROUP BY n.submitted_by ORDER BY n.submitted_by LOOP
        CONTINUE WHEN rag.is_service(asker.submitted_by);
        SELECT c.max_open_questions, c.role_name INTO bound, grantor
        FROM rag.client_grants(asker.submitted_by) c
        ORDER BY c.max_open_questions DESC, c.role_name LIMIT 1;
        CONTINUE WHEN bound IS NULL;
        -- One INSERT of a role at a time counts: the role's row of
        -- rag.open_question_turns, locked to the end of the inserting
        -- transaction. A row lock, not an advisory one: any role may take
        -- any advisory lock, and so held another client's INSERTs up (a
        -- review's find); this table is the owner's alone. Keyed by the
        -- name itself: two roles never share a turn.
        INSERT INTO rag.open_question_turns (role_name) VALUES (asker.submitted_by) ON CONFLICT DO NOTHING;
        PERFORM 1 FROM rag.open_question_turns t WHERE t.role_name = asker.submitted_by FOR UPDATE;
        -- A snapshot older than the wait (REPEATABLE READ, SERIALIZABLE)
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
                      HINT = format('Wait for answers (LISTEN rag_query_done), or ask the operator to raise the bound of its client grant: nl2sql grant %s --max-open N.', grantor);
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
DROP TABLE rag.open_question_turns;
