package worker_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/candidate"
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
// for) reach no worker.
func TestSpoofedRiverControl(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many orders are there?"), fence("SELECT count(*) FROM shop.orders"))
	slow := fence("SELECT count(*) FROM shop.customers")
	slow.Delay = 6 * time.Second
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many customers are there?"), slow)
	e.start(t)
	queues := []string{jobs.QueueRetrieve, jobs.QueueLLM, jobs.QueueDB}

	// A pause of every queue: the question is answered at once, not after
	// River's next look at the queue table.
	_, err := e.db.Pool.Exec(ctx, `SELECT pg_notify('river.river_control', '{"action": "pause", "queue": "*"}')`)
	require.NoError(t, err)
	start := time.Now()
	id := e.askSQL(t, "How many orders are there?", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status)
	require.Less(t, time.Since(start), 20*time.Second)

	// Cancels of the running generate job, one burst, then a stream for
	// longer than River's notifier waits between its pings (5 s), which
	// cancel the context a check runs under.
	w, id := e.submit(t, "How many customers are there?")
	require.Eventually(t, func() bool { return query(t, e.db.Pool, id).Status == "generating" }, 20*time.Second, 10*time.Millisecond)
	_, err = e.db.Pool.Exec(ctx, spoofCancels, queues)
	require.NoError(t, err)
	stop := make(chan struct{})
	flooded := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				flooded <- nil
				return
			case <-time.After(20 * time.Millisecond):
			}
			if _, err := e.db.Pool.Exec(ctx, spoofCancels, queues); err != nil {
				flooded <- err
				return
			}
		}
	}()

	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{id}, func(intake.Done) {}))
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status, "the spoofed cancel did not stop the stage")
	close(stop)
	require.NoError(t, <-flooded)
}

// TestGenuineRiverCancel: River's own cancel of a running job (as River UI
// sends it) passes the guard: River records the request before notifying.
func TestGenuineRiverCancel(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	slow := fence("SELECT count(*) FROM shop.customers")
	slow.Delay = 6 * time.Second
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many customers are there?"), slow)
	svc := e.start(t)
	_, id := e.submit(t, "How many customers are there?")
	var jobID int64
	require.Eventually(t, func() bool {
		return e.db.Pool.QueryRow(ctx, `SELECT id FROM river.river_job WHERE state = 'running' AND queue = $1 AND (args->>'query_id')::bigint = $2`, jobs.QueueLLM, id).Scan(&jobID) == nil
	}, 20*time.Second, 10*time.Millisecond)
	_, err := svc.Client().JobCancel(ctx, jobID)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		var state string
		return e.db.Pool.QueryRow(ctx, "SELECT state FROM river.river_job WHERE id = $1", jobID).Scan(&state) == nil && state == "cancelled"
	}, 20*time.Second, 10*time.Millisecond, "cancelled before the 6 s reply")
	// The question fails with it at once, not when the sweep finds its job
	// gone minutes later.
	q := query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Contains(t, deref(q.Error), "job was cancelled in River")
}

