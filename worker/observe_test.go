package worker_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/worker"
)

// recorder is an Observer that keeps what it is told.
type recorder struct {
	mu        sync.Mutex
	stages    []string // "stage outcome"
	questions []string // "status class"
}

func (r *recorder) StageDone(stage string, d time.Duration, outcome string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d < 0 {
		outcome += " negative duration"
	}
	r.stages = append(r.stages, stage+" "+outcome)
}

func (r *recorder) QuestionDone(status, class string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.questions = append(r.questions, status+" "+class)
}

// after waits until n questions were reported: the notification a client
// waits for is sent at commit, a moment before the observer hears.
func (r *recorder) after(t *testing.T, n int) (stages, questions []string) {
	t.Helper()
	require.Eventually(t, func() bool { _, q := r.get(); return len(q) >= n }, 30*time.Second, time.Millisecond)
	return r.get()
}

func (r *recorder) get() (stages, questions []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.stages), slices.Clone(r.questions)
}

func TestObserver(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := &recorder{}
	e.cfg.Observer, e.cfg.InfraAttempts = rec, 2
	e.ollama.Answer(ollamatest.Contains("Which customers do we have?"), fence("SELECT name FROM customers"))
	e.ollama.Answer(ollamatest.Contains("Delete them all"), fence("DELETE FROM customers"))
	svc := e.start(t)
	require.NoError(t, svc.Healthy(context.Background()))

	e.askSQL(t, "Which customers do we have?", "{}")
	_, questions := rec.after(t, 1)
	require.Eventually(t, func() bool { s, _ := rec.get(); return len(s) == 4 }, 30*time.Second, time.Millisecond)
	stages, _ := rec.get()
	require.Equal(t, []string{"succeeded "}, questions)
	require.Equal(t, []string{"retrieve ok", "generate ok", "validate ok", "execute ok"}, stages)

	e.askSQL(t, "Delete them all", "{}")
	_, questions = rec.after(t, 2)
	require.Equal(t, []string{"succeeded ", "failed validation_block"}, questions, "a guard refusal fails the question at once")

	require.NoError(t, e.ollama.SetDown(true))
	e.askSQL(t, "Anything?", "{}")
	_, questions = rec.after(t, 3)
	require.Eventually(t, func() bool { s, _ := rec.get(); return s[len(s)-1] == "generate failed" }, 30*time.Second, time.Millisecond)
	stages, _ = rec.get()
	require.Equal(t, "failed infra_failure", questions[2])
	require.Contains(t, stages, "generate retry", "an unreachable model is retried")
	require.Equal(t, "generate failed", stages[len(stages)-1], "then the stage gives up")
	require.Len(t, questions, 3, "once per question")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, svc.Stop(ctx))
	require.ErrorContains(t, svc.Healthy(ctx), "stopped")
}

func TestObserverNotStarted(t *testing.T) {
	t.Parallel()
	e := setup(t)
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	require.ErrorContains(t, svc.Healthy(context.Background()), "not started")
}
