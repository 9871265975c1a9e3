-- The role rules of 00021 and 00022 were SQL functions with a SET clause,
-- which PostgreSQL never inlines and plans anew on every call: a question
-- calls rag.is_service from its INSERT's trigger and rag.may_still_ask from
-- the retrieve and execute stages, and each call spent a quarter to half a
-- millisecond planning a statement of one row (pg_stat_statements over a
-- `nl2sql bench pipeline` burst: rag.is_service's statement planned 4,560
-- times for 1,520 questions; pgbench, one connection: 0.3–0.55 ms a call as
-- SQL, 0.07–0.10 as PL/pgSQL, `SELECT 1` 0.09). PL/pgSQL keeps each
-- statement's plan for the session. What each function decides is
-- unchanged; docs/DESIGN.md, "Many users on one service".

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.is_service(who text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN coalesce(pg_has_role(to_regrole(quote_ident(who)),
                                (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE'), false);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.client_grants(who text) RETURNS SETOF rag.clients
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN QUERY
    SELECT c.* FROM rag.clients c
    WHERE c.kind = 'client'
      AND pg_has_role(to_regrole(quote_ident(who)), to_regrole(quote_ident(c.role_name)), 'USAGE');
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.grants_allow(who text, db text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN (SELECT count(*) = 0 OR coalesce(bool_or(c.all_databases OR EXISTS (
                       SELECT 1 FROM rag.client_databases d WHERE d.role_name = c.role_name AND d.database_name = db)), false)
            FROM rag.client_grants(who) c);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.may_still_ask(who text, db text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    -- Dropped since.
    IF to_regrole(quote_ident(who)) IS NULL THEN
        RETURN false;
    END IF;
    IF rag.is_service(who) THEN
        RETURN true;
    END IF;
    -- Revoked (rag.revoke_client takes every privilege on rag's tables).
    IF NOT has_column_privilege(who, 'rag.queries', 'question', 'INSERT') THEN
        RETURN false;
    END IF;
    RETURN rag.grants_allow(who, db);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.asks_as_client(who text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN NOT rag.is_service(who) AND EXISTS (SELECT 1 FROM rag.client_grants(who));
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.approves_own_examples(who text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN rag.is_service(who);
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.reads_all(who name) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN EXISTS (
        SELECT 1 FROM rag.clients c JOIN pg_roles r ON r.rolname = c.role_name
        WHERE c.kind = 'reader' AND pg_has_role(who, r.oid, 'USAGE'));
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.catalog_databases(who name) RETURNS SETOF text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN QUERY
    SELECT d.name FROM rag.databases d
    WHERE pg_has_role(session_user, who, 'MEMBER') AND rag.may_still_ask(who, d.name);
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.is_service(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(pg_has_role(to_regrole(quote_ident(who)),
                                (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE'), false);
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.client_grants(who text) RETURNS SETOF rag.clients
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT c.* FROM rag.clients c
    WHERE c.kind = 'client'
      AND pg_has_role(to_regrole(quote_ident(who)), to_regrole(quote_ident(c.role_name)), 'USAGE');
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.grants_allow(who text, db text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT count(*) = 0 OR coalesce(bool_or(c.all_databases OR EXISTS (
               SELECT 1 FROM rag.client_databases d WHERE d.role_name = c.role_name AND d.database_name = db)), false)
    FROM rag.client_grants(who) c;
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

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.reads_all(who name) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (
        SELECT 1 FROM rag.clients c JOIN pg_roles r ON r.rolname = c.role_name
        WHERE c.kind = 'reader' AND pg_has_role(who, r.oid, 'USAGE'));
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.catalog_databases(who name) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT d.name FROM rag.databases d
    WHERE pg_has_role(session_user, who, 'MEMBER') AND rag.may_still_ask(who, d.name);
$$;
-- +goose StatementEnd
