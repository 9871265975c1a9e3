// Package llm is nl2sql's client of Ollama: chat (the model writes SQL),
// embeddings (schema retrieval), and the checks that tell an unreachable
// server from a model that is not pulled. It is built on
// github.com/ollama/ollama/api and adds what nl2sql needs around it: a
// per-call timeout, the options that make generation deterministic and
// large enough for schema prompts, detection of streams that break off,
// typed errors that errclass classifies as infra_failure, and a breaker per
// model that fails calls at once while its server does not answer
// (breaker.go).
//
// ExtractSQL and ExtractCandidates take the SQL out of the model's reply.
package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/types/model"
)

// Chat roles.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one chat message.
type Message struct {
	Role    string
	Content string
}

// ChatRequest is one chat call. The zero values of the overrides mean the
// Client's Config.
type ChatRequest struct {
	Messages []Message
	// Model overrides Config.Model.
	Model string
	// Temperature overrides Config.Temperature.
	Temperature *float64
	// Seed overrides Config.Seed.
	Seed *int
	// Format is Ollama's "format": "json" (as a JSON string) or a JSON
	// schema the reply must follow (structured outputs); nil: free text.
	Format json.RawMessage
	// MaxTokens bounds the reply (Ollama's num_predict); 0: no bound.
	MaxTokens int
}

// Reply is the model's answer to a chat.
type Reply struct {
	// Content is the reply text, the streamed chunks concatenated. A
	// thinking model's reasoning is not included.
	Content string
	// Model is the model that answered, as the server names it.
	Model string
	// PromptTokens is how many prompt tokens the server evaluated; a prompt
	// that fills NumCtx was truncated.
	PromptTokens int
	// ReplyTokens is how many tokens the model generated.
	ReplyTokens int
	// Duration is the call's wall-clock time as the client saw it.
	Duration time.Duration
	// DoneReason is why generation stopped: "stop", or "length" when the
	// reply hit the token limit and is probably cut short.
	DoneReason string
}

// Truncated reports whether generation stopped at the token limit.
func (r *Reply) Truncated() bool { return r.DoneReason == "length" }

// Model is a model the server has pulled.
type Model struct {
	// Name is the name as Ollama shows it, e.g. "nomic-embed-text:latest".
	Name          string
	Size          int64
	Digest        string
	ModifiedAt    time.Time
	Family        string
	ParameterSize string
	Quantization  string
}

// Client calls one Ollama server. It is safe for concurrent use.
type Client struct {
	cfg  Config
	host string // the server's address for messages, without credentials
	api  *api.Client
	// base and http are the api client's, for chatStream.
	base *url.URL
	http *http.Client
	warm *warmer
	brk  *breakers
}

// New returns a client for cfg. It does not contact the server; use
// CheckModel for that.
func New(cfg Config) (*Client, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	base, err := ParseHost(cfg.Host)
	if err != nil {
		return nil, err
	}
	hc := cfg.httpClient()
	hc.Transport = tracingTransport{base: hc.Transport}
	host := display(base)
	return &Client{
		cfg: cfg, host: host, api: api.NewClient(base, hc), base: base, http: hc, warm: newWarmer(),
		brk: newBreakers(cfg, host, "Ollama at "+host),
	}, nil
}

// Config returns the effective configuration.
func (c *Client) Config() Config { return c.cfg }

// Host is the server's address as shown in messages (no credentials).
func (c *Client) Host() string { return c.host }

// Chat sends the messages and returns the model's reply. It uses Ollama's
// streaming API, its default: the server starts sending at the first token,
// so a stalled generation and a dead connection are told apart from a slow
// one, and no proxy sits on an idle connection for minutes.
func (c *Client) Chat(ctx context.Context, req ChatRequest) (*Reply, error) {
	return guardChat(ctx, c.brk, c.call("chat", cmp.Or(req.Model, c.cfg.Model)), req, c.chat)
}

