package catalog

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// ErrDatabaseNotFound is wrapped by errors about a database name that is not
// registered in rag.databases.
var ErrDatabaseNotFound = errors.New("database not registered")

// Database is a registered target database.
type Database struct {
	// Name identifies the database in rag.queries.database_name: a letter,
	// then up to 62 letters, digits, '_' or '-'.
	Name string
	// DSN has no password: see ValidateDSN and ResolveDSN.
	DSN string
	// Schemas is the search path questions run with; Defaults to ["public"].
	Schemas []string
	// ReadOnlyRole, when set, is assumed with SET LOCAL ROLE for EXPLAIN
	// and execution on this database, so its own privileges back the
	// guard. Defaults to "" (the service-wide NL2SQL_READ_ONLY_ROLE, if any).
	ReadOnlyRole string
	// DefaultRole is the role questions run as when ReadOnlyRole is empty
	// (the service-wide NL2SQL_READ_ONLY_ROLE), for Refresh, which leaves
	// out what the role questions run as may not read. Not stored.
	DefaultRole string

	// Set by GetDatabase and ListDatabases; ignored by Register and Refresh.
	TableCount     int
	CatalogVersion int64
	CreatedAt      time.Time
	RefreshedAt    *time.Time // nil until the first refresh
	// Annotations is the JSON annotations file last given to Refresh, which
	// later refreshes without one apply again; nil if none was ever given.
	Annotations []byte
	// Fingerprint is the Snapshot.Fingerprint of the schema the last
	// refresh introspected; "" before the first refresh since fingerprints
	// were stored (migration 00028).
	Fingerprint string
}

