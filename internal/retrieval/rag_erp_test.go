package retrieval_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// erpIndex loads the demo ERP with n tables (the 75 core tables plus
// distractors), registers and indexes it, and returns its catalog and a
// searcher over the index.
func erpIndex(t testing.TB, n int) (*catalog.Snapshot, *schemaindex.Searcher) {
	return erpIndexWith(t, n, nil)
}

// erpIndexWith is erpIndex embedding with e (none when nil), as model
// "fake-embed".
func erpIndexWith(t testing.TB, n int, e schemaindex.Embedder) (*catalog.Snapshot, *schemaindex.Searcher) {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t, dbtest.Fixture{
		Name: fmt.Sprintf("erp%d", n), Version: erp.Version,
		Load: func(ctx context.Context, pool *pgxpool.Pool) error {
			return erp.Load(ctx, pool, erp.LoadOptions{Tables: n})
		},
	})
	ann, err := erp.Annotations(erp.LoadOptions{Tables: n})
	require.NoError(t, err)
	conn, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	res, err := catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "erp", DSN: "env:ERP_DSN", Schemas: []string{erp.Schema}}, ann)
	conn.Release()
	require.NoError(t, err)
	src := schemaindex.Source{Snapshot: res.Snapshot, Target: db.Pool}
	if e != nil {
		src.Embedder, src.EmbedModel = e, "fake-embed"
	}
	st, err := schemaindex.Build(ctx, db.Pool, src, schemaindex.Config{})
	require.NoError(t, err)
	require.Equal(t, e != nil, st.Embeddings.Model != "", st.Embeddings.Skipped)
	searcher, err := schemaindex.NewSearcher(db.Pool, schemaindex.Config{})
	require.NoError(t, err)
	return res.Snapshot, searcher
}

type examQuestion struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Expected []string `json:"expected_tables"`
}

func examQuestions(t testing.TB) []examQuestion {
	t.Helper()
	var qs []examQuestion
	require.NoError(t, json.Unmarshal(erp.QuestionsJSON, &qs))
	return qs
}

// quality is retrieval quality over a question set.
type quality struct {
	Questions     int
	FullRecall    int
	MeanRecall    float64
	MeanPrecision float64
	MeanTables    float64
	P50, P95      time.Duration
	Misses        []string

	searchMS, retrievalMS float64
}

func measure(t testing.TB, s *catalog.Snapshot, strategy retrieval.Strategy, qs []examQuestion) quality {
	t.Helper()
	ctx := context.Background()
	var q quality
	var lat []time.Duration
	for _, x := range qs {
		started := time.Now()
		res, err := strategy.Retrieve(ctx, retrieval.Request{Question: x.Question, Snapshot: s})
		el := time.Since(started)
		require.NoError(t, err, x.ID)
		if m := res.Metadata.Metrics; m != nil {
			el -= time.Duration(m.EmbedMS * float64(time.Millisecond))
		}
		lat = append(lat, el)
		if m := res.Metadata.Metrics; m != nil {
			if os.Getenv("NL2SQL_RAG_AVG") != "" && res.Metadata.AvgRelevanceScore != nil {
				t.Logf("avg %s %.3f coverage %.3f", x.ID, *res.Metadata.AvgRelevanceScore, m.Coverage)
			}
			if os.Getenv("NL2SQL_RAG_SLOW") != "" && m.SearchMS > 8 {
				t.Logf("slow %s %.1fms: %s", x.ID, m.SearchMS, x.Question)
			}
			q.searchMS += m.SearchMS
			q.retrievalMS += m.RetrievalMS
		}
		var got []string
		for _, n := range res.Metadata.TablesIncluded {
			got = append(got, strings.Trim(n, `"`)) // "APPT": quoted in SQL
		}
		hit := 0
		var missed []string
		for _, e := range x.Expected {
			if slices.Contains(got, e) {
				hit++
			} else {
				missed = append(missed, e)
			}
		}
		q.Questions++
		if hit == len(x.Expected) {
			q.FullRecall++
		} else {
			q.Misses = append(q.Misses, fmt.Sprintf("%s missed %v (got %v)", x.ID, missed, got))
		}
		q.MeanRecall += float64(hit) / float64(len(x.Expected))
		q.MeanPrecision += float64(hit) / float64(max(1, len(got)))
		q.MeanTables += float64(len(got))
	}
	n := float64(q.Questions)
	q.MeanRecall, q.MeanPrecision, q.MeanTables = q.MeanRecall/n, q.MeanPrecision/n, q.MeanTables/n
	q.P50, q.P95 = report.DurationQuantile(lat, 0.5), report.DurationQuantile(lat, 0.95)
	return q
}

