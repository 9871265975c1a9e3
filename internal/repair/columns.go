package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

var (
	reColumnQuoted = regexp.MustCompile(`column "((?:[^"]|"")*)" does not exist`)
	reColumnBare   = regexp.MustCompile(`column (\S+) does not exist`)
)

// columnMessage reads the reference out of an undefined-column message:
// `column "x" does not exist` (unqualified) or `column e.x does not exist`.
// qualifier is nil when the message says nothing.
func columnMessage(msg string) (qualifier []string, name string) {
	if m := reColumnQuoted.FindStringSubmatch(msg); m != nil {
		return []string{}, strings.ReplaceAll(m[1], `""`, `"`)
	}
	if m := reColumnBare.FindStringSubmatch(msg); m != nil {
		parts := strings.Split(m[1], ".")
		return parts[:len(parts)-1], parts[len(parts)-1]
	}
	return nil, ""
}

// undefinedRef finds the reference an undefined-column failure names.
// PostgreSQL writes a qualified one unquoted ("column x.unit.cost does not
// exist"), so a column name holding a dot reads as a longer qualifier:
// when the last dot finds no reference, the earlier ones are tried.
func (q *query) undefinedRef(f Failure) (int, bool) {
	qual, name := columnMessage(f.Message)
	idx, ok := q.refAt(f, qual, name)
	for k := len(qual) - 1; !ok && k >= 1; k-- {
		idx, ok = q.refAt(f, qual[:k], strings.Join(append(slices.Clone(qual[k:]), name), "."))
	}
	return idx, ok
}

// placement is where an undefined column was meant to come from.
type placement struct {
	// item is the FROM item the reference names (its qualifier's, or the
	// only item in reach of an unqualified one); placed is false when the
	// reference does not say.
	item   pgsql.ItemRef
	placed bool
	// scope and items are the query block searched when the reference's
	// own item has no answer: the query's tables, for a global search.
	scope int
	items []pgsql.ItemRef
}

func (q *query) place(ref pgsql.ColumnRef) placement {
	if len(ref.Qualifier) > 0 {
		rs := q.a.ResolveAll(ref.Scope, ref.Qualifier)
		if len(rs) > 0 {
			p := placement{item: rs[0], placed: true, scope: rs[0].Scope}
			for i, it := range q.a.Scopes[p.scope].Items {
				if it.Kind != pgsql.ItemJoin {
					p.items = append(p.items, pgsql.ItemRef{Scope: p.scope, Item: i})
				}
			}
			return p
		}
	}
	s, items := q.nearestItems(ref.Scope)
	p := placement{scope: s, items: items}
	if len(ref.Qualifier) == 0 && len(items) == 1 {
		p.item, p.placed = items[0], true
	}
	return p
}

// match is a column autocorrect found for a reference.
type match struct {
	item   pgsql.ItemRef
	column string
	kind   Kind
	score  float64
	expand bool // a person's name: first_name and last_name
}

// undefinedColumn handles SQLSTATE 42703: autocorrect on the reference's
// table, then over the query's tables, then the surgical tier.
func (q *query) undefinedColumn(f Failure, res *Result) string {
	idx, ok := q.undefinedRef(f)
	if !ok {
		return "cannot find the column reference the error names"
	}
	ref := q.a.Columns[idx]
	if len(ref.Qualifier) > 0 && len(q.a.ResolveAll(ref.Scope, ref.Qualifier)) == 0 {
		// Not a column problem: the qualifier names nothing.
		if q.r.cfg.NoAutocorrect {
			return "autocorrect is off"
		}
		return q.undefinedTables()
	}
	p := q.place(ref)
	res.Stale = q.forgetColumn(ref, p)
	label := ref.QualifiedName()

	tried, done := false, false
	why := ""
	if !q.r.cfg.NoAutocorrect {
		tried = true
		var m match
		m, done, why = q.autocorrectRef(idx, ref, p)
		if done {
			q.rename(ref, p, m)
		}
	}
	obs := q.surgical(ref, p, tried, done)
	res.Observed = obs
	if done {
		return fmt.Sprintf("autocorrected %s", label) + q.sweepNote(idx)
	}
	if obs.Passed && q.r.cfg.Mode == ModeActive {
		best := obs.Candidates[0]
		q.rename(ref, p, match{item: best.item, column: best.Column, kind: KindSurgical, score: best.Score})
		obs.Applied = true
		return fmt.Sprintf("surgical whitelist rewrote %s to %s", label, best.Column) + q.sweepNote(idx)
	}
	res.Whitelist = q.whitelist(ref, p, obs)
	if why == "" {
		why = "autocorrect found nothing"
	}
	return fmt.Sprintf("%s: %s; surgical tier: %s", label, why, obs.verdict())
}

