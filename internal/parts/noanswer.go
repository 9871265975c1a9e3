package parts

import (
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// answerBound is how long a catalog check waits for a target to answer: a
// statement's timeout, which the session sets so that the server ends a
// slow statement itself, and the connect timeout more, as for a question's
// statement (target: the statement's timeout plus ConnectTimeout). A
// server past it does not hear us (a network partition, a frozen host),
// and its statement_timeout cannot end what never reached it.
type answerBound struct {
	statement time.Duration
	connect   time.Duration
}

func (b answerBound) wait() time.Duration { return b.statement + b.connect }

// noAnswerError is what a read or write on a bound connection (boundedConn)
// returns when it waited the whole bound.
type noAnswerError struct{ b answerBound }

func (e *noAnswerError) Error() string {
	return fmt.Sprintf("did not answer within %s (the statement's timeout and %s more)", e.b.wait(), e.b.connect)
}

// boundedConn is a connection to a target on which a read or a write that
// waits longer than its bound fails with a noAnswerError: pgx waits for the
// server for as long as its caller's context allows, the catalog check's
// being up to NL2SQL_CATALOG_CHECK_INTERVAL, and the check holds a DB
// worker as long. The deadlines pgx sets itself (its caller's context
// ending) still apply: the earlier one ends the wait.
type boundedConn struct {
	net.Conn
	b answerBound

	mu          sync.Mutex
	read, write deadline
	// met is the noAnswerError a read or write returned, once one did.
	met atomic.Pointer[noAnswerError]
}

// metBound is the noAnswerError conn's connection met, or nil. pgx does not
// always return it: a statement without arguments (simple protocol, such
// as BEGIN) reports "conn closed", pgx v5.12 dropping the read's error and
// closing the connection on it.
func metBound(conn *pgx.Conn) *noAnswerError {
	if bc, ok := conn.PgConn().Conn().(*boundedConn); ok {
		return bc.met.Load()
	}
	return nil
}

// deadline is a direction's deadlines: pgx's (theirs, zero for none) and,
// while a read or write waits, the bound's (ours).
type deadline struct{ theirs, ours time.Time }

// at is the earlier of the two, zero when neither is set.
func (d deadline) at() time.Time {
	switch {
	case d.ours.IsZero():
		return d.theirs
	case d.theirs.IsZero() || d.ours.Before(d.theirs):
		return d.ours
	}
	return d.theirs
}

func (c *boundedConn) Read(p []byte) (int, error) {
	return c.bounded(&c.read, c.Conn.SetReadDeadline, func() (int, error) { return c.Conn.Read(p) })
}

func (c *boundedConn) Write(p []byte) (int, error) {
	return c.bounded(&c.write, c.Conn.SetWriteDeadline, func() (int, error) { return c.Conn.Write(p) })
}

// bounded runs io, a read or a write, with d's deadline at most the bound
// from now.
func (c *boundedConn) bounded(d *deadline, set func(time.Time) error, io func() (int, error)) (int, error) {
	c.mu.Lock()
	d.ours = time.Now().Add(c.b.wait())
	err := set(d.at())
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n, err := io()
	c.mu.Lock()
	defer c.mu.Unlock()
	if errors.Is(err, os.ErrDeadlineExceeded) && (d.theirs.IsZero() || time.Now().Before(d.theirs)) {
		na := &noAnswerError{b: c.b}
		c.met.Store(na)
		err = na
	}
	d.ours = time.Time{}
	return n, err
}

func (c *boundedConn) SetDeadline(t time.Time) error {
	return errors.Join(c.SetReadDeadline(t), c.SetWriteDeadline(t))
}

func (c *boundedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read.theirs = t
	return c.Conn.SetReadDeadline(c.read.at())
}

func (c *boundedConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.write.theirs = t
	return c.Conn.SetWriteDeadline(c.write.at())
}
