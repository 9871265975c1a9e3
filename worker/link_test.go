package worker_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// TestLinkingIsRecorded: through the real retrieve stage, what schema
// linking asked and the (fake) model answered lands in
// rag.query_contexts.linking, its summary in rag.queries.retrieval, and the
// table it picked in the context the generation prompt gets.
func TestLinkingIsRecorded(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	snap, err := catalog.Load(ctx, e.db.Pool, "shop")
	require.NoError(t, err)
	_, err = schemaindex.Build(ctx, e.db.Pool, schemaindex.Source{Snapshot: snap, Target: e.db.Pool}, schemaindex.Config{})
	require.NoError(t, err)
	e.ollama.Answer(ollamatest.Contains("Which of these tables"), ollamatest.Response{Content: `{"tables": ["orders", "customers", "invoices"]}`})
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return fence("SELECT count(*) FROM orders WHERE status = 'shipped'")
	})
	e.start(t)

	id := e.askSQL(t, "How many shipped orders are there?", `{"retrieval": "rag"}`)
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))

	var rec retrieval.LinkRecord
	var raw []byte
	var schema string
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT linking, schema FROM rag.query_contexts WHERE query_id = $1", id).Scan(&raw, &schema))
	require.NoError(t, json.Unmarshal(raw, &rec))
	require.Equal(t, retrieval.LinkLinked, rec.Outcome)
	require.Equal(t, []string{"orders", "customers"}, rec.Picked)
	require.Equal(t, []string{"invoices"}, rec.Unknown)
	require.Equal(t, 1, rec.UnknownCount)
	require.ElementsMatch(t, []string{"orders", "customers"}, rec.CandidateTables)
	require.Len(t, rec.Prompt, 2)
	require.Contains(t, rec.Prompt[1].Content, "Question: How many shipped orders are there?")
	require.Equal(t, `{"tables": ["orders", "customers", "invoices"]}`, rec.Reply)
	require.Equal(t, model, rec.Model)
	require.Contains(t, schema, "customers (", "the pick is in the context")

	var meta retrieval.Metadata
	require.NoError(t, json.Unmarshal(q.Retrieval, &meta))
	require.NotNil(t, meta.Linking)
	require.Equal(t, rec.Linking, *meta.Linking, "the metadata carries the summary")
	require.Contains(t, meta.TablesIncluded, "customers")

	// The full schema is not linked: the column stays NULL.
	id = e.askSQL(t, "How many shipped orders are there?", `{}`)
	var linking []byte
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT linking FROM rag.query_contexts WHERE query_id = $1", id).Scan(&linking))
	require.Nil(t, linking)
}
