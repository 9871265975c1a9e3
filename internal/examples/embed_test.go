package examples_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/llm/llmtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// An example whose question is longer than the embedding model's window is
// embedded by its front: refused, it failed every batch it was in, and no
// example of its database was ever found by meaning.
func TestSimilarLongerThanTheWindow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop')")
	require.NoError(t, err)
	long := "How many orders per customer were shipped, " + strings.Repeat("counting every order of every customer of every region, ", 10) + "last year?"
	_, err = db.Pool.Exec(ctx, `INSERT INTO rag.examples (database_name, question, sql, checked_at)
		VALUES ('shop', $1, 'SELECT 1', now()), ('shop', 'How many orders per customer were shipped?', 'SELECT 2', now())`, long)
	require.NoError(t, err)
	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{EmbedDim: 16}, EmbedContextLength: 64})
	client, err := llm.New(llm.Config{Host: srv.URL()})
	require.NoError(t, err)
	t.Cleanup(client.Close)
	s, err := examples.New(db.Pool, examples.Config{Embedder: client, EmbedModel: "nomic-embed-text"})
	require.NoError(t, err)

	found, err := s.Similar(ctx, examples.Query{Database: "shop", Question: "How many orders per customer were shipped last year?"})
	require.NoError(t, err)
	require.NotEmpty(t, found)
	var embedded int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.examples WHERE embedding IS NOT NULL AND embed_model = 'nomic-embed-text'").Scan(&embedded))
	require.Equal(t, 2, embedded, "the long example too, by its front")
	var byMeaning bool
	for _, e := range found {
		byMeaning = byMeaning || e.By == "meaning"
	}
	require.True(t, byMeaning, "found by meaning: %+v", found)
}

// Long examples on a slow model: finding each one's front takes several
// calls, more than one question's time allows for all of them. Each
// question embeds itself and as many examples as its time allows, and the
// backlog is done in a few questions. Fitted as one batch, every question
// ran out of time having stored nothing, tripped the cool-down, and no
// example was ever embedded.
func TestSimilarLongExamplesOnASlowModel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop')")
	require.NoError(t, err)
	for i := range 3 {
		long := "How many orders per customer were shipped, " + strings.Repeat("counting every order of every customer, ", 3+i) + "last year?"
		_, err = db.Pool.Exec(ctx, `INSERT INTO rag.examples (database_name, question, sql, checked_at) VALUES ('shop', $1, 'SELECT 1', now())`, long)
		require.NoError(t, err)
	}
	var calls atomic.Int32
	s, err := examples.New(db.Pool, examples.Config{
		Embedder:     llmtest.WindowEmbedder{Window: 64, Took: 80 * time.Millisecond, Calls: &calls},
		EmbedModel:   "slow-embed",
		EmbedTimeout: 400 * time.Millisecond,
	})
	require.NoError(t, err)

	embedded := func() int {
		var n int
		require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.examples WHERE embed_model = 'slow-embed'").Scan(&n))
		return n
	}
	for i := range 6 {
		before := calls.Load()
		_, err := s.Similar(ctx, examples.Query{Database: "shop", Question: "How many orders were shipped?"})
		require.NoError(t, err)
		require.Greater(t, calls.Load(), before, "question %d asked the model (no cool-down)", i)
		if embedded() == 3 {
			return
		}
	}
	require.Equal(t, 3, embedded(), "every example embedded within six questions")
}
