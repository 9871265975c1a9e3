package schemaindex

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// questionWord is a word to search for: a word of the question (how "") or
// an expansion of one. concept numbers the question word it serves, so a
// document is credited once per question word however many of its
// expansions it holds.
type questionWord struct {
	text    string
	weight  float64
	concept int
	how     string
}

// questionWords turns a question into search words: its words (without
// words that only ask for an answer's shape: show, list, how many), the
// parts of a run-together word the dictionary splits, the schema's agent
// nouns of it (issued → issuer), what an abbreviation stands for, and the
// synonyms of each, the expansions at weight expand;
// and WordNet's words for it (naming.Synonyms) at expand·thesaurus, "thesaurus":
// Lexical keeps those only for a word the index does not know.
func questionWords(question string, dict *Dictionary, expand, thesaurus float64) []questionWord {
	var out []questionWord
	// An expansion never takes a word the question says itself: that word
	// is its own concept, at full weight, wherever it stands.
	words := naming.TextWords(question)
	// A word typed as an identifier ("DailyInvoice1", "orderLines2024")
	// keeps its case and digits here, where they mark its parts; lower
	// case and run together, the dictionary's split cannot see past a
	// digit.
	idParts := map[string][]string{}
	for _, t := range naming.TextTokens(question) {
		if ps := naming.Parts(t); len(ps) > 1 {
			idParts[strings.ToLower(t)] = ps
		}
	}
	said := map[string]bool{}
	for _, w := range words {
		said[w] = true
	}
	seen := map[string]bool{}
	add := func(text string, weight float64, concept int, how string) {
		if text == "" || seen[text] || (how != "" && said[text]) {
			return
		}
		seen[text] = true
		out = append(out, questionWord{text: text, weight: weight, concept: concept, how: how})
	}
	concept := 0
	for _, w := range words {
		if instructionWords[w] || seen[w] {
			continue
		}
		concept++
		add(w, 1, concept, "")
		// An acronym's plural ("icus", "drgs") keeps its s through the
		// English stemmer, which needs a vowel before it: where the schema
		// uses the word without it, that is the word.
		if one, ok := strings.CutSuffix(w, "s"); ok && !dict.vocab[w] && dict.vocab[one] {
			add(one, 1, concept, "singular")
		}
		if !dict.Known(w) {
			split := dict.Split(w)
			if ps := idParts[w]; len(ps) > 0 {
				split = nil
				for _, p := range ps {
					split = append(split, p)
					if !dict.Known(p) {
						split = append(split, dict.Split(p)...)
					}
				}
			}
			for _, p := range split {
				add(p, expand, concept, "split")
			}
		} else {
			for _, p := range dict.Compound(w) {
				add(p, expand, concept, "split")
			}
		}
		for _, n := range dict.AgentNouns(w) {
			add(n, expand, concept, "agent")
		}
		if e, ok := naming.Abbreviations[w]; ok {
			for _, x := range strings.Fields(e) {
				add(x, expand, concept, "abbreviation")
			}
		}
		for _, sy := range synonymsOf[naming.Singular(w)] {
			add(sy, expand, concept, "synonym")
		}
		if thesaurus > 0 {
			for i, sy := range naming.Synonyms(w) {
				if i == maxThesaurusWords {
					break
				}
				add(sy, expand*thesaurus, concept, "thesaurus")
			}
		}
		// The schema's abbreviations of the word (and of its synonyms):
		// "departments" finds DEPT, "vendors" VEND.
		if len(w) >= 4 && !dict.vocab[w] {
			for _, x := range append([]string{w}, synonymsOf[naming.Singular(w)]...) {
				for _, a := range dict.Abbreviating(x) {
					add(a, expand, concept, "abbreviated")
				}
			}
		}
	}
	return out
}

// maxThesaurusWords is the most of WordNet's words a question word
// searches for: its first senses' come first, later ones add more noise
// than evidence.
const maxThesaurusWords = 8

