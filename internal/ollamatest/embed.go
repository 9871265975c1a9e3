package ollamatest

import (
	"hash/fnv"
	"math"
	"strings"
	"unicode"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// Embedding is the vector the fake server returns for text: a hashed bag of
// words, normalized to unit length, of length dim. Words are lower-cased
// runs of letters and digits; an identifier such as order_items counts as
// itself and as its parts, and each in the singular (naming.Singular), so
// "employees by department" shares words with "employee.department_id".
// Each word adds ±1 to a coordinate chosen by its FNV-1a hash (the sign from
// the hash too, so unrelated texts land near 0).
//
// Texts that share words are therefore closer (higher cosine similarity)
// than texts that do not. This is not a semantic model: synonyms are as far
// apart as unrelated words. It exists so retrieval code can be tested
// deterministically and without a model.
func Embedding(text string, dim int) []float32 {
	if dim < 1 {
		return nil
	}
	v := make([]float32, dim)
	ws := words(text)
	if len(ws) == 0 {
		// Ollama never returns a zero vector; give empty text a fixed one.
		v[0] = 1
		return v
	}
	for _, w := range ws {
		h := fnv.New64a()
		_, _ = h.Write([]byte(w))
		sum := h.Sum64()
		sign := float32(1)
		if sum>>63 == 1 {
			sign = -1
		}
		v[sum%uint64(dim)] += sign
	}
	return normalize(v)
}

// words splits text into the words Embedding hashes.
func words(text string) []string {
	var out []string
	for _, tok := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}) {
		parts := strings.FieldsFunc(tok, func(r rune) bool { return r == '_' })
		if len(parts) == 0 {
			continue
		}
		if len(parts) > 1 {
			out = append(out, naming.Singular(strings.Join(parts, "_")))
		}
		for _, p := range parts {
			out = append(out, naming.Singular(p))
		}
	}
	return out
}

// normalize scales v to unit length, as Ollama normalizes embeddings.
func normalize(v []float32) []float32 {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	norm := float32(1 / math.Max(math.Sqrt(sum), 1e-12))
	for i := range v {
		v[i] *= norm
	}
	return v
}