var databaseName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,62}$`)

// ValidateName says why rag.databases would refuse name as a database's
// name, for callers that check before they connect.
func ValidateName(name string) error {
	if !databaseName.MatchString(name) {
		return fmt.Errorf("catalog: database name %q must start with a letter and hold at most 63 letters, digits, '_' or '-'", name)
	}
	return nil
}

// withDefaults returns d with its DSN trimmed and the default search path.
func (d Database) withDefaults() Database {
	d.DSN = strings.TrimSpace(d.DSN)
	if len(d.Schemas) == 0 {
		d.Schemas = []string{"public"}
	}
	return d
}

// validate checks what rag.databases' constraints would refuse, with
// errors that say why, and the schemas that could never be introspected.
func (d Database) validate() error {
	if err := ValidateName(d.Name); err != nil {
		return err
	}
	if err := ValidateDSN(d.DSN); err != nil {
		return err
	}
	for i, s := range d.Schemas {
		switch {
		case strings.TrimSpace(s) == "":
			return errors.New("catalog: a schema name is empty")
		case isSystemSchema(s):
			return fmt.Errorf("catalog: schema %q is a PostgreSQL system schema; questions cannot be asked of it", s)
		case slices.Contains(d.Schemas[:i], s):
			return fmt.Errorf("catalog: schema %q is listed twice", s)
		}
	}
	return nil
}

// Register adds d to rag.databases, or updates the DSN and schemas of the
// database of that name; stored annotations are kept. Changing the schemas
// bumps catalog_version (cached snapshots carry the search path); the
// catalog itself stays as it was until the next refresh. `nl2sql db add`
// uses Refresh, which registers and refreshes at once.
func Register(ctx context.Context, db dbsqlc.DBTX, d Database) (*Database, error) {
	return register(ctx, db, d.withDefaults(), nil)
}

// register upserts d, which must have its defaults; annotations replace the
// stored ones unless nil.
func register(ctx context.Context, db dbsqlc.DBTX, d Database, annotations []byte) (*Database, error) {
	if err := d.validate(); err != nil {
		return nil, err
	}
	row, err := dbsqlc.New().UpsertDatabase(ctx, db, &dbsqlc.UpsertDatabaseParams{
		Name: d.Name, Dsn: d.DSN, Schemas: d.Schemas, ReadOnlyRole: nullable(d.ReadOnlyRole), Annotations: annotations,
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: register %q: %w", d.Name, err)
	}
	return fromRow(row), nil
}

// GetDatabase returns the registered database name, or an error wrapping
// ErrDatabaseNotFound.
func GetDatabase(ctx context.Context, db dbsqlc.DBTX, name string) (*Database, error) {
	row, err := dbsqlc.New().GetDatabase(ctx, db, name)
	if err != nil {
		return nil, notFound(name, err)
	}
	return fromRow(row), nil
}

// ListDatabases returns every registered database, ordered by name.
func ListDatabases(ctx context.Context, db dbsqlc.DBTX) ([]*Database, error) {
	rows, err := dbsqlc.New().ListDatabases(ctx, db)
	if err != nil {
		return nil, fmt.Errorf("catalog: list databases: %w", err)
	}
	out := make([]*Database, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, nil
}

// ListReadable returns the registered databases whose catalog the caller
// may read, ordered by name, without what only the service reads (DSN,
// read-only role, annotations): every one for the service's role, those it
// may ask about for a client (migration 00021).
func ListReadable(ctx context.Context, db dbsqlc.DBTX) ([]*Database, error) {
	rows, err := dbsqlc.New().ListCatalogDatabases(ctx, db)
	if err != nil {
		return nil, fmt.Errorf("catalog: list databases: %w", err)
	}
	out := make([]*Database, len(rows))
	for i, r := range rows {
		out[i] = &Database{
			Name: r.Name, Schemas: r.Schemas, TableCount: int(r.TableCount),
			CatalogVersion: r.CatalogVersion, CreatedAt: r.CreatedAt, RefreshedAt: r.RefreshedAt,
		}
	}
	return out, nil
}

func fromRow(r *dbsqlc.RagDatabase) *Database {
	return &Database{
		Name:           r.Name,
		DSN:            r.Dsn,
		Schemas:        r.Schemas,
		ReadOnlyRole:   deref(r.ReadOnlyRole),
		TableCount:     int(r.TableCount),
		CatalogVersion: r.CatalogVersion,
		CreatedAt:      r.CreatedAt,
		RefreshedAt:    r.RefreshedAt,
		Annotations:    r.Annotations,
		Fingerprint:    deref(r.CatalogFingerprint),
	}
}

// HistoryError refuses to remove a database that has questions or exam
// runs unless asked to remove them too.
type HistoryError struct {
	Database            string
	Questions, ExamRuns int64
}

func (e *HistoryError) Error() string {
	return fmt.Sprintf("database %q has %d question(s) and %d exam run(s); removing it removes them with it: say so (nl2sql db remove %s --with-history)",
		e.Database, e.Questions, e.ExamRuns, e.Database)
}

// InUseError is a removal that waited RemoveLockWait for a transaction
// still open that asked about the database, or gave feedback on one of
// its questions, and holds the rows it would delete.
type InUseError struct {
	Database string
	// Holders names the sessions with an open transaction on nl2sql's
	// tables, oldest first.
	Holders string
	Err     error
}

func (e *InUseError) Error() string {
	return fmt.Sprintf("database %q is in use: a transaction still open asked about it (or gave feedback on one of its questions) and holds rows the removal deletes; waited %s for it: %s; try again once it ends, or end it (pg_terminate_backend)",
		e.Database, RemoveLockWait, e.Holders)
}

func (e *InUseError) Unwrap() error { return e.Err }

// RemoveLockWait is how long RemoveDatabase waits for a row another
// transaction holds: a question's INSERT holds its database's row (the
// foreign key's FOR KEY SHARE) until it commits, and a client's psql left
// idle in that transaction held the removal without end.
const RemoveLockWait = 5 * time.Second

// Removed is what RemoveDatabase deleted besides the registration (its
// catalog, schema index, examples and client grants go with it).
type Removed struct {
	Questions, ExamRuns int64
}

// RemoveDatabase unregisters a database in one transaction. A database
// with questions or exam runs is refused with a *HistoryError unless
// withHistory, which deletes them first; an unknown one is
// ErrDatabaseNotFound. A question still being answered is left to its
// stage, which finds it gone and stops.
func RemoveDatabase(ctx context.Context, pool *pgxpool.Pool, name string, withHistory bool) (*Removed, error) {
	var out Removed
	q := dbsqlc.New()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := q.SetLocalLockTimeout(ctx, tx, strconv.FormatInt(RemoveLockWait.Milliseconds(), 10)); err != nil {
			return err
		}
		if _, err := q.LockDatabase(ctx, tx, name); err != nil {
			return notFound(name, err)
		}
		h, err := q.CountDatabaseHistory(ctx, tx, name)
		if err != nil {
			return err
		}
		if (h.Questions > 0 || h.ExamRuns > 0) && !withHistory {
			return &HistoryError{Database: name, Questions: h.Questions, ExamRuns: h.ExamRuns}
		}
		if out.ExamRuns, err = q.DeleteDatabaseExamRuns(ctx, tx, name); err != nil {
			return err
		}
		if out.Questions, err = q.DeleteDatabaseQuestions(ctx, tx, name); err != nil {
			return err
		}
		n, err := q.DeleteDatabase(ctx, tx, name)
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound(name, pgx.ErrNoRows)
		}
		return nil
	})
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok && pe.Code == "55P03" {
		return nil, &InUseError{Database: name, Holders: lockHolders(ctx, q, pool), Err: err}
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// lockHolders names the sessions whose open transactions hold locks on
// nl2sql's tables, oldest first, for a message.
func lockHolders(ctx context.Context, q *dbsqlc.Queries, db dbsqlc.DBTX) string {
	rows, err := q.TableLockHolders(ctx, db)
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	if len(rows) == 0 {
		return "none now"
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		var pid int32
		if r.Pid != nil {
			pid = *r.Pid
		}
		parts[i] = fmt.Sprintf("pid %d role %s application %q %s", pid, r.RoleName, r.Application, r.State)
		if r.XactStart != nil {
			parts[i] += " since " + r.XactStart.UTC().Format(time.RFC3339)
		}
	}
	return strings.Join(parts, "; ")
}