// resolvedTerm is a question word's stem as the index knows it.
type resolvedTerm struct {
	concept int
	word    string
	term    string
	weight  float64
	how     string
}

// termSet collects the terms of a search, one weight each (the highest of
// the words stemming to it), and what each concept can score per kind.
type termSet struct {
	order  []string
	byTerm map[string]*Term
	// best[kind][concept] is the highest weight*idf a term of the concept
	// has in documents of kind.
	best map[Kind]map[int]float64
	// guessed[kind][concept] is the highest idf a WordNet term of the
	// concept has in documents of kind: the ideal of a kind no word of the
	// question itself reaches (ideal).
	guessed map[Kind]map[int]float64
	// idf[term][kind], for fuzzy terms that replace a word.
	idf map[string]map[Kind]float64
}

func newTermSet() *termSet {
	return &termSet{
		byTerm: map[string]*Term{}, best: map[Kind]map[int]float64{}, guessed: map[Kind]map[int]float64{},
		idf: map[string]map[Kind]float64{},
	}
}

func (ts *termSet) has(term string) bool { return ts.byTerm[term] != nil }

func (ts *termSet) add(rt resolvedTerm, kind Kind, idf float64) {
	ts.put(rt)
	t := ts.byTerm[rt.term]
	t.IDF = max(t.IDF, idf)
	if ts.idf[rt.term] == nil {
		ts.idf[rt.term] = map[Kind]float64{}
	}
	ts.idf[rt.term][kind] = idf
	if rt.how == "thesaurus" {
		// A guess at the word's meaning, like a fuzzy match: it can raise
		// a document's relevance, but a document without it loses nothing.
		if ts.guessed[kind] == nil {
			ts.guessed[kind] = map[int]float64{}
		}
		ts.guessed[kind][rt.concept] = max(ts.guessed[kind][rt.concept], idf)
		return
	}
	if ts.best[kind] == nil {
		ts.best[kind] = map[int]float64{}
	}
	ts.best[kind][rt.concept] = max(ts.best[kind][rt.concept], rt.weight*idf)
}

// addFuzzy adds a fuzzy match for an unknown word. Its idf is not known;
// the concept's ideal is left as it is (an unknown word has none), so a
// fuzzy match can only raise a document's relevance.
func (ts *termSet) addFuzzy(rt resolvedTerm) { ts.put(rt) }

func (ts *termSet) put(rt resolvedTerm) {
	if t := ts.byTerm[rt.term]; t != nil {
		if rt.weight > t.Weight {
			t.Weight, t.Word, t.How, t.Concept = rt.weight, rt.word, rt.how, rt.concept
		}
		return
	}
	ts.byTerm[rt.term] = &Term{Word: rt.word, Term: rt.term, Weight: rt.weight, How: rt.how, Concept: rt.concept}
	ts.order = append(ts.order, rt.term)
}

func (ts *termSet) list() []Term {
	out := make([]Term, 0, len(ts.order))
	for _, t := range ts.order {
		out = append(out, *ts.byTerm[t])
	}
	slices.SortStableFunc(out, func(a, b Term) int { return strings.Compare(a.Term, b.Term) })
	return out
}

// ideal is the BM25 score of an average-length document of kind holding
// each concept's best term once: with tf = 1 and dl = avgdl, BM25's
// saturation term is 1, leaving the sum of weight*idf. When no word of the
// question reaches documents of kind and only WordNet's do ("shoppers" →
// customer), the ideal is that of the question's own words found there,
// at full weight: a guessed match then scores its weight, not nothing,
// and not as much as the word itself would.
func (ts *termSet) ideal(kind Kind) float64 {
	var sum float64
	for _, v := range ts.best[kind] {
		sum += v
	}
	if sum == 0 {
		for _, v := range ts.guessed[kind] {
			sum += v
		}
	}
	return sum
}
