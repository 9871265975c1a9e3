package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// syncBuffer is a bytes.Buffer the service's goroutines may write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serving is an in-process `nl2sql serve`. stop cancels its context as the
// first SIGINT/SIGTERM does in main; signals delivers later ones.
type serving struct {
	stop    context.CancelFunc
	signals chan os.Signal
	logs    *syncBuffer
	done    chan result
}

func (c *cli) serve(args ...string) *serving {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{stop: cancel, signals: make(chan os.Signal, 1), logs: &syncBuffer{}, done: make(chan result, 1)}
	go func() {
		var out, errb bytes.Buffer
		m := &Main{
			Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Signals: s.signals, Logs: s.logs,
			Getenv: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		}
		code := m.Run(ctx, append([]string{"serve"}, args...))
		s.done <- result{code: code, stdout: out.String(), stderr: errb.String()}
	}()
	c.t.Cleanup(func() {
		cancel()
		select {
		case s.signals <- syscall.SIGTERM:
		default:
		}
	})
	return s
}

// wait returns serve's result once it exited.
func (s *serving) wait(t *testing.T) result {
	t.Helper()
	select {
	case r := <-s.done:
		return r
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not exit; its logs:\n%s", s.logs.String())
		return result{}
	}
}

// waitLog waits until serve has logged text.
func (s *serving) waitLog(t *testing.T, text string) {
	t.Helper()
	// Not require.Eventually: its message would show the logs as they were
	// when the wait began.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(s.logs.String(), text) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	require.Contains(t, s.logs.String(), text, "serve never logged it")
}

// heldModel makes the fake model hold every reply until release: a model
// call in flight for as long as the test needs, without timing.
type heldModel struct {
	calls   chan struct{}
	once    sync.Once
	release chan struct{}
}

func holdModel(t *testing.T, srv *ollamatest.Server, reply string) *heldModel {
	h := &heldModel{calls: make(chan struct{}, 100), release: make(chan struct{})}
	srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		h.calls <- struct{}{}
		<-h.release
		return ollamatest.Response{Content: "```sql\n" + reply + "\n```"}
	})
	// Registered after the server's own cleanup, so it runs first: the
	// server waits for its handlers when it closes.
	t.Cleanup(h.open)
	return h
}

func (h *heldModel) open() { h.once.Do(func() { close(h.release) }) }

// inFlight waits for a model call to arrive.
func (h *heldModel) inFlight(t *testing.T) {
	t.Helper()
	select {
	case <-h.calls:
	case <-time.After(30 * time.Second):
		t.Fatal("no model call arrived")
	}
}

