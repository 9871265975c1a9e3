package pgsql

import "slices"

// KnownColumns returns the item's column names and whether they are
// known. table holds the catalog's columns of a table item (none when the
// catalog lacks the table); the item's column aliases rename the first of
// them. A join's columns are those of the items inside, so not its own;
// any other item's are what the tree tells (Columns).
func (f FromItem) KnownColumns(table []string) ([]string, bool) {
	switch f.Kind {
	case ItemTable:
		if len(table) == 0 {
			return nil, false
		}
		cols := slices.Clone(table)
		for i, a := range f.AliasColumns {
			if i < len(cols) {
				cols[i] = a
			}
		}
		return cols, true
	case ItemJoin:
		return nil, false
	}
	return f.Columns, f.Columns != nil
}

// Owners is where an unqualified column name resolves.
type Owners struct {
	// Items are the FROM items of the resolving scope that have the column.
	Items []ItemRef
	// Scope is the scope the search stopped at; -1 when it found nothing.
	Scope int
	// Unknown is true when that scope has items whose columns are unknown.
	Unknown bool
}

// ColumnResolver places column references on FROM items, given what the
// caller knows of the items' columns (the catalog knows a table's).
type ColumnResolver struct {
	Analysis *Analysis
	// Columns returns an item's column names and whether they are known.
	Columns func(FromItem) ([]string, bool)
	// Visible searches only the scopes a reference can see (VisibleScopes),
	// as Postgres does; otherwise every enclosing scope, as Resolve does.
	Visible bool
}

// Owners finds the items an unqualified column name written in scope
// resolves to, the way Postgres searches: the innermost scope with a match
// wins, and a scope with an item of unknown columns stops the search
// (that item may have the column). Joins are left out: their columns are
// those of the items inside.
func (r ColumnResolver) Owners(scope int, name string) Owners {
	scopes := r.Analysis.EnclosingScopes(scope)
	if r.Visible {
		scopes = r.Analysis.VisibleScopes(scope)
	}
	for _, s := range scopes {
		o := Owners{Scope: s}
		for i, it := range r.Analysis.Scopes[s].Items {
			if it.Kind == ItemJoin {
				continue
			}
			cols, known := r.Columns(it)
			if !known {
				o.Unknown = true
				continue
			}
			if slices.Contains(cols, name) {
				o.Items = append(o.Items, ItemRef{Scope: s, Item: i})
			}
		}
		if len(o.Items) > 0 || o.Unknown {
			return o
		}
	}
	return Owners{Scope: -1}
}

// Resolve places a column reference on its FROM item; false when the tree
// and the columns cannot tell (or the reference is invalid). A qualified
// reference goes to the first item its qualifier names (Analysis.Resolve).
func (r ColumnResolver) Resolve(ref ColumnRef) (ItemRef, bool) {
	if len(ref.Qualifier) > 0 {
		return r.Analysis.Resolve(ref.Scope, ref.Qualifier)
	}
	o := r.Owners(ref.Scope, ref.Name)
	if len(o.Items) == 1 && !o.Unknown {
		return o.Items[0], true
	}
	return ItemRef{}, false
}

// EnclosingScopes returns scope and the query blocks around it, innermost
// first.
func (a *Analysis) EnclosingScopes(scope int) []int {
	var out []int
	for s := scope; s >= 0 && s < len(a.Scopes); s = a.Scopes[s].Parent {
		out = append(out, s)
	}
	return out
}

// VisibleScopes returns the query blocks whose FROM items a reference
// written in scope can see, innermost first. A WITH query's body and a
// subquery in FROM (unless LATERAL) do not see the FROM items of the block
// they belong to, only those further out.
func (a *Analysis) VisibleScopes(scope int) []int {
	var out []int
	skip := false
	for s := scope; s >= 0 && s < len(a.Scopes); s = a.Scopes[s].Parent {
		if !skip {
			out = append(out, s)
		}
		sc := a.Scopes[s]
		skip = sc.Origin == OriginCTE || (sc.Origin == OriginFrom && !sc.Lateral)
	}
	return out
}
