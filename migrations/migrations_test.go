package migrations_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/migrations"
)

func TestMigrateIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t) // already migrated from the template

	res, err := migrations.Migrate(ctx, db.Pool, dbtest.Logger(t))
	require.NoError(t, err)
	require.Empty(t, res.River, "second run applies no River migration")
	require.Empty(t, res.Rag, "second run applies no nl2sql migration")

	var n int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'river' AND table_name = 'river_job'").Scan(&n))
	require.Equal(t, 1, n)
}

func TestMigrateConcurrent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)

	errs := make(chan error, 3)
	for range 3 {
		go func() { _, err := migrations.Migrate(ctx, db.Pool, nil); errs <- err }()
	}
	for range 3 {
		require.NoError(t, <-errs)
	}
}

func TestDatabasesRefusePasswords(t *testing.T) {
	t.Parallel()
	tx := dbtest.TestTx(t)
	ctx := context.Background()
	for _, dsn := range []string{
		"postgres://u:hunter2@h/db",
		"postgres://u@h/db?password=hunter2",
		"host=h user=u password=hunter2 dbname=db",
		"host=h PASSWORD = hunter2",
	} {
		_, err := tx.Exec(ctx, "SAVEPOINT s")
		require.NoError(t, err)
		_, err = tx.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('x', $1)", dsn)
		require.ErrorContains(t, err, "contains a password", dsn)
		require.NotContains(t, err.Error(), "hunter2", "the error must not echo the password")
		_, err = tx.Exec(ctx, "ROLLBACK TO SAVEPOINT s")
		require.NoError(t, err)
	}
	_, err := tx.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('ok', 'postgres://u@h/db?sslmode=disable')")
	require.NoError(t, err)
}

func TestCandidatesOption(t *testing.T) {
	t.Parallel()
	tx := dbtest.TestTx(t)
	ctx := context.Background()
	_, err := tx.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/db')")
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "SAVEPOINT s")
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', 'q', '{"candidates": 11}')`)
	require.ErrorContains(t, err, "options.candidates must be at most 10")
	_, err = tx.Exec(ctx, "ROLLBACK TO SAVEPOINT s")
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', 'q', '{"candidates": 6}')`)
	require.NoError(t, err)
}

// gooseProvider is goose's provider of our migrations on db, as Migrate
// builds it, to move a test database down and up.
func gooseProvider(t *testing.T, db *dbtest.DB) *goose.Provider {
	t.Helper()
	sqlDB := stdlib.OpenDBFromPool(db.Pool)
	t.Cleanup(func() { _ = sqlDB.Close() })
	provider, err := goose.NewProvider(goose.DialectPostgres, sqlDB, migrations.FS(),
		goose.WithTableName("rag.goose_db_version"), goose.WithDisableGlobalRegistry(true))
	require.NoError(t, err)
	return provider
}

// TestDownUp: every migration's Down undoes its Up, so a rollback and a
// re-run leave a working schema.
func TestDownUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	provider := gooseProvider(t, db)
	_, err := provider.DownTo(ctx, 2)
	require.NoError(t, err)
	_, err = provider.Up(ctx)
	require.NoError(t, err)
	v, err := provider.GetDBVersion(ctx)
	require.NoError(t, err)
	sources := provider.ListSources()
	require.Equal(t, sources[len(sources)-1].Version, v)
}

// TestExamHostCredentialsScrubbed: migration 00025 takes the user:password
// out of the Ollama host that exam runs stored before the exam command
// stopped storing it, and leaves other hosts as they were.
func TestExamHostCredentialsScrubbed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	provider := gooseProvider(t, db)
	_, err := provider.DownTo(ctx, 24)
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, `INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/db');
		INSERT INTO rag.exam_runs (database_name, model, questions, config) VALUES
			('shop', 'm', 1, '{"ollama_host": "http://proxy:s3cr3t@10.0.0.5:11434", "num_ctx": 8192}'),
			('shop', 'm', 1, '{"ollama_host": "https://u:p%40ss@gpu.example.com/ollama"}'),
			('shop', 'm', 1, '{"ollama_host": "http://127.0.0.1:11434"}'),
			('shop', 'm', 1, '{"num_ctx": 8192}')`)
	require.NoError(t, err)
	_, err = provider.Up(ctx)
	require.NoError(t, err)
	rows, err := db.Pool.Query(ctx, `SELECT config::text FROM rag.exam_runs ORDER BY id`)
	require.NoError(t, err)
	configs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{
		`{"num_ctx": 8192, "ollama_host": "http://10.0.0.5:11434"}`,
		`{"ollama_host": "https://gpu.example.com/ollama"}`,
		`{"ollama_host": "http://127.0.0.1:11434"}`,
		`{"num_ctx": 8192}`,
	}, configs)
}

