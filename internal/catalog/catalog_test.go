package catalog_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// hrSnapshot is a two-schema catalog with a name (employees) in both
// schemas, a self-reference and a table off the search path.
func hrSnapshot() *catalog.Snapshot {
	col := func(name string) catalog.Column { return catalog.Column{Name: name, Type: "bigint"} }
	return &catalog.Snapshot{
		Database: "erp",
		Schemas:  []string{"hr", "sales"},
		Tables: []*catalog.Table{
			{Schema: "audit", Name: "log", Kind: catalog.KindTable, Columns: []catalog.Column{col("log_id"), col("employee_id")}},
			{Schema: "hr", Name: "departments", Kind: catalog.KindTable, Columns: []catalog.Column{col("department_id")}},
			{
				Schema: "hr", Name: "employees", Kind: catalog.KindTable, Comment: "Staff",
				Columns: []catalog.Column{col("employee_id"), col("department_id"), col("manager_id"), {Name: "first_name", Type: "text", Comment: "From HR system"}, {Name: "last_name", Type: "text"}},
			},
			{Schema: "sales", Name: "employees", Kind: catalog.KindView, Columns: []catalog.Column{col("employee_id")}},
			{Schema: "sales", Name: "orders", Kind: catalog.KindTable, Columns: []catalog.Column{col("order_id"), col("salesperson_id")}},
		},
		ForeignKeys: []catalog.ForeignKey{
			{Name: "log_employee_fk", Schema: "audit", Table: "log", Columns: []string{"employee_id"}, RefSchema: "hr", RefTable: "employees", RefColumns: []string{"employee_id"}},
			{Name: "employees_department_fk", Schema: "hr", Table: "employees", Columns: []string{"department_id"}, RefSchema: "hr", RefTable: "departments", RefColumns: []string{"department_id"}},
			{Name: "employees_manager_fk", Schema: "hr", Table: "employees", Columns: []string{"manager_id"}, RefSchema: "hr", RefTable: "employees", RefColumns: []string{"employee_id"}},
			{Name: "orders_salesperson_fk", Schema: "sales", Table: "orders", Columns: []string{"salesperson_id"}, RefSchema: "hr", RefTable: "employees", RefColumns: []string{"employee_id"}},
		},
	}
}

func keys(ts []*catalog.Table) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Key()
	}
	return out
}

