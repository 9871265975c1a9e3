package llm

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultOpenAIBaseURL is where an OpenAI-compatible server listens unless
// told otherwise: vLLM's default address.
const DefaultOpenAIBaseURL = "http://127.0.0.1:8000/v1"

// openAIServer names the provider in messages.
const openAIServer = "the OpenAI-compatible server"

// Secret is a credential. It prints, logs and marshals as "***" so that a
// Config can be logged or shown without leaking it; Reveal gives the value
// itself, for the request header only.
type Secret string

// String is "***", or "" for no secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "***"
}

// GoString keeps %#v from printing the secret.
func (s Secret) GoString() string { return fmt.Sprintf("llm.Secret(%q)", s.String()) }

// LogValue keeps slog from printing the secret.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalJSON keeps encoding/json from writing the secret.
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// Reveal returns the secret's value.
func (s Secret) Reveal() string { return string(s) }

// OpenAIConfig configures the OpenAI-compatible provider. The model, the
// embedding model, temperature, seed and the request timeout are Config's,
// as for Ollama.
type OpenAIConfig struct {
	// BaseURL is the API's base URL as OpenAI's SDKs take it:
	// chat/completions, embeddings and models are under it. Defaults to
	// "http://127.0.0.1:8000/v1".
	BaseURL string
	// APIKey is sent as a bearer token, or a reference "env:VAR" to the
	// variable that holds it, read when the client is made. It is never
	// logged, printed or stored. Defaults to "" (no Authorization header:
	// local servers need none).
	APIKey Secret
	// Stream asks for replies as server-sent events: the server starts
	// sending at the first token, so a stalled generation shows. Defaults
	// to false (one JSON reply: every server supports it).
	Stream bool
	// Getenv resolves an env: APIKey; nil means os.Getenv. Defaults to nil.
	Getenv func(string) string
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c OpenAIConfig) WithDefaults() OpenAIConfig {
	if strings.TrimSpace(c.BaseURL) == "" {
		c.BaseURL = DefaultOpenAIBaseURL
	}
	return c
}

func (c OpenAIConfig) validate() error {
	_, err := parseBaseURL(c.BaseURL)
	return err
}

// apiKey resolves an env: reference.
func (c OpenAIConfig) apiKey() (string, error) {
	key := strings.TrimSpace(c.APIKey.Reveal())
	name, ok := strings.CutPrefix(key, "env:")
	if !ok {
		return key, nil
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "", errors.New("llm: NL2SQL_OPENAI_API_KEY: env: needs a variable name, e.g. env:OPENAI_API_KEY")
	}
	getenv := c.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return "", fmt.Errorf("llm: NL2SQL_OPENAI_API_KEY refers to %s, which is not set", name)
	}
	return v, nil
}

// CheckAPIKey reports whether APIKey resolves (an env: reference names a
// variable that is set), in the words NewOpenAI would refuse it with.
func (c OpenAIConfig) CheckAPIKey() error {
	_, err := c.apiKey()
	return err
}

// CheckOpenAIBaseURL reports whether s is a base URL the OpenAI-compatible
// client accepts (NL2SQL_OPENAI_BASE_URL), in the words its constructor
// would refuse it with.
func CheckOpenAIBaseURL(s string) error {
	_, err := parseBaseURL(s)
	return err
}

// parseBaseURL reads an OpenAI base URL: http or https, a host, any path
// ("/v1"); no trailing slash. Credentials are allowed (a proxy may need
// them) but never shown.
func parseBaseURL(s string) (*url.URL, error) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), `"'`))
	if s == "" {
		s = DefaultOpenAIBaseURL
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("llm: OpenAI base URL %q is not a URL like %s", redact(s), DefaultOpenAIBaseURL)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("llm: OpenAI base URL %q: scheme must be http or https", redact(s))
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath, u.Fragment = "", ""
	return u, nil
}