// TestExamLineFollowsGold: a run is compared with the previous run of the
// same questions and the same gold (00026): after a gold fix, the run
// starts a new line rather than crediting the model with "fixed" answers.
func TestExamLineFollowsGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := dbtest.TestTx(t)
	_, err := tx.Exec(ctx, `INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/db')`)
	require.NoError(t, err)
	run := func(pass bool, gold string) (id int64) {
		passed := map[bool]int{true: 1, false: 0}[pass]
		require.NoError(t, tx.QueryRow(ctx, `INSERT INTO rag.exam_runs (database_name, model, questions, passed, accuracy, status, finished_at)
			VALUES ('shop', 'm', 1, $1, $2, 'finished', now()) RETURNING id`, passed, float64(passed)).Scan(&id))
		_, err := tx.Exec(ctx, `INSERT INTO rag.exam_results (run_id, question_id, ordinal, question, difficulty, pass, failure_type, gold_rows, gold_sql)
			VALUES ($1, 'q1', 1, 'How many orders?', 'easy', $2, CASE WHEN NOT $2 THEN 'llm_reasoning' END, 1, $3)`, id, pass, gold)
		require.NoError(t, err)
		return id
	}
	r1 := run(false, "SELECT count(*) FROM order")
	r2 := run(false, "SELECT count(*) FROM order")
	r3 := run(true, "SELECT count(*) FROM orders") // the gold fixed, the model's SQL the same
	rows, err := tx.Query(ctx, `SELECT run_id, previous_run_id, fixed FROM rag.exam_run_comparison WHERE run_id = ANY ($1) ORDER BY run_id`, []int64{r1, r2, r3})
	require.NoError(t, err)
	type line struct {
		Run, Previous *int64
		Fixed         int64
	}
	got, err := pgx.CollectRows(rows, pgx.RowToStructByPos[line])
	require.NoError(t, err)
	require.Equal(t, []line{{&r1, nil, 0}, {&r2, &r1, 0}, {&r3, nil, 0}}, got)
}

// TestFunctionsKeepTheirPlans: a SQL function with a SET clause is never
// inlined and plans its statement on every call (migration 00029), so the
// functions a question calls on its way (the INSERT's trigger, the stages'
// grant checks) are PL/pgSQL, which keeps plans for the session. Those left
// in SQL run once per report or request, not per question.
func TestFunctionsKeepTheirPlans(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)

	rows, err := db.Pool.Query(ctx, `
		SELECT p.proname::text FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
		WHERE p.pronamespace = 'rag'::regnamespace AND l.lanname = 'sql' AND p.proconfig IS NOT NULL
		ORDER BY 1`)
	require.NoError(t, err)
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"exam_run_questions", "workers_alive"}, names)
}

// TestQuestionColumnsCompressWithLZ4: the columns a question writes compress
// with lz4 where the server has it (migration 00030), pglz being several
// times slower on the same text.
func TestQuestionColumnsCompressWithLZ4(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)

	var lz4 bool
	require.NoError(t, db.Pool.QueryRow(ctx,
		"SELECT 'lz4' = ANY (enumvals) FROM pg_settings WHERE name = 'default_toast_compression'").Scan(&lz4))
	if !lz4 {
		t.Skip("this PostgreSQL was built without lz4")
	}
	rows, err := db.Pool.Query(ctx, `
		SELECT c.relname || '.' || a.attname || ' ' || coalesce(nullif(a.attcompression::text, ''), '-')
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
		WHERE c.relnamespace = 'rag'::regnamespace AND c.relname IN ('queries', 'query_contexts')
		  AND a.attname IN ('retrieval', 'question', 'schema', 'linking', 'id')
		ORDER BY 1`)
	require.NoError(t, err)
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{
		"queries.id -", "queries.question l", "queries.retrieval l",
		"query_contexts.linking l", "query_contexts.schema l",
	}, got)
}

