package schemaindex

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// Dictionary reads a schema's identifiers as words (internal/naming):
// it splits run-together words (SALESREPRESENTATIVE, hasunitprice) by word
// frequency, preferring the words the schema itself uses on their own, and
// expands abbreviations (BLDG, CUST) by the words the schema spells out.
// See NewDictionary.
type Dictionary struct {
	// vocab are the words the schema uses on their own: its prose and its
	// identifier parts that are not compounds of other words.
	vocab map[string]bool
	// spelled are the words the schema spells out: prose, and identifier
	// parts the lexicon holds. An abbreviation expands preferably to one.
	spelled map[string]bool
	// spelledOnly are spelled words the lexicon lacks, offered to the
	// expander as candidates too.
	spelledOnly []string

	mu    sync.Mutex
	memo  map[string][]string // expand's answers
	short map[byte][]string   // vocabulary words that may be abbreviations, by first letter
}

// minSplitLen is the shortest word Split tries to take apart: shorter ones
// are far more often abbreviations than compounds.
const minSplitLen = 6

// NewDictionary builds a dictionary from prose (words of comments, glosses,
// synonyms and module names, trusted as words) and parts (the parts of
// identifiers, see naming.Parts). An identifier part is a word of the
// schema unless it splits into other words itself: of the columns sales_rep
// and salesrep, "sales" and "rep" are words and "salesrep" is not.
func NewDictionary(prose, parts []string) *Dictionary {
	d := newDictionary()
	for _, w := range prose {
		if len(w) >= 3 && naming.IsLetters(w) {
			d.vocab[w] = true
			d.spell(w)
		}
	}
	var candidates []string
	for _, p := range parts {
		if len(p) < 2 || !naming.IsLetters(p) || d.vocab[p] {
			continue
		}
		d.vocab[p] = true
		candidates = append(candidates, p)
	}
	// A part that splits into other words (of the lexicon or the schema)
	// is a compound, not a word: INVHDR when INV and HDR stand alone.
	for _, p := range candidates {
		if len(p) < minSplitLen {
			continue
		}
		delete(d.vocab, p)
		if !d.allKnown(d.segmenter().Segment(p)) {
			d.vocab[p] = true
		}
	}
	for w := range d.vocab {
		if len(w) >= 4 && naming.English().Has(w) {
			d.spell(w)
		}
	}
	return d
}

// allKnown reports whether ws are two or more words, each of the lexicon
// or the schema.
func (d *Dictionary) allKnown(ws []string) bool {
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws {
		if !d.vocab[w] && naming.English().Rank(w) == 0 {
			return false
		}
	}
	return true
}

// Abbreviating returns the schema's words that may abbreviate w
// (naming.Fits: "dept" for department, "vend" for vendors), best first:
// a question's word finds the abbreviations a schema writes for it.
func (d *Dictionary) Abbreviating(w string) []string {
	d.mu.Lock()
	if d.short == nil {
		d.short = map[byte][]string{}
		for v := range d.vocab {
			if len(v) >= 3 && len(v) <= 6 {
				d.short[v[0]] = append(d.short[v[0]], v)
			}
		}
		for _, vs := range d.short {
			slices.Sort(vs)
		}
	}
	short := d.short[w[0]]
	d.mu.Unlock()
	type fit struct {
		v string
		x float64
	}
	var fits []fit
	for _, v := range short {
		if x := naming.Fits(w, v); x > 0 {
			fits = append(fits, fit{v, x})
		}
	}
	slices.SortStableFunc(fits, func(a, b fit) int { return cmp.Compare(b.x, a.x) })
	out := make([]string, len(fits))
	for i, f := range fits {
		out[i] = f.v
	}
	return out
}

// dictionaryFromWords rebuilds a dictionary stored as Words.
func dictionaryFromWords(words []string) *Dictionary {
	d := newDictionary()
	for _, w := range words {
		d.vocab[w] = true
	}
	for _, w := range words {
		if len(w) >= 4 && naming.English().Has(w) {
			d.spell(w)
		}
	}
	return d
}

