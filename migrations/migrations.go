// Package migrations holds nl2sql's goose migrations, embedded, and runs them
// after River's own migrations: `nl2sql migrate` is one command for both.
package migrations

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// RiverSchema is the schema River's tables live in. The enqueue trigger on
// rag.queries writes to river.river_job and notifies "river.river_insert",
// so the worker's River client must use the same schema.
const RiverSchema = "river"

// gooseTable is goose's version table; it lives with our objects in "rag".
const gooseTable = "rag.goose_db_version"

// migrateLockKey serialises concurrent `nl2sql migrate` runs.
const migrateLockKey int64 = 0x6e6c3273716c // "nl2sql"

//go:embed 0*.sql
var files embed.FS

//go:embed bootstrap/schemas.sql
var bootstrapSQL string

// FS returns the embedded goose migration files.
func FS() fs.FS { return files }

// Result says what a Migrate call applied.
type Result struct {
	River []int   // River migration versions applied by this call
	Rag   []int64 // goose versions applied by this call
}

// Migrate brings pool's database up to date: schemas, River's migrations in
// schema "river", then ours. It is idempotent and safe to run concurrently
// (an advisory lock serialises callers).
func Migrate(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger) (*Result, error) {
	return migrate(ctx, pool, logger, tableLocks{timeout: 5 * time.Second, attempts: 12})
}

// tableLocks bounds a migration's wait for a table lock (lock_timeout) and
// how often the migrations are tried when one could not have it in time.
// A migration's DDL waits for every open transaction on its table, and
// every statement on that table after it waits behind it: a session idle in
// a transaction (a client's psql that read rag.queries) stopped the service
// until it ended. Bounded, the DDL gives way and is tried again; 5 s a try
// is far beyond the service's own transactions (milliseconds), and 12
// tries, a second or more apart, give a long report or backup a minute and
// a half before migrate fails naming the sessions it waited for.
type tableLocks struct {
	timeout  time.Duration
	attempts int
}

func migrate(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, tl tableLocks) (*Result, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: connect: %w", err)
	}
	defer conn.Release()

	q := dbsqlc.New()
	if err := lockMigrations(ctx, q, conn, logger, lockReport); err != nil {
		return nil, fmt.Errorf("migrate: lock: %w", err)
	}
	defer func() {
		// The lock is session-scoped; release it before the connection goes
		// back to the pool. Ignore errors: a broken conn drops the lock too.
		_, _ = q.AdvisoryUnlock(context.WithoutCancel(ctx), conn, migrateLockKey)
	}()

	if _, err := conn.Exec(ctx, bootstrapSQL); err != nil {
		return nil, fmt.Errorf("migrate: create schemas: %w", err)
	}

	cfg := pool.Config()
	cfg.ConnConfig.RuntimeParams["lock_timeout"] = strconv.FormatInt(tl.timeout.Milliseconds(), 10)
	cfg.MinConns, cfg.MaxConns = 0, 2
	bounded, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("migrate: connect: %w", err)
	}
	defer bounded.Close()

	res := &Result{}
	for attempt := 1; ; attempt++ {
		err := up(ctx, bounded, logger, res)
		if err == nil {
			return res, nil
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "55P03" /* lock_not_available */ {
			return nil, err
		}
		holders := tableLockHolders(ctx, q, conn)
		if attempt >= tl.attempts {
			return nil, fmt.Errorf("%w (tried %d times, waiting up to %s each; sessions holding locks on tables of rag or river: %s)",
				err, attempt, tl.timeout, holders)
		}
		logger.WarnContext(ctx, "a migration could not lock its table in time; trying again",
			slog.Int("attempt", attempt), slog.Int("attempts", tl.attempts), slog.Duration("lock_timeout", tl.timeout),
			slog.String("holders", holders))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(min(attempt, 5)) * time.Second):
		}
	}
}

