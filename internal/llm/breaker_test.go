package llm

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// testClock is a clock the test moves.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestConformanceBreaker: a model whose server stops answering costs
// Breaker.Failures calls their timeout, then fails at once, without a
// request, until the cool-down is out; then one call tries it again.
func TestConformanceBreaker(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		type bundle struct {
			f     fake
			p     Provider
			clock *testClock
		}
		setup := func(t *testing.T) *bundle {
			t.Helper()
			f := pc.new(t)
			clock := &testClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}
			p := f.client(t, Config{
				RequestTimeout: 100 * time.Millisecond, Clock: clock.Now,
				Breaker: BreakerConfig{Failures: 3, Cooldown: time.Minute},
			})
			t.Cleanup(p.Close)
			return &bundle{f: f, p: p, clock: clock}
		}
		chat := func(p Provider) error {
			_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
			return err
		}
		// trip makes Failures calls time out on a hung server.
		trip := func(t *testing.T, b *bundle) {
			t.Helper()
			b.f.setHung(true)
			for range 3 {
				le := requireLLMError(t, chat(b.p), Unavailable)
				require.NotErrorIs(t, le, ErrBreakerOpen, "sent: %s", le.Message)
				require.Contains(t, le.Message, "did not finish the chat request")
			}
		}

		t.Run("FailsFastAfterThreshold", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			trip(t, b)
			sent := b.f.requests()

			err := chat(b.p)
			le := requireLLMError(t, err, Unavailable)
			require.ErrorIs(t, err, ErrBreakerOpen)
			require.ErrorIs(t, err, ErrUnavailable)
			require.True(t, le.Retryable(), "the worker tries the question again")
			require.Equal(t, b.f.requests(), sent, "not sent")
			require.Equal(t, time.Minute, le.RetryAfter(), "the worker waits until the model is tried again")
			require.Equal(t, b.f.server()+` failed the last 3 calls for model "qwen2.5-coder:7b" (the last: `+
				b.f.server()+` did not finish the chat request for model "qwen2.5-coder:7b" within 100ms; the server may be busy or the model slow (raise the request timeout, NL2SQL_LLM_TIMEOUT)); `+
				`nl2sql sends it no call until 2030-01-02T03:05:05Z (in 1m0s), then one to try it again (NL2SQL_LLM_BREAKER_FAILURES, NL2SQL_LLM_BREAKER_COOLDOWN)`, le.Message)

			b.clock.Add(40 * time.Second)
			le = requireLLMError(t, chat(b.p), Unavailable)
			require.Equal(t, 20*time.Second, le.RetryAfter())
			require.Equal(t, b.f.requests(), sent, "not sent")

			// The breaker is the model's: the embedding model is still asked.
			_, err = b.p.Embed(context.Background(), []string{"x"})
			require.NotErrorIs(t, err, ErrBreakerOpen)
			require.Equal(t, sent+1, b.f.requests())
		})

		t.Run("RecoversAfterCooldown", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			trip(t, b)
			b.f.setHung(false)
			// A request whose client left may still be answered as the
			// server is released: every scripted reply is the same.
			for range 6 {
				b.f.script(fakeReply{content: "SELECT 1"})
			}
			err := chat(b.p)
			require.ErrorIs(t, err, ErrBreakerOpen, "open until the cool-down is out")
			require.NotErrorIs(t, err, ErrBreakerProbing, "no call is trying the model yet")

			b.clock.Add(time.Minute)
			sent := b.f.requests()
			require.NoError(t, chat(b.p), "the call after the cool-down is sent")
			require.NoError(t, chat(b.p), "and its reply closed the breaker")
			require.Equal(t, sent+2, b.f.requests())
		})

		t.Run("FailedProbeOpensAgain", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			trip(t, b)
			b.clock.Add(time.Minute)
			sent := b.f.requests()
			probe := make(chan error, 1)
			go func() { probe <- chat(b.p) }()
			require.Eventually(t, func() bool { return b.f.requests() == sent+1 }, 5*time.Second, time.Millisecond)

			// While the probe is out, the others are not sent.
			err := chat(b.p)
			le := requireLLMError(t, err, Unavailable)
			require.ErrorIs(t, err, ErrBreakerOpen)
			require.ErrorIs(t, err, ErrBreakerProbing, "a refusal a caller may wait out without counting a try")
			require.Contains(t, le.Message, "one call is trying it again now")
			require.Equal(t, time.Minute, le.RetryAfter())

			le = requireLLMError(t, <-probe, Unavailable)
			require.NotErrorIs(t, le, ErrBreakerOpen)
			le = requireLLMError(t, chat(b.p), Unavailable)
			require.ErrorIs(t, le, ErrBreakerOpen)
			require.NotErrorIs(t, le, ErrBreakerProbing)
			require.Contains(t, le.Message, "failed the last 4 calls")
			require.Contains(t, le.Message, "until 2030-01-02T03:06:05Z (in 1m0s)", "another cool-down")
			require.Equal(t, sent+1, b.f.requests())
		})

		t.Run("OneGroupNeverOpensItAlone", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			b.f.setHung(true)
			// A question's attempt: its calls (6 for a hard question, more
			// than the 5 failures that open the breaker) go out together,
			// and a prompt the model does not finish in time fails them all.
			// Alone they opened the breaker, and every other asker's calls
			// failed at once for its cool-downs.
			group := WithCallGroup(context.Background())
			for range 5 {
				_, err := b.p.Chat(group, ChatRequest{Messages: question})
				le := requireLLMError(t, err, Unavailable)
				require.NotErrorIs(t, le, ErrBreakerOpen, "one attempt's calls do not open it: %s", le.Message)
			}
			// Their failures count, up to one short of opening it: the next
			// unanswered call does.
			require.NotErrorIs(t, chat(b.p), ErrBreakerOpen)
			require.ErrorIs(t, chat(b.p), ErrBreakerOpen)

			// Two attempts that both go unanswered open it, as a server
			// that answers nobody does at the end of the first wave.
			b2 := setup(t)
			b2.f.setHung(true)
			for _, calls := range []int{2, 1} {
				g := WithCallGroup(context.Background())
				for range calls {
					_, err := b2.p.Chat(g, ChatRequest{Messages: question})
					require.NotErrorIs(t, err, ErrBreakerOpen)
				}
			}
			require.ErrorIs(t, chat(b2.p), ErrBreakerOpen)

			// A breaker that opens at the first unanswered call still does.
			f := pc.new(t)
			one := f.client(t, Config{RequestTimeout: 100 * time.Millisecond, Breaker: BreakerConfig{Failures: 1, Cooldown: time.Minute}})
			t.Cleanup(one.Close)
			f.setHung(true)
			_, err := one.Chat(WithCallGroup(context.Background()), ChatRequest{Messages: question})
			require.NotErrorIs(t, err, ErrBreakerOpen)
			require.ErrorIs(t, chat(one), ErrBreakerOpen)
		})

		t.Run("CallerDeadlineDoesNotCount", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			b.f.setHung(true)
			// A caller that waits less than the request timeout (the
			// question's embedding, schema linking) learns nothing of the
			// server: a model still loading answers late.
			for range 5 {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
				_, err := b.p.Chat(ctx, ChatRequest{Messages: question})
				cancel()
				requireLLMError(t, err, Unavailable)
				require.NotErrorIs(t, err, ErrBreakerOpen)
			}
		})

		t.Run("HealthyServerUnaffected", func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			// Failures that a reply separates never add up, and every call
			// is one request.
			for range 3 {
				require.NoError(t, b.f.setDown(true))
				for range 2 {
					require.NotErrorIs(t, chat(b.p), ErrBreakerOpen)
				}
				require.NoError(t, b.f.setDown(false))
				b.f.script(fakeReply{content: "SELECT 1"})
				require.NoError(t, chat(b.p))
			}
			// A server that answers, if only to refuse, is no outage.
			sent := b.f.requests()
			for range 5 {
				b.f.script(fakeReply{status: http.StatusServiceUnavailable, err: "busy"})
				le := requireLLMError(t, chat(b.p), Unavailable)
				require.False(t, errors.Is(le, ErrBreakerOpen))
			}
			for range 10 {
				b.f.script(fakeReply{content: "SELECT 1"})
				require.NoError(t, chat(b.p))
			}
			require.Equal(t, sent+15, b.f.requests(), "no call more, none fewer")
		})

		t.Run("Off", func(t *testing.T) {
			t.Parallel()
			f := pc.new(t)
			off := BreakerConfig{}.WithDefaults()
			off.Failures = 0
			p := f.client(t, Config{RequestTimeout: 50 * time.Millisecond, Breaker: off})
			t.Cleanup(p.Close)
			require.NoError(t, f.setDown(true))
			for range 10 {
				require.NotErrorIs(t, chat(p), ErrBreakerOpen)
			}
		})
	})
}
