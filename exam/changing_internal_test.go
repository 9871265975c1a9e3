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
	} {
		got := changingGold(sql)
		if want == "" {
			require.Empty(t, got, sql)
			continue
		}
		require.Contains(t, got, want, sql)
	}
}
