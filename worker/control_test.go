package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/jobs"
)

// spoofCancels sends River's cancel notification for every job id up to
// 300 on every queue, as any role that can connect can (pg_notify needs no
// privilege).
const spoofCancels = `SELECT count(pg_notify('river.river_control', json_build_object('action', 'cancel', 'job_id', g, 'queue', q)::text))
FROM generate_series(1, 300) g, unnest($1::text[]) q`

// TestSpoofedRiverControl: River's control notifications that no state in
// River's tables backs (a pause no queue has, a cancel nobody asked River
// for) reach no worker; a genuine cancel still does.
func TestSpoofedRiverControl(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many orders are there?"), fence("SELECT count(*) FROM shop.orders"))
	slow := fence("SELECT count(*) FROM shop.customers")
	slow.Delay = 2 * time.Second
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many customers are there?"), slow)
	svc := e.start(t)
	queues := []string{jobs.QueueRetrieve, jobs.QueueLLM, jobs.QueueDB}

	// A pause of every queue: the question is answered at once, not after
	// River's next look at the queue table.
	_, err := e.db.Pool.Exec(ctx, `SELECT pg_notify('river.river_control', '{"action": "pause", "queue": "*"}')`)
	require.NoError(t, err)
	start := time.Now()
	id := e.askSQL(t, "How many orders are there?", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status)
	require.Less(t, time.Since(start), 20*time.Second)

	// Cancels of the running generate job.
	w, id := e.submit(t, "How many customers are there?")
	require.Eventually(t, func() bool { return query(t, e.db.Pool, id).Status == "generating" }, 20*time.Second, 10*time.Millisecond)
	_, err = e.db.Pool.Exec(ctx, spoofCancels, queues)
	require.NoError(t, err)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{id}, func(intake.Done) {}))
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status, "the spoofed cancel did not stop the stage")

	// River's own cancel (as River UI sends it) still cancels.
	_, id = e.submit(t, "How many customers are there?")
	var jobID int64
	require.Eventually(t, func() bool {
		return e.db.Pool.QueryRow(ctx, `SELECT id FROM river.river_job WHERE state = 'running' AND queue = $1 AND (args->>'query_id')::bigint = $2`, jobs.QueueLLM, id).Scan(&jobID) == nil
	}, 20*time.Second, 10*time.Millisecond)
	_, err = svc.Client().JobCancel(ctx, jobID)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		var state string
		return e.db.Pool.QueryRow(ctx, "SELECT state FROM river.river_job WHERE id = $1", jobID).Scan(&state) == nil && state == "cancelled"
	}, 20*time.Second, 10*time.Millisecond)
}
