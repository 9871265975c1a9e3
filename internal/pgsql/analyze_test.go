package pgsql

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func analysis(t *testing.T, sql string) (*Statement, *Analysis) {
	t.Helper()
	s, err := Parse(sql)
	require.NoError(t, err)
	require.Len(t, s.Statements, 1)
	return s.Statements[0], s.Statements[0].Analysis()
}

func tableNames(a *Analysis) []string {
	var out []string
	for _, t := range a.Tables {
		n := t.QualifiedName()
		if t.Alias != "" {
			n += " " + t.Alias
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func funcNames(a *Analysis) []string {
	var out []string
	for _, f := range a.Functions {
		out = append(out, f.QualifiedName())
	}
	sort.Strings(out)
	return out
}

// TestAnalysisWholeTree checks that tables and functions are found in every
// place a query can hide them.
func TestAnalysisWholeTree(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `
WITH recent AS (
  SELECT o.customer_id, count(*) AS n FROM shop.orders o WHERE o.created_at > now() - interval '7 days' GROUP BY 1
), big AS (SELECT customer_id FROM recent WHERE n > f_cte())
SELECT c.name,
       (SELECT max(l.total) FROM order_lines l WHERE l.customer_id = c.id AND f_scalar(l.id)) AS top,
       upper(c.email)
FROM ONLY customers c
JOIN recent r ON r.customer_id = c.id
LEFT JOIN LATERAL (SELECT p.id FROM products p WHERE p.owner = c.id LIMIT f_limit()) lp ON true
CROSS JOIN generate_series(1, 3) AS g(i),
     ROWS FROM (unnest(ARRAY[1,2]), f_rowsfrom()) AS rf(a, b),
     (VALUES (1)) AS v(x)
WHERE c.id IN (SELECT customer_id FROM big)
  AND EXISTS (SELECT 1 FROM "Audit"."Log" al WHERE al.who = c.id AND f_exists(al.id))
  AND c.id = ANY (ARRAY(SELECT id FROM vip WHERE pg_catalog.f_array()))
GROUP BY c.name, c.email, c.id
HAVING sum(f_having(c.id)) > 0
UNION ALL
SELECT name, NULL, NULL FROM (TABLE archived) arch
ORDER BY 1
`)
	require.Equal(t, []string{
		"Audit.Log al", "archived", "customers c", "order_lines l", "products p", "shop.orders o", "vip",
	}, tableNames(a), "CTE references (recent, big) are not tables")

	for _, tr := range a.Tables {
		require.Equal(t, RoleRead, tr.Role)
		require.GreaterOrEqual(t, tr.Location, 0)
		if tr.Name == "customers" {
			require.True(t, tr.Only, "ONLY customers")
		} else {
			require.False(t, tr.Only, tr.Name)
		}
	}
	require.Equal(t, []string{
		"count", "f_cte", "f_exists", "f_having", "f_limit", "f_rowsfrom", "f_scalar", "generate_series",
		"max", "now", "pg_catalog.f_array", "sum", "unnest", "upper",
	}, funcNames(a))

	var inFrom []string
	for _, f := range a.Functions {
		if f.InFrom {
			inFrom = append(inFrom, f.Name)
		}
		if f.Name == "count" || f.Name == "max" || f.Name == "sum" {
			require.True(t, f.Aggregate, f.Name)
		} else {
			require.False(t, f.Aggregate, f.Name)
		}
	}
	sort.Strings(inFrom)
	require.Equal(t, []string{"f_rowsfrom", "generate_series", "unnest"}, inFrom)

	require.Len(t, a.CTEs, 2)
	require.Equal(t, "recent", a.CTEs[0].Name)
	require.Equal(t, []string{"customer_id", "n"}, a.CTEs[0].Columns)
	require.False(t, a.CTEs[0].DataModifying())
	require.Empty(t, a.DataModifyingCTEs())
	require.Nil(t, a.Into)
	require.Empty(t, a.Locking)
	require.False(t, a.HasLimit, "the LIMIT is inside a LATERAL subquery")

	top := a.Scopes[0]
	require.Equal(t, ScopeSetOp, top.Kind)
	require.Equal(t, "union all", top.SetOp)
	require.Len(t, top.Branches, 2)
	first := a.Scopes[top.Branches[0]]
	require.True(t, first.HasGroupBy)
	require.True(t, first.HasHaving)
	require.Len(t, first.Where, 3, "three AND-ed conditions")
	var itemNames []string
	for _, it := range first.Items {
		itemNames = append(itemNames, string(it.Kind)+":"+it.RefName())
	}
	require.Equal(t, []string{"table:c", "cte:r", "subquery:lp", "function:g", "function:rf", "subquery:v"}, itemNames)
	require.Equal(t, []string{"i"}, first.Items[3].Columns)
	require.Equal(t, []string{"a", "b"}, first.Items[4].Columns)
	require.Equal(t, []string{"x"}, first.Items[5].Columns)
	require.True(t, first.Items[2].Lateral)
	require.Equal(t, 0, first.Items[0].Group)
	require.Equal(t, 0, first.Items[3].Group, "JOINed items share the first FROM entry")
	require.Equal(t, 1, first.Items[4].Group)
	require.Equal(t, 2, first.Items[5].Group)
	require.Equal(t, []string{"inner", "left", "cross"}, joinTypes(first))
}

func joinTypes(s *Scope) []string {
	var out []string
	for _, j := range s.Joins {
		out = append(out, j.Type)
	}
	return out
}

func TestAnalysisPolicyFacts(t *testing.T) {
	t.Parallel()

	t.Run("data-modifying CTE", func(t *testing.T) {
		t.Parallel()
		st, a := analysis(t, "WITH d AS (DELETE FROM orders WHERE id = 1 RETURNING *) SELECT * FROM d")
		require.Equal(t, KindSelect, st.Kind)
		dm := a.DataModifyingCTEs()
		require.Len(t, dm, 1)
		require.Equal(t, "d", dm[0].Name)
		require.Equal(t, KindDelete, dm[0].Kind)
		require.Equal(t, []string{"orders"}, tableNames(a))
		require.Equal(t, RoleWrite, a.Tables[0].Role)
	})
	t.Run("select into", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, "SELECT * INTO TEMP backup FROM customers")
		require.NotNil(t, a.Into)
		require.Equal(t, "backup", a.Into.Name)
		require.Equal(t, []string{"customers"}, tableNames(a), "the INTO target is not a FROM table")
	})
	t.Run("locking", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, "SELECT * FROM (SELECT * FROM t FOR SHARE) s FOR NO KEY UPDATE OF s NOWAIT")
		require.Len(t, a.Locking, 2)
		require.Equal(t, Locking{Strength: "FOR SHARE", Scope: 1}, a.Locking[0])
		require.Equal(t, Locking{Strength: "FOR NO KEY UPDATE", Wait: "NOWAIT", Of: []string{"s"}, Scope: 0}, a.Locking[1])
		require.Equal(t, []string{"t"}, tableNames(a), "FOR … OF names are aliases, not tables")
	})
	t.Run("quoted and qualified function names", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, `SELECT "pg_sleep"(1), PG_CATALOG.PG_SLEEP(2), "Weird"(3), EXTRACT(year FROM now())`)
		require.Equal(t, []string{"Weird", "now", "pg_catalog.extract", "pg_catalog.pg_sleep", "pg_sleep"}, funcNames(a))
		for _, f := range a.Functions {
			require.Equal(t, f.Name == "extract", f.SQLSyntax, f.Name)
		}
	})
	t.Run("TABLE and three-part names", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, "TABLE db.s.t")
		require.Len(t, a.Tables, 1)
		require.Equal(t, TableRef{Catalog: "db", Schema: "s", Name: "t", Role: RoleRead, Location: 6}, a.Tables[0])
	})
	t.Run("utility statements name tables", func(t *testing.T) {
		t.Parallel()
		st, a := analysis(t, "COPY (SELECT * FROM secrets) TO STDOUT")
		require.Equal(t, KindUtility, st.Kind)
		require.Equal(t, []string{"secrets"}, tableNames(a))
		_, a = analysis(t, "EXPLAIN ANALYZE DELETE FROM t USING u WHERE t.id = u.id")
		require.Equal(t, []string{"t", "u"}, tableNames(a))
		_, a = analysis(t, "LOCK TABLE accounts")
		require.Equal(t, RoleOther, a.Tables[0].Role)
	})
	t.Run("json aggregates", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, "SELECT JSON_ARRAYAGG(x ORDER BY x) FROM t")
		require.Len(t, a.Functions, 1)
		require.True(t, a.Functions[0].Aggregate)
		require.Len(t, a.Scopes[0].Targets[0].Aggregates, 1)
	})
	t.Run("aggregate columns", func(t *testing.T) {
		t.Parallel()
		_, a := analysis(t, "SELECT count(DISTINCT p.id) FILTER (WHERE p.ok) / nullif(sum(a.n + (SELECT max(z) FROM s)), 0), p.x FROM p, a")
		names := func(f FuncCall) []string {
			var out []string
			for _, c := range f.Columns {
				out = append(out, a.Columns[c].QualifiedName())
			}
			return out
		}
		byName := map[string]FuncCall{}
		for _, f := range a.Functions {
			byName[f.Name] = f
		}
		require.Equal(t, []string{"p.id", "p.ok"}, names(byName["count"]))
		require.Equal(t, []string{"a.n"}, names(byName["sum"]), "a subquery's columns are its own")
		require.Equal(t, []string{"z"}, names(byName["max"]), "the subquery's own aggregate")
		require.Nil(t, byName["nullif"].Columns, "not an aggregate")
	})
}

