package examples

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTables(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"shop.orders", "customers"},
		Tables("WITH o AS (SELECT * FROM shop.orders) SELECT c.name FROM o JOIN customers c USING (customer_id) JOIN customers d ON true"),
		"tables read, each once, CTE names left out")
	require.Nil(t, Tables("SELECT FROM WHERE"), "SQL that does not parse names no table")
	require.Nil(t, Tables("SELECT 1; SELECT 2"))
}

func TestConfig(t *testing.T) {
	t.Parallel()
	c := Config{}.WithDefaults()
	require.Equal(t, 3, c.K)
	require.InDelta(t, 0.2, c.MinSimilarity, 1e-9)
	require.NoError(t, c.Validate())
	require.Equal(t, 0, Config{Off: true}.WithDefaults().K, "off keeps K at 0")
	require.Error(t, Config{K: 21}.WithDefaults().Validate())
	require.Error(t, Config{MinSimilarity: 1.5}.WithDefaults().Validate())
}