// OpenAI is a client of an OpenAI-compatible API. It is safe for
// concurrent use.
type OpenAI struct {
	cfg  Config
	base *url.URL
	host string // base URL for messages: no credentials, no query
	key  string
	hc   *http.Client
	// quirks are what each model refused of a request (modelQuirks), by
	// model name.
	quirks sync.Map
	brk    *breakers
}

// NewOpenAI returns a client of the OpenAI-compatible server of
// cfg.OpenAI. It does not contact the server; use CheckModel for that.
func NewOpenAI(cfg Config) (*OpenAI, error) {
	cfg = cfg.WithDefaults()
	cfg.Provider = ProviderOpenAI
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	base, err := parseBaseURL(cfg.OpenAI.BaseURL)
	if err != nil {
		return nil, err
	}
	key, err := cfg.OpenAI.apiKey()
	if err != nil {
		return nil, err
	}
	host := display(base)
	return &OpenAI{cfg: cfg, base: base, host: host, key: key, hc: cfg.httpClient(), brk: newBreakers(cfg, host, openAIServer+" at "+host)}, nil
}

// Config returns the effective configuration.
func (o *OpenAI) Config() Config { return o.cfg }

// Host is the base URL as shown in messages (no credentials).
func (o *OpenAI) Host() string { return o.host }

// Close does nothing: an OpenAI-compatible server keeps its model loaded
// (vLLM, a hosted API) or loads it whatever the caller does.
func (o *OpenAI) Close() {}

// Wire types of the OpenAI API (the subset nl2sql uses).
type (
	oaMessage struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	oaChatRequest struct {
		Model    string      `json:"model"`
		Messages []oaMessage `json:"messages"`
		// Temperature is nil only for a model that refuses one (quirks).
		Temperature *float64 `json:"temperature,omitempty"`
		Seed        *int     `json:"seed,omitempty"`
		// MaxTokens is ChatRequest.MaxTokens, ResponseFormat its Format
		// as OpenAI's structured outputs take it (oaResponseFormat). A
		// model that refuses max_tokens gets MaxCompletionTokens (quirks).
		MaxTokens           int             `json:"max_tokens,omitempty"`
		MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
		ResponseFormat      json.RawMessage `json:"response_format,omitempty"`
		Stream              bool            `json:"stream"`
		StreamOptions       *struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options,omitempty"`
	}
	oaChoice struct {
		Message      *oaMessage `json:"message"`
		Delta        *oaMessage `json:"delta"`
		FinishReason *string    `json:"finish_reason"`
	}
	oaUsage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	}
	oaChatResponse struct {
		Model   string          `json:"model"`
		Choices []oaChoice      `json:"choices"`
		Usage   *oaUsage        `json:"usage"`
		Error   json.RawMessage `json:"error"`
	}
)

// oaResponseFormat is Ollama's "format" (ChatRequest.Format) as OpenAI's
// response_format: "json" is a JSON object, a JSON schema a json_schema
// of that schema; none, none.
func oaResponseFormat(format json.RawMessage) json.RawMessage {
	switch f := strings.TrimSpace(string(format)); {
	case f == "" || f == "null":
		return nil
	case f == `"json"`:
		return json.RawMessage(`{"type":"json_object"}`)
	default:
		return json.RawMessage(`{"type":"json_schema","json_schema":{"name":"reply","schema":` + f + `}}`)
	}
}

// Chat sends the messages to chat/completions and returns the reply.
func (o *OpenAI) Chat(ctx context.Context, req ChatRequest) (*Reply, error) {
	return guardChat(ctx, o.brk, o.call("chat", cmp.Or(req.Model, o.cfg.Model)), req, o.chat)
}

