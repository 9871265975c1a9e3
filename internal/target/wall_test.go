package target_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
)

// The second wall is execution itself: a READ ONLY transaction, and
// optionally SET LOCAL ROLE to a role that can only read. These tests send
// writes straight to Execute and Explain, bypassing the guard on purpose,
// to prove what that wall stops on its own, and what only the guard stops.

// wallSQL: items has a serial key, so a sequence; secrets is a table the
// read-only role may not read. The grants live in this test's database
// only, so the shared role stays without privileges elsewhere.
const wallSQL = `
CREATE SCHEMA shop;
CREATE TABLE shop.items (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO shop.items (name) SELECT 'item ' || g FROM generate_series(1, 5) g;
CREATE TABLE shop.secrets (s text);
INSERT INTO shop.secrets VALUES ('top secret');
GRANT USAGE ON SCHEMA shop TO nl2sql_target_test_ro;
GRANT SELECT ON shop.items TO nl2sql_target_test_ro;
`

const wallRole = "nl2sql_target_test_ro"

// wallSetup returns a registry with a single connection per database, so
// that whatever one statement leaves in the session is there for the next.
func wallSetup(t *testing.T, role string) (*target.Registry, target.Database, *dbtest.DB) {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, roleSQL)
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, wallSQL)
	require.NoError(t, err)
	reg, err := target.New(target.Config{ReadOnlyRole: role, MaxConns: 1, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	return reg, target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, db
}

// wallState is everything the write attempts aim at, read as the test's
// superuser outside the registry.
type wallState struct {
	Items        int64
	Digest       string // of every row, in key order
	LastValue    int64  // of the sequence
	IsCalled     bool
	Tables       []string // in schema shop
	LargeObjects int64
}

func readWallState(t *testing.T, pool *pgxpool.Pool) wallState {
	t.Helper()
	var s wallState
	err := pool.QueryRow(context.Background(), `
SELECT (SELECT count(*) FROM shop.items),
       (SELECT md5(string_agg(id || ':' || name, ',' ORDER BY id)) FROM shop.items),
       seq.last_value, seq.is_called,
       (SELECT array_agg(tablename::text ORDER BY tablename) FROM pg_catalog.pg_tables WHERE schemaname = 'shop'),
       (SELECT count(*) FROM pg_catalog.pg_largeobject_metadata)
FROM shop.items_id_seq seq`).Scan(&s.Items, &s.Digest, &s.LastValue, &s.IsCalled, &s.Tables, &s.LargeObjects)
	require.NoError(t, err)
	return s
}

// sqlstate returns the SQLSTATE of err, "" for nil.
func sqlstate(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var ce *errclass.Error
	require.ErrorAs(t, err, &ce)
	require.NotEmpty(t, ce.SQLSTATE, "not a Postgres error: %v", err)
	return ce.SQLSTATE
}

// wallWrites are writes the second wall stops on its own. The columns are
// the SQLSTATE of Execute and of Explain, without a role and as the
// read-only role; "" for Explain means it planned without running.
// 25006 is read_only_sql_transaction, 42501 insufficient_privilege, 25001
// active_sql_transaction (READ ONLY cannot be undone once a query ran),
// 42601 a syntax error (EXPLAIN takes no utility statement, and the
// extended protocol takes one statement).
var wallWrites = []struct {
	name, sql            string
	exec, execRole       string
	explain, explainRole string
}{
	{"Insert", "INSERT INTO items (name) VALUES ('x')", "25006", "25006", "", "42501"},
	{"Update", "UPDATE items SET name = 'x'", "25006", "25006", "", "42501"},
	{"Delete", "DELETE FROM items", "25006", "25006", "", "42501"},
	{"Merge", "MERGE INTO items i USING (VALUES (1)) v(id) ON i.id = v.id WHEN MATCHED THEN DELETE", "25006", "25006", "", "42501"},
	{"Truncate", "TRUNCATE items", "25006", "25006", "42601", "42601"},
	{"ModifyingCTE", "WITH d AS (DELETE FROM items RETURNING *) SELECT count(*) FROM d", "25006", "25006", "", "42501"},
	{"SelectInto", "SELECT * INTO loot FROM items", "25006", "25006", "", ""},
	{"CreateTable", "CREATE TABLE loot (a int)", "25006", "25006", "42601", "42601"},
	{"CreateTableAs", "CREATE TABLE loot AS SELECT * FROM items", "25006", "25006", "", ""},
	{"ForUpdate", "SELECT * FROM items FOR UPDATE", "25006", "25006", "", "42501"},
	{"Nextval", "SELECT nextval('items_id_seq')", "25006", "42501", "", ""},
	{"Setval", "SELECT setval('items_id_seq', 1000)", "25006", "42501", "", ""},
	{"ReadWrite", "SET transaction_read_only = off", "25001", "25001", "42601", "42601"},
	{"ReadWriteFunction", "SELECT set_config('transaction_read_only', 'off', true)", "25001", "25001", "", ""},
	{"Stacked", "SELECT 1; DELETE FROM items", "42601", "42601", "42601", "42601"},
}

// TestSecondWallStopsWrites: each write fails with the SQLSTATE above, and
// nothing it aimed at changes.
func TestSecondWallStopsWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, role := range []string{"", wallRole} {
		name := "NoRole"
		if role != "" {
			name = "ReadOnlyRole"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			reg, db, tdb := wallSetup(t, role)
			before := readWallState(t, tdb.Pool)
			for _, w := range wallWrites {
				wantExec, wantExplain := w.exec, w.explain
				if role != "" {
					wantExec, wantExplain = w.execRole, w.explainRole
				}
				_, err := reg.Execute(ctx, db, w.sql, target.ExecOptions{})
				require.Equal(t, wantExec, sqlstate(t, err), "%s: Execute %q: %v", w.name, w.sql, err)
				_, err = reg.Explain(ctx, db, w.sql)
				require.Equal(t, wantExplain, sqlstate(t, err), "%s: Explain %q: %v", w.name, w.sql, err)
				if diff := cmp.Diff(before, readWallState(t, tdb.Pool)); diff != "" {
					t.Fatalf("%s changed the database (-want +got):\n%s", w.name, diff)
				}
			}
		})
	}
}

