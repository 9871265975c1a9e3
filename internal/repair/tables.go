package repair

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// undefinedTables handles SQLSTATE 42P01: tables the catalog does not have
// (a misspelt or wrongly inflected name), and column qualifiers that name
// no FROM item (an undefined or wrong alias). It works from the tree, not
// the message: the guard and Postgres word these errors differently.
func (q *query) undefinedTables() string {
	var done, left []string
	for i, t := range q.a.Tables {
		if q.tables[i] != nil || t.Role != pgsql.RoleRead || t.Catalog != "" {
			continue
		}
		if q.fixTable(i) {
			done = append(done, t.QualifiedName())
		} else {
			left = append(left, t.QualifiedName())
		}
	}
	d, l := q.fixQualifiers()
	done, left = append(done, d...), append(left, l...)
	d, l = q.fixInvisible()
	done, left = append(done, d...), append(left, l...)
	switch {
	case len(done) > 0 && len(left) == 0:
		return "fixed " + strings.Join(done, ", ")
	case len(done) > 0:
		return fmt.Sprintf("fixed %s; left %s", strings.Join(done, ", "), strings.Join(left, ", "))
	case len(left) > 0:
		return "no single table or alias fits " + strings.Join(left, ", ")
	}
	return "every table and qualifier resolves; nothing to fix"
}

// fixTable renames table reference i to the one catalog table its name
// stands for, and the qualifiers that use its old name.
func (q *query) fixTable(i int) bool {
	tr := q.a.Tables[i]
	t, kind, ok := q.similarTable(tr.Schema, tr.Name)
	if !ok {
		return false
	}
	spans := q.script.NameSpans(tr.Location)
	if len(spans) == 0 {
		return false
	}
	name := catalog.QuoteIdent(t.Name)
	q.replace(kind, spans[len(spans)-1], name, 1)
	if len(spans) >= 2 && tr.Schema != t.Schema {
		q.replace(KindIdentCase, spans[len(spans)-2], catalog.QuoteIdent(t.Schema), 1)
	}
	if tr.Alias != "" {
		return true
	}
	// Unaliased: columns are qualified with the table's (old) name.
	for _, c := range q.a.Columns {
		if len(c.Qualifier) == 0 || c.Qualifier[len(c.Qualifier)-1] != tr.Name {
			continue
		}
		rs := q.a.ResolveAll(c.Scope, c.Qualifier)
		if len(rs) == 0 || q.a.Item(rs[0]).Table != i {
			continue
		}
		if sp := q.st.ColumnSpans(c); len(sp) >= 2 {
			q.replace(kind, sp[len(sp)-2], name, 1)
			if len(sp) >= 3 && tr.Schema != t.Schema {
				// schema.table.column: the schema as the FROM item's.
				q.replace(KindIdentCase, sp[len(sp)-3], catalog.QuoteIdent(t.Schema), 1)
			}
		}
	}
	return true
}

// similarTable finds the one table of the catalog (in schema, or on the
// search path) that name stands for: by letter case, by the same words in
// the singular or another order, or by a typo.
func (q *query) similarTable(schema, name string) (*catalog.Table, Kind, bool) {
	// A schema named in another letter case (Finance for "Finance", which
	// PostgreSQL folds to finance) is the one that case-folds alike when
	// none is named exactly so.
	sameSchema := func(s string) bool { return s == schema }
	if schema != "" && !slices.Contains(q.snap.Schemas, schema) {
		sameSchema = func(s string) bool { return strings.EqualFold(s, schema) }
	}
	var pool []*catalog.Table
	for _, t := range q.snap.Tables {
		if (schema != "" && sameSchema(t.Schema)) || (schema == "" && slices.Contains(q.snap.Schemas, t.Schema)) {
			pool = append(pool, t)
		}
	}
	one := func(pred func(t *catalog.Table) bool) (*catalog.Table, bool, bool) {
		var hits []*catalog.Table
		for _, t := range pool {
			if pred(t) {
				hits = append(hits, t)
			}
		}
		return firstOf(hits), len(hits) == 1, len(hits) > 1
	}
	if t, ok, many := one(func(t *catalog.Table) bool { return strings.EqualFold(t.Name, name) }); ok || many {
		return t, KindIdentCase, ok
	}
	if t, ok, many := one(func(t *catalog.Table) bool { return sameTokens(t.Name, name) }); ok || many {
		return t, KindTableName, ok
	}
	lower := strings.ToLower(name)
	if len(lower) < 5 || q.r.cfg.MaxEditDistance == 0 {
		return nil, "", false
	}
	limit := 1
	if len(lower) >= q.r.cfg.TypoMinLength {
		limit = q.r.cfg.MaxEditDistance
	}
	vocab := q.r.vocabulary(q.snap)
	t, ok, _ := one(func(t *catalog.Table) bool {
		return naming.Distance(lower, t.Name) <= limit && typoWords(lower, t.Name, vocab)
	})
	return t, KindTableName, ok
}

