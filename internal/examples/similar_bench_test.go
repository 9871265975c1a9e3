package examples_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/examples"
)

// BenchmarkSimilar finds the examples of one question among n of its
// database (and n of another): the cost the retrieve stage adds per
// question. Every synthetic question shares "how many ... per" with the
// one asked, so every example of the database is scored: the worst case.
func BenchmarkSimilar(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchmarkSimilar(b, n) })
	}
}

func benchmarkSimilar(b *testing.B, n int) {
	ctx := context.Background()
	db := dbtest.NewDB(b)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://u@h/shop'), ('other', 'postgres://u@h/other')")
	require.NoError(b, err)
	_, err = db.Pool.Exec(ctx, `
		INSERT INTO rag.examples (database_name, question, sql, checked_at)
		SELECT d, format('How many %s per %s were %s in %s?', w[1 + i % 20], w[1 + (i / 20) % 20], v[1 + (i / 400) % 10], 1990 + i % 37),
		       format('SELECT count(*) FROM t%s', i), now()
		FROM generate_series(1, $1::integer) i, unnest(ARRAY['shop', 'other']) d,
		     (SELECT ARRAY['customers', 'orders', 'invoices', 'employees', 'products', 'suppliers', 'payments', 'shipments',
		                   'projects', 'departments', 'accounts', 'warehouses', 'contracts', 'tickets', 'leads', 'campaigns',
		                   'vehicles', 'assets', 'budgets', 'regions'] AS w,
		             ARRAY['created', 'shipped', 'cancelled', 'paid', 'returned', 'approved', 'rejected', 'opened', 'closed', 'billed'] AS v) x`, n)
	require.NoError(b, err)
	_, err = db.Pool.Exec(ctx, "ANALYZE rag.examples")
	require.NoError(b, err)
	s, err := examples.New(db.Pool, examples.Config{})
	require.NoError(b, err)
	q := examples.Query{Database: "shop", Question: "How many orders per customer were shipped last year?"}
	ex, err := s.Similar(ctx, q)
	require.NoError(b, err)
	require.Len(b, ex, 3)
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Similar(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}