// TestSecondWallUndoesSessionSettings: execution ends in ROLLBACK, so
// set_config(..., false) does not outlive its statement; READ ONLY and the
// role are set again for each transaction anyway.
func TestSecondWallUndoesSessionSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db, tdb := wallSetup(t, wallRole)
	before := readWallState(t, tdb.Pool)

	for _, sql := range []string{
		"SELECT set_config('default_transaction_read_only', 'off', false)",
		"SELECT set_config('role', session_user, false)", // allowed: the login is a member of every role
		"SELECT set_config('search_path', 'public', false)",
		"SELECT set_config('work_mem', '1GB', false)",
	} {
		_, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
		require.NoError(t, err, sql)
	}
	res, err := reg.Execute(ctx, db, "SELECT current_user, current_setting('default_transaction_read_only'), current_setting('transaction_read_only'), current_setting('search_path'), current_setting('work_mem')", target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, wallRole, res.Rows[0][0])
	require.NotEqual(t, "off", res.Rows[0][1], "the session setting was rolled back")
	require.Equal(t, []any{"on", `"shop"`}, res.Rows[0][2:4])
	require.NotEqual(t, "1GB", res.Rows[0][4], "the session setting was rolled back")

	_, err = reg.Execute(ctx, db, "UPDATE items SET name = 'x'", target.ExecOptions{})
	require.Equal(t, "25006", sqlstate(t, err))
	_, err = reg.Execute(ctx, db, "SELECT s FROM secrets", target.ExecOptions{})
	require.Equal(t, "42501", sqlstate(t, err))
	if diff := cmp.Diff(before, readWallState(t, tdb.Pool)); diff != "" {
		t.Fatalf("the database changed (-want +got):\n%s", diff)
	}
}

