package retrieval

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// TestLinkIndexCase: two candidates whose names differ only in case are
// told apart by the name as written; a name one candidate alone holds in
// any case still matches in any case.
func TestLinkIndexCase(t *testing.T) {
	t.Parallel()

	mixed := &catalog.Table{Schema: "sales", Name: "OrderLines", Kind: catalog.KindTable}
	lower := &catalog.Table{Schema: "sales", Name: "orderlines", Kind: catalog.KindTable}
	vendors := &catalog.Table{Schema: "sales", Name: "Vendors", Kind: catalog.KindTable}
	s := &catalog.Snapshot{Database: "d", Schemas: []string{"sales"}, Tables: []*catalog.Table{mixed, lower, vendors}}
	for _, cands := range [][]*catalog.Table{{mixed, lower, vendors}, {lower, mixed, vendors}} {
		n := linkIndex(s, cands)
		require.Same(t, mixed, n.find(`sales."OrderLines"`))
		require.Same(t, mixed, n.find(`"OrderLines"`))
		require.Same(t, mixed, n.find("`OrderLines`"))
		require.Same(t, lower, n.find("sales.orderlines"))
		require.Same(t, lower, n.find(" orderlines "))
		require.Nil(t, n.find("ORDERLINES"), "two candidates fold to it")
		require.Same(t, vendors, n.find("vendors"))
		require.Same(t, vendors, n.find(`SALES."VENDORS"`))
		require.Nil(t, n.find("customers"))
	}
}
