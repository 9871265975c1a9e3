package sqlguard

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hostileCase is one statement of testdata/hostile.sql.
type hostileCase struct {
	name, category, code string
	sql                  string
	line                 int // of its "-- name:" line
}

// hostileCategories are the categories the corpus must cover, each with at
// least minPerCategory cases; a case in any other category is a typo.
var hostileCategories = []string{
	"dml_ddl", "stacked", "modifying_cte", "select_into", "copy", "utility",
	"explain", "function", "oid_lookup", "locking", "catalog", "lexical",
}

const minPerCategory = 10

var hostileNameLine = regexp.MustCompile(`^-- name: (\S+) \[(\w+)\] ([a-z_]+\.[a-z_]+)$`)

// readHostile parses the corpus; see the comment at the top of the file
// for its format.
func readHostile(t *testing.T, path string) []hostileCase {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var (
		cases []hostileCase
		body  []string
	)
	flush := func() {
		if len(cases) > 0 {
			cases[len(cases)-1].sql = strings.Trim(strings.Join(body, "\n"), "\n")
		}
		body = nil
	}
	for i, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "-- name:") {
			m := hostileNameLine.FindStringSubmatch(line)
			require.NotNil(t, m, "%s:%d: want \"-- name: <case> [<category>] <code>\", got %q", path, i+1, line)
			flush()
			cases = append(cases, hostileCase{name: m[1], category: m[2], code: m[3], line: i + 1})
			continue
		}
		body = append(body, line)
	}
	flush()
	return cases
}

// TestHostileCorpus proves the guard adversarially: every statement of
// testdata/hostile.sql must be refused before it reaches the database, at
// stage parse or policy (lint can be configured off, so a refusal by lint
// alone does not count), and for the reason the case names.
func TestHostileCorpus(t *testing.T) {
	t.Parallel()

	cases := readHostile(t, "testdata/hostile.sql")
	cat := testCatalog()
	perCategory := map[string]int{}
	seen := map[string]int{}
	var failures []string
	for _, c := range cases {
		perCategory[c.category]++
		require.NotEmpty(t, c.sql, "case %s (line %d) has no SQL", c.name, c.line)
		if prev, dup := seen[c.name]; dup {
			t.Errorf("case %s (line %d) repeats the name of line %d", c.name, c.line, prev)
		}
		seen[c.name] = c.line

		v := Check(c.sql, cat)
		where := fmt.Sprintf("%s [%s] (line %d)", c.name, c.category, c.line)
		switch {
		case v.OK:
			failures = append(failures, fmt.Sprintf("%s: ACCEPTED, would run %q", where, v.SQL))
		case v.Stage != StageParse && v.Stage != StagePolicy:
			failures = append(failures, fmt.Sprintf("%s: refused only at stage %s: %v", where, v.Stage, codes(v)))
		case !slices.Contains(codes(v), c.code):
			failures = append(failures, fmt.Sprintf("%s: refused with %v, want %s", where, codes(v), c.code))
		}
	}

	names := make([]string, 0, len(perCategory))
	for cat := range perCategory {
		names = append(names, cat)
	}
	sort.Strings(names)
	counts := make([]string, len(names))
	for i, n := range names {
		counts[i] = fmt.Sprintf("%s=%d", n, perCategory[n])
	}
	summary := fmt.Sprintf("%d cases: %s", len(cases), strings.Join(counts, " "))
	t.Log(summary)

	require.GreaterOrEqual(t, len(cases), 200, summary)
	for _, n := range names {
		require.Contains(t, hostileCategories, n, "unknown category; %s", summary)
	}
	for _, n := range hostileCategories {
		require.GreaterOrEqual(t, perCategory[n], minPerCategory, "category %s is thin; %s", n, summary)
	}
	if len(failures) > 0 {
		t.Fatalf("%d of %d hostile statements were not refused at parse or policy as expected:\n%s\n%s",
			len(failures), len(cases), strings.Join(failures, "\n"), summary)
	}
}
