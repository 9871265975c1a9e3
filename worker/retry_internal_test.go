package worker

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/llm"
)

// askedWait is an error whose server asked for a wait, as *llm.Error's
// Retry-After.
type askedWait time.Duration

func (a askedWait) Error() string             { return "busy" }
func (a askedWait) RetryAfter() time.Duration { return time.Duration(a) }

// TestRetryWait: a retry waits at least as long as the server asked, and
// no longer than llm.MaxRetryAfter (and its jitter) however long that was,
// so a hostile server holds a question for at most InfraAttempts such
// waits; a shorter ask leaves the backoff.
func TestRetryWait(t *testing.T) {
	t.Parallel()
	s := &Service{cfg: Config{RetryBackoff: time.Second, RetryBackoffMax: 30 * time.Second}}

	wait, asked := s.retryWait(1, fmt.Errorf("generate: %w", askedWait(time.Minute)))
	require.True(t, asked)
	require.GreaterOrEqual(t, wait, time.Minute)
	require.LessOrEqual(t, wait, time.Minute+6*time.Second)

	wait, asked = s.retryWait(1, askedWait(1000*time.Hour))
	require.True(t, asked)
	require.GreaterOrEqual(t, wait, llm.MaxRetryAfter)
	require.LessOrEqual(t, wait, llm.MaxRetryAfter+llm.MaxRetryAfter/10, "capped")

	for _, err := range []error{askedWait(10 * time.Millisecond), askedWait(0), errors.New("connection refused")} {
		wait, asked = s.retryWait(3, err)
		require.False(t, asked, "%v", err)
		require.InDelta(t, 4*time.Second, wait, float64(400*time.Millisecond), "the backoff: %v", err)
	}
}
