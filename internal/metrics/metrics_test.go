package metrics_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/metrics"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/validate"
	"github.com/nl2sql/nl2sql/worker"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// scrape returns the metrics as Prometheus's text format.
func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	body, err := io.ReadAll(rec.Body)
	require.NoError(t, err)
	return string(body)
}

type fakeGuard struct{ stage.Guard }

func (fakeGuard) Check(_ context.Context, _, sql string, _ int) (*validate.Verdict, error) {
	if strings.HasPrefix(sql, "DELETE") {
		return &validate.Verdict{Stage: "policy", Violations: []validate.Violation{{Code: "policy.not_select"}}}, nil
	}
	return &validate.Verdict{OK: true, SQL: sql}, nil
}

func (fakeGuard) Whitelist(context.Context, string, string, string) (prompt.Failure, bool, error) {
	return prompt.Failure{}, false, nil
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('shop', 'postgres://localhost/shop')")
	require.NoError(t, err)
	m, err := metrics.New(db.Pool, metrics.Config{Logger: dbtest.Logger(t)})
	require.NoError(t, err)

	// Queue depth, zeros included, from River's table.
	out := scrape(t, m)
	require.Contains(t, out, `nl2sql_queue_jobs{queue="nl2sql_retrieve",state="available"} 0`)
	_, err = intake.SubmitMany(ctx, db.Pool, "shop", []string{"one", "two"}, nil)
	require.NoError(t, err)
	out = scrape(t, m)
	require.Contains(t, out, `nl2sql_queue_jobs{queue="nl2sql_retrieve",state="available"} 2`)
	require.Contains(t, out, `nl2sql_queue_jobs{queue="nl2sql_llm",state="running"} 0`)

	// The worker's observer.
	m.StageDone("generate", 1500*time.Millisecond, worker.OutcomeOK)
	m.StageDone("generate", time.Second, worker.OutcomeRetry)
	m.QuestionDone("succeeded", "")
	m.QuestionDone("failed", "validation_block")
	m.QuestionDone("failed", "validation_block")

	// The guard.
	g := m.Guard(fakeGuard{})
	v, err := g.Check(ctx, "shop", "DELETE FROM x", 10)
	require.NoError(t, err)
	require.False(t, v.OK, "the verdict is passed on")
	_, err = g.Check(ctx, "shop", "SELECT 1", 10)
	require.NoError(t, err)

	// The model.
	srv := ollamatest.NewT(t)
	srv.Script(ollamatest.Response{Content: "SELECT 1", PromptTokens: 300, ReplyTokens: 20})
	client, err := llm.New(llm.Config{Host: srv.URL(), Breaker: llm.BreakerConfig{Failures: 1}})
	require.NoError(t, err)
	p := m.Provider(client)
	_, err = p.Chat(ctx, llm.ChatRequest{Messages: []llm.Message{{Role: llm.RoleUser, Content: "?"}}})
	require.NoError(t, err)
	require.NoError(t, p.CheckModel(ctx, ""))
	require.Error(t, p.CheckModel(ctx, "nope:1b"))
	_, err = p.Embed(ctx, []string{"a", "b"})
	require.NoError(t, err)
	require.NoError(t, srv.SetDown(true))
	_, err = p.Chat(ctx, llm.ChatRequest{Messages: []llm.Message{{Role: llm.RoleUser, Content: "?"}}})
	require.Error(t, err)
	// The model's breaker is open: a call not sent is no model call.
	_, err = p.Chat(ctx, llm.ChatRequest{Messages: []llm.Message{{Role: llm.RoleUser, Content: "?"}}})
	require.ErrorIs(t, err, llm.ErrBreakerOpen)

	out = scrape(t, m)
	for _, want := range []string{
		`nl2sql_questions_total{error_class="",status="succeeded"} 1`,
		`nl2sql_questions_total{error_class="validation_block",status="failed"} 2`,
		`nl2sql_stage_duration_seconds_bucket{outcome="ok",stage="generate",le="1"} 0`,
		`nl2sql_stage_duration_seconds_bucket{outcome="ok",stage="generate",le="2.5"} 1`,
		`nl2sql_stage_duration_seconds_count{outcome="retry",stage="generate"} 1`,
		`nl2sql_guard_refusals_total{reason="policy.not_select",stage="policy"} 1`,
		`nl2sql_model_calls_total{op="chat",outcome="ok",provider="ollama"} 1`,
		`nl2sql_model_calls_total{op="chat",outcome="unavailable",provider="ollama"} 1`,
		`nl2sql_model_calls_total{op="chat",outcome="not_sent",provider="ollama"} 1`,
		`nl2sql_model_calls_total{op="models",outcome="ok",provider="ollama"} 2`,
		`nl2sql_model_calls_total{op="embed",outcome="ok",provider="ollama"} 1`,
		`nl2sql_model_call_duration_seconds_count{op="chat",provider="ollama"} 2`,
		`nl2sql_model_tokens_total{direction="prompt",provider="ollama"} 300`,
		`nl2sql_model_tokens_total{direction="reply",provider="ollama"} 20`,
		"go_goroutines ",
	} {
		require.Contains(t, out, want)
	}
	require.Equal(t, 1, strings.Count(out, "nl2sql_guard_refusals_total{"), "only refusals count")
}

// A scrape with nl2sql's database gone still serves what the process knows.
func TestMetricsWithoutDatabase(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	m, err := metrics.New(db.Pool, metrics.Config{ScrapeTimeout: time.Second})
	require.NoError(t, err)
	m.QuestionDone("succeeded", "")
	db.Pool.Close()
	out := scrape(t, m)
	require.Contains(t, out, `nl2sql_questions_total{error_class="",status="succeeded"} 1`)
	require.NotContains(t, out, "nl2sql_queue_jobs{")

	_, err = metrics.New(nil, metrics.Config{ScrapeTimeout: -time.Second})
	require.Error(t, err)
}
