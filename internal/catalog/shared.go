package catalog

import (
	"slices"
	"strings"
)

// The rules of this file infer joins where no column names a table: a table
// holding another's whole composite key (inferComposite), and a column
// several tables carry, joined to the one that leads with it (inferShared).
// Both compare types by family (compatibleTypes).

// inferComposite infers t's references to composite keys: the tables whose
// whole key t holds (same names, compatible types, no column in a declared
// foreign key), the widest only (mard holds marc's matnr, werks: not
// mara's matnr alone, which the single-column rule handles); two tables with
// the same key are ambiguous, and a table with the same key as t is its
// 1:1 partner or copy, not its parent.
func inferComposite(t *Table, composite map[string][]*Table, covered, declared map[pair]bool) []inferredEdge {
	cols := make(map[string]*Column, len(t.Columns))
	for i := range t.Columns {
		cols[strings.ToLower(t.Columns[i].Name)] = &t.Columns[i]
	}
	count := map[*Table]int{}
	for name := range cols {
		for _, r := range composite[name] {
			count[r]++
		}
	}
	keySet := func(ts *Table) map[string]bool {
		out := make(map[string]bool, len(ts.PrimaryKey))
		for _, k := range ts.PrimaryKey {
			out[strings.ToLower(k)] = true
		}
		return out
	}
	subset := func(a, b map[string]bool) bool {
		for k := range a {
			if !b[k] {
				return false
			}
		}
		return true
	}
	own := keySet(t)
	var matches []*Table
	for r, n := range count {
		if r == t || n != len(r.PrimaryKey) || declared[pair{t.Key(), r.Key()}] {
			continue
		}
		rk := keySet(r)
		if len(rk) == len(own) && subset(rk, own) {
			continue
		}
		// The columns are all of t's key (mseg's mblnr, mjahr of its
		// mblnr, mjahr, zeile) or none of it (ORDHDR's CUST_NO, SHIPTO_NO):
		// a mix takes t's own numbering for a reference (RCV_DTL's LN_NO
		// with its PO_NO is not PO_DTL's line).
		ok, inKey := true, 0
		for _, k := range r.PrimaryKey {
			c := cols[strings.ToLower(k)]
			ok = ok && !covered[pair{t.Key(), c.Name}] && compatibleTypes(c.ValueType(), r.Column(k).ValueType())
			if own[strings.ToLower(k)] {
				inKey++
			}
		}
		ok = ok && (inKey == 0 || inKey == len(r.PrimaryKey))
		if ok {
			matches = append(matches, r)
		}
	}
	slices.SortFunc(matches, compareTables)
	var out []inferredEdge
	for _, r := range matches {
		rk := keySet(r)
		wider := slices.ContainsFunc(matches, func(o *Table) bool {
			// Another match whose key holds r's: the wider one (or, the
			// same key, an ambiguity) wins over r.
			return o != r && subset(rk, keySet(o))
		})
		if wider {
			continue
		}
		fk := ForeignKey{Schema: t.Schema, Table: t.Name, RefSchema: r.Schema, RefTable: r.Name, RefColumns: slices.Clone(r.PrimaryKey), Inferred: true}
		for _, k := range r.PrimaryKey {
			fk.Columns = append(fk.Columns, cols[strings.ToLower(k)].Name)
		}
		fk.Name = "inferred:" + t.Name + "(" + strings.Join(fk.Columns, ",") + ")"
		out = append(out, inferredEdge{fk: fk, group: r.Key() + "\x00" + strings.ToLower(strings.Join(fk.Columns, ",")), owned: false})
	}
	return out
}

// compatibleTypes reports whether a column of type a can hold the keys of
// a column of type b: the same type, or both integers (smallint to bigint,
// numeric without a fraction), both text (char, varchar, text).
func compatibleTypes(a, b string) bool {
	fa, fb := typeFamily(a), typeFamily(b)
	return fa != "" && fa == fb
}

