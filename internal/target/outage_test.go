package target_test

import (
	"context"
	"fmt"
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
				fr := dbtest.NewFreezer(t, db.DSN)
				db.DSN = fr.DSN
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
				t.Cleanup(fr.Close)
				require.NoError(t, run(ctx, reg, db), "through the proxy before it freezes")

				// The pool pings a connection idle for more than a second when
				// it is acquired: that ping meets the silence first.
				if idle {
					time.Sleep(1100 * time.Millisecond)
				}
				fr.Freeze()
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

// TestRolledBackIsRunAgain: a statement the server rolls back for what
// other sessions did — a serialization failure, which a hot standby raises
// as "canceling statement due to conflict with recovery" when the primary
// vacuums rows the query still reads, or a deadlock — is an infra_failure
// to run again: it was unknown, and the question failed at once, on a
// replica (the natural target of read-only questions) whenever its replay
// caught up with a long query.
func TestRolledBackIsRunAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reg, db := setup(t)
	admin, err := pgx.Connect(ctx, db.DSN)
	require.NoError(t, err)
	defer admin.Close(ctx)
	for _, code := range []string{"40001", "40P01"} {
		_, err = admin.Exec(ctx, fmt.Sprintf(`CREATE OR REPLACE FUNCTION shop.rolled_back() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN RAISE EXCEPTION 'canceling statement due to conflict with recovery' USING ERRCODE = '%s'; END $$`, code))
		require.NoError(t, err)
		_, err = reg.Execute(ctx, db, "SELECT count(*) FROM items WHERE rolled_back()", target.ExecOptions{})
		ce := errclass.Classify(err)
		require.Equal(t, errclass.InfraFailure, ce.Class, "SQLSTATE %s: %v", code, err)
		require.Equal(t, code, ce.SQLSTATE)
		require.False(t, ce.Permanent, "SQLSTATE %s: other sessions' work passes: run again", code)
		require.Contains(t, ce.Message, "conflict with recovery")
	}
}
