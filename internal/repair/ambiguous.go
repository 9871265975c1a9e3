package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/disjoint"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

var reAmbiguous = regexp.MustCompile(`column reference "((?:[^"]|"")*)" is ambiguous`)

// ambiguous handles SQLSTATE 42702: an unqualified column several FROM
// items have. It is qualified only when those columns are equi-joined (by
// inner-join ON or WHERE conditions between other, qualified references),
// so every choice yields the same values; otherwise the choice is the
// model's. The owner chosen is the one the query already qualifies the
// column with most (so GROUP BY and select list agree), then the first in
// FROM order.
func (q *query) ambiguous(f Failure) string {
	m := reAmbiguous.FindStringSubmatch(f.Message)
	if m == nil {
		return "not an ambiguous column"
	}
	name := strings.ReplaceAll(m[1], `""`, `"`)
	if strings.Contains(name, ".") {
		return "ambiguous qualified reference; not changed"
	}
	idx, ok := q.refAt(f, []string{}, name)
	if !ok {
		return "cannot find the column the error names"
	}
	ref := q.a.Columns[idx]
	o := q.cols.Owners(ref.Scope, name)
	owners := o.Items
	if o.Unknown || len(owners) < 2 {
		return fmt.Sprintf("cannot tell which tables have %s", name)
	}
	scope := owners[0].Scope
	sc := q.a.Scopes[scope]

	type key struct {
		item pgsql.ItemRef
		col  string
	}
	var joined disjoint.Sets[key]
	for _, e := range sc.Equalities {
		if e.Join >= 0 && sc.Joins[e.Join].Type != "inner" {
			continue // an outer join's columns differ on unmatched rows
		}
		l, r := q.a.Columns[e.Left], q.a.Columns[e.Right]
		li, lok := q.cols.Resolve(l)
		ri, rok := q.cols.Resolve(r)
		if !lok || !rok {
			continue
		}
		joined.Union(key{li, l.Name}, key{ri, r.Name})
	}
	root := joined.Find(key{owners[0], name})
	var labels []string
	for _, o := range owners {
		labels = append(labels, q.itemLabel(q.a.Item(o)))
		if joined.Find(key{o, name}) != root {
			return fmt.Sprintf("%s is in %s, which are not equi-joined on it; the choice changes the result", name, strings.Join(labels, " and "))
		}
	}

	// The owner the query itself qualifies the column with most.
	uses := make([]int, len(owners))
	for _, c := range q.a.Columns {
		if c.Name != name || len(c.Qualifier) == 0 || c.Scope != scope {
			continue
		}
		if r, ok := q.cols.Resolve(c); ok {
			if k := slices.Index(owners, r); k >= 0 {
				uses[k]++
			}
		}
	}
	best := 0
	for k := range owners {
		if uses[k] > uses[best] {
			best = k
		}
	}
	owner := q.a.Item(owners[best])
	if owner.RefName() == "" {
		return fmt.Sprintf("the table of %s has no name to qualify it with", name)
	}
	qual := catalog.QuoteIdent(owner.RefName()) + "."
	n := 0
	for _, c := range q.a.Columns {
		if c.Star || len(c.Qualifier) > 0 || c.Name != name {
			continue
		}
		if os := q.cols.Owners(c.Scope, name).Items; len(os) < 2 || os[0].Scope != scope {
			continue
		}
		if (c.Clause == pgsql.ClauseOrderBy || c.Clause == pgsql.ClauseGroupBy) &&
			slices.ContainsFunc(q.a.Scopes[c.Scope].Targets, func(t pgsql.Target) bool { return t.Alias == name }) {
			continue // names an output column
		}
		sp := q.st.ColumnSpans(c)
		if len(sp) != 1 {
			continue
		}
		q.replace(KindQualify, sp[0], qual+q.script.Text(sp[0]), 1)
		n++
	}
	return fmt.Sprintf("qualified %d reference(s) to %s with %s (equi-joined in %s)", n, name, owner.RefName(), strings.Join(labels, " and "))
}
