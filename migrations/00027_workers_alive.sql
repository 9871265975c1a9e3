-- Whether a `nl2sql serve` runs was read from river.river_leader, which a
-- client role may not read: the query failed, was taken for "a worker
-- runs", and `nl2sql mcp` or `ask` run as a client waited the whole
-- NL2SQL_MCP_TIMEOUT (5m) instead of saying at once that nothing would
-- answer (an MCP review's find). rag.workers_alive says it to anyone who
-- may ask: a boolean, nothing of River's rows.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION rag.workers_alive() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM river.river_leader WHERE expires_at > now());
$$;
-- +goose StatementEnd
COMMENT ON FUNCTION rag.workers_alive() IS 'Whether any nl2sql serve runs against this database (River has a live leader).';

-- +goose Down
DROP FUNCTION rag.workers_alive();
