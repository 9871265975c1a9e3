package parts

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
)

// TestCatalogGivesGuardColumnTypes: the guard's view of a snapshot carries
// each column's type, in column order, so type lint works in the pipeline
// and not only in the guard's own tests.
func TestCatalogGivesGuardColumnTypes(t *testing.T) {
	t.Parallel()

	snap := &catalog.Snapshot{Database: "erp", Schemas: []string{"erp"}, Tables: []*catalog.Table{{
		Schema: "erp", Name: "employees", Kind: catalog.KindTable, PrimaryKey: []string{"employee_id"},
		Columns: []catalog.Column{
			{Name: "employee_id", Type: "integer", PrimaryKey: true},
			{Name: "last_name", Type: "character varying(100)"},
			{Name: "salary", Type: "numeric(12,2)"},
		},
	}}}
	cat := Catalog{S: snap}

	tab, ok := cat.LookupTable("", "employees")
	require.True(t, ok)
	require.Equal(t, []string{"employee_id", "last_name", "salary"}, tab.Columns)
	require.Equal(t, []string{"integer", "character varying(100)", "numeric(12,2)"}, tab.Types)
	require.Equal(t, tab, cat.Tables()[0])

	v := sqlguard.Check("SELECT e.employee_id FROM employees e WHERE e.last_name = 42 OR e.salary > 'high'", cat)
	require.True(t, v.OK, "type mismatches are warnings")
	require.Len(t, v.Lint, 2)
	for _, is := range v.Lint {
		require.Equal(t, sqlguard.LintTypeMismatch, is.Code)
	}
}
