-- Client roles (`nl2sql grant`): the grant itself lives in the database
-- (rag.grant_client, rag.revoke_client) so psql users get the same.

-- name: GrantClient :one
SELECT rag.grant_client(@grantee::text, sqlc.narg('databases')::text[], @reader::boolean)::boolean AS created;

-- name: SetClientMaxOpen :one
-- The bound on a client's questions not yet answered (migration 00035);
-- false when the role holds no client grant.
WITH set AS (
    UPDATE rag.clients SET max_open_questions = @max_open::integer
    WHERE role_name = @grantee::text AND kind = 'client'
    RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM set)::boolean AS updated;

-- name: RevokeClient :one
SELECT rag.revoke_client(@grantee::text)::boolean AS revoked;

-- name: ListClients :many
-- Every granted role with its databases (empty when all_databases), and
-- whether the role still exists: one dropped without `nl2sql grant
-- --revoke` leaves its row behind.
SELECT c.role_name, c.kind, c.all_databases,
       coalesce(array_agg(d.database_name ORDER BY d.database_name) FILTER (WHERE d.database_name IS NOT NULL), '{}')::text[] AS databases,
       c.granted_at, c.max_open_questions,
       (to_regrole(quote_ident(c.role_name)) IS NOT NULL)::boolean AS role_exists
FROM rag.clients c
LEFT JOIN rag.client_databases d ON d.role_name = c.role_name
GROUP BY c.role_name
ORDER BY c.role_name;

-- name: ClientGrantsOf :many
-- The client grants a role asks through, its own or a group's (what
-- rag.client_grants reads for a question), and its own reader grant:
-- --max-open alone changes a client's own bound and refuses the others.
SELECT g.role_name::text AS role_name, g.kind::text AS kind FROM rag.client_grants(@grantee::text) g
UNION ALL
SELECT c.role_name, c.kind FROM rag.clients c WHERE c.role_name = @grantee::text AND c.kind = 'reader'
ORDER BY role_name;
