package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// TestBenchRetrieval runs `nl2sql bench retrieval` at the demo ERP's size
// on a fresh database: it loads and indexes the ERP itself, and prints the
// issue's JSON. With an embedding model (here the fake Ollama's
// bag-of-words embeddings: the path, not a model's quality) it runs hybrid
// too; without one it says why it did not.
func TestBenchRetrieval(t *testing.T) {
	t.Parallel()
	type report struct {
		Runs    []*bench.RetrievalRun `json:"runs"`
		Skipped []string              `json:"skipped"`
	}
	setup := func(t *testing.T, ollama string) *cli {
		t.Helper()
		db := dbtest.NewDB(t)
		return &cli{t: t, db: db, env: map[string]string{"NL2SQL_DATABASE_URL": db.URL, "NL2SQL_LOG_LEVEL": "error", "OLLAMA_HOST": ollama}}
	}

	t.Run("Hybrid", func(t *testing.T) {
		t.Parallel()
		srv := ollamatest.NewT(t, ollamatest.Config{Models: []string{"qwen2.5-coder:7b"}})
		srv.OnChat(linkFirstTwo) // the chat model: linked runs too
		c := setup(t, srv.URL())
		r := c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--unseen=false")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stderr, "indexing erp (75 tables)")
		var rep report
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
		require.Len(t, rep.Runs, 3)
		require.Empty(t, rep.Skipped)
		lex, hyb := rep.Runs[0], rep.Runs[1]
		require.Equal(t, "lexical", lex.Mode)
		require.Equal(t, "hybrid", hyb.Mode)
		require.Equal(t, "linked", rep.Runs[2].Mode)
		for _, run := range rep.Runs {
			require.Equal(t, "erp", run.Set)
			require.Equal(t, 75, run.Tables)
			require.Equal(t, 60, run.Questions)
			require.Empty(t, run.Modes, "every question retrieved in the mode asked for")
			require.LessOrEqual(t, run.MeanTables, 12.0)
			require.Positive(t, run.P95MS)
		}
		require.GreaterOrEqual(t, lex.FullRecall, 58)
	})

	t.Run("NoModel", func(t *testing.T) {
		t.Parallel()
		c := setup(t, "http://127.0.0.1:1")
		r := c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--unseen=false")
		require.Equal(t, 0, r.code, r.stderr)
		var rep report
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
		require.Len(t, rep.Runs, 1)
		require.Equal(t, "lexical", rep.Runs[0].Mode)
		require.Len(t, rep.Skipped, 2)
		require.Contains(t, rep.Skipped[0], "hybrid: skipped: no embedding model (embedding model nomic-embed-text: cannot reach Ollama")
		require.Contains(t, rep.Skipped[1], "linked: skipped: no chat model (chat model qwen2.5-coder:7b: cannot reach Ollama")
	})
}