// up runs River's migrations then ours on pool, adding what it applied to
// res.
func up(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, res *Result) error {
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Schema: RiverSchema, Logger: logger})
	if err != nil {
		return fmt.Errorf("migrate: river: %w", err)
	}
	riverRes, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("migrate: river: %w", err)
	}
	for _, v := range riverRes.Versions {
		res.River = append(res.River, v.Version)
	}

	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, files,
		goose.WithTableName(gooseTable),
		goose.WithDisableGlobalRegistry(true),
		// 00046 landed on main (550c17d) before 00044 (2563412): a
		// database migrated in between records 46 without 44, and goose
		// refused every later migrate ("missing (out-of-order)
		// migration"), so the service could not start. 00044 only creates
		// an index where it is missing; it runs late as well.
		goose.WithAllowOutofOrder(true),
	)
	if err != nil {
		return fmt.Errorf("migrate: goose: %w", err)
	}
	results, err := provider.Up(ctx)
	var partial *goose.PartialError
	if errors.As(err, &partial) {
		results = partial.Applied
	}
	for _, r := range results {
		res.Rag = append(res.Rag, r.Source.Version)
		logger.InfoContext(ctx, "applied migration", slog.String("file", r.Source.Path), slog.Duration("took", r.Duration))
	}
	if err != nil {
		if partial != nil && partial.Failed != nil {
			return fmt.Errorf("migrate: %s: %w", partial.Failed.Source.Path, partial.Failed.Error)
		}
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// tableLockHolders describes the sessions TableLockHolders lists, for a
// message.
func tableLockHolders(ctx context.Context, q *dbsqlc.Queries, conn dbsqlc.DBTX) string {
	rows, err := q.TableLockHolders(ctx, conn)
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	if len(rows) == 0 {
		return "none now"
	}
	var b strings.Builder
	for i, r := range rows {
		if i > 0 {
			b.WriteString("; ")
		}
		var pid int32
		if r.Pid != nil {
			pid = *r.Pid
		}
		fmt.Fprintf(&b, "pid %d role %s application %q %s", pid, r.RoleName, r.Application, r.State)
		if r.XactStart != nil {
			fmt.Fprintf(&b, " since %s", r.XactStart.UTC().Format(time.RFC3339))
		}
	}
	return b.String()
}

// lockReport is how often a migrate waiting for the lock says who holds it.
const lockReport = 10 * time.Second

// lockMigrations takes the migration lock, polling once a second and
// logging at warn, at once and every report, the session that holds it:
// any role that may connect can take an advisory lock (a client did, in an
// audit), and a migrate waiting on it silently looked hung.
func lockMigrations(ctx context.Context, q *dbsqlc.Queries, conn dbsqlc.DBTX, logger *slog.Logger, report time.Duration) error {
	var reported time.Time
	for {
		ok, err := q.AdvisoryTryLock(ctx, conn, migrateLockKey)
		if err != nil || ok {
			return err
		}
		if time.Since(reported) >= report {
			reported = time.Now()
			attrs := []any{slog.Int64("key", migrateLockKey)}
			if h, err := q.AdvisoryLockHolder(ctx, conn, migrateLockKey); err == nil && h.Pid != nil {
				attrs = append(attrs, slog.Int("pid", int(*h.Pid)), slog.String("role", h.RoleName),
					slog.String("application", h.Application), slog.String("client", h.Client))
			}
			logger.WarnContext(ctx, "waiting for the migration lock, which another session holds (another migrate, or a session that took it)", attrs...)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Fingerprint identifies the schema Migrate produces: a hash of our embedded
// migrations and River's migration versions. Test helpers key their template
// databases on it so a changed migration gets a fresh template.
func Fingerprint() string {
	h := sha256.New()
	h.Write([]byte(bootstrapSQL))
	names, _ := fs.Glob(files, "*.sql")
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(files, n)
		h.Write([]byte(n))
		h.Write(b)
	}
	if m, err := rivermigrate.New(riverpgxv5.New(nil), nil); err == nil {
		for _, v := range m.AllVersions() {
			h.Write([]byte(strconv.Itoa(v.Version)))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
