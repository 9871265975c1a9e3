package repair

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// sameShape checks that the repaired SQL out still has the original's
// query blocks, tables, joins, filters, aggregates, DISTINCT and LIMIT: a
// repair renames, qualifies or re-points names and never widens or narrows
// a query. Only a GROUP BY fix adds a grouping item and only a name
// expansion splits one select item or grouping item into two. It guards
// the rewrites against their own bugs; a failure means nothing is applied.
func sameShape(before *pgsql.Analysis, out string, fixes []Fix) error {
	script, err := pgsql.Parse(out)
	if err != nil {
		return fmt.Errorf("the repaired SQL does not parse: %w", err)
	}
	if len(script.Statements) != 1 || script.Statements[0].Kind != pgsql.KindSelect {
		return errors.New("the repaired SQL is not one query")
	}
	after := script.Statements[0].Analysis()
	grows := map[Kind]bool{}
	for _, f := range fixes {
		grows[f.Kind] = true
	}
	if len(after.Scopes) != len(before.Scopes) || len(after.Tables) != len(before.Tables) ||
		len(after.CTEs) != len(before.CTEs) || after.HasLimit != before.HasLimit {
		return errors.New("the query's blocks or tables changed")
	}
	if !slices.Equal(aggregates(before), aggregates(after)) {
		return errors.New("the query's aggregates changed")
	}
	for i, b := range before.Scopes {
		a := after.Scopes[i]
		if a.Kind != b.Kind || len(a.Where) != len(b.Where) || a.Distinct != b.Distinct || a.HasLimit != b.HasLimit ||
			a.HasHaving != b.HasHaving || len(a.Items) != len(b.Items) || !slices.EqualFunc(a.Joins, b.Joins, sameJoin) {
			return fmt.Errorf("query block %d changed beyond its names", i)
		}
		switch {
		case len(a.GroupBy) == len(b.GroupBy) && a.HasGroupBy == b.HasGroupBy:
		case len(a.GroupBy) > len(b.GroupBy) && (grows[KindGroupBy] || grows[KindNameExpansion]):
		default:
			return fmt.Errorf("the GROUP BY of query block %d changed", i)
		}
		if len(a.Targets) != len(b.Targets) && !(len(a.Targets) > len(b.Targets) && (grows[KindNameExpansion] || grows[KindStarExpansion])) {
			return fmt.Errorf("the select list of query block %d changed", i)
		}
	}
	return nil
}

func sameJoin(a, b pgsql.Join) bool {
	return a.Type == b.Type && a.Natural == b.Natural && a.On == b.On && slices.Equal(a.Using, b.Using)
}

// aggregates lists a query's aggregate calls: name and form.
func aggregates(a *pgsql.Analysis) []string {
	var out []string
	for _, f := range a.Functions {
		if f.Aggregate {
			out = append(out, fmt.Sprintf("%s/%d/%v/%v", strings.ToLower(f.QualifiedName()), f.Scope, f.Star, f.Distinct))
		}
	}
	slices.Sort(out)
	return out
}