func newDictionary() *Dictionary {
	return &Dictionary{vocab: map[string]bool{}, spelled: map[string]bool{}}
}

func (d *Dictionary) spell(w string) {
	if d.spelled[w] {
		return
	}
	d.spelled[w] = true
	if naming.English().Rank(w) == 0 {
		d.spelledOnly = append(d.spelledOnly, w)
	}
}

// Words returns the dictionary's schema vocabulary, sorted: what
// rag.schema_indexes.vocabulary stores.
func (d *Dictionary) Words() []string {
	out := make([]string, 0, len(d.vocab))
	for w := range d.vocab {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// Known reports whether w is a word: of the schema, or of the lexicon.
func (d *Dictionary) Known(w string) bool {
	return d.vocab[w] || d.vocab[naming.Singular(w)] || naming.English().Has(w)
}

// Split splits a run-together lower-case word into words, or returns nil
// when it is best read as one word (a word of the schema, or cheaper
// whole than split: "payable", not "pay able") or too short.
func (d *Dictionary) Split(w string) []string {
	if len(w) < minSplitLen || d.vocab[w] || !naming.IsLetters(w) {
		return nil
	}
	return d.segmenter().Segment(w)
}

// Compound returns the schema's words w is written of, run together
// ("salesperson" where the schema says sales_person), the reading with the
// fewest pieces, or nil when w is a word of the schema or no reading of
// two pieces or more exists. Split leaves a word of the lexicon whole when
// it is cheaper so; a question's word the schema does not use is better
// read as the schema's words it holds.
func (d *Dictionary) Compound(w string) []string {
	if len(w) < minSplitLen || d.vocab[w] || d.vocab[naming.Singular(w)] || !naming.IsLetters(w) {
		return nil
	}
	word := func(p string) bool { return len(p) >= 3 && (d.vocab[p] || d.vocab[naming.Singular(p)]) }
	// best[i] is one more than the fewest pieces reading w[:i] (best[0] =
	// 1: the empty prefix), 0 when none does; from[i] where the last
	// piece starts.
	best := make([]int, len(w)+1)
	from := make([]int, len(w)+1)
	best[0] = 1
	for i := 1; i <= len(w); i++ {
		for j := 0; j < i; j++ {
			if best[j] > 0 && word(w[j:i]) && (best[i] == 0 || best[j]+1 < best[i]) {
				best[i], from[i] = best[j]+1, j
			}
		}
	}
	if best[len(w)] < 3 { // not two pieces
		return nil
	}
	var out []string
	for i := len(w); i > 0; i = from[i] {
		out = append(out, w[from[i]:i])
	}
	slices.Reverse(out)
	return out
}

// AgentNouns returns the schema's words that name the one who does what w
// says (naming.AgentNouns: "issued" finds has_issuer's issuer, "owns" an
// owner_id's owner): the stemmer leaves most agent nouns whole.
func (d *Dictionary) AgentNouns(w string) []string {
	var out []string
	for _, n := range naming.AgentNouns(w) {
		if d.vocab[n] {
			out = append(out, n)
		}
	}
	return out
}

func (d *Dictionary) segmenter() naming.Segmenter {
	return naming.Segmenter{Vocabulary: func(w string) bool { return d.vocab[w] }}
}

// NameWords are the words a table or column name contributes to its
// document: its parts, what run-together parts split into, and what
// abbreviations stand for. Words repeat nothing; the identifier's own parts
// come first.
func (d *Dictionary) NameWords(ident string) []string {
	parts := naming.Parts(ident)
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
			continue
		}
		add(d.expand(p)...)
	}
	return out
}

// expand returns what an abbreviated part stands for (naming.Expander, the
// schema's spelled-out words as evidence), remembered per part.
func (d *Dictionary) expand(p string) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.memo[p]; ok {
		return e
	}
	if d.memo == nil {
		d.memo = map[string][]string{}
	}
	var e []string
	if !d.spelled[p] {
		e = naming.Expander{Evidence: func(w string) bool { return d.spelled[w] }, EvidenceWords: d.spelledOnly}.Expand(p)
	}
	d.memo[p] = e
	return e
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
