package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// FuzzCheck asserts that the guard never panics, and that whatever it lets
// through is exactly one plain SELECT with a LIMIT, reading only catalog
// tables, calling no denied function (in attribute notation neither),
// naming no function, operator or type outside pg_catalog and the
// catalog's schemas, casting to no object identifier type, holding no
// parameter placeholder, and passes the guard again unchanged.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"SELECT id, name FROM customers",
		"SELECT c.name, sum(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY 1 ORDER BY 2 DESC",
		"WITH x AS (SELECT 1 AS a) SELECT a FROM x UNION ALL VALUES (2) LIMIT ALL",
		"SELECT * FROM generate_series(1, 3) g, LATERAL (SELECT g) s OFFSET 1",
		"TABLE shop.products",
		"SELECT 1; DROP TABLE customers",
		"SELECT pg_catalog.pg_sleep(1) -- ;",
		"WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d",
		"SELECT * FROM orders FOR UPDATE",
		"SELECT a, FROM t GROUP BY a, ORDER BY (",
		"SELECT 'unterminated",
		"SELECT $$x$$, E'\\n', U&'\\0041', B'1', \"Q\".\"R\" FROM daily_sales",
		"SELECT w.http_status, (w.url).upper, s.version FROM webhooks w, (SELECT version FROM webhooks) s",
		"SELECT c.http, rag.f(), 1 OPERATOR(rag.+) 2, 'x'::regclass, 'y'::rag.t FROM customers c WHERE id = $1",
		"SELECT CASE status WHEN NULL THEN 1 END, count(*) FROM orders WHERE total != NULL AND status NOT IN (1, NULL) GROUP BY 3 HAVING status > 'x' ORDER BY 4 LIMIT 1",
	} {
		f.Add(s)
	}
	cat := testCatalog()
	f.Fuzz(func(t *testing.T, sql string) {
		v := Check(sql, cat)
		require.Equal(t, v.OK, len(v.Errors) == 0)
		if !v.OK {
			require.Empty(t, v.SQL)
			return
		}

		script, err := pgsql.Parse(v.SQL)
		require.NoError(t, err, "guarded SQL %q must parse", v.SQL)
		require.Len(t, script.Statements, 1)
		st := script.Statements[0]
		require.Equal(t, pgsql.KindSelect, st.Kind)
		a := st.Analysis()
		require.True(t, a.HasLimit, "guarded SQL %q must have a LIMIT", v.SQL)
		require.Empty(t, a.DataModifyingCTEs())
		require.Nil(t, a.Into)
		require.Empty(t, a.Locking)
		for _, fn := range a.Functions {
			_, denied := defaultGuard.denied(fn.Schema, fn.Name)
			require.False(t, denied, fn.QualifiedName())
		}
		require.Empty(t, a.Params)
		allowed := allowedSchemas(cat)
		for _, fn := range a.Functions {
			require.True(t, fn.Schema == "" || allowed[fn.Schema], fn.QualifiedName())
		}
		for _, o := range a.Operators {
			require.True(t, o.Schema == "" || allowed[o.Schema], o.QualifiedName())
		}
		for _, ty := range a.Types {
			require.True(t, ty.Schema == "" || allowed[ty.Schema], ty.Name)
			require.False(t, oidType(ty.Name) && (ty.Schema == "" || ty.Schema == "pg_catalog"), ty.Name)
		}
		for _, c := range newLinter(script, a, cat).attributeCalls() {
			_, denied := defaultGuard.denied("", c.name)
			require.False(t, denied, c.written)
		}
		for _, tr := range a.Tables {
			require.Equal(t, pgsql.RoleRead, tr.Role)
			_, ok := cat.LookupTable(tr.Schema, tr.Name)
			require.True(t, ok && tr.Catalog == "", tr.QualifiedName())
		}

		again := Check(v.SQL, cat)
		require.True(t, again.OK, "%q: %v", v.SQL, again.Errors)
		require.False(t, again.LimitAdded)
		require.Equal(t, v.SQL, again.SQL)
	})
}
