-- Many users, one service (issue 11): client roles that ask questions and
-- read only their own answers, a reporting role that reads everything, and
-- nobody but the service writing what the service owns.
--
-- * rag.queries.submitted_by records the role that inserted a question
--   (current_user at INSERT); row-level security shows a role its own
--   questions and, through them, their results, candidates, attempts and
--   timings. The owner of the tables (the role that ran `nl2sql migrate`,
--   which `nl2sql serve` connects as) bypasses it: RLS is enabled, never
--   FORCEd.
-- * The intake triggers run SECURITY DEFINER with a fixed search_path, so a
--   client needs no privilege on rag.databases or River's tables.
-- * rag.grant_client (`nl2sql grant`) gives a role exactly the privileges
--   of a client or of a reader; rag.clients and rag.client_databases record
--   them, and which databases a client may ask about.

-- +goose Up

-- Existing questions get the role that runs this migration: the service's.
ALTER TABLE rag.queries ADD COLUMN submitted_by text NOT NULL DEFAULT current_user;
COMMENT ON COLUMN rag.queries.submitted_by IS 'The role that inserted the question (current_user); row-level security shows each client role its own questions.';
-- A client reads its own questions: WHERE submitted_by = current_user.
CREATE INDEX queries_submitted_by_idx ON rag.queries (submitted_by, id);

CREATE TABLE rag.clients (
    role_name     text PRIMARY KEY,
    kind          text NOT NULL,
    all_databases boolean NOT NULL DEFAULT true,
    granted_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT clients_kind_valid CHECK (kind IN ('client', 'reader'))
);
COMMENT ON TABLE rag.clients IS 'Roles granted with `nl2sql grant` (rag.grant_client): client (asks, reads its own rows) or reader (reads every row, writes nothing).';
COMMENT ON COLUMN rag.clients.all_databases IS 'A client may ask about every registered database; false: only those in rag.client_databases.';

CREATE TABLE rag.client_databases (
    role_name     text NOT NULL REFERENCES rag.clients (role_name) ON DELETE CASCADE,
    -- Unregistering a database takes it from every client; registering it
    -- again does not give it back by accident.
    database_name text NOT NULL REFERENCES rag.databases (name) ON DELETE CASCADE,
    PRIMARY KEY (role_name, database_name)
);
COMMENT ON TABLE rag.client_databases IS 'The databases a client granted with --database may ask about.';

-- Whether role who reads every row: a reader, or a member with its
-- privileges. SECURITY DEFINER so the policies below can ask without the
-- caller reading rag.clients; the policies pass current_user, which inside
-- this function would be its owner.
-- +goose StatementBegin
CREATE FUNCTION rag.reads_all(who name) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (
        SELECT 1 FROM rag.clients c JOIN pg_roles r ON r.rolname = c.role_name
        WHERE c.kind = 'reader' AND pg_has_role(who, r.oid, 'USAGE'));
$$;
-- +goose StatementEnd

-- Row-level security. A role sees the questions it submitted (a reader:
-- all); the tables hanging off a question show the rows of the questions
-- the role sees. There are no UPDATE or DELETE policies: only the owner
-- (and superusers) change rows. The scalar subquery makes rag.reads_all one
-- InitPlan per statement instead of one call per row.
ALTER TABLE rag.queries ENABLE ROW LEVEL SECURITY;
CREATE POLICY queries_read ON rag.queries FOR SELECT
    USING (submitted_by = current_user OR (SELECT rag.reads_all(current_user)));
CREATE POLICY queries_ask ON rag.queries FOR INSERT
    WITH CHECK (submitted_by = current_user);

ALTER TABLE rag.query_results ENABLE ROW LEVEL SECURITY;
CREATE POLICY query_results_read ON rag.query_results FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = query_results.query_id));
ALTER TABLE rag.candidates ENABLE ROW LEVEL SECURITY;
CREATE POLICY candidates_read ON rag.candidates FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = candidates.query_id));
ALTER TABLE rag.attempts ENABLE ROW LEVEL SECURITY;
CREATE POLICY attempts_read ON rag.attempts FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = attempts.query_id));
ALTER TABLE rag.stage_timings ENABLE ROW LEVEL SECURITY;
CREATE POLICY stage_timings_read ON rag.stage_timings FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = stage_timings.query_id));
ALTER TABLE rag.query_contexts ENABLE ROW LEVEL SECURITY;
CREATE POLICY query_contexts_read ON rag.query_contexts FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = query_contexts.query_id));

