package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMemCatalog(t *testing.T) {
	t.Parallel()

	cat := NewMemCatalog(nil,
		Table{Schema: "b", Name: "t", Columns: []string{"x"}},
		Table{Schema: "a", Name: "t", Columns: []string{"y"}},
		Table{Schema: "a", Name: "u"},
		Table{Schema: "a", Name: "u", Columns: []string{"replaced"}},
	)
	require.Equal(t, []string{"b", "a"}, cat.SearchPath(), "schemas in order of first appearance")

	tab, ok := cat.LookupTable("", "t")
	require.True(t, ok)
	require.Equal(t, "b", tab.Schema, "first schema on the search path wins")
	tab, ok = cat.LookupTable("a", "t")
	require.True(t, ok)
	require.Equal(t, []string{"y"}, tab.Columns)
	tab, ok = cat.LookupTable("", "u")
	require.True(t, ok)
	require.Equal(t, []string{"replaced"}, tab.Columns, "a later duplicate replaces the earlier")
	_, ok = cat.LookupTable("c", "t")
	require.False(t, ok)
	_, ok = cat.LookupTable("", "T")
	require.False(t, ok, "names compare exactly, as folded identifiers do")
	require.Len(t, cat.Tables(), 3)

	explicit := NewMemCatalog([]string{"a"}, Table{Schema: "b", Name: "t"}, Table{Schema: "a", Name: "t"})
	tab, ok = explicit.LookupTable("", "t")
	require.True(t, ok)
	require.Equal(t, "a", tab.Schema)
	_, ok = NewMemCatalog([]string{"a"}, Table{Schema: "b", Name: "only_b"}).LookupTable("", "only_b")
	require.False(t, ok, "a schema off the search path needs qualification")
}
