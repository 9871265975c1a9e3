-- name: AdvisoryLock :exec
SELECT pg_advisory_lock(@key::bigint);

-- name: AdvisoryUnlock :one
SELECT pg_advisory_unlock(@key::bigint);

-- name: MigrationVersion :one
-- The newest nl2sql migration applied to this database (goose's table):
-- commands refuse one that nl2sql migrate has not brought up to date.
SELECT coalesce(max(version_id), 0)::bigint AS version FROM rag.goose_db_version;
