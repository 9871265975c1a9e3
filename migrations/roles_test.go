package migrations_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/migrations"
)

// clients is a test database with databases shop and hr registered, and
// three roles granted with rag.grant_client: client a (every database),
// client b (hr only) and reader r. The pools connect as each.
type clients struct {
	db                  *dbtest.DB
	a, b, r             string
	svc                 *pgxpool.Pool // the service: the tables' owner
	poolA, poolB, poolR *pgxpool.Pool
	qA, qB, qSvc        int64 // a question of a (shop), of b (hr) and of the service (shop)
}

func setupClients(t *testing.T) *clients {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	c := &clients{db: db, svc: db.Pool}
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop'), ('hr', 'postgres://u@h/hr')")
	require.NoError(t, err)
	c.a, c.b, c.r = db.NewRole(t, "a"), db.NewRole(t, "b"), db.NewRole(t, "r")
	grant(t, db.Pool, c.a, nil, false)
	grant(t, db.Pool, c.b, []string{"hr"}, false)
	grant(t, db.Pool, c.r, nil, true)
	c.poolA, c.poolB, c.poolR = db.PoolAs(t, c.a), db.PoolAs(t, c.b), db.PoolAs(t, c.r)
	c.qA = ask(t, c.poolA, "shop", "a's question")
	c.qB = ask(t, c.poolB, "hr", "b's question")
	c.qSvc = ask(t, c.svc, "shop", "the service's question")
	for _, id := range []int64{c.qA, c.qB, c.qSvc} {
		answer(t, c.svc, id)
	}
	return c
}

func grant(t *testing.T, pool *pgxpool.Pool, role string, dbs []string, reader bool) {
	t.Helper()
	_, err := pool.Exec(context.Background(), "SELECT rag.grant_client($1, $2, $3)", role, dbs, reader)
	require.NoError(t, err)
}

func ask(t *testing.T, pool *pgxpool.Pool, db, question string) int64 {
	t.Helper()
	var id int64
	require.NoError(t, pool.QueryRow(context.Background(),
		"INSERT INTO rag.queries (database_name, question) VALUES ($1, $2) RETURNING id", db, question).Scan(&id))
	return id
}

// answer writes what the pipeline writes for a question that succeeded.
func answer(t *testing.T, svc *pgxpool.Pool, id int64) {
	t.Helper()
	_, err := svc.Exec(context.Background(), `
		WITH ctx AS (
			INSERT INTO rag.query_contexts (query_id, format, schema) VALUES ($1, 'mschema', 'x')
		), att AS (
			INSERT INTO rag.attempts (query_id, attempt, repair_strategy, model, prompt, sql, outcome)
			VALUES ($1, 1, 'initial', 'm', '[]', 'SELECT 1', 'passed') RETURNING query_id
		), cand AS (
			INSERT INTO rag.candidates (query_id, attempt, ordinal, sql, verdict, selected)
			SELECT $1, 1, 1, 'SELECT 1', 'passed', true FROM att
		), timing AS (
			INSERT INTO rag.stage_timings (query_id, stage, attempt, enqueued_at, started_at, finished_at)
			VALUES ($1, 'execute', 1, now(), now(), now())
		), res AS (
			INSERT INTO rag.query_results (query_id, columns, rows, row_count, truncated, duration_ms)
			VALUES ($1, '[{"name": "x", "type": "integer"}]', '[[1]]', 1, false, 1)
		)
		UPDATE rag.queries SET status = 'succeeded', sql = 'SELECT 1', attempts = 1, finished_at = now() WHERE id = $1`, id)
	require.NoError(t, err)
}

func ids(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) []int64 {
	t.Helper()
	rows, err := pool.Query(context.Background(), sql, args...)
	require.NoError(t, err, sql)
	got, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err, sql)
	return got
}

// sqlstate runs sql on pool and returns the SQLSTATE it failed with ("" if
// it did not).
func sqlstate(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) string {
	t.Helper()
	_, err := pool.Exec(context.Background(), sql, args...)
	if err == nil {
		return ""
	}
	var pgErr *pgconn.PgError
	require.True(t, errors.As(err, &pgErr), "%s: %v", sql, err)
	return pgErr.Code
}

