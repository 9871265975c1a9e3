// Package ollamatest is a fake Ollama server. It speaks enough of Ollama's
// HTTP API (the wire format of github.com/ollama/ollama v0.17.4's
// server/routes.go) that a client built on github.com/ollama/ollama/api
// cannot tell it from the real thing:
//
//   - POST /api/chat and POST /api/generate, streamed as NDJSON by default
//     (intermediate "done":false chunks, then a "done":true chunk with
//     done_reason, durations and token counts), or a single JSON object when
//     the request says "stream": false;
//   - POST /api/embed (and the legacy /api/embeddings) with deterministic
//     embeddings, see [Embedding];
//   - GET /api/tags, POST /api/show, GET /api/version, HEAD and GET /;
//   - errors as {"error": "..."} with Ollama's status codes, including 404
//     for a model that is not pulled.
//
// Replies are scripted per test: a queue ([Server.Script]), rules that match
// the prompt ([Server.Answer], for jobs that run concurrently in no fixed
// order) and a function of the request ([Server.OnChat]). Every request is
// recorded ([Server.Requests], [Server.ChatRequests]). Faults are injected
// with [Server.SetDown], which closes the listener so clients see a refused
// connection, [Server.SetHung], which holds every request unanswered, and
// [Server.FailNext].
//
// The server is also the "instant model" of the benchmark harness: with an
// OnChat function that derives SQL from the prompt, it answers without any
// model latency, which measures nl2sql's own overhead around the model. It
// says nothing about accuracy: nothing here understands a question.
package ollamatest

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/types/model"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
)

// Config configures a fake server.
type Config struct {
	// Config holds the address, the models and the streaming chunk size.
	// Chatting with one of EmbedModels is refused with 400, as Ollama does;
	// the chat chunk size is ChunkSize unless the Response sets its own.
	fakeserver.Config
	// Version is what /api/version reports. Defaults to "0.17.4".
	Version string
	// DisableRecording stops the server from keeping requests, so a long
	// benchmark does not hold every prompt in memory. Defaults to false.
	DisableRecording bool
	// EmbedContextLength is the embedding models' context window in tokens
	// (about 4 bytes a token, fakeserver.Tokens; the request's num_ctx
	// option narrows it), as /api/show reports it. As Ollama's /api/embed,
	// an input longer than it is cut to it and embedded, the cut told by
	// nothing but prompt_eval_count, unless the request says truncate
	// false: then it is refused with 400 "the input length exceeds the
	// context length". Defaults to 2048, nomic-embed-text's.
	EmbedContextLength int
	// LoadTime is how long a model takes to load before its first answer.
	// As Ollama's runner (WaitUntilRunning), a request whose client goes
	// away during the load aborts it, and the model stays unloaded; once
	// one request waited it out, the model answers at once. Defaults to 0:
	// every model is loaded.
	LoadTime time.Duration
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Config = c.Config.WithDefaults()
	if c.Version == "" {
		c.Version = "0.17.4"
	}
	if c.EmbedContextLength == 0 {
		c.EmbedContextLength = 2048
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.EmbedDim < 1:
		return errors.New("ollamatest: EmbedDim must be positive")
	case c.ChunkSize < 1:
		return errors.New("ollamatest: ChunkSize must be positive")
	case c.EmbedContextLength < 1:
		return errors.New("ollamatest: EmbedContextLength must be positive")
	}
	for _, m := range append(append([]string(nil), c.Models...), c.EmbedModels...) {
		if !model.ParseName(m).IsValid() {
			return fmt.Errorf("ollamatest: invalid model name %q", m)
		}
	}
	return nil
}

// modelInfo is one pulled model.
type modelInfo struct {
	name     string // as /api/tags shows it, e.g. "nomic-embed-text:latest"
	embed    bool
	modified time.Time
}

// Server is a fake Ollama server. Its methods are safe for concurrent use.
type Server struct {
	cfg    Config
	models map[string]modelInfo // by modelKey
	order  []string             // modelKeys in Config order

	loadMu sync.Mutex
	loaded map[string]bool // by modelKey, with Config.LoadTime

	fakeserver.Server[Request, ChatRequest, Response]
}

// New starts a fake server. It does not need a *testing.T, so the benchmark
// harness can use it; call Close when done.
func New(cfg Config) (*Server, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, models: map[string]modelInfo{}, loaded: map[string]bool{}}
	// Distinct, stable modification times so /api/tags can sort newest
	// first as Ollama does.
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	add := func(name string, embed bool) {
		k := modelKey(name)
		if _, dup := s.models[k]; dup {
			return
		}
		s.models[k] = modelInfo{
			name:     model.ParseName(name).DisplayShortest(),
			embed:    embed,
			modified: base.Add(time.Duration(len(s.order)) * time.Hour),
		}
		s.order = append(s.order, k)
	}
	for _, m := range cfg.Models {
		add(m, false)
	}
	for _, m := range cfg.EmbedModels {
		add(m, true)
	}
	if err := s.Start("ollamatest", cfg.Addr, !cfg.DisableRecording, http.HandlerFunc(s.serveHTTP)); err != nil {
		return nil, err
	}
	return s, nil
}

// NewT starts a fake server for a test and closes it at cleanup. It takes at
// most one Config.
func NewT(t fakeserver.TB, cfg ...Config) *Server {
	t.Helper()
	return fakeserver.NewT(t, "ollamatest", New, cfg)
}

// URL is the server's base URL, e.g. "http://127.0.0.1:41234". It stays the
// same while the server is down.
func (s *Server) URL() string { return "http://" + s.Addr() }

// modelKey is the lookup key of a model name: fully qualified ("qwen2.5-coder"
// is "registry.ollama.ai/library/qwen2.5-coder:latest") and case-folded, as
// Ollama matches names.
func modelKey(name string) string {
	return strings.ToLower(model.ParseName(name).String())
}

func (s *Server) lookup(name string) (modelInfo, bool) {
	m, ok := s.models[modelKey(name)]
	return m, ok
}

// load waits out name's LoadTime unless it is loaded: false when the
// client went away first, which leaves it unloaded.
func (s *Server) load(r *http.Request, name string) bool {
	if s.cfg.LoadTime <= 0 {
		return true
	}
	k := modelKey(name)
	s.loadMu.Lock()
	done := s.loaded[k]
	s.loadMu.Unlock()
	if done {
		return true
	}
	if !s.Sleep(r.Context(), s.cfg.LoadTime) {
		return false
	}
	s.loadMu.Lock()
	s.loaded[k] = true
	s.loadMu.Unlock()
	return true
}

// Loaded reports whether name was loaded (Config.LoadTime).
func (s *Server) Loaded(name string) bool {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	return s.cfg.LoadTime <= 0 || s.loaded[modelKey(name)]
}