func TestAnalysisHasLimit(t *testing.T) {
	t.Parallel()

	for sql, want := range map[string]bool{
		"SELECT 1":                         false,
		"SELECT 1 LIMIT 5":                 true,
		"SELECT 1 FETCH FIRST 3 ROWS ONLY": true,
		"SELECT 1 ORDER BY 1 FETCH FIRST 3 ROWS WITH TIES": true,
		"SELECT 1 LIMIT ALL":                           false,
		"SELECT 1 LIMIT NULL":                          false,
		"SELECT 1 OFFSET 5":                            false,
		"SELECT 1 LIMIT $1":                            true,
		"(SELECT 1 LIMIT 1) UNION SELECT 2":            false,
		"SELECT 1 UNION SELECT 2 LIMIT 1":              true,
		"SELECT * FROM (SELECT 1 LIMIT 1) s":           false,
		"VALUES (1) LIMIT 1":                           true,
		"WITH x AS (SELECT 1 LIMIT 1) SELECT * FROM x": false,
		"DELETE FROM t":                                false,
	} {
		s, err := Parse(sql)
		require.NoError(t, err, sql)
		require.Equal(t, want, s.Statements[0].Analysis().HasLimit, sql)
	}
}

// TestAnalysisScopes checks the alias map per query block and Resolve.
func TestAnalysisScopes(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `
SELECT e.name, d.name
FROM hr.employees e
JOIN departments d ON d.id = e.department_id
JOIN hr.sites ON sites.id = d.site_id
WHERE EXISTS (SELECT 1 FROM badges b WHERE b.employee_id = e.id)`)

	top := a.Scopes[0]
	require.Equal(t, -1, top.Parent)
	require.Equal(t, OriginTop, top.Origin)
	require.Len(t, top.Items, 3)

	r, ok := a.Resolve(0, []string{"e"})
	require.True(t, ok)
	require.Equal(t, "employees", a.Item(r).Name)
	require.Equal(t, "hr", a.Item(r).Schema)

	_, ok = a.Resolve(0, []string{"employees"})
	require.False(t, ok, "an aliased table answers only to its alias")
	r, ok = a.Resolve(0, []string{"sites"})
	require.True(t, ok)
	require.Equal(t, "sites", a.Item(r).Name)
	_, ok = a.Resolve(0, []string{"hr", "sites"})
	require.True(t, ok, "schema.table of an unaliased table")
	_, ok = a.Resolve(0, []string{"other", "sites"})
	require.False(t, ok)
	_, ok = a.Resolve(0, []string{"b"})
	require.False(t, ok, "an inner alias is not visible outside")

	// The EXISTS subquery sees its own alias and the outer ones.
	var sub *Scope
	for _, s := range a.Scopes {
		if s.Origin == OriginExpr {
			sub = s
		}
	}
	require.NotNil(t, sub)
	require.Equal(t, 0, sub.Parent)
	r, ok = a.Resolve(sub.ID, []string{"e"})
	require.True(t, ok)
	require.Equal(t, 0, r.Scope, "a correlated reference resolves to the outer block")
	r, ok = a.Resolve(sub.ID, []string{"b"})
	require.True(t, ok)
	require.Equal(t, sub.ID, r.Scope)

	// Column references carry their qualifier, scope and clause.
	var refs []string
	for _, c := range a.Columns {
		refs = append(refs, c.QualifiedName()+"@"+string(c.Clause))
	}
	require.ElementsMatch(t, []string{
		"d.id@on", "e.department_id@on", "sites.id@on", "d.site_id@on", "e.name@select", "d.name@select",
		"b.employee_id@where", "e.id@where",
	}, refs)
	require.Len(t, top.Where, 1)
	require.Len(t, top.Where[0], 2, "a WHERE conjunct includes the references of its subqueries")
}

