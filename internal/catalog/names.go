package catalog

import (
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// nameParts are the parts of a name as catalog compares names with names
// (naming.PartsKeepingDigits).
func nameParts(name string) []string { return naming.PartsKeepingDigits(name) }

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

func hasSuffixParts(ps, suffix []string) bool {
	if len(suffix) > len(ps) {
		return false
	}
	off := len(ps) - len(suffix)
	for i, s := range suffix {
		if ps[off+i] != s {
			return false
		}
	}
	return true
}
