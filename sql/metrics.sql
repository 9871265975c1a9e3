-- Statements behind /metrics, run on each scrape.

-- name: CountRiverJobsByQueue :many
-- Jobs not yet finished, per River queue and state: the queue depth.
-- Finished jobs, most of the table, are left out, and the states counted
-- lead River's (state, queue, ...) fetch index.
SELECT queue, state::text AS state, count(*)::bigint AS jobs
FROM river.river_job
WHERE state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
GROUP BY queue, state
ORDER BY queue, state;
