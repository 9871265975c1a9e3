package catalog

import (
	"slices"
	"strings"
)

// Copies of tables are everywhere in old databases: shadow_instances next
// to instances, CUST_MSTR_BAK_2011 next to CUST_MSTR, orders_hist, an
// archive schema holding last decade's orders. A copy matches a question
// as well as the table it copies (often better: fewer columns, so its
// name weighs more), and a model given both picks either. CopyOf tells
// retrieval which table a copy copies, so that it can rank the copy below
// it unless the question asks for history.

// copyMarkers are the name parts that mark a table as a copy, each with the
// word a question asking for that copy would use (hist → history). A
// trailing number (_2011, _1, _20240131) marks a copy too, with no word.
//
// _new is not a marker: after a migration orders_new is as often the live
// table as the one being built, and nothing in the names says which; the
// two are left as they are.
var copyMarkers = map[string]string{
	"shadow": "shadow",
	"hist":   "history", "history": "history", "historic": "history",
	"bak": "backup", "bkp": "backup", "backup": "backup",
	"old":     "old",
	"archive": "archive", "archived": "archive", "arch": "archive",
	"copy": "copy",
	"tmp":  "temporary", "temp": "temporary",
	"snapshot": "snapshot", "snap": "snapshot",
	"staging": "staging", "stg": "staging",
	"legacy":  "legacy",
	"deleted": "deleted",
	"prev":    "previous", "previous": "previous",
}

// runTogetherMarkers may also end or start a name written as one word
// (INSTANCESHIST, SHADOWINSTANCES). The short or common ones (old, arch,
// snap, prev) are left out: gOLD, reseARCH, mARCH.
var runTogetherMarkers = []string{"shadow", "history", "hist", "backup", "bak", "bkp", "archived", "archive", "copy", "tmp", "temp", "snapshot", "staging", "legacy", "deleted"}

// archiveSchemaMarkers make a schema archive-like: a table there is a copy
// of the table of the same name in another schema.
var archiveSchemaMarkers = map[string]bool{
	"archive": true, "archived": true, "arch": true, "history": true, "hist": true,
	"backup": true, "bak": true, "old": true, "shadow": true, "snapshot": true,
}

// copyInfo is what a copy copies and the words that said so.
type copyInfo struct {
	original *Table
	words    []string
}

// CopyOf returns the table t is a copy of, or nil when t is no copy. A table
// is a copy when:
//
//   - stripping copy markers (shadow, hist, history, bak, backup, old,
//     archive, copy, tmp, temp, snapshot, staging, legacy, deleted, prev)
//     and trailing numbers from either end of its name gives the name of
//     another table (in its own schema first, else on the search path),
//     whatever the case and style of the names (orders_hist, ORDERS_HIST,
//     ordersHist, INSTANCESHIST, CUST_MSTR_BAK_2011); or
//   - it lives in an archive-like schema (archive, history, backup, bak,
//     old, shadow, snapshot as a part of the schema name) and a table of
//     the same name lives in another schema;
//
// and, either way, at least two of its columns and at least half of them
// are columns of that table (by name, ignoring case): a history table of
// field changes (entity_id, field_name, old_value, new_value) is not a
// copy of its entity, nor is a table other tables declare foreign keys to.
// Computed once per snapshot.
func (s *Snapshot) CopyOf(t *Table) *Table {
	return s.derive().copies[tableID(t)].original
}

// CopyWords returns the words that mark t as a copy, as a question asking
// for it would say them ("backup", "history", "archive"), nil when t is no
// copy or only a trailing number marks it.
func (s *Snapshot) CopyWords(t *Table) []string {
	return s.derive().copies[tableID(t)].words
}

