package exam

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/catalog"
)

// DemoOptions say where the demo ERP goes and how it is registered.
type DemoOptions struct {
	// Name is the registered database name. Defaults to "erp".
	Name string
	// DSN is how the service connects to the database holding schema erp:
	// password-free, or an env:VAR reference. Required.
	DSN string
	// Tables is the total table count; above the 75 core tables the rest
	// are distractors with no rows (retrieval at scale). Defaults to the
	// core tables only.
	Tables int
	// Warn receives what could not be done without failing the load (no
	// privilege to create the reader role). Defaults to discarding it.
	Warn func(string)
}

// ReaderRole is the role the demo's questions run as: SELECT on schema erp
// only (reader.sql).
const ReaderRole = "nl2sql_erp_reader"

//go:embed reader.sql
var readerSQL string

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o DemoOptions) WithDefaults() DemoOptions {
	if o.Name == "" {
		o.Name = "erp"
	}
	if o.Warn == nil {
		o.Warn = func(string) {}
	}
	return o
}

func (o DemoOptions) validate() error {
	if o.DSN == "" {
		return errors.New("exam: DemoOptions.DSN is required")
	}
	return nil
}

// LoadDemo (re)creates schema erp in target's database with the demo ERP,
// then registers it in meta's catalog with the ERP's modules and glosses.
// An existing schema erp is replaced: it belongs to the demo.
func LoadDemo(ctx context.Context, meta, target *pgxpool.Pool, opts DemoOptions) (*catalog.RefreshResult, error) {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	lopts := erp.LoadOptions{Tables: opts.Tables, Replace: true}
	if err := erp.Load(ctx, target, lopts); err != nil {
		return nil, fmt.Errorf("loading the demo ERP: %w", err)
	}
	ann, err := erp.Annotations(lopts)
	if err != nil {
		return nil, err
	}
	role, err := createReader(ctx, target)
	if err != nil {
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "42501" {
			return nil, fmt.Errorf("creating the demo's read-only role: %w", err)
		}
		opts.Warn(fmt.Sprintf("could not create role %s (%s); the demo's questions run as the connecting role, "+
			"so only the guard keeps them to schema erp", ReaderRole, pgErr.Message))
	}
	conn, err := target.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	return catalog.Refresh(ctx, meta, conn, catalog.Database{Name: opts.Name, DSN: opts.DSN, Schemas: []string{erp.Schema}, ReadOnlyRole: role}, ann)
}

// createReader creates (or updates) ReaderRole and returns its name.
// Role changes are cluster-wide; concurrent loads in other databases can
// collide on the same catalog rows, so a collision is retried.
func createReader(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	var err error
	for range 5 {
		if _, err = pool.Exec(ctx, readerSQL); err == nil {
			return ReaderRole, nil
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || (pgErr.Code != "XX000" && pgErr.Code != "40001" && pgErr.Code != "23505") {
			return "", err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "", err
}
