package schemaindex

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// Target is the database whose values are sampled: a *pgx.Conn or
// *pgxpool.Pool connected to the registered DSN.
type Target interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// asRole is a Target whose transactions run as role (SET LOCAL ROLE), as
// EXPLAIN and execution do (Source.Role).
type asRole struct {
	Target
	role string
}

func (a asRole) Begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := a.Target.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if err := dbsqlc.New().SetLocalRole(ctx, tx, a.role); err != nil {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return nil, err
	}
	return tx, nil
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
	// Reused are the values of the tables that could not be sampled, kept
	// from the index this build replaces (as it sampled them then).
	Reused int `json:"reused,omitempty"`
	// ColumnsFailed are the columns left out because sampling them failed
	// while the other columns of their table could be sampled one by one.
	ColumnsFailed int `json:"columnsFailed,omitempty"`
	// SkippedValues counts the values left out, by reason (see the
	// Skip* constants). One odd value never costs the index.
	SkippedValues map[string]int `json:"skippedValues,omitempty"`
}

// Why a value is left out of the value index (ValueStats.SkippedValues).
const (
	// SkipEmpty: blank once leading and trailing white space is trimmed.
	SkipEmpty = "empty"
	// SkipDuplicate: the same as another value of its column once trimmed
	// ('April' and 'April    ', as to_char(d, 'Month') writes): merged,
	// with the rows of both.
	SkipDuplicate = "duplicate"
	// SkipTooLong: longer than MaxValueLength characters (prose, not a
	// code or a name) or maxValueBytes bytes.
	SkipTooLong = "too_long"
	// SkipNumber: a number; questions name numbers themselves.
	SkipNumber = "number"
	// SkipInvalidText: not valid UTF-8, or holding a NUL (a target in
	// another encoding): nl2sql's database cannot store it.
	SkipInvalidText = "invalid_text"
	// SkipStoreFailed: the database refused to store it (see
	// ValueStats.Errors).
	SkipStoreFailed = "store_failed"
)

// maxValueBytes bounds a value's bytes whatever MaxValueLength says: with
// the names, it must fit a btree entry of index_docs' unique key.
const maxValueBytes = 1000

// maxValueErrors bounds the errors kept in ValueStats.
const maxValueErrors = 5

func (st *ValueStats) skip(reason string) {
	if st.SkippedValues == nil {
		st.SkippedValues = map[string]int{}
	}
	st.SkippedValues[reason]++
}

func (st *ValueStats) addError(format string, args ...any) {
	if len(st.Errors) < maxValueErrors {
		st.Errors = append(st.Errors, fmt.Sprintf(format, args...))
	}
}

// normalizeValue is the form a value is indexed in: leading and trailing
// white space trimmed. reason says why it cannot be indexed, if so.
func normalizeValue(v string, maxRunes int) (string, string) {
	if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
		return "", SkipInvalidText
	}
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		return "", SkipEmpty
	case len(v) > maxValueBytes || utf8.RuneCountInString(v) > maxRunes:
		return "", SkipTooLong
	case numeric(v):
		return "", SkipNumber
	}
	return v, ""
}

