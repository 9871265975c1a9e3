package bench

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestMutate checks every mutant of three queries against
// testdata/mutants.golden: which kinds apply where, and what each one
// changes.
func TestMutate(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) *catalog.Snapshot {
		t.Helper()
		tab := func(name, pk string, cols ...string) *catalog.Table {
			tt := &catalog.Table{Schema: "shop", Name: name, Kind: catalog.KindTable, PrimaryKey: []string{pk}}
			for _, c := range append([]string{pk}, cols...) {
				tt.Columns = append(tt.Columns, catalog.Column{Name: c, Type: "text", PrimaryKey: c == pk})
			}
			return tt
		}
		return &catalog.Snapshot{Database: "shop", Schemas: []string{"shop"}, Tables: []*catalog.Table{
			tab("customers", "customer_id", "company_name"),
			tab("employees", "employee_id", "first_name", "last_name", "department_id"),
			tab("sales_orders", "sales_order_id", "customer_id", "sales_rep_id", "total_amount", "status"),
			tab("Invoices", "invoiceId", "customerId", "createdAt", "Amount Due"),
		}}
	}
	snap := setup(t)
	queries := []string{
		"SELECT e.first_name, e.last_name, sum(so.total_amount) AS total\nFROM sales_orders so\nJOIN employees e ON e.employee_id = so.sales_rep_id\nGROUP BY e.employee_id, e.first_name, e.last_name\nORDER BY total DESC",
		"SELECT status, count(*) FROM sales_orders WHERE customer_id IN (SELECT customer_id FROM customers) GROUP BY status",
		`SELECT i."invoiceId", i."Amount Due", c.company_name AS "company" FROM "Invoices" i JOIN customers c ON c.customer_id = i."customerId" ORDER BY i."createdAt"`,
	}
	var b strings.Builder
	for _, q := range queries {
		ms, err := Mutate(q, snap)
		require.NoError(t, err)
		fmt.Fprintf(&b, "## %s\n", strings.ReplaceAll(q, "\n", " "))
		for _, m := range ms {
			require.NotEqual(t, q, m.SQL)
			_, perr := pgsql.Parse(m.SQL)
			require.Equal(t, m.Kind == MutTrailingComma, perr != nil, "only trailing commas break the syntax: %s", m.SQL)
			fmt.Fprintf(&b, "%s | %s\n    %s\n", m.Kind, m.Change, strings.ReplaceAll(m.SQL, "\n", " "))
		}
	}
	got := b.String()
	path := filepath.Join("testdata", "mutants.golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("mutants mismatch (-want +got):\n%s", diff)
	}

	_, err = Mutate("SELECT (", snap)
	require.Error(t, err)
	_, err = Mutate("SELECT 1; SELECT 2", snap)
	require.ErrorContains(t, err, "one statement")
}
