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

-- name: TableLockHolders :many
-- The sessions, other than this one, whose open transactions hold a lock on
-- a table of schemas rag or river: what a migration's DDL waits for (a
-- client's psql idle in a transaction after reading rag.queries), oldest
-- transaction first.
SELECT a.pid, coalesce(a.usename::text, '')::text AS role_name, coalesce(a.application_name, '')::text AS application,
       coalesce(a.state, '')::text AS state, a.xact_start
FROM pg_catalog.pg_stat_activity a
WHERE a.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL
  AND EXISTS (
      SELECT 1 FROM pg_catalog.pg_locks l
      JOIN pg_catalog.pg_class c ON c.oid = l.relation
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE l.pid = a.pid AND l.granted AND n.nspname IN ('rag', 'river')
        AND l.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database()))
ORDER BY a.xact_start
LIMIT 5;
