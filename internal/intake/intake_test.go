package intake_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/intake"
)

func setup(t *testing.T) *dbtest.DB {
	t.Helper()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://localhost/shop')")
	require.NoError(t, err)
	return db
}

// finish marks a question terminal as the service would (the trigger
// notifies rag_query_done): a success writes its result in the same
// statement.
func finish(db *dbtest.DB, id int64, status string) error {
	_, err := db.Pool.Exec(context.Background(), `
		WITH res AS (
			INSERT INTO rag.query_results (query_id, columns, rows, row_count, truncated, duration_ms)
			SELECT $1, '[]', '[]', 0, false, 1 WHERE $2 = 'succeeded'
		)
		UPDATE rag.queries SET status = $2, finished_at = now(),
			error_class = CASE WHEN $2 = 'failed' THEN 'unknown' END, error = CASE WHEN $2 = 'failed' THEN 'x' END
		WHERE id = $1`, id, status)
	return err
}

func TestSubmitMany(t *testing.T) {
	t.Parallel()
	db := setup(t)
	ctx := context.Background()
	ids, err := intake.SubmitMany(ctx, db.Pool, "shop", []string{"one", "two", "three"}, []map[string]any{nil, {"max_rows": 5}, nil})
	require.NoError(t, err)
	require.Len(t, ids, 3)
	require.Less(t, ids[0], ids[1])
	var q string
	var opts string
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT question, options::text FROM rag.queries WHERE id = $1", ids[1]).Scan(&q, &opts))
	require.Equal(t, "two", q, "ids come back in question order")
	require.JSONEq(t, `{"max_rows": 5}`, opts)

	var jobs int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM river.river_job WHERE kind = 'nl2sql.retrieve'").Scan(&jobs))
	require.Equal(t, 3, jobs, "one job per question, from the statement-level trigger")

	_, err = intake.SubmitMany(ctx, db.Pool, "shop", []string{"a", "b"}, []map[string]any{nil})
	require.Error(t, err)
}

