//go:build nl2sqlbench

package bench

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestRun runs a small benchmark end to end: every question succeeds
// through the real pipeline and the report is complete. It asserts no
// speed: figures come from BenchmarkPipeline and nl2sql bench pipeline.
func TestRun(t *testing.T) {
	t.Parallel()
	rep, err := Run(context.Background(), Options{ServerURL: dbtest.AdminURL(), Questions: 30, Concurrency: 8, Warmup: 4, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	require.Equal(t, 30, rep.Questions)
	require.Zero(t, rep.Failed, "every benchmark question succeeds")
	require.Positive(t, rep.QPS)
	require.Positive(t, rep.BareChainQPS)
	require.LessOrEqual(t, rep.P50MS, rep.P99MS)
	var stages []string
	for _, s := range rep.Stages {
		stages = append(stages, s.Name)
		require.EqualValues(t, 30, s.Runs)
	}
	require.Equal(t, []string{"retrieve", "generate", "validate", "execute"}, stages)
	require.Equal(t, InstantModelNote, rep.Model)
}

func TestOptions(t *testing.T) {
	t.Parallel()
	require.ErrorContains(t, Options{}.WithDefaults().validate(), "ServerURL is required")
	require.Error(t, Options{Questions: -1, ServerURL: "x"}.WithDefaults().validate())
	require.NoError(t, Options{ServerURL: "x"}.WithDefaults().validate())
}

// BenchmarkPipeline reports questions/s and INSERT→done latency of the
// pipeline with the instant fake model, and the bare chain's rate.
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
	b.ReportMetric(rep.BareChainQPS, "bare_chain_qps")
}
