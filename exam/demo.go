package exam

import (
	"context"
	"errors"
	"fmt"

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
}

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o DemoOptions) WithDefaults() DemoOptions {
	if o.Name == "" {
		o.Name = "erp"
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
	conn, err := target.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	return catalog.Refresh(ctx, meta, conn, catalog.Database{Name: opts.Name, DSN: opts.DSN, Schemas: []string{erp.Schema}}, ann)
}
