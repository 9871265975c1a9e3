-- A target whose schema changed after `nl2sql db add` (a column added, a
-- table dropped or renamed) was answered from the catalog as it was until
-- someone ran db add again: EXPLAIN refused column after column and repairs
-- burnt attempts. The worker now re-checks every registered database
-- (NL2SQL_CATALOG_CHECK_INTERVAL) and refreshes the catalog when the schema
-- changed; catalog_fingerprint is what it compares: a hash of what the last
-- refresh read of the schema, annotations and row estimates left out
-- (catalog.Snapshot.Fingerprint). NULL until the database is next refreshed
-- or checked.

-- +goose Up
ALTER TABLE rag.databases ADD COLUMN catalog_fingerprint text;
COMMENT ON COLUMN rag.databases.catalog_fingerprint IS 'Hash of the schema the catalog was last introspected from (catalog.Snapshot.Fingerprint), compared by the periodic catalog check; NULL: not yet known.';

-- +goose Down
ALTER TABLE rag.databases DROP COLUMN catalog_fingerprint;
