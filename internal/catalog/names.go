package catalog

import (
	"strings"
	"unicode"
)

// nameParts splits an identifier into lower-case words at underscores and
// other separators and at case changes (orderLineItems, HTTPServer), so
// that CUST_MSTR_BAK_2011, customerAccountsBackup and shadow_instances
// compare part by part whatever their style. Digits stay with the letters
// before them (icd10, t001w); a run of digits after a separator is a part
// of its own (_2011). Run-together upper case (PURCHASEORDERLINE) stays one
// part: splitting it needs a dictionary, which is the schema index's
// business, not the catalog's.
//
// It is deliberately simpler than schemaindex's word handling: the catalog
// only needs to match names against names of the same schema.
func nameParts(name string) []string {
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if i > 0 && len(cur) > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			// orderLine: lower then upper; HTTPServer: the last upper of a
			// run that starts a lower-case word.
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return parts
}

// singular is a word's singular by the regular English endings, enough to
// compare table names (employees, categories, addresses) with the keys
// that name them (employee_id, category_id, address_id).
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

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
