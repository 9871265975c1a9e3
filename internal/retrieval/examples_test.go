package retrieval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// A table a similar verified example reads is a strong candidate: ranked at
// retrieval.ExampleScore at least, added when the searches missed it.
func TestExampleTables(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := loadSnapshot(t, "erp")
	setup := func(t *testing.T) *fakeIndex {
		t.Helper()
		return &fakeIndex{info: schemaindex.Info{
			Database: "erp", Vectors: schemaindex.VectorsNone,
			Stats: schemaindex.Stats{Modules: map[string]int{"HR": 4}},
		}, lexical: leaveHits()}
	}
	scoreOf := func(res *retrieval.Result, name string) (retrieval.TableScore, bool) {
		for _, s := range res.Scores {
			if s.Name == name {
				return s, true
			}
		}
		return retrieval.TableScore{}, false
	}
	req := retrieval.Request{Question: "Which employees have pending leave requests?", Snapshot: snap}

	without, err := rag(t, setup(t), retrieval.RAGConfig{}).Retrieve(ctx, req)
	require.NoError(t, err)
	_, found := scoreOf(without, "active_employees")
	require.False(t, found, "nothing in the question finds active_employees")

	req.ExampleTables = []string{"active_employees", "public.leave_types", "no_such_table"}
	with, err := rag(t, setup(t), retrieval.RAGConfig{}).Retrieve(ctx, req)
	require.NoError(t, err)
	s, found := scoreOf(with, "active_employees")
	require.True(t, found)
	require.Equal(t, "example", s.Source)
	require.GreaterOrEqual(t, s.Score, retrieval.ExampleScore)
	s, found = scoreOf(with, "leave_types")
	require.True(t, found)
	require.GreaterOrEqual(t, s.Score, retrieval.ExampleScore, "an example raises a table the searches found too")
}