// TestFairShare: one asker's batch does not keep another's single question
// behind all of it. The intake trigger sets a question's priority by how
// many of its asker's questions were unfinished (migration 00015), and
// each stage's job keeps it.
func TestFairShare(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	bob := e.client(t, "bob")
	e.ollama.Answer(ollamatest.Contains("How many orders"), fence("SELECT count(*) FROM shop.orders"))

	rows, err := e.db.Pool.Query(ctx, `INSERT INTO rag.queries (database_name, question)
		SELECT 'shop', 'How many orders are there (batch ' || g || ')?' FROM generate_series(1, 60) g RETURNING id`)
	require.NoError(t, err)
	batch, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err)
	var mine int64
	require.NoError(t, e.db.PoolAs(t, bob).QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'How many orders are there?') RETURNING id").Scan(&mine))
	var priorities []int
	rows, err = e.db.Pool.Query(ctx, "SELECT priority FROM river.river_job WHERE kind = 'nl2sql.retrieve' ORDER BY id")
	require.NoError(t, err)
	priorities, err = pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	require.Len(t, priorities, 61)
	require.Equal(t, []int{1, 1, 2, 2, 1}, []int{priorities[0], priorities[9], priorities[10], priorities[59], priorities[60]},
		"the batch's first ten at 1, the rest at 2; bob's one question at 1")

	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	e.start(t)
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, append(batch, mine), func(intake.Done) {}))
	var before int
	require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT count(*) FROM rag.queries q, rag.queries b
		WHERE b.id = $1 AND q.id = ANY ($2) AND q.finished_at < b.finished_at`, mine, batch).Scan(&before))
	require.LessOrEqual(t, before, 30, "bob's question came before most of the batch")
}

// TestClientOptionsLowerLimits: a client's options.max_rows may lower the
// operator's limit, not raise it (migration 00017); the service's own
// questions keep the options' full range.
func TestClientOptionsLowerLimits(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	bob := e.client(t, "bob")
	e.ollama.Answer(ollamatest.Contains("Count to two thousand"), fence("SELECT g FROM generate_series(1, 2000) g ORDER BY g"))
	e.start(t)
	poolB := e.db.PoolAs(t, bob)
	ids := askAll(t, e, "Count to two thousand", asked{poolB, `{"max_rows": 5000}`}, asked{e.db.Pool, `{"max_rows": 5000}`}, asked{poolB, `{"max_rows": 10}`})
	mine, svc, low := ids[0], ids[1], ids[2]
	rows := func(id int64) []any {
		var n int
		var truncated bool
		require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT row_count, truncated FROM rag.query_results WHERE query_id = $1", id).Scan(&n, &truncated))
		return []any{n, truncated}
	}
	require.Equal(t, []any{1000, true}, rows(mine), "the client's 5000 is capped at the operator's 1000")
	require.Equal(t, []any{2000, false}, rows(svc), "the service's role may raise it")
	require.Equal(t, []any{10, true}, rows(low), "a client may lower it")
	// The LIMIT the guard adds is the capped one too: the target was asked
	// to sort and produce 5,001 rows of which 1,000 were read, and the SQL
	// the client reads said LIMIT 5001.
	require.True(t, strings.HasSuffix(deref(query(t, e.db.Pool, mine).Sql), "LIMIT 1001"), deref(query(t, e.db.Pool, mine).Sql))
	require.True(t, strings.HasSuffix(deref(query(t, e.db.Pool, svc).Sql), "LIMIT 5001"), deref(query(t, e.db.Pool, svc).Sql))
	require.True(t, strings.HasSuffix(deref(query(t, e.db.Pool, low).Sql), "LIMIT 11"), deref(query(t, e.db.Pool, low).Sql))
}

// TestClientOptionsLowerModelCalls: a client's options.candidates and
// options.max_attempts may lower the operator's model calls, not raise
// them; the service's own questions keep the options' full range.
func TestClientOptionsLowerModelCalls(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	bob := e.client(t, "bob")
	// Fails as it runs, every time: each attempt is a repair's model call.
	e.ollama.Answer(ollamatest.Contains("Divide"), fence("SELECT count(*) / 0 FROM shop.orders"))
	e.cfg.Candidates = candidate.Config{K: 1, KEasy: 1, KHard: 1}
	e.cfg.MaxAttempts = 3
	e.start(t)
	poolB := e.db.PoolAs(t, bob)
	ids := askAll(t, e, "Divide the orders by nothing",
		asked{poolB, `{"candidates": 4, "max_attempts": 6}`}, asked{e.db.Pool, `{"candidates": 4, "max_attempts": 6}`}, asked{poolB, `{"max_attempts": 2}`})
	mine, svc, low := ids[0], ids[1], ids[2]
	calls := func(id int64) []int {
		var attempts, first int
		require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*), max(calls) FILTER (WHERE attempt = 1) FROM rag.attempts WHERE query_id = $1", id).Scan(&attempts, &first))
		return []int{attempts, first}
	}
	require.Equal(t, "failed", query(t, e.db.Pool, mine).Status)
	require.Equal(t, []int{3, 1}, calls(mine), "the client's 6 attempts and 4 calls are capped at the operator's 3 and 1")
	require.Equal(t, []int{6, 4}, calls(svc), "the service's role may raise them")
	require.Equal(t, []int{2, 1}, calls(low), "a client may lower them")
}

// TestClientModels: a client names in options.model only the models the
// operator allows (NL2SQL_CLIENT_MODELS); the service's own questions may
// name any.
func TestClientModels(t *testing.T) {
	t.Parallel()
	e := setup(t)
	bob := e.client(t, "bob")
	e.ollama.Answer(ollamatest.Contains("How many orders"), fence("SELECT count(*) FROM shop.orders"))
	e.cfg.ClientModels = "other:1b, " + model
	e.start(t)
	poolB := e.db.PoolAs(t, bob)
	ids := askAll(t, e, "How many orders are there?", asked{poolB, `{"model": "big:70b"}`}, asked{poolB, `{"model": "` + model + `"}`}, asked{e.db.Pool, `{"model": "` + model + `"}`})
	refused, allowed, svc := ids[0], ids[1], ids[2]
	q := query(t, e.db.Pool, refused)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "validation_block", deref(q.ErrorClass))
	require.Contains(t, deref(q.Error), `may not choose the model (options.model "big:70b")`)
	require.Equal(t, "succeeded", query(t, e.db.Pool, allowed).Status, "a model the operator allows")
	require.Equal(t, "succeeded", query(t, e.db.Pool, svc).Status)
}

// asked is one question of askAll: the role (its pool) that asks, and the
// options it asks with.
type asked struct {
	pool    *pgxpool.Pool
	options string
}

// askAll asks question once per asked, each as its own role, waits for
// every answer and returns the ids in order.
func askAll(t *testing.T, e *env, question string, asks ...asked) []int64 {
	t.Helper()
	ctx := context.Background()
	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	ids := make([]int64, len(asks))
	for i, a := range asks {
		require.NoError(t, a.pool.QueryRow(ctx, "INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', $1, $2) RETURNING id", question, a.options).Scan(&ids[i]))
	}
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, ids, func(intake.Done) {}))
	return ids
}
