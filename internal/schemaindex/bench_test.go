package schemaindex_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// BenchmarkLexical is one lexical search (three statements: the index's
// stamp, the question's terms, BM25) of the exam's questions in turn,
// among the demo ERP's 2,000 tables. p95_ms is over the iterations.
func BenchmarkLexical(b *testing.B) {
	ctx := context.Background()
	const n = 2000
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
