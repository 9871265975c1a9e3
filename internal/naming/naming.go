// Package naming reads the words in database identifiers and questions: it
// splits identifiers where their writers marked word boundaries (Parts),
// takes run-together words apart by word frequency (Segment), recognises
// what an abbreviation stands for from the words around it (Abbreviation),
// folds plurals (Singular) and compares words by their character trigrams
// (Similarity). Retrieval, the schema index and repair read names through
// it, so that a name means the same words everywhere (docs/DESIGN.md,
// "Identifier words").
package naming

import (
	"strings"
	"sync"
	"unicode"
)

// Parts splits an identifier where its writer marked word boundaries: at
// anything but letters and digits (CUST_ACCT_BAL), at a lower-case or digit
// to upper-case change (orderLineItems), before the last capital of an
// upper-case run followed by lower case (HTTPServer → HTTP, Server) and
// between letters and digits (address2). Parts are lower-cased. Run-together
// words (SALESREPRESENTATIVE) stay one part: Segment takes them apart.
func Parts(s string) []string { return parts(s, true) }

// parts splits s as Parts does, between letters and digits too when
// splitDigits.
func parts(s string, splitDigits bool) []string {
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 {
			prev := cur[len(cur)-1]
			switch {
			case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
				flush()
			case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush()
			case splitDigits && unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return parts
}

// PartsKeepingDigits splits an identifier into lower-case words at underscores and
// other separators and at case changes (orderLineItems, HTTPServer), so
// that CUST_MSTR_BAK_2011, customerAccountsBackup and shadow_instances
// compare part by part whatever their style. Digits stay with the letters
// before them (icd10, t001w); a run of digits after a separator is a part
// of its own (_2011). Run-together upper case (PURCHASEORDERLINE) stays one
// part (Segment takes it apart).
//
// Parts splits letters from digits, for words; this keeps them together,
// for comparing names with names of the same schema (internal/catalog's
// copies and inferred joins).
func PartsKeepingDigits(name string) []string { return parts(name, false) }

// TextWords returns the lower-case words of free text (comments, glosses,
// questions): runs of letters and digits, with apostrophes dropped
// ("employee's" → "employees").
func TextWords(s string) []string { return TextTokens(strings.ToLower(s)) }

// TextTokens returns the words of free text as TextWords does, in the case
// they are written.
func TextTokens(s string) []string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "'", ""), "’", "")
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// Singular returns an English word in the singular by the regular rules,
// for looking words up and comparing names (tables are plural, models write
// columns in the singular and back): "ies" → "y", "sses", "uses", "xes",
// "ches", "shes" → drop "es" (but warehouses, causes), a final "s" (not
// "ss", "us", "is") → drop it. It is deliberately simple — stemming proper
// is PostgreSQL's, at search time — and leaves words of three letters or
// fewer alone.
func Singular(w string) string {
	switch {
	case len(w) <= 3:
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ouses"), strings.HasSuffix(w, "auses"):
		return w[:len(w)-1] // warehouses, causes
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "uses"), strings.HasSuffix(w, "xes"),
		strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		return w[:len(w)-2] // addresses, statuses, taxes, batches
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// IsLetters reports whether s is a non-empty run of letters.
func IsLetters(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// Word is one word a name is made of (Read).
type Word struct {
	// Text is the word, lower case.
	Text string
	// Means are what Text stands for when it is an abbreviation (by the
	// lexicon alone: Read knows no schema), best first.
	Means []string
}

// Read returns the words ident is made of: its parts (Parts), run-together
// ones taken apart (Segment), each with what it may abbreviate (Expand),
// without function words (has, is, by, of…: ISMANAGEDBY is "managed").
// Answers are remembered: names recur across questions.
func Read(ident string) []Word {
	if ws, ok := readMemo.Load(ident); ok {
		return ws.([]Word)
	}
	var out []Word
	add := func(w string) {
		if len(w) < 2 || functionWords[w] || strings.Trim(w, "0123456789") == "" {
			return
		}
		out = append(out, Word{Text: w, Means: Expander{}.Expand(w)})
	}
	sg := Segmenter{}
	for _, p := range Parts(ident) {
		if len(p) >= 6 {
			if ps := sg.Segment(p); ps != nil {
				for _, x := range ps {
					add(x)
				}
				continue
			}
		}
		add(p)
	}
	readMemo.Store(ident, out)
	return out
}

var readMemo sync.Map // identifier → []Word

// functionWords carry no meaning of their own in a name.
var functionWords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "by": true, "for": true, "has": true, "in": true,
	"is": true, "of": true, "on": true, "or": true, "the": true, "to": true, "with": true,
}

// Distance is the optimal string alignment distance between a and b, in
// runes: insertions, deletions, substitutions and swaps of two neighbours
// (qunatity is one edit from quantity). The repair's typo rules, the guard's
// suggestions and the environment's "did you mean" all measure with it.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
