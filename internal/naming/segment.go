package naming

import (
	"math"
	"slices"
	"strings"
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
	// pieceCost is what every piece costs besides its word's: a spoken
	// corpus ranks function words so high that in+come beat income
	// (ranks 10, 54 and 5,303) by a hair. Half a unit ends that and
	// keeps compounds of ordinary words apart (testdata/segment.txt:
	// 68 -> 75 of 75 after derived words and "id"; 0.3 was not enough).
	pieceCost = 0.5
	// derivationCost is what reading a word as another and a suffix
	// (derivedSuffixes) costs over that word's own cost.
	derivationCost = 1.0
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
		if c == math.Inf(1) {
			c = lex.derivedCost(p)
		}
		// "id" ends half the columns of any schema; subtitles rank it
		// 8,788th, far below "rid": managerid read manage rid
		// (testdata/segment.txt 64 -> 68 of 75).
		if p == "id" || (sg.Vocabulary != nil && (len(p) >= 3 || shortWords[p]) && sg.Vocabulary(p)) {
			c = min(c, lex.costAtRank(schemaRank))
		}
		if c == math.Inf(1) {
			c = unknownBase + unknownLetterCost*float64(len(p))
		}
		return c + pieceCost
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

// derivedSuffixes are English's productive suffixes that make a word of a
// word (resell → reseller, assign → assignee, classify → classifier): a
// frequency list holds the forms its corpus used, and business writing
// derives many that film dialogue never says. Without them, a derived word
// the list lacks was split into whatever words it holds: approver → app
// rover, insurer → in surer, invoiced → in voiced (testdata/segment.txt:
// 58 -> 64 of 75). A grammar's list, not a schema's: it names no domain.
var derivedSuffixes = []string{"ees", "ee", "ers", "er", "ments", "ment", "ness", "ations", "ation", "ings", "ing", "ed", "able", "ity", "izes", "ized", "ize", "ization", "ly"}

// derivedCost is the cost of p read as a lexicon word of at least four
// letters and one of derivedSuffixes (with the e or the y a suffix drops:
// prorate+d, classify+er), plus derivationCost; +Inf when no reading is.
func (l *Lexicon) derivedCost(p string) float64 {
	best := math.Inf(1)
	for _, suf := range derivedSuffixes {
		stem, ok := strings.CutSuffix(p, suf)
		if !ok || len(stem) < 4 {
			continue
		}
		words := []string{stem, stem + "e"}
		if y, ok := strings.CutSuffix(stem, "i"); ok {
			words = append(words, y+"y")
		}
		for _, w := range words {
			best = min(best, l.Cost(w)+derivationCost)
		}
	}
	return best
}
