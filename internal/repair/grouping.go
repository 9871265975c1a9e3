package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

var reGrouping = regexp.MustCompile(`column "((?:[^"]|"")*)" must appear in the GROUP BY clause`)

// grouping handles SQLSTATE 42803: a column that must appear in GROUP BY.
// It is added when it is a plain column of a select item outside any
// aggregate: the model listed it to group by and forgot the GROUP BY
// entry. A column inside an expression (extract(month FROM d)) is left:
// grouping by the column would not be grouping by the expression.
func (q *query) grouping(f Failure) string {
	m := reGrouping.FindStringSubmatch(f.Message)
	if m == nil {
		return "not a missing GROUP BY column"
	}
	// Postgres names the column by its table ("customers.billing_country_code")
	// whatever the query wrote, so only the name is matched.
	parts := strings.Split(strings.ReplaceAll(m[1], `""`, `"`), ".")
	idx, ok := q.refAt(f, nil, parts[len(parts)-1])
	if !ok {
		return "cannot find the column the error names"
	}
	ref := q.a.Columns[idx]
	sc := q.a.Scopes[ref.Scope]
	if sc.Kind != pgsql.ScopeSelect || ref.InAggregate {
		return fmt.Sprintf("%s is not a plain column of a select list", ref.QualifiedName())
	}
	item, placed := q.cols.Resolve(ref)
	// named is the bare column reference at Analysis.Columns[i] (-1: an
	// expression) when it has ref's name.
	named := func(i int) (pgsql.ColumnRef, bool) {
		if i < 0 || q.a.Columns[i].Name != ref.Name {
			return pgsql.ColumnRef{}, false
		}
		return q.a.Columns[i], true
	}
	var col *pgsql.ColumnRef
	for _, t := range sc.Targets {
		c, ok := named(t.Column)
		if !ok {
			continue
		}
		if ci, ok := q.cols.Resolve(c); (placed && ok && ci == item) || (!placed && strings.EqualFold(c.QualifiedName(), ref.QualifiedName())) {
			col = &c
			break
		}
	}
	if col == nil {
		return fmt.Sprintf("%s is not a select item of its own; grouping by it would change the query", ref.QualifiedName())
	}
	// GROUP BY w.name with p.name selected: the select item's qualifier is
	// the likelier mistake; grouping by p.name too would hide it.
	for _, g := range sc.GroupBy {
		gc, ok := named(g.Column)
		if !ok {
			continue
		}
		if gi, ok := q.cols.Resolve(gc); ok && (!placed || gi != item) {
			return fmt.Sprintf("GROUP BY has %s, not %s: the qualifier may be the mistake", gc.QualifiedName(), ref.QualifiedName())
		}
	}
	toks, err := q.script.Tokens()
	if err != nil {
		return "cannot scan the SQL"
	}
	code := pgsql.CodeTokens(toks)
	text := q.refText(*col)
	if sc.HasGroupBy {
		if len(sc.GroupBy) == 0 {
			return "GROUP BY () groups everything; not changed"
		}
		by, end, ok := groupByList(code, sc.GroupBy[0].Location)
		if !ok {
			return "cannot find the end of the GROUP BY list"
		}
		for _, t := range code[by+1 : end] {
			switch t.Keyword {
			case "rollup", "cube", "grouping", "sets":
				return "GROUP BY uses grouping sets; not changed"
			}
		}
		at := code[end-1].End
		q.edits = append(q.edits, edit{at, at, ", " + text})
		q.fixes = append(q.fixes, Fix{Kind: KindGroupBy, From: "", To: ", " + text, Position: charPos(q.sql, at), Score: 1})
		return fmt.Sprintf("added %s to GROUP BY", text)
	}
	if len(sc.Targets) == 0 || sc.Targets[0].Location < 0 {
		return "cannot find the select list"
	}
	end, ok := clauseEnd(code, sc.Targets[0].Location)
	if !ok {
		return "cannot find where GROUP BY goes"
	}
	at := code[end-1].End
	q.edits = append(q.edits, edit{at, at, " GROUP BY " + text})
	q.fixes = append(q.fixes, Fix{Kind: KindGroupBy, From: "", To: " GROUP BY " + text, Position: charPos(q.sql, at), Score: 1})
	return fmt.Sprintf("added GROUP BY %s", text)
}

// groupByList returns the index of the BY of the GROUP BY whose first item
// starts at loc, and the index of the token that ends the list.
func groupByList(code []pgsql.Token, loc int) (by, end int, ok bool) {
	by = -1
	for i := 1; i < len(code) && code[i].Start < loc; i++ {
		if code[i].Keyword == "by" && code[i-1].Keyword == "group" {
			by = i
		}
	}
	if by < 0 {
		return 0, 0, false
	}
	return by, pgsql.NextAtDepth(code, by+1, pgsql.EndsList), true
}

// clauseEnd returns the index of the token where the FROM … WHERE part of
// the query block whose first select item starts at loc ends: its HAVING,
// WINDOW, ORDER BY, LIMIT, OFFSET, FETCH, FOR, set operation, closing
// parenthesis, semicolon or the end of the input.
func clauseEnd(code []pgsql.Token, loc int) (int, bool) {
	sel := -1
	for i := 0; i < len(code) && code[i].Start < loc; i++ {
		if code[i].Keyword == "select" {
			sel = i
		}
	}
	if sel < 0 {
		return 0, false
	}
	return pgsql.NextAtDepth(code, sel+1, func(t pgsql.Token) bool {
		switch t.Keyword {
		case "having", "window", "order", "limit", "offset", "fetch", "for", "union", "intersect", "except":
			return true
		}
		return t.Text == ";"
	}), true
}
