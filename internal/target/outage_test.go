package target_test

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/target"
)

// TestServerThatStopsAnswering: a target whose connections go silent (a
// network partition, a frozen host) fails the statement as an
// infra_failure soon after its timeout. The server's statement_timeout
// cannot end it, since nothing reaches the server; before the bound, the
// stage's worker waited for the stage's timeout (2m), and with the DB
// queue's every worker waiting so, the questions about every other
// database waited too.
func TestServerThatStopsAnswering(t *testing.T) {
	t.Parallel()
	for name, run := range map[string]func(context.Context, *target.Registry, target.Database) error{
		"Explain": func(ctx context.Context, reg *target.Registry, db target.Database) error {
			_, err := reg.Explain(ctx, db, "SELECT 1")
			return err
		},
		"Execute": func(ctx context.Context, reg *target.Registry, db target.Database) error {
			_, err := reg.Execute(ctx, db, "SELECT 1", target.ExecOptions{})
			return err
		},
	} {
		for _, idle := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/idle=%t", name, idle), func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				_, db := setup(t)
				fr := newFreezer(t, db.DSN)
				db.DSN = fr.dsn
				reg, err := target.New(target.Config{
					StatementTimeout: 500 * time.Millisecond, ExplainTimeout: 500 * time.Millisecond,
					// Two: a connection the pool drops is closed by pgx in the
					// background, holding its slot up to 15s while its cancel
					// request waits on the frozen proxy.
					ConnectTimeout: time.Second, MaxConns: 2, Logger: dbtest.Logger(t),
				})
				require.NoError(t, err)
				t.Cleanup(reg.Close)
				// Before the registry closes: pgx's close of a timed-out
				// connection sends a cancel request and waits up to 15s for the
				// server, which never hears it through a frozen proxy.
				t.Cleanup(fr.close)
				require.NoError(t, run(ctx, reg, db), "through the proxy before it freezes")

				// The pool pings a connection idle for more than a second when
				// it is acquired: that ping meets the silence first.
				if idle {
					time.Sleep(1100 * time.Millisecond)
				}
				fr.freeze()
				start := time.Now()
				wctx, cancel := context.WithTimeout(ctx, 20*time.Second) // the stage's timeout
				defer cancel()
				err = run(wctx, reg, db)
				ce := errclass.Classify(err)
				require.Equal(t, errclass.InfraFailure, ce.Class, "%v", err)
				if idle {
					require.Equal(t, `cannot reach database "shop": timed out`, ce.Message, "the ping unanswered, a new connection is tried")
				} else {
					require.Equal(t, `database "shop" did not answer within 1.5s (the statement's timeout and 1s more): the server or the network to it is not responding`, ce.Message)
				}
				require.Less(t, time.Since(start), 10*time.Second, "bounded by the statement, not the caller")
			})
		}
	}
}

// freezer is a TCP proxy to a database that, once frozen, forwards nothing
// either way and keeps the connections open: what a client sees of a
// partitioned network.
type freezer struct {
	dsn    string
	frozen chan struct{}
	once   sync.Once
	mu     sync.Mutex
	conns  []net.Conn
	closed bool
	// close stops the proxy and closes its connections.
	close func()
}

// newFreezer starts a proxy to dsn's server, closed at the test's end or
// by close.
func newFreezer(t *testing.T, dsn string) *freezer {
	t.Helper()
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	upstream := u.Host
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	u.Host = ln.Addr().String()
	fr := &freezer{dsn: u.String(), frozen: make(chan struct{})}
	var wg sync.WaitGroup
	wg.Go(func() {
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
				// Accepted as close ran: its peers would wait on it.
				fr.mu.Unlock()
				c.Close()
				up.Close()
				return
			}
			fr.conns = append(fr.conns, c, up)
			wg.Go(func() { fr.pipe(up, c) })
			wg.Go(func() { fr.pipe(c, up) })
			fr.mu.Unlock()
		}
	})
	var closing sync.Once
	fr.close = func() {
		closing.Do(func() {
			ln.Close()
			fr.mu.Lock()
			fr.closed = true
			for _, c := range fr.conns {
				c.Close()
			}
			fr.mu.Unlock()
			wg.Wait()
		})
	}
	t.Cleanup(fr.close)
	return fr
}

func (fr *freezer) freeze() { fr.once.Do(func() { close(fr.frozen) }) }

// pipe copies src to dst until frozen; then it reads and drops.
func (fr *freezer) pipe(dst, src net.Conn) {
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

// TestLockWaitIsNotTheStatementsCost: a statement that waits for a lock
// another session holds (an ALTER TABLE, VACUUM FULL or LOCK TABLE) is an
// infra_failure to run again, not a query_timeout: held 40s on a table of
// a registered database, questions failed "no valid SQL after 3
// attempt(s); last error: canceling statement due to statement timeout",
// and the model was asked twice for a cheaper query.
func TestLockWaitIsNotTheStatementsCost(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, db := setup(t)
	reg, err := target.New(target.Config{StatementTimeout: 300 * time.Millisecond, ExplainTimeout: 300 * time.Millisecond, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	t.Cleanup(reg.Close)
	locker, err := pgx.Connect(ctx, db.DSN)
	require.NoError(t, err)
	defer locker.Close(ctx)
	tx, err := locker.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck // ends the lock
	_, err = tx.Exec(ctx, "LOCK TABLE shop.items IN ACCESS EXCLUSIVE MODE")
	require.NoError(t, err)

	_, err = reg.Explain(ctx, db, "SELECT count(*) FROM items")
	ce := errclass.Classify(err)
	require.Equal(t, errclass.InfraFailure, ce.Class, "%v", err)
	require.Equal(t, "55P03", ce.SQLSTATE)
	require.Contains(t, ce.Message, "waited for a lock another session holds")
	_, err = reg.Execute(ctx, db, "SELECT count(*) FROM items", target.ExecOptions{})
	ce = errclass.Classify(err)
	require.Equal(t, errclass.InfraFailure, ce.Class, "%v", err)
	require.False(t, ce.Permanent, "the lock passes: run again")

	// A statement that is slow on its own stays a query_timeout.
	_, err = reg.Execute(ctx, db, "SELECT count(*) FROM generate_series(1, 100000000)", target.ExecOptions{})
	require.Equal(t, errclass.QueryTimeout, errclass.Classify(err).Class, "%v", err)
}
