-- +goose Up

-- A grant is checked when a question is asked (rag.queries_check_access);
-- one narrowed or revoked after that, with the question still queued (a
-- backlog can hold it for hours), did not stop it: a review's client read
-- a database it had just lost. The retrieve stage and the execute stage
-- (the one that reads data) ask this function again, as the asker's grant
-- stands now.
-- +goose StatementBegin
CREATE FUNCTION rag.may_still_ask(who text, db text) RETURNS boolean
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
REVOKE EXECUTE ON FUNCTION rag.may_still_ask(text, text) FROM PUBLIC;

-- +goose Down
DROP FUNCTION rag.may_still_ask(text, text);
