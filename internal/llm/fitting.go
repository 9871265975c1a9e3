package llm

import (
	"context"
	"errors"
)

// Embedder is what EmbedFitting embeds with: a Provider, or what wraps one.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Cut is a text EmbedFitting embedded shortened: its first Kept runes of
// Runes.
type Cut struct {
	Index int // the text's index in the call
	Runes int
	Kept  int
}

// minKept is the shortest front of a text EmbedFitting tries: a model that
// cannot embed as much is no embedding model worth cutting texts for.
const minKept = 32

// fitSteps bound the search between a front that fits and one twice as
// long that does not: the front embedded holds at least 15/16 of what
// would fit.
const fitSteps = 4

// EmbedFitting is e.Embed for texts that may be longer than the embedding
// model's context window: a server that refuses one (ContextTooLong; nl2sql
// asks Ollama to refuse rather than cut silently) has the call split until
// the long texts are alone, and each is embedded by the longest front of
// it, in runes, that the server takes, found by halving and then
// narrowing. What was embedded shortened is returned in Cut, by index, for
// the caller to record: retrieval by the front of a schema document (its
// name, type, table and the start of its description) or of a question
// works, where refusing would leave a whole index, or a question, to
// lexical search. A text whose first minKept runes do not fit fails the
// call with the server's error.
func EmbedFitting(ctx context.Context, e Embedder, texts []string) ([][]float32, []Cut, error) {
	vecs, err := e.Embed(ctx, texts)
	if err == nil || !errors.Is(err, ErrContextTooLong) {
		return vecs, nil, err
	}
	if len(texts) == 1 {
		vec, kept, err := embedFront(ctx, e, []rune(texts[0]), err)
		if err != nil {
			return nil, nil, err
		}
		return [][]float32{vec}, []Cut{{Runes: len([]rune(texts[0])), Kept: kept}}, nil
	}
	half := len(texts) / 2
	first, cuts, err := EmbedFitting(ctx, e, texts[:half])
	if err != nil {
		return nil, nil, err
	}
	rest, restCuts, err := EmbedFitting(ctx, e, texts[half:])
	if err != nil {
		return nil, nil, err
	}
	for _, c := range restCuts {
		c.Index += half
		cuts = append(cuts, c)
	}
	return append(first, rest...), cuts, nil
}

// embedFront embeds the longest front of text the server takes, and says
// how many runes it holds; tooLong is the server's refusal of the whole.
func embedFront(ctx context.Context, e Embedder, text []rune, tooLong error) ([]float32, int, error) {
	try := func(n int) ([]float32, bool, error) {
		vecs, err := e.Embed(ctx, []string{string(text[:n])})
		switch {
		case errors.Is(err, ErrContextTooLong):
			return nil, false, nil
		case err != nil:
			return nil, false, err
		case len(vecs) != 1:
			return nil, false, errors.New("llm: the embedding model returned no embedding for a text cut to its window")
		}
		return vecs[0], true, nil
	}
	// Halve until a front fits: fits, whose double does not.
	var vec []float32
	fits, over := 0, len(text)
	for n := len(text) / 2; n >= minKept; n /= 2 {
		v, ok, err := try(n)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			vec, fits = v, n
			break
		}
		over = n
	}
	if vec == nil {
		return nil, 0, tooLong
	}
	for range fitSteps {
		n := fits + (over-fits)/2
		if n == fits {
			break
		}
		v, ok, err := try(n)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			vec, fits = v, n
		} else {
			over = n
		}
	}
	return vec, fits, nil
}
