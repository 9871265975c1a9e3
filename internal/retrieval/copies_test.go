package retrieval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

func col(name, typ string, pk ...bool) catalog.Column {
	return catalog.Column{Name: name, Type: typ, PrimaryKey: len(pk) > 0 && pk[0]}
}

// tbl is a table of public whose first column is its key.
func tbl(name string, cols ...catalog.Column) *catalog.Table {
	t := &catalog.Table{Schema: "public", Name: name, Kind: catalog.KindTable, EstimatedRows: -1, Columns: cols}
	if len(cols) > 0 && cols[0].PrimaryKey {
		t.PrimaryKey = []string{cols[0].Name}
	}
	return t
}

// copySnapshot has customers and a forgotten backup of it, with fewer
// columns (so it matches a question about customers better), and orders.
func copySnapshot() *catalog.Snapshot {
	return &catalog.Snapshot{Database: "c", Schemas: []string{"public"}, Tables: []*catalog.Table{
		tbl("customers", col("customer_id", "integer", true), col("name", "text"), col("credit_limit", "numeric(12,2)"), col("city", "text"), col("terr_cd", "text")),
		tbl("customers_bak_2011", col("customer_id", "integer"), col("name", "text"), col("credit_limit", "numeric(12,2)")),
		tbl("orders", col("order_id", "integer", true), col("customer_id", "integer"), col("total", "numeric(12,2)")),
	}}
}

func TestCopiesRankBelowTheirOriginal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := copySnapshot()
	require.Equal(t, "public.customers", snap.CopyOf(snap.Table("public", "customers_bak_2011")).Key())
	retrieve := func(t *testing.T, cfg retrieval.RAGConfig, question string, rel map[string]float64) *retrieval.Result {
		t.Helper()
		res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap})
		require.NoError(t, err)
		return res
	}
	rel := map[string]float64{"customers_bak_2011": 0.9, "customers": 0.6, "orders": 0.3}

	t.Run("Demoted", func(t *testing.T) {
		t.Parallel()
		res := retrieve(t, retrieval.RAGConfig{}, "Which customers are over their credit limit?", rel)
		require.Equal(t, []string{"customers", "orders"}, res.Metadata.TablesIncluded, "the copy falls below the selection")
		require.Equal(t, 1.0, res.Scores[0].Score, "the original takes the copy's evidence")
		m := res.Metadata.Metrics
		require.Equal(t, map[string]string{"customers_bak_2011": "customers"}, m.DemotedCopies)
		require.Equal(t, 1, m.Expansion["copies_demoted"])

		// With a penalty of 1 the copy stays, below its original.
		res = retrieve(t, retrieval.RAGConfig{CopyPenalty: 1}, "Which customers are over their credit limit?", rel)
		require.Equal(t, []string{"customers", "customers_bak_2011", "orders"}, res.Metadata.TablesIncluded)
	})

	t.Run("HistoryQuestions", func(t *testing.T) {
		t.Parallel()
		for _, q := range []string{
			"Which customers in the 2011 backup were over their credit limit?",
			"Show the history of customer credit limits",
			"What was the credit limit of former customers?",
		} {
			res := retrieve(t, retrieval.RAGConfig{}, q, rel)
			require.Equal(t, []string{"customers_bak_2011", "customers", "orders"}, res.Metadata.TablesIncluded, q)
			require.Empty(t, res.Metadata.Metrics.DemotedCopies, q)
			require.Equal(t, 0, res.Metadata.Metrics.Expansion["copies_demoted"], q)
		}
		// A time window on live data is no history.
		res := retrieve(t, retrieval.RAGConfig{}, "Which customers ordered in the past month, not counting deleted ones?", rel)
		require.NotContains(t, res.Metadata.TablesIncluded, "customers_bak_2011")

		// A copy's own marker asks for it, though it is no history word.
		old := copySnapshot()
		old.Tables[1].Name = "customers_old"
		for q, want := range map[string][]string{
			"List the old customers and their credit limits":        {"customers_old", "customers", "orders"},
			"Customers with orders older than a year, credit limit": {"customers", "orders"},
		} {
			res, err := rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"customers_old": 0.9, "customers": 0.6, "orders": 0.3})}, retrieval.RAGConfig{}).
				Retrieve(ctx, retrieval.Request{Question: q, Snapshot: old})
			require.NoError(t, err)
			require.Equal(t, want, res.Metadata.TablesIncluded, q)
		}
	})

	t.Run("OriginalOnlyItsCopyMatched", func(t *testing.T) {
		t.Parallel()
		res := retrieve(t, retrieval.RAGConfig{}, "credit limits", map[string]float64{"customers_bak_2011": 0.9, "orders": 0.5})
		require.Equal(t, []string{"customers", "orders"}, res.Metadata.TablesIncluded)
		require.Equal(t, "copy", res.Scores[0].Source)
	})
}

func TestPlannerAddsNoCopy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// employees_archive is a copy of employees that kept its foreign key
	// to departments: FK expansion from departments finds both.
	emp := []catalog.Column{col("employee_id", "integer", true), col("department_id", "integer"), col("first_name", "text"), col("last_name", "text")}
	snap := &catalog.Snapshot{Database: "c", Schemas: []string{"public"}, Tables: []*catalog.Table{
		tbl("departments", col("department_id", "integer", true), col("name", "text")),
		tbl("employees", emp...),
		tbl("employees_archive", append(append([]catalog.Column{}, emp...), col("archived_at", "timestamptz"))...),
	}}
	for _, name := range []string{"employees", "employees_archive"} {
		snap.ForeignKeys = append(snap.ForeignKeys, catalog.ForeignKey{
			Name: name + "_department_fk", Schema: "public", Table: name,
			Columns: []string{"department_id"}, RefSchema: "public", RefTable: "departments", RefColumns: []string{"department_id"},
		})
	}
	cfg := retrieval.RAGConfig{MaxTables: 1, JoinPlannerDisabled: true, CopyPenalty: 1}
	rel := map[string]float64{"departments": 1, "employees": 0.5, "employees_archive": 0.5}
	res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: "Departments and their staff", Snapshot: snap})
	require.NoError(t, err)
	require.Equal(t, []string{"departments", "employees"}, res.Metadata.TablesIncluded, "the original joins as well")

	res, err = rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: "Departments and their archived staff", Snapshot: snap})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"departments", "employees", "employees_archive"}, res.Metadata.TablesIncluded)
}