// TestSecondWallRollsBack: what READ ONLY lets through — large objects
// (lo_import reads a server file when the login is a superuser) and
// notifications — runs, and is undone because execution never commits. The
// guard refuses each of them too.
func TestSecondWallRollsBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("LargeObjects", func(t *testing.T) {
		t.Parallel()
		for _, role := range []string{"", wallRole} {
			reg, db, tdb := wallSetup(t, role)
			sqls := []string{"SELECT lo_create(0)", "SELECT lo_from_bytea(0, 'planted')"}
			if role == "" {
				sqls = append(sqls, "SELECT lo_import('PG_VERSION')") // superuser only; a file of the data directory
			} else {
				_, err := reg.Execute(ctx, db, "SELECT lo_import('PG_VERSION')", target.ExecOptions{})
				require.Equal(t, "42501", sqlstate(t, err), "the role may not read server files")
			}
			before := readWallState(t, tdb.Pool).LargeObjects
			for _, sql := range sqls {
				refusedByGuard(t, sql)
				_, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
				require.NoError(t, err, "role %q: %s", role, sql)
			}
			require.Equal(t, before, readWallState(t, tdb.Pool).LargeObjects, "role %q: no large object was kept", role)
		}
	})

	t.Run("Notify", func(t *testing.T) {
		t.Parallel()
		reg, db, tdb := wallSetup(t, wallRole)
		conn, err := tdb.Pool.Acquire(ctx)
		require.NoError(t, err)
		defer conn.Release()
		_, err = conn.Exec(ctx, "LISTEN nl2sql_wall")
		require.NoError(t, err)
		sql := "SELECT pg_notify('nl2sql_wall', 'poke')"
		refusedByGuard(t, sql)
		_, err = reg.Execute(ctx, db, sql, target.ExecOptions{})
		require.NoError(t, err)
		// A committed notification arrives at once; give it ample time.
		wctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		_, err = conn.Conn().WaitForNotification(wctx)
		require.ErrorIs(t, err, context.DeadlineExceeded, "a rolled-back notification is never delivered")
	})
}

func refusedByGuard(t *testing.T, sql string) {
	t.Helper()
	v := guardVerdict(sql)
	require.False(t, v.OK, sql)
	require.Contains(t, []sqlguard.Stage{sqlguard.StageParse, sqlguard.StagePolicy}, v.Stage, sql)
}

// guardVerdict is the guard's verdict on sql over a catalog of shop.items.
func guardVerdict(sql string) *sqlguard.Verdict {
	cat := sqlguard.NewMemCatalog([]string{"shop"},
		sqlguard.Table{Schema: "shop", Name: "items", Columns: []string{"id", "name"}, PrimaryKey: []string{"id"}})
	return sqlguard.Check(sql, cat)
}

// TestSecondWallRollsBackExplain: planning evaluates STABLE functions to
// estimate selectivity, so EXPLAIN runs a function of the target's schemas
// called in WHERE, and what it does that READ ONLY allows must be undone
// like execution's (before: EXPLAIN's implicit transaction committed the
// notification, and set_config(..., false) stayed on the pooled
// connection).
func TestSecondWallRollsBackExplain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db, tdb := wallSetup(t, wallRole)
	_, err := tdb.Pool.Exec(ctx, `CREATE FUNCTION shop.poke() RETURNS int LANGUAGE plpgsql STABLE AS $$
BEGIN
	PERFORM pg_catalog.pg_notify('nl2sql_wall_explain', 'planned');
	PERFORM pg_catalog.set_config('work_mem', '77MB', false);
	RETURN 1;
END $$`)
	require.NoError(t, err)
	conn, err := tdb.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "LISTEN nl2sql_wall_explain")
	require.NoError(t, err)

	sql := "SELECT id FROM items WHERE id = poke()"
	require.True(t, guardVerdict(sql).OK, "the guard cannot judge a catalog's own function")
	plan, err := reg.Explain(ctx, db, sql)
	require.NoError(t, err)
	require.NotEmpty(t, plan.NodeType)
	// A committed notification arrives at once; give it ample time.
	wctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	_, err = conn.Conn().WaitForNotification(wctx)
	require.ErrorIs(t, err, context.DeadlineExceeded, "a notification sent while planning is never delivered")

	// The registry's single connection planned it.
	res, err := reg.Execute(ctx, db, "SELECT current_setting('work_mem')", target.ExecOptions{})
	require.NoError(t, err)
	require.NotEqual(t, "77MB", res.Rows[0][0], "the session setting made while planning was rolled back")

	// EXPLAIN still reports errors where the caller's SQL has them, and
	// the connection is lent again after a failed plan.
	_, err = reg.Explain(ctx, db, "SELECT nope FROM items")
	require.Equal(t, "42703", sqlstate(t, err))
	var ce *errclass.Error
	require.ErrorAs(t, err, &ce)
	require.Contains(t, ce.Message, "nope")
	_, err = reg.Explain(ctx, db, sql)
	require.NoError(t, err)
}