// chat is Chat's call to the server.
func (c *Client) chat(ctx context.Context, cl call, req ChatRequest) (*Reply, error) {
	opts := c.runnerOptions()
	opts["temperature"] = c.cfg.Temperature
	if req.Temperature != nil {
		opts["temperature"] = *req.Temperature
	}
	if seed := cmp.Or(req.Seed, c.cfg.Seed); seed != nil {
		opts["seed"] = *seed
	}
	if req.MaxTokens > 0 {
		opts["num_predict"] = req.MaxTokens
	}
	msgs := make([]api.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = api.Message{Role: m.Role, Content: m.Content}
	}
	// Ollama's defaults cut a prompt longer than the context window
	// (truncate: older messages, then the front of the rest, which is the
	// schema) and, while generating, push the prompt out of the window
	// (shift), and say so only in the server's log: the model then answers
	// a question it was not shown whole, confidently. Off, the server
	// refuses such a prompt (ContextTooLong) and ends a reply that fills
	// the window with done_reason "length" (Reply.Truncated).
	no := false
	areq := &api.ChatRequest{
		Model:     cl.model,
		Messages:  msgs,
		Options:   opts,
		Format:    req.Format,
		Think:     &api.ThinkValue{Value: c.cfg.Think},
		KeepAlive: c.keepAlive(),
		Truncate:  &no,
		Shift:     &no,
	}

	start := time.Now()
	tr := &trace{}
	callCtx, cancel := context.WithTimeout(context.WithValue(ctx, traceKey{}, tr), c.cfg.RequestTimeout)
	defer cancel()
	var content strings.Builder
	var last api.ChatResponse
	done := false
	err := c.chatStream(callCtx, areq, func(r api.ChatResponse) error {
		content.WriteString(r.Message.Content)
		if r.Done {
			last, done = r, true
		}
		return nil
	})
	if err != nil || !done {
		c.gaveUp(ctx, cl.model, false)
		return nil, c.classify(ctx, callCtx, cl, err, tr)
	}
	if n := c.cfg.NumCtx; n > 0 && last.PromptEvalCount >= n {
		// A server that does not know "truncate" (an older Ollama)
		// still cuts: a prompt evaluated at the whole window was cut to
		// it. (Tokens reused from the server's cache are not counted, so
		// a cut prompt may go unseen; one seen is never a false alarm.)
		return nil, &Error{
			Kind: ContextTooLong, Op: cl.op, Host: c.host, Model: cl.model,
			Message: fmt.Sprintf("the prompt%s filled the whole context window of Ollama at %s (%d tokens evaluated, NL2SQL_NUM_CTX %d): the server cut it, so the reply is not used; raise NL2SQL_NUM_CTX or use a model with a longer window", cl.forModel(), c.host, last.PromptEvalCount, n),
		}
	}
	return &Reply{
		Content:      content.String(),
		Model:        cmp.Or(last.Model, cl.model),
		PromptTokens: last.PromptEvalCount,
		ReplyTokens:  last.EvalCount,
		Duration:     time.Since(start),
		DoneReason:   last.DoneReason,
	}, nil
}

// runnerOptions are the options a chat model is loaded with (Ollama loads
// it again when they differ): the context window.
func (c *Client) runnerOptions() map[string]any {
	return map[string]any{"num_ctx": c.cfg.NumCtx}
}

// Embed returns one embedding per text, in order, from Config.EmbedModel in
// a single /api/embed call. A text longer than the model's context window
// fails the call with ContextTooLong: EmbedFitting embeds its front.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return guardEmbed(ctx, c.brk, c.call("embed", c.cfg.EmbedModel), texts, c.embed)
}

// embed is Embed's call to the server.
func (c *Client) embed(ctx context.Context, cl call, texts []string) ([][]float32, error) {
	callCtx, cancel := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	defer cancel()
	// Ollama's default embeds a text longer than the model's context
	// window cut to its front and says so nowhere (prompt_eval_count is
	// the batch's sum): a schema document's or a question's embedding
	// would stand for part of it, unknown to anyone. Off, the server
	// refuses the call (ContextTooLong), as OpenAI-compatible servers do,
	// and the caller decides what to embed instead (EmbedFitting).
	no := false
	resp, err := c.api.Embed(callCtx, &api.EmbedRequest{Model: cl.model, Input: texts, KeepAlive: c.keepAlive(), Truncate: &no})
	if err != nil {
		c.gaveUp(ctx, cl.model, true)
		return nil, c.classify(ctx, callCtx, cl, err, nil)
	}
	if len(resp.Embeddings) != len(texts) {
		return nil, &Error{
			Kind: Unavailable, Op: cl.op, Host: c.host, Model: cl.model, Err: io.ErrUnexpectedEOF,
			Message: "Ollama at " + c.host + " returned a wrong number of embeddings",
		}
	}
	return resp.Embeddings, nil
}

