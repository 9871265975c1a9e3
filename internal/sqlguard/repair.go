package sqlguard

import (
	"regexp"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// ColumnRef is a column reference that Postgres reported as undefined
// (SQLSTATE 42703), placed on the FROM item it was written against, so that
// repair can show the model that table's real columns.
type ColumnRef struct {
	// Qualifier is the qualifier as written ("e", "hr.employees"); "" for an
	// unqualified column.
	Qualifier string `json:"qualifier,omitempty"`
	Column    string `json:"column"`
	// Schema and Table name the table the reference was meant for: the
	// catalog table when the item is one (schema resolved through the
	// catalog), else the CTE, subquery alias or function name. Both are ""
	// when the reference cannot be placed (e.g. an unqualified column in a
	// query with several tables: see Candidates).
	Schema string `json:"schema,omitempty"`
	Table  string `json:"table,omitempty"`
	// Source is the kind of FROM item Table names: "table", "cte",
	// "subquery", "function", "join"; "" when unplaced.
	Source string `json:"source,omitempty"`
	// Candidates are the catalog tables of the query block the reference
	// is written in: where the column might have been meant to come from.
	Candidates []TableRef `json:"candidates,omitempty"`
}

var (
	reColumnOfRelation = regexp.MustCompile(`column "((?:[^"]|"")*)" of relation "((?:[^"]|"")*)" does not exist`)
	reColumnQuoted     = regexp.MustCompile(`column "((?:[^"]|"")*)" does not exist`)
	reColumnBare       = regexp.MustCompile(`column (.+?) does not exist`)
)

// ResolveColumnError places the column of a Postgres undefined-column
// message on the table of sql it was written against. It understands
//
//	column e.employee_name does not exist       (qualified reference)
//	column "employee_name" does not exist       (unqualified reference)
//	column "x" of relation "t" does not exist   (INSERT/UPDATE targets)
//
// anywhere in message (so "ERROR: … (SQLSTATE 42703)" works too). cat may be
// nil; with it, tables resolve to their schema. ok is false when message
// is not one of these forms or sql does not parse.
func ResolveColumnError(sql, message string, cat Catalog) (ColumnRef, bool) {
	if cat == nil {
		cat = emptyCatalog{}
	}
	var out ColumnRef
	var qualifier []string
	switch {
	case reColumnOfRelation.MatchString(message):
		m := reColumnOfRelation.FindStringSubmatch(message)
		out.Column, out.Table, out.Source = unquote(m[1]), unquote(m[2]), string(pgsql.ItemTable)
		if t, ok := cat.LookupTable("", out.Table); ok {
			out.Schema = t.Schema
		}
		return out, true
	case reColumnQuoted.MatchString(message):
		out.Column = unquote(reColumnQuoted.FindStringSubmatch(message)[1])
	case reColumnBare.MatchString(message):
		parts := strings.Split(reColumnBare.FindStringSubmatch(message)[1], ".")
		out.Column = parts[len(parts)-1]
		qualifier = parts[:len(parts)-1]
		out.Qualifier = strings.Join(qualifier, ".")
	default:
		return ColumnRef{}, false
	}

	script, err := pgsql.Parse(sql)
	if err != nil {
		return ColumnRef{}, false
	}
	for _, st := range script.Statements {
		a := st.Analysis()
		l := newLinter(script, a, cat)
		for _, ref := range a.Columns {
			if ref.Star || ref.Name != out.Column || !slices.Equal(ref.Qualifier, qualifier) {
				continue
			}
			l.place(&out, ref.Scope, qualifier)
			return out, true
		}
		if len(qualifier) > 0 {
			// Not written as such (Postgres may word a reference
			// differently); place the qualifier in any scope.
			for _, sc := range a.Scopes {
				if _, ok := a.Resolve(sc.ID, qualifier); ok {
					l.place(&out, sc.ID, qualifier)
					return out, true
				}
			}
		}
	}
	return out, true
}

func unquote(s string) string { return strings.ReplaceAll(s, `""`, `"`) }

// place fills out for a reference written in scope.
func (l *linter) place(out *ColumnRef, scope int, qualifier []string) {
	// Candidates: the catalog tables of the nearest scope with FROM items.
	s := scope
	for s >= 0 && len(l.a.Scopes[s].Items) == 0 {
		s = l.a.Scopes[s].Parent
	}
	var single []pgsql.ItemRef
	if s >= 0 {
		for i, it := range l.a.Scopes[s].Items {
			if it.Kind == pgsql.ItemJoin {
				continue
			}
			single = append(single, pgsql.ItemRef{Scope: s, Item: i})
			if it.Kind == pgsql.ItemTable {
				if tab := l.tables[it.Table]; tab != nil {
					r := TableRef{Schema: tab.Schema, Name: tab.Name}
					if !slices.Contains(out.Candidates, r) {
						out.Candidates = append(out.Candidates, r)
					}
				}
			}
		}
	}
	var item pgsql.ItemRef
	switch {
	case len(qualifier) > 0:
		r, ok := l.a.Resolve(scope, qualifier)
		if !ok {
			return
		}
		item = r
	case len(single) == 1:
		item = single[0]
	default:
		return
	}
	it := l.a.Item(item)
	out.Source = string(it.Kind)
	switch it.Kind {
	case pgsql.ItemTable:
		out.Schema, out.Table = it.Schema, it.Name
		if tab := l.tables[it.Table]; tab != nil {
			out.Schema, out.Table = tab.Schema, tab.Name
		}
	case pgsql.ItemFunction:
		out.Schema, out.Table = it.Schema, it.Name
	case pgsql.ItemCTE:
		out.Table = it.Name
	default:
		out.Table = it.Alias
	}
}
