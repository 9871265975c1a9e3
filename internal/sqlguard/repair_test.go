package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestResolveColumnError(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	const join = `SELECT e.employee_name, o.total
FROM customers e JOIN orders o ON o.customer_id = e.id`

	for _, tc := range []struct {
		name, sql, msg string
		want           ColumnRef
		ok             bool
	}{
		{
			name: "qualified by alias",
			sql:  join, msg: "column e.employee_name does not exist",
			want: ColumnRef{Qualifier: "e", Column: "employee_name", Schema: "shop", Table: "customers", Source: "table",
				Candidates: []TableRef{{"shop", "customers"}, {"shop", "orders"}}},
			ok: true,
		},
		{
			name: "pgx error text",
			sql:  join, msg: "ERROR: column o.amount_total does not exist (SQLSTATE 42703)",
			want: ColumnRef{Qualifier: "o", Column: "amount_total", Schema: "shop", Table: "orders", Source: "table",
				Candidates: []TableRef{{"shop", "customers"}, {"shop", "orders"}}},
			ok: true,
		},
		{
			name: "unqualified with one table",
			sql:  "SELECT employee_name FROM customers WHERE country = 'NL'", msg: `column "employee_name" does not exist`,
			want: ColumnRef{Column: "employee_name", Schema: "shop", Table: "customers", Source: "table",
				Candidates: []TableRef{{"shop", "customers"}}},
			ok: true,
		},
		{
			name: "unqualified with two tables stays unplaced",
			sql:  "SELECT employee_name FROM customers c JOIN orders o ON o.customer_id = c.id", msg: `column "employee_name" does not exist`,
			want: ColumnRef{Column: "employee_name", Candidates: []TableRef{{"shop", "customers"}, {"shop", "orders"}}},
			ok:   true,
		},
		{
			name: "inside a subquery",
			sql:  "SELECT name FROM customers c WHERE EXISTS (SELECT 1 FROM orders x WHERE x.amount > 10 AND x.customer_id = c.id)",
			msg:  "column x.amount does not exist",
			want: ColumnRef{Qualifier: "x", Column: "amount", Schema: "shop", Table: "orders", Source: "table",
				Candidates: []TableRef{{"shop", "orders"}}},
			ok: true,
		},
		{
			name: "CTE",
			sql:  "WITH t AS (SELECT id FROM orders) SELECT t.total FROM t", msg: "column t.total does not exist",
			want: ColumnRef{Qualifier: "t", Column: "total", Table: "t", Source: "cte"},
			ok:   true,
		},
		{
			name: "schema-qualified reference",
			sql:  "SELECT shop.orders.amount FROM shop.orders", msg: "column shop.orders.amount does not exist",
			want: ColumnRef{Qualifier: "shop.orders", Column: "amount", Schema: "shop", Table: "orders", Source: "table",
				Candidates: []TableRef{{"shop", "orders"}}},
			ok: true,
		},
		{
			name: "of relation",
			sql:  "SELECT 1", msg: `column "amount" of relation "orders" does not exist`,
			want: ColumnRef{Column: "amount", Schema: "shop", Table: "orders", Source: "table"},
			ok:   true,
		},
		{
			name: "undefined alias is found but unplaced",
			sql:  "SELECT z.total FROM orders o", msg: "column z.total does not exist",
			want: ColumnRef{Qualifier: "z", Column: "total", Candidates: []TableRef{{"shop", "orders"}}},
			ok:   true,
		},
		{name: "other error", sql: join, msg: `relation "x" does not exist`},
		{name: "unparsable SQL", sql: "SELECT (", msg: "column e.x does not exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok := ResolveColumnError(tc.sql, tc.msg, cat)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.want, got)
		})
	}

	got, ok := ResolveColumnError(join, "column e.employee_name does not exist", nil)
	require.True(t, ok)
	require.Equal(t, "customers", got.Table, "without a catalog the table is still found")
	require.Empty(t, got.Schema, "but its schema is only what the SQL says")
}
