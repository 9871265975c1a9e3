package bench

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Mutation kinds: the mistakes models make in SQL, injected into correct
// SQL at every site where they apply. The column kinds are derived from
// the catalog by rule, not picked per query.
const (
	// MutColumnTablePrefix prefixes a column with its table's name in the
	// singular: status → project_status on projects.
	MutColumnTablePrefix = "column_table_prefix"
	// MutColumnReordered reverses a column's words: total_amount →
	// amount_total.
	MutColumnReordered = "column_reordered"
	// MutColumnFirstWordDropped drops a column's first word: list_price →
	// price, annual_salary → salary.
	MutColumnFirstWordDropped = "column_first_word_dropped"
	// MutColumnLastWordDropped drops a column's last word: total_amount →
	// total, hire_date → hire.
	MutColumnLastWordDropped = "column_last_word_dropped"
	// MutColumnPersonName writes one invented name column for an adjacent
	// first_name, last_name pair: employee_name, or full_name.
	MutColumnPersonName = "column_person_name"
	// MutAliasTableName qualifies an aliased table's columns with the
	// table's name: e.first_name → employees.first_name.
	MutAliasTableName = "alias_table_name"
	// MutAliasUndefined qualifies a table's columns with an alias the
	// query does not define: the shortest prefix of its name that is free.
	MutAliasUndefined = "alias_undefined"
	// MutAliasOtherItem qualifies one column with another FROM item's
	// alias: so.total_amount → c.total_amount.
	MutAliasOtherItem = "alias_other_item"
	// MutGroupByMissing drops one GROUP BY item.
	MutGroupByMissing = "group_by_missing"
	// MutTrailingComma ends a SELECT, GROUP BY or ORDER BY list with a comma.
	MutTrailingComma = "trailing_comma"
	// MutAmbiguousColumn drops the qualifier of one column that more than
	// one FROM item has.
	MutAmbiguousColumn = "ambiguous_column"
	// MutUnquoted writes every quoted name that needs its quotes (capitals,
	// spaces: an ORM's "createdAt", a spreadsheet's "Unit Price") as a
	// model that leaves them out does: createdAt, Unit_Price. One mutant a
	// query, with every such name; none where the SQL quotes nothing so.
	MutUnquoted = "unquoted"
)

// MutationKinds lists every kind, in report order.
var MutationKinds = []string{
	MutColumnTablePrefix, MutColumnReordered, MutColumnFirstWordDropped, MutColumnLastWordDropped, MutColumnPersonName,
	MutAliasTableName, MutAliasUndefined, MutAliasOtherItem, MutGroupByMissing, MutTrailingComma, MutAmbiguousColumn,
	MutUnquoted,
}

// ColumnKind reports whether a kind is an invented column name.
func ColumnKind(kind string) bool { return strings.HasPrefix(kind, "column_") }

// Mutant is correct SQL with one mistake injected.
type Mutant struct {
	Kind string `json:"kind"`
	SQL  string `json:"sql"`
	// Change says what was changed: "e.first_name, e.last_name → e.employee_name".
	Change string `json:"change"`
}

// Mutate returns every mutant of sql (one query) the kinds above make,
// against the catalog s. Mutants that do not parse, except trailing
// commas, are not mistakes a model makes in a name and are left out;
// whether a mutant is valid SQL (so no mistake at all) is for the caller
// to find out.
func Mutate(sql string, s *catalog.Snapshot) ([]Mutant, error) {
	script, err := pgsql.Parse(sql)
	if err != nil {
		return nil, err
	}
	if len(script.Statements) != 1 {
		return nil, fmt.Errorf("bench: mutate needs one statement, got %d", len(script.Statements))
	}
	m := newMutator(script, s)
	m.columns()
	m.personNames()
	m.aliases()
	m.groupBy()
	m.trailingCommas()
	m.ambiguous()
	m.unquoted()
	var out []Mutant
	seen := map[string]bool{sql: true}
	for _, mu := range m.out {
		if seen[mu.SQL] {
			continue
		}
		seen[mu.SQL] = true
		if _, err := pgsql.Parse(mu.SQL); err != nil && mu.Kind != MutTrailingComma {
			continue
		}
		out = append(out, mu)
	}
	return out, nil
}

type mutator struct {
	script *pgsql.Script
	st     *pgsql.Statement
	a      *pgsql.Analysis
	snap   *catalog.Snapshot
	tables []*catalog.Table
	code   []pgsql.Token
	cols   pgsql.ColumnResolver
	out    []Mutant
}

