// Package llmtest holds in-process fakes of the llm package's interfaces,
// for tests that need a model's behaviour without a server (the fake
// Ollama server is internal/ollamatest). Production code never imports it.
package llmtest

import (
	"context"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/llm"
)

// WindowEmbedder is an embedding model with a context window of Window
// runes: it refuses a longer text at once, as a server does
// (llm.ContextTooLong), and takes Took to embed texts that fit, each as
// the vector (1, 0). It counts its calls in Calls.
type WindowEmbedder struct {
	Window int
	Took   time.Duration
	Calls  *atomic.Int32
}

// Embed implements the embedders of schemaindex, retrieval and examples.
func (w WindowEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	w.Calls.Add(1)
	for _, s := range texts {
		if utf8.RuneCountInString(s) > w.Window {
			return nil, &llm.Error{Kind: llm.ContextTooLong, Op: "embed", Message: "a text to embed is longer than the context window: the input length exceeds the context length (HTTP 400)"}
		}
	}
	select {
	case <-time.After(w.Took):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	out := make([][]float32, len(texts))
	for i := range texts {
		out[i] = []float32{1, 0}
	}
	return out, nil
}
