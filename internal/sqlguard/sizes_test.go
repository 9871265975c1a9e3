package sqlguard

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// TestSizeLimits: the planner folds repeat, lpad, rpad and array_fill over
// constants while EXPLAIN plans, so a constant count builds its value in
// the target's memory before anything runs. Counts above maxConstantSize,
// counts the guard cannot read, a size-making call repeated by another
// (unless both are small constants) and statements whose constant sizes
// add up past maxStatementSize are refused; ordinary padding and counts
// from the data are not.
func TestSizeLimits(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, sql := range []string{
		"SELECT length(repeat(repeat('a', 10000), 25000))",
		"SELECT repeat(lpad('a', 100000), 10000)",
		"SELECT array_fill(repeat('a', 1000), ARRAY[1000])",
		"SELECT repeat('a', 250000000)",
		"SELECT repeat('a', '250000000')",
		"SELECT repeat('a', 10000 * 25000)",
		"SELECT repeat('a', power(10, 9)::int)",
		"SELECT repeat('a', greatest(1, 1e9)::int)",
		"SELECT pg_catalog.repeat('a', 100001)",
		"SELECT repeat('abcdefghij', 20000)",
		"SELECT lpad('x', 1000000000), rpad('x', 2)",
		"SELECT id FROM orders WHERE status = rpad(status, 200000, 'x')",
		"SELECT array_fill(0, ARRAY[100000, 100000])",
		"SELECT array_fill(0, '{1000,1000}')",
		"SELECT cardinality(array_fill(0, ARRAY[1000, 1000], ARRAY[1, 1])) FROM orders",
		"SELECT repeat('a', (random() * 1e9)::int)",
		"SELECT repeat(repeat(status, 1000), 1000) FROM orders",
		"SELECT repeat(repeat('a', id::int), 2) FROM orders",
		"SELECT repeat('a', length('x') * 1000000000)",
		"SELECT " + strings.Repeat("repeat('a', 100000) || ", 11) + "'a'",
		"SELECT (SELECT repeat('a', 1e9::int)) FROM orders",
		// The planner pulls a simple subquery, a one-row VALUES list and a
		// CTE into the query that reads them, and folds their columns.
		"SELECT length(repeat('a', n)) FROM (SELECT 1000000000 AS n) s",
		"SELECT length(repeat('a', s.n)) FROM (SELECT id, 1000000000 AS n FROM orders) s",
		"SELECT length(repeat('a', x)) FROM (SELECT 1000000000) s(x)",
		"SELECT length(repeat('a', v.column1)) FROM (VALUES (1000000000)) v",
		"WITH c AS (SELECT 1000000000 AS n) SELECT length(repeat('a', n)) FROM c",
		"SELECT length(repeat(t.s, 10000)) FROM (SELECT m FROM (SELECT 1 AS id, repeat('a', 10000) AS m) u) t(s)",
		"SELECT cardinality(array_fill(0, ARRAY[n, n])) FROM (SELECT 100000 AS n) s",
		// replace and regexp_replace over constants grow them while
		// EXPLAIN plans, by a factor the replacement sets, nested or not.
		"SELECT length(" + strings.Repeat("replace(", 9) + "'aaaaaaaaaa'" + strings.Repeat(", 'a', 'aaaaaaaaaa')", 9) + ")",
		"SELECT length(" + strings.Repeat("regexp_replace(", 30) + "'a'" + strings.Repeat(", '', 'b', 'g')", 30) + ")",
		"SELECT replace(repeat('a', 100000), 'a', 'aa')",
		"SELECT regexp_replace(repeat('a', 1000), '.', '\\&\\&\\&', 'g')",
		"SELECT repeat(replace(repeat('a', 1000), 'a', 'aaaaaaaaaa'), 1000)",
		"SELECT replace(s, 'a', 'aaaaaaaaaa') FROM (SELECT repeat('a', 100000) AS s) t",
		// Any chain of calls and casts that each enlarge a little.
		"SELECT length(" + strings.Repeat("encode(", 24) + "'a'::bytea" + strings.Repeat(", 'hex')::bytea", 24) + ")",
		"SELECT length(" + strings.Repeat("quote_literal(", 30) + "''''" + strings.Repeat(")", 30) + ")",
		"SELECT id FROM orders WHERE status = " + strings.Repeat("(", 12) + "'a'" + strings.Repeat("::text)", 12),
		"SELECT length(x) FROM (SELECT " + strings.Repeat("encode(", 12) + "'a'::bytea" + strings.Repeat(", 'hex')::bytea", 12) + " AS x) s",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Equal(t, StagePolicy, v.Stage, sql)
		require.Contains(t, codes(v), CodeSizeLimit, "%s: %v", sql, v.Errors)
	}
	for _, sql := range []string{
		"SELECT lpad(id::text, 8, '0'), rpad(status, 20), repeat('*', 10) FROM orders",
		"SELECT repeat('-', 100000)",
		"SELECT repeat('*', (total / 10)::int) FROM orders",
		"SELECT repeat(status, 3), repeat(repeat_me, 3) FROM (SELECT status, status AS repeat_me FROM orders) s",
		"SELECT repeat('*', count(*)::int) FROM orders",
		"SELECT repeat('*', (SELECT count(*) FROM orders)::int)",
		"SELECT array_fill(0, ARRAY[10, 10]), array_fill(NULL::int, ARRAY[3])",
		"SELECT lpad(status, customer_id::int) FROM orders",
		"SELECT shop.repeat('a', 1000000000)",
		"SELECT repeat(lpad(status, 5) || '|', 3), repeat(repeat('ab', 2), 10) FROM orders",
		"SELECT " + strings.Repeat("repeat('a', 100000) || ", 10) + "'a'",
		"SELECT repeat('*', n) FROM (SELECT 20 AS n) s",
		"SELECT repeat('*', s.n::int) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY customer_id) s",
		"SELECT repeat('*', n) FROM (SELECT 1000000000 AS n UNION ALL SELECT 1) s",
		"SELECT repeat('*', column1) FROM (VALUES (1000000000), (1)) v",
		// A set-returning call's column is no constant: the planner pulls
		// no subquery up whose select list has one, and folds nothing of it.
		"WITH s AS (SELECT generate_series(1, 10) AS n) SELECT s.n, repeat('#', s.n) FROM s",
		"SELECT g.n, lpad('', g.n, '*') FROM (SELECT unnest(ARRAY[3, 5, 8]) AS n) g",
		"SELECT replace(replace(replace(status, '-', ''), ' ', ''), 'a', 'aaaaaaaaaa') FROM orders",
		"SELECT regexp_replace(regexp_replace(status, '(.)', '\\1\\1', 'g'), '', 'x', 'g') FROM orders",
		"SELECT replace('Dear NAME,', 'NAME', name), replace(replace('2024-01-01', '-', ''), '0', '00') FROM customers",
		"SELECT regexp_replace('2024-01-01', '-', '/', 'g'), replace(repeat('ab', 1000), 'a', 'xyz')",
		"SELECT to_char(date_trunc('month', now() - interval '1 month')::date, 'YYYY-MM'), upper(lower(trim(status))) FROM orders",
		"SELECT " + strings.Repeat("upper(", 12) + "status" + strings.Repeat(")", 12) + " FROM orders",
	} {
		v := Check(sql, cat)
		require.True(t, v.OK, "%s: %v", sql, v.Errors)
	}

	v := Check("SELECT length(repeat(repeat('a', 10000), 25000))", cat)
	require.Equal(t, Violation{
		Code: CodeSizeLimit, SQLSTATE: "54000", Class: errclass.ValidationBlock, Position: 15,
		Message: "repeat(repeat(…), …) is not allowed: it multiplies the size of the value repeat() makes, and Postgres builds the result in memory (while EXPLAIN plans, when the sizes are constant) (line 1)",
	}, v.Errors[0])
	v = Check("SELECT repeat('ab', 10000 * 25000)", cat)
	require.Equal(t, "repeat() would make 500000000 characters at once, which Postgres builds in memory (while EXPLAIN plans, as the value is constant); at most 100000 are allowed (line 1)",
		v.Errors[0].Message)
	require.Equal(t, 8, v.Errors[0].Position)
}
