package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestIntrospectScansCatalogsOnce: the per-column lists (enum labels, a
// domain's CHECKs, a composite's fields) are looked up only for columns of
// such types. Looked up for every column, they scanned pg_constraint once a
// column: 28 s to introspect 2,000 tables (BenchmarkIntrospect), past the
// statement timeout a catalog check runs under.
func TestIntrospectScansCatalogsOnce(t *testing.T) {
	t.Parallel()
	ctx, tx := generatedTx(t, 40) // 400 columns
	_, err := tx.Exec(ctx, `CREATE TYPE bench.mood AS ENUM ('sad', 'ok', 'happy');
		CREATE DOMAIN bench.pct AS numeric CHECK (VALUE BETWEEN 0 AND 100);
		CREATE TYPE bench.money_amount AS (amount numeric, currency char(3));
		CREATE TABLE bench.typed (id int PRIMARY KEY, mood bench.mood, share bench.pct, price bench.money_amount)`)
	require.NoError(t, err)

	scans := func(catalogTable string) int {
		var n int
		require.NoError(t, tx.QueryRow(ctx, `SELECT pg_stat_get_xact_numscans($1::regclass)`, catalogTable).Scan(&n))
		return n
	}
	constraintScans, enumScans := scans("pg_constraint"), scans("pg_enum")
	snap, err := catalog.Introspect(ctx, tx, []string{"bench"})
	require.NoError(t, err)
	require.Len(t, snap.Tables, 41)
	require.Less(t, scans("pg_constraint")-constraintScans, 20, "pg_constraint scanned once a column")
	require.Less(t, scans("pg_enum")-enumScans, 20, "pg_enum scanned once a column")

	// The typed columns still have their lists.
	typed := snap.Table("bench", "typed")
	require.NotNil(t, typed)
	cols := map[string]catalog.Column{}
	for _, c := range typed.Columns {
		cols[c.Name] = c
	}
	require.Equal(t, []string{"sad", "ok", "happy"}, cols["mood"].AllowedValues)
	require.Equal(t, []string{"amount numeric", "currency character(3)"}, cols["price"].Fields)
	require.NotEmpty(t, cols["share"].Checks)
}

// TestIntrospectScansConstraintsOnceForDomains: a domain's CHECKs are read
// once, not once a column of the domain. Looked up per column, each scanned
// pg_constraint: 3 s for 1,000 domain columns over 8,000 constraints.
func TestIntrospectScansConstraintsOnceForDomains(t *testing.T) {
	t.Parallel()
	ctx, tx := generatedTx(t, 20)
	var ddl strings.Builder
	ddl.WriteString(`CREATE DOMAIN bench.code AS text CHECK (VALUE IN ('a', 'b', 'c'));
		CREATE DOMAIN bench.short_code AS bench.code CHECK (length(VALUE) < 2);
`)
	for i := range 60 {
		fmt.Fprintf(&ddl, "CREATE DOMAIN bench.pct%02d AS numeric CHECK (VALUE BETWEEN 0 AND %d);\n", i, 100+i)
		fmt.Fprintf(&ddl, "CREATE TABLE bench.d%02d (id int PRIMARY KEY, share bench.pct%02d, code bench.short_code);\n", i, i)
	}
	_, err := tx.Exec(ctx, ddl.String())
	require.NoError(t, err)

	var before, after int
	require.NoError(t, tx.QueryRow(ctx, `SELECT pg_stat_get_xact_numscans('pg_constraint'::regclass)`).Scan(&before))
	snap, err := catalog.Introspect(ctx, tx, []string{"bench"})
	require.NoError(t, err)
	require.NoError(t, tx.QueryRow(ctx, `SELECT pg_stat_get_xact_numscans('pg_constraint'::regclass)`).Scan(&after))
	require.Less(t, after-before, 20, "pg_constraint scanned once a domain column")

	d := snap.Table("bench", "d07")
	require.NotNil(t, d)
	require.Len(t, d.Column("share").Checks, 1)
	require.Contains(t, d.Column("share").Checks[0], "107")
	// Through the domain chain: the outer domain's CHECK and the list of
	// the one it is over.
	require.Equal(t, []string{"a", "b", "c"}, d.Column("code").AllowedValues)
	require.Equal(t, "text", d.Column("code").BaseType)
	require.Len(t, d.Column("code").Checks, 1)
}

// TestIntrospectReadsKeyColumnsOnly: a constraint's column names are read
// by (table, column number), not from all of its table's columns: per
// constraint, that read 640,000 rows for the 400 CHECKs of a 1,600-column
// table. A whole-row reference (column 0) names no column.
func TestIntrospectReadsKeyColumnsOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := dbtest.TestTx(t)

	var ddl strings.Builder
	ddl.WriteString("CREATE SCHEMA wide; CREATE TABLE wide.w (id int PRIMARY KEY")
	for i := range 300 {
		fmt.Fprintf(&ddl, ", c%03d int CHECK (c%03d > 0)", i, i)
	}
	ddl.WriteString(`, CONSTRAINT whole CHECK (w IS NOT NULL AND c000 < 10));
		CREATE TABLE wide.child (id int PRIMARY KEY, w_id int REFERENCES wide.w)`)
	_, err := tx.Exec(ctx, ddl.String())
	require.NoError(t, err)

	// Index scans count their rows on the index.
	fetched := func() int {
		var n int
		require.NoError(t, tx.QueryRow(ctx, `SELECT pg_stat_get_xact_tuples_fetched('pg_attribute_relid_attnum_index'::regclass)`).Scan(&n))
		return n
	}
	before := fetched()
	snap, err := catalog.Introspect(ctx, tx, []string{"wide"})
	require.NoError(t, err)
	require.Less(t, fetched()-before, 3000, "pg_attribute read whole for each constraint")

	w := snap.Table("wide", "w")
	require.NotNil(t, w)
	require.Len(t, w.Checks, 301) // with the whole-row one
	require.Equal(t, []string{"id"}, w.PrimaryKey)
	require.Len(t, snap.ForeignKeys, 1)
	require.Equal(t, []string{"w_id"}, snap.ForeignKeys[0].Columns)
	require.Equal(t, []string{"id"}, snap.ForeignKeys[0].RefColumns)
}

