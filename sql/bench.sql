-- Statements of the benchmark harness (internal/bench).

-- name: BenchChainDone :exec
-- The last job of a bare chain tells the waiting client, in its transaction.
SELECT pg_notify('nl2sql_bench_done', @payload::text);

-- name: ListenBenchDone :exec
LISTEN nl2sql_bench_done;

-- name: StageLatencySummary :many
-- Where a question's time went, per stage, over the given questions.
SELECT s.stage,
       count(*)::bigint AS runs,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.started_at - s.enqueued_at) * 1000)::double precision AS queue_p50_ms,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.finished_at - s.started_at) * 1000)::double precision AS run_p50_ms,
       percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM s.finished_at - s.started_at) * 1000)::double precision AS run_p99_ms
FROM rag.stage_timings s
WHERE s.query_id = ANY (@ids::bigint[])
GROUP BY s.stage
ORDER BY min(s.started_at);

-- name: CountUnsucceeded :one
SELECT count(*)::int FROM rag.queries WHERE status <> 'succeeded' AND id = ANY (@ids::bigint[]);

-- name: BenchForgetKeys :exec
-- The dev set's keyless registration (bench retrieval's dev_keyless group):
-- its catalog without foreign keys, as a warehouse or a migrated system
-- declares none.
DELETE FROM rag.foreign_keys WHERE database_name = @database_name;

-- name: BenchForgetPrimaryKeys :exec
-- The keyless registration's tables without primary keys either.
UPDATE rag.tables SET primary_key = '{}' WHERE database_name = @database_name;

-- name: CountByStrategy :many
-- Which retrieval strategy the given questions got: the benchmark's target
-- is sized so that it is RAG.
SELECT coalesce(retrieval->>'strategy', '')::text AS strategy, count(*)::bigint AS questions
FROM rag.queries
WHERE id = ANY (@ids::bigint[])
GROUP BY 1
ORDER BY 1;

-- name: BenchAnalyze :exec
-- The scratch database's statistics after the warm-up, as autovacuum
-- gathers them within a minute or so of a service's start (docs/DESIGN.md,
-- Stage hand-off: a bench's steady state).
ANALYZE;
