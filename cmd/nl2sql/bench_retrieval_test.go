package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
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
		Runs    []*bench.RetrievalRun    `json:"runs"`
		Groups  []bench.RetrievalSummary `json:"groups"`
		Skipped []string                 `json:"skipped"`
	}
	setup := func(t *testing.T, ollama string) *cli {
		t.Helper()
		db := dbtest.NewDB(t)
		return &cli{t: t, db: db, env: map[string]string{"NL2SQL_DATABASE_URL": db.URL, "NL2SQL_LOG_LEVEL": "error", "OLLAMA_HOST": ollama}}
	}

	t.Run("Hybrid", func(t *testing.T) {
		t.Parallel()
		srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b"}}})
		srv.OnChat(linkFirstTwo) // the chat model: linked runs too
		c := setup(t, srv.URL())
		r := c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--dev=false")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stderr, "indexing erp (75 tables)")
		var rep report
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
		require.Contains(t, r.stderr, "registering erp again as erp_plain, without its annotations")
		require.Len(t, rep.Runs, 8)
		require.Equal(t, []string{bench.HeldoutUnset}, rep.Skipped)
		lex := rep.Runs[0]
		for i, run := range rep.Runs {
			require.Equal(t, []string{bench.GroupERP, bench.GroupERPPlain}[i/4], run.Group)
			require.Equal(t, []string{"lexical", "hybrid", bench.ModeOracleLink, "linked"}[i%4], run.Mode)
			require.Equal(t, "erp", run.Set)
			require.Equal(t, 75, run.Tables)
			require.Equal(t, 60, run.Questions)
			require.Empty(t, run.Modes, "every question retrieved in the mode asked for")
			require.LessOrEqual(t, run.MeanTables, 15.0, "the final budget of 15 (ContextMaxTables: nothing passes it)")
			require.Positive(t, run.P95MS)
			require.Zero(t, run.Empty)
			require.Zero(t, run.FullSchema)
			require.LessOrEqual(t, run.FullRecall, run.FullRecallAny)
		}
		require.GreaterOrEqual(t, lex.FullRecall, 58)
		require.Len(t, rep.Groups, 8, "one summary per group and mode")
	})

	t.Run("NoModel", func(t *testing.T) {
		t.Parallel()
		c := setup(t, "http://127.0.0.1:1")
		// --unseen is the deprecated name of --dev.
		r := c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--unseen=false")
		require.Equal(t, 0, r.code, r.stderr)
		var rep report
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
		require.Len(t, rep.Runs, 4)
		require.Equal(t, "lexical", rep.Runs[0].Mode)
		// The oracle's linking needs no model: a perfect linker's ceiling.
		oracle := rep.Runs[1]
		require.Equal(t, bench.ModeOracleLink, oracle.Mode)
		require.Empty(t, oracle.Modes, "the oracle linked every question: each has an expected table among the candidates")
		require.GreaterOrEqual(t, oracle.FullRecall, 58)
		require.Less(t, oracle.MeanTables, rep.Runs[0].MeanTables, "the fill leaves out what the model was shown and did not pick")
		require.Equal(t, bench.GroupERPPlain, rep.Runs[2].Group)
		require.Len(t, rep.Skipped, 3)
		require.Contains(t, rep.Skipped[0], "hybrid: skipped: no embedding model (embedding model nomic-embed-text: cannot reach Ollama")
		require.Contains(t, rep.Skipped[1], "linked: skipped: no chat model (chat model qwen2.5-coder:7b: cannot reach Ollama")
		require.Equal(t, "held-out: skipped: NL2SQL_BENCH_HELDOUT_DIR not set (see README: Retrieval evaluation)", rep.Skipped[2],
			"no figure for sets that were not measured")

		r = c.run("", "bench", "retrieval", "--sizes", "75", "--dev=false")
		require.Equal(t, 0, r.code, r.stderr)
		require.NotContains(t, r.stderr, "registering erp again", "the plain copy is reused")
		require.Regexp(t, `(?m)^erp \(lexical\): \d+/60 questions with every expected table in ≤15 tables`, r.stdout, "a summary line per group")
		require.Regexp(t, `(?m)^erp_plain \(lexical\): \d+/60 questions`, r.stdout)
	})

	t.Run("Heldout", func(t *testing.T) {
		t.Parallel()
		c := setup(t, "http://127.0.0.1:1")
		dir := filepath.Join(t.TempDir(), "sets")
		fixtures := filepath.Join("..", "..", "internal", "bench", "testdata", "heldout")
		r := c.run("", "bench", "heldout", "import", "--beaver", filepath.Join(fixtures, "beaver"), "--fiben", filepath.Join(fixtures, "fiben"), "--out", dir)
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "fiben: 5 tables, 4 foreign keys; 4 of 8 questions kept")
		require.Contains(t, r.stdout, `parse error "syntax error at end of input": 1`)
		require.NotContains(t, r.stdout, "equity", "an import prints numbers, never a question")
		r = c.run("", "bench", "heldout", "import", "--fiben", filepath.Join(fixtures, "fiben"), "--out", filepath.Join(fixtures, "out"))
		require.Equal(t, exitUsage, r.code)
		require.Contains(t, r.stderr, "never go into it")
		require.NoDirExists(t, filepath.Join(fixtures, "out"))

		c.env["NL2SQL_BENCH_HELDOUT_DIR"] = filepath.Join(t.TempDir(), "elsewhere")
		r = c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--plain=false", "--dev=false", "--misses", "--heldout", dir)
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stderr, "loading held-out set schema fiben")
		var rep report
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
		var sets []string
		for _, run := range rep.Runs {
			if run.Group != bench.GroupHeldout {
				continue
			}
			sets = append(sets, run.Set)
			require.Nil(t, run.Misses, "--misses lists no held-out question")
			require.Zero(t, run.Empty)
			require.Zero(t, run.FullSchema)
		}
		require.Equal(t, []string{"beaver_dw", "beaver_dw", "beaver_nw", "beaver_nw", "fiben", "fiben"}, sets, "--heldout wins over NL2SQL_BENCH_HELDOUT_DIR; lexical and oracle_link")
		require.Equal(t, bench.GroupHeldout, rep.Groups[len(rep.Groups)-1].Group)
		require.Equal(t, 7, rep.Groups[len(rep.Groups)-1].Questions)

		r = c.run("", "bench", "retrieval", "--sizes", "75", "--plain=false", "--dev=false", "--misses", "--heldout", dir)
		require.Equal(t, 0, r.code, r.stderr)
		require.Regexp(t, `(?m)^heldout \(lexical\): \d+/7 questions`, r.stdout)
		require.NotRegexp(t, `(?m)^\s+(bdw|bnw|fib)\d+ `, r.stdout, "no held-out miss is printed")

		delete(c.env, "NL2SQL_BENCH_HELDOUT_DIR")
		r = c.run("", "bench", "retrieval", "--json", "--sizes", "75", "--plain=false", "--dev=false", "--heldout", filepath.Join(t.TempDir(), "nowhere"))
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "does not exist (NL2SQL_BENCH_HELDOUT_DIR; see README: Retrieval evaluation)")
	})
}
