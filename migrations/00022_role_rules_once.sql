-- Who is the service, and what a client's grants allow, were written out in
-- four functions, each its own way: the INSERT's check
-- (rag.queries_check_access, 00006), rag.may_still_ask (00014),
-- rag.asks_as_client (00017) and rag.approves_own_examples (00012). They
-- now ask rag.is_service and rag.client_grants, so a change to either
-- rule is made once. What
-- each decides is unchanged. Role names go through to_regrole, so a role
-- dropped since is nobody (pg_has_role on its name raised an error, which
-- the callers guarded each their own way).

-- +goose Up

-- Whether who is the service's role: the owner of rag's tables (the role
-- that ran nl2sql migrate, which nl2sql serve connects as), a member of it,
-- or a superuser. Every role may call it, as rag.approves_own_examples is
-- called with a client's rights: it tells what pg_has_role tells anyone.
-- +goose StatementBegin
CREATE FUNCTION rag.is_service(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(pg_has_role(to_regrole(quote_ident(who)),
                                (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE'), false);
$$;
-- +goose StatementEnd

-- The client grants who holds, itself or through membership.
-- +goose StatementBegin
CREATE FUNCTION rag.client_grants(who text) RETURNS SETOF rag.clients
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT c.* FROM rag.clients c
    WHERE c.kind = 'client'
      AND pg_has_role(to_regrole(quote_ident(who)), to_regrole(quote_ident(c.role_name)), 'USAGE');
$$;
-- +goose StatementEnd
REVOKE EXECUTE ON FUNCTION rag.client_grants(text) FROM PUBLIC;

-- Whether who may ask about db as its client grants stand: a role holding
-- none is not limited (the service, or a role an operator granted by
-- hand), one holding some may ask what one of them allows.
-- +goose StatementBegin
CREATE FUNCTION rag.grants_allow(who text, db text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT count(*) = 0 OR coalesce(bool_or(c.all_databases OR EXISTS (
               SELECT 1 FROM rag.client_databases d WHERE d.role_name = c.role_name AND d.database_name = db)), false)
    FROM rag.client_grants(who) c;
$$;
-- +goose StatementEnd
REVOKE EXECUTE ON FUNCTION rag.grants_allow(text, text) FROM PUBLIC;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_check_access() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    dbs text;
BEGIN
    -- The service takes one call per row, so bulk inserts stay cheap.
    IF NEW.database_name IS NULL OR rag.is_service(NEW.submitted_by)
       OR rag.grants_allow(NEW.submitted_by, NEW.database_name) THEN
        RETURN NEW;
    END IF;
    SELECT string_agg(DISTINCT d.database_name, ', ' ORDER BY d.database_name) INTO dbs
    FROM rag.client_grants(NEW.submitted_by) c
    JOIN rag.client_databases d ON d.role_name = c.role_name;
    RAISE EXCEPTION 'role "%" may not ask about database "%"', NEW.submitted_by, NEW.database_name
        USING ERRCODE = 'insufficient_privilege',
              HINT = CASE WHEN dbs IS NULL THEN 'It may ask about no database; an operator can grant one: nl2sql grant '
                                                || NEW.submitted_by || ' --database NAME'
                          ELSE 'It may ask about: ' || dbs || '.' END;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.may_still_ask(who text, db text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT CASE
        -- Dropped since.
        WHEN to_regrole(quote_ident(who)) IS NULL THEN false
        WHEN rag.is_service(who) THEN true
        -- Revoked (rag.revoke_client takes every privilege on rag's tables).
        WHEN NOT has_column_privilege(who, 'rag.queries', 'question', 'INSERT') THEN false
        ELSE rag.grants_allow(who, db)
    END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.asks_as_client(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT NOT rag.is_service(who) AND EXISTS (SELECT 1 FROM rag.client_grants(who));
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.approves_own_examples(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT rag.is_service(who);
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.queries_check_access() RETURNS trigger
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

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.may_still_ask(who text, db text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT CASE
        -- Dropped since.
        WHEN NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who) THEN false
        -- The service's role, a member of it or a superuser.
        WHEN pg_has_role(who, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE') THEN true
        -- Revoked (rag.revoke_client takes every privilege on rag's tables).
        WHEN NOT has_column_privilege(who, 'rag.queries', 'question', 'INSERT') THEN false
        -- As queries_check_access decides: a role holding no client grant is
        -- not limited, one holding some may ask what one of them allows.
        ELSE NOT EXISTS (
                 SELECT 1 FROM rag.clients c
                 WHERE c.kind = 'client' AND pg_has_role(who, to_regrole(quote_ident(c.role_name)), 'USAGE'))
             OR EXISTS (
                 SELECT 1 FROM rag.clients c
                 WHERE c.kind = 'client' AND pg_has_role(who, to_regrole(quote_ident(c.role_name)), 'USAGE')
                   AND (c.all_databases OR EXISTS (
                       SELECT 1 FROM rag.client_databases d WHERE d.role_name = c.role_name AND d.database_name = db)))
    END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.asks_as_client(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who)
       AND NOT pg_has_role(who, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE')
       AND EXISTS (
           SELECT 1 FROM rag.clients c
           WHERE c.kind = 'client' AND pg_has_role(who, to_regrole(quote_ident(c.role_name)), 'USAGE'));
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.approves_own_examples(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (
        SELECT 1 FROM pg_roles r
        WHERE r.rolname = who
          AND (r.rolsuper OR pg_has_role(r.oid, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.examples'::regclass), 'USAGE')));
$$;
-- +goose StatementEnd

DROP FUNCTION rag.grants_allow(text, text);
DROP FUNCTION rag.client_grants(text);
DROP FUNCTION rag.is_service(text);
