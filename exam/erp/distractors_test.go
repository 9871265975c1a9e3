package erp_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// catalogFingerprint describes the erp schema as the catalog would see it:
// tables, columns, comments and foreign keys.
func catalogFingerprint(t *testing.T, ctx context.Context, db *dbtest.DB) string {
	t.Helper()
	var fp string
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT md5(string_agg(x, E'\n' ORDER BY x)) FROM (
		SELECT c.relname || ':' || coalesce(obj_description(c.oid, 'pg_class'), '') AS x
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'erp' AND c.relkind = 'r'
		UNION ALL
		SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns WHERE table_schema = 'erp'
		UNION ALL
		SELECT conrelid::regclass::text || ' ' || pg_get_constraintdef(c.oid) FROM pg_constraint c
		JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'erp') s`).Scan(&fp))
	return fp
}

// lockWatch samples, until the returned function is called, how many locks
// the busiest session of db's database holds in the server's shared lock
// table; the function returns the most seen. The lock table is shared by
// every session of the server (max_locks_per_transaction × connections), so
// one transaction holding thousands of locks makes other sessions, here
// other tests, fail with "out of shared memory".
func lockWatch(t *testing.T, db *dbtest.DB) func() int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var (
		wg   sync.WaitGroup
		most int
	)
	wg.Go(func() {
		for ctx.Err() == nil {
			var n int
			err := db.Pool.QueryRow(ctx, `SELECT coalesce(max(n), 0) FROM (
				SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a USING (pid)
				WHERE a.datname = current_database() AND NOT l.fastpath AND a.pid <> pg_backend_pid()
				GROUP BY pid) s`).Scan(&n)
			if err == nil {
				most = max(most, n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	return func() int {
		cancel()
		wg.Wait()
		return most
	}
}

// maxLocks bounds the locks one transaction of Load or Drop may hold: the
// core tables' transaction takes ~1,500. Before the batches were bounded,
// dropping 2,000 tables held ~10,000 in one transaction, more than a
// default server's whole lock table (64 × ~120 sessions).
const maxLocks = 2500

func testDistractors(t *testing.T, total int) {
	ctx := context.Background()
	db := dbtest.NewDB(t)
	locks := lockWatch(t, db)
	require.NoError(t, erp.Load(ctx, db.Pool, erp.LoadOptions{Tables: total}))
	require.LessOrEqual(t, locks(), maxLocks, "locks held by one transaction of Load")

	var names []string
	rows, err := db.Pool.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'erp' AND c.relkind = 'r' AND obj_description(c.oid, 'pg_class') IS NOT NULL`)
	require.NoError(t, err)
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		names = append(names, n)
	}
	require.NoError(t, rows.Err())
	require.Len(t, names, total, "exactly the requested number of tables, all commented")

	// Foreign keys stay inside schema erp; distractors point at each other
	// and at the core hub tables.
	var fks, outside, toCore, amongDistractors int
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(*),
			count(*) FILTER (WHERE rn.nspname <> 'erp'),
			count(*) FILTER (WHERE c.conrelid::regclass::text <> ALL ($1) AND c.confrelid::regclass::text = ANY ($1)),
			count(*) FILTER (WHERE c.conrelid::regclass::text <> ALL ($1) AND c.confrelid::regclass::text <> ALL ($1))
		FROM pg_constraint c
		JOIN pg_namespace n ON n.oid = c.connamespace
		JOIN pg_class r ON r.oid = c.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
		WHERE n.nspname = 'erp' AND c.contype = 'f' AND c.convalidated`, qualified(erp.CoreTables())).Scan(&fks, &outside, &toCore, &amongDistractors))
	require.Zero(t, outside)
	require.Positive(t, toCore)
	require.Positive(t, amongDistractors)

	// The annotations describe exactly the tables created.
	b, err := erp.Annotations(erp.LoadOptions{Tables: total})
	require.NoError(t, err)
	var annotated []string
	for _, a := range decodeAnnotations(t, b) {
		annotated = append(annotated, a.Table)
	}
	slices.Sort(annotated)
	slices.Sort(names)
	require.Equal(t, names, annotated)

	// Replace and Drop cope with thousands of tables (batched drops).
	locks = lockWatch(t, db)
	require.NoError(t, erp.Drop(ctx, db.Pool))
	require.LessOrEqual(t, locks(), maxLocks, "locks held by one transaction of Drop")
	require.Zero(t, queryInt(t, db.Pool, "SELECT count(*) FROM pg_namespace WHERE nspname = 'erp'"))
}

func qualified(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "erp." + n
	}
	return out
}

func TestDistractors(t *testing.T) {
	t.Parallel()

	t.Run("300", func(t *testing.T) {
		t.Parallel()
		testDistractors(t, 300)
	})

	t.Run("2000", func(t *testing.T) {
		t.Parallel()
		if testing.Short() {
			t.Skip("creates 2,000 tables")
		}
		testDistractors(t, 2000)
	})

	t.Run("Deterministic", func(t *testing.T) {
		t.Parallel()
		ctx := context.Background()
		var fps []string
		for range 2 {
			db := dbtest.NewDB(t)
			require.NoError(t, erp.Load(ctx, db.Pool, erp.LoadOptions{Tables: 300}))
			fps = append(fps, catalogFingerprint(t, ctx, db))
		}
		require.Equal(t, fps[0], fps[1])

		// The annotations of every distractor are fixed too.
		b, err := erp.Annotations(erp.LoadOptions{Tables: erp.MaxTables()})
		require.NoError(t, err)
		sum := sha256.Sum256(b)
		golden(t, "distractors.golden.json", map[string]any{
			"max_tables":         erp.MaxTables(),
			"annotations_sha256": hex.EncodeToString(sum[:]),
			"schema_300_md5":     fps[0],
		})
	})
}
