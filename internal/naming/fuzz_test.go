package naming

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzRead asserts that reading any identifier or question text never
// panics and gives the same words every time: names come from whatever
// database a user registers and questions from whoever asks, and a name
// read two ways would index one word and search another.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"CUST_ACCT_BAL", "orderLineItems", "PURCHASEORDERLINEITEM", "HASUNITPRICE", "FCLT_BLDG_ADDR",
		"accountspayableandaccruedliabilities", "address2", "fiscal-year.Q1", "__id__", "",
		"Straße_Größe", "日本語テーブル", "x\x00y", "\xff\xfe", "İSTANBUL_ŞUBE", "ǅemal", "a__b__c",
		"which 3 customers spent the most in Q1 2024?", "who supervises the salespeople's managers",
	} {
		f.Add(s, "customer")
	}
	seg := Segmenter{}
	exp := Expander{}
	f.Fuzz(func(t *testing.T, ident, word string) {
		words := Read(ident)
		require.Equal(t, words, Read(ident), "Read is deterministic")
		for _, w := range words {
			require.NotEmpty(t, w.Text, "a word has letters")
			require.Equal(t, strings.ToLower(w.Text), w.Text, "words are lower case")
		}
		for _, p := range Parts(ident) {
			require.NotEmpty(t, p)
			_ = Singular(p)
			_ = AgentNouns(p)
			_ = Synonyms(p)
			_, _ = PartyKind(p)
			_ = exp.Expand(p)
			for _, s := range seg.Segment(p) {
				require.NotEmpty(t, s, "a segment has letters")
			}
			fit := Fits(word, p)
			require.True(t, fit >= 0 && fit <= 1, "Fits(%q, %q) = %v", word, p, fit)
		}
		_ = PartsKeepingDigits(ident)
		_ = TextWords(ident)
		_ = TextTokens(ident)
		_ = StopWord(word)
		sim := Similarity(ident, word)
		require.True(t, sim >= 0 && sim <= 1, "Similarity(%q, %q) = %v", ident, word, sim)
		require.InDelta(t, sim, Similarity(word, ident), 1e-12, "Similarity is symmetric")
	})
}