func TestAnalysisTargetsAndGroupBy(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `
SELECT date_trunc('month', o.created_at) AS month, o.status, count(*) AS n, sum(o.total) OVER () AS w, o.*
FROM orders o
GROUP BY date_trunc('month',   o.created_at), 2, ROLLUP (o.region)`)
	s := a.Scopes[0]
	require.Len(t, s.Targets, 5)
	names := []string{}
	for _, tg := range s.Targets {
		names = append(names, tg.Name)
	}
	require.Equal(t, []string{"month", "status", "n", "w", ""}, names)
	require.True(t, s.Targets[4].Star)
	require.Len(t, s.Targets[2].Aggregates, 1)
	require.Empty(t, s.Targets[2].Columns)
	require.True(t, s.Targets[3].Window)
	require.Empty(t, s.Targets[3].Aggregates, "sum(…) OVER () is a window call, not an aggregate")

	require.Len(t, s.GroupBy, 3, "grouping sets are flattened")
	require.Equal(t, s.Targets[0].Key, s.GroupBy[0].Key, "same expression, different spacing")
	require.NotEqual(t, s.Targets[1].Key, s.GroupBy[0].Key)
	require.Equal(t, 2, s.GroupBy[1].Ordinal)
	require.Equal(t, -1, s.GroupBy[0].Column)
	require.Equal(t, "region", a.Columns[s.GroupBy[2].Column].Name)
}

