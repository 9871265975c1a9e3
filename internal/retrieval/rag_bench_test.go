package retrieval_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

// BenchmarkRAG is a whole lexical retrieval (searches, fusion, rendering)
// of the exam's questions in turn, on the demo ERP at its own size and
// among 2,000 tables. p95_ms, mean table recall and questions/s are over
// the iterations (run -benchtime 60x for every question once).
func BenchmarkRAG(b *testing.B) {
	for _, n := range []int{75, 2000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s, search := erpIndex(b, n)
			r := ragStrategy(b, search, retrieval.RAGConfig{})
			qs := examQuestions(b)
			ctx := context.Background()
			var lat []time.Duration
			var recall float64
			i := 0
			for b.Loop() {
				q := qs[i%len(qs)]
				started := time.Now()
				res, err := r.Retrieve(ctx, retrieval.Request{Question: q.Question, Snapshot: s})
				if err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(started))
				hit := 0
				for _, e := range q.Expected {
					if slices.Contains(res.Metadata.TablesIncluded, e) {
						hit++
					}
				}
				recall += float64(hit) / float64(len(q.Expected))
				i++
			}
			var total time.Duration
			for _, l := range lat {
				total += l
			}
			b.ReportMetric(p95ms(lat), "p95_ms")
			b.ReportMetric(recall/float64(i), "recall")
			b.ReportMetric(float64(i)/total.Seconds(), "questions/s")
		})
	}
}

// p95ms is the 95th percentile of lat in milliseconds.
func p95ms(lat []time.Duration) float64 {
	return float64(report.DurationQuantile(lat, 0.95).Microseconds()) / 1000
}
