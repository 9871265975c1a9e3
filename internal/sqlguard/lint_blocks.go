package sqlguard

import (
	"fmt"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// limitWithoutOrderBy: a LIMIT (or FETCH FIRST) the model wrote in a block
// without ORDER BY returns whichever rows the plan yields first; for a
// "top N" question that is the wrong answer, and it changes from run to
// run. The LIMIT the guard adds comes after lint and is never seen here.
//
// Quiet where the order cannot matter or the idiom is common and usually
// safe: a LIMIT under EXISTS, LIMIT 1 in a scalar subquery (picking "the"
// row of a lookup), LIMIT 0, a block that yields at most one row (an
// aggregate without GROUP BY, no FROM), and a block that only filters a
// single ordered subquery or CTE.
func (l *linter) limitWithoutOrderBy(sc *pgsql.Scope) {
	if !sc.HasLimit || sc.HasOrderBy || sc.LimitCount == 0 || sc.SubLink == pgsql.SubLinkExists {
		return
	}
	if sc.SubLink == pgsql.SubLinkScalar && sc.LimitCount == 1 {
		return
	}
	if sc.Kind == pgsql.ScopeSelect {
		if len(sc.Items) == 0 {
			return
		}
		if !sc.HasGroupBy && (sc.HasHaving || l.hasAggregateTarget(sc)) {
			return // one group, one row
		}
		if len(sc.Items) == 1 && !sc.HasGroupBy && !sc.Distinct {
			if it := sc.Items[0]; it.Body >= 0 && l.a.Scopes[it.Body].HasOrderBy {
				return
			}
		}
	}
	loc := sc.LimitLocation
	if loc < 0 {
		loc = l.a.ScopeLocation(sc.ID)
	}
	rows := "rows"
	switch {
	case sc.LimitCount == 1:
		rows = "row"
	case sc.LimitCount > 1:
		rows = fmt.Sprintf("%d rows", sc.LimitCount)
	}
	what := "LIMIT"
	switch {
	case sc.LimitLocation < 0:
		what = "FETCH FIRST ROW ONLY" // the only form without a written count
	case sc.LimitCount > 0:
		what = fmt.Sprintf("LIMIT %d", sc.LimitCount)
	}
	l.add(LintLimitWithoutOrderBy, SeverityWarning, loc,
		"%s without ORDER BY returns an arbitrary %s, not the top ones; add ORDER BY for a top-N, or drop the LIMIT", what, rows)
}

func (l *linter) hasAggregateTarget(sc *pgsql.Scope) bool {
	for _, t := range sc.Targets {
		if len(t.Aggregates) > 0 {
			return true
		}
	}
	return false
}

// havingWithoutAggregate: a HAVING condition on plain columns filters rows,
// which is WHERE's job (and, without GROUP BY, Postgres refuses it). Quiet
// when HAVING calls an aggregate anywhere, or names no column of its own
// block that the catalog places (an undefined name is EXPLAIN's to report).
// User-defined aggregates are not recognised (see pgsql.FuncCall.Aggregate),
// hence a warning.
func (l *linter) havingWithoutAggregate(sc *pgsql.Scope) {
	if !sc.HasHaving || sc.HavingAggregate {
		return
	}
	for _, ref := range l.a.Columns {
		if ref.Scope != sc.ID || ref.Clause != pgsql.ClauseHaving || ref.Star || !l.placedIn(sc, ref) {
			continue
		}
		l.add(LintHavingWithoutAggregate, SeverityWarning, sc.HavingLocation,
			"HAVING filters on %s without any aggregate; a condition on plain columns belongs in WHERE (HAVING is for conditions on aggregates such as count(*) > 1)",
			ref.QualifiedName())
		return
	}
}

// placedIn reports whether ref certainly resolves to a FROM item of sc.
func (l *linter) placedIn(sc *pgsql.Scope, ref pgsql.ColumnRef) bool {
	if len(ref.Qualifier) > 0 {
		r, ok := l.a.Resolve(ref.Scope, ref.Qualifier)
		return ok && r.Scope == sc.ID
	}
	o := l.cols.Owners(ref.Scope, ref.Name)
	return o.Scope == sc.ID && len(o.Items) > 0
}
