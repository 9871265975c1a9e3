// Package target runs guarded SQL on the databases questions are asked of:
// EXPLAIN for validation and read-only execution with a statement timeout,
// a row cap and an optional SET LOCAL ROLE. It keeps one small connection
// pool per registered database.
package target

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// Config configures access to target databases.
type Config struct {
	// StatementTimeout bounds execution of a question's SQL. Defaults to 10s.
	StatementTimeout time.Duration
	// ExplainTimeout bounds EXPLAIN during validation. Defaults to 5s.
	ExplainTimeout time.Duration
	// MaxRows caps the rows kept from a result; more rows set Truncated
	// (TruncatedBy LimitRows). Defaults to 1000.
	MaxRows int
	// MaxResultBytes caps the bytes of values kept from a result, so a few
	// huge cells cannot exhaust the worker's memory; reaching it also sets
	// Truncated (TruncatedBy LimitBytes). Defaults to 32 MiB.
	MaxResultBytes int
	// ReadOnlyRole, when set, is assumed with SET LOCAL ROLE for EXPLAIN and
	// execution, so the database's own privileges back the guard. Defaults
	// to "" (the connecting role).
	ReadOnlyRole string
	// MaxConns is the pool size per target database. Defaults to 4.
	MaxConns int32
	// TempFileLimit is PostgreSQL's temp_file_limit for target connections
	// ("1GB", "500MB", "-1" for none): a question's sort or hash that
	// spills past it fails (53400) instead of filling the target's disk
	// until the statement timeout. It is set when a connection opens, where
	// the connecting role may set it (a superuser, or on PostgreSQL 15 a
	// role granted SET ON PARAMETER temp_file_limit); elsewhere the pool
	// logs once that it could not. Defaults to "1GB".
	TempFileLimit string
	// ConnectTimeout bounds establishing a connection. Defaults to 5s.
	ConnectTimeout time.Duration
	// MaxConnIdleTime is how long a connection to a target may sit unused
	// before it is closed (checked every half of it, at most every
	// minute): the service holds nothing open on a user's database it is
	// not using, and lets go of one unregistered within about this long
	// (pgx's default, 30 minutes, kept DROP DATABASE waiting; a review's
	// find). Defaults to 1m.
	MaxConnIdleTime time.Duration
	// Logger receives pool lifecycle messages. Defaults to a discarding logger.
	Logger *slog.Logger
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.StatementTimeout == 0 {
		c.StatementTimeout = 10 * time.Second
	}
	if c.ExplainTimeout == 0 {
		c.ExplainTimeout = 5 * time.Second
	}
	if c.MaxRows == 0 {
		c.MaxRows = 1000
	}
	if c.MaxResultBytes == 0 {
		c.MaxResultBytes = 32 << 20
	}
	if c.MaxConns == 0 {
		c.MaxConns = 4
	}
	if c.ConnectTimeout == 0 {
		c.ConnectTimeout = 5 * time.Second
	}
	if c.MaxConnIdleTime == 0 {
		c.MaxConnIdleTime = time.Minute
	}
	if c.TempFileLimit == "" {
		c.TempFileLimit = "1GB"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.StatementTimeout < time.Millisecond:
		return errors.New("target: StatementTimeout must be at least 1ms")
	case c.ExplainTimeout < time.Millisecond:
		return errors.New("target: ExplainTimeout must be at least 1ms")
	case c.MaxRows < 1:
		return errors.New("target: MaxRows must be positive")
	case c.MaxResultBytes < 1:
		return errors.New("target: MaxResultBytes must be positive")
	case c.MaxConns < 1:
		return errors.New("target: MaxConns must be positive")
	case c.MaxConnIdleTime < 0:
		return errors.New("target: MaxConnIdleTime must not be negative")
	}
	if err := CheckTempFileLimit(c.TempFileLimit); err != nil {
		return fmt.Errorf("target: TempFileLimit %w", err)
	}
	return nil
}

// tempFileLimit is what PostgreSQL's temp_file_limit accepts: kilobytes,
// or a size with a memory unit, or -1.
var tempFileLimit = regexp.MustCompile(`^(-1|([0-9]+) ?(kB|MB|GB|TB)?)$`)

