package sqlguard

import (
	"fmt"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// ordinals: ORDER BY n and GROUP BY n name a select-list position; one past
// the end is an error Postgres raises ("position n is not in select list").
// Blocks with a star in the select list are skipped: the count is unknown.
func (l *linter) ordinals(sc *pgsql.Scope) {
	n := len(l.a.OutputColumns(sc.ID))
	if n == 0 {
		return // a star (or nothing) in the select list
	}
	for _, o := range sc.OrderBy {
		if o.Ordinal != 0 && (o.Ordinal < 1 || o.Ordinal > n) {
			l.add(LintOrderByOrdinal, SeverityError, o.Location,
				"ORDER BY %d refers to select-list position %d, but the select list has %s", o.Ordinal, o.Ordinal, entries(n))
		}
	}
	for _, g := range sc.GroupBy {
		if g.Ordinal != 0 && (g.Ordinal < 1 || g.Ordinal > n) {
			l.add(LintGroupByOrdinal, SeverityError, g.Location,
				"GROUP BY %d refers to select-list position %d, but the select list has %s", g.Ordinal, g.Ordinal, entries(n))
		}
	}
}

func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

// certainAggregates are aggregates common enough that a call by the name
// is one; FuncCall.Aggregate also guesses from rarer names, which a
// function of the target database could shadow.
var certainAggregates = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "array_agg": true, "string_agg": true,
	"bool_and": true, "bool_or": true, "json_agg": true, "jsonb_agg": true,
}

var clauseNames = map[pgsql.Clause]string{
	pgsql.ClauseWhere:   "WHERE",
	pgsql.ClauseOn:      "a JOIN condition",
	pgsql.ClauseGroupBy: "GROUP BY",
	pgsql.ClauseHaving:  "HAVING",
}

// misplacedCalls: an aggregate in WHERE, a JOIN condition or GROUP BY, and
// a window function anywhere but the select list and ORDER BY; Postgres
// refuses both before running anything, and the fixes are mechanical.
//
// An aggregate in a subquery's WHERE whose arguments are all outer columns
// belongs to the outer query (and may be valid there); a block with such a
// call is skipped.
func (l *linter) misplacedCalls(sc *pgsql.Scope) {
	var outerAgg map[pgsql.Clause]bool // computed on first need: most queries have no such call
	for _, f := range l.a.Functions {
		if f.Scope != sc.ID {
			continue
		}
		where, ok := clauseNames[f.Clause]
		if !ok {
			continue
		}
		switch {
		case f.Window:
			l.add(LintWindowInWhere, SeverityError, f.Location,
				"window function %s() is not allowed in %s; compute it in a subquery or CTE and filter on its result outside", f.QualifiedName(), where)
		case f.Aggregate && f.Clause != pgsql.ClauseHaving &&
			(f.Star || f.Distinct || (f.Schema == "" || f.Schema == "pg_catalog") && certainAggregates[f.Name]):
			if outerAgg == nil {
				outerAgg = map[pgsql.Clause]bool{}
				for _, ref := range l.a.Columns {
					if ref.Scope == sc.ID && ref.InAggregate && !l.local(sc, ref) {
						outerAgg[ref.Clause] = true
					}
				}
			}
			if outerAgg[f.Clause] {
				continue
			}
			fix := "filter groups with HAVING (after GROUP BY), or compare with the aggregate computed in a subquery"
			if f.Clause == pgsql.ClauseGroupBy {
				fix = "group by the plain columns and aggregate in the select list"
			}
			l.add(LintAggregateInWhere, SeverityError, f.Location,
				"aggregate %s() is not allowed in %s; %s", f.QualifiedName(), where, fix)
		}
	}
}