// TestAnalysisFieldsParamsTypesOperators checks the facts the guard needs
// for calls that are not written as calls: fields selected from
// expressions (attribute notation), type names (casts look objects up),
// qualified operators, and parameter placeholders.
func TestAnalysisFieldsParamsTypesOperators(t *testing.T) {
	t.Parallel()

	sql := `SELECT (e).http, (e.addr).city.upper, arr[1].f, (ROW(1)::http_request).http, $1.g
FROM t e
WHERE x = $2 AND y OPERATOR(rag.@@) 'q' AND z = ANY ($2::int[]) AND 'r'::pg_catalog.regclass IS NOT NULL
ORDER BY x USING OPERATOR(pg_catalog.<)`
	_, a := analysis(t, sql)

	var fields, ofs []string
	for _, f := range a.Fields {
		fields = append(fields, f.Name+"@"+sql[f.Location:f.Location+1])
		ofs = append(ofs, f.Of)
		require.Equal(t, ClauseSelect, f.Clause)
		require.Equal(t, 0, f.Scope)
	}
	require.Equal(t, []string{"http@e", "city@e", "upper@e", "f@a", "http@R", "g@$"}, fields,
		"every field name, located where its expression starts")
	require.Equal(t, []string{"e", "e.addr", "(e.addr).city", "", "", ""}, ofs,
		"column paths are written back; subscripts, casts and parameters are not")

	require.Len(t, a.Params, 3)
	require.Equal(t, Param{Number: 1, Scope: 0, Clause: ClauseSelect, Location: strings.Index(sql, "$1")}, a.Params[0])
	require.Equal(t, 2, a.Params[1].Number)
	require.Equal(t, ClauseWhere, a.Params[1].Clause)
	require.Equal(t, "$2", sql[a.Params[1].Location:a.Params[1].Location+2])

	var types []string
	for _, ty := range a.Types {
		n := ty.Name
		if ty.Schema != "" {
			n = ty.Schema + "." + ty.Name
		}
		types = append(types, n)
	}
	require.Equal(t, []string{"http_request", "pg_catalog.int4", "pg_catalog.regclass"}, types)

	var ops []string
	for _, o := range a.Operators {
		ops = append(ops, o.QualifiedName())
	}
	require.Equal(t, []string{"=", "rag.@@", "=", "pg_catalog.<"}, ops, "x = $2, OPERATOR(rag.@@), = ANY, USING")

	// Fields do not hide the column references inside them.
	var cols []string
	for _, c := range a.Columns {
		cols = append(cols, c.QualifiedName())
	}
	require.Equal(t, []string{"e", "e.addr", "arr", "x", "y", "z", "x"}, cols)
}

