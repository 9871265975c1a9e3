package pgsql_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// TestNestingBound: SQL that nests past MaxDepth is refused before the C
// parser sees it, whatever entry point is used: 24,000 chained operators
// overflowed its stack and killed the process (left-nested chains have no
// limit in the grammar). Deep but reasonable SQL, and long flat SQL, still
// parse.
func TestNestingBound(t *testing.T) {
	t.Parallel()
	deep := map[string]string{
		"Operators": "SELECT 1" + strings.Repeat("+1", 24000),
		"Concat":    "SELECT 'a'" + strings.Repeat("||'a'", 25000),
		"Casts":     "SELECT 1" + strings.Repeat("::int", 24000),
		"Unions":    "SELECT 1" + strings.Repeat(" UNION SELECT 1", 24000),
		"Joins":     "SELECT 1 FROM t" + strings.Repeat(" JOIN t ON true", 24000),
		// Each level shallow, the parentheses add up.
		"Nested": strings.Repeat("(1+1+1+1+1+1+1+1+1+", 120) + "1" + strings.Repeat(")", 120),
	}
	for name, sql := range deep {
		for entry, call := range map[string]func(string) error{
			"Parse":       func(s string) error { _, err := pgsql.Parse(s); return err },
			"Fingerprint": func(s string) error { _, err := pgsql.Fingerprint(s); return err },
			"Normalize":   func(s string) error { _, err := pgsql.Normalize(s); return err },
		} {
			err := call(sql)
			var se *pgsql.SyntaxError
			require.True(t, errors.As(err, &se), "%s %s: %v", name, entry, err)
			require.Contains(t, se.Message, "SQL nested too deeply", "%s %s", name, entry)
			require.Equal(t, pgsql.SQLSTATESyntaxError, se.SQLSTATE)
		}
	}

	for name, sql := range map[string]string{
		"Chain900":    "SELECT 1" + strings.Repeat("+1", 900),
		"ManyOrs":     "SELECT * FROM t WHERE " + strings.Repeat("id = 1 OR ", 5000) + "id = 2",
		"LongInList":  "SELECT * FROM t WHERE id IN (" + strings.Repeat("1, ", 20000) + "2)",
		"ManyColumns": "SELECT " + strings.Repeat("a + b AS x, ", 3000) + "1 FROM t",
	} {
		_, err := pgsql.Parse(sql)
		require.NoError(t, err, name)
	}
	toks, err := pgsql.Scan("SELECT 1" + strings.Repeat("+1", 24000))
	require.NoError(t, err, "the scanner is flat: it reads what the parser may not")
	require.Len(t, toks, 2+2*24000)
}
