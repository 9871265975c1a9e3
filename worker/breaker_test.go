package worker_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/target"
)

// testClock is a clock the test moves.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// breakerEnv is setup's pipeline on a model client whose calls time out
// after 300ms and whose breaker opens after two of them for a minute of
// clock.
type breakerEnv struct {
	*env
	clock *testClock
}

func setupBreaker(t *testing.T) *breakerEnv {
	t.Helper()
	e := setup(t)
	clock := &testClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}
	client, err := llm.New(llm.Config{
		Host: e.ollama.URL(), Model: model, RequestTimeout: 300 * time.Millisecond, Clock: clock.Now,
		Breaker: llm.BreakerConfig{Failures: 2, Cooldown: time.Minute},
	})
	require.NoError(t, err)
	t.Cleanup(client.Close)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(e.db.Pool, client, parts.Config{})
	require.NoError(t, err)
	e.deps = p.Deps(targets)
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT count(*) FROM customers") })
	return &breakerEnv{env: e, clock: clock}
}

// chats is how many chat requests the model server received.
func (e *breakerEnv) chats() int {
	n := 0
	for _, r := range e.ollama.Requests() {
		if r.Path == "/api/chat" {
			n++
		}
	}
	return n
}

// TestHungModelServer: a model server that accepts requests and answers
// none costs the questions the request timeout until the model's breaker
// opens; then they fail at once, naming the server and when it is tried
// again, without a request; once the cool-down is out and the server
// answers, so do the questions. A healthy server sees one request a call.
func TestHungModelServer(t *testing.T) {
	t.Parallel()
	e := setupBreaker(t)
	e.cfg.InfraAttempts = 1 // each question's fate is its one call's
	e.start(t)

	id := e.askSQL(t, "How many customers?", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status)
	require.Equal(t, 1, e.chats(), "healthy: one call, one request")

	e.ollama.SetHung(true)
	for range 2 {
		id = e.askSQL(t, "How many customers?", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Contains(t, deref(q.Error), "did not finish the chat request for model \"qwen2.5-coder:7b\" within 300ms")
	}
	require.Equal(t, 3, e.chats())

	id = e.askSQL(t, "How many customers?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "infra_failure", deref(q.ErrorClass))
	require.Contains(t, deref(q.Error), "Ollama at "+e.ollama.URL()+" failed the last 2 calls for model \"qwen2.5-coder:7b\"")
	require.Contains(t, deref(q.Error), "nl2sql sends it no call until 2030-01-02T03:05:05Z (in 1m0s), then one to try it again")
	require.Equal(t, 3, e.chats(), "failed without a request")

	e.ollama.SetHung(false)
	e.clock.Add(time.Minute)
	for range 2 {
		id = e.askSQL(t, "How many customers?", "{}")
		q = query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	}
	require.Equal(t, 5, e.chats(), "tried again, and answered, after the cool-down")
}

// TestOpenBreakerRetriesAfterCooldown: a question that meets the model's
// open breaker is tried again when the model is, and says so, rather than
// after the worker's backoff: a try sooner would be refused too.
func TestOpenBreakerRetriesAfterCooldown(t *testing.T) {
	t.Parallel()
	e := setupBreaker(t)
	e.cfg.InfraAttempts = 5
	e.ollama.SetHung(true)
	e.start(t)

	_, id := e.submit(t, "How many customers?")
	require.Eventually(t, func() bool {
		d := query(t, e.db.Pool, id).StatusDetail
		return d != nil && strings.Contains(*d, "failed the last 2 calls")
	}, 20*time.Second, 10*time.Millisecond)
	d := deref(query(t, e.db.Pool, id).StatusDetail)
	require.Regexp(t, `^generate: retrying in about 1m[0-6]s when the model server is tried again \(attempt 4 of 5\) after: Ollama at `, d,
		"the cool-down's minute, plus up to 10% so that the questions refused together do not come back at once")
	require.Equal(t, 2, e.chats())
}