// TestMigrateSaysWhoHoldsItsLock: any role that may connect can take the
// migration's advisory lock, and a migrate waiting on it said nothing: it
// names the session it waits for, and goes on once the lock is free.
func TestMigrateSaysWhoHoldsItsLock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	cfg, err := pgx.ParseConfig(db.URL)
	require.NoError(t, err)
	cfg.RuntimeParams["application_name"] = "squatter"
	holder, err := pgx.ConnectConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { holder.Close(context.Background()) })
	var pid int
	require.NoError(t, holder.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
	const migrateLockKey = 0x6e6c3273716c // migrations.migrateLockKey
	_, err = holder.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrateLockKey))
	require.NoError(t, err)

	logger, logs := logCapture()
	done := make(chan error, 1)
	go func() { _, err := migrations.Migrate(ctx, db.Pool, logger); done <- err }()

	want := fmt.Sprintf("pid=%d role=postgres application=squatter", pid)
	require.Eventually(t, func() bool {
		return strings.Contains(logs(), "waiting for the migration lock") && strings.Contains(logs(), want)
	}, 10*time.Second, 20*time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("migrate ended while another session held its lock: %v", err)
	default:
	}

	_, err = holder.Exec(ctx, `SELECT pg_advisory_unlock($1)`, int64(migrateLockKey))
	require.NoError(t, err)
	require.NoError(t, <-done)
}

// logCapture is a logger and what it has written so far.
func logCapture() (*slog.Logger, func() string) {
	var (
		mu   sync.Mutex
		logs bytes.Buffer
	)
	logger := slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), nil))
	return logger, func() string {
		mu.Lock()
		defer mu.Unlock()
		return logs.String()
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestMigrateGivesWayToAnOpenTransaction: a migration's DDL waited for
// every open transaction on its table, and every statement on the table
// queued behind it: a client's psql idle in a transaction after reading
// rag.tables stopped the service. Bounded by lock_timeout, the migration
// gives way, is tried again, and fails naming the session it waited for;
// once that session ends, migrate applies what was left.
func TestMigrateGivesWayToAnOpenTransaction(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db := dbtest.NewDB(t)
	provider := gooseProvider(t, db)
	_, err := provider.DownTo(ctx, 32) // 00033 adds a column to rag.tables
	require.NoError(t, err)

	cfg, err := pgx.ParseConfig(db.URL)
	require.NoError(t, err)
	cfg.RuntimeParams["application_name"] = "idle-reader"
	holder, err := pgx.ConnectConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { holder.Close(context.Background()) })
	tx, err := holder.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `SELECT 1 FROM rag.tables LIMIT 1`)
	require.NoError(t, err)

	logger, logs := logCapture()
	_, err = migrations.MigrateWithLockTimeout(ctx, db.Pool, logger, 100*time.Millisecond, 2)
	require.ErrorContains(t, err, "00033_check_constraints.sql")
	require.ErrorContains(t, err, "lock timeout")
	require.ErrorContains(t, err, `application "idle-reader" idle in transaction`)
	require.Contains(t, logs(), "a migration could not lock its table in time; trying again")

	require.NoError(t, tx.Rollback(ctx))
	res, err := migrations.MigrateWithLockTimeout(ctx, db.Pool, logger, 100*time.Millisecond, 2)
	require.NoError(t, err)
	var want []int64
	for _, src := range provider.ListSources() {
		if src.Version > 32 {
			want = append(want, src.Version)
		}
	}
	require.Equal(t, want, res.Rag)
}