// CheckTempFileLimit reports whether s is a value of Config.TempFileLimit
// PostgreSQL takes: -1, or from 1 kB to its integer limit in kB (2 TB less
// a kilobyte). A value the server refuses would fail every connection.
func CheckTempFileLimit(s string) error {
	m := tempFileLimit.FindStringSubmatch(s)
	if m == nil {
		return fmt.Errorf("must be -1 or a size such as 500MB or 1GB (kB, MB, GB, TB), got %q", s)
	}
	if m[1] == "-1" {
		return nil
	}
	n, err := strconv.ParseInt(m[2], 10, 64)
	kb := map[string]int64{"": 1, "kB": 1, "MB": 1 << 10, "GB": 1 << 20, "TB": 1 << 30}[m[3]]
	if err != nil || n < 1 || n > math.MaxInt32/kb {
		return fmt.Errorf("must be -1 or from 1kB to 2047GB, got %q", s)
	}
	return nil
}

// Database is a registered database with its DSN already resolved (any
// env: reference replaced by the connection string it names).
type Database struct {
	Name    string
	DSN     string
	Schemas []string
	// Role, when set, is assumed with SET LOCAL ROLE instead of
	// Config.ReadOnlyRole.
	Role string
}

// Registry holds the connection pools of target databases.
type Registry struct {
	cfg     Config
	queries *dbsqlc.Queries

	mu    sync.Mutex
	pools map[string]*entry
	// framings holds each target connection's framing (a message too
	// long to read).
	framings framings
}

type entry struct {
	dsn   string
	pool  *pgxpool.Pool
	types *typeCache
}

// New returns a Registry.
func New(cfg Config) (*Registry, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Registry{cfg: cfg, queries: dbsqlc.New(), pools: map[string]*entry{}}, nil
}

// Config returns the effective configuration.
func (r *Registry) Config() Config { return r.cfg }

// Close closes every pool.
func (r *Registry) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name, e := range r.pools {
		e.pool.Close()
		delete(r.pools, name)
	}
}

