package repair

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// spelling is a name with its letter case and separators dropped, its
// words as naming reads them run together: unit_price, "Unit Price",
// UnitPrice and unitprice are spelled alike.
func spelling(name string) string { return strings.Join(naming.Parts(name), "") }

// sweepSpelling rewrites, once the reference an undefined-column error
// named is fixed (fixed, its index), every other reference that PostgreSQL
// would refuse the same way and that has one reading: no item in its reach
// has its column, and exactly one column of the query's catalog tables in
// its reach is spelled alike (spelling), and no column of a subquery, CTE
// or VALUES list in it. A model that writes a schema's
// "createdAt" or "Unit Price" unquoted writes every column so, and
// PostgreSQL names one undefined column an EXPLAIN: fixed one a round, a
// query naming four would spend the rounds (validate.MaxRepairRounds)
// before it ran. It returns how many references it rewrote.
func (q *query) sweepSpelling(fixed int) int {
	n := 0
	for i, c := range q.a.Columns {
		if i == fixed || c.Star || q.edited(c) {
			continue
		}
		if m, p, ok := q.spelledAlike(c); ok {
			before := len(q.edits)
			q.rename(c, p, m)
			n += len(q.edits) - before
		}
	}
	return n
}

// edited reports whether a fix has rewritten c's name already (rename
// rewrites every reference making the same mistake).
func (q *query) edited(c pgsql.ColumnRef) bool {
	sp := q.st.ColumnSpans(c)
	if len(sp) == 0 {
		return true
	}
	last := sp[len(sp)-1]
	return slices.ContainsFunc(q.edits, func(e edit) bool { return e.start == last.Start })
}

// spelledAlike finds the one catalog column an undefined reference c is
// spelled like (sweepSpelling); false when c resolves, when what is in its
// reach is not wholly known, or when none or several columns are spelled
// like it.
func (q *query) spelledAlike(c pgsql.ColumnRef) (match, placement, bool) {
	p := q.place(c)
	var items []pgsql.ItemRef
	if len(c.Qualifier) > 0 {
		if !p.placed {
			return match{}, p, false // the qualifier names nothing
		}
		cols, ok := q.columns(q.a.Item(p.item))
		if !ok || slices.Contains(cols, c.Name) {
			return match{}, p, false
		}
		items = []pgsql.ItemRef{p.item}
	} else {
		if o := q.cols.Owners(c.Scope, c.Name); len(o.Items) > 0 || o.Unknown {
			return match{}, p, false
		}
		// ORDER BY and GROUP BY may name an output column.
		if c.Clause == pgsql.ClauseOrderBy || c.Clause == pgsql.ClauseGroupBy {
			for _, sc := range q.a.Scopes {
				if slices.ContainsFunc(sc.Targets, func(t pgsql.Target) bool { return strings.EqualFold(t.Alias, c.Name) }) {
					return match{}, p, false
				}
			}
		}
		items = p.items
	}
	want := spelling(c.Name)
	if want == "" {
		return match{}, p, false
	}
	var found []match
	for _, ir := range items {
		it := q.a.Item(ir)
		cols, _ := q.columns(it)
		for _, col := range cols {
			if spelling(col) != want {
				continue
			}
			if q.table(it) == nil {
				// A subquery's, CTE's or VALUES list's column spelled
				// alike is another reading (latest."createdAt", the max,
				// beside i."createdAt"): not one to pick between.
				return match{}, p, false
			}
			m := match{item: ir, column: col, kind: KindColumnName, score: 0.95}
			if strings.EqualFold(col, c.Name) {
				m.kind, m.score = KindIdentCase, 1
			}
			found = append(found, m)
		}
	}
	// Letter case first, as autocorrect reads a name: dueDate over
	// due_date for duedate.
	if cased := slices.DeleteFunc(slices.Clone(found), func(m match) bool { return m.kind != KindIdentCase }); len(cased) > 0 {
		found = cased
	}
	if len(found) != 1 {
		return match{}, p, false
	}
	return found[0], p, true
}

// sweepNote runs sweepSpelling after the reference fixed was fixed and
// says what else it rewrote, for the result's reason.
func (q *query) sweepNote(fixed int) string {
	if q.r.cfg.NoAutocorrect {
		return ""
	}
	n := q.sweepSpelling(fixed)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d other reference(s) spelled like a column of their table", n)
}