// Every relation whose rows a client sees through its questions, with the
// query that lists the question ids it shows.
var ownRows = map[string]string{
	"rag.queries":             "SELECT id FROM rag.queries ORDER BY 1",
	"rag.query_results":       "SELECT query_id FROM rag.query_results ORDER BY 1",
	"rag.candidates":          "SELECT query_id FROM rag.candidates ORDER BY 1",
	"rag.attempts":            "SELECT query_id FROM rag.attempts ORDER BY 1",
	"rag.stage_timings":       "SELECT query_id FROM rag.stage_timings ORDER BY 1",
	"rag.query_overview":      "SELECT id FROM rag.query_overview ORDER BY 1",
	"rag.query_stage_latency": "SELECT query_id FROM rag.query_stage_latency ORDER BY 1",
	"rag.query_failures":      "SELECT id FROM rag.query_failures ORDER BY 1",
}

func TestClientsReadOnlyTheirOwnRows(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()

	for rel, q := range ownRows {
		if rel == "rag.query_failures" {
			continue // nothing failed
		}
		require.Equal(t, []int64{c.qA}, ids(t, c.poolA, q), "a reads its own rows of %s", rel)
		require.Equal(t, []int64{c.qB}, ids(t, c.poolB, q), "b reads its own rows of %s", rel)
		require.Equal(t, []int64{c.qA, c.qB, c.qSvc}, ids(t, c.poolR, q), "the reader reads every row of %s", rel)
	}
	// Asking for another's row by id finds nothing.
	require.Empty(t, ids(t, c.poolA, "SELECT id FROM rag.queries WHERE id = $1", c.qB))
	require.Empty(t, ids(t, c.poolB, "SELECT query_id FROM rag.query_results WHERE query_id = $1", c.qA))

	// The aggregate view counts the caller's questions only: b does not
	// learn how many questions were asked about shop.
	var dbs []string
	var n int64
	require.NoError(t, c.poolB.QueryRow(ctx, "SELECT array_agg(database_name), sum(questions)::bigint FROM rag.query_stats").Scan(&dbs, &n))
	require.Equal(t, []string{"hr"}, dbs)
	require.EqualValues(t, 1, n)
	require.NoError(t, c.poolR.QueryRow(ctx, "SELECT sum(questions)::bigint FROM rag.query_stats").Scan(&n))
	require.EqualValues(t, 3, n)

	// A failed question shows in rag.query_failures of its owner only.
	qFail := ask(t, c.poolA, "shop", "a question that fails")
	_, err := c.svc.Exec(ctx, "UPDATE rag.queries SET status = 'failed', error_class = 'sql_error', error = 'x', finished_at = now() WHERE id = $1", qFail)
	require.NoError(t, err)
	require.Equal(t, []int64{qFail}, ids(t, c.poolA, ownRows["rag.query_failures"]))
	require.Empty(t, ids(t, c.poolB, ownRows["rag.query_failures"]))
	require.Equal(t, []int64{qFail}, ids(t, c.poolR, ownRows["rag.query_failures"]))

	// Each question records who asked; the service's own are not a client's.
	var who []string
	rows, err := c.poolR.Query(ctx, "SELECT submitted_by FROM rag.queries WHERE id = ANY ($1) ORDER BY id", []int64{c.qA, c.qB, c.qSvc})
	require.NoError(t, err)
	who, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{c.a, c.b, "postgres"}, who)

	// Every question was enqueued, by whoever asked it.
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM river.river_job WHERE kind = 'nl2sql.retrieve'").Scan(&n))
	require.EqualValues(t, 4, n)
}

