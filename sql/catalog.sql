-- Statements on the database registry (rag.databases) and the schema catalog
-- (rag.tables, rag.columns, rag.foreign_keys), used by internal/catalog.

-- name: UpsertDatabase :one
-- Registers a database or updates its DSN, schemas and read-only role, and
-- its annotations when given (NULL keeps the stored ones). A change of
-- schemas bumps catalog_version so cached snapshots pick up the new search
-- path.
INSERT INTO rag.databases (name, dsn, schemas, read_only_role, annotations)
VALUES (@name, @dsn, @schemas, sqlc.narg(read_only_role), sqlc.narg(annotations))
ON CONFLICT (name) DO UPDATE
SET dsn = excluded.dsn,
    schemas = excluded.schemas,
    read_only_role = excluded.read_only_role,
    annotations = coalesce(excluded.annotations, rag.databases.annotations),
    catalog_version = rag.databases.catalog_version
        + CASE WHEN rag.databases.schemas IS DISTINCT FROM excluded.schemas THEN 1 ELSE 0 END
RETURNING *;

-- name: GetDatabase :one
SELECT * FROM rag.databases WHERE name = @name;

-- name: ListDatabases :many
SELECT * FROM rag.databases ORDER BY name;

-- name: ListCatalogDatabases :many
-- The registered databases as a client reads them (migration 00021): the
-- columns granted to it, the rows of the databases it may ask about.
SELECT name, schemas, table_count, catalog_version, created_at, refreshed_at
FROM rag.databases ORDER BY name;

-- name: GetCatalogDatabase :one
-- What loading a catalog needs of the database's row, in the columns a
-- client may read (migration 00021).
SELECT schemas, catalog_version, created_at FROM rag.databases WHERE name = @name;

-- name: GetCatalogVersion :one
-- What the catalog cache asks on every Get: one index lookup. created_at
-- tells a re-registered database from the one it replaced.
SELECT catalog_version, created_at FROM rag.databases WHERE name = @name;

-- name: BumpCatalogVersion :one
-- First statement of a catalog refresh: its row lock serialises concurrent
-- refreshes of one database until the transaction ends.
UPDATE rag.databases
SET table_count = @table_count,
    catalog_version = catalog_version + 1,
    refreshed_at = now()
WHERE name = @name
RETURNING catalog_version;

-- name: SetCatalogFingerprint :exec
-- Last statement of a catalog refresh: the fingerprint of the schema it
-- introspected, which the periodic catalog check compares.
UPDATE rag.databases SET catalog_fingerprint = @fingerprint WHERE name = @name;

-- name: AdoptCatalogFingerprint :execrows
-- The catalog check's first look at a database refreshed before
-- fingerprints existed, whose stored catalog matches its schema: the
-- fingerprint is recorded without a refresh, unless a refresh (or another
-- check) came first.
UPDATE rag.databases SET catalog_fingerprint = @fingerprint
WHERE name = @name AND catalog_version = @catalog_version AND catalog_fingerprint IS NULL;

-- name: LockDatabaseRegistration :one
-- First statement of a catalog check's refresh: the registration the check
-- introspected must still be the one stored, or the refresh would put back
-- a DSN, schemas or role that db add changed meanwhile. FOR NO KEY UPDATE
-- takes turns with db add's upsert and other refreshes, and not with the
-- FOR KEY SHARE of a question's foreign key: FOR UPDATE waited for every
-- question inserted about the database and not yet committed, so a
-- client's transaction left open after an INSERT held the check up.
SELECT dsn, schemas, read_only_role, catalog_version, created_at
FROM rag.databases WHERE name = @name FOR NO KEY UPDATE;

-- name: DeleteCatalogForeignKeys :exec
DELETE FROM rag.foreign_keys WHERE database_name = @database_name;

-- name: DeleteCatalogColumns :exec
DELETE FROM rag.columns WHERE database_name = @database_name;

-- name: DeleteCatalogTables :exec
DELETE FROM rag.tables WHERE database_name = @database_name;

-- name: InsertCatalogTables :copyfrom
INSERT INTO rag.tables (database_name, schema_name, table_name, kind, comment, module, gloss, synonyms, estimated_rows,
                        primary_key, checks)
VALUES (@database_name, @schema_name, @table_name, @kind, @comment, @module, @gloss, @synonyms, @estimated_rows,
        @primary_key, @checks);

-- name: InsertCatalogColumns :copyfrom
INSERT INTO rag.columns (database_name, schema_name, table_name, column_name, ordinal, data_type, not_null,
                         comment, allowed_values, base_type, fields, checks)
VALUES (@database_name, @schema_name, @table_name, @column_name, @ordinal, @data_type, @not_null,
        @comment, @allowed_values, @base_type, @fields, @checks);

-- name: InsertCatalogForeignKeys :copyfrom
INSERT INTO rag.foreign_keys (database_name, schema_name, table_name, constraint_name, columns, ref_schema_name,
                              ref_table_name, ref_columns)
VALUES (@database_name, @schema_name, @table_name, @constraint_name, @columns, @ref_schema_name,
        @ref_table_name, @ref_columns);

-- name: ListCatalogTables :many
SELECT * FROM rag.tables WHERE database_name = @database_name;

-- name: ListCatalogColumns :many
SELECT * FROM rag.columns WHERE database_name = @database_name ORDER BY schema_name, table_name, ordinal;

-- name: ListCatalogForeignKeys :many
SELECT * FROM rag.foreign_keys WHERE database_name = @database_name;

-- name: SetLocalLockTimeout :exec
-- The lock_timeout of the rest of the transaction, in milliseconds.
SELECT pg_catalog.set_config('lock_timeout', @lock_timeout::text, true);

-- name: LockDatabase :one
-- First statement of removing a database: a question's INSERT checks its
-- database (FOR KEY SHARE, the foreign key), so one inserted meanwhile waits
-- for the removal and is refused, instead of landing between deleting the
-- questions and the database and failing the removal.
SELECT name FROM rag.databases WHERE name = @name FOR UPDATE;

-- name: CountDatabaseHistory :one
-- What removing a database would take with it: its questions and exam runs.
SELECT (SELECT count(*) FROM rag.queries q WHERE q.database_name = @name)::bigint AS questions,
       (SELECT count(*) FROM rag.exam_runs r WHERE r.database_name = @name)::bigint AS exam_runs;

-- name: DeleteDatabaseExamRuns :execrows
DELETE FROM rag.exam_runs WHERE database_name = @name;

-- name: DeleteDatabaseQuestions :execrows
-- Their results, candidates, attempts, timings, contexts and feedback go
-- with them (ON DELETE CASCADE); examples made from them keep their pair.
DELETE FROM rag.queries WHERE database_name = @name;

-- name: DeleteDatabase :execrows
-- The catalog, the schema index, the examples and client grants go with it
-- (ON DELETE CASCADE).
DELETE FROM rag.databases WHERE name = @name;
