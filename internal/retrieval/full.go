package retrieval

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// Full is the full-schema strategy: every table and view of the database,
// ordered by (schema, name). It never misses a table, at the price of a
// context that grows with the schema (see Config.MaxContextChars), and it
// refuses a schema longer than Config.MaxFullChars.
type Full struct {
	cfg Config
}

var _ Strategy = (*Full)(nil)

// NewFull returns the full-schema strategy.
func NewFull(cfg Config) (*Full, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Full{cfg: cfg}, nil
}

// Config returns the effective configuration.
func (f *Full) Config() Config { return f.cfg }

// Retrieve returns every table of req.Snapshot, or a *SchemaTooLargeError.
func (f *Full) Retrieve(ctx context.Context, req Request) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if req.Snapshot == nil {
		return nil, errors.New("retrieval: request has no catalog snapshot")
	}
	if len(req.Snapshot.Tables) == 0 {
		return nil, fmt.Errorf("database %q: %w", req.Snapshot.Database, ErrEmptyCatalog)
	}
	tables := slices.Clone(req.Snapshot.Tables)
	slices.SortFunc(tables, func(a, b *catalog.Table) int {
		if c := strings.Compare(a.Schema, b.Schema); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return assembleWith(f.cfg, req, StrategyFull, tables, func(hintFormat JoinHintFormat) []JoinHint {
		return defaultHints(f.cfg, req.Snapshot, tables, hintFormat, nil)
	}, "", f.cfg.MaxFullChars)
}
