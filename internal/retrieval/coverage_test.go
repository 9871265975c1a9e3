package retrieval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

func TestCoverage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := loadSnapshot(t, "erp")
	// "leave" (concept 1) matches two tables strongly, "department"
	// (concept 2) one weakly: ranked by score, a one-table selection would
	// hold only the first concept's.
	matched := func(h schemaindex.Hit, terms ...string) schemaindex.Hit { h.Matched = terms; return h }
	hits := &schemaindex.Hits{
		Terms: []schemaindex.Term{{Word: "leave", Term: "leav", Weight: 1, Concept: 1}, {Word: "departments", Term: "depart", Weight: 1, Concept: 2}},
		Tables: []schemaindex.Hit{
			matched(hit(schemaindex.KindTable, 1, 0.9, "leave_requests"), "leav"),
			matched(hit(schemaindex.KindTable, 2, 0.8, "leave_types"), "leav"),
		},
		Columns: []schemaindex.Hit{matched(hit(schemaindex.KindColumn, 1, 0.2, "departments", "name"), "depart")},
	}
	cfg := retrieval.RAGConfig{MaxTables: 1, MinRelativeScore: 0.5, JoinPlannerDisabled: true, FKExpansionDisabled: true, NeighbourFillDisabled: true}
	req := retrieval.Request{Question: "leave by departments", Snapshot: snap}

	res, err := rag(t, &fakeIndex{info: schemaindex.Info{Database: "erp"}, lexical: hits}, cfg).Retrieve(ctx, req)
	require.NoError(t, err)
	require.Equal(t, []string{"leave_requests", "departments"}, res.Metadata.TablesIncluded,
		"the second concept's best table joins; the first concept's runner-up does not")
	require.Equal(t, []string{"table", "coverage"}, sources(res.Scores))
	require.Equal(t, 1, res.Metadata.Metrics.Expansion["coverage"])

	cfg.CoverageExtra = -1
	res, err = rag(t, &fakeIndex{info: schemaindex.Info{Database: "erp"}, lexical: hits}, cfg).Retrieve(ctx, req)
	require.NoError(t, err)
	require.Equal(t, []string{"leave_requests"}, res.Metadata.TablesIncluded, "coverage off")
}
