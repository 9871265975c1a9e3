package schemaindex_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// TestLexicalInMemory: the in-memory scorer Lexical uses returns what the
// SearchLexical query, BM25's definition in SQL, returns: the same
// documents in the same order, the same scores and matched terms, over every
// term of the index in groups, at full and reduced weights, with a top-k
// that cuts ties and a min idf that leaves common terms out.
func TestLexicalInMemory(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{Target: db.Pool})
	s := searcher(t, db)
	cfg := schemaindex.Config{}.WithDefaults()

	terms, err := schemaindex.IndexTerms(ctx, s, "crm")
	require.NoError(t, err)
	require.Greater(t, len(terms), 30, "an index with enough terms to compare on")
	for _, params := range []struct {
		group         int
		minIDF        float64
		commonDF      int32
		tableK, colK  int32
		valueK        int32
		reducedWeight float64
	}{
		{group: 5, minIDF: cfg.MinIDF, commonDF: schemaindex.CommonTermDocs, tableK: 30, colK: 50, valueK: 20, reducedWeight: 0.6},
		{group: 9, minIDF: 2, commonDF: 2, tableK: 3, colK: 4, valueK: 2, reducedWeight: 0.48},
	} {
		for i := 0; i < len(terms); i += params.group {
			group := terms[i:min(i+params.group, len(terms))]
			weights := make([]float64, len(group))
			for j := range weights {
				weights[j] = 1
				if j%2 == 1 {
					weights[j] = params.reducedWeight
				}
			}
			p := &dbsqlc.SearchLexicalParams{
				DatabaseName: "crm", Terms: group, Weights: weights, K1: cfg.K1, B: cfg.B, MinIdf: params.minIDF,
				CommonDf: params.commonDF, TableK: params.tableK, ColumnK: params.colK, ValueK: params.valueK,
			}
			query, memory, err := schemaindex.LexicalBoth(ctx, s, p)
			require.NoError(t, err)
			require.Len(t, memory, len(query), "terms %v", group)
			for j := range query {
				q, m := query[j], memory[j]
				require.InDelta(t, q.Score, m.Score, 1e-9, "terms %v, row %d", group, j)
				q.Score = m.Score
				require.Equal(t, q, m, "terms %v, row %d", group, j)
			}
		}
	}
}

// TestFuzzyInMemory: the in-memory trigram match fuzzy uses finds, for each
// word, the term the FuzzyTerms query (pg_trgm, the definition) finds:
// every term of the index misspelt three ways, and words of no term.
func TestFuzzyInMemory(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{Target: db.Pool})
	s := searcher(t, db)
	var trgm bool
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')").Scan(&trgm))
	if !trgm {
		t.Skip("pg_trgm is not installed: no definition to compare with")
	}
	terms, err := schemaindex.IndexTerms(ctx, s, "crm")
	require.NoError(t, err)
	require.Greater(t, len(terms), 30, "an index with enough terms to compare on")
	look := []string{"zzyzx", "qwrtp"}
	for _, term := range terms {
		if len(term) < 4 {
			continue
		}
		look = append(look,
			term[:1]+term[2:],                         // a letter dropped
			term[:len(term)/2]+"x"+term[len(term)/2:], // a letter added
		)
		for n := 3; n < len(term); n++ {
			look = append(look, term[:n]) // cut short: prefixes tie between terms
		}
	}
	for _, minSim := range []float64{schemaindex.Config{}.WithDefaults().FuzzyMinSimilarity, 0.3} {
		query, memory, err := schemaindex.FuzzyBoth(ctx, s, "crm", look, minSim)
		require.NoError(t, err)
		require.NotEmpty(t, query)
		require.Equal(t, query, memory, "min similarity %v", minSim)
	}
}

// TestLexicalLoadedOnce: a burst's first questions all search at once; the
// in-memory index is loaded once for them, not once each.
func TestLexicalLoadedOnce(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{Target: db.Pool})
	s := searcher(t, db)

	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Go(func() {
			h, err := s.Lexical(ctx, "crm", "Which customers have the largest account balance?", top)
			if err == nil && len(h.Tables) == 0 {
				err = errNoTables
			}
			errs[i] = err
		})
	}
	wg.Wait()
	require.NoError(t, errors.Join(errs...))
	require.Equal(t, int64(1), schemaindex.LexicalLoads(s))

	// A rebuild is a new build: loaded again, once.
	build(t, schemaindex.Source{Target: db.Pool})
	_, err := s.Lexical(ctx, "crm", "account balance", top)
	require.NoError(t, err)
	require.Equal(t, int64(2), schemaindex.LexicalLoads(s))
}

var errNoTables = errors.New("no table found")

// TestDenseIndex: a posting's document is found by its id's offset from
// the first while the ids run without gaps, and by a binary search past a
// gap (a value refused and left out by a build, a value copied apart).
func TestDenseIndex(t *testing.T) {
	t.Parallel()
	ids := []int64{5, 6, 7, 10, 11, 20}
	for want, id := range ids {
		got, ok := schemaindex.DenseIndex(ids, id)
		require.True(t, ok, "id %d", id)
		require.EqualValues(t, want, got, "id %d", id)
	}
	for _, id := range []int64{4, 8, 9, 12, 19, 21, 0, -3} {
		_, ok := schemaindex.DenseIndex(ids, id)
		require.False(t, ok, "id %d", id)
	}
	_, ok := schemaindex.DenseIndex(nil, 1)
	require.False(t, ok)
}
