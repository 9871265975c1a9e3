package naming

import (
	"math"
	"slices"
)

// Segmenter takes run-together words apart (PURCHASEORDERLINEITEM →
// purchase order line item) by the most probable sequence of words, the
// way wordninja does: a word costs log(rank · ln N) under Zipf's law over
// the lexicon, and the cheapest sequence wins. Words a schema uses on their
// own (Vocabulary) cost as little as the lexicon's SchemaRank-th word, so
// a schema's own words (rep, sku, fclt) are preferred; a piece that is no
// word at all costs as much as the rarest word plus UnknownLetterCost a
// letter, so a segmentation keeps unknown pieces few and short (FIBENCOMPANY
// → fiben company).
type Segmenter struct {
	// Lexicon ranks the words. Defaults to English().
	Lexicon *Lexicon
	// Vocabulary reports whether the schema uses a word on its own (an
	// identifier part, a word of its comments). Defaults to none.
	Vocabulary func(string) bool
}

// The segmenter's costs (docs/DESIGN.md, "Identifier words"): a schema
// word counts as a word of rank schemaRank — common enough to beat most
// splits of it, not so common that "rep" breaks "representative" —, an
// unknown piece as the rarest word plus unknownLetterCost a letter.
const (
	schemaRank        = 200
	unknownLetterCost = 2.0
	maxPiece          = 24
)

// Segment returns the words w (lower case, letters only) is made of, or nil
// when it is best read as one word.
func (sg Segmenter) Segment(w string) []string {
	lex := sg.Lexicon
	if lex == nil {
		lex = English()
	}
	n := len(w)
	if n < 2 || !IsLetters(w) {
		return nil
	}
	unknownBase := lex.costAtRank(lex.Len() + 1)
	cost := func(p string) float64 {
		c := lex.Cost(p)
		if c == math.Inf(1) {
			if s := Singular(p); s != p && lex.Cost(s) < math.Inf(1) {
				c = lex.Cost(s) + 0.5
			}
		}
		if sg.Vocabulary != nil && (len(p) >= 3 || shortWords[p]) && sg.Vocabulary(p) {
			c = min(c, lex.costAtRank(schemaRank))
		}
		if c == math.Inf(1) {
			c = unknownBase + unknownLetterCost*float64(len(p))
		}
		return c
	}
	best := make([]float64, n+1)
	prev := make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i] = math.Inf(1)
		for j := max(0, i-maxPiece); j < i; j++ {
			c := best[j] + cost(w[j:i])
			if c < best[i] {
				best[i], prev[i] = c, j
			}
		}
	}
	var out []string
	for i := n; i > 0; i = prev[i] {
		out = append(out, w[prev[i]:i])
	}
	if len(out) < 2 {
		return nil
	}
	slices.Reverse(out)
	return mergeUnknown(out, lex, sg.Vocabulary)
}

// mergeUnknown joins neighbouring pieces that are no words ("bl" "dg" →
// "bldg"): a run of letters the lexicon does not hold is one abbreviation,
// not several.
func mergeUnknown(ps []string, lex *Lexicon, vocab func(string) bool) []string {
	known := func(p string) bool {
		return lex.Rank(p) != 0 || (vocab != nil && vocab(p))
	}
	var out []string
	for _, p := range ps {
		if len(out) > 0 && !known(p) && !known(out[len(out)-1]) {
			out[len(out)-1] += p
			continue
		}
		out = append(out, p)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}
