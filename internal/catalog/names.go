package catalog

import (
	"slices"
	"strings"
	"sync"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// nameParts are the parts of a name as catalog compares names with names
// (naming.PartsKeepingDigits), a run-together part of six letters or more
// taken apart as naming.Read does (a warehouse migrated without quotes has
// productkey and dimproductsubcategory, where the same one written
// ProductKey has two parts).
func nameParts(name string) []string {
	if ps, ok := partsMemo.Load(name); ok {
		return slices.Clone(ps.([]string))
	}
	var out []string
	for _, p := range naming.PartsKeepingDigits(name) {
		if len(p) >= minSegmented && naming.IsLetters(p) {
			if seg := (naming.Segmenter{}).Segment(p); seg != nil {
				out = append(out, seg...)
				continue
			}
		}
		out = append(out, p)
	}
	partsMemo.Store(name, out)
	return slices.Clone(out)
}

// minSegmented is the shortest part nameParts segments, as naming.Read.
const minSegmented = 6

// partsMemo remembers nameParts: every snapshot asks again for the same
// names.
var partsMemo sync.Map // name → []string

// singular is naming.Singular: enough to compare table names (employees,
// categories, addresses) with the keys that name them.
func singular(w string) string { return naming.Singular(w) }

// singularParts is nameParts with every part singular.
func singularParts(name string) []string {
	ps := nameParts(name)
	for i, p := range ps {
		ps[i] = singular(p)
	}
	return ps
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func joinParts(ps []string) string { return strings.Join(ps, "_") }

// hasSuffixParts reports whether ps ends with the parts of suffix.
func hasSuffixParts(ps, suffix []string) bool {
	return len(suffix) <= len(ps) && slices.Equal(ps[len(ps)-len(suffix):], suffix)
}

// Named reports whether t holds a text column whose name, read as words,
// says name or title (legal_name, FULLNAME, instrumentTitle): what its rows
// are called by. A snapshot's tables hold the answer made once at load
// (retrieval asks it of every table of a context, per question); a Table
// built by hand works it out each time.
func (t *Table) Named() bool {
	if t.nameKnown {
		return t.named
	}
	return hasNameColumn(t)
}

func hasNameColumn(t *Table) bool {
	for i := range t.Columns {
		if !t.Columns[i].Text() {
			continue
		}
		for _, w := range naming.Read(t.Columns[i].Name) {
			if w.Text == "name" || w.Text == "title" {
				return true
			}
		}
	}
	return false
}
