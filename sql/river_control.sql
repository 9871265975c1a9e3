-- River's control notifications (pause, resume, cancel a running job) are
-- only hints: River writes the state first and notifies after. Any role
-- that can connect can NOTIFY, so worker.controlGuard passes a hint on
-- only when the state it announces is in River's tables.

-- name: JobCancelRequested :one
-- Whether River was asked to cancel the job (JobCancel records the attempt
-- in its metadata before it notifies).
SELECT EXISTS (SELECT 1 FROM river.river_job WHERE id = @id AND metadata ? 'cancel_attempted_at')::boolean;

-- name: QueuesPaused :one
-- Of the queues a pause or resume names (every queue for '*'), how many
-- there are and how many are paused.
SELECT count(*) AS queues, count(*) FILTER (WHERE paused_at IS NOT NULL) AS paused
FROM river.river_queue
WHERE @name::text = '*' OR name = @name::text;