// chat is Chat's call to the server.
func (o *OpenAI) chat(ctx context.Context, cl call, req ChatRequest) (*Reply, error) {
	temperature := cmp.Or(req.Temperature, &o.cfg.Temperature)
	body := oaChatRequest{Model: cl.model, Temperature: temperature, Seed: cmp.Or(req.Seed, o.cfg.Seed), Stream: o.cfg.OpenAI.Stream}
	body.MaxTokens, body.ResponseFormat = req.MaxTokens, oaResponseFormat(req.Format)
	if body.Stream {
		body.StreamOptions = &struct {
			IncludeUsage bool `json:"include_usage"`
		}{true}
	}
	for _, m := range req.Messages {
		body.Messages = append(body.Messages, oaMessage(m))
	}

	start := time.Now()
	callCtx, cancel := context.WithTimeout(ctx, o.cfg.RequestTimeout)
	defer cancel()
	var resp *http.Response
	for {
		q := o.quirksOf(cl.model)
		q.apply(&body)
		var err error
		if resp, err = o.do(callCtx, http.MethodPost, "chat/completions", body); err != nil {
			return nil, o.classify(ctx, callCtx, cl, err)
		}
		if resp.StatusCode < 400 {
			break
		}
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if next, ok := q.learn(resp.StatusCode, raw); ok {
			// The model refuses a parameter it has a way around for: the
			// call is made again without it, and so is every later one.
			o.quirks.Store(cl.model, next)
			o.logger().Warn("the model refused a request parameter; nl2sql sends its alternative from now on", "model", cl.model, "refused", next.last)
			continue
		}
		return nil, o.statusErrorBody(cl, resp.StatusCode, resp.Header, raw)
	}
	defer resp.Body.Close()
	var reply *Reply
	var err error
	// By what the server sent, not what was asked: a server or proxy that
	// streams whatever the request says would fail every call.
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		reply, err = o.readStream(resp.Body, cl)
	} else {
		reply, err = o.readReply(resp.Body, cl)
	}
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			return nil, le
		}
		return nil, o.classify(ctx, callCtx, cl, err)
	}
	reply.Model = cmp.Or(reply.Model, cl.model)
	reply.Duration = time.Since(start)
	return reply, nil
}

func (o *OpenAI) readReply(r io.Reader, cl call) (*Reply, error) {
	var out oaChatResponse
	if err := json.NewDecoder(r).Decode(&out); err != nil {
		return nil, err
	}
	if len(out.Error) > 0 && string(out.Error) != "null" {
		return nil, o.replyError(cl, errorMessage(out.Error))
	}
	if len(out.Choices) == 0 || out.Choices[0].Message == nil {
		return nil, o.replyError(cl, "the reply has no choices")
	}
	c := out.Choices[0]
	reply := &Reply{Content: c.Message.Content, Model: out.Model, DoneReason: deref(c.FinishReason)}
	if out.Usage != nil {
		reply.PromptTokens, reply.ReplyTokens = out.Usage.PromptTokens, out.Usage.CompletionTokens
	}
	return reply, nil
}

// readStream reads server-sent events: "data: {chunk}" lines, then "data:
// [DONE]". A stream that ends without a finish reason or [DONE] broke off.
func (o *OpenAI) readStream(r io.Reader, cl call) (*Reply, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var content strings.Builder
	reply := &Reply{}
	finished, done := false, false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue // blank lines, comments, event: and id: fields
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			done = true
			break
		}
		var chunk oaChatResponse
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			return nil, fmt.Errorf("a streamed chunk is not JSON: %w", err)
		}
		if len(chunk.Error) > 0 && string(chunk.Error) != "null" {
			return nil, o.replyError(cl, errorMessage(chunk.Error))
		}
		reply.Model = cmp.Or(chunk.Model, reply.Model)
		if chunk.Usage != nil {
			reply.PromptTokens, reply.ReplyTokens = chunk.Usage.PromptTokens, chunk.Usage.CompletionTokens
		}
		for _, c := range chunk.Choices {
			if c.Delta != nil {
				content.WriteString(c.Delta.Content)
			}
			if c.FinishReason != nil && *c.FinishReason != "" {
				reply.DoneReason, finished = *c.FinishReason, true
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !finished && !done {
		return nil, io.ErrUnexpectedEOF
	}
	reply.Content = content.String()
	return reply, nil
}

// Embed returns one embedding per text from Config.EmbedModel in a single
// embeddings call.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return guardEmbed(ctx, o.brk, o.call("embed", o.cfg.EmbedModel), texts, o.embed)
}