// pool returns the pool for db, creating it on first use and replacing it
// when the DSN changed (a re-registration).
func (r *Registry) pool(db Database) (*entry, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.pools[db.Name]; ok {
		if e.dsn == db.DSN {
			return e, nil
		}
		// The DSN changed (re-registration). Close waits for borrowed
		// connections; do it without holding the registry's lock.
		go e.pool.Close()
		delete(r.pools, db.Name)
	}
	pcfg, err := pgxpool.ParseConfig(db.DSN)
	if err != nil {
		// pgx's parse errors can echo the DSN; say only what is wrong.
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.dsn",
			Message: fmt.Sprintf("database %q: invalid connection string", db.Name), Err: err,
		}
	}
	pcfg.MaxConns = r.cfg.MaxConns
	pcfg.MaxConnIdleTime = r.cfg.MaxConnIdleTime
	pcfg.HealthCheckPeriod = min(r.cfg.MaxConnIdleTime/2, time.Minute)
	// Arbitrary SQL is not worth a prepared-statement cache, and exec mode
	// lets a batch go out as one pipeline with a single Sync.
	pcfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
	pcfg.ConnConfig.ConnectTimeout = r.cfg.ConnectTimeout
	// A connection idle for a second is pinged when acquired; one that went
	// silent (a network partition) would hold the ping, and the stage's
	// worker, until the stage's timeout. Unanswered, it is dropped and a
	// new one tried, under ConnectTimeout too.
	pcfg.PingTimeout = r.cfg.ConnectTimeout
	if pcfg.ConnConfig.RuntimeParams == nil {
		pcfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	pcfg.ConnConfig.RuntimeParams["application_name"] = "nl2sql"
	// Text in and out is Go's UTF-8, whatever the database's encoding:
	// without it a LATIN1 database answers in LATIN1 (pgx asks for no
	// client_encoding), reads a UTF-8 "Größe" as another name, and its rows
	// cannot be stored.
	pcfg.ConnConfig.RuntimeParams["client_encoding"] = "UTF8"
	// Belt and braces under the guard and the READ ONLY transactions.
	pcfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	// Result values are read from their text form; pin the formats.
	pcfg.ConnConfig.RuntimeParams["DateStyle"] = "ISO, YMD"
	pcfg.ConnConfig.RuntimeParams["IntervalStyle"] = "postgres"
	// Not TimeZone: the answer's SQL runs in the zone the database's own
	// sessions have (its ALTER DATABASE ... SET timezone, the login's, the
	// server's), where "today" and a timestamptz's day are what its users
	// mean; pinned to UTC, a database set to Asia/Kolkata was asked about
	// the UTC day. timestamptz values are written in UTC all the same
	// (textValue).
	pcfg.ConnConfig.RuntimeParams["extra_float_digits"] = "1"
	// The guard reads SQL with PostgreSQL's parser at its defaults, where a
	// backslash in '...' is an ordinary character. A database or role set
	// to standard_conforming_strings=off would read 'a\' as an open string
	// and run what the guard took for a literal or a comment.
	pcfg.ConnConfig.RuntimeParams["standard_conforming_strings"] = "on"
	// pgx reads a whole message before Execute can count its bytes: one
	// row of a gigabyte (repeat('x', 1e9)) would be held in memory, times
	// the pool's connections. A message longer than the result's byte cap
	// (plus room for a row's framing and a large EXPLAIN) is refused as it
	// arrives; Execute keeps the rows before it, as for the cap.
	maxBody := r.cfg.MaxResultBytes + maxFraming
	pcfg.ConnConfig.BuildFrontend = func(rd io.Reader, w io.Writer) *pgproto3.Frontend {
		fr := &framing{r: rd, max: maxBody}
		f := pgproto3.NewFrontend(fr, w)
		f.SetMaxBodyLen(maxBody)
		r.framings.add(f, fr)
		return f
	}
	if r.cfg.TempFileLimit != "-1" {
		var denied atomic.Bool
		pcfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
			if denied.Load() {
				return nil // said once; no error in the server's log per connection
			}
			err := r.queries.SetTempFileLimit(ctx, c, r.cfg.TempFileLimit)
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "42501" {
				// The role may not: the pool works without the limit.
				if !denied.Swap(true) {
					r.cfg.Logger.Warn("temp_file_limit is not set on this target: the connecting role may not set it, so a question's large sort can fill the database's disk until the statement timeout; connect as a role that may (on PostgreSQL 15: GRANT SET ON PARAMETER temp_file_limit TO <role>)",
						"database", db.Name, "limit", r.cfg.TempFileLimit)
				}
				return nil
			}
			return err
		}
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.pool",
			Message: fmt.Sprintf("database %q: %v", db.Name, err), Err: err,
		}
	}
	e := &entry{dsn: db.DSN, pool: pool, types: newTypeCache()}
	r.pools[db.Name] = e
	return e, nil
}

// maxFraming is what a message may hold past Config.MaxResultBytes: a data
// row's field count and lengths, or an EXPLAIN's plan.
const maxFraming = 1 << 20

// Ping checks that db accepts connections.
func (r *Registry) Ping(ctx context.Context, db Database) error {
	e, err := r.pool(db)
	if err != nil {
		return err
	}
	if err := e.pool.Ping(ctx); err != nil {
		return r.connectError(db, err)
	}
	return nil
}

// batch starts a pipeline for one statement on db: a transaction block
// (BEGIN READ ONLY), the transaction-local settings (READ ONLY, statement
// timeout, search path, role) and then the caller's statement, which the
// caller follows with a ROLLBACK (queries.Rollback), sent together with a
// single Sync so they cost one round trip. Nothing on a target is ever
// committed: see Execute and Explain. The int counts the statements
// queued before the caller's.
func (r *Registry) batch(db Database, timeout time.Duration) (*entry, *recorder, int, error) {
	e, err := r.pool(db)
	if err != nil {
		return nil, nil, 0, err
	}
	rec := &recorder{}
	if err := r.queries.BeginReadOnly(context.Background(), rec); err != nil {
		return nil, nil, 0, err
	}
	err = r.queries.SetupSession(context.Background(), rec, &dbsqlc.SetupSessionParams{
		StatementTimeout: fmt.Sprintf("%dms", timeout.Milliseconds()),
		LockTimeout:      fmt.Sprintf("%dms", lockTimeout(timeout).Milliseconds()),
		SearchPath:       searchPath(db.Schemas),
	})
	if role := cmp.Or(db.Role, r.cfg.ReadOnlyRole); err == nil && role != "" {
		err = r.queries.SetLocalRole(context.Background(), rec, role)
	}
	if err != nil {
		return nil, nil, 0, err
	}
	return e, rec, rec.batch.Len(), nil
}