// TestServeDrain: SIGTERM while a generation is in flight lets it finish
// and commit (exit 0, the model is not called again after a restart); a
// second signal, or the drain timeout, cancels it instead, and it runs
// again on the next start — the question still ends exactly once.
func TestServeDrain(t *testing.T) {
	t.Parallel()
	const question, reply = "Which customers do we have?", "SELECT name FROM customers ORDER BY name"

	for _, tc := range []struct {
		name  string
		args  []string
		hurry bool // send a second signal
		// log is what serve says; drained: the generation committed before
		// serve exited.
		log     string
		drained bool
	}{
		{name: "Drains", args: []string{"--drain-timeout", "1m"}, log: "drained: every running job finished", drained: true},
		{name: "SecondSignalCancels", args: []string{"--drain-timeout", "1m"}, hurry: true, log: "second signal: cancelling 1 running job(s)"},
		{name: "DrainTimeoutCancels", args: []string{"--drain-timeout", "300ms"}, log: "drain timeout (300ms): cancelling 1 running job(s)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := setup(t)
			c.env["NL2SQL_CANDIDATES_ENABLED"] = "false" // one model call per generation
			c.env["NL2SQL_LOG_LEVEL"] = "info"
			c.registered()
			model := holdModel(t, c.ollama, reply)
			ctx := context.Background()

			s := c.serve(tc.args...)
			id, err := intake.Submit(ctx, c.db.Pool, "shop", question, nil)
			require.NoError(t, err)
			model.inFlight(t)
			// Registering the database queued an examples check (a catalog
			// refresh re-checks examples): let it finish, so the generation
			// is the one running job the drain reports.
			require.Eventually(t, func() bool {
				var others int
				require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT count(*) FROM river.river_job
					WHERE state IN ('available', 'running') AND kind <> 'nl2sql.generate'`).Scan(&others))
				return others == 0
			}, 30*time.Second, 5*time.Millisecond, "a job other than the generation is still queued or running")

			s.stop() // SIGTERM
			// The count at the drain's start may still include the retrieve
			// job: its hand-off commits (and the generation can start)
			// before its worker returns. The count that matters is the one
			// the second signal or the timeout cancels (tc.log).
			s.waitLog(t, "draining: fetching no new jobs, waiting for ")
			if tc.hurry {
				// Let a stage that just handed off return (see above), so
				// that the generation is the one job the signal cancels.
				time.Sleep(200 * time.Millisecond)
				s.signals <- syscall.SIGTERM
			}
			if tc.drained {
				model.open()
			}
			r := s.wait(t)
			require.Equal(t, exitOK, r.code, r.stderr)
			require.Contains(t, s.logs.String(), tc.log)

			var status string
			var attempts int
			require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT status, (SELECT count(*) FROM rag.attempts a WHERE a.query_id = q.id)
				FROM rag.queries q WHERE id = $1`, id).Scan(&status, &attempts))
			var genState string
			var genAttempt int
			require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT state, attempt FROM river.river_job WHERE kind = 'nl2sql.generate'`).Scan(&genState, &genAttempt))
			if tc.drained {
				require.Equal(t, "validating", status, "the generation committed and handed the question on")
				require.Equal(t, 1, attempts)
				require.Equal(t, "completed", genState)
			} else {
				require.Equal(t, "generating", status, "a cancelled generation commits nothing")
				require.Zero(t, attempts)
				require.Equal(t, "available", genState, "back in the queue for the next start")
				require.Zero(t, genAttempt, "being cancelled by a shutdown spends no attempt")
			}

			// The next start finishes the question, once.
			model.open()
			w, err := intake.Listen(ctx, c.db.Pool)
			require.NoError(t, err)
			defer w.Close()
			s = c.serve()
			wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			var done []intake.Done
			require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { done = append(done, d) }))
			require.Equal(t, []intake.Done{{ID: id, Status: "succeeded"}}, done)
			s.stop()
			r = s.wait(t)
			require.Equal(t, exitOK, r.code, r.stderr)

			calls := len(c.ollama.ChatRequests())
			if tc.drained {
				require.Equal(t, 1, calls, "the drained generation is not redone")
			} else {
				require.Equal(t, 2, calls, "the cancelled generation ran again")
			}
			require.NoError(t, c.db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.attempts WHERE query_id = $1", id).Scan(&attempts))
			require.Equal(t, 1, attempts, "one generation recorded")
			var results int
			require.NoError(t, c.db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.query_results WHERE query_id = $1", id).Scan(&results))
			require.Equal(t, 1, results)
		})
	}
}

// TestRescueAfterSetting: a RESCUE_AFTER below the stage timeout is refused
// at startup with a message naming the variable and the limit.
func TestRescueAfterSetting(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{"NL2SQL_RESCUE_AFTER": "90s", "NL2SQL_DATABASE_URL": "postgres://u@127.0.0.1:1/none"}}
	r := c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "NL2SQL_RESCUE_AFTER must be at least 2m (the stage timeout: a running stage is never taken over), got 90s")
	require.NotContains(t, r.stderr, "unknown")

	c.env["NL2SQL_RESCUE_AFTER"] = "2m"
	c.env["NL2SQL_LLM_TIMEOUT"] = "90s" // below the generation it cuts to 2m
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.NotContains(t, r.stderr, "NL2SQL_RESCUE_AFTER", "2m is accepted")

	// A model call the generate stage's deadline would always end first:
	// every try of a slow model would be cut, so it is refused.
	delete(c.env, "NL2SQL_RESCUE_AFTER")
	c.env["NL2SQL_LLM_TIMEOUT"] = "5m"
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "NL2SQL_LLM_TIMEOUT (5m) must be shorter than the generate stage's timeout (3m: NL2SQL_GENERATE_TIMEOUT, cut at NL2SQL_RESCUE_AFTER)")
	// Only what runs the stages refuses it: env (like mcp or bench
	// retrieval) makes no generation.
	r = c.run("", "env")
	require.Equal(t, 0, r.code, r.stderr)
	// A longer stage takes RESCUE_AFTER with it when that is unset...
	c.env["NL2SQL_GENERATE_TIMEOUT"] = "6m"
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.NotContains(t, r.stderr, "NL2SQL_LLM_TIMEOUT")
	// ...and is cut by it when set.
	c.env["NL2SQL_RESCUE_AFTER"] = "4m"
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "NL2SQL_LLM_TIMEOUT (5m) must be shorter than the generate stage's timeout (4m: ")
}

// TestServeDrainWithMCPCallWaiting: SIGTERM while an nl_query over /mcp
// waits for its answer. The caller hears at once that its question stays
// queued (with its id, for get_query), rather than a connection closed with
// no reply after the HTTP grace; and the drain starts then — workers stop
// fetching, and a second signal is heard — not up to 10s later.
func TestServeDrainWithMCPCallWaiting(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.env["NL2SQL_CANDIDATES_ENABLED"] = "false"
	c.env["NL2SQL_LOG_LEVEL"] = "info"
	c.registered()
	model := holdModel(t, c.ollama, "SELECT name FROM customers ORDER BY name")
	addr := freeAddr(t)
	s := c.serve("--http", addr, "--drain-timeout", "1m")
	base := "http://" + addr
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, time.Minute, 20*time.Millisecond)

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	require.NoError(t, err)
	defer cs.Close()
	type called struct {
		res *mcp.CallToolResult
		err error
	}
	answered := make(chan called, 1)
	go func() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "nl_query", Arguments: map[string]any{"question": "Which customers do we have?", "database": "shop"}})
		answered <- called{res, err}
	}()
	model.inFlight(t)

	s.stop() // SIGTERM
	var got called
	select {
	case got = <-answered:
	case <-time.After(5 * time.Second):
		t.Fatalf("the waiting nl_query got no reply within 5s of SIGTERM; serve's logs:\n%s", s.logs.String())
	}
	require.NoError(t, got.err, "the caller gets a reply, not a closed connection")
	require.True(t, got.res.IsError)
	var text string
	for _, ct := range got.res.Content {
		if tc, ok := ct.(*mcp.TextContent); ok {
			text += tc.Text
		}
	}
	require.Contains(t, text, "stays queued")
	require.Contains(t, text, "call get_query with id ")
	s.waitLog(t, "draining: fetching no new jobs")
	model.open()
	r := s.wait(t)
	require.Equal(t, exitOK, r.code, r.stderr)
}