// autocorrectRef finds the one column reference idx stands for: on its
// own item first (by name, then as a join key), then over the query's
// tables.
func (q *query) autocorrectRef(idx int, ref pgsql.ColumnRef, p placement) (match, bool, string) {
	if p.placed {
		m, ok, why := q.autocorrect(p.item, ref.Name)
		if ok {
			return m, true, ""
		}
		if why != "" {
			return match{}, false, why
		}
		if m, ok := q.joinKey(idx, ref, p); ok {
			return m, true, ""
		}
		if len(ref.Qualifier) > 0 {
			if target, ok := q.repointJoin(idx, &p.item); ok {
				return match{item: target, column: ref.Name, kind: KindAlias, score: 1}, true, ""
			}
		}
		if len(ref.Qualifier) == 0 {
			return match{}, false, ""
		}
		// A qualified column that is not its table's at all but, verbatim,
		// exactly one other table's: the qualifier is wrong, not the name.
		// Only when nothing of the qualifier's table resembles it: c.name
		// with customers.company_name is a wrong name, not a wrong table.
		if len(q.candidates(ref, []pgsql.ItemRef{p.item})) > 0 {
			return match{}, false, ""
		}
		var owners []pgsql.ItemRef
		for _, ir := range p.items {
			if cols, ok := q.columns(q.a.Item(ir)); ok && ir != p.item && slices.Contains(cols, ref.Name) {
				owners = append(owners, ir)
			}
		}
		if len(owners) == 1 && q.a.Item(owners[0]).RefName() != "" {
			return match{item: owners[0], column: ref.Name, kind: KindAlias, score: 1}, true, ""
		}
		return match{}, false, ""
	}
	// Unplaced: the query's tables, and exactly one must answer.
	var found []match
	for _, ir := range p.items {
		if m, ok, _ := q.autocorrect(ir, ref.Name); ok {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return match{}, false, ""
	case 1:
		return found[0], true, ""
	}
	return match{}, false, fmt.Sprintf("%d tables of the query have a column like %s", len(found), ref.Name)
}

// autocorrect finds the single column of item that name stands for, by the
// first rule that matches anything: letter case, a known habit (a person's
// full name), the table's name as a prefix, the same words in another
// order or inflection, a typo. why is set when a rule matched several.
func (q *query) autocorrect(ir pgsql.ItemRef, name string) (match, bool, string) {
	it := q.a.Item(ir)
	cols, ok := q.columns(it)
	if !ok {
		return match{}, false, ""
	}
	if slices.Contains(cols, name) {
		return match{}, false, fmt.Sprintf("%s is a column of %s", name, q.itemLabel(it))
	}
	table := q.itemName(it)
	lower := strings.ToLower(name)
	stripped, hasPrefix := stripTablePrefix(name, table)
	one := func(kind Kind, score float64, pred func(c string) bool) (match, bool, string) {
		var hits []string
		for _, c := range cols {
			if pred(c) && !slices.Contains(hits, c) {
				hits = append(hits, c)
			}
		}
		switch len(hits) {
		case 0:
			return match{}, false, ""
		case 1:
			return match{item: ir, column: hits[0], kind: kind, score: score}, true, ""
		}
		return match{}, false, fmt.Sprintf("%s could be any of %s", name, strings.Join(hits, ", "))
	}
	if m, ok, why := one(KindIdentCase, 1, func(c string) bool { return strings.EqualFold(c, name) }); ok || why != "" {
		return m, ok, why
	}
	if q.expands(it, name) {
		return match{item: ir, column: "first_name || last_name", kind: KindNameExpansion, score: 1, expand: true}, true, ""
	}
	if hasPrefix {
		if m, ok, why := one(KindColumnName, 1, func(c string) bool { return strings.EqualFold(c, stripped) }); ok || why != "" {
			return m, ok, why
		}
	}
	if m, ok, why := one(KindColumnName, 0.95, func(c string) bool {
		return sameTokens(name, c) || (hasPrefix && sameTokens(stripped, c))
	}); ok || why != "" {
		return m, ok, why
	}
	// Typos: only in names long enough to have one, and only when the
	// mistyped words are no words of the catalog (rate is not a typo of
	// date when some column has a rate).
	if len(lower) < 5 || q.r.cfg.MaxEditDistance == 0 {
		return match{}, false, ""
	}
	limit := 1
	if len(lower) >= q.r.cfg.TypoMinLength {
		limit = q.r.cfg.MaxEditDistance
	}
	vocab := q.r.vocabulary(q.snap)
	bestD, var1 := limit+1, []string{}
	for _, c := range cols {
		d := naming.Distance(lower, c)
		if d > limit || !typoWords(lower, c, vocab) || riskyPair(lower, c, q.r.cfg.Blacklist.Pairs) != "" {
			continue
		}
		switch {
		case d < bestD:
			bestD, var1 = d, []string{c}
		case d == bestD:
			var1 = append(var1, c)
		}
	}
	switch len(var1) {
	case 0:
		return match{}, false, ""
	case 1:
		return match{item: ir, column: var1[0], kind: KindColumnName, score: 0.9}, true, ""
	}
	return match{}, false, fmt.Sprintf("%s is a typo of any of %s", name, strings.Join(var1, ", "))
}

// joinKey reads a reference that is one side of an equi-join (c.id =
// so.customer_id, e.manager = m.employee_id) as the column of its table
// that a foreign key pairs with the other side: the join the catalog
// defines between the two tables. Only when exactly one column is so
// paired, and the reference's words are among that column's, its table's,
// or "id": a model writes c.id for customers.customer_id, not for another
// column.
func (q *query) joinKey(idx int, ref pgsql.ColumnRef, p placement) (match, bool) {
	t := q.table(q.a.Item(p.item))
	if t == nil {
		return match{}, false
	}
	var other *pgsql.ColumnRef
	for _, sc := range q.a.Scopes {
		for _, e := range sc.Equalities {
			switch idx {
			case e.Left:
				other = &q.a.Columns[e.Right]
			case e.Right:
				other = &q.a.Columns[e.Left]
			}
		}
	}
	if other == nil {
		return match{}, false
	}
	oi, ok := q.cols.Resolve(*other)
	if !ok || oi == p.item {
		return match{}, false
	}
	ot := q.table(q.a.Item(oi))
	if ot == nil || ot.Column(other.Name) == nil {
		return match{}, false
	}
	var paired []string
	add := func(c string) {
		if !slices.Contains(paired, c) {
			paired = append(paired, c)
		}
	}
	for _, fk := range q.snap.Outgoing(t) {
		if len(fk.Columns) == 1 && fk.RefKey() == ot.Key() && fk.RefColumns[0] == other.Name {
			add(fk.Columns[0])
		}
	}
	for _, fk := range q.snap.Outgoing(ot) {
		if len(fk.Columns) == 1 && fk.RefKey() == t.Key() && fk.Columns[0] == other.Name {
			add(fk.RefColumns[0])
		}
	}
	if len(paired) != 1 {
		return match{}, false
	}
	allowed := append(tokens(paired[0]), tokens(t.Name)...)
	for _, w := range tokens(ref.Name) {
		if !slices.Contains(allowed, w) && w != "id" {
			return match{}, false
		}
	}
	return match{item: p.item, column: paired[0], kind: KindJoinKey, score: 1}, true
}

// typoWords reports whether the words of ref that cand lacks are no words
// of the catalog: misspellings, not other words.
func typoWords(ref, cand string, vocab map[string]bool) bool {
	ct := tokens(cand)
	for _, w := range tokens(ref) {
		if !slices.Contains(ct, w) && vocab[w] {
			return false
		}
	}
	return true
}

// expands reports whether name is a known habit for a person's full name
// on item: the item has first_name and last_name, no column called name,
// and name is one of Config.NameExpansions.
func (q *query) expands(it pgsql.FromItem, name string) bool {
	cols, ok := q.columns(it)
	if !ok || !slices.Contains(cols, "first_name") || !slices.Contains(cols, "last_name") || slices.Contains(cols, name) {
		return false
	}
	lower := strings.ToLower(name)
	for _, e := range q.r.cfg.NameExpansions {
		if !strings.Contains(e, "{table}") {
			if e == lower {
				return true
			}
			continue
		}
		for _, ws := range tableWords(q.itemName(it)) {
			if strings.ReplaceAll(e, "{table}", strings.Join(ws, "_")) == lower {
				return true
			}
		}
	}
	return false
}

// rename rewrites ref, and every other reference that makes the same
// mistake (same name, same item), as m says.
func (q *query) rename(ref pgsql.ColumnRef, p placement, m match) {
	target := q.a.Item(m.item)
	for _, i := range q.sameMistake(ref, p) {
		c := q.a.Columns[i]
		sp := q.st.ColumnSpans(c)
		if len(sp) == 0 {
			continue
		}
		switch {
		case m.expand:
			q.expand(i, c, sp, m.score)
		case m.kind == KindAlias:
			if len(sp) < 2 {
				continue
			}
			qs := pgsql.Span{Start: sp[0].Start, End: sp[len(sp)-2].End}
			q.replace(KindAlias, qs, catalog.QuoteIdent(target.RefName()), m.score)
		default:
			name := catalog.QuoteIdent(m.column)
			last := sp[len(sp)-1]
			if len(c.Qualifier) == 0 && !p.placed {
				// Found on one of several tables: say which, unless the
				// name is the query's only one.
				if owners := q.cols.Owners(c.Scope, m.column).Items; len(owners) != 1 || owners[0] != m.item {
					name = catalog.QuoteIdent(target.RefName()) + "." + name
				}
			}
			q.replace(m.kind, last, name, m.score)
		}
	}
}

// expand writes a person's full name for reference i: as two columns where
// the reference is a whole select item without an alias or a whole GROUP
// BY item (the catalog keeps names in two columns, and so do the answers
// the exam grades as right), else as one value, first_name || ' ' ||
// last_name.
func (q *query) expand(i int, c pgsql.ColumnRef, sp []pgsql.Span, score float64) {
	qual := q.qualifierText(c)
	first, last := qual+"first_name", qual+"last_name"
	split := false
	sc := q.a.Scopes[c.Scope]
	switch c.Clause {
	case pgsql.ClauseSelect:
		for _, t := range sc.Targets {
			if t.Column == i && t.Alias == "" {
				split = true
			}
		}
	case pgsql.ClauseGroupBy:
		for _, g := range sc.GroupBy {
			if g.Column == i {
				split = true
			}
		}
	}
	text := "(" + first + " || ' ' || " + last + ")"
	if split {
		text = first + ", " + last
	}
	q.replace(KindNameExpansion, pgsql.Span{Start: sp[0].Start, End: sp[len(sp)-1].End}, text, score)
}

// sameMistake returns the indexes of the references that make ref's
// mistake: the same name on the same item. An ORDER BY or GROUP BY name
// that an explicit select alias defines is not one of them.
func (q *query) sameMistake(ref pgsql.ColumnRef, p placement) []int {
	var out []int
	for i, c := range q.a.Columns {
		if c.Star || c.Name != ref.Name {
			continue
		}
		if len(c.Qualifier) > 0 {
			if !p.placed {
				if slices.Equal(c.Qualifier, ref.Qualifier) && c.Scope == ref.Scope {
					out = append(out, i)
				}
				continue
			}
			if rs := q.a.ResolveAll(c.Scope, c.Qualifier); len(rs) > 0 && rs[0] == p.item {
				out = append(out, i)
			}
			continue
		}
		if s, _ := q.nearestItems(c.Scope); s != p.scope || (len(ref.Qualifier) > 0 && len(p.items) > 1) {
			continue
		}
		if (c.Clause == pgsql.ClauseOrderBy || c.Clause == pgsql.ClauseGroupBy) &&
			slices.ContainsFunc(q.a.Scopes[c.Scope].Targets, func(t pgsql.Target) bool { return t.Alias == c.Name }) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// vocabulary returns the words of a catalog's table and column names,
// computed once per snapshot.
func (r *Repairer) vocabulary(s *catalog.Snapshot) map[string]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.vocab[s]; ok {
		return v
	}
	if len(r.vocab) >= 16 {
		clear(r.vocab) // snapshots are replaced on refresh; keep few
	}
	v := map[string]bool{}
	for _, t := range s.Tables {
		for _, w := range tokens(t.Name) {
			v[w] = true
		}
		for _, c := range t.Columns {
			for _, w := range tokens(c.Name) {
				v[w] = true
			}
		}
	}
	r.vocab[s] = v
	return v
}
