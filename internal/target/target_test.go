package target_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/target"
)

const shopSQL = `
CREATE SCHEMA shop;
CREATE TABLE shop.items (
	id int PRIMARY KEY, name text NOT NULL, price numeric(10,2), weight float8, active boolean,
	added date, seen_at timestamptz, made_at timestamp, tags text[], attrs jsonb, ref uuid);
INSERT INTO shop.items
SELECT g, 'item ' || g, g * 1.25, g / 4.0, g % 2 = 0, date '2024-01-01' + g,
       timestamptz '2024-01-01 10:00:00+00' + g * interval '1 hour', timestamp '2024-01-01 10:00:00',
       ARRAY['a', 'b'], jsonb_build_object('k', g), ('00000000-0000-0000-0000-00000000000' || (g % 10))::uuid
FROM generate_series(1, 30) g;
`

// The role is cluster-wide and parallel tests race to create it.
const roleSQL = `DO $$ BEGIN CREATE ROLE nl2sql_target_test_ro NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`

func setup(t *testing.T) (*target.Registry, target.Database) {
	t.Helper()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), shopSQL)
	require.NoError(t, err)
	_, err = db.Pool.Exec(context.Background(), roleSQL)
	require.NoError(t, err)
	reg, err := target.New(target.Config{MaxRows: 10, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	return reg, target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}
}

