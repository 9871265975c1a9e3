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

// Listener serves a handler on a TCP address that stays the same while the
// server goes down and comes back. Its methods are safe for concurrent use.
type Listener struct {
	name    string // the server's package, for errors
	handler http.Handler

	// stop is closed by Close; it wakes handlers that wait out a delay.
	stop chan struct{}

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