func newMutator(script *pgsql.Script, s *catalog.Snapshot) *mutator {
	st := script.Statements[0]
	m := &mutator{script: script, st: st, a: st.Analysis(), snap: s}
	m.tables = make([]*catalog.Table, len(m.a.Tables))
	for i, t := range m.a.Tables {
		m.tables[i] = s.Lookup(t.Schema, t.Name)
	}
	toks, _ := script.Tokens()
	m.code = pgsql.CodeTokens(toks)
	m.cols = pgsql.ColumnResolver{Analysis: m.a, Columns: m.itemColumns}
	return m
}

func (m *mutator) table(it pgsql.FromItem) *catalog.Table {
	if it.Kind != pgsql.ItemTable || it.Table < 0 {
		return nil
	}
	return m.tables[it.Table]
}

func (m *mutator) itemColumns(it pgsql.FromItem) ([]string, bool) {
	t := m.table(it)
	if t == nil {
		return it.KnownColumns(nil)
	}
	if len(t.Columns) == 0 {
		return nil, true // the catalog says it has none
	}
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return it.KnownColumns(names)
}

type edit struct {
	start, end int
	text       string
}

func (m *mutator) emit(kind, change string, edits ...edit) {
	es := slices.Clone(edits)
	sort.Slice(es, func(i, j int) bool { return es[i].start < es[j].start })
	var b strings.Builder
	pos := 0
	for _, e := range es {
		if e.start < pos {
			return
		}
		b.WriteString(m.script.SQL[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.WriteString(m.script.SQL[pos:])
	m.out = append(m.out, Mutant{Kind: kind, SQL: b.String(), Change: change})
}

// site is a catalog column as the query uses it: every reference to one
// column of one FROM item.
type site struct {
	item  pgsql.ItemRef
	table *catalog.Table
	col   string
	refs  []int
}

func (m *mutator) sites() []*site {
	var out []*site
	for i, c := range m.a.Columns {
		if c.Star {
			continue
		}
		ir, ok := m.cols.Resolve(c)
		if !ok {
			continue
		}
		t := m.table(m.a.Item(ir))
		if t == nil || t.Column(c.Name) == nil {
			continue
		}
		k := slices.IndexFunc(out, func(s *site) bool { return s.item == ir && s.col == c.Name })
		if k < 0 {
			out = append(out, &site{item: ir, table: t, col: c.Name})
			k = len(out) - 1
		}
		out[k].refs = append(out[k].refs, i)
	}
	return out
}

// words splits a name on underscores.
func words(name string) []string { return strings.Split(name, "_") }

// singularName is a table's name in the singular: sales_orders →
// sales_order, categories → category.
func singularName(table string) string {
	ws := words(table)
	ws[len(ws)-1] = naming.Singular(ws[len(ws)-1])
	return strings.Join(ws, "_")
}

// columns renames each column site, everywhere the query uses it, by each
// rule that gives a name the table does not have.
func (m *mutator) columns() {
	for _, s := range m.sites() {
		ws := words(s.col)
		rules := []struct{ kind, name string }{
			{MutColumnTablePrefix, singularName(s.table.Name) + "_" + s.col},
		}
		if strings.HasPrefix(s.col, singularName(s.table.Name)+"_") {
			rules = rules[:0]
		}
		if len(ws) >= 2 {
			rev := slices.Clone(ws)
			slices.Reverse(rev)
			rules = append(rules,
				struct{ kind, name string }{MutColumnReordered, strings.Join(rev, "_")},
				struct{ kind, name string }{MutColumnFirstWordDropped, strings.Join(ws[1:], "_")},
				struct{ kind, name string }{MutColumnLastWordDropped, strings.Join(ws[:len(ws)-1], "_")})
		}
		for _, r := range rules {
			if r.name == "" || r.name == s.col || s.table.Column(r.name) != nil || catalog.QuoteIdent(r.name) != r.name {
				continue
			}
			var edits []edit
			var example string
			for _, i := range s.refs {
				sp := m.st.ColumnSpans(m.a.Columns[i])
				if len(sp) == 0 {
					continue
				}
				last := sp[len(sp)-1]
				edits = append(edits, edit{last.Start, last.End, r.name})
				if example == "" {
					example = m.script.SQL[sp[0].Start:last.End]
				}
			}
			if len(edits) > 0 {
				m.emit(r.kind, fmt.Sprintf("%s → %s (%s)", s.col, r.name, example), edits...)
			}
		}
	}
}

// personNames replaces each adjacent first_name, last_name pair of one
// item (select items, and the same pair in GROUP BY) with one invented
// column: the table's name in the singular + "_name", or full_name.
func (m *mutator) personNames() {
	for _, sc := range m.a.Scopes {
		for i := 0; i+1 < len(sc.Targets); i++ {
			a, b := sc.Targets[i], sc.Targets[i+1]
			if a.Column < 0 || b.Column < 0 {
				continue
			}
			ca, cb := m.a.Columns[a.Column], m.a.Columns[b.Column]
			if ca.Name != "first_name" || cb.Name != "last_name" || !slices.Equal(ca.Qualifier, cb.Qualifier) {
				continue
			}
			ir, ok := m.cols.Resolve(ca)
			t := m.table(m.a.Item(ir))
			if !ok || t == nil || t.Column("last_name") == nil {
				continue
			}
			start, end, ok := m.pairSpan(a.Location, b.Location)
			if !ok {
				continue
			}
			qual := ""
			if sp := m.st.ColumnSpans(ca); len(sp) > 1 {
				qual = m.script.SQL[sp[0].Start:sp[len(sp)-2].End] + "."
			}
			var group []edit
			for j := 0; j+1 < len(sc.GroupBy); j++ {
				ga, gb := sc.GroupBy[j], sc.GroupBy[j+1]
				if ga.Column < 0 || gb.Column < 0 {
					continue
				}
				x, y := m.a.Columns[ga.Column], m.a.Columns[gb.Column]
				if x.Name == "first_name" && y.Name == "last_name" && slices.Equal(x.Qualifier, ca.Qualifier) {
					if gs, ge, ok := m.pairSpan(x.Location, y.Location); ok {
						group = append(group, edit{gs, ge, ""})
					}
				}
			}
			for _, name := range []string{singularName(t.Name) + "_name", "full_name"} {
				if t.Column(name) != nil {
					continue
				}
				edits := []edit{{start, end, qual + name}}
				for _, g := range group {
					edits = append(edits, edit{g.start, g.end, qual + name})
				}
				m.emit(MutColumnPersonName, fmt.Sprintf("%sfirst_name, %slast_name → %s%s", qual, qual, qual, name), edits...)
			}
		}
	}
}

// pairSpan returns the text span of two adjacent list items starting at a
// and b: from a to the end of b (its alias included).
func (m *mutator) pairSpan(a, b int) (int, int, bool) {
	i, ok := pgsql.TokenAt(m.code, a)
	j, ok2 := pgsql.TokenAt(m.code, b)
	if !ok || !ok2 || j <= i {
		return 0, 0, false
	}
	end := itemEnd(m.code, j)
	return m.code[i].Start, m.code[end-1].End, true
}

// itemEnd returns the index of the token after the list item starting at
// token i: the next comma at the item's depth, or the token ending the list.
func itemEnd(code []pgsql.Token, i int) int {
	return pgsql.NextAtDepth(code, i, func(t pgsql.Token) bool { return t.Text == "," || pgsql.EndsList(t) })
}

// aliases makes the three alias mistakes.
func (m *mutator) aliases() {
	for si, sc := range m.a.Scopes {
		var refNames []string
		for s := si; s >= 0; s = m.a.Scopes[s].Parent {
			for _, it := range m.a.Scopes[s].Items {
				if n := it.RefName(); n != "" {
					refNames = append(refNames, n)
				}
			}
		}
		for ii, it := range sc.Items {
			if it.Kind != pgsql.ItemTable || it.RefName() == "" {
				continue
			}
			ir := pgsql.ItemRef{Scope: si, Item: ii}
			var quals []pgsql.Span // qualifier spans of the item's references
			var example string
			for _, c := range m.a.Columns {
				if len(c.Qualifier) != 1 || c.Star {
					continue
				}
				if r, ok := m.cols.Resolve(c); !ok || r != ir {
					continue
				}
				if sp := m.st.ColumnSpans(c); len(sp) == 2 {
					quals = append(quals, sp[0])
					if example == "" {
						example = m.script.SQL[sp[0].Start:sp[1].End]
					}
				}
			}
			if len(quals) == 0 {
				continue
			}
			rewrite := func(kind, to string) {
				edits := make([]edit, len(quals))
				for k, q := range quals {
					edits[k] = edit{q.Start, q.End, to}
				}
				m.emit(kind, fmt.Sprintf("%s. → %s. (%s)", it.RefName(), to, example), edits...)
			}
			if it.Alias != "" && it.Alias != it.Name {
				rewrite(MutAliasTableName, it.Name)
			}
			for n := 1; n <= len(it.Name); n++ {
				p := strings.TrimRight(it.Name[:n], "_")
				if p == it.Alias || slices.Contains(refNames, p) || catalog.QuoteIdent(p) != p {
					continue
				}
				rewrite(MutAliasUndefined, p)
				break
			}
		}
		// One reference at a time, to each other item of the block.
		for _, c := range m.a.Columns {
			if c.Scope != si || len(c.Qualifier) != 1 || c.Star {
				continue
			}
			ir, ok := m.cols.Resolve(c)
			if !ok || ir.Scope != si {
				continue
			}
			sp := m.st.ColumnSpans(c)
			if len(sp) != 2 {
				continue
			}
			for k, other := range sc.Items {
				if k == ir.Item || other.RefName() == "" || other.Kind == pgsql.ItemJoin {
					continue
				}
				m.emit(MutAliasOtherItem, fmt.Sprintf("%s → %s.%s", c.QualifiedName(), other.RefName(), c.Name),
					edit{sp[0].Start, sp[0].End, other.RefName()})
			}
		}
	}
}

// groupBy drops each GROUP BY item in turn (the whole clause when it has
// one item).
func (m *mutator) groupBy() {
	for _, sc := range m.a.Scopes {
		if len(sc.GroupBy) == 0 {
			continue
		}
		by := -1
		for i := 1; i < len(m.code) && m.code[i].Start < firstLocation(sc.GroupBy); i++ {
			if m.code[i].Keyword == "by" && m.code[i-1].Keyword == "group" {
				by = i
			}
		}
		if by < 0 {
			continue
		}
		// The items' token ranges, split at commas of the list's depth.
		var items [][2]int
		start := by + 1
		for {
			end := itemEnd(m.code, start)
			items = append(items, [2]int{start, end})
			if end >= len(m.code) || m.code[end].Text != "," {
				break
			}
			start = end + 1
		}
		if len(items) != len(sc.GroupBy) {
			continue // grouping sets, ROLLUP, …
		}
		for k, r := range items {
			text := m.script.SQL[m.code[r[0]].Start:m.code[r[1]-1].End]
			var e edit
			switch {
			case len(items) == 1:
				e = edit{m.code[by-2].End, m.code[r[1]-1].End, ""}
			case k == 0:
				e = edit{m.code[r[0]].Start, m.code[items[1][0]].Start, ""}
			default:
				e = edit{m.code[items[k-1][1]-1].End, m.code[r[1]-1].End, ""}
			}
			m.emit(MutGroupByMissing, "GROUP BY without "+text, e)
		}
	}
}

func firstLocation(gs []pgsql.GroupItem) int {
	loc := -1
	for _, g := range gs {
		if g.Location >= 0 && (loc < 0 || g.Location < loc) {
			loc = g.Location
		}
	}
	return loc
}

// trailingCommas ends each SELECT, GROUP BY and ORDER BY list with a comma.
func (m *mutator) trailingCommas() {
	for i, t := range m.code {
		list := ""
		switch {
		case t.Keyword == "select":
			list = "SELECT"
		case t.Keyword == "by" && i > 0 && (m.code[i-1].Keyword == "group" || m.code[i-1].Keyword == "order"):
			list = strings.ToUpper(m.code[i-1].Keyword) + " BY"
		default:
			continue
		}
		end := i + 1
		for {
			e := itemEnd(m.code, end)
			if e >= len(m.code) || m.code[e].Text != "," {
				end = e
				break
			}
			end = e + 1
		}
		if end <= i+1 {
			continue
		}
		at := m.code[end-1].End
		m.emit(MutTrailingComma, fmt.Sprintf("%s list ends with a comma (offset %d)", list, at), edit{at, at, ","})
	}
}

// ambiguous drops the qualifier of each reference to a column that more
// than one FROM item of its block has.
func (m *mutator) ambiguous() {
	for _, c := range m.a.Columns {
		if len(c.Qualifier) != 1 || c.Star || m.a.Scopes[c.Scope].Kind != pgsql.ScopeSelect {
			continue
		}
		if o := m.cols.Owners(c.Scope, c.Name); o.Unknown || len(o.Items) < 2 {
			continue
		}
		sp := m.st.ColumnSpans(c)
		if len(sp) != 2 {
			continue
		}
		m.emit(MutAmbiguousColumn, fmt.Sprintf("%s → %s", c.QualifiedName(), c.Name), edit{sp[0].Start, sp[1].Start, ""})
	}
}

// unquoted makes the MutUnquoted mutant: each quoted identifier that needs
// its quotes written bare, what is neither a letter nor a digit as an
// underscore.
func (m *mutator) unquoted() {
	var edits []edit
	var changes []string
	for _, t := range m.code {
		if t.Kind != pgsql.TokenIdent || !strings.HasPrefix(t.Text, `"`) || len(t.Text) < 2 {
			continue
		}
		name := strings.ReplaceAll(t.Text[1:len(t.Text)-1], `""`, `"`)
		if catalog.QuoteIdent(name) == name {
			continue // quoted, but needs no quotes: written bare it is the same name
		}
		bare := strings.Trim(strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
			return '_'
		}, name), "_")
		if bare == "" || unicode.IsDigit([]rune(bare)[0]) {
			continue
		}
		edits = append(edits, edit{t.Start, t.End, bare})
		if !slices.Contains(changes, t.Text+" → "+bare) {
			changes = append(changes, t.Text+" → "+bare)
		}
	}
	if len(edits) > 0 {
		m.emit(MutUnquoted, strings.Join(changes, ", "), edits...)
	}
}