// TestIntrospectCallsNoCommentFunctions: comments are joined from
// pg_description, not read by col_description() and obj_description(),
// SQL functions run by their own executor once a column or table: ~1 s of
// the 2.3 s IntrospectColumns took at 105,000 columns.
func TestIntrospectCallsNoCommentFunctions(t *testing.T) {
	t.Parallel()
	ctx, tx := generatedTx(t, 20)
	_, err := tx.Exec(ctx, `SET LOCAL track_functions = 'all'`)
	require.NoError(t, err)
	calls := func() int {
		var n int
		require.NoError(t, tx.QueryRow(ctx, `SELECT coalesce(pg_stat_get_xact_function_calls('pg_catalog.col_description(oid, integer)'::regprocedure), 0) +
			coalesce(pg_stat_get_xact_function_calls('pg_catalog.obj_description(oid, name)'::regprocedure), 0)`).Scan(&n))
		return n
	}
	before := calls()
	snap, err := catalog.Introspect(ctx, tx, []string{"bench"})
	require.NoError(t, err)
	require.Zero(t, calls()-before, "a comment function called once a column or table")

	tbl := snap.Table("bench", "t0007")
	require.NotNil(t, tbl)
	require.Equal(t, "Generated table 7", tbl.Comment)
	require.Equal(t, "Amount in EUR", tbl.Column("amount").Comment)
	require.Empty(t, tbl.Column("qty").Comment)
}

// TestIntrospectLeavesJITAlone: JIT is off for the introspection's own
// transaction only; the connection it was given keeps its setting.
func TestIntrospectLeavesJITAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(context.Background()) })
	_, err = conn.Exec(ctx, `CREATE TABLE public.t (id int)`)
	require.NoError(t, err)

	jit := func() string {
		var s string
		require.NoError(t, conn.QueryRow(ctx, `SELECT current_setting('jit')`).Scan(&s))
		return s
	}
	before := jit()
	_, err = catalog.Introspect(ctx, conn, []string{"public"})
	require.NoError(t, err)
	require.Equal(t, before, jit())

	_, err = catalog.Introspect(ctx, conn, []string{"nowhere"})
	var notFound *catalog.SchemaNotFoundError
	require.ErrorAs(t, err, &notFound, "the error's type survives the transaction")
	require.Equal(t, before, jit())
}

// generatedTx is a rolled-back transaction holding generatedSQL's n tables.
func generatedTx(t *testing.T, n int) (context.Context, pgx.Tx) {
	t.Helper()
	ctx := context.Background()
	tx := dbtest.TestTx(t)
	for _, script := range generatedSQL(n) {
		_, err := tx.Exec(ctx, script)
		require.NoError(t, err)
	}
	return ctx, tx
}
