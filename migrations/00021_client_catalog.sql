-- `nl2sql mcp` run as a client role could ask but not list, describe or
-- search the databases it asks about: the catalog (rag.databases,
-- rag.tables, rag.columns, rag.foreign_keys) and the schema index were the
-- service's alone, and an agent starts with list_databases. A role now reads the catalog of the databases
-- it may ask about, as rag.may_still_ask decides (the service's role, a
-- member of it or a superuser: every one; a client: those granted; a role
-- that may not ask: none), and of rag.databases not the DSN, the read-only
-- role or the annotations. The rows are the schema's shape and the values
-- sampled for a column's allowed values: what asking shows anyway.

-- +goose Up

-- The databases whose catalog who may read. SECURITY DEFINER, like
-- rag.reads_all, so the policies can ask without the caller reading
-- rag.clients; they pass current_user, which in here would be the owner.
-- The policies run it with the caller's rights, so every role may call it:
-- it answers for the session's own role and the roles it may SET ROLE to,
-- and for any other role names nothing, so no role learns another's grants.
-- +goose StatementBegin
CREATE FUNCTION rag.catalog_databases(who name) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT d.name FROM rag.databases d
    WHERE pg_has_role(session_user, who, 'MEMBER') AND rag.may_still_ask(who, d.name);
$$;
-- +goose StatementEnd

-- The owner (the service) bypasses these, as on rag.queries: RLS is
-- enabled, never FORCEd. IN (SELECT ...) makes the function one InitPlan
-- per statement, not a call per row. A role without USAGE on schema rag
-- (not granted with `nl2sql grant`) reaches none of it.
ALTER TABLE rag.databases ENABLE ROW LEVEL SECURITY;
CREATE POLICY databases_catalog_read ON rag.databases FOR SELECT
    USING (name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT (name, schemas, table_count, catalog_version, created_at, refreshed_at) ON rag.databases TO PUBLIC;

ALTER TABLE rag.tables ENABLE ROW LEVEL SECURITY;
CREATE POLICY tables_catalog_read ON rag.tables FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.tables TO PUBLIC;

ALTER TABLE rag.columns ENABLE ROW LEVEL SECURITY;
CREATE POLICY columns_catalog_read ON rag.columns FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.columns TO PUBLIC;

ALTER TABLE rag.foreign_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY foreign_keys_catalog_read ON rag.foreign_keys FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.foreign_keys TO PUBLIC;

-- The schema index, which retrieval (the retrieve_tables tool) searches.
ALTER TABLE rag.schema_indexes ENABLE ROW LEVEL SECURITY;
CREATE POLICY schema_indexes_catalog_read ON rag.schema_indexes FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.schema_indexes TO PUBLIC;

ALTER TABLE rag.index_docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY index_docs_catalog_read ON rag.index_docs FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.index_docs TO PUBLIC;

ALTER TABLE rag.index_terms ENABLE ROW LEVEL SECURITY;
CREATE POLICY index_terms_catalog_read ON rag.index_terms FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.index_terms TO PUBLIC;

ALTER TABLE rag.index_postings ENABLE ROW LEVEL SECURITY;
CREATE POLICY index_postings_catalog_read ON rag.index_postings FOR SELECT
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
GRANT SELECT ON rag.index_postings TO PUBLIC;

-- +goose Down
REVOKE SELECT ON rag.index_postings FROM PUBLIC;
DROP POLICY index_postings_catalog_read ON rag.index_postings;
ALTER TABLE rag.index_postings DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.index_terms FROM PUBLIC;
DROP POLICY index_terms_catalog_read ON rag.index_terms;
ALTER TABLE rag.index_terms DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.index_docs FROM PUBLIC;
DROP POLICY index_docs_catalog_read ON rag.index_docs;
ALTER TABLE rag.index_docs DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.schema_indexes FROM PUBLIC;
DROP POLICY schema_indexes_catalog_read ON rag.schema_indexes;
ALTER TABLE rag.schema_indexes DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.foreign_keys FROM PUBLIC;
DROP POLICY foreign_keys_catalog_read ON rag.foreign_keys;
ALTER TABLE rag.foreign_keys DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.columns FROM PUBLIC;
DROP POLICY columns_catalog_read ON rag.columns;
ALTER TABLE rag.columns DISABLE ROW LEVEL SECURITY;
REVOKE SELECT ON rag.tables FROM PUBLIC;
DROP POLICY tables_catalog_read ON rag.tables;
ALTER TABLE rag.tables DISABLE ROW LEVEL SECURITY;
REVOKE SELECT (name, schemas, table_count, catalog_version, created_at, refreshed_at) ON rag.databases FROM PUBLIC;
DROP POLICY databases_catalog_read ON rag.databases;
ALTER TABLE rag.databases DISABLE ROW LEVEL SECURITY;
DROP FUNCTION rag.catalog_databases(name);
