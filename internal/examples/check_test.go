package examples_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/examples"
)

// TestCheckExamplesKeepsItsProgress: a check of a database's examples that
// stops part way (the job's timeout on a slow or distant target, the
// target lost for a moment) keeps the verdicts it reached, and the next
// check goes on from there. It marked every example at its end alone: a
// database with more examples than one job's time checks was never
// checked after a catalog refresh, and none of its examples was used
// again.
func TestCheckExamplesKeepsItsProgress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn, refreshed_at) VALUES ('shop', 'postgres://u@h/shop', now())")
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, `INSERT INTO rag.examples (database_name, question, sql)
		SELECT 'shop', 'How many orders in week ' || g || '?', 'SELECT ' || g FROM generate_series(1, 200) g`)
	require.NoError(t, err)
	s, err := examples.New(db.Pool, examples.Config{})
	require.NoError(t, err)

	calls := 0
	stopped := errors.New("the job's time ran out")
	_, err = s.CheckExamples(ctx, func(context.Context, string, string) (string, error) {
		if calls++; calls > 150 {
			return "", stopped
		}
		return "", nil
	}, "shop", false)
	require.ErrorIs(t, err, stopped)
	var checked int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.examples WHERE checked_at IS NOT NULL").Scan(&checked))
	require.Equal(t, 150, checked, "the verdicts reached are kept")

	calls = 0
	n, err := s.CheckExamples(ctx, func(context.Context, string, string) (string, error) { calls++; return "", nil }, "shop", false)
	require.NoError(t, err)
	require.Equal(t, 50, n.Checked, "the next check goes on where the last stopped")
	require.Equal(t, 50, calls)
}
