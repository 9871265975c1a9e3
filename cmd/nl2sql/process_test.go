package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// gateModel is a fake model whose replies wait while the gate is shut: it
// holds model calls in flight for as long as a test needs, without timing.
type gateModel struct {
	mu      sync.Mutex
	open    chan struct{} // closed while the gate is open
	waiting atomic.Int64
}

func newGateModel(t *testing.T, srv *ollamatest.Server, reply string) *gateModel {
	g := &gateModel{open: make(chan struct{})}
	close(g.open)
	srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		g.mu.Lock()
		open := g.open
		g.mu.Unlock()
		g.waiting.Add(1)
		<-open
		g.waiting.Add(-1)
		return ollamatest.Response{Content: "```sql\n" + reply + "\n```"}
	})
	t.Cleanup(g.release) // before the server's cleanup, which waits for its handlers
	return g
}

func (g *gateModel) shut() {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.open:
		g.open = make(chan struct{})
	default:
	}
}

func (g *gateModel) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.open:
	default:
		close(g.open)
	}
}

// process is an `nl2sql serve` process.
type process struct {
	name string
	cmd  *exec.Cmd
	logs *syncBuffer
	done chan struct{}
	err  error
}

func startServe(t *testing.T, bin string, env []string, name string) *process {
	t.Helper()
	p := &process{name: name, logs: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve", "--drain-timeout", "1m")
	p.cmd.Env = env
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	require.NoError(t, p.cmd.Start())
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		<-p.done
		if t.Failed() {
			t.Logf("logs of %s:\n%s", p.name, p.logs.String())
		}
	})
	return p
}

// wait waits for the process to exit and returns its exit code (-1 when a
// signal killed it).
func (p *process) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not exit", p.name)
	}
	return p.cmd.ProcessState.ExitCode()
}

// raceEnabled is set when the tests run with -race (race_test.go).
var raceEnabled bool

// buildBinary builds nl2sql into a test directory, with -race when the
// tests have it: the packages are then in the build cache already.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "nl2sql")
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race")
	}
	out, err := exec.Command("go", append(args, ".")...).CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// TestTwoServesKillAndDrain runs the built binary as separate processes,