// TestOnlyTheGuardStops documents what runs through the second wall on
// PostgreSQL 15 and is not undone by its rollback: an advisory lock is held
// by the pooled connection after the statement, and a login that is a
// member of a stronger role can leave the read-only role within one
// statement. The guard refuses both. When the wall learns to stop one, move
// it to wallWrites.
func TestOnlyTheGuardStops(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	refused := refusedByGuard

	t.Run("AdvisoryLock", func(t *testing.T) {
		t.Parallel()
		reg, db, tdb := wallSetup(t, wallRole)
		sql := "SELECT pg_advisory_lock(424242)"
		refused(t, sql)
		_, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
		require.NoError(t, err)
		var held bool
		require.NoError(t, tdb.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_locks
WHERE locktype = 'advisory' AND objid = 424242 AND granted AND database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database()))`).Scan(&held))
		require.True(t, held, "the pooled connection holds the lock after the statement")
	})

	t.Run("RoleEscape", func(t *testing.T) {
		t.Parallel()
		reg, db, _ := wallSetup(t, wallRole)
		_, err := reg.Execute(ctx, db, "SELECT s FROM secrets", target.ExecOptions{})
		require.Equal(t, "42501", sqlstate(t, err), "the role may not read secrets")

		// The test's login is a superuser, so SET ROLE may return to it; the
		// SQL in query_to_xml's string is checked when it runs, after that.
		sql := "SELECT set_config('role', session_user, true), query_to_xml('SELECT s FROM shop.secrets', false, false, '')::text"
		refused(t, sql)
		res, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
		require.NoError(t, err)
		require.Contains(t, res.Rows[0][1], "top secret")
	})
}

// TestGuardAndServerReadAlike: the guard parses with PostgreSQL's defaults,
// where 'a\' is a whole string. A target database set to read backslashes
// as escapes would see `'a\' AS x -- ', (SELECT s FROM shop.secrets)` as a
// string and then code the guard took for a comment.
func TestGuardAndServerReadAlike(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db, tdb := wallSetup(t, "")
	_, err := tdb.Pool.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{tdb.Name}.Sanitize()+" SET standard_conforming_strings = off")
	require.NoError(t, err)

	const sql = `SELECT 'a\' AS x -- ', (SELECT s FROM shop.secrets)`
	v := guardVerdict(sql)
	require.True(t, v.OK, "to the guard it is one literal and a comment")
	res, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, [][]any{{`a\`}}, res.Rows, "the server reads it as the guard does")
}

// TestSystemCatalogFirst: pg_catalog stays ahead of the registered schemas.
// A function planted in a registered schema under a built-in's name
// (set_config, which the session setup itself calls) must not run in its
// place: here it would skip SET LOCAL ROLE and read what the role may not.
// A registered table named like a system view is the guard's to refuse
// unqualified (sqlguard: TestSystemCatalogNames); qualified, it is read.
func TestSystemCatalogFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db, tdb := wallSetup(t, wallRole)
	_, err := tdb.Pool.Exec(ctx, `CREATE FUNCTION shop.set_config(text, text, boolean) RETURNS text LANGUAGE sql AS 'SELECT $2';
GRANT USAGE ON SCHEMA shop TO nl2sql_target_test_ro;
CREATE TABLE shop.pg_stat_activity (pid int, query text);
INSERT INTO shop.pg_stat_activity VALUES (1, 'registered');
GRANT SELECT ON shop.pg_stat_activity TO nl2sql_target_test_ro`)
	require.NoError(t, err)
	_, err = reg.Execute(ctx, db, "SELECT s FROM shop.secrets", target.ExecOptions{})
	require.Equal(t, "42501", sqlstate(t, err), "still the read-only role: the planted set_config did not run")
	res, err := reg.Execute(ctx, db, "SELECT pid, query FROM shop.pg_stat_activity", target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, [][]any{{json.Number("1"), "registered"}}, res.Rows)
}
