package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/retrieval"
)

func TestRetrieveMarksInferredJoins(t *testing.T) {
	t.Parallel()
	res := &retrieval.Result{
		Metadata: retrieval.Metadata{Strategy: "rag", TablesIncluded: []string{"FCLT_ROOMS", "FCLT_BUILDING"}},
		Scores:   []retrieval.TableScore{{Name: "FCLT_ROOMS", Score: 1, Source: "table"}, {Name: "FCLT_BUILDING", Score: 0.5, Source: "table"}},
		JoinHints: []retrieval.JoinHint{
			{Tables: []string{"FCLT_ROOMS", "FCLT_BUILDING"}, Steps: []retrieval.JoinStep{{
				From: "FCLT_ROOMS", FromColumns: []string{"FCLT_BUILDING_KEY"},
				To: "FCLT_BUILDING", ToColumns: []string{"FCLT_BUILDING_KEY"}, ForeignKey: "inferred:FCLT_ROOMS.FCLT_BUILDING_KEY", Inferred: true,
			}}},
			{Tables: []string{"orders", "customers"}, Steps: []retrieval.JoinStep{{
				From: "orders", FromColumns: []string{"customer_id"},
				To: "customers", ToColumns: []string{"customer_id"}, ForeignKey: "orders_customer_fk",
			}}},
		},
	}
	var b strings.Builder
	require.NoError(t, printRetrieve(&b, retrieveOutput("q", res), true))
	var raw struct {
		JoinPaths []map[string]any `json:"join_paths"`
	}
	require.NoError(t, json.Unmarshal([]byte(b.String()), &raw))
	require.Equal(t, true, raw.JoinPaths[0]["inferred"])
	require.Equal(t, true, raw.JoinPaths[0]["steps"].([]any)[0].(map[string]any)["inferred"])
	require.NotContains(t, raw.JoinPaths[1], "inferred", "a declared foreign key is not marked")

	b.Reset()
	require.NoError(t, printRetrieve(&b, retrieveOutput("q", res), false))
	require.Contains(t, b.String(), "(inferred from names: no foreign key declared)")
	require.Equal(t, 1, strings.Count(b.String(), "inferred from names"))
}

