package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// ErrBreakerOpen is the cause of a call that was not sent because the
// model's breaker is open (Config.Breaker): the server failed the calls
// before it. errors.Is(err, ErrBreakerOpen) tells such a call from one the
// server failed itself.
var ErrBreakerOpen = errors.New("llm: not sent: the model's breaker is open")

// ErrBreakerProbing is ErrBreakerOpen when its cool-down is over and one
// call is trying the model again: the refusal says nothing of the server
// yet, only that the call's answer is awaited, so a caller may wait for it
// without counting a try (errors.Is(err, ErrBreakerOpen) holds too).
var ErrBreakerProbing = fmt.Errorf("%w: one call is trying the model again", ErrBreakerOpen)

// breakers keeps a breaker for each model a client calls. A server that
// stops answering (stopped, wedged, or so slow that no call ends within
// RequestTimeout) otherwise costs every call the whole timeout, and every
// question its tries, while nothing remembers that the model is down. A
// nil *breakers lets every call through (Breaker.Failures 0).
type breakers struct {
	cfg    BreakerConfig
	now    func() time.Time
	log    *slog.Logger
	host   string // the server's address, without credentials
	server string // "Ollama at URL", for messages

	mu     sync.Mutex
	models map[string]*breaker
}

// callGroup is the calls made with one WithCallGroup context: failed is
// how many of their failures the breaker counted.
type callGroup struct{ failed int }

type callGroupKey struct{}

// WithCallGroup returns ctx for calls that go out together and count
// together in their model's breaker: a question's attempt, whose calls a
// prompt the model does not finish in time fails all at once. At most
// Breaker.Failures-1 of a group's failures count (1 when Failures is 1), so
// one attempt never opens the breaker alone (a hard question's 6 calls did, and every other
// asker's calls then failed at once for its cool-downs); two unanswered
// attempts, a server that answers nobody, still open it at once.
func WithCallGroup(ctx context.Context) context.Context {
	return context.WithValue(ctx, callGroupKey{}, &callGroup{})
}

// breaker is one model's state. Closed: failures counts the calls the
// server failed in a row. Open: until is when a call is let through again,
// and probing says one is out.
type breaker struct {
	failures int
	last     string // the last failure's message
	until    time.Time
	probing  bool
}

func (b *breaker) open() bool { return !b.until.IsZero() }

// newBreakers returns the breakers of a client of the server at host,
// named server in messages ("Ollama at URL"), or nil when cfg turns them
// off.
func newBreakers(cfg Config, host, server string) *breakers {
	if cfg.Breaker.Failures == 0 {
		return nil
	}
	return &breakers{cfg: cfg.Breaker, now: cfg.Clock, log: cfg.logger(), host: host, server: server, models: map[string]*breaker{}}
}

// guard makes the call op to model through its breaker: send runs it, unless
// the breaker is open, when the call fails at once. ctx is the caller's:
// a call it ended (canceled, or its deadline, shorter than RequestTimeout)
// says nothing of the server.
func guard[T any](ctx context.Context, bs *breakers, op, model string, send func() (T, error)) (T, error) {
	if bs == nil {
		return send()
	}
	probe, refused := bs.allow(op, model)
	if refused != nil {
		var zero T
		return zero, refused
	}
	v, err := send()
	bs.done(ctx, model, probe, err)
	return v, err
}

// guardChat is Chat for either server: a chat without messages fails
// (Ollama would only load the model and answer with nothing), any other is
// sent through the breaker of cl's model.
func guardChat(ctx context.Context, bs *breakers, cl call, req ChatRequest,
	send func(context.Context, call, ChatRequest) (*Reply, error),
) (*Reply, error) {
	if len(req.Messages) == 0 {
		return nil, errors.New("llm: chat needs at least one message")
	}
	return guard(ctx, bs, cl.op, cl.model, func() (*Reply, error) { return send(ctx, cl, req) })
}

