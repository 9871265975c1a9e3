// Package erp is the Enterprise ERP demo database nl2sql proves itself on,
// and its exam: 60 questions with gold SQL.
//
// Load creates schema "erp" (75 tables in 8 modules: HR, Payroll, Finance,
// Sales, Inventory, Procurement, Projects, Manufacturing) and fills it with
// deterministic data generated from a fixed seed: the same rows on every run
// and machine, anchored on AsOf (2025-06-30) so that gold SQL never needs
// now(). LoadOptions.Tables adds realistic distractor tables (fleet,
// facilities, marketing, ..., and near-synonyms of core tables) to test
// retrieval at scale; no question depends on them.
//
// The exam and the catalog overlay are embedded: QuestionsJSON (format in
// exam/QUESTIONS.md) and AnnotationsJSON (module, gloss and synonyms per table,
// the format `nl2sql db add --annotations` reads); Annotations covers the
// distractors as well.
package erp

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Version identifies the schema and data Load produces. Bump it whenever
// either changes: test templates are keyed on it.
const Version = "2025.06.30-2"

// Schema is the PostgreSQL schema holding the demo database.
const Schema = "erp"

var (
	//go:embed schema.sql
	schemaSQL string
	//go:embed drop.sql
	dropSQL string
	//go:embed finish.sql
	finishSQL string

	// AnnotationsJSON is the catalog overlay for the core tables: module,
	// gloss, synonyms and column glosses per table.
	//go:embed annotations.json
	AnnotationsJSON []byte

	// QuestionsJSON is the exam: 60 questions with gold SQL (see exam/QUESTIONS.md).
	//go:embed questions.json
	QuestionsJSON []byte
)

// ErrSchemaExists is returned by Load when schema erp already exists and
// LoadOptions.Replace is false.
var ErrSchemaExists = errors.New("erp: schema erp already exists (drop it, or load with Replace)")

// LoadOptions configures Load.
type LoadOptions struct {
	// Tables is the total number of tables to create in schema erp. Above
	// the core tables' count, the rest are distractor tables with no rows.
	// Defaults to 0, which means the core tables only (CoreTableCount).
	Tables int
	// Replace drops an existing erp schema first (with Drop, before the
	// load starts). Defaults to false: Load fails with ErrSchemaExists
	// rather than destroy data.
	Replace bool
}

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o LoadOptions) WithDefaults() LoadOptions {
	if o.Tables == 0 {
		o.Tables = CoreTableCount()
	}
	return o
}

func (o LoadOptions) validate() error {
	switch {
	case o.Tables < CoreTableCount():
		return fmt.Errorf("erp: Tables must be at least %d (the core tables), got %d", CoreTableCount(), o.Tables)
	case o.Tables > MaxTables():
		return fmt.Errorf("erp: Tables must be at most %d, got %d", MaxTables(), o.Tables)
	}
	return nil
}

// schema.sql ends with its foreign keys, after this marker; Load adds them
// once the rows are in.
const foreignKeyMarker = "\n-- @foreign-keys\n"

var tableSQL, foreignKeySQL = func() (string, string) {
	i := strings.Index(schemaSQL, foreignKeyMarker)
	if i < 0 {
		panic("erp: schema.sql has no foreign key section")
	}
	return schemaSQL[:i], schemaSQL[i:]
}()

var createTableRE = regexp.MustCompile(`(?m)^CREATE TABLE erp\.(\w+) \(`)

// coreTables lists the core tables in creation order.
var coreTables = func() []string {
	var names []string
	for _, m := range createTableRE.FindAllStringSubmatch(schemaSQL, -1) {
		names = append(names, m[1])
	}
	return names
}()

// CoreTables returns the names of the core tables, in creation order.
func CoreTables() []string { return append([]string(nil), coreTables...) }

// CoreTableCount is the number of core tables.
func CoreTableCount() int { return len(coreTables) }

// SchemaSQL returns the DDL of the core tables.
func SchemaSQL() string { return schemaSQL }

// MaxTables is the largest LoadOptions.Tables accepted: the core tables
// plus every distractor table.
func MaxTables() int { return CoreTableCount() + len(allDistractors()) }

// Load creates schema erp in pool's database and fills it. The core tables
// are created, copied in (pgx.CopyFrom), constrained and analysed in one
// transaction; distractor tables follow in batches of their own, since
// thousands of CREATE TABLEs would exhaust the lock table of a single
// transaction. On error nothing is left behind: a failed core transaction
// rolls back, a failed distractor batch drops the schema.
func Load(ctx context.Context, pool *pgxpool.Pool, opts LoadOptions) error {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return err
	}
	distractorDDL, err := renderDistractors(opts.Tables - CoreTableCount())
	if err != nil {
		return err
	}
	data := generate()

	if opts.Replace {
		if err := Drop(ctx, pool); err != nil {
			return err
		}
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("erp: begin: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after commit

	if _, err := tx.Exec(ctx, tableSQL); err != nil {
		if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == "42P06" {
			return ErrSchemaExists
		}
		return fmt.Errorf("erp: create schema: %w", err)
	}
	for _, name := range coreTables {
		t := data.tables[name]
		if t == nil {
			return fmt.Errorf("erp: no data generated for table %s", name)
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{Schema, name}, t.cols, pgx.CopyFromRows(t.rows)); err != nil {
			return fmt.Errorf("erp: copy %s: %w", name, err)
		}
	}
	if _, err := tx.Exec(ctx, foreignKeySQL); err != nil {
		return fmt.Errorf("erp: foreign keys: %w", err)
	}
	if _, err := tx.Exec(ctx, finishSQL); err != nil {
		return fmt.Errorf("erp: finish: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("erp: commit: %w", err)
	}
	for _, ddl := range distractorDDL {
		if _, err := pool.Exec(ctx, ddl); err != nil {
			// Leave nothing half-built behind.
			_ = Drop(context.WithoutCancel(ctx), pool)
			return fmt.Errorf("erp: distractor tables: %w", err)
		}
	}
	return nil
}

// Drop removes schema erp and everything in it, dropping tables in
// committed batches. It is a no-op when the schema does not exist.
func Drop(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, dropSQL); err != nil {
		return fmt.Errorf("erp: drop: %w", err)
	}
	return nil
}
