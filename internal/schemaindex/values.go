package schemaindex

import (
	"context"
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// Target is the database whose values are sampled: a *pgx.Conn or
// *pgxpool.Pool connected to the registered DSN.
type Target interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// ValueStats says what the value index holds and what sampling could not
// do.
type ValueStats struct {
	// Values are the value documents; Columns the columns they belong to.
	Values  int `json:"values"`
	Columns int `json:"columns"`
	// FromChecks are the values of CHECK lists and enum types (no
	// sampling needed).
	FromChecks int `json:"fromChecks"`
	// TablesSampled are the tables whose text columns were sampled.
	TablesSampled int `json:"tablesSampled"`
	// Skipped says why nothing was sampled ("no target database"), if so.
	Skipped string `json:"skipped,omitempty"`
	// Failed are the tables whose sample failed (a permission, a timeout),
	// with the first errors; their CHECK values are still indexed.
	Failed int      `json:"failed,omitempty"`
	Errors []string `json:"errors,omitempty"`
}

// maxValueErrors bounds the errors kept in ValueStats.
const maxValueErrors = 5

// valueDocs returns the value documents of s: the values of CHECK lists and
// enums, and the distinct values of the other low-cardinality text columns,
// sampled from target with one bounded statement per table. A table whose
// sample fails is reported, not fatal; only a cancelled ctx fails.
func valueDocs(ctx context.Context, target Target, s *catalog.Snapshot, dict *Dictionary, modules map[string]string, cfg Config) ([]*Doc, ValueStats, error) {
	var docs []*Doc
	var st ValueStats
	columns := map[string]bool{}
	add := func(t *catalog.Table, column, value string, count *int32) {
		value = strings.TrimSpace(value)
		if value == "" || len([]rune(value)) > cfg.MaxValueLength || numeric(value) {
			return
		}
		docs = append(docs, valueDoc(t, column, value, modules[t.Key()], count, dict))
		columns[t.Key()+"."+column] = true
	}
	if target == nil {
		st.Skipped = "no target database to sample"
	}
	for _, t := range s.Tables {
		var sample []string
		fks := foreignKeysByColumn(s, t)
		for _, c := range t.Columns {
			switch {
			case len(c.AllowedValues) > 0:
				for _, v := range c.AllowedValues {
					add(t, c.Name, v, nil)
					st.FromChecks++
				}
			case textType(c.Type) && !c.PrimaryKey && len(fks[c.Name]) == 0:
				sample = append(sample, c.Name)
			}
		}
		if target == nil || len(sample) == 0 || !sampleable(t) {
			continue
		}
		rows, err := sampleTable(ctx, target, t, sample, cfg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, st, ctx.Err()
			}
			st.Failed++
			if len(st.Errors) < maxValueErrors {
				st.Errors = append(st.Errors, fmt.Sprintf("%s: %v", t.Key(), err))
			}
			if st.Failed == 1 && isConnectError(err) {
				st.Skipped = "the target database is unreachable: " + err.Error()
				target = nil
			}
			continue
		}
		st.TablesSampled++
		for _, r := range rows {
			n := r.Rows
			add(t, r.ColumnName, html.UnescapeString(r.Value), &n)
		}
	}
	st.Values, st.Columns = len(docs), len(columns)
	return docs, st, nil
}

// sampleTable runs the bounded sample of one table in a read-only
// transaction with a statement timeout.
func sampleTable(ctx context.Context, target Target, t *catalog.Table, columns []string, cfg Config) ([]*dbsqlc.SampleColumnValuesRow, error) {
	tx, err := target.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	q := dbsqlc.New()
	if err := q.SetupSession(ctx, tx, &dbsqlc.SetupSessionParams{
		StatementTimeout: strconv.FormatInt(cfg.ValueTimeout.Milliseconds(), 10),
		SearchPath:       catalog.QuoteIdent(t.Schema),
	}); err != nil {
		return nil, err
	}
	return q.SampleColumnValues(ctx, tx, &dbsqlc.SampleColumnValuesParams{
		Columns: columns, MaxValues: int32(cfg.MaxValues), SchemaName: t.Schema, TableName: t.Name,
		MaxRows: int32(cfg.ValueSampleRows),
	})
}

// sampleable: tables and materialised views are read; views may run
// anything and foreign tables may be remote and slow.
func sampleable(t *catalog.Table) bool {
	return t.Kind == catalog.KindTable || t.Kind == catalog.KindPartitionedTable || t.Kind == catalog.KindMaterializedView
}

func textType(typ string) bool {
	for _, p := range []string{"text", "character varying", "varchar", "character", "char", "citext", "name"} {
		if typ == p || strings.HasPrefix(typ, p+"(") {
			return true
		}
	}
	return false
}

func numeric(v string) bool {
	_, err := strconv.ParseFloat(v, 64)
	return err == nil
}

// isConnectError tells a target that cannot be reached (every later table
// would fail the same way, each after a timeout) from one table's failure.
func isConnectError(err error) bool {
	var pgErr interface{ SQLState() string }
	if errors.As(err, &pgErr) {
		return strings.HasPrefix(pgErr.SQLState(), "08")
	}
	return !errors.Is(err, context.DeadlineExceeded)
}

// durationMillis is d in milliseconds, for stats.
func durationMillis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