// TestAnalysisStarFieldTarget: (x).* expands to every field of x, so the
// block's output columns are unknown, not a column named x.
func TestAnalysisStarFieldTarget(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, "SELECT s.http FROM (SELECT (q.r).* FROM q) s")
	require.True(t, a.Scopes[1].Targets[0].Star)
	require.Nil(t, a.OutputColumns(1))
	require.Nil(t, a.Scopes[0].Items[0].Columns)

	_, a = analysis(t, "SELECT 1 FROM (SELECT (q.r).f FROM q) s")
	require.Equal(t, []string{"f"}, a.Scopes[0].Items[0].Columns)
}

// TestAnalysisFunctionItemOrdinality: column aliases may rename the
// ordinality column, so it is listed only for column definition lists.
func TestAnalysisFunctionItemOrdinality(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, "SELECT 1 FROM generate_series(1, 2) WITH ORDINALITY AS g(n, i)")
	require.Equal(t, []string{"n", "i"}, a.Scopes[0].Items[0].Columns)
	_, a = analysis(t, "SELECT 1 FROM ROWS FROM (json_to_record('{}') AS (a int, b text)) WITH ORDINALITY AS r")
	require.Nil(t, a.Scopes[0].Items[0].Columns, "ROWS FROM keeps its definition lists per function")
	_, a = analysis(t, "SELECT 1 FROM json_to_record('{}') AS r(a int, b text)")
	require.Equal(t, []string{"a", "b"}, a.Scopes[0].Items[0].Columns)
}

