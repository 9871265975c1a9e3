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

// TestCatalogNamesWithDots: a table whose name holds a dot is not a table
// of another schema. With sales."a.b" registered, "sales.a".b (a schema
// never registered) is unknown to the guard, and its suggestion is written
// as SQL that names the registered table.
func TestCatalogNamesWithDots(t *testing.T) {
	t.Parallel()

	snap := &catalog.Snapshot{Database: "d", Schemas: []string{"sales"}, Tables: []*catalog.Table{
		{Schema: "sales", Name: "a.b", Kind: catalog.KindTable, Columns: []catalog.Column{{Name: "x", Type: "integer"}}},
		{Schema: "sales", Name: "VENDORS", Kind: catalog.KindTable, Columns: []catalog.Column{{Name: "id", Type: "integer"}}},
	}}
	cat := Catalog{S: snap}

	_, ok := cat.LookupTable("sales.a", "b")
	require.False(t, ok)
	_, ok = cat.LookupTable("sales", "a.b")
	require.True(t, ok)

	v := sqlguard.Check(`SELECT zeta FROM "sales.a".b`, cat)
	require.False(t, v.OK)
	require.Equal(t, "policy.unknown_table", v.Errors[0].Code)
	require.Contains(t, v.Errors[0].Message, `table "sales.a".b is not in the catalog`)
	require.True(t, sqlguard.Check(`SELECT x FROM sales."a.b"`, cat).OK)

	v = sqlguard.Check(`SELECT id FROM sales.vendors`, cat)
	require.False(t, v.OK)
	require.Contains(t, v.Errors[0].Message, `did you mean sales."VENDORS"?`)
}