func ragStrategy(t testing.TB, search retrieval.Searcher, cfg retrieval.RAGConfig) *retrieval.RAG {
	t.Helper()
	r, err := retrieval.NewRAG(search, cfg)
	require.NoError(t, err)
	return r
}

// TestRAGOnERP measures lexical RAG on the demo ERP's exam questions, at
// its own size and among 2,000 tables (skipped with -short). The floors are
// a question below where retrieval stands with the join planner and FK
// expansion (59/60 at both sizes; the issue asks for 57 at 2,000 with at
// most 15 tables): a change that loses recall fails here.
func TestRAGOnERP(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tables     int
		fullRecall int
		maxTables  float64
	}{
		// Contexts use the final budget (FinalMaxTables 15) when joined
		// tables the evidence points at fill it (expansion.fill).
		{tables: 75, fullRecall: 58, maxTables: 15},
		{tables: 2000, fullRecall: 58, maxTables: 15},
	} {
		t.Run(fmt.Sprint(tc.tables), func(t *testing.T) {
			t.Parallel()
			if tc.tables > erp.CoreTableCount() && testing.Short() {
				t.Skip("loads 2,000 tables")
			}
			s, search := erpIndex(t, tc.tables)
			cfg := retrieval.RAGConfig{}
			q := measure(t, s, ragStrategy(t, search, cfg), examQuestions(t))
			t.Logf("%d tables: all expected tables on %d/%d, recall %.3f, precision %.3f, %.1f tables, p50 %v, p95 %v",
				tc.tables, q.FullRecall, q.Questions, q.MeanRecall, q.MeanPrecision, q.MeanTables, q.P50, q.P95)
			t.Logf("mean search %.2fms, retrieval %.2fms", q.searchMS/float64(q.Questions), q.retrievalMS/float64(q.Questions))
			for _, m := range q.Misses {
				t.Log(m)
			}
			if os.Getenv("NL2SQL_RAG_REPORT") != "" {
				return
			}
			require.GreaterOrEqual(t, q.FullRecall, tc.fullRecall)
			require.LessOrEqual(t, q.MeanTables, tc.maxTables)
		})
	}
}

// bagOfWords embeds with the fake Ollama's bag-of-words embedding: no
// model, but texts sharing words are near.
type bagOfWords struct{}

func (bagOfWords) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = ollamatest.Embedding(t, 384)
	}
	return out, nil
}

// TestRAGHybridOnERP runs hybrid retrieval (lexical and vector hits fused
// by RRF) end to end on the demo ERP: with pgvector where it is installed,
// else exact cosine. The fake embedding knows no synonyms; this proves the
// path, not a model's quality.
func TestRAGHybridOnERP(t *testing.T) {
	t.Parallel()
	s, search := erpIndexWith(t, 75, bagOfWords{})
	r := ragStrategy(t, search, retrieval.RAGConfig{Embedder: bagOfWords{}, EmbedModel: "fake-embed"})
	res, err := r.Retrieve(context.Background(), retrieval.Request{Question: "Which employees have pending leave requests?", Snapshot: s})
	require.NoError(t, err)
	require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode, res.Metadata.ModeReason)
	require.Positive(t, res.Metadata.Metrics.TableRetrievalCount)
	q := measure(t, s, r, examQuestions(t))
	t.Logf("hybrid, 75 tables: all expected tables on %d/%d, recall %.3f, precision %.3f, %.1f tables, p50 %v, p95 %v",
		q.FullRecall, q.Questions, q.MeanRecall, q.MeanPrecision, q.MeanTables, q.P50, q.P95)
	require.GreaterOrEqual(t, q.FullRecall, 50)
}