// TestAnalysisSQLValuesCollationsArgs: the session's key words, COLLATE
// names and call arguments, which the guard judges.
func TestAnalysisSQLValuesCollationsArgs(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `SELECT current_date, LOCALTIMESTAMP(3), CURRENT_ROLE, user, session_user, current_catalog
FROM t WHERE current_schema = 'x'`)
	var names []string
	for _, v := range a.SQLValues {
		names = append(names, v.Name)
	}
	require.Equal(t, []string{"current_date", "localtimestamp", "current_role", "user", "session_user", "current_catalog", "current_schema"}, names)
	require.Equal(t, ClauseWhere, a.SQLValues[6].Clause)
	require.Empty(t, a.Functions, "SQL value functions are not calls")

	_, a = analysis(t, `SELECT name COLLATE "C", 'a' COLLATE secret."C", x COLLATE db.pg_catalog.default FROM t`)
	require.Equal(t, []CollationRef{
		{Name: "C", Location: 12},
		{Schema: "secret", Name: "C", Location: 29},
		{Catalog: "db", Schema: "pg_catalog", Name: "default", Location: 51},
	}, a.Collations)
	require.Equal(t, "db.pg_catalog.default", a.Collations[2].QualifiedName())

	_, a = analysis(t, `SELECT to_tsvector('secret.nope', body), ts_debug(config => 'english', document => 'x'), now() FROM t`)
	require.Equal(t, []Arg{
		{Value: Operand{Kind: OperandString, Column: -1, Value: "secret.nope", Location: 19}, Fixed: true, FirstCall: 1, EndCall: 1},
		{Value: Operand{Kind: OperandColumn, Column: 0, Location: 34}, FirstCall: 1, EndCall: 1},
	}, a.Functions[0].Args)
	require.Equal(t, "config", a.Functions[1].Args[0].Name)
	require.Equal(t, "english", a.Functions[1].Args[0].Value.Value)
	require.Equal(t, "document", a.Functions[1].Args[1].Name)
	require.Nil(t, a.Functions[2].Args)
}

// TestAnalysisConstantArgs: what an argument fixes before any row is
// read, and which calls it holds.
func TestAnalysisConstantArgs(t *testing.T) {
	t.Parallel()

	for expr, want := range map[string][]float64{
		"100000":                    {100000},
		"-5":                        {-5},
		"'250000'":                  {250000},
		"' 1e6 '::int":              {1e6},
		"10000 * 25000":             {2.5e8},
		"(2 + 3) * -(4)":            {-20},
		"10 ^ 9":                    {1e9},
		"power(10, 9)::int":         {1e9},
		"greatest(3, 1e7, 5)":       {1e7},
		"least(3, 1e7)":             {3},
		"abs(-7) % 4":               {3},
		"ARRAY[1000, 1000, 1000]":   {1000, 1000, 1000},
		"'{1000, 2000}'::int[]":     {1000, 2000},
		"NULL":                      {0},
		"'abc'":                     nil,
		"random()":                  nil,
		"OPERATOR(shop.*)(10, 10)":  nil,
		"length('abc')":             nil,
		"ARRAY[1, length('x')]":     nil,
		"CASE WHEN true THEN 1 END": nil,
	} {
		_, a := analysis(t, "SELECT f("+expr+")")
		arg := a.Functions[0].Args[0]
		require.True(t, arg.Fixed, expr)
		require.Equal(t, want, arg.Numbers, expr)
	}
	for _, expr := range []string{"x", "x + 1", "(SELECT 100000)", "count(*)::int", "sum(1)", "$1", "ARRAY[1, x]", "coalesce(x, 1)"} {
		_, a := analysis(t, "SELECT f("+expr+") FROM t")
		require.False(t, a.Functions[0].Args[0].Fixed, expr)
	}

	_, a := analysis(t, "SELECT repeat(lpad(repeat('a', 2), 3) || upper('b'), 4), now()")
	require.Equal(t, []string{"lpad", "now", "repeat", "repeat", "upper"}, funcNames(a))
	first := a.Functions[0].Args[0]
	inside := []string{a.Functions[first.FirstCall].Name, a.Functions[first.FirstCall+1].Name, a.Functions[first.EndCall-1].Name}
	require.Equal(t, []string{"lpad", "repeat", "upper"}, inside)
	require.Equal(t, 4, first.EndCall)
	require.Equal(t, 4, a.Functions[0].Args[1].FirstCall)
	require.Equal(t, 4, a.Functions[0].Args[1].EndCall)
}