-- A view runs with its owner's rights, and the owner bypasses row-level
-- security: the question views must run with the caller's, so a client's
-- rag.query_stats counts its own questions only. The exam views stay as
-- they are: only readers are granted them.
ALTER VIEW rag.query_overview SET (security_invoker = true);
ALTER VIEW rag.query_stage_latency SET (security_invoker = true);
ALTER VIEW rag.query_stats SET (security_invoker = true);
ALTER VIEW rag.query_failures SET (security_invoker = true);

-- The intake triggers read rag.databases and write river.river_job, which
-- clients may not touch: they run as their owner, with a search_path no
-- caller can plant objects in.
ALTER FUNCTION rag.queries_before_insert() SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.queries_enqueue() SECURITY DEFINER SET search_path = pg_catalog, pg_temp;

-- BEFORE INSERT, ahead of queries_before_insert (triggers fire in name
-- order): a client granted --database asks about those databases only.
-- Runs first so that a client learns nothing of databases it may not use,
-- not even whether they are registered. Roles that are not clients (the
-- service, superusers, a role an operator granted by hand) are not limited.
-- +goose StatementBegin
CREATE FUNCTION rag.queries_check_access() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    is_client boolean;
    allowed boolean;
    dbs text;
BEGIN
    -- submitted_by is the caller's current_user: its default, which a
    -- client has no privilege to override (and queries_ask checks). The
    -- service (the owner, or a superuser) takes one expression per row, so
    -- bulk inserts stay cheap.
    IF NEW.database_name IS NULL
       OR pg_has_role(NEW.submitted_by, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
        RETURN NEW;
    END IF;
    -- The client grants the asker holds, itself or through membership; a
    -- role that holds none is not limited (an operator granted it by hand).
    SELECT count(*) > 0,
           coalesce(bool_or(c.all_databases OR EXISTS (
               SELECT 1 FROM rag.client_databases d
               WHERE d.role_name = c.role_name AND d.database_name = NEW.database_name)), false)
    INTO is_client, allowed
    FROM rag.clients c
    WHERE c.kind = 'client' AND pg_has_role(NEW.submitted_by, to_regrole(quote_ident(c.role_name)), 'USAGE');
    IF NOT is_client OR allowed THEN
        RETURN NEW;
    END IF;
    SELECT string_agg(DISTINCT d.database_name, ', ' ORDER BY d.database_name) INTO dbs
    FROM rag.clients c
    JOIN rag.client_databases d ON d.role_name = c.role_name
    WHERE c.kind = 'client' AND pg_has_role(NEW.submitted_by, to_regrole(quote_ident(c.role_name)), 'USAGE');
    RAISE EXCEPTION 'role "%" may not ask about database "%"', NEW.submitted_by, NEW.database_name
        USING ERRCODE = 'insufficient_privilege',
              HINT = CASE WHEN dbs IS NULL THEN 'It may ask about no database; an operator can grant one: nl2sql grant '
                                                || NEW.submitted_by || ' --database NAME'
                          ELSE 'It may ask about: ' || dbs || '.' END;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER queries_access BEFORE INSERT ON rag.queries
    FOR EACH ROW EXECUTE FUNCTION rag.queries_check_access();

-- A question succeeds with its answer: the stage that sets succeeded writes
-- rag.query_results in the same statement. Anything else (an UPDATE by
-- hand) is refused, so rag_query_done never announces an answer that is not
-- there. AFTER the row: the result is written by a sibling CTE of the same
-- statement, visible once the statement is done.
-- +goose StatementBegin
CREATE FUNCTION rag.queries_refuse_success_without_result() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM rag.query_results WHERE query_id = NEW.id) THEN
        RAISE EXCEPTION 'question % cannot succeed without a result in rag.query_results', NEW.id
            USING ERRCODE = 'check_violation',
                  HINT = 'Only the service marks a question succeeded. To end a question by hand, set status = ''failed'' with error_class, error and finished_at.';
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER queries_succeeded_has_result AFTER UPDATE OF status ON rag.queries
    FOR EACH ROW
    WHEN (NEW.status = 'succeeded' AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION rag.queries_refuse_success_without_result();

-- rag.grant_client gives grantee exactly the privileges of a client (ask,
-- read its own rows) or, with read_all, of a reader (read every row), on
-- schemas rag and river, creating the role (LOGIN, no password) when it does
-- not exist. It first revokes everything the role holds on tables and
-- sequences of rag and river, so granting again replaces the grant (client
-- and reader, the databases) and undoes hand-made grants such as INSERT on
-- river.river_job. dbs NULL or empty: every registered database, present
-- and future. Returns whether it created the role. It runs with the
-- caller's rights: the caller needs CREATEROLE (for a new role) and the
-- grant option on rag's tables (their owner has it).
-- +goose StatementBegin
CREATE FUNCTION rag.grant_client(grantee text, dbs text[] DEFAULT NULL, read_all boolean DEFAULT false) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    r record;
    unknown text;
    created boolean := false;
BEGIN
    IF grantee IS NULL OR grantee = '' THEN
        RAISE EXCEPTION 'a role name is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF grantee LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'role "%" is reserved: names starting with pg_ belong to PostgreSQL', grantee
            USING ERRCODE = 'reserved_name';
    END IF;
    IF read_all AND cardinality(dbs) > 0 THEN
        RAISE EXCEPTION 'a reader reads the answers of every database: --database applies to client roles'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT string_agg(format('"%s"', x), ', ') INTO unknown
    FROM unnest(dbs) x WHERE NOT EXISTS (SELECT 1 FROM rag.databases d WHERE d.name = x);
    IF unknown IS NOT NULL THEN
        RAISE EXCEPTION 'unknown database %', unknown
            USING ERRCODE = 'foreign_key_violation',
                  HINT = 'Register it first: nl2sql db add NAME --dsn DSN';
    END IF;

    SELECT rolname, rolsuper, rolbypassrls, oid INTO r FROM pg_roles WHERE rolname = grantee;
    IF NOT FOUND THEN
        EXECUTE format('CREATE ROLE %I LOGIN', grantee);
        created := true;
    ELSIF r.rolsuper OR r.rolbypassrls THEN
        RAISE EXCEPTION 'role "%" is a superuser or bypasses row-level security: as a client it would read every question', grantee
            USING ERRCODE = 'invalid_grant_operation',
                  HINT = 'Grant a role of its own to each client.';
    ELSIF pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'rag.queries'::regclass), 'USAGE') THEN
        RAISE EXCEPTION 'role "%" has the privileges of the owner of nl2sql''s tables (the service role): as a client it would read and write everything', grantee
            USING ERRCODE = 'invalid_grant_operation',
                  HINT = 'Grant a role of its own to each client.';
    END IF;

    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA rag FROM %I', grantee);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA rag FROM %I', grantee);
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA river FROM %I', grantee);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA river FROM %I', grantee);
    EXECUTE format('REVOKE ALL ON SCHEMA river FROM %I', grantee);

    -- PUBLIC may connect by default; grant it explicitly, for servers that
    -- revoked that, where the caller can (it owns the database; without
    -- the grant option GRANT would only warn).
    IF has_database_privilege(current_database(), 'CONNECT WITH GRANT OPTION') THEN
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), grantee);
    END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA rag TO %I', grantee);
    IF read_all THEN
        EXECUTE format('GRANT SELECT ON rag.queries, rag.query_results, rag.candidates, rag.attempts, rag.stage_timings, '
                       'rag.query_contexts, rag.query_overview, rag.query_stage_latency, rag.query_stats, rag.query_failures, '
                       'rag.exam_runs, rag.exam_results, rag.exam_run_summary, rag.exam_accuracy_by_difficulty, '
                       'rag.exam_accuracy_by_module, rag.exam_failure_taxonomy, rag.exam_question_changes, '
                       'rag.exam_run_comparison TO %I', grantee);
        IF to_regclass('rag.feedback') IS NOT NULL THEN
            EXECUTE format('GRANT SELECT ON rag.feedback TO %I', grantee);
        END IF;
    ELSE
        -- Only the columns a client writes: the service owns the rest, and
        -- without a privilege on id no client can choose one (OVERRIDING
        -- SYSTEM VALUE) and make the next insert of another collide.
        EXECUTE format('GRANT INSERT (database_name, question, options) ON rag.queries TO %I', grantee);
        EXECUTE format('GRANT SELECT ON rag.queries, rag.query_results, rag.candidates, rag.attempts, rag.stage_timings, '
                       'rag.query_overview, rag.query_stage_latency, rag.query_stats, rag.query_failures TO %I', grantee);
        -- rag.feedback does not exist yet (a later issue adds it): checking
        -- here keeps `nl2sql grant` right once it does, without a new
        -- version of this function.
        IF to_regclass('rag.feedback') IS NOT NULL THEN
            EXECUTE format('GRANT INSERT ON rag.feedback TO %I', grantee);
        END IF;
    END IF;

    INSERT INTO rag.clients AS c (role_name, kind, all_databases)
    VALUES (grantee, CASE WHEN read_all THEN 'reader' ELSE 'client' END, read_all OR coalesce(cardinality(dbs), 0) = 0)
    ON CONFLICT (role_name) DO UPDATE
    SET kind = excluded.kind, all_databases = excluded.all_databases, granted_at = now();
    DELETE FROM rag.client_databases d WHERE d.role_name = grantee;
    INSERT INTO rag.client_databases (role_name, database_name)
    SELECT DISTINCT grantee, x FROM unnest(dbs) x WHERE NOT read_all;
    RETURN created;