func typeFamily(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	if strings.HasSuffix(t, "]") {
		return "" // arrays join nothing
	}
	base, args, _ := strings.Cut(t, "(")
	base = strings.TrimSpace(base)
	switch base {
	case "smallint", "integer", "bigint", "int", "int2", "int4", "int8", "serial", "bigserial", "smallserial":
		return "int"
	case "numeric", "decimal":
		// numeric(10) and numeric(10,0) hold keys migrated from NUMBER(10).
		if _, scale, ok := strings.Cut(strings.TrimSuffix(args, ")"), ","); ok && strings.TrimSpace(scale) != "0" {
			return "decimal"
		}
		return "int"
	case "text", "character varying", "varchar", "character", "char", "bpchar", "citext", "name":
		return "text"
	}
	return base
}

// inferShared infers the joins no key's name gives away: a column whose
// name several tables carry with one type family, none of them a key by
// name (IMMNZTN_STATUS_C in CT_IMM_STAT and IMM, PROV_ID in MF_PRV and
// ENC), where a warehouse or an export declares nothing. The table whose
// first column it is owns it when it declares no primary key (the
// positional key of a dump: most tables lead with their key), and the
// others reference it. With no owner, or two, nothing is inferred: two
// tables sharing AWARD_STATUS_CD or STATE_CD are siblings of a lookup the
// schema lacks, and joining them directly cost dev questions
// (docs/DESIGN.md, Inferred joins). Columns already in a declared or
// inferred foreign key, generic names, copies and views take no part;
// neither do types other than integers and text, which hold keys. The
// fan-in cap applies to these edges as to the others (MaxInferredFanIn).
func inferShared(s *Snapshot, copies map[pair]copyInfo, covered, declared map[pair]bool, edges []inferredEdge) []inferredEdge {
	used := map[string]bool{} // lower-case column names already in an edge
	for _, e := range edges {
		for _, c := range e.fk.Columns {
			used[strings.ToLower(c)] = true
		}
		for _, c := range e.fk.RefColumns {
			used[strings.ToLower(c)] = true
		}
	}
	type holder struct {
		table *Table
		col   string
		first bool
	}
	groups := map[pair][]holder{} // (column, family)
	var order []pair
	for _, t := range s.Tables {
		if _, isCopy := copies[tableID(t)]; isCopy || t.IsView() {
			continue
		}
		for i, col := range t.Columns {
			low := strings.ToLower(col.Name)
			fam := typeFamily(col.ValueType())
			if used[low] || covered[pair{t.Key(), col.Name}] || (fam != "int" && fam != "text") {
				continue
			}
			c := singularParts(col.Name)
			if len(c) == 0 || genericColumns[joinParts(c)] {
				continue
			}
			k := pair{low, fam}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], holder{table: t, col: col.Name, first: i == 0 && len(t.PrimaryKey) == 0})
		}
	}
	var out []inferredEdge
	edge := func(from, to holder) {
		if declared[pair{from.table.Key(), to.table.Key()}] {
			return
		}
		out = append(out, inferredEdge{
			fk: ForeignKey{
				Name: "inferred:" + from.table.Name + "." + from.col, Schema: from.table.Schema, Table: from.table.Name, Columns: []string{from.col},
				RefSchema: to.table.Schema, RefTable: to.table.Name, RefColumns: []string{to.col}, Inferred: true,
			},
			group: to.table.Key() + "\x00" + strings.ToLower(from.col),
		})
	}
	for _, k := range order {
		g := groups[k]
		owner := -1
		for i, h := range g {
			if h.first {
				if owner >= 0 {
					owner = -1 // two tables lead with it: whose key is it?
					break
				}
				owner = i
			}
		}
		if owner < 0 {
			continue
		}
		for i, h := range g {
			if i != owner {
				edge(h, g[owner])
			}
		}
	}
	return out
}
