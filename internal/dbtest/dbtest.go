// Package dbtest gives every test its own migrated database, after River's
// riverdbtest: NewDB clones a template database (migrated once per schema
// fingerprint and fixture set) so tests that commit data, LISTEN/NOTIFY or
// run a River client never see each other; TestTx hands out a transaction on
// a shared migrated database that is rolled back at cleanup.
//
// The server is NL2SQL_TEST_DATABASE_URL, by default
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable; the role needs
// CREATEDB.
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/migrations"
)

// DefaultAdminURL is used when NL2SQL_TEST_DATABASE_URL is unset.
const DefaultAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// AdminURL is the maintenance connection used to create and drop databases.
func AdminURL() string {
	if u := os.Getenv("NL2SQL_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultAdminURL
}

// Fixture is data loaded into a template after migrations, e.g. the demo ERP.
// Version must change whenever what Load produces changes, since templates
// are reused across test runs.
type Fixture struct {
	Name    string
	Version string
	Load    func(ctx context.Context, pool *pgxpool.Pool) error
}

// DB is a database of one test, dropped at cleanup.
type DB struct {
	Name string
	URL  string // connection string for the database, for code that dials itself
	Pool *pgxpool.Pool
}

// NewDB creates a fresh database for t, migrated and with fixtures loaded,
// and drops it when t ends.
func NewDB(t testing.TB, fixtures ...Fixture) *DB {
	t.Helper()
	db, drop, err := Open(context.Background(), fixtures...)
	require.NoError(t, err)
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Logf("%v", err)
		}
	})
	return db
}

// Open is NewDB for code without a testing.TB (runnable examples): the
// caller drops the database with the returned function.
func Open(ctx context.Context, fixtures ...Fixture) (*DB, func() error, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()

	tpl, err := template(ctx, fixtures)
	if err != nil {
		return nil, nil, fmt.Errorf("dbtest: template: %w", err)
	}
	name := dbName("nl2sql_t_")
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return nil, nil, fmt.Errorf("dbtest: connect to %s: %w", redact(AdminURL()), err)
	}
	_, err = admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tpl}.Sanitize())
	_ = admin.Close(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("dbtest: create database from %s: %w", tpl, err)
	}

	dbURL := target.WithDatabase(AdminURL(), name)
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return nil, nil, err
	}
	drop := func() error {
		pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin, err := pgx.Connect(ctx, AdminURL())
		if err != nil {
			return fmt.Errorf("dbtest: cannot drop %s: %w", name, err)
		}
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("dbtest: drop %s: %w", name, err)
		}
		return nil
	}
	return &DB{Name: name, URL: dbURL, Pool: pool}, drop, nil
}

var (
	sharedOnce sync.Once
	sharedDB   *pgxpool.Pool
	sharedErr  error
)

// TestTx returns a transaction on a migrated database shared by the tests of
// this process; it is rolled back at cleanup, so nothing it writes is seen by
// another test. Use NewDB for anything that must commit.
func TestTx(t testing.TB) pgx.Tx {
	t.Helper()
	ctx := context.Background()
	sharedOnce.Do(func() {
		var tpl string
		if tpl, sharedErr = template(ctx, nil); sharedErr != nil {
			return
		}
		name := dbName("nl2sql_shared_")
		var admin *pgx.Conn
		if admin, sharedErr = pgx.Connect(ctx, AdminURL()); sharedErr != nil {
			return
		}
		defer admin.Close(ctx)
		if _, sharedErr = admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tpl}.Sanitize()); sharedErr != nil {
			return
		}
		// The shared database outlives every test of the process; it is
		// dropped by the next template rebuild sweep or by hand. Keep it
		// small: it only ever sees rolled-back transactions.
		sharedDB, sharedErr = pgxpool.New(ctx, target.WithDatabase(AdminURL(), name))
	})
	require.NoError(t, sharedErr, "dbtest: shared database")
	tx, err := sharedDB.Begin(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = tx.Rollback(context.Background()) })
	return tx
}

