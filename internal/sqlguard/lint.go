package sqlguard

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/nl2sql/nl2sql/internal/disjoint"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Severity of a lint issue.
type Severity string

const (
	// SeverityError: the query is certainly wrong (or a Cartesian product
	// that is almost certainly unintended); the verdict fails at the lint
	// stage and the query goes to repair without a database round trip.
	SeverityError Severity = "error"
	// SeverityWarning: probably wrong; the query may still run, but a
	// candidate with warnings ranks lower.
	SeverityWarning Severity = "warning"
)

// Lint codes of the original table (docs/DESIGN.md, Lint codes).
const (
	LintUnbalancedParens      = "unbalanced_parens"
	LintUnclosedQuote         = "unclosed_quote"
	LintTrailingCommaSelect   = "trailing_comma_select"
	LintTrailingCommaGroupBy  = "trailing_comma_groupby"
	LintTrailingCommaOrderBy  = "trailing_comma_orderby"
	LintJoinWithoutCondition  = "join_without_condition"
	LintUndefinedAlias        = "undefined_alias"
	LintAggregateWithoutGroup = "aggregate_without_groupby"
	LintNonAggregateInSelect  = "non_aggregate_in_select"
	LintDuplicateAlias        = "duplicate_alias"
	LintAmbiguousColumn       = "ambiguous_column"
)

// Lint codes beyond the original table (docs/DESIGN.md, Lint codes): mistakes models make that the tree
// (and the catalog's column types) show for certain or nearly so.
const (
	// LintSyntaxError: a parse error none of the syntax codes above
	// explains (a misspelled key word, a stray token); error.
	LintSyntaxError = "syntax_error"
	// LintNullComparison: x = NULL, x <> NULL, CASE x WHEN NULL,
	// x NOT IN (…, NULL): never true; error.
	LintNullComparison = "null_comparison"
	// LintTypeMismatch: a text column compared with a number, a numeric
	// column with a non-numeric string, or text with numeric columns;
	// warning.
	LintTypeMismatch = "type_mismatch_comparison"
	// LintLimitWithoutOrderBy: a LIMIT without ORDER BY in the same block
	// returns arbitrary rows; warning.
	LintLimitWithoutOrderBy = "limit_without_order_by"
	// LintHavingWithoutAggregate: a HAVING condition with no aggregate
	// belongs in WHERE; warning.
	LintHavingWithoutAggregate = "having_without_aggregate"
	// LintOrderByOrdinal, LintGroupByOrdinal: ORDER BY n / GROUP BY n past
	// the end of the select list; error.
	LintOrderByOrdinal = "order_by_ordinal_out_of_range"
	LintGroupByOrdinal = "group_by_ordinal_out_of_range"
	// LintAggregateInWhere: count(*) and the like in WHERE, a JOIN
	// condition or GROUP BY; error.
	LintAggregateInWhere = "aggregate_in_where"
	// LintWindowInWhere: a window function (… OVER …) outside the select
	// list and ORDER BY; error.
	LintWindowInWhere = "window_in_where"
)

// LintIssue is one lint finding.
type LintIssue struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// Position is the 1-based character offset in the input; 0 if unknown.
	Position int `json:"position,omitempty"`
}

// linter lints one parsed statement against a catalog. It is deliberately
// conservative: where the tree and the catalog cannot settle a question
// (a subquery with SELECT *, a table without known columns) it stays quiet,
// because a false error sends a good query to repair.
type linter struct {
	script *pgsql.Script
	a      *pgsql.Analysis
	cat    Catalog
	tables []*Table // per a.Tables index; nil when not in the catalog
	cols   pgsql.ColumnResolver
	issues []located
}

type located struct {
	issue LintIssue
	loc   int
}

func newLinter(script *pgsql.Script, a *pgsql.Analysis, cat Catalog) *linter {
	if cat == nil {
		cat = emptyCatalog{}
	}
	l := &linter{script: script, a: a, cat: cat, tables: make([]*Table, len(a.Tables))}
	for i, t := range a.Tables {
		if t.Catalog != "" {
			continue
		}
		if tab, ok := cat.LookupTable(t.Schema, t.Name); ok {
			l.tables[i] = &tab
		}
	}
	l.cols = pgsql.ColumnResolver{Analysis: a, Columns: l.columns}
	return l
}

