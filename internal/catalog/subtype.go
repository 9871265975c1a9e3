package catalog

import (
	"slices"
	"strings"
)

// A table keyed by another table's key (table-per-type inheritance:
// sales_person.business_entity_id references employee's, employee's
// person's) holds a subtype of the other's rows: every row of it is a row
// of the supertype, under the same key. A table referencing the supertype
// therefore joins each subtype directly on that key, and people write it
// so (entity_address.business_entity_id = organization.business_entity_id,
// no business_entity between). subtypeJoins adds those joins as inferred
// edges: without them the join planner and the fill see organization and
// entity_address two joins apart through a supertype no question names.

// maxSubtypes is the most subtypes a supertype may have for the tables
// referencing it to be joined to each: past it the supertype is a
// catalogue of kinds (a hundred kinds of document), and every table
// referencing it would become a hub.
const maxSubtypes = HubDegree

// isSubtype reports whether fk keys its table by the referenced table's
// key: its columns are the whole (declared or implied) key of its table,
// its referenced columns the whole key of the other.
func isSubtype(s *Snapshot, fk ForeignKey) bool {
	if fk.Table == fk.RefTable && fk.Schema == fk.RefSchema {
		return false
	}
	t, r := s.Table(fk.Schema, fk.Table), s.Table(fk.RefSchema, fk.RefTable)
	if t == nil || r == nil {
		return false
	}
	return sameSet(fk.Columns, keyOf(t)) && sameSet(fk.RefColumns, keyOf(r))
}

// Identifying reports whether fk, a foreign key of t, references by a
// proper part of t's declared primary key: the table t's rows are made of
// (a document line's header, a snapshot fact's dimensions, an
// association's sides). A whole key is a subtype's (isSubtype); a table
// declaring no key tells nothing.
func Identifying(t *Table, fk ForeignKey) bool {
	if len(fk.Columns) >= len(t.PrimaryKey) {
		return false
	}
	for _, c := range fk.Columns {
		if !slices.Contains(t.PrimaryKey, c) {
			return false
		}
	}
	return true
}

// keyOf is t's primary key, or the key its name implies (impliedKey).
func keyOf(t *Table) []string {
	if len(t.PrimaryKey) > 0 {
		return t.PrimaryKey
	}
	if k := impliedKey(t); k != "" {
		return []string{k}
	}
	return nil
}

// singleKey is t's key when it is one column (keyOf), else "".
func singleKey(t *Table) string {
	if k := keyOf(t); len(k) == 1 {
		return k[0]
	}
	return ""
}

func sameSet(a, b []string) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// subtypeJoins returns, for every table referencing a supertype (not as a
// subtype itself), an inferred edge to each of the supertype's direct
// subtypes, on the same columns, unless the two are joined already.
// subtype holds the edges that are subtype keys (isSubtype; never a
// copy's: a copy is keyed like its original, and no subtype).
// kinds holds each supertype's subtypes (subtypesOf).
func subtypeJoins(edges []ForeignKey, subtype map[fkID]bool, kinds map[pair]map[pair]bool, copies map[pair]copyInfo) []ForeignKey {
	subtypes := map[pair][]ForeignKey{} // supertype -> its subtypes' keys
	for _, fk := range edges {
		if subtype[idOf(fk)] {
			to := pair{fk.RefSchema, fk.RefTable}
			subtypes[to] = append(subtypes[to], fk)
		}
	}
	joined := map[[2]pair]bool{}
	for _, fk := range edges {
		joined[[2]pair{{fk.Schema, fk.Table}, {fk.RefSchema, fk.RefTable}}] = true
	}
	var out []ForeignKey
	for _, fk := range edges {
		subs := subtypes[pair{fk.RefSchema, fk.RefTable}]
		if len(subs) == 0 || len(kinds[pair{fk.RefSchema, fk.RefTable}]) > maxSubtypes || subtype[idOf(fk)] || (fk.Table == fk.RefTable && fk.Schema == fk.RefSchema) {
			continue
		}
		from := pair{fk.Schema, fk.Table}
		if _, isCopy := copies[from]; isCopy {
			continue
		}
		for _, sub := range subs {
			to := pair{sub.Schema, sub.Table}
			if to == from || joined[[2]pair{from, to}] || joined[[2]pair{to, from}] {
				continue
			}
			// The subtype's column for each of the supertype's key columns.
			refs := make([]string, len(fk.RefColumns))
			for i, rc := range fk.RefColumns {
				j := slices.Index(sub.RefColumns, rc)
				if j < 0 {
					refs = nil
					break
				}
				refs[i] = sub.Columns[j]
			}
			if refs == nil {
				continue
			}
			joined[[2]pair{from, to}] = true
			out = append(out, ForeignKey{
				Name: "inferred:" + fk.Table + "." + strings.Join(fk.Columns, ",") + ">" + sub.Table, Schema: fk.Schema, Table: fk.Table,
				Columns: fk.Columns, RefSchema: sub.Schema, RefTable: sub.Table, RefColumns: refs, Inferred: true,
				Through: fk.RefTable,
			})
		}
	}
	return out
}

// SubtypeKey reports whether fk keys its table by the referenced table's
// whole key: its table is a subtype of the other (table-per-type
// inheritance), a copy never is.
func (s *Snapshot) SubtypeKey(fk ForeignKey) bool { return s.derive().subtype[idOf(fk)] }

// subtypesOf maps each supertype to its direct subtypes, the tables of the
// edges that are subtype keys (subtype): a table counts once however many
// keys say so.
func subtypesOf(edges []ForeignKey, subtype map[fkID]bool) map[pair]map[pair]bool {
	kinds := map[pair]map[pair]bool{}
	for _, fk := range edges {
		if subtype[idOf(fk)] {
			sup := pair{fk.RefSchema, fk.RefTable}
			if kinds[sup] == nil {
				kinds[sup] = map[pair]bool{}
			}
			kinds[sup][pair{fk.Schema, fk.Table}] = true
		}
	}
	return kinds
}

// catalogues maps each direct subtype of a catalogue of kinds (a supertype
// of more than maxSubtypes subtypes, kinds holding each one's) to that
// supertype; subtype holds the edges that are subtype keys. A table that
// is a kind of two catalogues (rare) counts in the one its first such key
// references.
func catalogues(edges []ForeignKey, subtype map[fkID]bool, kinds map[pair]map[pair]bool) map[pair]pair {
	out := map[pair]pair{}
	for _, fk := range edges {
		sup, sub := pair{fk.RefSchema, fk.RefTable}, pair{fk.Schema, fk.Table}
		if _, seen := out[sub]; !seen && subtype[idOf(fk)] && len(kinds[sup]) > maxSubtypes {
			out[sub] = sup
		}
	}
	return out
}

// Catalogue returns the supertype t is a direct subtype of when that
// supertype is a catalogue of kinds (more than HubDegree subtypes: a
// hundred kinds of document, a dozen kinds of switch), else nil. The kinds
// of one catalogue are alternatives that share its words, and a question
// means one or two of them.
func (s *Snapshot) Catalogue(t *Table) *Table {
	sup, ok := s.derive().kindOf[tableID(t)]
	if !ok {
		return nil
	}
	return s.Table(sup.a, sup.b)
}