func TestRetrieve(t *testing.T) {
	t.Parallel()

	decode := func(t *testing.T, line string) retrieveResult {
		t.Helper()
		var out retrieveResult
		require.NoError(t, json.Unmarshal([]byte(line), &out), line)
		return out
	}

	t.Run("RAG", func(t *testing.T) {
		t.Parallel()
		c := setup(t) // the fake Ollama embeds: hybrid
		c.registered()
		r := c.run("", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "Total order amount per customer city")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, 1, strings.Count(r.stdout, "\n"), "one JSON object, one line")
		out := decode(t, r.stdout)
		require.Equal(t, "Total order amount per customer city", out.Question)
		require.Equal(t, "rag", out.Strategy)
		var names []string
		for _, tb := range out.Tables {
			names = append(names, tb.Name)
			require.Greater(t, tb.Score, 0.0)
			require.LessOrEqual(t, tb.Score, 1.0)
		}
		require.ElementsMatch(t, []string{"customers", "orders"}, names)
		require.Equal(t, 1.0, out.Tables[0].Score, "scores are relative to the best")
		require.Len(t, out.JoinPaths, 1)
		require.Equal(t, []string{"orders", "customers"}, out.JoinPaths[0].Tables)
		require.Equal(t, "orders.customer_id = customers.customer_id", out.JoinPaths[0].On)
		require.Equal(t, "hybrid", out.Metadata.Mode)
		require.Equal(t, []string{out.Tables[0].Name, out.Tables[1].Name}, out.Metadata.TablesIncluded)
		require.NotNil(t, out.Metadata.Metrics)
		require.Nil(t, out.Error)
	})

	t.Run("SmallSchemaIsGivenWhole", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered()
		r := c.run("", "retrieve", "--db", "shop", "--json", "How many orders?")
		require.Equal(t, 0, r.code, r.stderr)
		out := decode(t, r.stdout)
		require.Equal(t, "full", out.Strategy)
		require.Equal(t, []retrieveTable{{Name: "customers", Source: "full"}, {Name: "orders", Source: "full"}}, out.Tables)
		require.Contains(t, out.Metadata.StrategyReason, "RETRIEVAL_TABLE_THRESHOLD")
	})

	t.Run("Stdin", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered()
		r := c.run("Which customers live in London?\n\n  order totals  \n", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "-")
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		require.Len(t, lines, 2, "blank lines are skipped")
		require.Equal(t, "Which customers live in London?", decode(t, lines[0]).Question)
		second := decode(t, lines[1])
		require.Equal(t, "order totals", second.Question)
		require.Equal(t, "orders", second.Tables[0].Name)
	})

	t.Run("StdinRefusesWhatAskingWould", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered()
		// A line of zero-width spaces and one over 2,000 characters:
		// rag.queries refuses both, and so does a question on the command
		// line; a batch read from stdin must not answer them.
		r := c.run("\u200b\u200b\n"+strings.Repeat("orders ", 300)+"\norder totals\n", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "-")
		require.Equal(t, exitFailure, r.code, r.stderr)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		require.Len(t, lines, 3)
		blank, long := decode(t, lines[0]), decode(t, lines[1])
		require.NotNil(t, blank.Error)
		require.Equal(t, "validation_block", blank.Error.Class)
		require.Contains(t, blank.Error.Message, "blank")
		require.Empty(t, blank.Tables)
		require.NotNil(t, long.Error)
		require.Contains(t, long.Error.Message, "at most 2000")
		require.Nil(t, decode(t, lines[2]).Error)
		require.Contains(t, r.stderr, "2 question(s) failed")
	})

	t.Run("NoModelSaysLexical", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered() // indexed with embeddings
		c.env["OLLAMA_HOST"] = "http://127.0.0.1:1"
		r := c.run("", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "order totals")
		require.Equal(t, 0, r.code, r.stderr)
		out := decode(t, r.stdout)
		require.Equal(t, "lexical", out.Metadata.Mode)
		require.Contains(t, out.Metadata.ModeReason, "embedding the question failed")
		require.Equal(t, "orders", out.Tables[0].Name)
	})

	t.Run("NothingMatches", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered()
		r := c.run("", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "zzzz qqqq")
		require.Equal(t, 0, r.code, r.stderr)
		out := decode(t, r.stdout)
		require.Equal(t, "full", out.Strategy, "a small schema falls back to the full schema")
		require.Contains(t, out.Metadata.FallbackReason, "no relevant tables found in the schema index")
		require.Contains(t, out.Metadata.FallbackReason, "few enough to include whole")

		// A schema too large to give whole gets its most connected tables:
		// never an empty list (issue 10). A word that matches a table's
		// name only in part finds it.
		c.env["NL2SQL_RAG_MAX_FULL_TABLES"] = "1"
		r = c.run("zzzz qqqq\norderz totalz\n", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "-")
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		require.Len(t, lines, 2)
		central := decode(t, lines[0])
		require.Nil(t, central.Error)
		require.Equal(t, "rag", central.Strategy)
		require.NotEmpty(t, central.Tables)
		require.Equal(t, "central", central.Tables[0].Source)
		require.Contains(t, central.Metadata.FallbackReason, "most connected tables")
		partial := decode(t, lines[1])
		require.Nil(t, partial.Error)
		require.NotEmpty(t, partial.Tables)
		require.Equal(t, "orders", partial.Tables[0].Name)
	})

	t.Run("Usage", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		r := c.run("", "retrieve", "--db", "shop")
		require.Equal(t, exitUsage, r.code)
		require.Contains(t, r.stderr, "retrieve needs --db NAME and one question")
		r = c.run("", "retrieve", "--db", "shop", "--strategy", "magic", "q")
		require.Equal(t, exitUsage, r.code)
		r = c.run("", "retrieve", "--db", "nope", "q")
		require.Equal(t, exitFailure, r.code)
		require.Contains(t, r.stderr, `validation_block: database "nope" is not registered`)
	})
}

// TestJoinHintFormatAlias: the original JOIN_HINT_FORMAT (docs/DESIGN.md, Retrieval parameters) is honoured when
// NL2SQL_JOIN_HINTS is not set, and loses to it when it is.
func TestJoinHintFormatAlias(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "edges"},
		{map[string]string{"JOIN_HINT_FORMAT": "paths"}, "paths"},
		{map[string]string{"JOIN_HINT_FORMAT": "paths", "NL2SQL_JOIN_HINTS": "none"}, "none"},
	} {
		c := &cli{t: t, env: tc.env}
		m := &Main{Getenv: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}
		st, err := loadSettings(m)
		require.NoError(t, err)
		require.Equal(t, tc.want, string(st.Pipeline.Retrieval.JoinHints), tc.env)
	}
}
