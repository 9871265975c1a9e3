package worker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// TestOptionsSpelledAsFloatsRun: each integer option written as a float
// (Python's json.dumps writes 5000.0) is accepted at INSERT and takes
// effect in the worker, instead of failing there.
func TestOptionsSpelledAsFloatsRun(t *testing.T) {
	t.Parallel()
	e := setup(t)
	// options.candidates takes effect only where candidates are on.
	e.cfg.Candidates = candidate.Config{}
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		if strings.Contains(req.LastUser(), "broken") {
			return fence("SELECT nope FROM customers")
		}
		return fence("SELECT name FROM customers ORDER BY name")
	})
	e.start(t)
	ctx := context.Background()
	q := dbsqlc.New()

	t.Run("max_rows", func(t *testing.T) {
		id := e.askSQL(t, "List customers", `{"max_rows": 1.0}`)
		got := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", got.Status, "error: %s", deref(got.Error))
		require.Contains(t, *got.Sql, "LIMIT 2")
		res, err := q.GetQueryResult(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.EqualValues(t, 1, res.RowCount)
		require.True(t, res.Truncated)
	})
	t.Run("timeout_ms", func(t *testing.T) {
		id := e.askSQL(t, "List customers", `{"timeout_ms": 5000.0}`)
		got := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", got.Status, "error: %s", deref(got.Error))
	})
	t.Run("max_attempts", func(t *testing.T) {
		// The default would repair twice; one attempt means none.
		id := e.askSQL(t, "List broken customers", `{"max_attempts": 1.0}`)
		got := query(t, e.db.Pool, id)
		require.Equal(t, "failed", got.Status)
		require.Equal(t, "sql_error", deref(got.ErrorClass))
		require.EqualValues(t, 1, got.Attempts)
	})
	t.Run("candidates", func(t *testing.T) {
		id := e.askSQL(t, "List customers", `{"candidates": 3.0}`)
		got := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", got.Status, "error: %s", deref(got.Error))
		attempts, err := q.ListAttempts(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.EqualValues(t, 3, *attempts[0].Calls)
	})
	t.Run("temperature", func(t *testing.T) {
		before := len(e.ollama.ChatRequests())
		id := e.askSQL(t, "List customers", `{"temperature": 1.0}`)
		got := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", got.Status, "error: %s", deref(got.Error))
		chats := e.ollama.ChatRequests()
		require.Greater(t, len(chats), before)
		require.Equal(t, 1.0, chats[len(chats)-1].Options["temperature"])
	})
}
