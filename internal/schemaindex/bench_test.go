package schemaindex_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// BenchmarkLexical is one lexical search (three statements: the index's
// stamp, the question's terms, BM25) of the exam's questions in turn,
// among the demo ERP's 2,000 tables. p95_ms is over the iterations.
func BenchmarkLexical(b *testing.B) {
	ctx := context.Background()
	db := indexedERP(b, 2000)
	s, err := schemaindex.NewSearcher(db.Pool, schemaindex.Config{})
	require.NoError(b, err)
	var qs []struct {
		Question string `json:"question"`
	}
	require.NoError(b, json.Unmarshal(erp.QuestionsJSON, &qs))

	var lat []time.Duration
	i := 0
	for b.Loop() {
		started := time.Now()
		if _, err := s.Lexical(ctx, "erp", qs[i%len(qs)].Question, schemaindex.TopK{Tables: 30, Columns: 50, Values: 20}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(started))
		i++
	}
	b.ReportMetric(float64(report.DurationQuantile(lat, 0.95).Microseconds())/1000, "p95_ms")
}

// indexedERP is a database holding the demo ERP among n tables,
// registered as erp and indexed.
func indexedERP(b *testing.B, n int) *dbtest.DB {
	b.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(b, dbtest.Fixture{
		Name: fmt.Sprintf("erp%d", n), Version: erp.Version,
		Load: func(ctx context.Context, pool *pgxpool.Pool) error {
			return erp.Load(ctx, pool, erp.LoadOptions{Tables: n})
		},
	})
	ann, err := erp.Annotations(erp.LoadOptions{Tables: n})
	require.NoError(b, err)
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "erp", DSN: "env:ERP_DSN", Schemas: []string{erp.Schema}}, ann)
	require.NoError(b, err)
	_, err = schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Target: db.Pool}, schemaindex.Config{})
	require.NoError(b, err)
	return db
}

// BenchmarkLexicalLoad is a new Searcher's first lexical search among the
// demo ERP's 2,000 tables: the load of the in-memory index (its terms,
// postings and documents) and one search. A service pays it once per
// index build, on the first question after it starts or the index is
// rebuilt (docs/DESIGN.md, Indexing a large schema).
func BenchmarkLexicalLoad(b *testing.B) {
	ctx := context.Background()
	db := indexedERP(b, 2000)
	for b.Loop() {
		s, err := schemaindex.NewSearcher(db.Pool, schemaindex.Config{})
		require.NoError(b, err)
		if _, err := s.Lexical(ctx, "erp", "total invoice amount per customer", schemaindex.TopK{Tables: 30, Columns: 50, Values: 20}); err != nil {
			b.Fatal(err)
		}
		require.EqualValues(b, 1, schemaindex.LexicalLoads(s))
	}
}

// BenchmarkVector is one vector search (Searcher.Vector: 30 tables and 50
// columns, the retrieval defaults) of the exam's questions in turn, with
// the fake model's embeddings at 768 dimensions (nomic-embed-text's size),
// on the demo ERP among distractors: 300 tables (2,700 embeddings, the
// pipeline bench's target) and 2,000 (17,755). exact ranks in memory, as
// an index without pgvector or one built with it up to
// Config.VectorExactMax numbers is; pgvector goes through
// rag.search_vectors (skipped where the server has no pgvector), and
// reports recall: the share of the exact top k (tie-aware: hits scoring at
// least the exact k-th) it returns, over the questions. p50_ms and p95_ms
// are over the iterations.
func BenchmarkVector(b *testing.B) {
	for _, n := range []int{300, 2000} {
		for _, path := range []string{"exact", "pgvector"} {
			b.Run(fmt.Sprintf("%d/%s", n, path), func(b *testing.B) { benchmarkVector(b, n, path) })
		}
	}
}

func benchmarkVector(b *testing.B, n int, path string) {
	ctx := context.Background()
	const dims = 768
	db := dbtest.NewDB(b, dbtest.Fixture{
		Name: fmt.Sprintf("erp%d", n), Version: erp.Version,
		Load: func(ctx context.Context, pool *pgxpool.Pool) error {
			return erp.Load(ctx, pool, erp.LoadOptions{Tables: n})
		},
	})
	var available bool
	require.NoError(b, db.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')").Scan(&available))
	if path == "pgvector" && !available {
		b.Skip("pgvector is not available here")
	}
	ann, err := erp.Annotations(erp.LoadOptions{Tables: n})
	require.NoError(b, err)
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "erp", DSN: "env:ERP_DSN", Schemas: []string{erp.Schema}}, ann)
	require.NoError(b, err)
	_, err = schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Target: db.Pool, Embedder: &counting{dims: dims}, EmbedModel: "fake-embed"}, schemaindex.Config{})
	require.NoError(b, err)
	cfg := schemaindex.Config{}.WithDefaults()
	cfg.VectorExactMax = math.MaxInt
	if path == "pgvector" {
		cfg.VectorExactMax = 0
	}
	s, err := schemaindex.NewSearcher(db.Pool, cfg)
	require.NoError(b, err)
	var qs []struct {
		Question string `json:"question"`
	}
	require.NoError(b, json.Unmarshal(erp.QuestionsJSON, &qs))
	embeddings := make([][]float32, len(qs))
	for i, q := range qs {
		embeddings[i] = ollamatest.Embedding(q.Question, dims)
	}
	k := schemaindex.TopK{Tables: 30, Columns: 50}
	recall := -1.0
	if path == "pgvector" {
		found, want := 0, 0
		for _, e := range embeddings {
			exact, err := schemaindex.VectorExact(ctx, s, "erp", e, k)
			require.NoError(b, err)
			hnsw, err := schemaindex.VectorPgvector(ctx, s, "erp", e, k)
			require.NoError(b, err)
			for _, pair := range [][2][]schemaindex.Hit{{exact.Tables, hnsw.Tables}, {exact.Columns, hnsw.Columns}} {
				want += len(pair[0])
				kth := pair[0][len(pair[0])-1].Score
				for _, h := range pair[1] {
					if h.Score >= kth-1e-6 {
						found++
					}
				}
			}
		}
		recall = float64(found) / float64(want)
	}

	var lat []time.Duration
	i := 0
	for b.Loop() {
		started := time.Now()
		if _, err := s.Vector(ctx, "erp", embeddings[i%len(embeddings)], k); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(started))
		i++
	}
	b.ReportMetric(float64(report.DurationQuantile(lat, 0.5).Microseconds())/1000, "p50_ms")
	b.ReportMetric(float64(report.DurationQuantile(lat, 0.95).Microseconds())/1000, "p95_ms")
	if recall >= 0 {
		b.ReportMetric(recall, "recall")
	}
}
