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
// connection, and [Server.FailNext].
//
// The server is also the "instant model" of the benchmark harness: with an
// OnChat function that derives SQL from the prompt, it answers without any
// model latency, which measures nl2sql's own overhead around the model. It
// says nothing about accuracy: nothing here understands a question.
package ollamatest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ollama/ollama/types/model"
)

// Config configures a fake server.
type Config struct {
	// Addr is the TCP address to listen on. Defaults to "127.0.0.1:0" (a free
	// port, kept across SetDown).
	Addr string
	// Models are the chat models the server has "pulled". Defaults to
	// ["qwen2.5-coder:7b"].
	Models []string
	// EmbedModels are the embedding-only models the server has "pulled";
	// chatting with one is refused with 400, as Ollama does. A non-nil empty
	// slice means none. Defaults to ["nomic-embed-text"].
	EmbedModels []string
	// EmbedDim is the length of the vectors /api/embed returns. Defaults to
	// 768, nomic-embed-text's dimension.
	EmbedDim int
	// ChunkSize is how many runes of a reply each streamed chunk carries,
	// unless the Response sets its own. Ollama sends about one token (3-4
	// characters) per chunk; the benchmark harness raises this so streaming
	// costs little. Defaults to 8.
	ChunkSize int
	// Version is what /api/version reports. Defaults to "0.17.4".
	Version string
	// DisableRecording stops the server from keeping requests, so a long
	// benchmark does not hold every prompt in memory. Defaults to false.
	DisableRecording bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Addr == "" {
		c.Addr = "127.0.0.1:0"
	}
	if c.Models == nil {
		c.Models = []string{"qwen2.5-coder:7b"}
	}
	if c.EmbedModels == nil {
		c.EmbedModels = []string{"nomic-embed-text"}
	}
	if c.EmbedDim == 0 {
		c.EmbedDim = 768
	}
	if c.ChunkSize == 0 {
		c.ChunkSize = 8
	}
	if c.Version == "" {
		c.Version = "0.17.4"
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.EmbedDim < 1:
		return errors.New("ollamatest: EmbedDim must be positive")
	case c.ChunkSize < 1:
		return errors.New("ollamatest: ChunkSize must be positive")
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
	cfg     Config
	models  map[string]modelInfo // by modelKey
	order   []string             // modelKeys in Config order
	handler http.Handler

	// stop is closed by Close; it wakes handlers that wait out a Delay.
	stop chan struct{}

	mu       sync.Mutex
	addr     string       // fixed by the first Listen, reused by SetDown(false)
	hs       *http.Server // nil while down or closed
	ln       net.Listener // hs's listener
	closed   bool
	failN    int
	failCode int
	rules    []rule
	script   []Response
	onChat   func(ChatRequest) Response
	requests []Request
	chats    []ChatRequest
}

// New starts a fake server. It does not need a *testing.T, so the benchmark
// harness can use it; call Close when done.
func New(cfg Config) (*Server, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Server{
		cfg:    cfg,
		models: map[string]modelInfo{},
		stop:   make(chan struct{}),
	}
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
	s.handler = http.HandlerFunc(s.serveHTTP)
	if err := s.up(cfg.Addr); err != nil {
		return nil, err
	}
	return s, nil
}

// TB is the part of testing.TB that NewT uses; naming it here keeps the
// testing package out of binaries that use New.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// NewT starts a fake server for a test and closes it at cleanup. It takes at
// most one Config.
func NewT(t TB, cfg ...Config) *Server {
	t.Helper()
	var c Config
	switch len(cfg) {
	case 0:
	case 1:
		c = cfg[0]
	default:
		t.Fatalf("ollamatest.NewT: at most one Config, got %d", len(cfg))
	}
	s, err := New(c)
	if err != nil {
		t.Fatalf("ollamatest.NewT: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// URL is the server's base URL, e.g. "http://127.0.0.1:41234". It stays the
// same while the server is down.
func (s *Server) URL() string { return "http://" + s.Addr() }

// Addr is the server's host:port.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Close stops the server for good and drops every connection.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	hs, ln := s.hs, s.ln
	s.hs, s.ln = nil, nil
	close(s.stop)
	s.mu.Unlock()
	stopServing(hs, ln)
}

// stopServing closes the listener itself, at once, rather than leave it to
// hs: if Serve has not started yet, hs.Close would not see the listener,
// which would take connections until Serve ran and then reset them.
func stopServing(hs *http.Server, ln net.Listener) {
	if ln != nil {
		_ = ln.Close()
	}
	if hs != nil {
		_ = hs.Close()
	}
}

// SetDown takes the server down or brings it back. Down closes the listener
// and every open connection, so a client sees "connection refused" (and an
// in-flight request sees its connection drop), not an HTTP error. Up listens
// again on the same address.
func (s *Server) SetDown(down bool) error {
	if down {
		s.mu.Lock()
		hs, ln := s.hs, s.ln
		s.hs, s.ln = nil, nil
		s.mu.Unlock()
		stopServing(hs, ln)
		return nil
	}
	s.mu.Lock()
	running, closed, addr := s.hs != nil, s.closed, s.addr
	s.mu.Unlock()
	switch {
	case closed:
		return errors.New("ollamatest: server is closed")
	case running:
		return nil
	}
	return s.up(addr)
}

// up listens on addr and serves. An http.Server cannot be restarted after
// Close, so each up gets a new one over the same handler.
func (s *Server) up(addr string) error {
	// The port was ours a moment ago; the kernel may take a moment to let it
	// go when connections were open, so retry briefly.
	var ln net.Listener
	var err error
	for range 50 {
		ln, err = net.Listen("tcp", addr)
		if err == nil || !isAddrInUse(err) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("ollamatest: listen on %s: %w", addr, err)
	}
	hs := &http.Server{Handler: s.handler, ReadHeaderTimeout: 10 * time.Second}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ln.Close()
		return errors.New("ollamatest: server is closed")
	}
	s.addr = ln.Addr().String()
	s.hs, s.ln = hs, ln
	s.mu.Unlock()
	go func() { _ = hs.Serve(ln) }()
	return nil
}

func isAddrInUse(err error) bool { return errors.Is(err, syscall.EADDRINUSE) }

// FailNext makes the next n API requests (any path under /api/) fail with
// status and an Ollama-shaped error body, before model lookup or scripting.
// Use a 5xx status to simulate an overloaded or crashing server.
func (s *Server) FailNext(n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failN, s.failCode = n, status
}

// takeFailure reports whether this request must fail, and with what status.
func (s *Server) takeFailure() (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failN <= 0 {
		return 0, false
	}
	s.failN--
	return s.failCode, true
}

// sleep waits d, or until the request or the server is done; it reports
// whether the full time passed.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-s.stop:
		return false
	}
}

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