// valueDocs returns the value documents of s: the values of CHECK lists and
// enums, and the distinct values of the other low-cardinality text columns,
// sampled from target with one bounded statement per table. Values are
// normalised (normalizeValue) and de-duplicated per column; what cannot be
// indexed is counted and left out. A table whose sample fails is sampled
// column by column, and what still fails is reported, not fatal; only a
// cancelled ctx fails.
func valueDocs(ctx context.Context, target Target, s *catalog.Snapshot, dict *Dictionary, modules map[string]string, prev map[string][]*dbsqlc.ListIndexSampledValuesRow, cfg Config) ([]*Doc, ValueStats, error) {
	var docs []*Doc
	var st ValueStats
	columns := map[string]bool{}
	seen := map[string]*Doc{} // by table, column and normalised value
	add := func(t *catalog.Table, column, raw string, count *int32) bool {
		value, reason := normalizeValue(raw, cfg.MaxValueLength)
		if reason != "" {
			st.skip(reason)
			return false
		}
		key := t.Key() + "\x00" + column + "\x00" + value
		if d, ok := seen[key]; ok {
			if d.ValueCount != nil && count != nil {
				*d.ValueCount += *count
			}
			st.skip(SkipDuplicate)
			return false
		}
		d := valueDoc(t, column, value, modules[t.Key()], count, dict)
		seen[key] = d
		docs = append(docs, d)
		columns[t.Key()+"."+column] = true
		return true
	}
	if target == nil {
		st.Skipped = "no target database to sample"
	}
	// A table that cannot be sampled now keeps what the last build sampled
	// of its columns that are still sampled: a target down during a
	// rebuild must not leave a poorer index than the one it replaces.
	reuse := func(t *catalog.Table, sample []string) {
		for _, v := range prev[t.Key()] {
			if slices.Contains(sample, v.ColumnName) && add(t, v.ColumnName, v.Value, &v.ValueCount) {
				st.Reused++
			}
		}
	}
	for _, t := range s.Tables {
		var sample []string
		fks := foreignKeysByColumn(s, t)
		for _, c := range t.Columns {
			switch {
			case len(c.AllowedValues) > 0:
				for _, v := range c.AllowedValues {
					if add(t, c.Name, v, nil) {
						st.FromChecks++
					}
				}
			case c.Text() && !c.PrimaryKey && len(fks[c.Name]) == 0:
				sample = append(sample, c.Name)
			}
		}
		if len(sample) == 0 || !sampleable(t) {
			continue
		}
		if target == nil {
			reuse(t, sample)
			continue
		}
		rows, err := sampleTable(ctx, target, t, sample, cfg)
		if err != nil && ctx.Err() == nil && len(sample) > 1 && !isConnectError(err) && !isTimeout(err) {
			// One column may be what fails (a column privilege, an odd
			// type's text output): sample the others alone.
			rows, err = sampleColumns(ctx, target, t, sample, cfg, &st)
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, st, ctx.Err()
			}
			st.Failed++
			st.addError("%s: %v", t.Key(), err)
			if st.Failed == 1 && isConnectError(err) {
				st.Skipped = "the target database is unreachable: " + err.Error()
				target = nil
			}
			reuse(t, sample)
			continue
		}
		st.TablesSampled++
		for _, r := range rows {
			n := r.Rows
			add(t, r.ColumnName, r.Value, &n)
		}
	}
	st.Values, st.Columns = len(docs), len(columns)
	return docs, st, nil
}

// sampleColumns samples each of columns alone, after the table's sample
// failed. Columns that fail are counted and reported; it fails only when
// every column does (with the last error).
func sampleColumns(ctx context.Context, target Target, t *catalog.Table, columns []string, cfg Config, st *ValueStats) ([]*dbsqlc.SampleColumnValuesRow, error) {
	var rows []*dbsqlc.SampleColumnValuesRow
	var failed []error
	var last error
	for _, c := range columns {
		r, err := sampleTable(ctx, target, t, []string{c}, cfg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			failed = append(failed, fmt.Errorf("%s.%s: %w", t.Key(), c, err))
			last = err
			continue
		}
		rows = append(rows, r...)
	}
	if len(failed) == len(columns) {
		return nil, last
	}
	for _, err := range failed {
		st.ColumnsFailed++
		st.addError("%v (the column is not sampled)", err)
	}
	return rows, nil
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
	timeout := strconv.FormatInt(cfg.ValueTimeout.Milliseconds(), 10)
	if err := q.SetupSession(ctx, tx, &dbsqlc.SetupSessionParams{
		// A table locked by another session is not waited for past the
		// sample's own time: it is left unsampled, as a slow one is.
		StatementTimeout: timeout, LockTimeout: timeout,
		SearchPath: catalog.QuoteIdent(t.Schema),
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

func numeric(v string) bool {
	_, err := strconv.ParseFloat(v, 64)
	return err == nil
}

// isTimeout reports a statement timeout: sampling column by column would
// only wait for it again.
func isTimeout(err error) bool {
	var pgErr interface{ SQLState() string }
	if errors.As(err, &pgErr) && pgErr.SQLState() == "57014" {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded)
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