func (l *linter) add(code string, sev Severity, loc int, format string, args ...any) {
	l.issues = append(l.issues, located{LintIssue{
		Code: code, Severity: sev, Message: at(l.script, loc, format, args...), Position: l.script.CharPos(loc),
	}, loc})
}

// lint runs every tree rule and returns the issues in text order.
func (l *linter) lint() []LintIssue {
	l.undefinedAliases()
	for _, sc := range l.a.Scopes {
		switch sc.Kind {
		case pgsql.ScopeSelect:
			l.cartesian(sc)
			l.duplicateAliases(sc)
			l.aggregates(sc)
			l.havingWithoutAggregate(sc)
			l.misplacedCalls(sc)
		case pgsql.ScopeSetOp, pgsql.ScopeValues:
		default:
			continue
		}
		l.ordinals(sc)
		if sc.Kind != pgsql.ScopeValues {
			l.limitWithoutOrderBy(sc)
		}
	}
	l.ambiguousColumns()
	l.nullComparisons()
	l.typeMismatches()
	sort.SliceStable(l.issues, func(i, j int) bool { return l.issues[i].loc < l.issues[j].loc })
	out := make([]LintIssue, 0, len(l.issues))
	for _, is := range l.issues {
		out = append(out, is.issue)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// itemLabel names a FROM item for messages: "shop.orders (o)".
func (l *linter) itemLabel(it pgsql.FromItem) string {
	name := it.Name
	switch it.Kind {
	case pgsql.ItemTable:
		if tab := l.tables[it.Table]; tab != nil {
			name = tab.Schema + "." + tab.Name
		} else if it.Schema != "" {
			name = it.Schema + "." + it.Name
		}
	case pgsql.ItemSubquery:
		name = "subquery"
	case pgsql.ItemJoin:
		name = "join"
	}
	if it.Alias != "" && it.Alias != name {
		return name + " (" + it.Alias + ")"
	}
	return name
}

// columns returns an item's column names and whether they are known.
func (l *linter) columns(it pgsql.FromItem) ([]string, bool) {
	var names []string
	if it.Kind == pgsql.ItemTable && l.tables[it.Table] != nil {
		names = l.tables[it.Table].Columns
	}
	return it.KnownColumns(names)
}

// lintable reports whether a scope's column references are ours to judge.
func (l *linter) lintable(scope int) bool {
	k := l.a.Scopes[scope].Kind
	return k == pgsql.ScopeSelect || k == pgsql.ScopeValues
}

// undefinedAliases: a qualifier that names no table, alias or CTE in scope.
func (l *linter) undefinedAliases() {
	seen := map[string]bool{}
	for _, ref := range l.a.Columns {
		if len(ref.Qualifier) == 0 || len(ref.Qualifier) > 3 || !l.lintable(ref.Scope) {
			continue
		}
		if _, ok := l.a.Resolve(ref.Scope, ref.Qualifier); ok {
			continue
		}
		q := strings.Join(ref.Qualifier, ".")
		if seen[q] {
			continue
		}
		seen[q] = true
		var names []string
		hint := ""
		for s := ref.Scope; s >= 0; s = l.a.Scopes[s].Parent {
			for _, it := range l.a.Scopes[s].Items {
				if n := it.RefName(); n != "" && !slices.Contains(names, n) {
					names = append(names, n)
				}
				if it.Alias != "" && it.Name == ref.Qualifier[len(ref.Qualifier)-1] && hint == "" {
					hint = fmt.Sprintf("; %s is aliased as %s, use %s.%s", it.Name, it.Alias, it.Alias, ref.Name)
				}
			}
		}
		avail := "no FROM items are in scope"
		if len(names) > 0 {
			avail = "in scope: " + strings.Join(names, ", ")
		}
		if hint != "" {
			avail = strings.TrimPrefix(hint, "; ")
		}
		l.add(LintUndefinedAlias, SeverityError, ref.Location,
			"%s refers to %s, which is not a table or alias of this query (%s)", ref.QualifiedName(), q, avail)
	}
}

// cartesian: two catalog tables listed in FROM with commas and no WHERE
// condition linking them. An explicit CROSS JOIN is taken as intended, and
// subqueries, functions, CTE references and LATERAL items are taken as
// linked to everything (a one-row subquery in FROM is a common idiom).
func (l *linter) cartesian(sc *pgsql.Scope) {
	groups := map[int]bool{} // group -> holds a base table (and nothing LATERAL)
	var order []int
	for _, it := range sc.Items {
		if _, ok := groups[it.Group]; !ok {
			order = append(order, it.Group)
			groups[it.Group] = true
		}
	}
	if len(order) < 2 {
		return
	}
	hasTable := map[int]bool{}
	for _, it := range sc.Items {
		if it.Kind == pgsql.ItemTable {
			hasTable[it.Group] = true
		}
		if it.Lateral {
			groups[it.Group] = false
		}
	}
	var linked disjoint.Sets[int] // groups that conditions link
	for _, conj := range sc.Where {
		var refGroups []int
		for _, idx := range conj {
			ref := l.a.Columns[idx]
			if ref.Star {
				continue
			}
			if len(ref.Qualifier) > 0 {
				if r, ok := l.a.Resolve(ref.Scope, ref.Qualifier); ok && r.Scope == sc.ID {
					refGroups = append(refGroups, sc.Items[r.Item].Group)
				}
				continue
			}
			o := l.cols.Owners(ref.Scope, ref.Name)
			if o.Scope != sc.ID {
				continue // resolves inside a subquery, or nowhere
			}
			if o.Unknown && len(o.Items) == 0 {
				return // cannot tell which item the column belongs to: stay quiet
			}
			for _, r := range o.Items {
				refGroups = append(refGroups, sc.Items[r.Item].Group)
			}
		}
		for i := 1; i < len(refGroups); i++ {
			linked.Union(refGroups[0], refGroups[i])
		}
	}
	first := -1
	for _, g := range order {
		if !hasTable[g] || !groups[g] {
			continue
		}
		if first < 0 {
			first = g
			continue
		}
		if linked.Find(g) != linked.Find(first) {
			a, b := l.groupItem(sc, first), l.groupItem(sc, g)
			if l.distinctAggregatesOnly(sc, linked.Find) {
				l.add(LintJoinWithoutCondition, SeverityWarning, b.Location,
					"%s and %s are listed in FROM without any condition joining them (a Cartesian product); each output aggregates DISTINCT values of one of them, which the product leaves unchanged unless one is empty; scalar subqueries say it plainly",
					l.itemLabel(a), l.itemLabel(b))
				return
			}
			l.add(LintJoinWithoutCondition, SeverityError, b.Location,
				"%s and %s are listed in FROM without any condition joining them (a Cartesian product); add the join condition to WHERE or use JOIN … ON",
				l.itemLabel(a), l.itemLabel(b))
			return
		}
	}
}

// distinctAggregatesOnly reports whether every output of sc is an
// aggregate over DISTINCT values of one side of the product (or a
// constant): count(DISTINCT p.id)::float / count(DISTINCT a.id), a ratio
// of two counts written over "FROM p, a". Repeating each row of one side
// once per row of the other changes no such aggregate. Anything it cannot
// settle — plain or star columns, an aggregate without DISTINCT or over
// both sides, GROUP BY, HAVING, windows, a subquery that looks into sc —
// says no, and the product stays an error. side maps a FROM item's group
// to its side (the groups the WHERE conditions connect).
func (l *linter) distinctAggregatesOnly(sc *pgsql.Scope, side func(group int) int) bool {
	if sc.HasGroupBy || sc.HasHaving || len(sc.Targets) == 0 {
		return false
	}
	for i, ref := range l.a.Columns {
		if ref.Scope == sc.ID {
			continue
		}
		// A correlated reference into sc from a subquery: where the
		// subquery sits, and what it does with the row, is not ours to tell.
		if r, ok := l.cols.Resolve(l.a.Columns[i]); ok && r.Scope == sc.ID {
			return false
		}
	}
	aggregates := 0
	for _, t := range sc.Targets {
		if t.Star || t.Window {
			return false
		}
		for _, c := range t.Columns {
			if l.local(sc, l.a.Columns[c]) {
				return false
			}
		}
		for _, fi := range t.Aggregates {
			f := l.a.Functions[fi]
			if !f.Distinct || len(f.Columns) == 0 {
				return false
			}
			s := -1
			for _, c := range f.Columns {
				r, ok := l.cols.Resolve(l.a.Columns[c])
				if !ok {
					return false
				}
				if r.Scope != sc.ID {
					continue // an outer query's column: a constant here
				}
				g := side(sc.Items[r.Item].Group)
				if s >= 0 && g != s {
					return false
				}
				s = g
			}
			if s < 0 {
				return false
			}
			aggregates++
		}
	}
	return aggregates > 0
}

// twoTables reports whether a and b are unaliased mentions of two
// different catalog tables.
func (l *linter) twoTables(a, b pgsql.FromItem) bool {
	if a.Kind != pgsql.ItemTable || b.Kind != pgsql.ItemTable || a.Alias != "" || b.Alias != "" || a.Table < 0 || b.Table < 0 {
		return false
	}
	ta, tb := l.tables[a.Table], l.tables[b.Table]
	return ta != nil && tb != nil && (ta.Schema != tb.Schema || ta.Name != tb.Name)
}

func (l *linter) groupItem(sc *pgsql.Scope, g int) pgsql.FromItem {
	for _, it := range sc.Items {
		if it.Group == g && it.Kind == pgsql.ItemTable {
			return it
		}
	}
	return pgsql.FromItem{}
}

// duplicateAliases: the same name for two FROM items of one query block
// (Postgres refuses this: "table name specified more than once"), except
// two different tables named without aliases (sales.customers and
// crm.customers), which Postgres accepts as SQL-92 does: its columns are
// then written with the schema (sales.customers.name).
func (l *linter) duplicateAliases(sc *pgsql.Scope) {
	first := map[string]pgsql.FromItem{}
	for _, it := range sc.Items {
		n := it.RefName()
		if n == "" {
			continue
		}
		if prev, ok := first[n]; ok && !l.twoTables(prev, it) {
			l.add(LintDuplicateAlias, SeverityWarning, it.Location,
				"name %s is used for both %s and %s in the same FROM clause", n, l.itemLabel(prev), l.itemLabel(it))
			continue
		}
		first[n] = it
	}
}

// aggregates: aggregate_without_groupby and non_aggregate_in_select.
func (l *linter) aggregates(sc *pgsql.Scope) {
	if !sc.HasGroupBy {
		var agg, plain string
		aggLoc := -1
		for _, t := range sc.Targets {
			if len(t.Aggregates) > 0 && agg == "" {
				agg = l.a.Functions[t.Aggregates[0]].QualifiedName() + "()"
				aggLoc = l.a.Functions[t.Aggregates[0]].Location
			}
			if plain == "" {
				if t.Star {
					plain = "*"
				}
				for _, c := range t.Columns {
					if l.local(sc, l.a.Columns[c]) {
						plain = l.a.Columns[c].QualifiedName()
						break
					}
				}
			}
		}
		if agg != "" && plain != "" {
			l.add(LintAggregateWithoutGroup, SeverityWarning, aggLoc,
				"aggregate %s is mixed with column %s, but there is no GROUP BY", agg, plain)
		}
		return
	}

	keys := map[string]bool{}
	ordinals := map[int]bool{}
	var bare []pgsql.ColumnRef // GROUP BY items that are bare column references
	for _, g := range sc.GroupBy {
		keys[g.Key] = true
		if g.Ordinal > 0 {
			ordinals[g.Ordinal] = true
		}
		if g.Column >= 0 {
			bare = append(bare, l.a.Columns[g.Column])
		}
	}
	seen := map[string]bool{}
	for i, t := range sc.Targets {
		if t.Star || keys[t.Key] || ordinals[i+1] {
			continue
		}
		if slices.ContainsFunc(bare, func(g pgsql.ColumnRef) bool { return len(g.Qualifier) == 0 && g.Name == t.Name && t.Name != "" }) {
			continue // GROUP BY an output column name
		}
		for _, c := range t.Columns {
			ref := l.a.Columns[c]
			if ref.Star || !l.local(sc, ref) || seen[ref.QualifiedName()] {
				continue
			}
			if l.grouped(ref, bare) {
				continue
			}
			seen[ref.QualifiedName()] = true
			l.add(LintNonAggregateInSelect, SeverityWarning, ref.Location,
				"column %s is neither in GROUP BY nor inside an aggregate", ref.QualifiedName())
		}
	}
}

// local reports whether a column reference written in sc resolves to sc
// (not to an enclosing query, where it is a constant for sc). Unresolvable
// references count as local.
func (l *linter) local(sc *pgsql.Scope, ref pgsql.ColumnRef) bool {
	if ref.Scope != sc.ID {
		return false
	}
	if len(ref.Qualifier) > 0 {
		r, ok := l.a.Resolve(ref.Scope, ref.Qualifier)
		return !ok || r.Scope == sc.ID
	}
	o := l.cols.Owners(ref.Scope, ref.Name)
	return o.Scope == sc.ID || o.Scope < 0
}

// grouped reports whether ref is covered by a bare GROUP BY column: the same
// column, or any column of a table whose primary key is grouped (Postgres
// accepts those as functionally dependent).
func (l *linter) grouped(ref pgsql.ColumnRef, bare []pgsql.ColumnRef) bool {
	item, known := l.cols.Resolve(ref)
	var sameItem []string // grouped columns of ref's item
	for _, g := range bare {
		gi, gknown := l.cols.Resolve(g)
		if g.Name == ref.Name && (!known || !gknown || gi == item) {
			return true
		}
		if known && gknown && gi == item {
			sameItem = append(sameItem, g.Name)
		}
	}
	if !known || len(sameItem) == 0 {
		return false
	}
	it := l.a.Item(item)
	if it.Kind != pgsql.ItemTable {
		return false
	}
	tab := l.tables[it.Table]
	if tab == nil || tab.PrimaryKey == nil {
		return true // the key is unknown; the grouped column may be it
	}
	for _, k := range tab.PrimaryKey {
		if !slices.Contains(sameItem, k) {
			return false
		}
	}
	return true
}

// ambiguousColumns: an unqualified column that two FROM items of the
// resolving scope both have.
func (l *linter) ambiguousColumns() {
	seen := map[string]bool{}
	for _, ref := range l.a.Columns {
		if len(ref.Qualifier) > 0 || ref.Star || l.a.Scopes[ref.Scope].Kind != pgsql.ScopeSelect {
			continue
		}
		sc := l.a.Scopes[ref.Scope]
		if ref.Clause == pgsql.ClauseOrderBy || ref.Clause == pgsql.ClauseGroupBy {
			if slices.ContainsFunc(sc.Targets, func(t pgsql.Target) bool { return t.Name == ref.Name }) {
				continue // may name an output column
			}
		}
		o := l.cols.Owners(ref.Scope, ref.Name)
		if len(o.Items) < 2 || l.merged(l.a.Scopes[o.Scope], ref.Name) {
			continue
		}
		key := fmt.Sprintf("%d/%s", o.Scope, ref.Name)
		if seen[key] {
			continue
		}
		seen[key] = true
		labels := make([]string, len(o.Items))
		for i, r := range o.Items {
			labels[i] = l.itemLabel(l.a.Item(r))
		}
		l.add(LintAmbiguousColumn, SeverityWarning, ref.Location,
			"column %s is ambiguous: it exists in %s; qualify it", ref.Name, strings.Join(labels, " and "))
	}
}

// merged reports whether a column name is merged by a USING or NATURAL join
// of the scope, which makes the unqualified name unambiguous.
func (l *linter) merged(sc *pgsql.Scope, name string) bool {
	for _, j := range sc.Joins {
		if slices.Contains(j.Using, name) {
			return true
		}
		if j.Natural && l.sideHas(sc, j.Left, name) && l.sideHas(sc, j.Right, name) {
			return true
		}
	}
	return false
}

func (l *linter) sideHas(sc *pgsql.Scope, items []int, name string) bool {
	for _, i := range items {
		if cols, ok := l.columns(sc.Items[i]); ok && slices.Contains(cols, name) {
			return true
		}
	}
	return false
}