func firstOf[T any](xs []*T) *T {
	if len(xs) == 0 {
		return nil
	}
	return xs[0]
}

// fixQualifiers re-points every column qualifier that names no FROM item
// to the one item it must mean: the item whose alias it is in another
// letter case; the aliased table it names by its table name; the item it
// abbreviates, when that item has the columns; else the one item that has
// the columns. It returns the qualifiers fixed and those left.
func (q *query) fixQualifiers() (done, left []string) {
	type group struct {
		scope     int
		qualifier string
		refs      []int
	}
	var groups []*group
	for i, c := range q.a.Columns {
		if len(c.Qualifier) != 1 || c.Star || q.a.Scopes[c.Scope].Kind != pgsql.ScopeSelect {
			continue
		}
		if len(q.a.ResolveAll(c.Scope, c.Qualifier)) > 0 {
			continue
		}
		k := slices.IndexFunc(groups, func(g *group) bool { return g.scope == c.Scope && g.qualifier == c.Qualifier[0] })
		if k < 0 {
			groups = append(groups, &group{scope: c.Scope, qualifier: c.Qualifier[0]})
			k = len(groups) - 1
		}
		groups[k].refs = append(groups[k].refs, i)
	}
	for _, g := range groups {
		var visible []pgsql.ItemRef
		for _, s := range q.a.VisibleScopes(g.scope) {
			for i, it := range q.a.Scopes[s].Items {
				if it.Kind != pgsql.ItemJoin && it.RefName() != "" {
					visible = append(visible, pgsql.ItemRef{Scope: s, Item: i})
				}
			}
		}
		var names []string
		for _, i := range g.refs {
			names = append(names, q.a.Columns[i].Name)
		}
		hasAll := func(ir pgsql.ItemRef) bool {
			cols, ok := q.columns(q.a.Item(ir))
			if !ok {
				return false
			}
			for _, n := range names {
				if !slices.Contains(cols, n) {
					return false
				}
			}
			return true
		}
		pick := func(pred func(ir pgsql.ItemRef) bool) (pgsql.ItemRef, bool) {
			var hits []pgsql.ItemRef
			for _, ir := range visible {
				if pred(ir) {
					hits = append(hits, ir)
				}
			}
			if len(hits) == 1 {
				return hits[0], true
			}
			return pgsql.ItemRef{}, false
		}
		kind := KindIdentCase
		target, ok := pick(func(ir pgsql.ItemRef) bool { return strings.EqualFold(q.a.Item(ir).RefName(), g.qualifier) })
		if !ok {
			kind = KindAlias
			target, ok = pick(func(ir pgsql.ItemRef) bool {
				it := q.a.Item(ir)
				return it.Kind == pgsql.ItemTable && strings.EqualFold(it.Name, g.qualifier)
			})
		}
		if !ok {
			// In a join condition, the item the foreign keys pair with the
			// other side; every such reference of the group must agree.
			n := 0
			for _, i := range g.refs {
				if t, found := q.repointJoin(i, nil); found {
					if n > 0 && t != target {
						n = -1
						break
					}
					target, n = t, n+1
				}
			}
			ok = n > 0 && hasAll(target)
		}
		if !ok {
			target, ok = pick(func(ir pgsql.ItemRef) bool { return q.abbreviates(g.qualifier, q.a.Item(ir)) })
			if ok && !hasAll(target) {
				ok = false
			}
		}
		if !ok {
			target, ok = pick(hasAll)
		}
		if !ok {
			left = append(left, g.qualifier)
			continue
		}
		name := catalog.QuoteIdent(q.a.Item(target).RefName())
		for _, i := range g.refs {
			if sp := q.st.ColumnSpans(q.a.Columns[i]); len(sp) == 2 {
				q.replace(kind, sp[0], name, 1)
			}
		}
		done = append(done, g.qualifier)
	}
	return done, left
}

// fixInvisible re-points references in a JOIN's ON condition that name
// an item of the query the join cannot see yet (Postgres: missing
// FROM-clause entry), by the foreign keys (repointJoin).
func (q *query) fixInvisible() (done, left []string) {
	for i, c := range q.a.Columns {
		if len(c.Qualifier) != 1 || c.Star || c.Clause != pgsql.ClauseOn {
			continue
		}
		ir, ok := q.cols.Resolve(c)
		if !ok || q.visibleInJoin(i, ir) {
			continue
		}
		target, ok := q.repointJoin(i, &ir)
		sp := q.st.ColumnSpans(c)
		if !ok || len(sp) != 2 {
			left = append(left, c.QualifiedName())
			continue
		}
		q.replace(KindAlias, sp[0], catalog.QuoteIdent(q.a.Item(target).RefName()), 1)
		done = append(done, c.QualifiedName())
	}
	return done, left
}

