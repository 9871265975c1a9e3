package naming

// Trigrams returns the character trigrams of w as pg_trgm forms them: the
// word padded with two blanks before and one after ("cat" → "  c", " ca",
// "cat", "at "), each once.
func Trigrams(w string) map[string]bool {
	s := "  " + w + " "
	out := make(map[string]bool, len(s))
	for i := 0; i+3 <= len(s); i++ {
		out[s[i:i+3]] = true
	}
	return out
}

// Similarity is pg_trgm's similarity of two words: shared trigrams over
// the trigrams of either, 0 to 1. It stands in for pg_trgm where the
// extension is not installed, so a misspelt or partial word still finds
// its tables (docs/DESIGN.md, "Partial matches").
func Similarity(a, b string) float64 {
	ta, tb := Trigrams(a), Trigrams(b)
	shared := 0
	for t := range ta {
		if tb[t] {
			shared++
		}
	}
	union := len(ta) + len(tb) - shared
	if union == 0 {
		return 0
	}
	return float64(shared) / float64(union)
}
