-- name: AdvisoryLock :exec
SELECT pg_advisory_lock(@key::bigint);

-- name: AdvisoryUnlock :one
SELECT pg_advisory_unlock(@key::bigint);