// abbreviates reports whether qualifier is a shorthand of item: a prefix
// of its table name or alias, the initials of its table's words (so for
// sales_orders), its table name in the singular, or its alias or table
// name with one typo.
func (q *query) abbreviates(qualifier string, it pgsql.FromItem) bool {
	ql := strings.ToLower(qualifier)
	name := strings.ToLower(q.itemName(it))
	alias := strings.ToLower(it.Alias)
	var initials strings.Builder
	for _, w := range strings.Split(name, "_") {
		if w != "" {
			initials.WriteByte(w[0])
		}
	}
	switch {
	case ql == "":
		return false
	case strings.HasPrefix(name, ql), alias != "" && strings.HasPrefix(alias, ql):
		return true
	case ql == initials.String(), ql == naming.Singular(name):
		return true
	case len(ql) >= 4 && (naming.Distance(ql, name) <= 1 || (alias != "" && naming.Distance(ql, alias) <= 1)):
		return true
	}
	return false
}

// equalityOf returns the other side of the equi-join condition column
// reference idx is one side of, with the block and join (-1 for WHERE)
// holding it.
func (q *query) equalityOf(idx int) (other, scope, join int, ok bool) {
	for s, sc := range q.a.Scopes {
		for _, e := range sc.Equalities {
			switch idx {
			case e.Left:
				return e.Right, s, e.Join, true
			case e.Right:
				return e.Left, s, e.Join, true
			}
		}
	}
	return 0, 0, 0, false
}

// joinItems returns the FROM items a condition of join j of scope can see:
// the items that join joins (all of the block's for WHERE, j = -1), then
// those of enclosing blocks.
func (q *query) joinItems(scope, j int) []pgsql.ItemRef {
	var out []pgsql.ItemRef
	sc := q.a.Scopes[scope]
	for i, it := range sc.Items {
		if it.Kind == pgsql.ItemJoin {
			continue
		}
		if j >= 0 && !slices.Contains(sc.Joins[j].Left, i) && !slices.Contains(sc.Joins[j].Right, i) {
			continue
		}
		out = append(out, pgsql.ItemRef{Scope: scope, Item: i})
	}
	for _, s := range q.a.VisibleScopes(scope)[1:] {
		for i, it := range q.a.Scopes[s].Items {
			if it.Kind != pgsql.ItemJoin {
				out = append(out, pgsql.ItemRef{Scope: s, Item: i})
			}
		}
	}
	return out
}

// visibleInJoin reports whether item ir can be referred to where column
// reference idx is written: in a JOIN's ON, only the joined items can.
func (q *query) visibleInJoin(idx int, ir pgsql.ItemRef) bool {
	_, scope, j, ok := q.equalityOf(idx)
	if !ok {
		return true
	}
	return slices.Contains(q.joinItems(scope, j), ir)
}

// repointJoin finds the FROM item a column reference idx in an equi-join
// condition was meant to be qualified with, when its qualifier names an
// item that lacks the column (own), names nothing, or names an item the
// join cannot see yet: the one item, other than the other side's, that has
// the column and that a foreign key pairs with the other side (w.product_id
// = il.product_id with inventory_levels.product_id → products.product_id
// is p.product_id). The other side's item is left out: a column equal to
// itself is no join.
func (q *query) repointJoin(idx int, own *pgsql.ItemRef) (pgsql.ItemRef, bool) {
	ref := q.a.Columns[idx]
	other, scope, j, ok := q.equalityOf(idx)
	if !ok {
		return pgsql.ItemRef{}, false
	}
	o := q.a.Columns[other]
	oi, ok := q.cols.Resolve(o)
	if !ok {
		return pgsql.ItemRef{}, false
	}
	ot := q.table(q.a.Item(oi))
	if ot == nil || ot.Column(o.Name) == nil {
		return pgsql.ItemRef{}, false
	}
	var hits []pgsql.ItemRef
	for _, ir := range q.joinItems(scope, j) {
		if ir == oi || (own != nil && ir == *own) || q.a.Item(ir).RefName() == "" {
			continue
		}
		t := q.table(q.a.Item(ir))
		if t == nil || t.Column(ref.Name) == nil || !q.fkPaired(t, ref.Name, ot, o.Name) {
			continue
		}
		hits = append(hits, ir)
	}
	if len(hits) != 1 {
		return pgsql.ItemRef{}, false
	}
	return hits[0], true
}

// fkPaired reports whether a single-column foreign key links t.c and u.d,
// in either direction.
func (q *query) fkPaired(t *catalog.Table, c string, u *catalog.Table, d string) bool {
	for _, fk := range q.snap.Outgoing(t) {
		if len(fk.Columns) == 1 && fk.Columns[0] == c && fk.RefKey() == u.Key() && fk.RefColumns[0] == d {
			return true
		}
	}
	for _, fk := range q.snap.Outgoing(u) {
		if len(fk.Columns) == 1 && fk.Columns[0] == d && fk.RefKey() == t.Key() && fk.RefColumns[0] == c {
			return true
		}
	}
	return false
}