func TestExecute(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("TypedValuesAndTruncation", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		res, err := reg.Execute(ctx, db, "SELECT id, name, price, weight, active, added, seen_at, made_at, tags, attrs, ref, NULL::int AS nothing FROM items ORDER BY id", target.ExecOptions{})
		require.NoError(t, err)
		require.True(t, res.Truncated, "30 rows with a cap of 10")
		require.Equal(t, target.LimitRows, res.TruncatedBy)
		require.Equal(t, 10, res.RowCount)
		require.Equal(t, []target.Column{
			{"id", "integer"},
			{"name", "text"},
			{"price", "numeric"},
			{"weight", "double precision"},
			{"active", "boolean"},
			{"added", "date"},
			{"seen_at", "timestamp with time zone"},
			{"made_at", "timestamp without time zone"},
			{"tags", "text[]"},
			{"attrs", "jsonb"},
			{"ref", "uuid"},
			{"nothing", "integer"},
		}, res.Columns)
		got, err := json.Marshal(res.Rows[1])
		require.NoError(t, err)
		require.JSONEq(t, `[2, "item 2", 2.50, 0.5, true, "2024-01-03", "2024-01-01T12:00:00Z", "2024-01-01T10:00:00", ["a","b"], {"k": 2}, "00000000-0000-0000-0000-000000000002", null]`, string(got))
		require.Contains(t, string(got), `2.50`, "numeric keeps its exact text")
	})

	t.Run("ValuesAsPostgresWritesThem", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		// Types with no JSON form keep PostgreSQL's text (before: xml as
		// hex bytes, "char" as a number, a point as a Go struct, an
		// infinite float as +Inf).
		res, err := reg.Execute(ctx, db, `SELECT '<a/>'::xml, 'a'::"char", '10.0.0.1'::inet, int4range(1, 5), point(1, 2),
			ARRAY[point(1, 2)], ARRAY['Infinity'::float8, '-Infinity', 'NaN', 1.5], 'Infinity'::float8, '\x0102'::bytea, ARRAY[1, NULL, 3]`, target.ExecOptions{})
		require.NoError(t, err)
		got, err := json.Marshal(res.Rows[0])
		require.NoError(t, err)
		require.JSONEq(t, `["<a/>", "a", "10.0.0.1", "[1,5)", "(1,2)", ["(1,2)"], ["Infinity", "-Infinity", "NaN", 1.5], "Infinity", "\\x0102", [1, null, 3]]`, string(got))
	})

	t.Run("ArraysKeepTheirShapeAndElementValues", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		// An array's elements read as the same values alone would, and
		// each dimension is a JSON array (before: pgx's decoding flattened
		// {{1,2},{3,4}}, read json elements as float64, losing digits and
		// failing as an infra_failure on 1e1000, wrote a range as a Go
		// struct, a date as a timestamp in UTC, a time with six zeros and
		// an inet with /32).
		res, err := reg.Execute(ctx, db, `SELECT ARRAY[[1, 2], [3, 4]], ARRAY[['a', NULL], ['c,d', 'e"f']],
			ARRAY['{"a": 12345678901234567890.10}'::jsonb], ARRAY['{"b": 1e1000}'::json], ARRAY[int4range(1, 3)],
			ARRAY['2024-01-31'::date], ARRAY['2024-01-31 10:00'::timestamp], ARRAY['2024-01-31 10:00+02'::timestamptz],
			ARRAY['10:00'::time], ARRAY['10.0.0.1'::inet], ARRAY['1 mon'::interval], ARRAY['NULL', NULL, '', 'a\b'],
			ARRAY[box(point(0, 0), point(1, 1)), box(point(2, 2), point(3, 3))], ARRAY[1.10, 'NaN'::numeric],
			'{}'::int[], '[0:1]={1,2}'::int[]`, target.ExecOptions{})
		require.NoError(t, err)
		got, err := json.Marshal(res.Rows[0])
		require.NoError(t, err)
		// Compared as text: JSONEq would read the numbers as float64.
		require.Equal(t, `[[[1,2],[3,4]],[["a",null],["c,d","e\"f"]],`+
			`[{"a":12345678901234567890.10}],[{"b":1e1000}],["[1,3)"],`+
			`["2024-01-31"],["2024-01-31T10:00:00"],["2024-01-31T08:00:00Z"],`+
			`["10:00:00"],["10.0.0.1"],["1 mon"],["NULL",null,"","a\\b"],`+
			`["(1,1),(0,0)","(3,3),(2,2)"],[1.10,"NaN"],`+
			`[],"[0:1]={1,2}"]`, string(got))
	})

	t.Run("ArraysOfTypesPgxDoesNotKnow", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		// Arrays of enums, domains and composites are arrays as well, read
		// element by element (before: their PostgreSQL text, "{happy,sad}").
		conn, err := pgx.Connect(ctx, db.DSN)
		require.NoError(t, err)
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, `CREATE TYPE shop.mood AS ENUM ('happy', 'sad', 'so-so, really');
			CREATE DOMAIN shop.positive AS int CHECK (VALUE > 0);
			CREATE TYPE shop.pair AS (n int, s text)`)
		require.NoError(t, err)
		for range 2 { // the second from the cache
			res, err := reg.Execute(ctx, db, `SELECT ARRAY['happy', 'so-so, really']::mood[], ARRAY[[1, 2], [3, 4]]::positive[],
				ARRAY[ROW(1, 'a b')::pair, NULL], '{}'::mood[], 'happy'::mood, 5::positive`, target.ExecOptions{})
			require.NoError(t, err)
			got, err := json.Marshal(res.Rows[0])
			require.NoError(t, err)
			require.Equal(t, `[["happy","so-so, really"],[[1,2],[3,4]],["(1,\"a b\")",null],[],"happy",5]`, string(got))
			require.Equal(t, "shop.mood[]", res.Columns[0].Type)
		}
	})

	t.Run("JSONThatJSONBCannotHoldIsKeptAsText", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		// json keeps its input's text; jsonb, which rag.query_results.rows
		// is, refuses \u0000, a lone surrogate and numbers beyond numeric
		// (before: storing the answer failed, on every retry).
		res, err := reg.Execute(ctx, db, `SELECT '"\u0000"'::json, '{"a": "\ud800"}'::json, '"\udc00"'::json, '[1e-20000]'::json,
			'1e131072'::json, ARRAY['"\u0000"'::json], '{"a": "\\u0000", "b": "\ud83d\ude00", "c": 1e-16383}'::json`, target.ExecOptions{})
		require.NoError(t, err)
		got, err := json.Marshal(res.Rows)
		require.NoError(t, err)
		conn, err := pgx.Connect(ctx, db.DSN)
		require.NoError(t, err)
		defer conn.Close(ctx)
		var stored string
		require.NoError(t, conn.QueryRow(ctx, "SELECT $1::jsonb::text", string(got)).Scan(&stored), "jsonb takes the rows")
		require.Equal(t, `[["\"\\u0000\"","{\"a\": \"\\ud800\"}","\"\\udc00\"","[1e-20000]",`+
			`"1e131072",["\"\\u0000\""],{"a":"\\u0000","b":"\ud83d\ude00","c":1e-16383}]]`, string(got),
			"what jsonb takes stays JSON")
	})

	t.Run("TruncatedByBytes", func(t *testing.T) {
		t.Parallel()
		_, db := setup(t)
		reg, err := target.New(target.Config{MaxResultBytes: 1000})
		require.NoError(t, err)
		t.Cleanup(reg.Close)
		res, err := reg.Execute(ctx, db, "SELECT repeat('x', 300) FROM items", target.ExecOptions{})
		require.NoError(t, err)
		require.True(t, res.Truncated, "a few huge cells stop the read")
		require.Equal(t, target.LimitBytes, res.TruncatedBy, "the byte cap, not the 1000 rows, cut it")
		require.Equal(t, 3, res.RowCount)
	})

	t.Run("TruncatedResultIsNotDrainedToTheTimeout", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		// Reading ten billion rows to the end would run into the
		// statement timeout and lose the ten in hand (before: a
		// query_timeout); the rest is cancelled instead.
		for range 3 {
			res, err := reg.Execute(ctx, db, "SELECT a, b FROM generate_series(1, 100000) a, generate_series(1, 100000) b", target.ExecOptions{Timeout: 3 * time.Second})
			require.NoError(t, err)
			require.True(t, res.Truncated)
			require.Equal(t, 10, res.RowCount)
		}
		// The pool lends a working connection after.
		res, err := reg.Execute(ctx, db, "SELECT count(*) FROM items", target.ExecOptions{})
		require.NoError(t, err)
		require.Equal(t, 1, res.RowCount)
	})

	t.Run("NotTruncatedAtExactlyTheCap", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		res, err := reg.Execute(ctx, db, "SELECT id FROM items WHERE id <= 10", target.ExecOptions{})
		require.NoError(t, err)
		require.False(t, res.Truncated)
		require.Empty(t, res.TruncatedBy)
		require.Equal(t, 10, res.RowCount)
	})

	t.Run("ReadOnly", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		_, err := reg.Execute(ctx, db, "UPDATE items SET name = 'x'", target.ExecOptions{})
		require.Error(t, err)
		var ce *errclass.Error
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "25006", ce.SQLSTATE)
		require.Equal(t, errclass.ValidationBlock, ce.Class)
	})

	t.Run("Timeout", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		_, err := reg.Execute(ctx, db, "SELECT count(*) FROM generate_series(1, 100000000)", target.ExecOptions{Timeout: 50 * time.Millisecond})
		require.Equal(t, errclass.QueryTimeout, errclass.ClassOf(err))
	})

	t.Run("SQLError", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		_, err := reg.Execute(ctx, db, "SELECT 1 / (id - id) FROM items", target.ExecOptions{})
		ce := errclass.Classify(err)
		require.Equal(t, errclass.SQLError, ce.Class)
		require.Equal(t, "22012", ce.SQLSTATE)
	})

	t.Run("Role", func(t *testing.T) {
		t.Parallel()
		_, db := setup(t)
		reg, err := target.New(target.Config{ReadOnlyRole: "nl2sql_target_test_ro"})
		require.NoError(t, err)
		t.Cleanup(reg.Close)
		_, err = reg.Execute(ctx, db, "SELECT id FROM shop.items", target.ExecOptions{})
		ce := errclass.Classify(err)
		require.Equal(t, "42501", ce.SQLSTATE, "the role has no privileges on shop: %v", err)
		require.Equal(t, errclass.ValidationBlock, ce.Class)

		res, err := reg.Execute(ctx, db, "SELECT current_user", target.ExecOptions{})
		require.NoError(t, err)
		require.Equal(t, "nl2sql_target_test_ro", res.Rows[0][0])
	})

	t.Run("DatabaseRoleOverridesConfig", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		db.Role = "nl2sql_target_test_ro"
		res, err := reg.Execute(ctx, db, "SELECT current_user", target.ExecOptions{})
		require.NoError(t, err)
		require.Equal(t, "nl2sql_target_test_ro", res.Rows[0][0])
	})

	t.Run("MissingRoleIsInfra", func(t *testing.T) {
		t.Parallel()
		_, db := setup(t)
		reg, err := target.New(target.Config{ReadOnlyRole: "no_such_role_nl2sql"})
		require.NoError(t, err)
		t.Cleanup(reg.Close)
		_, err = reg.Execute(ctx, db, "SELECT 1", target.ExecOptions{})
		require.Equal(t, errclass.InfraFailure, errclass.ClassOf(err), "a bad role is configuration, never the model's fault: %v", err)
	})
}