// embed is Embed's call to the server.
func (o *OpenAI) embed(ctx context.Context, cl call, texts []string) ([][]float32, error) {
	var out struct {
		Data []oaEmbedding `json:"data"`
	}
	if err := o.request(ctx, cl, http.MethodPost, "embeddings", map[string]any{"model": cl.model, "input": texts, "encoding_format": "float"}, &out); err != nil {
		return nil, err
	}
	slices.SortStableFunc(out.Data, func(a, b oaEmbedding) int { return a.Index - b.Index })
	if len(out.Data) != len(texts) {
		return nil, &Error{
			Kind: Unavailable, Op: cl.op, Host: o.host, Model: cl.model, Err: io.ErrUnexpectedEOF,
			Message: openAIServer + " at " + o.host + " returned a wrong number of embeddings",
		}
	}
	vecs := make([][]float32, len(out.Data))
	for i, d := range out.Data {
		vecs[i] = d.Embedding
	}
	return vecs, nil
}

// oaEmbedding is one vector of an embeddings reply.
type oaEmbedding struct {
	Index     int       `json:"index"`
	Embedding []float32 `json:"embedding"`
}

// request makes one call within the request timeout and decodes its JSON
// reply into out, with this client's error classes.
func (o *OpenAI) request(ctx context.Context, cl call, method, path string, body, out any) error {
	callCtx, cancel := context.WithTimeout(ctx, o.cfg.RequestTimeout)
	defer cancel()
	resp, err := o.do(callCtx, method, path, body)
	if err != nil {
		return o.classify(ctx, callCtx, cl, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return o.statusError(cl, resp)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return o.classify(ctx, callCtx, cl, err)
	}
	return nil
}

// Models lists the models the server offers (GET models).
func (o *OpenAI) Models(ctx context.Context) ([]Model, error) {
	cl := call{op: "list models"}
	var out struct {
		Data []struct {
			ID      string `json:"id"`
			Created int64  `json:"created"`
		} `json:"data"`
	}
	if err := o.request(ctx, cl, http.MethodGet, "models", nil, &out); err != nil {
		return nil, err
	}
	models := make([]Model, 0, len(out.Data))
	for _, d := range out.Data {
		m := Model{Name: d.ID}
		if d.Created > 0 {
			m.ModifiedAt = time.Unix(d.Created, 0).UTC()
		}
		models = append(models, m)
	}
	return models, nil
}

// CheckModel reports whether the server lists the model name (Config.Model
// when empty). Names match without case; "x" and "x:latest" are one name.
func (o *OpenAI) CheckModel(ctx context.Context, name string) error {
	cl := o.call("check", cmp.Or(name, o.cfg.Model))
	return listedModel(ctx, o.Models, cl, o.host,
		func(name string) bool { return sameModel(name, cl.model) },
		func(offered []string) string { return o.missingMessage(cl, offered) })
}

func sameModel(a, b string) bool {
	trim := func(s string) string { return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ":latest") }
	return trim(a) == trim(b)
}

func (o *OpenAI) call(op, name string) call {
	cl := call{op: op, model: name, envVar: "NL2SQL_MODEL"}
	if name != "" && sameModel(name, o.cfg.EmbedModel) {
		cl.envVar = "NL2SQL_EMBED_MODEL"
	}
	return cl
}

// do sends one request with the bearer token. A nil body sends none.
func (o *OpenAI) do(ctx context.Context, method, path string, body any) (*http.Response, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, o.base.JoinPath(path).String(), r)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	if o.key != "" {
		req.Header.Set("Authorization", "Bearer "+o.key)
	}
	return o.hc.Do(req)
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