// TestAnalysisXMLTable: XMLTABLE is its own FROM item, which a function
// that happens to be called "xmltable" is not.
func TestAnalysisXMLTable(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `SELECT x FROM XMLTABLE('//a' PASSING ('<a/>'::xml) COLUMNS x int PATH '.') AS t`)
	it := a.Scopes[0].Items[0]
	require.Equal(t, ItemFunction, it.Kind)
	require.True(t, it.XMLTable)
	require.Empty(t, a.Functions, "no function is called")
	_, a = analysis(t, `SELECT 1 FROM "xmltable"(1)`)
	require.False(t, a.Scopes[0].Items[0].XMLTable)
	require.Equal(t, []string{"xmltable"}, funcNames(a))
}

// TestAnalysisResolveAll lists every item a qualifier may name, innermost
// first.
func TestAnalysisResolveAll(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, "SELECT (SELECT e.x FROM u e, (SELECT e.y FROM v) s) FROM t e")
	var inner int
	for _, s := range a.Scopes {
		if s.Origin == OriginFrom {
			inner = s.ID
		}
	}
	refs := a.ResolveAll(inner, []string{"e"})
	require.Len(t, refs, 2)
	require.Equal(t, "u", a.Item(refs[0]).Name, "the sibling Postgres hides from a non-LATERAL subquery")
	require.Equal(t, "t", a.Item(refs[1]).Name, "the outer item Postgres picks instead")
	first, ok := a.Resolve(inner, []string{"e"})
	require.True(t, ok)
	require.Equal(t, refs[0], first)

	require.Empty(t, a.ResolveAll(inner, []string{"nowhere"}))
	require.Empty(t, a.ResolveAll(inner, nil))
}

// TestAnalysisCycleAndTablesample: the clauses whose names and literals
// sit outside any expression list still reach the analysis. A recursive
// WITH query's CYCLE … SET mark TO v DEFAULT d takes typed literals
// (regclass 'pg_authid' looks the table up, regrole '10' names a role),
// and TABLESAMPLE's method is a function, looked up by name (a qualified
// one in its schema) like any call.
func TestAnalysisCycleAndTablesample(t *testing.T) {
	t.Parallel()

	_, a := analysis(t, `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
CYCLE n SET m TO regclass 'pg_authid' DEFAULT secret.flag 'n' USING p
SELECT * FROM r, t TABLESAMPLE secret.system (1)`)
	var types []string
	for _, ty := range a.Types {
		types = append(types, qualified(ty.Schema, ty.Name))
	}
	require.Equal(t, []string{"regclass", "secret.flag"}, types)

	var fns []string
	for _, f := range a.Functions {
		fns = append(fns, f.QualifiedName())
		if f.Name == "system" {
			require.Equal(t, ClauseFrom, f.Clause)
			require.True(t, f.SQLSyntax)
			require.Len(t, f.Args, 0, "the sampling arguments are the handler's, not its call's")
		}
	}
	require.Equal(t, []string{"secret.system"}, fns)
}

// TestAnalysisXMLParse: XMLPARSE is SQL syntax, not a written call, and is
// recorded as the call xmlparse; the XML constructors are not.
func TestAnalysisXMLParse(t *testing.T) {
	t.Parallel()

	sql := "SELECT xmlelement(name a, XMLPARSE(CONTENT upper(name))) FROM t"
	_, a := analysis(t, sql)
	var fns []string
	for _, f := range a.Functions {
		fns = append(fns, f.Name)
	}
	require.Equal(t, []string{"xmlparse", "upper"}, fns)
	require.True(t, a.Functions[0].SQLSyntax)
	require.Equal(t, strings.Index(sql, "XMLPARSE"), a.Functions[0].Location)
	require.Equal(t, ClauseSelect, a.Functions[0].Clause)
}