func TestClientsCannotWriteWhatTheServiceOwns(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()
	// The old recipe for a client, done by hand before the grant: the grant
	// takes it back.
	pre := c.db.NewRole(t, "pre")
	for _, g := range []string{
		"GRANT USAGE ON SCHEMA river TO %s", "GRANT INSERT, SELECT ON river.river_job TO %s",
		"GRANT USAGE ON SEQUENCE river.river_job_id_seq TO %s", "GRANT USAGE ON SCHEMA rag TO %s",
		"GRANT SELECT ON rag.databases TO %s", "GRANT UPDATE ON rag.queries TO %s",
	} {
		_, err := c.svc.Exec(ctx, fmt.Sprintf(g, pgx.Identifier{pre}.Sanitize()))
		require.NoError(t, err)
	}
	grant(t, c.svc, pre, nil, false)
	poolPre := c.db.PoolAs(t, pre)

	for name, pool := range map[string]*pgxpool.Pool{"a": c.poolA, "b": c.poolB, "pre": poolPre, "reader": c.poolR} {
		for _, stmt := range []string{
			// River's tables: no job by hand.
			`INSERT INTO river.river_job (args, kind, queue, state, max_attempts, priority, scheduled_at, metadata, tags)
			 VALUES ('{"query_id": 1, "step": 1}', 'nl2sql.retrieve', 'nl2sql_retrieve', 'available', 25, 1, now(), '{}', '{}')`,
			"SELECT count(*) FROM river.river_job",
			// No id of one's choosing, no column the service owns.
			"INSERT INTO rag.queries (id, database_name, question) OVERRIDING SYSTEM VALUE VALUES (1000000, 'hr', 'x')",
			"INSERT INTO rag.queries (database_name, question, status, sql) VALUES ('hr', 'x', 'succeeded', 'SELECT 1')",
			"INSERT INTO rag.queries (database_name, question, submitted_by) VALUES ('hr', 'x', 'postgres')",
			"UPDATE rag.queries SET status = 'succeeded'",
			"UPDATE rag.queries SET question = 'changed'",
			"DELETE FROM rag.queries",
			"TRUNCATE rag.queries",
			"SELECT id FROM rag.queries FOR UPDATE",
			"INSERT INTO rag.query_results (query_id, columns, rows, row_count, truncated, duration_ms) VALUES (1, '[]', '[]', 0, false, 0)",
			"UPDATE rag.query_results SET row_count = 0",
			"UPDATE rag.candidates SET selected = false",
			"DELETE FROM rag.attempts",
			// What the operator keeps to itself.
			"SELECT dsn FROM rag.databases",
			"SELECT * FROM rag.clients",
			"INSERT INTO rag.client_databases VALUES ('x', 'shop')",
			"SELECT rag.grant_client('someone')",
		} {
			require.Equal(t, "42501", sqlstate(t, pool, stmt), "%s: %s", name, stmt)
		}
	}
	// Contexts and exam results are the reader's only.
	for _, stmt := range []string{"SELECT * FROM rag.query_contexts", "SELECT * FROM rag.exam_runs", "SELECT * FROM rag.exam_run_summary"} {
		require.Equal(t, "42501", sqlstate(t, c.poolA, stmt), stmt)
		require.Empty(t, sqlstate(t, c.poolR, stmt), stmt)
	}
	// The reader writes nothing, not even a question.
	require.Equal(t, "42501", sqlstate(t, c.poolR, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'x')"))

	// Nothing changed, and the only jobs are the questions'.
	var status string
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT status FROM rag.queries WHERE id = $1", c.qA).Scan(&status))
	require.Equal(t, "succeeded", status)
	var n int64
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM river.river_job").Scan(&n))
	require.EqualValues(t, 3, n)
	// The pre-granted client still asks, and the next id is the sequence's.
	id := ask(t, poolPre, "hr", "still works")
	require.Greater(t, id, c.qSvc)
}

func TestClientDatabases(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()

	// b may ask about hr only; an unregistered name gets the same answer, so
	// b learns nothing of what is registered.
	for _, db := range []string{"shop", "nope"} {
		_, err := c.poolB.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ($1, 'x')", db)
		var pgErr *pgconn.PgError
		require.ErrorAs(t, err, &pgErr)
		require.Equal(t, "42501", pgErr.Code)
		require.Equal(t, `role "`+c.b+`" may not ask about database "`+db+`"`, pgErr.Message)
		require.Equal(t, "It may ask about: hr.", pgErr.Hint)
	}
	// a may ask about all, and is told of an unknown one.
	require.ErrorContains(t, execErr(c.poolA, "INSERT INTO rag.queries (database_name, question) VALUES ('nope', 'x')"), `unknown database "nope"`)

	// A login that is a member of b is limited like b, and reads its own
	// questions, not b's.
	member := c.db.NewRole(t, "member")
	_, err := c.svc.Exec(ctx, fmt.Sprintf("GRANT %s TO %s", pgx.Identifier{c.b}.Sanitize(), pgx.Identifier{member}.Sanitize()))
	require.NoError(t, err)
	poolM := c.db.PoolAs(t, member)
	require.Equal(t, "42501", sqlstate(t, poolM, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'x')"))
	qM := ask(t, poolM, "hr", "the member's")
	require.Equal(t, []int64{qM}, ids(t, poolM, "SELECT id FROM rag.queries"))
	require.Equal(t, []int64{c.qB}, ids(t, c.poolB, "SELECT id FROM rag.queries"))

	// Granting again replaces the grant: a now asks about shop only, b
	// about every database.
	grant(t, c.svc, c.a, []string{"shop"}, false)
	grant(t, c.svc, c.b, nil, false)
	require.Equal(t, "42501", sqlstate(t, c.poolA, "INSERT INTO rag.queries (database_name, question) VALUES ('hr', 'x')"))
	ask(t, c.poolA, "shop", "still")
	ask(t, c.poolB, "shop", "now allowed")

	// Unregistering a database takes it from the clients limited to it.
	_, err = c.svc.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('tmp', 'postgres://u@h/tmp')")
	require.NoError(t, err)
	grant(t, c.svc, c.a, []string{"tmp"}, false)
	_, err = c.svc.Exec(ctx, "DELETE FROM rag.databases WHERE name = 'tmp'")
	require.NoError(t, err)
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'x')")
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	require.Equal(t, "42501", pgErr.Code)
	require.Contains(t, pgErr.Hint, "It may ask about no database")
}

func TestGrantSwitchesAndRevokes(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()

	// A client made a reader asks no more and reads everything.
	grant(t, c.svc, c.a, nil, true)
	require.Equal(t, "42501", sqlstate(t, c.poolA, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'x')"))
	require.Equal(t, []int64{c.qA, c.qB, c.qSvc}, ids(t, c.poolA, "SELECT id FROM rag.queries ORDER BY 1"))
	// A reader made a client reads its own rows only (none).
	grant(t, c.svc, c.r, nil, false)
	require.Empty(t, ids(t, c.poolR, "SELECT id FROM rag.queries"))

	// Revoked, b reads nothing and asks nothing; its questions stay.
	var revoked bool
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT rag.revoke_client($1)", c.b).Scan(&revoked))
	require.True(t, revoked)
	require.Equal(t, "42501", sqlstate(t, c.poolB, "SELECT id FROM rag.queries"))
	require.Equal(t, "42501", sqlstate(t, c.poolB, "INSERT INTO rag.queries (database_name, question) VALUES ('hr', 'x')"))
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT rag.revoke_client($1)", c.b).Scan(&revoked))
	require.False(t, revoked, "a second revoke finds nothing to revoke")

	// Roles that would bypass row-level security are refused.
	for _, role := range []string{"postgres"} {
		require.ErrorContains(t, execErr(c.svc, "SELECT rag.grant_client($1)", role), "superuser")
	}
	owner := c.db.NewRole(t, "owner")
	_, err := c.svc.Exec(ctx, fmt.Sprintf("GRANT postgres TO %s", pgx.Identifier{owner}.Sanitize()))
	require.NoError(t, err)
	require.ErrorContains(t, execErr(c.svc, "SELECT rag.grant_client($1)", owner), "privileges of the owner")
	require.ErrorContains(t, execErr(c.svc, "SELECT rag.grant_client($1, '{shop, nope}')", c.a), `unknown database "nope"`)
	require.ErrorContains(t, execErr(c.svc, "SELECT rag.grant_client($1, '{shop}', true)", c.a), "--database applies to client roles")
	require.ErrorContains(t, execErr(c.svc, "SELECT rag.grant_client('pg_monitor')"), "reserved")
}

// TestSucceededNeedsResult: only the service, with a result, makes a
// question succeed, so rag_query_done never announces a missing answer.
func TestSucceededNeedsResult(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop')")
	require.NoError(t, err)
	bare, full := ask(t, db.Pool, "shop", "no result"), ask(t, db.Pool, "shop", "a result")

	listener, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer listener.Release()
	_, err = listener.Exec(ctx, "LISTEN rag_query_done")
	require.NoError(t, err)

	_, err = db.Pool.Exec(ctx, "UPDATE rag.queries SET status = 'succeeded', finished_at = now() WHERE id = $1", bare)
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	require.Equal(t, "23514", pgErr.Code)
	require.Contains(t, pgErr.Message, "cannot succeed without a result")
	answer(t, db.Pool, full)

	// Notifications come in commit order: the first is the answered one's.
	n, err := listener.Conn().WaitForNotification(ctx)
	require.NoError(t, err)
	require.JSONEq(t, fmt.Sprintf(`{"id": %d, "status": "succeeded"}`, full), n.Payload)

	// Ending a question by hand as failed is still possible, and announced.
	_, err = db.Pool.Exec(ctx, "UPDATE rag.queries SET status = 'failed', error_class = 'unknown', error = 'cancelled by the operator', finished_at = now() WHERE id = $1", bare)
	require.NoError(t, err)
	n, err = listener.Conn().WaitForNotification(ctx)
	require.NoError(t, err)
	require.JSONEq(t, fmt.Sprintf(`{"id": %d, "status": "failed"}`, bare), n.Payload)
}

func execErr(pool *pgxpool.Pool, sql string, args ...any) error {
	_, err := pool.Exec(context.Background(), sql, args...)
	return err
}

// TestDownRevokesGrants: rolling back client roles takes back their grants
// first, so a client never reads every question once row-level security
// is gone; migrating up again works.
func TestDownRevokesGrants(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := setupClients(t)
	sqlDB := stdlib.OpenDBFromPool(c.svc)
	t.Cleanup(func() { _ = sqlDB.Close() })
	provider, err := goose.NewProvider(goose.DialectPostgres, sqlDB, migrations.FS(),
		goose.WithTableName("rag.goose_db_version"), goose.WithDisableGlobalRegistry(true))
	require.NoError(t, err)
	_, err = provider.DownTo(ctx, 5)
	require.NoError(t, err)
	require.Equal(t, "42501", sqlstate(t, c.poolA, "SELECT id FROM rag.queries"))
	require.Equal(t, "42501", sqlstate(t, c.poolR, "SELECT id FROM rag.queries"))
	var n int
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM rag.queries").Scan(&n))
	require.Equal(t, 3, n, "the questions stay")
	_, err = provider.Up(ctx)
	require.NoError(t, err)
	grant(t, c.svc, c.a, nil, false)
	require.Empty(t, ids(t, c.poolA, "SELECT id FROM rag.queries"), "after the rollback, every question is the service's")
}

// TestServiceAsOwnerNotSuperuser: a service role that owns nl2sql's objects
// without being a superuser (the database itself the DBA's) grants, reads
// every row and writes what it owns: row-level security lets the owner
// through.
func TestServiceAsOwnerNotSuperuser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	svcRole := db.NewRole(t, "svc")
	_, err := db.Pool.Exec(ctx, fmt.Sprintf(`
		DO $$
		DECLARE o record;
		BEGIN
			ALTER SCHEMA rag OWNER TO %[1]s;
			ALTER SCHEMA river OWNER TO %[1]s;
			FOR o IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			         WHERE n.nspname IN ('rag', 'river') AND c.relkind IN ('r', 'p', 'v', 'm') LOOP
				EXECUTE format('ALTER TABLE %%s OWNER TO %[1]s', o.name);
			END LOOP;
			FOR o IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
			         WHERE n.nspname IN ('rag', 'river') LOOP
				EXECUTE format('ALTER ROUTINE %%s OWNER TO %[1]s', o.name);
			END LOOP;
		END $$`, pgx.Identifier{svcRole}.Sanitize()))
	require.NoError(t, err)
	svc := db.PoolAs(t, svcRole)
	_, err = svc.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop')")
	require.NoError(t, err)
	client := db.NewRole(t, "client")
	grant(t, svc, client, []string{"shop"}, false)
	poolC := db.PoolAs(t, client)

	qC := ask(t, poolC, "shop", "the client's")
	qS := ask(t, svc, "shop", "the service's")
	answer(t, svc, qC)
	answer(t, svc, qS)
	require.Equal(t, []int64{qC, qS}, ids(t, svc, "SELECT query_id FROM rag.query_results ORDER BY 1"))
	require.Equal(t, []int64{qC}, ids(t, poolC, "SELECT query_id FROM rag.query_results ORDER BY 1"))
	var n int64
	require.NoError(t, svc.QueryRow(ctx, "SELECT count(*) FROM river.river_job").Scan(&n))
	require.EqualValues(t, 2, n)
	require.Equal(t, "42501", sqlstate(t, poolC, "UPDATE rag.queries SET status = 'queued'"))
}

// TestClientCannotHijackServiceFunctions: the service's and the operator's
// functions called variadic built-ins (json_build_object, format) with the
// caller's search_path, and a function of the same name with exact argument
// types wins over those. Where the public schema lets every role CREATE (a
// database made before PostgreSQL 15), a client's
// public.json_build_object ran as the service when its question finished,
// and its public.format as the operator at the next grant (migration 00034
// pins their search_path).
func TestClientCannotHijackServiceFunctions(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()
	_, err := c.svc.Exec(ctx, fmt.Sprintf("GRANT CREATE ON SCHEMA public TO %q", c.a))
	require.NoError(t, err)
	for _, sig := range []string{"json_build_object(text, bigint, text, text)", "format(text, text)"} {
		_, err = c.poolA.Exec(ctx, `CREATE FUNCTION public.`+sig+` RETURNS text LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'hijacked: running as %', current_user; END $$`)
		require.NoError(t, err, sig)
	}
	answer(t, c.svc, ask(t, c.poolA, "shop", "a's next question")) // queries_notify_done
	grant(t, c.svc, c.b, []string{"hr"}, false)                    // format

	// rag.enable_vectors calls format once pgvector is there (migration
	// 00037), and still creates the extension in the caller's schema.
	var pgvector bool
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')").Scan(&pgvector))
	if pgvector {
		_, err = c.svc.Exec(ctx, "CREATE SCHEMA ext")
		require.NoError(t, err)
		conn, err := pgx.Connect(ctx, c.db.URL)
		require.NoError(t, err)
		t.Cleanup(func() { conn.Close(context.Background()) })
		_, err = conn.Exec(ctx, "SET search_path = ext, public")
		require.NoError(t, err)
		var enabled bool
		require.NoError(t, conn.QueryRow(ctx, "SELECT rag.enable_vectors(3)").Scan(&enabled))
		require.True(t, enabled)
		var ext string
		require.NoError(t, c.svc.QueryRow(ctx, "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'vector'").Scan(&ext))
		require.Equal(t, "ext", ext)
	} else {
		t.Log("pgvector is not installed on this server: rag.enable_vectors returns before calling format")
	}

	// And every plpgsql function pins it.
	rows, err := c.svc.Query(ctx, `
		SELECT p.proname::text FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
		WHERE p.pronamespace = 'rag'::regnamespace AND l.lanname = 'plpgsql'
		  AND NOT EXISTS (SELECT 1 FROM unnest(p.proconfig) c WHERE c LIKE 'search_path=%')
		ORDER BY 1`)
	require.NoError(t, err)
	unpinned, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Empty(t, unpinned)
}

// TestClientOpenQuestionsBound: a client's role may have at most
// rag.clients.max_open_questions questions not yet answered (00035); an
// INSERT that would pass it fails whole and stores nothing.
func TestClientOpenQuestionsBound(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx := context.Background()
	setBound := func(role string, n int) {
		t.Helper()
		_, err := c.svc.Exec(ctx, "UPDATE rag.clients SET max_open_questions = $2 WHERE role_name = $1", role, n)
		require.NoError(t, err)
	}
	open := func(role string) int64 {
		t.Helper()
		var n int64
		require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM rag.queries WHERE submitted_by = $1 AND finished_at IS NULL", role).Scan(&n))
		return n
	}
	jobs := func() int64 {
		t.Helper()
		var n int64
		require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM river.river_job").Scan(&n))
		return n
	}

	var n int32
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT max_open_questions FROM rag.clients WHERE role_name = $1", c.a).Scan(&n))
	require.EqualValues(t, 1000, n, "the default bound")

	setBound(c.a, 3)
	ask(t, c.poolA, "shop", "one")
	ask(t, c.poolA, "shop", "two")
	before := jobs()
	// Two more in one statement would make four: the whole INSERT fails.
	_, err := c.poolA.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'three'), ('shop', 'four')")
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	require.Equal(t, "53400", pgErr.Code)
	require.Equal(t, fmt.Sprintf(`role "%s" may have at most 3 questions not yet answered, and this INSERT of 2 would pass it; nothing was stored`, c.a), pgErr.Message)
	require.Contains(t, pgErr.Hint, "nl2sql grant "+c.a+" --max-open N", "the client grant whose bound applies")
	require.EqualValues(t, 2, open(c.a), "nothing of the refused INSERT was stored")
	require.Equal(t, before, jobs(), "nor queued")
	// One more fits; then none, until one is answered.
	third := ask(t, c.poolA, "shop", "three")
	require.Equal(t, "53400", sqlstate(t, c.poolA, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'four')"))
	answer(t, c.svc, third)
	ask(t, c.poolA, "shop", "four")

	// Another client's role has its own count; the service has no bound.
	ask(t, c.poolB, "hr", "b's second")
	for range 5 {
		ask(t, c.svc, "shop", "the service's")
	}

	// A role asking through several client grants takes the largest bound.
	setBound(c.b, 5)
	m := c.db.NewRole(t, "m")
	for _, g := range []string{c.a, c.b} {
		_, err := c.svc.Exec(ctx, fmt.Sprintf("GRANT %s TO %s", pgx.Identifier{g}.Sanitize(), pgx.Identifier{m}.Sanitize()))
		require.NoError(t, err)
	}
	poolM := c.db.PoolAs(t, m)
	_, err = poolM.Exec(ctx, "INSERT INTO rag.queries (database_name, question) SELECT 'hr', 'q' || i FROM generate_series(1, 5) i")
	require.NoError(t, err)
	require.Equal(t, "53400", sqlstate(t, poolM, "INSERT INTO rag.queries (database_name, question) VALUES ('hr', 'sixth')"))

	// The bound must be positive; the largest is counted without overflow
	// (00039: LIMIT bound + 1 was out of integer's range).
	require.Equal(t, "23514", sqlstate(t, c.svc, "UPDATE rag.clients SET max_open_questions = 0 WHERE role_name = $1", c.a))
	setBound(c.a, math.MaxInt32)
	ask(t, c.poolA, "shop", "the largest bound")
}

// TestClientOpenQuestionsBoundUnderConcurrency: two INSERTs of one client
// role at once each saw only their own rows, and both passed its bound
// (00035). The second now waits for the first to commit, counts what it
// committed, and fails (00038); another role does not wait. A snapshot
// older than the wait cannot count them, so REPEATABLE READ is refused.
func TestClientOpenQuestionsBoundUnderConcurrency(t *testing.T) {
	t.Parallel()
	c := setupClients(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := c.svc.Exec(ctx, "UPDATE rag.clients SET max_open_questions = 1")
	require.NoError(t, err)

	first, err := c.poolA.Begin(ctx)
	require.NoError(t, err)
	defer first.Rollback(context.Background()) //nolint:errcheck // committed below
	_, err = first.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'first')")
	require.NoError(t, err)

	// b, another role, does not wait for a's transaction, and cannot hold
	// a's turn: the turns are the owner's (00040; an advisory lock, which
	// any role may take, let one client hold another's INSERTs up).
	ask(t, c.poolB, "hr", "b's")
	require.Equal(t, "42501", sqlstate(t, c.poolB, "SELECT 1 FROM rag.open_question_turns FOR UPDATE"))
	_, err = c.poolB.Exec(ctx, "SELECT pg_advisory_lock(hashtext('nl2sql.open_questions'), hashtext($1))", c.a)
	require.NoError(t, err, "any role may take an advisory lock; no INSERT waits for one any more")

	second := make(chan error, 1)
	go func() {
		_, err := c.poolA.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'second')")
		second <- err
	}()
	// The second INSERT waits for the first's turn (00040: a row lock).
	require.Eventually(t, func() bool {
		var waiting bool
		err := c.svc.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
			WHERE NOT l.granted AND a.usename = $1)`, c.a).Scan(&waiting)
		return err == nil && waiting
	}, 10*time.Second, 20*time.Millisecond, "the second INSERT waits for the first")
	select {
	case err := <-second:
		t.Fatalf("the second INSERT did not wait: %v", err)
	default:
	}
	require.NoError(t, first.Commit(ctx))
	err = <-second
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	require.Equal(t, "53400", pgErr.Code, pgErr.Message)

	var n int
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT count(*) FROM rag.queries WHERE submitted_by = $1 AND finished_at IS NULL", c.a).Scan(&n))
	require.Equal(t, 1, n)

	// REPEATABLE READ is refused; the service's own questions are not bound.
	answer(t, c.svc, ids(t, c.svc, "SELECT id FROM rag.queries WHERE submitted_by = $1 AND finished_at IS NULL", c.a)[0])
	rr, err := c.poolA.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	require.NoError(t, err)
	defer rr.Rollback(context.Background()) //nolint:errcheck // failed
	_, err = rr.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'rr')")
	require.ErrorAs(t, err, &pgErr)
	require.Equal(t, "0A000", pgErr.Code)
	require.Contains(t, pgErr.Message, "asks in a REPEATABLE READ transaction: a client role asks in a READ COMMITTED one")
	svc, err := c.svc.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	require.NoError(t, err)
	_, err = svc.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'the service''s')")
	require.NoError(t, err)
	require.NoError(t, svc.Commit(ctx))
}
