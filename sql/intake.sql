-- Statements for clients of the pipeline (nl2sql ask, the exam runner).

-- name: ListenQueryDone :exec
LISTEN rag_query_done;

-- name: ListQueryStatuses :many
SELECT id, status FROM rag.queries WHERE id = ANY (@ids::bigint[]);
