package migrations_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/migrations"
)

// TestEnsureDatabaseConcurrently: several `nl2sql migrate` at once on a
// database that does not exist yet all succeed, and one creates it.
func TestEnsureDatabaseConcurrently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// dbtest's name shape, so that a run that dies leaves it to the sweep.
	name := fmt.Sprintf("nl2sql_t_%d_%x", os.Getpid(), time.Now().UnixNano())
	t.Cleanup(func() {
		admin, err := pgx.Connect(ctx, dbtest.AdminURL())
		if err == nil {
			_, _ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize())
			_ = admin.Close(ctx)
		}
	})
	url := target.WithDatabase(dbtest.AdminURL(), name)
	var wg sync.WaitGroup
	created := make(chan bool, 4)
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			c, err := migrations.EnsureDatabase(ctx, url)
			created <- c
			errs <- err
		})
	}
	wg.Wait()
	close(created)
	close(errs)
	n := 0
	for c := range created {
		if c {
			n++
		}
	}
	for err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, 1, n, "one of them created it")
}