// Models lists the models the server has pulled (/api/tags).
func (c *Client) Models(ctx context.Context) ([]Model, error) {
	cl := call{op: "list models"}
	callCtx, cancel := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	defer cancel()
	resp, err := c.api.List(callCtx)
	if err != nil {
		return nil, c.classify(ctx, callCtx, cl, err, nil)
	}
	out := make([]Model, 0, len(resp.Models))
	for _, m := range resp.Models {
		out = append(out, Model{
			Name:          m.Name,
			Size:          m.Size,
			Digest:        m.Digest,
			ModifiedAt:    m.ModifiedAt,
			Family:        m.Details.Family,
			ParameterSize: m.Details.ParameterSize,
			Quantization:  m.Details.QuantizationLevel,
		})
	}
	return out, nil
}

// CheckModel reports whether the server has the model name (Config.Model
// when empty): nil if it does, an *Error of Kind ModelMissing if the server
// answered without it, and of Kind Unavailable if the server could not be
// asked. Names match as Ollama matches them: "nomic-embed-text" is
// "nomic-embed-text:latest", case aside.
func (c *Client) CheckModel(ctx context.Context, name string) error {
	cl := c.call("check", cmp.Or(name, c.cfg.Model))
	return listedModel(ctx, c.Models, cl, c.host,
		func(name string) bool { return SameModel(name, cl.model) },
		func([]string) string { return c.missingMessage(cl) })
}

// SameModel reports whether a and b name one model as Ollama resolves
// names: "llama3" is "llama3:latest" and
// "registry.ollama.ai/library/llama3:latest", case aside.
func SameModel(a, b string) bool {
	return model.ParseName(a).EqualFold(model.ParseName(b))
}

// Version returns the server's version (/api/version).
func (c *Client) Version(ctx context.Context) (string, error) {
	callCtx, cancel := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	defer cancel()
	v, err := c.api.Version(callCtx)
	if err != nil {
		return "", c.classify(ctx, callCtx, call{op: "version"}, err, nil)
	}
	return v, nil
}

// call names a call to model for error messages.
func (c *Client) call(op, name string) call {
	cl := call{op: op, model: name, envVar: "NL2SQL_MODEL"}
	if name != "" && SameModel(name, c.cfg.EmbedModel) {
		cl.envVar = "NL2SQL_EMBED_MODEL"
	}
	return cl
}

func (c *Client) keepAlive() *api.Duration {
	if c.cfg.KeepAlive == 0 {
		return nil // zero on the wire would unload the model at once
	}
	return &api.Duration{Duration: c.cfg.KeepAlive}
}

// trace is what the transport saw of one call. The api client drops three
// things the caller needs: a read error that ends a stream early (its
// scanner's error is never checked), the status of an error response with
// an empty body (no line to report), and the response's headers
// (Retry-After).
type trace struct {
	mu         sync.Mutex
	status     int
	bodyErr    error
	retryAfter string
}

func (t *trace) get() (status int, bodyErr error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.status, t.bodyErr
}

// retryAfterHeader is an error response's Retry-After; "" for none or no
// trace.
func (t *trace) retryAfterHeader() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.retryAfter
}

type traceKey struct{}

type tracingTransport struct{ base http.RoundTripper }

func (t tracingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	tr, ok := r.Context().Value(traceKey{}).(*trace)
	if err != nil || !ok {
		return resp, err
	}
	tr.mu.Lock()
	tr.status = resp.StatusCode
	if resp.StatusCode >= http.StatusBadRequest {
		tr.retryAfter = resp.Header.Get("Retry-After")
	}
	tr.mu.Unlock()
	resp.Body = &tracedBody{ReadCloser: resp.Body, tr: tr}
	return resp, nil
}

type tracedBody struct {
	io.ReadCloser
	tr *trace
}

func (b *tracedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		b.tr.mu.Lock()
		if b.tr.bodyErr == nil {
			b.tr.bodyErr = err
		}
		b.tr.mu.Unlock()
	}
	return n, err
}

// containsFold is strings.Contains, ignoring case.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