func TestExplain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		plan, err := reg.Explain(ctx, db, "SELECT name FROM items WHERE id = 3")
		require.NoError(t, err)
		require.NotEmpty(t, plan.NodeType)
		require.Greater(t, plan.TotalCost, 0.0)
		require.True(t, json.Valid(plan.Raw))
	})

	t.Run("UndefinedColumn", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		_, err := reg.Explain(ctx, db, "SELECT i.item_name FROM items i")
		ce := errclass.Classify(err)
		require.Equal(t, errclass.SQLError, ce.Class)
		require.Equal(t, "42703", ce.SQLSTATE)
		require.Contains(t, ce.Message, "item_name")
		var pe *pgconn.PgError
		require.ErrorAs(t, err, &pe)
		require.EqualValues(t, 8, pe.Position, "the position points into the caller's SQL, not the EXPLAIN prefix")
	})

	t.Run("MultipleStatementsRejectedByProtocol", func(t *testing.T) {
		t.Parallel()
		reg, db := setup(t)
		_, err := reg.Explain(ctx, db, "SELECT 1; SELECT 2")
		require.Error(t, err)
	})

	t.Run("Unreachable", func(t *testing.T) {
		t.Parallel()
		reg, err := target.New(target.Config{ConnectTimeout: time.Second})
		require.NoError(t, err)
		t.Cleanup(reg.Close)
		// The question's error is read by the client who asked, who may
		// not read the DSN: the login, the database and the host stay out.
		for dsn, want := range map[string]string{
			"postgres://svc_reader@127.0.0.1:1/erp_prod?sslmode=disable":           `cannot reach database "down": connection refused`,
			"postgres://svc_reader_h_nope@127.0.0.1:5432/postgres?sslmode=disable": `cannot reach database "down": the database refused the service's login (SQLSTATE 28000)`,
			"postgres://postgres@127.0.0.1:5432/erp_prod_h_nope?sslmode=disable":   `cannot reach database "down": the database does not exist (SQLSTATE 3D000)`,
		} {
			db := target.Database{Name: "down", DSN: dsn, Schemas: []string{"public"}}
			_, err = reg.Explain(ctx, db, "SELECT 1")
			ce := errclass.Classify(err)
			require.Equal(t, errclass.InfraFailure, ce.Class, "%v", err)
			require.Equal(t, want, ce.Message)
			for _, secret := range []string{"svc_reader", "erp_prod", "127.0.0.1", "5432"} {
				require.NotContains(t, ce.Message, secret)
			}
		}
	})
}

