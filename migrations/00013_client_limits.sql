-- +goose Up

-- What a review of many clients sharing one service found (README "Client
-- roles").

-- 1. A client held INSERT on all of rag.feedback, so it could choose ids
-- (OVERRIDING SYSTEM VALUE) and make other roles' feedback collide on the
-- primary key, and set given_by to another role, which the BEFORE trigger
-- read before row-level security refused the row (telling whether a
-- question exists and its status). Clients now write the four columns
-- feedback is made of, as they write three of rag.queries; grant_client
-- gives the same to roles granted later.
-- +goose StatementBegin
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT role_name FROM rag.clients WHERE kind = 'client' AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) LOOP
        EXECUTE format('REVOKE INSERT ON rag.feedback FROM %I', c.role_name);
        EXECUTE format('GRANT INSERT (query_id, verdict, corrected_sql, note) ON rag.feedback TO %I', c.role_name);
    END LOOP;
END;
$$;
-- +goose StatementEnd

ALTER FUNCTION rag.grant_client(text, text[], boolean) RENAME TO grant_client_00006;
-- OR REPLACE for sqlc, which does not follow the rename; there is no
-- grant_client here any more.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.grant_client(grantee text, dbs text[] DEFAULT NULL, read_all boolean DEFAULT false) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    created boolean;
BEGIN
    created := rag.grant_client_00006(grantee, dbs, read_all);
    IF NOT read_all THEN
        EXECUTE format('REVOKE INSERT ON rag.feedback FROM %I', grantee);
        EXECUTE format('GRANT INSERT (query_id, verdict, corrected_sql, note) ON rag.feedback TO %I', grantee);
    END IF;
    RETURN created;
END;
$$;
-- +goose StatementEnd
COMMENT ON FUNCTION rag.grant_client(text, text[], boolean) IS 'Grants a client (or, read_all, a reader) role; see rag.grant_client_00006, which it runs, then it narrows feedback to the columns a client writes.';
REVOKE EXECUTE ON FUNCTION rag.grant_client(text, text[], boolean) FROM PUBLIC;

-- 2. rag_feedback_done reaches every listener, whoever gave the feedback: its
-- reason quoted another role's correction (the guard's and EXPLAIN's
-- messages hold its literals and names). The reason is read from the row,
-- which row-level security shows to its giver.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.feedback_notify_done() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('rag_feedback_done', json_build_object('id', NEW.id, 'query_id', NEW.query_id,
        'status', NEW.status, 'example_id', NEW.example_id)::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- 3. Sizes. Options of 40 MB were stored and read by every stage; the text
-- fields of feedback had no bound either. NOT VALID: rows already there
-- are left as they are.
ALTER TABLE rag.queries ADD CONSTRAINT queries_options_at_most_64kb
    CHECK (octet_length(options::text) <= 65536) NOT VALID;
ALTER TABLE rag.feedback ADD CONSTRAINT feedback_corrected_sql_at_most_100000_chars
    CHECK (char_length(corrected_sql) <= 100000) NOT VALID;
ALTER TABLE rag.feedback ADD CONSTRAINT feedback_note_at_most_4000_chars
    CHECK (char_length(note) <= 4000) NOT VALID;

-- +goose Down
ALTER TABLE rag.feedback DROP CONSTRAINT feedback_note_at_most_4000_chars;
ALTER TABLE rag.feedback DROP CONSTRAINT feedback_corrected_sql_at_most_100000_chars;
ALTER TABLE rag.queries DROP CONSTRAINT queries_options_at_most_64kb;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.feedback_notify_done() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('rag_feedback_done', json_build_object('id', NEW.id, 'query_id', NEW.query_id,
        'status', NEW.status, 'reason', NEW.reason, 'example_id', NEW.example_id)::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
DROP FUNCTION rag.grant_client(text, text[], boolean);
ALTER FUNCTION rag.grant_client_00006(text, text[], boolean) RENAME TO grant_client;
-- +goose StatementBegin
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT role_name FROM rag.clients WHERE kind = 'client' AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) LOOP
        EXECUTE format('GRANT INSERT ON rag.feedback TO %I', c.role_name);
    END LOOP;
END;
$$;
-- +goose StatementEnd
