-- +goose Up

-- Whether who asks as a client role (itself or through membership): a
-- client's options.max_rows and options.timeout_ms may lower the
-- operator's limits (NL2SQL_MAX_ROWS, NL2SQL_STATEMENT_TIMEOUT), never
-- raise them. A review's client held every connection to a target with
-- six questions of timeout_ms 60000 while another's trivial question
-- waited 57 s. The service's role (the exam raises max_rows to gold's
-- size) and roles granted by hand keep the options' full range.
-- +goose StatementBegin
CREATE FUNCTION rag.asks_as_client(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who)
       AND NOT pg_has_role(who, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.queries'::regclass), 'USAGE')
       AND EXISTS (
           SELECT 1 FROM rag.clients c
           WHERE c.kind = 'client' AND pg_has_role(who, to_regrole(quote_ident(c.role_name)), 'USAGE'));
$$;
-- +goose StatementEnd
REVOKE EXECUTE ON FUNCTION rag.asks_as_client(text) FROM PUBLIC;

-- +goose Down
DROP FUNCTION rag.asks_as_client(text);