func TestSnapshotLookups(t *testing.T) {
	t.Parallel()
	s := hrSnapshot()
	emp := s.Table("hr", "employees")
	require.NotNil(t, emp)
	require.Nil(t, s.Table("hr", "nope"))

	t.Run("Resolve", func(t *testing.T) {
		t.Parallel()
		for name, want := range map[string]string{
			"employees":        "hr.employees", // hr comes first on the search path
			"EMPLOYEES":        "hr.employees",
			"sales.employees":  "sales.employees",
			`"sales"."orders"`: "sales.orders",
			"orders":           "sales.orders",
			"audit.log":        "audit.log",
			"log":              "", // audit is not on the search path
			"hr.orders":        "",
			"nope":             "",
		} {
			got := s.Resolve(name)
			if want == "" {
				require.Nil(t, got, name)
				continue
			}
			require.NotNil(t, got, name)
			require.Equal(t, want, got.Key(), name)
		}
	})

	t.Run("Lookup", func(t *testing.T) {
		t.Parallel()
		// schema, name, the table's key ("" for none)
		for _, c := range [][3]string{
			{"", "employees", "hr.employees"}, // hr comes first on the search path
			{"sales", "employees", "sales.employees"},
			{"", "orders", "sales.orders"},
			{"audit", "log", "audit.log"},
			{"", "log", ""},       // audit is not on the search path
			{"", "EMPLOYEES", ""}, // names arrive folded by the parser: no second try
			{"hr", "orders", ""},
		} {
			got := s.Lookup(c[0], c[1])
			if c[2] == "" {
				require.Nil(t, got, c)
			} else {
				require.NotNil(t, got, c)
				require.Equal(t, c[2], got.Key(), c)
			}
		}
	})

	t.Run("ForeignKeys", func(t *testing.T) {
		t.Parallel()
		require.Equal(t, []string{"audit.log", "hr.departments", "sales.orders"}, keys(s.Neighbors(emp)))
		require.Equal(t, []string{"hr.employees"}, keys(s.Neighbors(s.Table("hr", "departments"))))
		require.Empty(t, s.Neighbors(s.Table("sales", "employees")))

		var out []string
		for _, fk := range s.Outgoing(emp) {
			out = append(out, fk.Name)
		}
		require.Equal(t, []string{"employees_department_fk", "employees_manager_fk"}, out)
		var in []string
		for _, fk := range s.Incoming(emp) {
			in = append(in, fk.Name)
		}
		require.Equal(t, []string{"log_employee_fk", "employees_manager_fk", "orders_salesperson_fk"}, in)

		require.Equal(t, 4, s.Degree(emp), "2 out, 2 in; the self-reference counts once")
		require.Equal(t, 1, s.Degree(s.Table("hr", "departments")))
		require.False(t, s.IsHub(emp))
	})

	t.Run("Hub", func(t *testing.T) {
		t.Parallel()
		hub := &catalog.Snapshot{Schemas: []string{"public"}, Tables: []*catalog.Table{{Schema: "public", Name: "customers"}}}
		for i := range catalog.HubDegree + 1 {
			name := fmt.Sprintf("t%d", i)
			hub.Tables = append(hub.Tables, &catalog.Table{Schema: "public", Name: name})
			hub.ForeignKeys = append(hub.ForeignKeys, catalog.ForeignKey{
				Name: name + "_fk", Schema: "public", Table: name,
				Columns: []string{"customer_id"}, RefSchema: "public", RefTable: "customers", RefColumns: []string{"customer_id"},
			})
		}
		require.True(t, hub.IsHub(hub.Table("public", "customers")))
		require.Equal(t, catalog.HubDegree+1, hub.Degree(hub.Table("public", "customers")))
		require.False(t, hub.IsHub(hub.Table("public", "t0")))
	})

	t.Run("SQLName", func(t *testing.T) {
		t.Parallel()
		require.Equal(t, "hr.employees", s.TableSQLName(emp), "several schemas: always qualified")
		single := &catalog.Snapshot{Schemas: []string{"public"}}
		require.Equal(t, "orders", single.SQLName("public", "orders"))
		require.Equal(t, "audit.log", single.SQLName("audit", "log"), "off the search path")
		require.Equal(t, `"Order Items"`, single.SQLName("public", "Order Items"))
		require.Equal(t, `"My Schema"."user"`, single.SQLName("My Schema", "user"))
	})

	t.Run("QuoteIdent", func(t *testing.T) {
		t.Parallel()
		for in, want := range map[string]string{
			"orders": "orders", "order_lines2": "order_lines2", "a$1": "a$1", "_x": "_x",
			"Orders": `"Orders"`, "order": `"order"`, "user": `"user"`, "1st": `"1st"`, "first name": `"first name"`,
			`we"ird`: `"we""ird"`, "": `""`,
		} {
			require.Equal(t, want, catalog.QuoteIdent(in), in)
		}
	})
}

