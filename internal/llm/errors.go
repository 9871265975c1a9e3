package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// Kind says what went wrong with a call to Ollama.
type Kind string

const (
	// Unavailable: the server could not be reached (connection refused,
	// DNS, connection lost), did not answer in time, failed (5xx, a 429
	// rate limit), or broke off a streamed reply. Retryable.
	Unavailable Kind = "unavailable"
	// ModelMissing: the server answered but does not have the model (404).
	// Retrying cannot help until someone pulls it.
	ModelMissing Kind = "model_missing"
	// Rejected: the server refused the request (a 4xx other than 404, e.g.
	// "does not support thinking", or a 429 for an account out of quota).
	// A configuration or billing problem; not retryable.
	Rejected Kind = "rejected"
	// Canceled: the caller's context was canceled. Not retryable.
	Canceled Kind = "canceled"
)

// Sentinels for errors.Is: errors.Is(err, llm.ErrModelMissing) holds for
// every *Error of that Kind.
var (
	ErrUnavailable  = &Error{Kind: Unavailable}
	ErrModelMissing = &Error{Kind: ModelMissing}
	ErrRejected     = &Error{Kind: Rejected}
	ErrCanceled     = &Error{Kind: Canceled}
)

// Error is a failed call to Ollama. It is an infrastructure failure: it
// unwraps to an *errclass.Error of class infra_failure (so
// errclass.Classify sees it as one and the repair loop never shows it to the
// model), which in turn unwraps to the cause, so errors.Is(err,
// context.DeadlineExceeded) or errors.Is(err, syscall.ECONNREFUSED) work.
type Error struct {
	Kind Kind
	// Op is the call: "chat", "embed", "list models" or "version".
	Op string
	// Host is the server's address, without credentials.
	Host string
	// Model is the model the call was for; empty for calls about none.
	Model string
	// Status is the HTTP status when the server answered with an error.
	Status int
	// Message says what happened and what to do, for people.
	Message string
	// Err is the cause.
	Err error
	// retryAfter is the wait the server asked for (Retry-After).
	retryAfter time.Duration
}

// MaxRetryAfter caps the wait a server may ask for with Retry-After: a
// longer one (an hour, a hostile or broken server) counts as this, so the
// tries a question gets, not the server, bound how long it waits.
const MaxRetryAfter = 5 * time.Minute

// RetryAfter is how long the server asked to be left alone before the next
// try (a Retry-After header on a 429 or 503), at most MaxRetryAfter; 0 when
// it did not ask, or the error is not retryable.
func (e *Error) RetryAfter() time.Duration { return e.retryAfter }

// withRetryAfter records the server's Retry-After header h on a retryable
// e.
func (e *Error) withRetryAfter(h string) *Error {
	if e.Kind == Unavailable {
		e.retryAfter = parseRetryAfter(h, time.Now())
	}
	return e
}

// parseRetryAfter reads a Retry-After value (RFC 9110, 10.2.3): seconds or
// an HTTP date, capped at MaxRetryAfter; 0 for none, a date passed, or
// a value that is neither.
func parseRetryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	var d time.Duration
	if strings.Trim(h, "0123456789") == "" {
		n, err := strconv.ParseUint(h, 10, 64)
		if err != nil || n > uint64(MaxRetryAfter/time.Second) {
			return MaxRetryAfter // too many digits is still "a long time"
		}
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), MaxRetryAfter)
}

func (e *Error) Error() string {
	if e.Message == "" {
		return "llm: " + string(e.Kind) // a sentinel
	}
	return e.Message
}

// Unwrap returns the error's classification, which wraps the cause.
func (e *Error) Unwrap() error {
	return &errclass.Error{Class: errclass.InfraFailure, Code: "llm." + string(e.Kind), Message: e.Message, Err: e.Err}
}

// Is matches the Kind sentinels (ErrUnavailable, ...).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Kind == e.Kind
}

// Class is always errclass.InfraFailure.
func (e *Error) Class() errclass.Class { return errclass.InfraFailure }