// TestRowPastTheByteCapIsNotRead: a row longer than MaxResultBytes is
// refused as it arrives, not read into memory and then counted; the rows
// before it stand. Not parallel: it measures the process's allocations.
func TestRowPastTheByteCapIsNotRead(t *testing.T) {
	ctx := context.Background()
	_, db := setup(t)
	reg, err := target.New(target.Config{MaxResultBytes: 1000, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	const huge = 64 << 20
	sql := fmt.Sprintf("SELECT id, CASE WHEN id = 3 THEN repeat('x', %d) ELSE 'a' END AS v FROM items WHERE id <= 5 ORDER BY id", huge)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.True(t, res.Truncated)
	require.Equal(t, target.LimitBytes, res.TruncatedBy)
	require.Equal(t, 2, res.RowCount, "the rows before the huge one")
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(huge/2), "the huge row was not read")

	res, err = reg.Execute(ctx, db, "SELECT count(*) FROM items", target.ExecOptions{})
	require.NoError(t, err, "the pool lends a working connection after")
	require.Equal(t, 1, res.RowCount)
}

// TestErrorPastTheByteCapFails: an error message longer than the byte cap
// (PostgreSQL quotes the value it could not read, here 2 MiB of it) is
// refused as it arrives like a long row, but the statement failed: it is
// an error, not an empty truncated answer.
func TestErrorPastTheByteCapFails(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, db := setup(t)
	reg, err := target.New(target.Config{MaxResultBytes: 1000, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)

	for _, sql := range []string{
		"SELECT repeat('x', 2 << 20)::int",
		// After rows: they are no answer either.
		"SELECT id, CASE WHEN id = 3 THEN (repeat('x', 2 << 20) || id)::int END FROM items WHERE id <= 5 ORDER BY id",
	} {
		res, err := reg.Execute(ctx, db, sql, target.ExecOptions{})
		require.Error(t, err, "got %+v", res)
		ce := errclass.Classify(err)
		require.Equal(t, errclass.SQLError, ce.Class, "%v", err)
		require.Contains(t, ce.Message, "the statement failed: the database sent an error message of")
	}
	// EXPLAIN folds the constant and fails the same way.
	_, err = reg.Explain(ctx, db, "SELECT repeat('x', 2 << 20)::int")
	ce := errclass.Classify(err)
	require.Equal(t, errclass.SQLError, ce.Class, "%v", err)

	res, err := reg.Execute(ctx, db, "SELECT count(*) FROM items", target.ExecOptions{})
	require.NoError(t, err, "the pool lends a working connection after")
	require.Equal(t, 1, res.RowCount)
}

// TestTempFileLimit: a statement spilling past Config.TempFileLimit fails
// (53400) rather than filling the target's disk; where the connecting role
// may not set the limit, the pool says so once and works without it.
func TestTempFileLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	shop := target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}
	// Sorting a million integers spills ~14 MB past the default 4 MB work_mem.
	const spill = "SELECT g FROM generate_series(1, 1000000) g ORDER BY g DESC"

	small, err := target.New(target.Config{TempFileLimit: "1MB", MaxRows: 5, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(small.Close)
	_, err = small.Execute(ctx, shop, spill, target.ExecOptions{})
	ce := errclass.Classify(err)
	require.Equal(t, "53400", ce.SQLSTATE, "%v", err)
	require.Contains(t, ce.Message, "temp_file_limit")

	def, err := target.New(target.Config{MaxRows: 5, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(def.Close)
	res, err := def.Execute(ctx, shop, spill, target.ExecOptions{})
	require.NoError(t, err, "the default, 1GB, leaves room")
	require.Equal(t, 5, res.RowCount)
	res, err = def.Execute(ctx, shop, "SELECT current_setting('temp_file_limit')", target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, "1GB", res.Rows[0][0], "the default is set")

	for _, v := range []string{"0", "3TB", "2048GB", "lots", "1 gb"} {
		require.Error(t, target.CheckTempFileLimit(v), v)
	}
	for _, v := range []string{"-1", "1", "500MB", "1GB", "2047GB"} {
		require.NoError(t, target.CheckTempFileLimit(v), v)
	}

	role := db.NewRole(t, "plain")
	_, err = db.Pool.Exec(ctx, "GRANT USAGE ON SCHEMA shop TO "+role+"; GRANT SELECT ON shop.items TO "+role)
	require.NoError(t, err)
	var logged bytes.Buffer
	plain, err := target.New(target.Config{TempFileLimit: "1MB", MaxConns: 2, Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	require.NoError(t, err)
	t.Cleanup(plain.Close)
	asRole := target.Database{Name: "shop", DSN: db.URLAs(role), Schemas: []string{"shop"}}
	var wg sync.WaitGroup
	for range 4 { // two connections, one warning
		wg.Go(func() {
			res, err := plain.Execute(ctx, asRole, "SELECT count(*) FROM items, pg_catalog.pg_sleep(0.05)", target.ExecOptions{})
			assert.NoError(t, err)
			assert.Equal(t, 1, res.RowCount)
		})
	}
	wg.Wait()
	require.Equal(t, 1, strings.Count(logged.String(), "temp_file_limit is not set on this target"), logged.String())
}

// TestCancelledOnTheServer: a statement someone cancels on the server
// (pg_cancel_backend) is an infra_failure to run again, not a
// query_timeout that asks the model for a cheaper query; the statement
// timeout stays query_timeout.
func TestCancelledOnTheServer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db := setup(t)
	admin, err := pgconn.Connect(ctx, db.DSN)
	require.NoError(t, err)
	defer admin.Close(ctx)
	cancelled := make(chan struct{})
	defer func() { <-cancelled }() // before admin closes: it is not shared
	go func() {
		defer close(cancelled)
		// Cancel the sleeping statement once it runs.
		for range 200 {
			res := admin.ExecParams(ctx, "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE '%pg_sleep(5)%' AND pid <> pg_backend_pid()", nil, nil, nil, nil).Read()
			if res.Err == nil && len(res.Rows) > 0 {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	_, err = reg.Execute(ctx, db, "SELECT pg_sleep(5)", target.ExecOptions{})
	ce := errclass.Classify(err)
	require.Equal(t, errclass.InfraFailure, ce.Class, "%v", err)
	require.Contains(t, ce.Message, "cancelled on the server, not by its timeout")

	_, err = reg.Execute(ctx, db, "SELECT pg_sleep(5)", target.ExecOptions{Timeout: 50 * time.Millisecond})
	require.Equal(t, errclass.QueryTimeout, errclass.Classify(err).Class, "%v", err)
}

// TestIdleConnectionsClose: a target's connections close once idle for
// MaxConnIdleTime, so a database nobody asks about (unregistered, say) is
// not held open: DROP DATABASE then works.
func TestIdleConnectionsClose(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, db := setup(t)
	reg, err := target.New(target.Config{MaxConnIdleTime: 200 * time.Millisecond, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	_, err = reg.Execute(ctx, db, "SELECT 1", target.ExecOptions{})
	require.NoError(t, err)
	admin, err := pgconn.Connect(ctx, db.DSN)
	require.NoError(t, err)
	defer admin.Close(ctx)
	open := func() string {
		res := admin.ExecParams(ctx, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'nl2sql' AND datname = current_database()", nil, nil, nil, nil).Read()
		require.NoError(t, res.Err)
		return string(res.Rows[0][0])
	}
	require.Equal(t, "1", open())
	require.Eventually(t, func() bool { return open() == "0" }, 5*time.Second, 50*time.Millisecond)
}

// TestLatin1Database: a database encoded in LATIN1 reads the question's
// UTF-8 names and answers in UTF-8. Left at the database's encoding (pgx
// asks for none), "Größe" would be read as other letters and not found,
// and rows would come back in LATIN1 bytes that cannot be stored.
func TestLatin1Database(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tgt := dbtest.NewEncodedDB(t, "LATIN1")
	_, err := tgt.Pool.Exec(ctx, `CREATE TABLE public."Größe" (stadt text)`)
	require.NoError(t, err)
	_, err = tgt.Pool.Exec(ctx, `INSERT INTO public."Größe" VALUES ('München'), ('Köln')`)
	require.NoError(t, err)
	reg, err := target.New(target.Config{MaxRows: 10, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	db := target.Database{Name: "lat", DSN: tgt.URL, Schemas: []string{"public"}}

	_, err = reg.Explain(ctx, db, `SELECT stadt FROM "Größe" WHERE stadt = 'Köln'`)
	require.NoError(t, err)
	res, err := reg.Execute(ctx, db, `SELECT stadt, 'Straße' AS s FROM "Größe" ORDER BY stadt`, target.ExecOptions{})
	require.NoError(t, err)
	got, err := json.Marshal(res.Rows)
	require.NoError(t, err)
	require.JSONEq(t, `[["Köln", "Straße"], ["München", "Straße"]]`, string(got))
}

// TestDatabaseTimeZone: the answer's SQL runs in the time zone the
// database's own sessions have (ALTER DATABASE ... SET timezone), so that
// "today", "yesterday" and a day or month of a timestamptz mean what they
// mean to its users; the target's sessions were pinned to UTC, and a
// question asked of a database set to Asia/Kolkata counted the orders of
// the UTC day. Timestamps are still written in UTC, with Z, whatever
// offset the zone gives them (+05:30; +05:53:28 before standard time).
func TestDatabaseTimeZone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" SET timezone = 'Asia/Kolkata'")
	require.NoError(t, err)
	reg, err := target.New(target.Config{MaxRows: 10, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	res, err := reg.Execute(ctx, target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"public"}},
		`SELECT '2024-01-01 00:30:00+05:30'::timestamptz::date AS day,
		        date_trunc('month', '2024-02-01 01:00:00+05:30'::timestamptz) AS month,
		        '2024-01-01 00:30:00.5+05:30'::timestamptz AS at,
		        '1850-06-01 12:00:00'::timestamptz AS lmt,
		        ARRAY['2024-01-01 00:30:00+05:30'::timestamptz] AS ats`, target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, []any{"2024-01-01", "2024-01-31T18:30:00Z", "2023-12-31T19:00:00.5Z", "1850-06-01T06:06:32Z", []any{"2023-12-31T19:00:00Z"}}, res.Rows[0])
}

// TestDatabaseTimeZoneFarYears: a timestamptz Go's layouts do not read (a
// year before Christ, or past 9999 in the session's zone) is kept as
// PostgreSQL's text, which in the database's own zone depended on it:
// 9999-12-31 23:00 UTC read "10000-01-01 04:30:00+05:30" on a database set
// to Asia/Kolkata, where a UTC session wrote 9999-12-31T23:00:00Z. Such
// values are written in UTC as a UTC session writes them.
func TestDatabaseTimeZoneFarYears(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" SET timezone = 'Asia/Kolkata'")
	require.NoError(t, err)
	reg, err := target.New(target.Config{MaxRows: 10, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	res, err := reg.Execute(ctx, target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"public"}},
		`SELECT '9999-12-31 23:00:00+00'::timestamptz AS last,
		        '0044-03-15 12:00:00.25+00 BC'::timestamptz AS ides,
		        '0001-01-01 02:00:00+00 BC'::timestamptz AS bc1,
		        '12000-06-01 00:00:00+00'::timestamptz AS far,
		        'infinity'::timestamptz AS inf,
		        '0001-12-31 20:00:00.5+00 BC'::timestamptz AS ad1_here`, target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, []any{
		"9999-12-31T23:00:00Z", "0044-03-15 12:00:00.25+00 BC", "0001-01-01 02:00:00+00 BC", "12000-06-01 00:00:00+00", "infinity",
		// 0001-01-01 01:53:28.5+05:53:28 in the session's zone, which Go's
		// layouts read: its UTC year is 1 BC all the same.
		"0001-12-31 20:00:00.5+00 BC",
	}, res.Rows[0])
}

// TestDatabaseTimeZoneYearPast9999InUTC: west of UTC, a value whose UTC
// year is 10000 has a four-digit year in the session's zone, which Go's
// layouts read: it is written as a UTC session writes it all the same,
// PostgreSQL's text at +00, not RFC 3339 with a five-digit year.
func TestDatabaseTimeZoneYearPast9999InUTC(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" SET timezone = 'America/New_York'")
	require.NoError(t, err)
	reg, err := target.New(target.Config{MaxRows: 10, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	res, err := reg.Execute(ctx, target.Database{Name: "shop", DSN: db.URL, Schemas: []string{"public"}},
		`SELECT '10000-01-01 03:00:00.125+00'::timestamptz AS past, '9999-12-31 23:00:00+00'::timestamptz AS last`, target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, []any{"10000-01-01 03:00:00.125+00", "9999-12-31T23:00:00Z"}, res.Rows[0])
}