END;
$$;
-- +goose StatementEnd

-- rag.revoke_client takes back what rag.grant_client gave; the role itself
-- stays (DROP ROLE is the operator's). Returns whether it was granted.
-- +goose StatementBegin
CREATE FUNCTION rag.revoke_client(grantee text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = grantee) THEN
        EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA rag FROM %I', grantee);
        EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA rag FROM %I', grantee);
        EXECUTE format('REVOKE USAGE ON SCHEMA rag FROM %I', grantee);
        IF has_database_privilege(current_database(), 'CONNECT WITH GRANT OPTION') THEN
            EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM %I', current_database(), grantee);
        END IF;
    END IF;
    DELETE FROM rag.clients WHERE role_name = grantee;
    RETURN FOUND;
END;
$$;
-- +goose StatementEnd

-- Creating roles and granting are the operator's; a client must not even
-- try. Trigger functions cannot be called directly, but say so anyway.
REVOKE EXECUTE ON FUNCTION rag.grant_client(text, text[], boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION rag.revoke_client(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION rag.queries_check_access() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION rag.queries_refuse_success_without_result() FROM PUBLIC;

-- +goose Down
-- Take back what rag.grant_client gave before row-level security goes:
-- without it a client's SELECT would read every question.
-- +goose StatementBegin
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT role_name FROM rag.clients LOOP
        PERFORM rag.revoke_client(c.role_name);
    END LOOP;
END;
$$;
-- +goose StatementEnd
DROP FUNCTION rag.revoke_client(text);
DROP FUNCTION rag.grant_client(text, text[], boolean);
DROP TRIGGER queries_succeeded_has_result ON rag.queries;
DROP FUNCTION rag.queries_refuse_success_without_result();
DROP TRIGGER queries_access ON rag.queries;
DROP FUNCTION rag.queries_check_access();
ALTER FUNCTION rag.queries_enqueue() SECURITY INVOKER RESET search_path;
ALTER FUNCTION rag.queries_before_insert() SECURITY INVOKER RESET search_path;
ALTER VIEW rag.query_failures RESET (security_invoker);
ALTER VIEW rag.query_stats RESET (security_invoker);
ALTER VIEW rag.query_stage_latency RESET (security_invoker);
ALTER VIEW rag.query_overview RESET (security_invoker);
DROP POLICY query_contexts_read ON rag.query_contexts;
ALTER TABLE rag.query_contexts DISABLE ROW LEVEL SECURITY;
DROP POLICY stage_timings_read ON rag.stage_timings;
ALTER TABLE rag.stage_timings DISABLE ROW LEVEL SECURITY;
DROP POLICY attempts_read ON rag.attempts;
ALTER TABLE rag.attempts DISABLE ROW LEVEL SECURITY;
DROP POLICY candidates_read ON rag.candidates;
ALTER TABLE rag.candidates DISABLE ROW LEVEL SECURITY;
DROP POLICY query_results_read ON rag.query_results;
ALTER TABLE rag.query_results DISABLE ROW LEVEL SECURITY;
DROP POLICY queries_ask ON rag.queries;
DROP POLICY queries_read ON rag.queries;
ALTER TABLE rag.queries DISABLE ROW LEVEL SECURITY;
DROP FUNCTION rag.reads_all(name);
DROP TABLE rag.client_databases;
DROP TABLE rag.clients;
DROP INDEX rag.queries_submitted_by_idx;
ALTER TABLE rag.queries DROP COLUMN submitted_by;