// lockTimeout is the lock_timeout of a statement under timeout: nine
// tenths of it, so that a statement that spent its time waiting for
// another session's lock fails as that (55P03, statementError), before the
// statement timeout would blame its cost.
func lockTimeout(timeout time.Duration) time.Duration {
	return max(timeout*9/10, time.Millisecond)
}

// setupError classifies a failure of the session settings: infrastructure
// or configuration (a missing role), never the SQL's fault, so it is never
// shown to the model.
func (r *Registry) setupError(db Database, err error) error {
	ce := errclass.Classify(err)
	if ce.Class == errclass.InfraFailure {
		return r.connectError(db, err)
	}
	return &errclass.Error{
		Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "target.session",
		Message: fmt.Sprintf("database %q: preparing the read-only session failed: %s", db.Name, ce.Message), Err: err,
	}
}

// recorder is a dbsqlc.DBTX that queues Exec calls into a batch, so named
// statements can join a pipeline.
type recorder struct{ batch pgx.Batch }

func (r *recorder) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	r.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

func (r *recorder) Query(context.Context, string, ...any) (pgx.Rows, error) {
	return nil, errors.New("target: recorder queues Exec only")
}

func (r *recorder) QueryRow(context.Context, string, ...any) pgx.Row {
	panic("target: recorder queues Exec only")
}

func (r *recorder) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	return 0, errors.New("target: recorder queues Exec only")
}

func (r *Registry) connectError(db Database, err error) error {
	ce := errclass.Classify(err)
	class := ce.Class
	if class == errclass.Unknown || class == errclass.SQLError {
		// An error before any SQL ran is about reaching the database.
		class = errclass.InfraFailure
	}
	// The whole story is the operator's; the question's error, which the
	// client who asked reads, says why without the DSN.
	r.cfg.Logger.Warn("cannot reach a target database", "database", db.Name, "err", err.Error())
	return &errclass.Error{
		Class: class, SQLSTATE: ce.SQLSTATE, Code: "target.connect",
		Message: fmt.Sprintf("cannot reach database %q: %s", db.Name, connectReason(err)), Err: err,
	}
}

// connectReason says why connecting to a target failed without what its
// DSN holds: pgconn's message names the login, the database and the host
// ("failed to connect to `user=svc_reader database=erp_prod`: 10.0.0.5:5432
// ..."), and so do the server's refusals (no pg_hba.conf entry for host,
// user, database), while a client role may ask about a database but never
// read its DSN (a review's find).
func connectReason(err error) string {
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && strings.HasPrefix(pe.Code, "28"):
		return fmt.Sprintf("the database refused the service's login (SQLSTATE %s)", pe.Code)
	case errors.As(err, &pe) && pe.Code == "3D000":
		return "the database does not exist (SQLSTATE 3D000)"
	case errors.As(err, &pe):
		return fmt.Sprintf("%s (SQLSTATE %s)", pe.Message, pe.Code)
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	}
	return errclass.NetReason(err)
}

// searchPath renders schemas as a search_path value, quoting each.
// pg_catalog stays implicit, so searched first: listed after the registered
// schemas, a function planted there (set_config, an operator) would shadow
// the built-in one, this package's own statements included. The guard
// refuses an unqualified pg_* table instead, which the system's catalog
// would answer before a registered table of that name.
func searchPath(schemas []string) string {
	parts := make([]string, 0, len(schemas)+1)
	for _, s := range schemas {
		parts = append(parts, pgx.Identifier{s}.Sanitize())
	}
	if len(parts) == 0 {
		parts = append(parts, "public")
	}
	return strings.Join(parts, ", ")
}