// findCopies computes CopyOf for every table.
func findCopies(s *Snapshot) map[pair]copyInfo {
	idx := s.index()
	schemaRank := map[string]int{}
	for i, sc := range s.Schemas {
		schemaRank[sc] = i
	}
	rank := func(t *Table) int {
		if r, ok := schemaRank[t.Schema]; ok {
			return r
		}
		return len(s.Schemas)
	}
	// Tables by their name's parts, joined with and without separators
	// (CUSTMSTR finds CUST_MSTR's copy CUSTMSTR_BAK), in search path order.
	byName := map[string][]*Table{}
	for _, t := range s.Tables {
		ps := nameParts(t.Name)
		byName[joinParts(ps)] = append(byName[joinParts(ps)], t)
		if flat := strings.Join(ps, ""); flat != joinParts(ps) {
			byName[flat] = append(byName[flat], t)
		}
	}
	for _, ts := range byName {
		slices.SortStableFunc(ts, func(a, b *Table) int { return rank(a) - rank(b) })
	}
	archiveSchema := map[string][]string{}
	for _, t := range s.Tables {
		if _, ok := archiveSchema[t.Schema]; ok {
			continue
		}
		var words []string
		for _, p := range nameParts(t.Schema) {
			if archiveSchemaMarkers[p] {
				words = append(words, copyMarkers[p])
			}
		}
		archiveSchema[t.Schema] = words
	}
	referenced := func(t *Table) bool {
		for _, i := range idx.incoming[t.Key()] {
			if s.ForeignKeys[i].TableKey() != t.Key() {
				return true
			}
		}
		return false
	}
	// lookup finds the table named parts that t copies, its own schema
	// first.
	lookup := func(t *Table, ps []string, otherSchemaOnly bool) *Table {
		var found *Table
		for _, key := range []string{joinParts(ps), strings.Join(ps, "")} {
			for _, o := range byName[key] {
				if o == t || (otherSchemaOnly && (o.Schema == t.Schema || len(archiveSchema[o.Schema]) > 0)) || !columnsCopied(t, o) {
					continue
				}
				if o.Schema == t.Schema {
					return o
				}
				if found == nil {
					found = o
				}
			}
		}
		return found
	}
	out := map[pair]copyInfo{}
	for _, t := range s.Tables {
		if referenced(t) {
			continue
		}
		if words := archiveSchema[t.Schema]; len(words) > 0 {
			if o := lookup(t, nameParts(t.Name), true); o != nil {
				out[tableID(t)] = copyInfo{original: o, words: words}
				continue
			}
		}
		cands, words := stripCopyMarkers(nameParts(t.Name))
		// The most stripped name first: orders_bak_old copies orders when
		// there is one, else orders_bak.
		for i := len(cands) - 1; i >= 0; i-- {
			if o := lookup(t, cands[i], false); o != nil {
				out[tableID(t)] = copyInfo{original: o, words: words[i]}
				break
			}
		}
		// A copy named with a marker word may also carry its own prefix
		// (zsd_kna1_bkp: a custom namespace's backup of kna1).
		if _, found := out[tableID(t)]; !found && len(cands) > 0 && len(words[len(words)-1]) > 0 {
			last := cands[len(cands)-1]
			for i := 1; i < len(last); i++ {
				if o := lookup(t, last[i:], false); o != nil {
					out[tableID(t)] = copyInfo{original: o, words: words[len(words)-1]}
					break
				}
			}
		}
	}
	return out
}

// stripCopyMarkers returns the names left by stripping copy markers and
// trailing numbers from either end of a name's parts, one at a time, each
// with the marker words stripped so far.
func stripCopyMarkers(parts []string) (cands [][]string, words [][]string) {
	ps := slices.Clone(parts)
	var ws []string
	for len(ps) > 0 {
		last, first := ps[len(ps)-1], ps[0]
		switch {
		case len(ps) > 1 && allDigits(last):
			ps = ps[:len(ps)-1]
		case len(ps) > 1 && copyMarkers[last] != "":
			ws = append(ws, copyMarkers[last])
			ps = ps[:len(ps)-1]
		case len(ps) > 1 && copyMarkers[first] != "":
			ws = append(ws, copyMarkers[first])
			ps = ps[1:]
		default:
			m, rest, atEnd := runTogetherMarker(last, first)
			if m == "" {
				return cands, words
			}
			ws = append(ws, copyMarkers[m])
			ps = slices.Clone(ps)
			if atEnd {
				ps[len(ps)-1] = rest
			} else {
				ps[0] = rest
			}
		}
		cands = append(cands, slices.Clone(ps))
		words = append(words, slices.Clone(ws))
	}
	return cands, words
}

// runTogetherMarker finds a marker written together with the rest of a
// name part: at the end of the last part (instanceshist) or the start of
// the first (shadowinstances), leaving at least three letters.
func runTogetherMarker(last, first string) (marker, rest string, atEnd bool) {
	for _, m := range runTogetherMarkers {
		if len(last) >= len(m)+3 && strings.HasSuffix(last, m) {
			return m, strings.TrimSuffix(last, m), true
		}
		if len(first) >= len(m)+3 && strings.HasPrefix(first, m) {
			return m, strings.TrimPrefix(first, m), false
		}
	}
	return "", "", false
}

// columnsCopied reports whether at least two of c's columns, and at least
// half of them, are columns of original (names compared ignoring case).
func columnsCopied(c, original *Table) bool {
	names := make(map[string]bool, len(original.Columns))
	for _, col := range original.Columns {
		names[strings.ToLower(col.Name)] = true
	}
	n := 0
	for _, col := range c.Columns {
		if names[strings.ToLower(col.Name)] {
			n++
		}
	}
	return n >= 2 && 2*n >= len(c.Columns)
}
