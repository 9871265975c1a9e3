package schemaindex

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// IdentifierParts splits an identifier where its writer marked word
// boundaries: at anything but letters and digits (CUST_ACCT_BAL), at a
// lower-case or digit to upper-case change (orderLineItems), before the last
// capital of an upper-case run followed by lower case (HTTPServer → HTTP,
// Server) and between letters and digits (address2). Parts are lower-cased.
// Run-together words (SALESREPRESENTATIVE) stay one part: Dictionary.Split
// takes them apart.
func IdentifierParts(s string) []string {
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
			case unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return parts
}

// textWords returns the lower-case words of free text (comments, glosses,
// questions): runs of letters and digits, with apostrophes dropped
// ("employee's" → "employees").
func textWords(s string) []string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "'", ""), "’", "")
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// Dictionary splits run-together words (SALESREPRESENTATIVE,
// orderlineitems) into the words they are made of. Its vocabulary is the
// built-in word list plus the words of the schema it was built from; see
// NewDictionary.
type Dictionary struct {
	// vocab are the words a run-together word may be split into.
	vocab map[string]bool
	// known are words never split: the built-in list and the schema's
	// prose (comments, glosses, synonyms).
	known  map[string]bool
	maxLen int

	mu   sync.Mutex
	memo map[string][]string // expand's answers
}

// minSplitLen is the shortest word Split tries to take apart: shorter ones
// are far more often abbreviations than compounds.
const minSplitLen = 6

// NewDictionary builds a dictionary from prose (words of comments, glosses,
// synonyms and module names, trusted as words) and parts (the parts of
// identifiers, see IdentifierParts). An identifier part is a word the
// dictionary splits others into unless it splits into other words itself:
// of the columns sales_rep and salesrep, "sales" and "rep" are words and
// "salesrep" is not.
func NewDictionary(prose, parts []string) *Dictionary {
	d := &Dictionary{vocab: map[string]bool{}, known: map[string]bool{}}
	for w := range builtinWords {
		d.add(w, true)
	}
	for _, w := range prose {
		if len(w) >= 3 && isLetters(w) {
			d.add(w, true)
		}
	}
	var candidates []string
	for _, p := range parts {
		if len(p) >= 3 && isLetters(p) && !d.vocab[p] {
			d.add(p, false)
			candidates = append(candidates, p)
		}
	}
	// A part that splits into other words is a compound, not a word.
	for _, p := range candidates {
		delete(d.vocab, p)
		if len(d.split(p)) == 0 {
			d.vocab[p] = true
		}
	}
	return d
}

// dictionaryFromWords rebuilds a dictionary stored as Words.
func dictionaryFromWords(words []string) *Dictionary {
	d := &Dictionary{vocab: map[string]bool{}, known: map[string]bool{}}
	for w := range builtinWords {
		d.add(w, true)
	}
	for _, w := range words {
		d.add(w, false)
	}
	return d
}

func (d *Dictionary) add(w string, known bool) {
	d.vocab[w] = true
	if known {
		d.known[w] = true
	}
	d.maxLen = max(d.maxLen, len(w))
}

