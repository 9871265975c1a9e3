package dbtest

import (
	"encoding/binary"
	"io"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// Freezer is a TCP proxy to a database that, once frozen, forwards nothing
// either way and keeps the connections open: what a client sees of a
// partitioned network or a frozen host.
type Freezer struct {
	// DSN is the database's DSN through the proxy.
	DSN string

	frozen  chan struct{}
	once    sync.Once
	atReady atomic.Bool
	mu      sync.Mutex
	conns   []net.Conn
	closed  bool
	wg      sync.WaitGroup
	ln      net.Listener
	close   sync.Once
}

// NewFreezer starts a proxy to dsn's server, closed at the test's end or
// by Close.
func NewFreezer(t testing.TB, dsn string) *Freezer {
	t.Helper()
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	upstream := u.Host
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	u.Host = ln.Addr().String()
	fr := &Freezer{DSN: u.String(), frozen: make(chan struct{}), ln: ln}
	fr.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", upstream)
			if err != nil {
				c.Close()
				continue
			}
			fr.mu.Lock()
			if fr.closed {
				// Accepted as Close ran: its peers would wait on it.
				fr.mu.Unlock()
				c.Close()
				up.Close()
				return
			}
			fr.conns = append(fr.conns, c, up)
			fr.wg.Go(func() { fr.pipe(up, c) })
			fr.wg.Go(func() { fr.answers(c, up) })
			fr.mu.Unlock()
		}
	})
	t.Cleanup(fr.Close)
	return fr
}

// Freeze stops forwarding: what either side sends from now on is read and
// dropped.
func (fr *Freezer) Freeze() { fr.once.Do(func() { close(fr.frozen) }) }

// FreezeAtReady freezes the proxy when a server first says it is ready for
// a query (ReadyForQuery, ending a connection's startup): the partition
// starts right after a client connected, and its first statement meets it.
// The DSN must not ask for TLS (sslmode=disable), whose bytes it cannot
// read.
func (fr *Freezer) FreezeAtReady() { fr.atReady.Store(true) }

// Close stops the proxy and closes its connections. A test whose client
// closes a connection that timed out through the frozen proxy closes it
// first: pgx then sends a cancel request and waits up to 15s for the
// server, which never hears it.
func (fr *Freezer) Close() {
	fr.close.Do(func() {
		fr.ln.Close()
		fr.mu.Lock()
		fr.closed = true
		for _, c := range fr.conns {
			c.Close()
		}
		fr.mu.Unlock()
		fr.wg.Wait()
	})
}

// answers copies what the server says (src) to its client (dst), message
// by message when the proxy freezes at ReadyForQuery (FreezeAtReady).
func (fr *Freezer) answers(dst, src net.Conn) {
	if !fr.atReady.Load() {
		fr.pipe(dst, src)
		return
	}
	// A message is its type, its length (itself included) and the rest.
	head := make([]byte, 5)
	for {
		if _, err := io.ReadFull(src, head); err != nil {
			return
		}
		msg := make([]byte, 5+int(binary.BigEndian.Uint32(head[1:]))-4)
		copy(msg, head)
		if _, err := io.ReadFull(src, msg[5:]); err != nil {
			return
		}
		select {
		case <-fr.frozen:
			fr.pipe(io.Discard, src)
			return
		default:
		}
		if _, err := dst.Write(msg); err != nil {
			return
		}
		if head[0] == 'Z' {
			fr.Freeze()
		}
	}
}

// pipe copies src to dst until frozen; then it reads and drops.
func (fr *Freezer) pipe(dst io.Writer, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		select {
		case <-fr.frozen:
		default:
			if n > 0 {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
		}
		if err != nil {
			return
		}
	}
}
