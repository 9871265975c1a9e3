package pgsql

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWithLimit(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		in, out string
		added   bool
	}{
		{"SELECT id FROM t", "SELECT id FROM t\nLIMIT 100", true},
		{"select id from t order by id desc", "select id from t order by id desc\nLIMIT 100", true},
		{"SELECT id FROM t LIMIT 5", "SELECT id FROM t LIMIT 5", false},
		{"SELECT id FROM t LIMIT 5; ", "SELECT id FROM t LIMIT 5", false},
		{"SELECT id FROM t FETCH FIRST 2 ROWS ONLY", "SELECT id FROM t FETCH FIRST 2 ROWS ONLY", false},
		{"SELECT id FROM t LIMIT ALL", "SELECT id FROM t LIMIT 100", true}, // appending cannot replace: deparsed
		{"SELECT id FROM t OFFSET 10", "SELECT id FROM t OFFSET 10\nLIMIT 100", true},
		{"SELECT a FROM t UNION SELECT b FROM u", "SELECT a FROM t UNION SELECT b FROM u\nLIMIT 100", true},
		{"SELECT a FROM t INTERSECT SELECT b FROM u ORDER BY 1", "SELECT a FROM t INTERSECT SELECT b FROM u ORDER BY 1\nLIMIT 100", true},
		{"(SELECT a FROM t LIMIT 1) EXCEPT (SELECT b FROM u LIMIT 2)", "(SELECT a FROM t LIMIT 1) EXCEPT (SELECT b FROM u LIMIT 2)\nLIMIT 100", true},
		{"VALUES (1), (2)", "VALUES (1), (2)\nLIMIT 100", true},
		{"TABLE t", "TABLE t\nLIMIT 100", true},
		{"WITH x AS (SELECT 1 AS a) SELECT a FROM x", "WITH x AS (SELECT 1 AS a) SELECT a FROM x\nLIMIT 100", true},
		{"SELECT 1 -- trailing comment", "SELECT 1 -- trailing comment\nLIMIT 100", true},
		{"  SELECT 1", "SELECT 1\nLIMIT 100", true},
		{"/* why */ SELECT 1", "/* why */ SELECT 1\nLIMIT 100", true},
	} {
		got, added, err := AddLimit(tc.in, 100)
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.out, got, tc.in)
		require.Equal(t, tc.added, added, tc.in)

		// The result parses back to exactly one query with a LIMIT, and the
		// rewrite is a fixed point.
		s, err := Parse(got)
		require.NoError(t, err, got)
		require.Len(t, s.Statements, 1)
		require.Equal(t, KindSelect, s.Statements[0].Kind)
		require.True(t, s.Statements[0].Analysis().HasLimit, got)
		again, added, err := s.Statements[0].WithLimit(100)
		require.NoError(t, err)
		require.False(t, added)
		require.Equal(t, got, again)
	}
}

func TestWithLimitKeepsMeaning(t *testing.T) {
	t.Parallel()

	// The rewrite must not change the query apart from the LIMIT: compare
	// fingerprints after removing the added clause by hand.
	for _, sql := range []string{
		"SELECT c.name, sum(o.total) FILTER (WHERE o.status = 'paid') FROM customers c JOIN orders o USING (id) GROUP BY ROLLUP (c.name) HAVING count(*) > 1 ORDER BY 2 DESC NULLS LAST",
		"SELECT DISTINCT ON (a) a, b FROM t WHERE b BETWEEN 1 AND 2 AND c IS NOT DISTINCT FROM d ORDER BY a, b",
		"SELECT x::numeric(10,2), y AT TIME ZONE 'UTC', CASE WHEN z THEN 1 ELSE 2 END, (ARRAY[1,2])[1], $1 FROM t",
		"SELECT * FROM t TABLESAMPLE SYSTEM (10) REPEATABLE (1) WHERE a ~* 'x' AND b LIKE 'y%' ESCAPE '!'",
		"SELECT json_agg(t ORDER BY t.a) -> 0 ->> 'a', rank() OVER w FROM t WINDOW w AS (PARTITION BY a ORDER BY b ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)",
	} {
		out, added, err := AddLimit(sql, 7)
		require.NoError(t, err, sql)
		require.True(t, added)
		want, err := Fingerprint(sql + " LIMIT 7")
		require.NoError(t, err)
		got, err := Fingerprint(out)
		require.NoError(t, err)
		require.Equal(t, want, got, "%s\n=> %s", sql, out)
	}
}

func TestWithLimitErrors(t *testing.T) {
	t.Parallel()

	_, _, err := AddLimit("DELETE FROM t", 10)
	require.True(t, errors.Is(err, ErrNotQuery), "%v", err)

	_, _, err = AddLimit("SELECT 1; SELECT 2", 10)
	require.ErrorContains(t, err, "exactly one statement")

	_, _, err = AddLimit("SELECT FROM FROM", 10)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)

	_, _, err = AddLimit("SELECT 1", -1)
	require.ErrorContains(t, err, "out of range")
}
