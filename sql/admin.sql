-- name: AdvisoryUnlock :one
SELECT pg_advisory_unlock(@key::bigint);

-- name: MigrationVersion :one
-- The newest nl2sql migration applied to this database (goose's table):
-- commands refuse one that nl2sql migrate has not brought up to date.
SELECT coalesce(max(version_id), 0)::bigint AS version FROM rag.goose_db_version;

-- name: AdvisoryTryLock :one
SELECT pg_try_advisory_lock(@key::bigint);

-- name: AdvisoryLockHolder :one
-- Who holds the session advisory lock @key: any role that may connect can
-- take one, so a migrate that waits names the session it waits for. A
-- bigint key is stored as its high and low halves (classid, objid).
SELECT a.pid, coalesce(a.usename::text, '')::text AS role_name, coalesce(a.application_name, '')::text AS application,
       coalesce(a.client_addr::text, 'local')::text AS client, a.backend_start
FROM pg_catalog.pg_locks l
JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())
  AND l.classid = ((@key::bigint >> 32) & 4294967295)::bigint::oid
  AND l.objid = (@key::bigint & 4294967295)::bigint::oid
LIMIT 1;
