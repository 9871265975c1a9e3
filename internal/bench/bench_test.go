//go:build nl2sqlbench

package bench

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestRun runs a small benchmark end to end: every question succeeds
// through the real pipeline with RAG retrieval, and the report is complete
// and names its settings. It asserts no speed: figures come from
// BenchmarkPipeline and nl2sql bench pipeline.
func TestRun(t *testing.T) {
	t.Parallel()
	rep, err := Run(context.Background(), Options{
		ServerURL: dbtest.AdminURL(), Questions: 30, Concurrency: 8, Warmup: 4, Lone: 3,
		Tables: 110, Overrides: []string{"--tables=110"}, Logger: dbtest.Logger(t),
	})
	require.NoError(t, err)
	require.Equal(t, 30, rep.Questions)
	require.Zero(t, rep.Failed, "every benchmark question succeeds")
	require.Equal(t, map[string]int64{"rag": 30}, rep.Strategies, "the target is large enough for RAG")
	require.Positive(t, rep.QPS)
	require.Positive(t, rep.BareChainQPS)
	require.LessOrEqual(t, rep.P50MS, rep.P99MS)
	require.Equal(t, 3, rep.Lone.Questions)
	require.LessOrEqual(t, rep.Lone.P50MS, rep.Lone.P95MS)
	require.Equal(t, 3, rep.LoneBareChain.Questions)
	var stages []string
	for _, s := range rep.Stages {
		stages = append(stages, s.Name)
		require.EqualValues(t, 30, s.Runs)
	}
	require.Equal(t, []string{"retrieve", "generate", "validate", "execute"}, stages)
	require.Len(t, rep.Lone.Stages, 4)
	require.Equal(t, InstantModelNote, rep.Model)

	// The settings are the packages' defaults, which serve runs with.
	s := rep.Settings
	require.Equal(t, 110, s.Tables)
	require.Equal(t, 4, s.Warmup)
	require.Equal(t, 100, s.RAGThreshold)
	require.Equal(t, []int{10, 4, 10}, []int{s.RetrieveWorkers, s.LLMWorkers, s.DBWorkers})
	require.Equal(t, "2/4/6", s.Candidates)
	require.True(t, s.Linking)
	require.Equal(t, []string{"--tables=110"}, s.Overrides)
	require.Contains(t, s.Serving, "in-process")
}

func TestOptions(t *testing.T) {
	t.Parallel()
	require.ErrorContains(t, Options{}.WithDefaults().validate(), "ServerURL is required")
	require.Error(t, Options{Questions: -1, ServerURL: "x"}.WithDefaults().validate())
	require.ErrorContains(t, Options{Tables: 10, ServerURL: "x"}.WithDefaults().validate(), "Tables must be between")
	require.NoError(t, Options{ServerURL: "x"}.WithDefaults().validate())
}

func TestBackendDatabase(t *testing.T) {
	t.Parallel()
	for title, want := range map[string]string{
		"postgres: 15/main: postgres nl2sql_bench_ab 127.0.0.1(4242) idle\x00\x00": "nl2sql_bench_ab",
		"postgres: app shop [local] SELECT":                                        "shop",
		"postgres: 15/main: checkpointer \x00\x00":                                 "",
		"/usr/lib/postgresql/15/bin/postgres\x00-D\x00/var/lib/postgresql":         "",
	} {
		require.Equal(t, want, backendDatabase(title), title)
	}
}

// BenchmarkPipeline reports the pipeline's questions/s, INSERT→done
// latency of a burst and of lone questions, and its rate as a share of
// the bare chain's, with the service in-process (nl2sql bench pipeline
// runs it apart).
func BenchmarkPipeline(b *testing.B) {
	var rep *Report
	for b.Loop() {
		var err error
		rep, err = Run(context.Background(), Options{ServerURL: dbtest.AdminURL(), Questions: 1000})
		require.NoError(b, err)
	}
	b.ReportMetric(rep.QPS, "questions/s")
	b.ReportMetric(rep.P50MS, "p50_ms")
	b.ReportMetric(rep.P99MS, "p99_ms")
	b.ReportMetric(rep.Lone.P50MS, "lone_p50_ms")
	b.ReportMetric(rep.OfBareChain, "of_bare_chain")
	b.ReportMetric(rep.PeakRSSMB, "peak_rss_MB")
}
