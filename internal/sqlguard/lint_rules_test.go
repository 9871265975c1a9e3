package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func lintCodes(v *Verdict) []string {
	var out []string
	for _, is := range v.Lint {
		out = append(out, is.Code)
	}
	return out
}

// TestTypeLintNeedsTypes: the type rule speaks only from catalog types; the
// same tables without Types (an older catalog, an unknown column) keep it
// quiet, and so does a Types slice shorter than Columns.
func TestTypeLintNeedsTypes(t *testing.T) {
	t.Parallel()

	const sql = "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 7 AND c.name > 'x'"
	require.Equal(t, []string{LintTypeMismatch}, lintCodes(Check(sql, testCatalog())))

	untyped := NewMemCatalog(nil,
		Table{Schema: "shop", Name: "orders", Columns: []string{"id", "customer_id", "status"}, Types: []string{"bigint", "bigint"}},
		Table{Schema: "shop", Name: "customers", Columns: []string{"id", "name"}},
	)
	v := Check(sql, untyped)
	require.True(t, v.OK)
	require.Empty(t, v.Lint)
}

func TestClassifyType(t *testing.T) {
	t.Parallel()

	for typ, want := range map[string]typeClass{
		"integer": typeNumber, "bigint": typeNumber, "smallint": typeNumber, "numeric(12,2)": typeNumber,
		"numeric": typeNumber, "double precision": typeNumber, "real": typeNumber, "pg_catalog.int4": typeNumber,
		"text": typeText, "character varying(20)": typeText, "character varying": typeText, "character(2)": typeText,
		"TEXT": typeText,
		// Unknown or neither: lint stays quiet.
		"": typeOther, "integer[]": typeOther, "text[]": typeOther, "money": typeOther, "boolean": typeOther,
		"date": typeOther, "timestamp(3) with time zone": typeOther, "erp.status_code": typeOther, `"char"`: typeOther,
		"citext": typeOther, "uuid": typeOther, "jsonb": typeOther,
	} {
		require.Equal(t, want, classify(typ), typ)
	}
}

// TestNumberLike: strings Postgres may read as numbers stay unflagged when
// compared with a numeric column; the rest are flagged.
func TestNumberLike(t *testing.T) {
	t.Parallel()

	for _, s := range []string{"10", " 10 ", "-1.5", "+3", ".5", "5.", "1e3", "1E-3", "1_000", "0x1F", "NaN", "Infinity", "-inf"} {
		require.True(t, numberLike(s), s)
	}
	for _, s := range []string{"", " ", "high", "abc", "N/A", "10 USD", "ten", "$5", "1,000"} {
		require.False(t, numberLike(s), s)
	}
}

// TestNullComparisonOperators: every comparison operator with NULL on
// either side is flagged, and the forms that handle NULL are not.
func TestNullComparisonOperators(t *testing.T) {
	t.Parallel()

	for _, cond := range []string{
		"total = NULL", "total <> NULL", "total != NULL", "NULL = total", "total < NULL", "total >= NULL",
		"total = NULL::numeric", "total OPERATOR(pg_catalog.=) NULL", "status NOT IN ('a', NULL)", "status IN (NULL)",
	} {
		v := Check("SELECT id FROM orders WHERE "+cond, testCatalog())
		require.Equal(t, []string{LintNullComparison}, lintCodes(v), cond)
		require.Equal(t, StageLint, v.Stage, cond)
	}
	for _, cond := range []string{
		"total IS NULL", "total IS NOT NULL", "total IS DISTINCT FROM NULL", "total IS NOT DISTINCT FROM NULL",
		"NULLIF(total, 0) > 1", "status IN ('a', NULL)", "total = ANY (ARRAY[1, NULL])", "coalesce(total, NULL) > 1",
		"(total + NULL) IS NULL",
	} {
		v := Check("SELECT id FROM orders WHERE "+cond, testCatalog())
		require.True(t, v.OK, cond)
		require.Empty(t, v.Lint, cond)
	}
}

// TestCartesianDistinctAggregates: a product whose every output aggregates
// DISTINCT values of one side (a ratio of two counts) is a warning; any
// output the product's size can change keeps it an error.
func TestCartesianDistinctAggregates(t *testing.T) {
	t.Parallel()

	for _, sql := range []string{
		"SELECT COUNT(DISTINCT p.id)::float / NULLIF(COUNT(DISTINCT c.id), 0) FROM products p, customers c",
		"SELECT count(DISTINCT p.id), count(DISTINCT c.id) FROM products p, customers c",
		"SELECT 'ratio', count(DISTINCT p.category) * 1.0 / count(DISTINCT c.name) FROM products p, customers c WHERE p.price > 10",
		// A side may be several tables joined.
		"SELECT count(DISTINCT o.id) / count(DISTINCT p.id) FROM orders o, customers c, products p WHERE o.customer_id = c.id",
	} {
		v := Check(sql, testCatalog())
		require.True(t, v.OK, "%s: %+v", sql, v.Errors)
		require.Equal(t, []string{LintJoinWithoutCondition}, lintCodes(v), sql)
		require.Equal(t, SeverityWarning, v.Lint[0].Severity, sql)
	}
	for _, sql := range []string{
		"SELECT COUNT(*) FROM customers c, products p",
		"SELECT count(p.id) / count(DISTINCT c.id) FROM products p, customers c",
		"SELECT count(DISTINCT p.id) FROM products p, customers c GROUP BY c.name",
		"SELECT count(DISTINCT p.id) FROM products p, customers c HAVING count(*) > 1",
		"SELECT count(DISTINCT p.id + c.id) FROM products p, customers c",
		"SELECT c.name, count(DISTINCT p.id) FROM products p, customers c",
		"SELECT count(DISTINCT p.id) OVER () FROM products p, customers c",
		"SELECT count(DISTINCT p.id), (SELECT max(o.total) FROM orders o WHERE o.customer_id = c.id) FROM products p, customers c",
		"SELECT * FROM products p, customers c",
	} {
		v := Check(sql, testCatalog())
		require.False(t, v.OK, sql)
		require.Contains(t, lintCodes(v), LintJoinWithoutCondition, sql)
	}
}

// TestDuplicateAliasTwoSchemas: two different tables of one name, neither
// aliased, are no duplicate (Postgres accepts them and their columns are
// written with the schema); the same table twice, or an alias repeated,
// still is.
func TestDuplicateAliasTwoSchemas(t *testing.T) {
	t.Parallel()

	cat := NewMemCatalog([]string{"sales", "crm"},
		Table{Schema: "sales", Name: "customers", Columns: []string{"id", "name"}},
		Table{Schema: "crm", Name: "customers", Columns: []string{"sales_customer_id", "score"}},
	)
	v := Check("SELECT sales.customers.name, crm.customers.score FROM sales.customers JOIN crm.customers ON crm.customers.sales_customer_id = sales.customers.id", cat)
	require.True(t, v.OK)
	require.NotContains(t, lintCodes(v), LintDuplicateAlias)

	require.Contains(t, lintCodes(Check("SELECT 1 FROM sales.customers, customers", cat)), LintDuplicateAlias, "the same table twice")
	require.Contains(t, lintCodes(Check("SELECT 1 FROM sales.customers c JOIN crm.customers c ON true", cat)), LintDuplicateAlias, "one alias twice")
}
