package schemaindex

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// trigramTerms are an index's terms by their trigrams, as pg_trgm forms
// them (naming.Trigrams): FuzzyTerms (sql/schemaindex.sql, the definition)
// in memory. In SQL the join of a question's words with every term of the
// database could not use the trigram index and took ~10 ms a question at
// 2,000 tables, the largest part of the slowest questions' search
// (docs/DESIGN.md, Partial matches).
type trigramTerms struct {
	terms []string // distinct, sorted
	count []int    // distinct trigrams of each term, lower-cased
	byTri map[string][]int32
}

func newTrigramTerms(terms []string) *trigramTerms {
	terms = slices.Clone(terms)
	slices.Sort(terms)
	terms = slices.Compact(terms)
	tt := &trigramTerms{terms: terms, count: make([]int, len(terms)), byTri: map[string][]int32{}}
	for i, t := range terms {
		tri := naming.Trigrams(strings.ToLower(t))
		tt.count[i] = len(tri)
		for g := range tri {
			tt.byTri[g] = append(tt.byTri[g], int32(i))
		}
	}
	return tt
}

// match returns, for each of look, the term most similar to it by pg_trgm's
// similarity, at least minSimilarity alike; ties go to the term first in
// byte order (FuzzyTerms orders by the term). A word with no such term is
// not in the map.
func (tt *trigramTerms) match(look []string, minSimilarity float64) map[string]string {
	out := map[string]string{}
	shared := map[int32]int{}
	for _, q := range look {
		clear(shared)
		tq := naming.Trigrams(q)
		for g := range tq {
			for _, i := range tt.byTri[g] {
				shared[i]++
			}
		}
		best, bestSim := int32(-1), 0.0
		for i, n := range shared {
			sim := float64(n) / float64(len(tq)+tt.count[i]-n)
			if sim < minSimilarity {
				continue
			}
			if best < 0 || sim > bestSim || (sim == bestSim && i < best) {
				best, bestSim = i, sim
			}
		}
		if best >= 0 {
			out[q] = tt.terms[best]
		}
	}
	return out
}
