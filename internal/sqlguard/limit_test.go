package sqlguard

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// TestCheckLimit: one Guard adds whatever LIMIT each call asks for.
func TestCheckLimit(t *testing.T) {
	t.Parallel()

	g, err := New(Config{DefaultLimit: 25})
	require.NoError(t, err)
	cat := testCatalog()

	require.Equal(t, "SELECT id FROM orders\nLIMIT 25", g.Check("SELECT id FROM orders", cat).SQL, "Check keeps DefaultLimit")
	for _, limit := range []int{1, 51, 1001, math.MaxInt32} {
		v := g.CheckLimit("SELECT id FROM orders", cat, limit)
		require.True(t, v.OK, limit)
		require.True(t, v.LimitAdded)
		require.Equal(t, fmt.Sprintf("SELECT id FROM orders\nLIMIT %d", limit), v.SQL)
	}
	v := g.CheckLimit("SELECT id FROM orders LIMIT 5", cat, 51)
	require.True(t, v.OK)
	require.False(t, v.LimitAdded, "an existing LIMIT is kept")
	require.Equal(t, "SELECT id FROM orders LIMIT 5", v.SQL)
	require.Equal(t, "SELECT id FROM orders LIMIT 7", g.CheckLimit("SELECT id FROM orders LIMIT ALL", cat, 7).SQL)

	for _, limit := range []int{0, -1, math.MaxInt32 + 1} {
		v := g.CheckLimit("SELECT id FROM orders", cat, limit)
		require.False(t, v.OK, limit)
		require.Equal(t, StagePolicy, v.Stage)
		require.Equal(t, []string{CodeAddLimit}, codes(v))
		require.Equal(t, errclass.Unknown, v.Errors[0].Class, "the caller's mistake, never repaired")
		require.Contains(t, v.Errors[0].Message, fmt.Sprintf("cannot add LIMIT %d", limit))
	}
	// The limit is checked before anything else, whatever the SQL.
	require.Equal(t, []string{CodeAddLimit}, codes(g.CheckLimit("DROP TABLE orders", cat, 0)))
	// Refusals are the same as Check's.
	require.Equal(t, g.Check("SELECT pg_sleep(1)", cat), g.CheckLimit("SELECT pg_sleep(1)", cat, 3))

	// One Guard serves concurrent calls with different limits.
	var wg sync.WaitGroup
	got := make([]string, 50)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = g.CheckLimit("SELECT id FROM orders", cat, i+1).SQL
		}()
	}
	wg.Wait()
	for i, sql := range got {
		require.Equal(t, fmt.Sprintf("SELECT id FROM orders\nLIMIT %d", i+1), sql)
	}
}
