package exam

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestChangingGold: gold SQL that reads the clock or randomness is found
// by its calls and SQL's clock key words, not by words in strings, names
// or comments.
func TestChangingGold(t *testing.T) {
	t.Parallel()
	for sql, want := range map[string]string{
		"SELECT count(*) FROM orders WHERE ordered_at > now() - interval '30 days'":      "reads now()",
		"SELECT pg_catalog.random() AS r":                                                "reads random()",
		"SELECT 1 WHERE current_date > DATE '2025-01-01' AND localtimestamp IS NOT NULL": "reads current_date, localtimestamp",
		"SELECT 'now()' AS word, o.now FROM orders o -- current_date":                    "",
		"SELECT count(*) FROM orders WHERE ordered_at >= DATE '2025-06-01'":              "",
		// PostgreSQL's special date/time inputs read the clock when cast.
		"SELECT count(*) FROM orders WHERE ordered_at < 'today'::date":     "reads 'today'",
		"SELECT count(*) FROM orders WHERE ordered_at > TIMESTAMP ' Now '": "reads 'now'",
		"SELECT count(*) FROM orders WHERE ordered_at < 'yesterday'":       "reads 'yesterday'",
		"SELECT 'nowhere' AS place, 'tomorrow''s' AS day":                  "",
		// age() of one argument is the age at the current date.
		"SELECT name, age(born) FROM people":                    "reads age() of one argument",
		"SELECT name, age(DATE '2025-06-30', born) FROM people": "",
		// A sample without REPEATABLE draws other rows each time.
		"SELECT name FROM people TABLESAMPLE BERNOULLI (50)":              "TABLESAMPLE without REPEATABLE",
		"SELECT name FROM people TABLESAMPLE SYSTEM (50) REPEATABLE (42)": "",
	} {
		got := changingGold(sql)
		if want == "" {
			require.Empty(t, got, sql)
			continue
		}
		require.Contains(t, got, want, sql)
	}
}

// TestUnorderedGold: an order_matters question needs an ORDER BY at the
// gold SQL's outermost level; one inside a subquery orders nothing.
func TestUnorderedGold(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sql     string
		ordered bool // order_matters
		problem bool
	}{
		{"SELECT name FROM customers", true, true},
		{"SELECT name FROM (SELECT name FROM customers ORDER BY name) c", true, true},
		{"WITH c AS (SELECT name FROM customers ORDER BY name) SELECT name FROM c", true, true},
		{"SELECT name FROM customers ORDER BY name", true, false},
		{"WITH c AS (SELECT name FROM customers) SELECT name FROM c ORDER BY 1 LIMIT 3", true, false},
		{"SELECT name FROM customers UNION SELECT city FROM customers ORDER BY 1", true, false},
		{"SELECT name FROM customers", false, false},
		{"SELECT nam FROM", true, false}, // the guard's to report
	} {
		got := unorderedGold(Question{GoldSQL: tc.sql, OrderMatters: tc.ordered})
		if !tc.problem {
			require.Empty(t, got, tc.sql)
			continue
		}
		require.Contains(t, got, "order_matters is set but the gold SQL has no ORDER BY at its outermost level", tc.sql)
	}
}