// Words returns the dictionary's schema vocabulary (without the built-in
// list), sorted: what rag.schema_indexes.vocabulary stores.
func (d *Dictionary) Words() []string {
	out := make([]string, 0, len(d.vocab))
	for w := range d.vocab {
		if !builtinWords[w] {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// Known reports whether w is a word of the dictionary.
func (d *Dictionary) Known(w string) bool { return d.vocab[w] || d.vocab[singular(w)] || shortWords[w] }

// Split splits a run-together lower-case word into dictionary words, or
// returns nil when it is a word itself, too short, or does not split
// entirely into known words. Among the splits it prefers the fewest words,
// then the longest ones: "salesrepresentative" → sales representative.
func (d *Dictionary) Split(w string) []string {
	if len(w) < minSplitLen || d.Known(w) || !isLetters(w) {
		return nil
	}
	return d.split(w)
}

func (d *Dictionary) split(w string) []string {
	n := len(w)
	type cell struct {
		words int // words in the best split of w[:i]; 0 when none
		score int // sum of squared word lengths: longer words win ties
		prev  int
	}
	best := make([]cell, n+1)
	best[0] = cell{words: 0, prev: -1}
	reach := make([]bool, n+1)
	reach[0] = true
	for i := 1; i <= n; i++ {
		for j := max(0, i-d.maxLen); j < i; j++ {
			if !reach[j] {
				continue
			}
			piece := w[j:i]
			if !d.splitWord(piece) {
				continue
			}
			c := cell{words: best[j].words + 1, score: best[j].score + len(piece)*len(piece), prev: j}
			if !reach[i] || c.words < best[i].words || (c.words == best[i].words && c.score > best[i].score) {
				best[i], reach[i] = c, true
			}
		}
	}
	if !reach[n] || best[n].words < 2 {
		return nil
	}
	var out []string
	for i := n; i > 0; i = best[i].prev {
		out = append(out, w[best[i].prev:i])
	}
	slices.Reverse(out)
	return out
}

// splitWord reports whether a run-together word may be split into piece: a
// word of the vocabulary (or its plural) of three letters or more, or one
// of the few two-letter words.
func (d *Dictionary) splitWord(piece string) bool {
	if len(piece) < 3 {
		return shortWords[piece]
	}
	return d.vocab[piece] || d.vocab[singular(piece)]
}

func isLetters(s string) bool {
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

// NameWords are the words a table or column name contributes to its
// document: its parts, what run-together parts split into, and what
// abbreviations stand for. Words repeat nothing; the identifier's own parts
// come first.
func (d *Dictionary) NameWords(ident string) []string {
	parts := IdentifierParts(ident)
	var out []string
	add := func(ws ...string) {
		for _, w := range ws {
			if w != "" && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	add(parts...)
	for _, p := range parts {
		if sp := d.Split(p); sp != nil {
			add(sp...)
			for _, s := range sp {
				add(d.expand(s)...)
			}
		}
		add(d.expand(p)...)
	}
	return out
}

// expand returns what an abbreviation stands for, or the one known word
// (built-in or of the schema's prose) an unknown short part begins ("cust" →
// customer) or, without its vowels, abbreviates ("appt" → appointment,
// "encntr" → encounter).
func (d *Dictionary) expand(p string) []string {
	if e, ok := abbreviations[p]; ok {
		return strings.Fields(e)
	}
	if d.known[p] || len(p) < 3 || len(p) > 6 || !isLetters(p) {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.memo[p]; ok {
		return e
	}
	if d.memo == nil {
		d.memo = map[string][]string{}
	}
	e := d.prefixOf(p)
	d.memo[p] = e
	return e
}

func (d *Dictionary) prefixOf(p string) []string {
	if len(p) <= 5 {
		if w := d.uniqueKnown(p, 2, strings.HasPrefix); w != "" {
			return []string{w}
		}
	}
	// Abbreviations that drop vowels (gndr, encntr) keep the word's first
	// letter and the order of its letters.
	if vowels(p) <= 1 {
		if w := d.uniqueKnown(p, 1, abbreviates); w != "" {
			return []string{w}
		}
	}
	return nil
}

// uniqueKnown returns the shortest known word at least longer letters
// longer than p that match(word, p) accepts, or "" when there is none or
// several that are not forms of one word.
func (d *Dictionary) uniqueKnown(p string, longer int, match func(w, p string) bool) string {
	var found string
	for w := range d.known {
		if len(w) >= len(p)+longer && match(w, p) {
			if found != "" && !sameStem(found, w) {
				return "" // ambiguous
			}
			if found == "" || len(w) < len(found) {
				found = w
			}
		}
	}
	return found
}

// abbreviates reports whether p could abbreviate w: same first letter, and
// p's letters in w in order.
func abbreviates(w, p string) bool {
	if w[0] != p[0] {
		return false
	}
	i := 1
	for j := 1; j < len(w) && i < len(p); j++ {
		if w[j] == p[i] {
			i++
		}
	}
	return i == len(p)
}

func vowels(s string) int {
	n := 0
	for _, r := range s {
		if strings.ContainsRune("aeiou", r) {
			n++
		}
	}
	return n
}

// sameStem reports whether a and b differ only by a plural or verb ending
// (customer, customers): one is the other plus at most three letters.
func sameStem(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(b, a) && len(b)-len(a) <= 3
}

// singular strips a plural "s" for looking words up in the lexicon's
// lists (stemming proper is PostgreSQL's, at search time).
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ses") || strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// joinWords joins words with spaces, for a lexical field.
func joinWords(ws []string) string { return strings.Join(ws, " ") }

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