// guardEmbed is Embed for either server: no texts need no call, others are
// sent through the breaker of cl's model.
func guardEmbed(ctx context.Context, bs *breakers, cl call, texts []string,
	send func(context.Context, call, []string) ([][]float32, error),
) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	return guard(ctx, bs, cl.op, cl.model, func() ([][]float32, error) { return send(ctx, cl, texts) })
}

// allow reports whether a call to model may be sent, and whether it is the
// one let through to try an open breaker again; when it may not, the error
// to return instead.
func (bs *breakers) allow(op, model string) (probe bool, _ *Error) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	b := bs.models[model]
	if b == nil || !b.open() {
		return false, nil
	}
	now := bs.now()
	if !b.probing && !now.Before(b.until) {
		b.probing = true
		bs.log.Info("trying a model again after its cool-down", "server", bs.server, "model", model)
		return true, nil
	}
	e := &Error{Kind: Unavailable, Op: op, Host: bs.host, Model: model, Err: ErrBreakerOpen}
	calls := "call"
	if b.failures > 1 {
		calls = fmt.Sprintf("%d calls", b.failures)
	}
	what := fmt.Sprintf("%s failed the last %s for model %q (the last: %s)", bs.server, calls, model, b.last)
	if b.probing {
		e.Err = ErrBreakerProbing
		e.retryAfter = bs.cfg.Cooldown
		e.Message = fmt.Sprintf("%s; one call is trying it again now, and until it is answered the others are not sent (NL2SQL_LLM_BREAKER_FAILURES, NL2SQL_LLM_BREAKER_COOLDOWN)", what)
		return false, e
	}
	e.retryAfter = b.until.Sub(now)
	e.Message = fmt.Sprintf("%s; nl2sql sends it no call until %s (in %s), then one to try it again (NL2SQL_LLM_BREAKER_FAILURES, NL2SQL_LLM_BREAKER_COOLDOWN)",
		what, b.until.UTC().Format(time.RFC3339), e.retryAfter.Round(time.Second))
	return false, e
}

// done records how a call that allow let through ended. A call the server
// did not answer (Unavailable without an HTTP status: no reply within
// RequestTimeout, unreachable, the connection or the reply broken off)
// counts, and opens the breaker at the Failures-th in a row or when it was
// the probe. A reply, or any other answer of the server's, closes it: an
// error status (a 503, a 429, a refusal) comes at once and carries its own
// retry rules (Retry-After; none for a refusal). A call its caller ended
// counts for nothing (the probe's turn goes to the next call).
func (bs *breakers) done(ctx context.Context, model string, probe bool, err error) {
	var le *Error
	failed := err != nil && errors.As(err, &le) && le.Kind == Unavailable && le.Status == 0
	if err != nil && (ctx.Err() != nil || le == nil) {
		if probe {
			bs.mu.Lock()
			if b := bs.models[model]; b != nil {
				b.probing = false
			}
			bs.mu.Unlock()
		}
		return
	}
	bs.mu.Lock()
	defer bs.mu.Unlock()
	b := bs.models[model]
	if !failed {
		if b != nil && b.open() {
			bs.log.Info("a model answers again: its calls are sent again", "server", bs.server, "model", model)
		}
		delete(bs.models, model)
		return
	}
	if b == nil {
		b = &breaker{}
		bs.models[model] = b
	}
	b.last = le.Message
	if g, _ := ctx.Value(callGroupKey{}).(*callGroup); g != nil && !probe {
		// Under bs.mu, as every group's count.
		if g.failed >= max(bs.cfg.Failures-1, 1) {
			return
		}
		g.failed++
	}
	b.failures++
	// A probe's failure opens it again, unless another call's reply
	// closed it meanwhile: then this is one failure in a row.
	if (probe && b.open()) || (!b.open() && b.failures >= bs.cfg.Failures) {
		b.until, b.probing = bs.now().Add(bs.cfg.Cooldown), false
		bs.log.Warn("a model keeps failing: its calls fail at once until the cool-down ends",
			"server", bs.server, "model", model, "failures", b.failures, "until", b.until, "last", b.last)
	}
}
