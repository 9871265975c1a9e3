package pgsql

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// describe renders an operand as "col:x", "null", "number:1", "string:a", ….
func describe(a *Analysis, o Operand) string {
	switch o.Kind {
	case OperandNone:
		return "-"
	case OperandColumn:
		return "col:" + a.Columns[o.Column].QualifiedName()
	case OperandNumber, OperandString, OperandBool:
		return string(o.Kind) + ":" + o.Value
	}
	return string(o.Kind)
}

func opExprs(a *Analysis) []string {
	var out []string
	for _, e := range a.OpExprs {
		s := string(e.Kind) + " " + describe(a, e.Left) + " " + e.Op + " " + describe(a, e.Right)
		for _, v := range e.List {
			s += " [" + describe(a, v) + "]"
		}
		out = append(out, s+" @"+string(e.Clause))
	}
	return out
}

// TestAnalysisOpExprs checks that operator expressions come with their
// operands, classified, in every form the grammar writes them.
func TestAnalysisOpExprs(t *testing.T) {
	t.Parallel()

	sql := `SELECT CASE m WHEN NULL THEN 1 WHEN 'z' THEN 2 END, -k
FROM t JOIN u ON u.id = NULL
WHERE t.x = NULL AND NULL <> y AND c != 1.5 AND d IN (1, 'x', NULL) AND e NOT IN (-2)
  AND f LIKE 'a%' AND g NOT BETWEEN 1 AND 2 AND h = ANY ('{1}') AND n IS DISTINCT FROM NULL
  AND NULLIF(p, 0) > 0 AND q = NULL::int AND r = '5'::int AND s = true AND v = upper(w)
  AND z IN (SELECT 1)
GROUP BY m HAVING sum(k) >= 10`
	_, a := analysis(t, sql)
	require.Equal(t, []string{ // walk order: FROM before the select list
		"op col:u.id = null @on",
		"case col:m = null @select",
		"case col:m = string:z @select",
		"op - - col:k @select",
		"op col:t.x = null @where",
		"op null <> col:y @where",
		"op col:c <> number:1.5 @where", // != is <> to the lexer
		"in col:d = - [number:1] [string:x] [null] @where",
		"in col:e <> - [number:-2] @where",
		"like col:f ~~ string:a% @where",
		"between col:g NOT BETWEEN - [number:1] [number:2] @where",
		"any col:h = string:{1} @where",
		"distinct col:n = null @where",
		"nullif col:p = number:0 @where",
		"op expr > number:0 @where",
		"op col:q = null @where",
		"op col:r = expr @where",
		"op col:s = bool:true @where",
		"op col:v = expr @where",
		"op expr >= number:10 @having",
	}, opExprs(a))

	for _, e := range a.OpExprs {
		require.GreaterOrEqual(t, e.Location, 0, "%+v", e)
		if e.Kind == OpCase {
			require.True(t, strings.HasPrefix(sql[e.Location:], "WHEN"), "a CASE comparison is located at its WHEN")
			continue
		}
		if e.Kind == OpBinary && e.Left.Kind == OperandColumn {
			require.True(t, strings.HasPrefix(sql[e.Left.Location:], a.Columns[e.Left.Column].QualifiedName()))
		}
	}
	var walked []string
	for _, c := range a.Columns {
		walked = append(walked, c.QualifiedName())
	}
	require.Equal(t, strings.Fields("u.id m k t.x y c d e f g h n p q r s v w z m k"), walked,
		"every operand is walked once, the simple CASE's argument too")
}

// TestAnalysisClauseFacts checks what lint reads about HAVING, ORDER BY,
// LIMIT and expression subqueries per query block.
func TestAnalysisClauseFacts(t *testing.T) {
	t.Parallel()

	sql := `SELECT a, (SELECT max(x) FROM s LIMIT 1) AS m, ARRAY(SELECT y FROM s2 ORDER BY 1) AS arr
FROM t
WHERE EXISTS (SELECT 1 FROM e LIMIT 1) AND a IN (SELECT z FROM i) AND a > ALL (SELECT z FROM i2)
GROUP BY a
HAVING a > 1 AND a IN (SELECT k FROM h GROUP BY k HAVING count(*) > 1)
ORDER BY 2 DESC, a, -1
LIMIT 10`
	_, a := analysis(t, sql)
	top := a.Scopes[0]
	require.True(t, top.HasHaving)
	require.True(t, top.HavingAggregate, "an aggregate anywhere inside counts, a subquery's HAVING too")
	require.Equal(t, strings.Index(sql, "a > 1"), top.HavingLocation)
	require.Equal(t, []SortItem{
		{Ordinal: 2, Location: strings.Index(sql, "2 DESC")},
		{Ordinal: 0, Location: strings.Index(sql, "a, -1")},
		{Ordinal: -1, Location: strings.Index(sql, "-1")},
	}, top.OrderBy)
	require.True(t, top.HasLimit)
	require.EqualValues(t, 10, top.LimitCount)
	require.Equal(t, strings.Index(sql, "10"), top.LimitLocation)
	require.Equal(t, SubLinkKind(""), top.SubLink)

	kinds := map[string]SubLinkKind{}
	for _, sc := range a.Scopes[1:] {
		require.Equal(t, OriginExpr, sc.Origin)
		kinds[a.Tables[sc.Items[0].Table].Name] = sc.SubLink
	}
	require.Equal(t, map[string]SubLinkKind{
		"s": SubLinkScalar, "s2": SubLinkArray, "e": SubLinkExists, "i": SubLinkAny, "i2": SubLinkAll, "h": SubLinkAny,
	}, kinds)

	_, a = analysis(t, `SELECT a FROM t GROUP BY a HAVING a > 1 OR a < (SELECT 5) FETCH FIRST ROW ONLY`)
	require.True(t, a.Scopes[0].HasHaving)
	require.False(t, a.Scopes[0].HavingAggregate)
	require.EqualValues(t, 1, a.Scopes[0].LimitCount)
	require.Equal(t, -1, a.Scopes[0].LimitLocation, "FETCH FIRST ROW ONLY writes no count")
	require.Empty(t, a.Scopes[0].OrderBy)

	_, a = analysis(t, `SELECT a FROM t GROUP BY ROLLUP (a) HAVING GROUPING(a) = 0 LIMIT 5 + 5`)
	require.True(t, a.Scopes[0].HavingAggregate, "GROUPING() needs grouping like an aggregate")
	require.EqualValues(t, -1, a.Scopes[0].LimitCount, "not a constant")
	require.GreaterOrEqual(t, a.Scopes[0].LimitLocation, 0)

	_, a = analysis(t, `SELECT a FROM t LIMIT ALL`)
	require.False(t, a.Scopes[0].HasLimit)
	require.EqualValues(t, -1, a.Scopes[0].LimitCount)
	require.Equal(t, -1, a.Scopes[0].LimitLocation)
	require.Equal(t, -1, a.Scopes[0].HavingLocation)
}
