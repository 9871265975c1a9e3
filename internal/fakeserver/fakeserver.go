// Package fakeserver is what the fake model servers (internal/ollamatest,
// internal/openaitest; test code only) share: a listener that can go down
// and come back on the same address, scripted replies, injected failures,
// and the token estimate and chunking of streamed replies. The servers
// speak their APIs; this package knows nothing of either.
package fakeserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"
)

// Config is the configuration both fake servers share; each embeds it in
// its own Config.
type Config struct {
	// Addr is the TCP address to listen on. Defaults to "127.0.0.1:0" (a free
	// port, kept across SetDown).
	Addr string
	// Models are the chat models the server offers. Defaults to
	// ["qwen2.5-coder:7b"].
	Models []string
	// EmbedModels are the embedding-only models it offers. A non-nil empty
	// slice means none. Defaults to ["nomic-embed-text"].
	EmbedModels []string
	// EmbedDim is the length of the embeddings. Defaults to 768,
	// nomic-embed-text's dimension.
	EmbedDim int
	// ChunkSize is how many runes of a reply each streamed chunk carries.
	// A real server sends about one token (3-4 characters) per chunk; the
	// benchmark harness raises this so streaming costs little. Defaults to 8.
	ChunkSize int
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
	return c
}

// TB is the part of testing.TB that NewT uses; naming it here keeps the
// testing package out of binaries that use the servers' New.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// NewT starts a server with newServer for a test and closes it at cleanup.
// It takes at most one config; name prefixes the failures.
func NewT[C any, S interface{ Close() }](t TB, name string, newServer func(C) (S, error), cfg []C) S {
	t.Helper()
	var c C
	switch len(cfg) {
	case 0:
	case 1:
		c = cfg[0]
	default:
		t.Fatalf("%s.NewT: at most one Config, got %d", name, len(cfg))
	}
	s, err := newServer(c)
	if err != nil {
		t.Fatalf("%s.NewT: %v", name, err)
	}
	t.Cleanup(s.Close)
	return s
}

// Listener serves a handler on a TCP address that stays the same while the
// server goes down and comes back. Its methods are safe for concurrent use.
type Listener struct {
	name    string // the server's package, for errors
	handler http.Handler

	// stop is closed by Close; it wakes handlers that wait out a delay.
	stop chan struct{}
	// hung is open while the server is hung (SetHung) and closed when it
	// is released; nil while it answers.
	hung chan struct{}

	mu     sync.Mutex
	addr   string       // fixed by the first Listen, reused by SetDown(false)
	hs     *http.Server // nil while down or closed
	ln     net.Listener // hs's listener
	closed bool
}

// Listen serves handler on addr ("127.0.0.1:0" for a free port, kept
// across SetDown); name prefixes errors.
func Listen(name, addr string, handler http.Handler) (*Listener, error) {
	l := &Listener{name: name, handler: handler, stop: make(chan struct{})}
	if err := l.up(addr); err != nil {
		return nil, err
	}
	return l, nil
}

// Addr is the server's host:port.
func (l *Listener) Addr() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.addr
}

// Close stops the server for good and drops every connection.
func (l *Listener) Close() {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	hs, ln := l.hs, l.ln
	l.hs, l.ln = nil, nil
	close(l.stop)
	l.mu.Unlock()
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
func (l *Listener) SetDown(down bool) error {
	l.mu.Lock()
	if down {
		hs, ln := l.hs, l.ln
		l.hs, l.ln = nil, nil
		l.mu.Unlock()
		stopServing(hs, ln)
		return nil
	}
	running, closed, addr := l.hs != nil, l.closed, l.addr
	l.mu.Unlock()
	switch {
	case closed:
		return errors.New(l.name + ": server is closed")
	case running:
		return nil
	}
	return l.up(addr)
}

// up listens on addr and serves. An http.Server cannot be restarted after
// Close, so each up gets a new one over the same handler.
func (l *Listener) up(addr string) error {
	// The port was ours a moment ago; the kernel may take a moment to let it
	// go when connections were open, so retry briefly.
	var ln net.Listener
	var err error
	for range 50 {
		ln, err = net.Listen("tcp", addr)
		if err == nil || !errors.Is(err, syscall.EADDRINUSE) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("%s: listen on %s: %w", l.name, addr, err)
	}
	hs := &http.Server{Handler: l.handler, ReadHeaderTimeout: 10 * time.Second}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		ln.Close()
		return errors.New(l.name + ": server is closed")
	}
	l.addr = ln.Addr().String()
	l.hs, l.ln = hs, ln
	l.mu.Unlock()
	go func() { _ = hs.Serve(ln) }()
	return nil
}

// SetHung hangs the server or releases it. Hung, it still accepts
// connections and reads requests but answers none: each waits until the
// server is released (then it is answered as usual), its client goes away
// or the server closes. A model server stopped with SIGSTOP, or wedged with
// every runner busy, looks like this from the client; SetDown is one that
// refuses connections.
func (l *Listener) SetHung(hung bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case hung && l.hung == nil:
		l.hung = make(chan struct{})
	case !hung && l.hung != nil:
		close(l.hung)
		l.hung = nil
	}
}

// Hold waits while the server is hung (SetHung): it reports whether the
// request (ctx) may be answered, false when its client went away or the
// server closed first. The fake servers call it on every request they
// received.
func (l *Listener) Hold(ctx context.Context) bool {
	l.mu.Lock()
	hung := l.hung
	l.mu.Unlock()
	if hung == nil {
		return true
	}
	select {
	case <-hung:
		return ctx.Err() == nil // a client that left as it was released
	case <-ctx.Done():
		return false
	case <-l.stop:
		return false
	}
}

// Sleep waits d, or until the request (ctx) or the server is done; it
// reports whether the full time passed.
func (l *Listener) Sleep(ctx context.Context, d time.Duration) bool {
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
	case <-l.stop:
		return false
	}
}

// Tokens estimates a token count from a length in bytes: about four bytes
// a token, at least one.
func Tokens(n int) int { return max(1, (n+3)/4) }

// PrefixRunes is the byte length of the first n runes of s: where a
// streamed chunk of n runes ends.
func PrefixRunes(s string, n int) int {
	i := 0
	for range n {
		if i >= len(s) {
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}