// as a deployment does: two `serve`s share the questions; one is killed
// with SIGKILL while model calls are in flight, the other is stopped with
// SIGTERM while its own calls are in flight, and a third starts after. Every
// question ends exactly once with one result; the SIGTERMed process
// finishes its calls and commits them (exit 0, not redone); only the killed
// process's calls are made again, once its jobs are rescued.
func TestTwoServesKillAndDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs processes")
	}
	t.Parallel()
	c := setup(t)
	c.registered()
	ctx := context.Background()
	began := time.Now()
	bin := buildBinary(t)
	phase := func(what string) { t.Logf("%6.1fs %s", time.Since(began).Seconds(), what) }
	phase("built")
	model := newGateModel(t, c.ollama, "SELECT name FROM customers ORDER BY name")

	env := append(os.Environ(),
		"NL2SQL_DATABASE_URL="+c.db.URL, "OLLAMA_HOST="+c.ollama.URL(), "NL2SQL_LOG_LEVEL=info",
		"NL2SQL_CANDIDATES_ENABLED=false", // one model call per question
		"NL2SQL_LLM_WORKERS=2", "NL2SQL_RETRY_BACKOFF=20ms", "NL2SQL_FETCH_COOLDOWN=5ms")

	// Count every completion notification, across all processes.
	listener, err := pgx.Connect(ctx, c.db.URL)
	require.NoError(t, err)
	defer listener.Close(ctx)
	_, err = listener.Exec(ctx, "LISTEN rag_query_done")
	require.NoError(t, err)

	const n = 30
	questions := make([]string, n)
	for i := range questions {
		questions[i] = fmt.Sprintf("Which customers do we have? (%d)", i)
	}
	ids, err := intake.SubmitMany(ctx, c.db.Pool, "shop", questions, nil)
	require.NoError(t, err)

	count := func(sql string, args ...any) int {
		t.Helper()
		var v int
		require.NoError(t, c.db.Pool.QueryRow(ctx, sql, args...).Scan(&v))
		return v
	}
	eventually := func(what string, cond func() bool) {
		t.Helper()
		require.Eventually(t, cond, 60*time.Second, 10*time.Millisecond, what)
	}
	// runningBy lists the running jobs last attempted by client.
	runningBy := func(client string) []int64 {
		t.Helper()
		rows, err := c.db.Pool.Query(ctx, `SELECT id FROM river.river_job
			WHERE state = 'running' AND attempted_by[array_length(attempted_by, 1)] = $1 ORDER BY id`, client)
		require.NoError(t, err)
		out, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		require.NoError(t, err)
		return out
	}
	// generateClient is the client running the generate jobs: one process
	// only while the other has none.
	generateClients := func() []string {
		t.Helper()
		rows, err := c.db.Pool.Query(ctx, `SELECT DISTINCT attempted_by[array_length(attempted_by, 1)] FROM river.river_job
			WHERE state = 'running' AND kind = 'nl2sql.generate'`)
		require.NoError(t, err)
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return out
	}

	// A works alone for a while, then its two model calls hang.
	a := startServe(t, bin, env, "A")
	eventually("A answers some questions", func() bool { return count("SELECT count(*) FROM rag.queries WHERE status = 'succeeded'") >= 5 })
	phase("A answered some")
	model.shut()
	eventually("A's two model calls hang", func() bool { return model.waiting.Load() == 2 })
	clients := generateClients()
	require.Len(t, clients, 1)
	clientA := clients[0]

	phase("A hangs")
	// B joins; its two calls hang too.
	b := startServe(t, bin, env, "B")
	eventually("B's two model calls hang", func() bool { return model.waiting.Load() == 4 })

	phase("B hangs")
	// kill -9 A: its running jobs committed nothing and stay running.
	require.NoError(t, a.cmd.Process.Signal(syscall.SIGKILL))
	require.Equal(t, -1, a.wait(t), "killed")
	stuck := runningBy(clientA)
	require.Equal(t, 2, count("SELECT count(*) FROM river.river_job WHERE id = ANY($1) AND kind = 'nl2sql.generate'", stuck),
		"A died with its two generations in flight")

	phase("A killed")
	// SIGTERM B while its calls are in flight: it drains them.
	require.NoError(t, b.cmd.Process.Signal(syscall.SIGTERM))
	eventually("B drains", func() bool { return strings.Contains(b.logs.String(), "draining: fetching no new jobs") })
	clients = generateClients()
	clientB := ""
	for _, cl := range clients {
		if cl != clientA {
			clientB = cl
		}
	}
	require.NotEmpty(t, clientB)
	drained := runningBy(clientB)
	model.release()
	require.Equal(t, 0, b.wait(t), b.logs.String())
	require.Contains(t, b.logs.String(), "drained: every running job finished")
	require.Equal(t, len(drained), count("SELECT count(*) FROM river.river_job WHERE id = ANY($1) AND state = 'completed' AND attempt = 1", drained),
		"B's running jobs finished and committed on their first attempt")

	phase("B drained")
	// The time A's jobs wait for the rescue (NL2SQL_RESCUE_AFTER, at least
	// 2m) passes; A's leadership lease, if it held it, expires. A fresh
	// serve takes A's jobs over and finishes everything.
	_, err = c.db.Pool.Exec(ctx, "UPDATE river.river_job SET attempted_at = now() - interval '1 hour' WHERE id = ANY($1)", stuck)
	require.NoError(t, err)
	_, err = c.db.Pool.Exec(ctx, "DELETE FROM river.river_leader")
	require.NoError(t, err)
	cproc := startServe(t, bin, env, "C")
	eventually("every question ends", func() bool {
		return count("SELECT count(*) FROM rag.queries WHERE status IN ('succeeded', 'failed')") == n
	})
	require.NoError(t, cproc.cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, cproc.wait(t), cproc.logs.String())

	phase("every question ended, C stopped")
	seen := map[int64]int{}
	for {
		wctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		note, err := listener.WaitForNotification(wctx)
		cancel()
		if err != nil {
			break // every notification sent has arrived by now: the questions ended before
		}
		var d intake.Done
		require.NoError(t, json.Unmarshal([]byte(note.Payload), &d))
		require.Equal(t, "succeeded", d.Status)
		seen[d.ID]++
	}
	for _, id := range ids {
		require.Equal(t, 1, seen[id], "question %d notified exactly once", id)
	}
	require.Equal(t, n, count("SELECT count(*) FROM rag.queries WHERE status = 'succeeded'"))
	require.Equal(t, n, count("SELECT count(*) FROM rag.query_results"), "one result per question")
	require.Equal(t, n, count("SELECT count(*) FROM rag.attempts"), "no generation recorded twice")
	require.Equal(t, n, count("SELECT count(*) FROM rag.candidates WHERE selected"))
	require.Equal(t, n+2, len(c.ollama.ChatRequests()), "only the two calls A died in were made again")
	require.Equal(t, 2, count(`SELECT count(*) FROM rag.stage_timings s JOIN river.river_job j ON j.id = s.job_id
		WHERE j.id = ANY($1) AND s.stage = 'generate' AND s.job_attempts = 2`, stuck), "A's generations ran again on a second attempt")
	require.Zero(t, count("SELECT count(*) FROM river.river_job WHERE state <> 'completed' AND kind <> 'nl2sql.sweep'"), "no job left behind")
}

// TestHangupDrains sends SIGHUP to a `serve` run from a terminal that
// closed (an ssh session dropped): it drains and exits 0 as on SIGTERM,
// instead of dying at once with its running jobs (and an `nl2sql exam`
// with its run left "running" and its questions answered for nobody).
func TestHangupDrains(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs processes")
	}
	t.Parallel()
	c := setup(t)
	bin := buildBinary(t)
	env := append(os.Environ(), "NL2SQL_DATABASE_URL="+c.db.URL, "OLLAMA_HOST="+c.ollama.URL(), "NL2SQL_LOG_LEVEL=info")
	p := startServe(t, bin, env, "serve")
	require.Eventually(t, func() bool { return strings.Contains(p.logs.String(), "nl2sql: serving") }, 60*time.Second, 10*time.Millisecond)
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGHUP))
	require.Equal(t, 0, p.wait(t), "logs:\n%s", p.logs.String())
	require.Contains(t, p.logs.String(), "draining")
}