// TestPostingsGoWithTheirIndex: rag.index_postings has no foreign key (a
// check a row made the build of a large index seconds slower, 00036), and
// a trigger on rag.schema_indexes does what its ON DELETE CASCADE did:
// removing an index, or its database, removes its postings and no other's,
// and an index with postings is not renamed.
func TestPostingsGoWithTheirIndex(t *testing.T) {
	t.Parallel()
	tx := dbtest.TestTx(t)
	ctx := context.Background()

	var keys int
	require.NoError(t, tx.QueryRow(ctx, `SELECT count(*) FROM pg_constraint
		WHERE conrelid = 'rag.index_postings'::regclass AND contype = 'f'`).Scan(&keys))
	require.Zero(t, keys, "no foreign key, checked once a posting")

	_, err := tx.Exec(ctx, `
		INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop'), ('hr', 'postgres://u@h/hr'),
		                                          ('sales', 'postgres://u@h/sales');
		INSERT INTO rag.schema_indexes (database_name, catalog_version) VALUES ('shop', 1), ('hr', 1);
		INSERT INTO rag.index_postings (database_name, kind, term, doc_id, tf, len_norm, in_name)
		VALUES ('shop', 'table', 'order', 1, 1, 1, true), ('shop', 'column', 'price', 2, 1, 1, true),
		       ('hr', 'table', 'employe', 3, 1, 1, true)`)
	require.NoError(t, err)
	postings := func() (out []string) {
		rows, err := tx.Query(ctx, "SELECT database_name || '.' || term FROM rag.index_postings ORDER BY 1")
		require.NoError(t, err)
		out, err = pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return out
	}

	_, err = tx.Exec(ctx, "SAVEPOINT s")
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "UPDATE rag.schema_indexes SET database_name = 'sales' WHERE database_name = 'shop'")
	require.ErrorContains(t, err, "the schema index of shop has postings: it cannot be renamed (SQLSTATE 23503)")
	_, err = tx.Exec(ctx, "ROLLBACK TO SAVEPOINT s")
	require.NoError(t, err)

	_, err = tx.Exec(ctx, "UPDATE rag.schema_indexes SET catalog_version = 2")
	require.NoError(t, err)
	require.Equal(t, []string{"hr.employe", "shop.order", "shop.price"}, postings(), "a rebuild's update keeps them")

	_, err = tx.Exec(ctx, "DELETE FROM rag.databases WHERE name = 'shop'") // db remove
	require.NoError(t, err)
	require.Equal(t, []string{"hr.employe"}, postings())
	_, err = tx.Exec(ctx, "DELETE FROM rag.schema_indexes")
	require.NoError(t, err)
	require.Empty(t, postings())

	// TRUNCATE fires no row trigger: a statement trigger empties the
	// postings as the key's cascade did (00039).
	_, err = tx.Exec(ctx, `
		INSERT INTO rag.schema_indexes (database_name, catalog_version) VALUES ('hr', 1);
		INSERT INTO rag.index_postings (database_name, kind, term, doc_id, tf, len_norm, in_name)
		VALUES ('hr', 'table', 'employe', 3, 1, 1, true)`)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "TRUNCATE rag.databases CASCADE")
	require.NoError(t, err)
	require.Empty(t, postings())
}

// TestFeedbackPendingIndexAfterRewrittenMigration: 00043 landed on main
// without feedback_pending_idx and was rewritten in place to add it, so a
// database migrated in between has version 43 and no index; migrating
// again creates it.
func TestFeedbackPendingIndexAfterRewrittenMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	provider := gooseProvider(t, db)
	_, err := provider.DownTo(ctx, 43)
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, "DROP INDEX rag.feedback_pending_idx") // as the first 00043 left it
	require.NoError(t, err)
	_, err = provider.Up(ctx)
	require.NoError(t, err)
	var idx *string
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT to_regclass('rag.feedback_pending_idx')::text").Scan(&idx))
	require.NotNil(t, idx, "feedback_pending_idx exists")
}

// TestMigrateADatabaseMigratedBefore00044: 00046 landed on main (550c17d)
// before 00044 did (2563412), so a database migrated in between records
// versions up to 43 and 46, without 44: migrating it to head must still
// run 00044 (and 00047), not refuse it as a migration out of order.
func TestMigrateADatabaseMigratedBefore00044(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, `DELETE FROM rag.goose_db_version WHERE version_id IN (44, 47);
DROP INDEX rag.feedback_pending_idx; DROP INDEX rag.feedback_given_by_example_idx`) // as 00043's first body and 00046's first body left it
	require.NoError(t, err)
	_, err = migrations.Migrate(ctx, db.Pool, nil)
	require.NoError(t, err)
	for _, name := range []string{"rag.feedback_pending_idx", "rag.feedback_given_by_example_idx"} {
		var idx *string
		require.NoError(t, db.Pool.QueryRow(ctx, "SELECT to_regclass($1)::text", name).Scan(&idx))
		require.NotNil(t, idx, name)
	}
}
