package retrieval

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

func TestFuse(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, vectorWeight float64) *evidence {
		t.Helper()
		cfg := RAGConfig{}.WithDefaults()
		cfg.VectorWeight = vectorWeight
		r := &RAG{cfg: cfg}
		table := func(name string, rank int, relevance float64) schemaindex.Hit {
			return schemaindex.Hit{Kind: schemaindex.KindTable, Schema: "s", Table: name, Rank: rank, Relevance: relevance}
		}
		ev := &evidence{
			info:    &schemaindex.Info{},
			lexical: &schemaindex.Hits{Tables: []schemaindex.Hit{table("orders", 1, 0.9), table("returns", 2, 0.3)}},
			// A model whose similarities all sit high, ranking the
			// lexical search's second table first.
			vector: &schemaindex.Hits{Tables: []schemaindex.Hit{table("returns", 1, 0.8), table("orders", 2, 0.75), table("rmas", 3, 0.7)}},
		}
		r.fuse(ev)
		return ev
	}

	t.Run("LexicalRelevanceKept", func(t *testing.T) {
		t.Parallel()
		ev := setup(t, 0.25)
		k := 60.0
		best := 1.25 / (k + 1)
		require.InDelta(t, 0.9*(1/(k+1)+0.25/(k+2))/best, ev.tables["s.orders"].relevance, 1e-9)
		require.InDelta(t, 0.3*(1/(k+2)+0.25/(k+1))/best, ev.tables["s.returns"].relevance, 1e-9,
			"the cosine 0.8 does not replace the lexical relevance 0.3")
		require.Greater(t, ev.tables["s.orders"].relevance, ev.tables["s.returns"].relevance)
		require.InDelta(t, 0.7*(0.25/(k+3))/best, ev.tables["s.rmas"].relevance, 1e-9,
			"a hit only the vectors made keeps its similarity, at the vector list's weight")
	})

	t.Run("ZeroWeightChangesNothing", func(t *testing.T) {
		t.Parallel()
		ev := setup(t, 0)
		require.InDelta(t, 0.9, ev.tables["s.orders"].relevance, 1e-9)
		require.InDelta(t, 0.3*61.0/62.0, ev.tables["s.returns"].relevance, 1e-9)
		require.Zero(t, ev.tables["s.rmas"].relevance)
	})
}
