-- Statements nl2sql runs on TARGET databases (the ones questions are asked
-- of), around the guarded SQL itself.

-- name: SetupSession :exec
-- Transaction-local settings for EXPLAIN and execution, sent in the same
-- pipeline (one transaction, see BeginReadOnly) as the statement they
-- guard: a read only transaction, a statement timeout, a lock timeout
-- short of it (a statement that waited its whole time for another
-- session's lock says so, rather than look too costly) and the database's
-- registered schemas as search_path.
-- Functions are qualified: the search path set here names the target's
-- schemas, where a function of the same name could be planted.
SELECT pg_catalog.set_config('transaction_read_only', 'on', true),
       pg_catalog.set_config('statement_timeout', @statement_timeout::text, true),
       pg_catalog.set_config('lock_timeout', @lock_timeout::text, true),
       pg_catalog.set_config('search_path', @search_path::text, true);

-- name: SetLocalRole :exec
-- SET LOCAL ROLE, as a function so the role is a bound parameter.
SELECT pg_catalog.set_config('role', @role::text, true);

-- name: TypeNames :many
SELECT t.oid::bigint AS oid, pg_catalog.format_type(t.oid, NULL) AS name
FROM pg_catalog.pg_type t
WHERE t.oid::bigint = ANY (@oids::bigint[]);

-- name: BeginReadOnly :exec
-- EXPLAIN and execution run in an explicit transaction that is rolled back,
-- never committed: what a statement (or a function planning evaluates)
-- could change despite READ ONLY (large objects, session settings, queued
-- notifications) is undone.
BEGIN TRANSACTION READ ONLY;

-- name: Rollback :exec
ROLLBACK;

-- name: SetTempFileLimit :exec
-- For the connection's life (target.Config.TempFileLimit): a superuser's
-- setting, which SET LOCAL ROLE leaves in place and the guard keeps the
-- model's SQL from changing (set_config is denied).
SELECT pg_catalog.set_config('temp_file_limit', @temp_file_limit::text, false);

-- name: ArrayTypes :many
-- The element type and delimiter of the array types among @oids, for the
-- result columns of types pgx does not know (arrays of enums, domains,
-- composites): read like the others, element by element, split at the
-- element type's delimiter (box's is ;). A domain's
-- elements read as its base type's, as a domain column's values do
-- (PostgreSQL describes such a column by its base type).
SELECT t.oid::bigint AS oid,
       (CASE WHEN e.typtype = 'd' THEN e.typbasetype ELSE e.oid END)::bigint AS elem,
       e.typdelim::text AS delim
FROM pg_catalog.pg_type t
JOIN pg_catalog.pg_type e ON e.oid = t.typelem
WHERE t.oid::bigint = ANY (@oids::bigint[]) AND t.typcategory = 'A';