// Retryable reports whether trying again later may succeed: true only for
// Unavailable. A missing model stays missing until someone pulls it.
func (e *Error) Retryable() bool { return e.Kind == Unavailable }

// call describes one call for error messages.
type call struct {
	op     string // "chat", "embed", ...
	model  string
	envVar string // the variable that names the model, for ModelMissing
}

// tooLong names what a ContextTooLong call sent: a text to embed, or a
// chat's prompt.
func (cl call) tooLong() string {
	if cl.op == "embed" {
		return "a text to embed"
	}
	return "the prompt"
}

// forModel is " for model "x"", or "" when the call is about no model.
func (cl call) forModel() string {
	if cl.model == "" {
		return ""
	}
	return fmt.Sprintf(" for model %q", cl.model)
}

// classify turns the error of a call into an *Error. parent is the
// caller's context, ctx the call's (parent plus RequestTimeout); tr is what
// the transport saw, when the call was traced.
func (c *Client) classify(parent, ctx context.Context, cl call, err error, tr *trace) *Error {
	e := &Error{Op: cl.op, Host: c.host, Model: cl.model, Err: err}

	var se api.StatusError
	var ae api.AuthorizationError
	switch {
	case errors.As(err, &se):
		e.Status = se.StatusCode
		return c.statusError(e, cl, se.StatusCode, se.ErrorMessage).withRetryAfter(tr.retryAfterHeader())
	case errors.As(err, &ae):
		e.Status, e.Kind = ae.StatusCode, Rejected
		e.Message = fmt.Sprintf("Ollama at %s refused the %s request%s: unauthorized (HTTP %d)", c.host, cl.op, cl.forModel(), ae.StatusCode)
		return e
	}

	if ctx.Err() != nil {
		return e.contextEnded(parent, ctx, cl, "Ollama", c.cfg.RequestTimeout)
	}

	// The api client ignores a stream that breaks off, and a failed status
	// with an empty body; the transport trace recovers both.
	if err == nil && tr != nil {
		switch status, bodyErr := tr.get(); {
		case bodyErr != nil:
			err = bodyErr
			e.Err = err
		case status >= 400:
			e.Status = status
			return c.statusError(e, cl, status, "").withRetryAfter(tr.retryAfterHeader())
		}
	}

	e.Kind = Unavailable
	var opErr *net.OpError
	var dnsErr *net.DNSError
	switch {
	case err == nil:
		e.Err = io.ErrUnexpectedEOF
		e.Message = fmt.Sprintf("Ollama at %s ended the %s reply%s before it was complete", c.host, cl.op, cl.forModel())
	case errors.As(err, &dnsErr) || (errors.As(err, &opErr) && opErr.Op == "dial"):
		e.Message = fmt.Sprintf("cannot reach Ollama at %s: %s; start Ollama or set OLLAMA_HOST", c.host, errclass.NetReason(err))
	case isNetError(err):
		e.Message = fmt.Sprintf("lost the connection to Ollama at %s during the %s request%s: %s", c.host, cl.op, cl.forModel(), errclass.NetReason(err))
	default:
		// An {"error": ...} line in the middle of a stream (the runner
		// failed while generating) or a line that is not JSON.
		e.Message = fmt.Sprintf("Ollama at %s failed the %s request%s: %s", c.host, cl.op, cl.forModel(), clip(err.Error()))
	}
	return e
}

