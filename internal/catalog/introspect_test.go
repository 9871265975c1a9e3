package catalog_test

import (
	"context"
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
	ctx := context.Background()
	tx := dbtest.TestTx(t)

	for _, script := range generatedSQL(40) { // 400 columns
		_, err := tx.Exec(ctx, script)
		require.NoError(t, err)
	}
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
