package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestBenchRepair runs `nl2sql bench repair` on a fresh database: it loads
// the demo ERP itself, prints exactly the documented JSON, and a table in
// text mode.
func TestBenchRepair(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) (*cli, string) {
		t.Helper()
		db := dbtest.NewDB(t)
		c := &cli{t: t, db: db, env: map[string]string{"NL2SQL_DATABASE_URL": db.URL, "NL2SQL_LOG_LEVEL": "warn"}}
		// Two questions keep it quick: a join with GROUP BY, a CTE.
		var lines []byte
		for _, q := range exam.ERPQuestions() {
			if q.ID == "q22" || q.ID == "q48" {
				b, err := json.Marshal(q)
				require.NoError(t, err)
				lines = append(append(lines, b...), '\n')
			}
		}
		file := filepath.Join(t.TempDir(), "exam.jsonl")
		require.NoError(t, os.WriteFile(file, lines, 0o600))
		return c, file
	}
	c, file := setup(t)

	r := c.run("", "bench", "repair", "--json", "--questions", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "the demo ERP is not registered; loading it")
	var got map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	require.ElementsMatch(t, []string{"mutations", "fixed", "flipped", "left", "p50_us", "kinds", "settings"}, keys)
	var rep struct {
		Mutations, Fixed, Flipped, Left int
		P50US                           float64 `json:"p50_us"`
		Kinds                           map[string]struct{ Mutations, Fixed, Flipped, Left, Valid int }
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
	require.Positive(t, rep.Mutations)
	require.Zero(t, rep.Flipped)
	require.Equal(t, rep.Mutations, rep.Fixed+rep.Flipped+rep.Left)
	require.Positive(t, rep.P50US)
	require.Len(t, rep.Kinds, len(bench.MutationKinds))
	var settings struct {
		Settings map[string]any `json:"settings"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &settings))
	require.Equal(t, map[string]any{
		"database": "erp", "questions": 2.0, "mode": "active", "guard_repairs": 1.0, "explain_repairs": 3.0,
		"limit": 100001.0, "max_rows": 100000.0, "timeout_ms": 60000.0, "concurrency": 4.0,
	}, settings.Settings,
		"the validate stage's limits, and the rest of what the run used")

	// bench repair and check run the same function: each mutant's
	// outcome is what check reports for it.
	casesFile := filepath.Join(t.TempDir(), "cases.jsonl")
	r = c.run("", "bench", "repair", "--questions", file, "--cases", casesFile)
	require.Equal(t, 0, r.code, r.stderr)
	raw, err := os.ReadFile(casesFile)
	require.NoError(t, err)
	seen := map[string]int{}
	for _, line := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
		var bc bench.Case
		require.NoError(t, json.Unmarshal(line, &bc))
		if seen[bc.Kind+bc.Outcome]++; seen[bc.Kind+bc.Outcome] > 2 {
			continue // a few of each kind and outcome keep it quick
		}
		r := c.run(bc.Mutant, "check", "--db", "erp", "--json")
		var v struct {
			OK     bool `json:"ok"`
			Repair *struct {
				Passes      bool   `json:"passes"`
				RepairedSQL string `json:"repaired_sql"`
			} `json:"repair"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &v), r.stdout+r.stderr)
		require.Equal(t, bc.Outcome == "valid", v.OK, "%s %s", bc.Kind, bc.Change)
		if bc.Outcome == "valid" {
			continue
		}
		if bc.Repaired == "" && v.Repair == nil {
			continue // not repairable: neither repaired
		}
		require.NotNil(t, v.Repair, "%s %s", bc.Kind, bc.Change)
		require.Equal(t, bc.Repaired, v.Repair.RepairedSQL, "%s %s", bc.Kind, bc.Change)
		require.Equal(t, bc.Outcome == "fixed", v.Repair.Passes, "%s %s: %s", bc.Kind, bc.Change, bc.Reason)
	}
	require.Positive(t, seen["trailing_commafixed"])

	r = c.run("", "bench", "repair", "--questions", file, "--mode", "observe")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stderr, "loading it", "loaded once")
	require.Contains(t, r.stdout, "surgical tier observe")
	require.Regexp(t, `column_reordered\s+\d+\s+\d+\s+0\s+\d+`, r.stdout)
	require.Contains(t, r.stdout, "column mistakes: ")

	r = c.run("", "bench", "repair", "--mode", "shadow", "--questions", file)
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `Mode must be "observe" or "active"`)
	r = c.run("", "bench", "repair", "--db", "nope", "--questions", file)
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `database "nope" is not registered`)
	r = c.run("", "bench", "nonsense")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "nl2sql bench repair")
}