// statusError fills e for an HTTP error status.
func (c *Client) statusError(e *Error, cl call, status int, msg string) *Error {
	msg = clip(msg)
	if msg == "" {
		msg = http.StatusText(status)
	}
	switch {
	case isContextTooLong(msg):
		e.Kind = ContextTooLong
		advice := "raise NL2SQL_NUM_CTX or use a model with a longer window"
		if cl.op == "embed" {
			// An embedding model's window is its own: num_ctx is
			// the chat model's, not sent with an embedding.
			advice = "use an embedding model with a longer window (" + cl.envVar + ")"
		}
		e.Message = fmt.Sprintf("%s%s is longer than the context window of Ollama at %s: %s (HTTP %d); %s", cl.tooLong(), cl.forModel(), c.host, msg, status, advice)
	case status == http.StatusNotFound && isModelNotFound(msg):
		e.Kind = ModelMissing
		e.Message = c.missingMessage(cl)
	case status == http.StatusNotFound:
		// A 404 without Ollama's "model not found": something else answers
		// at that address, or it is not an Ollama API.
		e.Kind = Rejected
		e.Message = fmt.Sprintf("Ollama at %s answered 404 to the %s request (%s); is OLLAMA_HOST pointing at an Ollama server?", c.host, cl.op, msg)
	case status >= 500, status == http.StatusTooManyRequests, status == http.StatusRequestTimeout:
		e.Kind = Unavailable
		e.Message = fmt.Sprintf("Ollama at %s failed the %s request%s: %s (HTTP %d)", c.host, cl.op, cl.forModel(), msg, status)
	default:
		e.Kind = Rejected
		e.Message = fmt.Sprintf("Ollama at %s refused the %s request%s: %s (HTTP %d)", c.host, cl.op, cl.forModel(), msg, status)
	}
	return e
}

// contextEnded fills e, whose Err is what the call returned, for a call
// whose context ended: the caller gave up, or the call ran out of time
// (timeout, the request timeout). server names the provider in messages.
func (e *Error) contextEnded(parent, ctx context.Context, cl call, server string, timeout time.Duration) *Error {
	err := e.Err
	e.Err = context.Cause(ctx)
	if err != nil && !errors.Is(err, ctx.Err()) {
		e.Err = errors.Join(err, e.Err)
	} else if err != nil {
		e.Err = err
	}
	switch {
	case errors.Is(parent.Err(), context.Canceled):
		e.Kind = Canceled
		e.Message = fmt.Sprintf("the %s request%s to %s at %s was canceled", cl.op, cl.forModel(), server, e.Host)
	case parent.Err() != nil:
		e.Kind = Unavailable
		e.Message = fmt.Sprintf("%s at %s did not finish the %s request%s before the caller's deadline (a stage's timeout: NL2SQL_GENERATE_TIMEOUT for generation)", server, e.Host, cl.op, cl.forModel())
	default:
		e.Kind = Unavailable
		e.Message = fmt.Sprintf("%s at %s did not finish the %s request%s within %s; the server may be busy or the model slow (raise the request timeout, NL2SQL_LLM_TIMEOUT)", server, e.Host, cl.op, cl.forModel(), timeout)
	}
	return e
}

// listedModel answers CheckModel from the models a server lists (list's
// error as it is): nil when same says one of them is cl.model, else an
// *Error of Kind ModelMissing whose message says what missing makes of the
// names offered.
func listedModel(ctx context.Context, list func(context.Context) ([]Model, error), cl call, host string, same func(name string) bool, missing func(offered []string) string) error {
	models, err := list(ctx)
	if err != nil {
		return err
	}
	names := make([]string, len(models))
	for i, m := range models {
		if same(m.Name) {
			return nil
		}
		names[i] = m.Name
	}
	return &Error{
		Kind: ModelMissing, Op: cl.op, Host: host, Model: cl.model, Status: http.StatusNotFound,
		Message: missing(names),
	}
}

func (c *Client) missingMessage(cl call) string {
	return fmt.Sprintf("model %q is not available on the Ollama server at %s: run \"ollama pull %s\" or set %s", cl.model, c.host, cl.model, cl.envVar)
}

// isModelNotFound recognises Ollama's messages for a model that is not
// pulled: "model 'x' not found" and "model \"x\" not found, try pulling it
// first", depending on the handler and version.
func isModelNotFound(msg string) bool {
	return containsFold(msg, "model") && containsFold(msg, "not found")
}

func isNetError(err error) bool {
	var netErr net.Error
	var urlErr *url.Error
	var errno syscall.Errno
	return errors.As(err, &netErr) || errors.As(err, &urlErr) || errors.As(err, &errno) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// clip bounds a server-supplied message: a proxy may answer with a page of
// HTML.
func clip(s string) string {
	const limit = 300
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && s[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}
