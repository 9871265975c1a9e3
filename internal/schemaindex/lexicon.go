package schemaindex

import "strings"

// The hand-written part of the lexicon: synonym groups and the words that
// ask for an answer's shape. Words and their frequencies come from
// internal/naming's English list, abbreviations from the evidence of the
// schema (naming.Expander); these two lists hold what no general resource
// knows — which business words people use for the same thing — and none
// of it is specific to a database or a test's question.

// synonymGroups are words people use for the same business thing. A
// question word in a group also searches for the others, at a lower weight:
// "staff" finds employees, "clients" customers.
var synonymGroups = [][]string{
	{"employee", "staff", "worker", "personnel", "workforce"},
	{"customer", "client", "buyer"},
	{"supplier", "vendor"},
	{"revenue", "sales", "turnover"},
	{"salary", "pay", "wage", "compensation"},
	{"product", "item", "article"},
	{"invoice", "bill"},
	{"department", "division"},
	{"manager", "supervisor", "boss"},
	{"expense", "spend", "spending", "expenditure"},
	{"purchase", "procurement"},
}

// instructionWords ask for an answer's shape, not for a thing of the
// schema; they are left out of searches.
var instructionWords = wordSet(`show list give find display return get tell many much please sorted
	ordered including include rounded round decimal decimals highest lowest largest smallest`)

// Instruction reports whether w (lower case) asks for an answer's shape
// (show, list, highest…) rather than for a thing of the schema: searches
// leave such words out.
func Instruction(w string) bool { return instructionWords[w] }

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// synonymsOf maps each word of a synonym group to the other words of its
// groups.
var synonymsOf = func() map[string][]string {
	m := map[string][]string{}
	for _, g := range synonymGroups {
		for _, w := range g {
			for _, o := range g {
				if o != w && !contains(m[w], o) {
					m[w] = append(m[w], o)
				}
			}
		}
	}
	return m
}()

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