func TestAnnotations(t *testing.T) {
	t.Parallel()

	t.Run("Apply", func(t *testing.T) {
		t.Parallel()
		a, err := catalog.ParseAnnotations([]byte(`{"tables": [
			{"schema": "hr", "table": "employees", "module": "HR", "gloss": "Employee master data",
			 "synonyms": ["staff", "workers"], "columns": {"last_name": "Family name", "first_name": "Given name"}},
			{"table": "orders", "module": "Sales"},
			{"schema": "hr", "table": "payroll", "gloss": "gone"},
			{"table": "departments", "columns": {"budget": "Yearly budget"}}
		]}`))
		require.NoError(t, err)
		s := hrSnapshot()
		err = s.Annotate(a)

		var unknown *catalog.UnknownAnnotationError
		require.True(t, errors.As(err, &unknown), "got %v", err)
		require.Equal(t, []string{"hr.payroll"}, unknown.Tables)
		require.Equal(t, []string{"departments.budget"}, unknown.Columns)
		require.ErrorContains(t, err, `unknown tables "hr.payroll" and unknown columns "departments.budget"`)

		emp := s.Table("hr", "employees")
		require.Equal(t, "HR", emp.Module)
		require.Equal(t, "Employee master data", emp.Gloss)
		require.Equal(t, "Staff", emp.Comment, "the database comment stays")
		require.Equal(t, []string{"staff", "workers"}, emp.Synonyms)
		require.Equal(t, "From HR system", emp.Column("first_name").Comment, "a column's own comment wins")
		require.Equal(t, "Family name", emp.Column("last_name").Comment)
		require.Equal(t, "Sales", s.Table("sales", "orders").Module, "resolved through the search path")
	})

	t.Run("AllKnown", func(t *testing.T) {
		t.Parallel()
		a, err := catalog.ParseAnnotations([]byte(`{"tables": [{"table": "employees", "gloss": "People"}]}`))
		require.NoError(t, err)
		s := hrSnapshot()
		require.NoError(t, s.Annotate(a))
		require.Equal(t, "People", s.Table("hr", "employees").Gloss)
		require.Empty(t, s.Table("sales", "employees").Gloss)
	})

	t.Run("ParseErrors", func(t *testing.T) {
		t.Parallel()
		for doc, want := range map[string]string{
			`{"tables": [{"table": "a", "glos": "typo"}]}`:           `unknown field "glos"`,
			`{"tables": [{"schema": "hr"}]}`:                         `tables[0] has no "table"`,
			`{"tables": [{"table": "a"}, {"table": "a"}]}`:           `table "a" is annotated twice`,
			`{"tables": [{"table": "a", "synonyms": "staff"}]}`:      `cannot unmarshal`,
			`{"tables": []} {"tables": []}`:                          `unexpected data after`,
			`not json`:                                               `invalid character`,
			`{"tables": [{"table": "a", "columns": {"x": ["no"]}}]}`: `cannot unmarshal`,
		} {
			_, err := catalog.ParseAnnotations([]byte(doc))
			require.ErrorContains(t, err, want, doc)
		}
	})
}

func TestColumnText(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]bool{
		"text": true, "character varying(200)": true, "character varying": true, "character(2)": true,
		"citext": true, "name": true, "integer": false, "numeric(10,2)": false, "text[]": false,
		"character varying(20)[]": false, "timestamp with time zone": false,
	} {
		c := catalog.Column{Name: "c", Type: typ}
		require.Equal(t, want, c.Text(), typ)
	}
}

func TestTableNamed(t *testing.T) {
	t.Parallel()
	table := func(cols ...catalog.Column) *catalog.Table {
		return &catalog.Table{Schema: "s", Name: "t", Columns: cols}
	}
	require.True(t, table(catalog.Column{Name: "legal_name", Type: "text"}).Named())
	require.True(t, table(catalog.Column{Name: "FULLNAME", Type: "character varying(80)"}).Named())
	require.True(t, table(catalog.Column{Name: "instrumentTitle", Type: "text"}).Named())
	require.False(t, table(catalog.Column{Name: "name_id", Type: "bigint"}).Named(), "not text")
	require.False(t, table(catalog.Column{Name: "rename_reason", Type: "text"}).Named())
}

// TestTableKey: a key names one table however its parts are written, and
// names without dots or quotes keep their plain form.
func TestTableKey(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct{ schema, name, key string }{
		{"erp", "employees", "erp.employees"},
		{"sales", "OrderLines", "sales.OrderLines"},
		{"sales", "a.b", `sales."a.b"`},
		{"sales.a", "b", `"sales.a".b`},
		{`we"ird`, `x".y`, `"we""ird"."x"".y"`},
		{"", "", "."},
	} {
		require.Equal(t, tc.key, catalog.TableKey(tc.schema, tc.name))
		schema, name, ok := catalog.SplitTableKey(tc.key)
		require.True(t, ok, tc.key)
		require.Equal(t, []string{tc.schema, tc.name}, []string{schema, name}, tc.key)
	}
	for _, bad := range []string{"", "nodot", `"open.x`, `a."b"c`, "a.b.c", `a"b.c`} {
		_, _, ok := catalog.SplitTableKey(bad)
		require.False(t, ok, bad)
	}

	s := &catalog.Snapshot{Database: "d", Schemas: []string{"sales"}, Tables: []*catalog.Table{
		{Schema: "sales", Name: "a.b", Kind: catalog.KindTable},
	}}
	require.NotNil(t, s.Table("sales", "a.b"))
	require.Nil(t, s.Table("sales.a", "b"), "a schema never registered")
	require.Nil(t, s.Lookup("sales.a", "b"))
}