// Logger returns a logger that writes through t.Log, so output shows only
// for failing tests.
func Logger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// template returns the name of a template database holding the current
// migrations and the fixtures, building it when missing. Builds are
// serialised across processes with an advisory lock and published by
// rename, so a half-built template is never cloned.
func template(ctx context.Context, fixtures []Fixture) (string, error) {
	h := sha256.New()
	h.Write([]byte(migrations.Fingerprint()))
	for _, f := range fixtures {
		h.Write([]byte("\x00" + f.Name + "\x00" + f.Version))
	}
	name := "nl2sql_tpl_" + hex.EncodeToString(h.Sum(nil))[:16]

	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return "", fmt.Errorf("connect to %s: %w (is PostgreSQL running?)", redact(AdminURL()), err)
	}
	defer admin.Close(ctx)

	sweepOnce.Do(func() { sweep(ctx, admin) })

	lockKey := int64(fnvHash(name))
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return "", err
	}
	defer admin.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lockKey) //nolint:errcheck

	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}

	building := name + "_b"
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{building}.Sanitize()); err != nil {
		return "", err
	}
	if err := buildTemplate(ctx, target.WithDatabase(AdminURL(), building), fixtures); err != nil {
		_, _ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()+" WITH (FORCE)")
		return "", err
	}
	if _, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{building}.Sanitize()+" RENAME TO "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return name, nil
}

func buildTemplate(ctx context.Context, dbURL string, fixtures []Fixture) error {
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Migrate(ctx, pool, nil); err != nil {
		return err
	}
	for _, f := range fixtures {
		if err := f.Load(ctx, pool); err != nil {
			return fmt.Errorf("fixture %s: %w", f.Name, err)
		}
	}
	// Fresh statistics make EXPLAIN-based tests stable from the first query.
	_, err = pool.Exec(ctx, "ANALYZE")
	return err
}

func redact(u string) string {
	parsed, err := url.Parse(u)
	if err != nil {
		return "the test database"
	}
	return parsed.Redacted()
}

// dbName names a test database after the process that owns it, so a later
// process can tell a leftover (its owner died before cleanup, or it is the
// shared database of a finished process) from a database in use.
func dbName(prefix string) string {
	return prefix + strconv.Itoa(os.Getpid()) + "_" + randomSuffix()
}

var (
	sweepOnce sync.Once
	ownedName = regexp.MustCompile(`^nl2sql_(t|shared)_(\d+)_[0-9a-f]+$`)
)

// sweep drops test databases whose owning process no longer runs on this
// machine. Best effort: errors are ignored, and a server on another host
// (whose pids mean nothing here) is left alone.
func sweep(ctx context.Context, admin *pgx.Conn) {
	for _, n := range orphans(ctx, admin, "SELECT datname FROM pg_database WHERE datname LIKE 'nl2sql\\_%'", ownedName, 2) {
		_, _ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{n}.Sanitize()+" WITH (FORCE)")
	}
}

// orphans are the names query returns that re matches with, in its pidGroup-th
// group, the pid of a process that no longer runs here (not this one). None
// for a server on another host, or on an error: sweeps are best effort.
func orphans(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, query string, re *regexp.Regexp, pidGroup int,
) []string {
	if !localServer(AdminURL()) {
		return nil
	}
	rows, err := q.Query(ctx, query)
	if err != nil {
		return nil
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range names {
		m := re.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		pid, _ := strconv.Atoi(m[pidGroup])
		if pid == os.Getpid() || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue // ours, or its owner still runs
		}
		out = append(out, n)
	}
	return out
}

func localServer(u string) bool {
	cfg, err := pgx.ParseConfig(u)
	if err != nil {
		return false
	}
	h := cfg.Host
	return h == "127.0.0.1" || h == "localhost" || h == "::1" || strings.HasPrefix(h, "/")
}

func randomSuffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func fnvHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64() >> 1
}

// NewEncodedDB creates an empty database for t in encoding (LATIN1,
// SQL_ASCII; locale C), not migrated: a target database of the kind a user
// registers, whose text is not UTF-8. Its Pool speaks UTF-8, so fixtures
// are written as in any test. It is dropped when t ends.
func NewEncodedDB(t testing.TB, encoding string) *DB {
	t.Helper()
	ctx := context.Background()
	name := dbName("nl2sql_t_")
	admin, err := pgx.Connect(ctx, AdminURL())
	require.NoError(t, err)
	_, err = admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+
		" TEMPLATE template0 ENCODING "+pgx.Identifier{encoding}.Sanitize()+" LC_COLLATE 'C' LC_CTYPE 'C'")
	_ = admin.Close(ctx)
	require.NoError(t, err)
	dbURL := target.WithDatabase(AdminURL(), name)
	cfg, err := pgxpool.ParseConfig(dbURL)
	require.NoError(t, err)
	cfg.ConnConfig.RuntimeParams["client_encoding"] = "UTF8"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() {
		pool.Close()
		admin, err := pgx.Connect(context.Background(), AdminURL())
		if err != nil {
			t.Logf("dbtest: cannot drop %s: %v", name, err)
			return
		}
		defer admin.Close(context.Background())
		if _, err := admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
		}
	})
	return &DB{Name: name, URL: dbURL, Pool: pool}
}