func TestWait(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("Notifications", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		w, err := intake.Listen(ctx, db.Pool)
		require.NoError(t, err)
		defer w.Close()
		w.PollInterval = time.Hour // only notifications can end this wait
		ids, err := intake.SubmitMany(ctx, db.Pool, "shop", []string{"a", "b"}, nil)
		require.NoError(t, err)
		errs := make(chan error, 2)
		go func() {
			errs <- finish(db, ids[1], "failed")
			errs <- finish(db, ids[0], "succeeded")
		}()
		var got []intake.Done
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		require.NoError(t, w.Wait(wctx, ids, func(d intake.Done) { got = append(got, d) }))
		require.Equal(t, []intake.Done{{ID: ids[1], Status: "failed"}, {ID: ids[0], Status: "succeeded"}}, got)
		require.NoError(t, <-errs)
		require.NoError(t, <-errs)
	})

	t.Run("MissedNotificationFoundByPolling", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		id, err := intake.Submit(ctx, db.Pool, "shop", "a", nil)
		require.NoError(t, err)
		require.NoError(t, finish(db, id, "succeeded")) // before anyone listened
		w, err := intake.Listen(ctx, db.Pool)
		require.NoError(t, err)
		defer w.Close()
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		var got []intake.Done
		require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { got = append(got, d) }))
		require.Equal(t, []intake.Done{{ID: id, Status: "succeeded"}}, got)
	})

	t.Run("ListenerConnectionLost", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		id, err := intake.Submit(ctx, db.Pool, "shop", "a", nil)
		require.NoError(t, err)
		w, err := intake.Listen(ctx, db.Pool)
		require.NoError(t, err)
		defer w.Close()
		w.PollInterval = time.Hour // only a reconnect's poll can end this wait
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		done := make(chan error, 1)
		var got []intake.Done
		go func() { done <- w.Wait(wctx, []int64{id}, func(d intake.Done) { got = append(got, d) }) }()

		// Kill the listening backend, as a server restart would, and finish
		// the question while nobody listens.
		// The waiter's connection last ran LISTEN or the status poll.
		var killed int
		require.Eventually(t, func() bool {
			require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
				WHERE datname = current_database() AND pid <> pg_backend_pid()
				  AND (query LIKE '%LISTEN rag_query_done%' OR query LIKE '%name: ListQueryStatuses%')`).Scan(&killed))
			return killed > 0
		}, 10*time.Second, 10*time.Millisecond)
		require.NoError(t, finish(db, id, "succeeded"))
		require.NoError(t, <-done)
		require.Equal(t, []intake.Done{{ID: id, Status: "succeeded"}}, got)
	})

	t.Run("Deadline", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		id, err := intake.Submit(ctx, db.Pool, "shop", "a", nil)
		require.NoError(t, err)
		w, err := intake.Listen(ctx, db.Pool)
		require.NoError(t, err)
		defer w.Close()
		w.PollInterval = 20 * time.Millisecond
		wctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		require.ErrorIs(t, w.Wait(wctx, []int64{id}, nil), context.DeadlineExceeded)
	})
}

// TestAsAClientRole: the intake API works for a role granted as a client,
// with no privilege beyond the grant: submit in bulk (one job insert, by
// the trigger's rights), hear the completions, read the statuses.
func TestAsAClientRole(t *testing.T) {
	t.Parallel()
	db := setup(t)
	ctx := context.Background()
	role := db.NewRole(t, "client")
	_, err := db.Pool.Exec(ctx, "SELECT rag.grant_client($1, '{shop}')", role)
	require.NoError(t, err)
	client := db.PoolAs(t, role)

	w, err := intake.Listen(ctx, client)
	require.NoError(t, err)
	defer w.Close()
	w.PollInterval = time.Hour // only notifications can end this wait
	ids, err := intake.SubmitMany(ctx, client, "shop", []string{"a", "b"}, []map[string]any{{"max_rows": 5000.0}, nil})
	require.NoError(t, err)
	var jobs int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM river.river_job WHERE kind = 'nl2sql.retrieve'").Scan(&jobs))
	require.Equal(t, 2, jobs)

	errs := make(chan error, 2)
	go func() {
		errs <- finish(db, ids[0], "succeeded")
		errs <- finish(db, ids[1], "failed")
	}()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var got []intake.Done
	require.NoError(t, w.Wait(wctx, ids, func(d intake.Done) { got = append(got, d) }))
	require.Equal(t, []intake.Done{{ID: ids[0], Status: "succeeded"}, {ID: ids[1], Status: "failed"}}, got)
	require.NoError(t, <-errs)
	require.NoError(t, <-errs)

	_, err = intake.Submit(ctx, client, "elsewhere", "c", nil)
	require.ErrorContains(t, err, `may not ask about database "elsewhere"`)
}

// TestSpoofedNotification: any role may NOTIFY rag_query_done; a waiter
// believes the question's row, not the payload.
func TestSpoofedNotification(t *testing.T) {
	t.Parallel()
	db := setup(t)
	ctx := context.Background()
	mallory := db.NewRole(t, "mallory")
	_, err := db.Pool.Exec(ctx, "SELECT rag.grant_client($1)", mallory)
	require.NoError(t, err)
	id, err := intake.Submit(ctx, db.Pool, "shop", "a", nil)
	require.NoError(t, err)
	w, err := intake.Listen(ctx, db.Pool)
	require.NoError(t, err)
	defer w.Close()
	w.PollInterval = time.Hour // only notifications can end this wait

	spoofer := db.PoolAs(t, mallory)
	errs := make(chan error, 2)
	go func() {
		_, err := spoofer.Exec(ctx, "SELECT pg_notify('rag_query_done', $1)", fmt.Sprintf(`{"id": %d, "status": "succeeded"}`, id))
		errs <- err
		errs <- finish(db, id, "failed")
	}()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var got []intake.Done
	require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { got = append(got, d) }))
	require.NoError(t, <-errs)
	require.NoError(t, <-errs)
	require.Equal(t, []intake.Done{{ID: id, Status: "failed"}}, got, "the spoofed success is not believed")
}

func TestAsk(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("NoWorker", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		var lines []string
		_, err := intake.Ask(ctx, db.Pool, "shop", "Anyone there?", nil, intake.AskOptions{
			Timeout: time.Hour, NoWorkerWait: 50 * time.Millisecond,
			Progress: func(s string) { lines = append(lines, s) },
		})
		require.Error(t, err, "no serve: a bounded wait, not an hour")
		ce := errclass.Classify(err)
		require.Equal(t, errclass.InfraFailure, ce.Class)
		require.Equal(t, intake.CodeNoWorker, ce.Code)
		id := intake.QueryID(err)
		require.Positive(t, id)
		require.Contains(t, ce.Message, fmt.Sprintf("question %d is queued, but no `nl2sql serve` is running", id))
		require.Len(t, lines, 1)

		a, err := intake.Load(ctx, db.Pool, id)
		require.NoError(t, err)
		require.Equal(t, "queued", a.Status, "the question stays queued for a later serve")

		// A client role may not read River's tables, yet learns as soon
		// that no serve runs (rag.workers_alive), not after the whole wait.
		role := db.NewRole(t, "asker")
		_, err = db.Pool.Exec(ctx, "SELECT rag.grant_client($1, '{shop}')", role)
		require.NoError(t, err)
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second) // a failure here, not an hour's wait
		defer cancel()
		_, err = intake.Ask(cctx, db.PoolAs(t, role), "shop", "Anyone there?", nil, intake.AskOptions{
			Timeout: time.Hour, NoWorkerWait: 50 * time.Millisecond,
		})
		require.Equal(t, intake.CodeNoWorker, errclass.Classify(err).Code, "%v", err)
		require.False(t, a.Done())
	})

	t.Run("Deleted", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		go func() {
			// Someone deletes the question while it waits.
			for {
				if tag, err := db.Pool.Exec(ctx, "DELETE FROM rag.queries"); err == nil && tag.RowsAffected() > 0 {
					return
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		start := time.Now()
		_, err := intake.Ask(ctx, db.Pool, "shop", "How many?", nil, intake.AskOptions{Timeout: time.Minute})
		require.ErrorContains(t, err, "was deleted before it finished")
		require.Less(t, time.Since(start), 30*time.Second, "not the whole timeout")
	})

	t.Run("TimeoutSaysWhereItStands", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		// A live worker (River's leader row) that is retrying the question.
		_, err := db.Pool.Exec(ctx, "INSERT INTO river.river_leader (leader_id, elected_at, expires_at) VALUES ('test', now(), now() + interval '1 hour')")
		require.NoError(t, err)
		go func() {
			for {
				if tag, err := db.Pool.Exec(ctx, "UPDATE rag.queries SET status = 'generating', status_detail = 'generate: retrying in about 4s after: cannot reach Ollama'"); err == nil && tag.RowsAffected() > 0 {
					return
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		_, err = intake.Ask(ctx, db.Pool, "shop", "How many?", nil, intake.AskOptions{Timeout: 500 * time.Millisecond})
		require.ErrorContains(t, err, "it is generating: generate: retrying in about 4s after: cannot reach Ollama")
		require.NotContains(t, err.Error(), "serve` running?")
	})

	t.Run("Answered", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		go func() {
			// The service's part: finish the question once it is there.
			for {
				var id int64
				if db.Pool.QueryRow(ctx, "SELECT id FROM rag.queries LIMIT 1").Scan(&id) == nil {
					_ = finish(db, id, "failed")
					return
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		a, err := intake.Ask(ctx, db.Pool, "shop", "How many?", map[string]any{"max_rows": 5}, intake.AskOptions{Timeout: time.Minute})
		require.NoError(t, err)
		require.True(t, a.Done())
		require.Equal(t, "failed", a.Status)
		require.Equal(t, "unknown", a.ErrorClass)
	})

	t.Run("ConcurrentAsksOnASmallPool", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		// Each Ask holds one connection: four on a pool of two finish
		// (before, each took a second one while holding its first, and
		// two Asks held the pool for good).
		cfg, err := pgxpool.ParseConfig(db.URL)
		require.NoError(t, err)
		cfg.MaxConns = 2
		small, err := pgxpool.NewWithConfig(ctx, cfg)
		require.NoError(t, err)
		t.Cleanup(small.Close)
		go func() {
			// The service's part, on its own pool.
			done := map[int64]bool{}
			for len(done) < 4 {
				rows, err := db.Pool.Query(ctx, "SELECT id FROM rag.queries WHERE finished_at IS NULL")
				if err == nil {
					ids, _ := pgx.CollectRows(rows, pgx.RowTo[int64])
					for _, id := range ids {
						if finish(db, id, "failed") == nil {
							done[id] = true
						}
					}
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		errs := make(chan error, 4)
		for i := range 4 {
			go func() {
				a, err := intake.Ask(wctx, small, "shop", fmt.Sprintf("Question %d?", i), nil, intake.AskOptions{Timeout: time.Minute})
				if err == nil && !a.Done() {
					err = fmt.Errorf("question %d not done", a.ID)
				}
				errs <- err
			}()
		}
		for range 4 {
			require.NoError(t, <-errs)
		}
	})

	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		db := setup(t)
		_, err := intake.Ask(ctx, db.Pool, "shop", "How many?", map[string]any{"max_rows": "ten"}, intake.AskOptions{Timeout: time.Minute})
		ce := errclass.Classify(err)
		require.Equal(t, errclass.ValidationBlock, ce.Class)
		require.Equal(t, intake.CodeRejected, ce.Code)
		require.Contains(t, ce.Message, `options.max_rows must be a positive integer, got "ten"`)
		require.Zero(t, intake.QueryID(err))

		_, err = intake.Load(ctx, db.Pool, 424242)
		require.ErrorIs(t, err, intake.ErrNotFound)
	})
}

// TestBlankQuestion: BlankQuestion refuses exactly what
// queries_question_not_empty refuses, character by character at the edges
// of its ranges.
func TestBlankQuestion(t *testing.T) {
	t.Parallel()
	db := setup(t)
	ctx := context.Background()
	for _, q := range []string{
		" ", "\t\n\v\f\r", "\u00a0", "\u1680", "\u180e", "\u2000", "\u200b", "\u200f", "\u2028", "\u202f",
		"\u205f", "\u2060", "\u2064", "\u3000", "\ufeff", " \u200b\ufeff ",
		"a", "\u200b?", "\u0085", "\u1fff", "\u2010", "\u2027", "\u2030", "\u205e", "\u2065", "\u2fff", "\u3001", "\ufefe", "\x1c",
	} {
		_, err := db.Pool.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', $1)", q)
		refused := err != nil
		if refused {
			require.ErrorContains(t, err, "queries_question_not_empty", "%q", q)
		}
		require.Equal(t, refused, intake.BlankQuestion(q), "%q: the database refused it: %v", q, refused)
	}
}
