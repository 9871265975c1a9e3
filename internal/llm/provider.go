package llm

import (
	"context"
	"fmt"
	"strings"
)

// ProviderName is the kind of model server nl2sql talks to.
type ProviderName string

const (
	// ProviderOllama is Ollama's own API (/api/chat, /api/embed, /api/tags).
	ProviderOllama ProviderName = "ollama"
	// ProviderOpenAI is an OpenAI-compatible API (chat/completions,
	// embeddings, models under a base URL): vLLM, llama.cpp's server, LM
	// Studio, or a hosted one.
	ProviderOpenAI ProviderName = "openai"
)

// Provider is a model server: what the pipeline, retrieval and the
// commands need of one. Every provider reports failures as *Error with the
// same Kinds, so retries, error classes and messages do not depend on which
// server answers.
type Provider interface {
	// Chat sends the messages and returns the model's reply.
	Chat(ctx context.Context, req ChatRequest) (*Reply, error)
	// Embed returns one embedding per text, in order, from
	// Config().EmbedModel.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Models lists the models the server offers.
	Models(ctx context.Context) ([]Model, error)
	// CheckModel reports whether the server has the model name
	// (Config().Model when empty): nil, an *Error of Kind ModelMissing, or
	// one of Kind Unavailable when the server could not be asked.
	CheckModel(ctx context.Context, name string) error
	// Config is the effective configuration.
	Config() Config
	// Host is the server's address for messages, without credentials.
	Host() string
	// Close stops what the provider does in the background and waits
	// for it.
	Close()
}

var (
	_ Provider = (*Client)(nil)
	_ Provider = (*OpenAI)(nil)
)

// ContextTooLong: the server refused a prompt longer than the model's
// context window. Retrying the same prompt cannot help.
const ContextTooLong Kind = "context_too_long"

// ErrContextTooLong matches every *Error of Kind ContextTooLong.
var ErrContextTooLong = &Error{Kind: ContextTooLong}

// Open returns the client of cfg.Provider. It does not contact the server.
func Open(cfg Config) (Provider, error) {
	cfg = cfg.WithDefaults()
	switch cfg.Provider {
	case ProviderOllama:
		return New(cfg)
	case ProviderOpenAI:
		return NewOpenAI(cfg)
	}
	return nil, fmt.Errorf("llm: unknown provider %q: ollama or openai", cfg.Provider)
}

// Describe names the server of cfg for people: "Ollama at URL" or "the
// OpenAI-compatible server at URL", without credentials.
func Describe(cfg Config) string {
	cfg = cfg.WithDefaults()
	if cfg.Provider == ProviderOpenAI {
		u, err := parseBaseURL(cfg.OpenAI.BaseURL)
		if err != nil {
			return "the OpenAI-compatible server (NL2SQL_OPENAI_BASE_URL is not valid)"
		}
		return openAIServer + " at " + display(u)
	}
	u, err := ParseHost(cfg.Host)
	if err != nil {
		return "Ollama (OLLAMA_HOST is not valid)"
	}
	return "Ollama at " + display(u)
}

// isContextTooLong recognises the servers' words for a prompt longer than
// the context window: Ollama's runner ("the input length exceeds the
// context length", "input exceeds maximum context length"), OpenAI and vLLM
// ("maximum context length is N tokens", code context_length_exceeded),
// llama.cpp's server ("exceeds the available context size",
// exceed_context_size_error).
func isContextTooLong(msg string) bool {
	m := strings.ToLower(msg)
	for _, s := range []string{"context length", "context_length", "context size", "context_size", "context window"} {
		if strings.Contains(m, s) && (strings.Contains(m, "exceed") || strings.Contains(m, "maximum") || strings.Contains(m, "too long")) {
			return true
		}
	}
	return false
}
