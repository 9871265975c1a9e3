package repair

import (
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// expandStars handles SQLSTATE 42501 on a query that selects * (or t.*)
// from a table the database's role may read only some columns of (column
// privileges, a common way to keep personal data from a reporting role):
// PostgreSQL refuses the whole query, while the catalog, introspected as
// that role, lists just the columns it may read. Each such star becomes
// those columns, qualified by the item's name; the answer then holds what
// the role may see. Stars it cannot expand faithfully are left alone, and
// with them the failure: a star over an item with column aliases (they
// rename by position, which the hidden columns shift), over joins with
// USING or NATURAL (one column for two), or over an item with no name;
// and a star that is not a select-list entry of its own (wholeStar).
func (q *query) expandStars() string {
	toks, err := q.script.Tokens()
	if err != nil {
		return "cannot read the query's tokens"
	}
	var done, left []string
	for i, c := range q.a.Columns {
		if !c.Star || c.Clause != pgsql.ClauseSelect {
			continue
		}
		if !q.wholeStar(i) {
			left = append(left, c.QualifiedName())
			continue
		}
		list, ok := q.starColumns(c)
		sp, found := starSpan(toks, c.Location)
		if !ok || !found {
			left = append(left, c.QualifiedName())
			continue
		}
		q.replace(KindStarExpansion, sp, list, 1)
		done = append(done, c.QualifiedName())
	}
	switch {
	case len(done) > 0 && len(left) == 0:
		return "expanded " + strings.Join(done, ", ") + " to the columns the catalog lists"
	case len(done) > 0:
		return "expanded " + strings.Join(done, ", ") + "; left " + strings.Join(left, ", ")
	case len(left) > 0:
		return "cannot expand " + strings.Join(left, ", ")
	}
	return "no * in the select list: the privilege error is not a column's"
}

// wholeStar reports whether column reference i, a star, is a select-list
// entry by itself and without an alias: only there does it stand for a
// list of columns. Within an expression it is a whole-row value, and its
// columns in its place would be another query that may still run:
// "c.* IS NULL" would become "c.id, c.name IS NULL", concat(c.*) a
// concatenation of the columns. An alias on a star PostgreSQL ignores;
// after its columns it would rename the last.
func (q *query) wholeStar(i int) bool {
	for _, t := range q.a.Scopes[q.a.Columns[i].Scope].Targets {
		if t.Star && t.Alias == "" && len(t.Columns) == 1 && t.Columns[0] == i {
			return true
		}
	}
	return false
}

// starColumns is the column list star c stands for, each qualified.
func (q *query) starColumns(c pgsql.ColumnRef) (string, bool) {
	var items []pgsql.FromItem
	if len(c.Qualifier) > 0 {
		refs := q.a.ResolveAll(c.Scope, c.Qualifier)
		if len(refs) != 1 {
			return "", false
		}
		items = append(items, q.a.Item(refs[0]))
	} else {
		sc := q.a.Scopes[c.Scope]
		for _, j := range sc.Joins {
			if j.Natural || len(j.Using) > 0 {
				return "", false
			}
		}
		for _, it := range sc.Items {
			if it.Kind != pgsql.ItemJoin {
				items = append(items, it)
			}
		}
	}
	var cols []string
	expanded := false
	for _, it := range items {
		name := it.RefName()
		if name == "" {
			return "", false
		}
		qual := catalog.QuoteIdent(name)
		t := q.table(it)
		if t == nil {
			// A subquery's or CTE's star needs no privilege of its own.
			cols = append(cols, qual+".*")
			continue
		}
		if len(it.AliasColumns) > 0 || len(t.Columns) == 0 {
			return "", false
		}
		for _, col := range t.Columns {
			cols = append(cols, qual+"."+catalog.QuoteIdent(col.Name))
		}
		expanded = true
	}
	return strings.Join(cols, ", "), expanded
}

// starSpan is the text of the star reference at loc: "*", or "t.*" from
// its qualifier's first name to the star.
func starSpan(toks []pgsql.Token, loc int) (pgsql.Span, bool) {
	i, ok := pgsql.TokenAt(toks, loc)
	if !ok {
		return pgsql.Span{}, false
	}
	for j := i; j < len(toks); j++ {
		switch t := toks[j]; {
		case t.Text == "*":
			return pgsql.Span{Start: toks[i].Start, End: t.End}, true
		case t.Kind == pgsql.TokenComment, t.Text == ".", t.Kind == pgsql.TokenIdent, t.Kind == pgsql.TokenKeyword:
		default:
			return pgsql.Span{}, false
		}
	}
	return pgsql.Span{}, false
}
