package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/openaitest"
)

// The conformance suite runs the same behaviour against every provider and
// its fake server (River's riverdrivertest idea): one error taxonomy, one
// retry policy, messages worded alike.

// fakeReply scripts one chat answer.
type fakeReply struct {
	content      string
	status       int
	err, code    string
	retryAfter   string
	delay        time.Duration
	finish       string
	promptTokens int
	replyTokens  int
}

// seenChat is what the server received of a chat call.
type seenChat struct {
	model       string
	temperature float64
	seed        *int
}

// fake is a fake model server of one provider.
type fake interface {
	// client is a provider of the server; cfg's model settings are kept.
	client(t *testing.T, cfg Config) Provider
	// unauthorized is a provider the server refuses as unauthorized, and
	// the secret it holds ("" when it holds none).
	unauthorized(t *testing.T) (Provider, string)
	script(r fakeReply)
	setDown(down bool) error
	// setHung makes the server accept requests and answer none.
	setHung(hung bool)
	// requests is how many requests the server received.
	requests() int
	failNext(status int)
	chats() []seenChat
	// server names the server in messages, e.g. "Ollama at URL".
	server() string
	// hostVar is the variable that points at the server.
	hostVar() string
	url() string
}

type providerCase struct {
	name string
	new  func(t *testing.T, models ...string) fake
}

var providers = []providerCase{
	{"ollama", func(t *testing.T, models ...string) fake {
		cfg := ollamatest.Config{Config: fakeserver.Config{EmbedDim: 32}}
		if len(models) > 0 {
			cfg.Models = models
		}
		return &ollamaFake{srv: ollamatest.NewT(t, cfg)}
	}},
	{"openai", func(t *testing.T, models ...string) fake {
		cfg := openaitest.Config{Config: fakeserver.Config{EmbedDim: 32}, APIKey: "sk-right-key-0123456789", ContextLength: 2048}
		if len(models) > 0 {
			cfg.Models = models
		}
		return &openAIFake{srv: openaitest.NewT(t, cfg), key: cfg.APIKey}
	}},
	{"openai-stream", func(t *testing.T, models ...string) fake {
		cfg := openaitest.Config{Config: fakeserver.Config{EmbedDim: 32, ChunkSize: 3}, ContextLength: 2048}
		if len(models) > 0 {
			cfg.Models = models
		}
		return &openAIFake{srv: openaitest.NewT(t, cfg), stream: true}
	}},
}

type ollamaFake struct{ srv *ollamatest.Server }

func (f *ollamaFake) client(t *testing.T, cfg Config) Provider {
	cfg.Provider, cfg.Host = ProviderOllama, f.srv.URL()
	p, err := Open(cfg)
	require.NoError(t, err)
	return p
}

func (f *ollamaFake) unauthorized(t *testing.T) (Provider, string) {
	f.srv.FailNext(1, http.StatusUnauthorized)
	return f.client(t, Config{}), ""
}

func (f *ollamaFake) script(r fakeReply) {
	f.srv.Script(ollamatest.Response{
		Content: r.content, Status: r.status, Error: r.err, RetryAfter: r.retryAfter, Delay: r.delay,
		DoneReason: r.finish, PromptTokens: r.promptTokens, ReplyTokens: r.replyTokens,
	})
}
func (f *ollamaFake) setDown(down bool) error { return f.srv.SetDown(down) }
func (f *ollamaFake) setHung(hung bool)       { f.srv.SetHung(hung) }
func (f *ollamaFake) requests() int           { return len(f.srv.Requests()) }
func (f *ollamaFake) failNext(status int)     { f.srv.FailNext(1, status) }
func (f *ollamaFake) server() string          { return "Ollama at " + f.srv.URL() }
func (f *ollamaFake) hostVar() string         { return "OLLAMA_HOST" }
func (f *ollamaFake) url() string             { return f.srv.URL() }

func (f *ollamaFake) chats() []seenChat {
	var out []seenChat
	for _, c := range f.srv.ChatRequests() {
		s := seenChat{model: c.Model, temperature: c.Options["temperature"].(float64)}
		if v, ok := c.Options["seed"].(float64); ok {
			s.seed = new(int(v))
		}
		out = append(out, s)
	}
	return out
}

type openAIFake struct {
	srv    *openaitest.Server
	key    string
	stream bool
}

func (f *openAIFake) client(t *testing.T, cfg Config) Provider {
	cfg.Provider = ProviderOpenAI
	cfg.OpenAI = OpenAIConfig{
		BaseURL: f.srv.URL(), APIKey: "env:TEST_KEY", Stream: f.stream,
		Getenv: func(k string) string { return map[string]string{"TEST_KEY": f.key}[k] },
	}
	if f.key == "" {
		cfg.OpenAI.APIKey = ""
	}
	p, err := Open(cfg)
	require.NoError(t, err)
	return p
}

func (f *openAIFake) unauthorized(t *testing.T) (Provider, string) {
	const wrong = "sk-wrong-key-9876543210"
	if f.key == "" {
		// A server without keys accepts anyone; fail the next call as a
		// proxy that wants one would.
		f.srv.FailNext(1, http.StatusUnauthorized)
		return f.client(t, Config{}), ""
	}
	p, err := Open(Config{Provider: ProviderOpenAI, OpenAI: OpenAIConfig{BaseURL: f.srv.URL(), APIKey: wrong, Stream: f.stream}})
	require.NoError(t, err)
	return p, wrong
}

func (f *openAIFake) script(r fakeReply) {
	f.srv.Script(openaitest.Response{
		Content: r.content, Status: r.status, Error: r.err, Code: r.code, RetryAfter: r.retryAfter, Delay: r.delay,
		FinishReason: r.finish, PromptTokens: r.promptTokens, ReplyTokens: r.replyTokens,
	})
}
func (f *openAIFake) setDown(down bool) error { return f.srv.SetDown(down) }
func (f *openAIFake) setHung(hung bool)       { f.srv.SetHung(hung) }
func (f *openAIFake) requests() int           { return len(f.srv.Requests()) }
func (f *openAIFake) failNext(status int)     { f.srv.FailNext(1, status) }
func (f *openAIFake) server() string          { return "the OpenAI-compatible server at " + f.srv.URL() }
func (f *openAIFake) hostVar() string         { return "NL2SQL_OPENAI_BASE_URL" }
func (f *openAIFake) url() string             { return f.srv.URL() }

func (f *openAIFake) chats() []seenChat {
	var out []seenChat
	for _, c := range f.srv.ChatRequests() {
		out = append(out, seenChat{model: c.Model, temperature: *c.Temperature, seed: c.Seed})
	}
	return out
}

// forEachProvider runs test against every provider's fake.
func forEachProvider(t *testing.T, test func(t *testing.T, pc providerCase)) {
	t.Helper()
	for _, pc := range providers {
		t.Run(pc.name, func(t *testing.T) {
			t.Parallel()
			test(t, pc)
		})
	}
}

func TestConformanceChat(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t, "qwen2.5-coder:7b", "sqlcoder:15b")
		p := f.client(t, Config{Seed: new(7), Temperature: 0.1})
		content := "```sql\nSELECT count(*) AS \"Größe\" FROM employees; -- ✓\n```"
		f.script(fakeReply{content: content, promptTokens: 321, replyTokens: 17})
		f.script(fakeReply{content: "SELECT 1"})
		f.script(fakeReply{content: "SELECT e.", finish: "length"})

		reply, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		require.NoError(t, err)
		require.Equal(t, content, reply.Content)
		require.Equal(t, "qwen2.5-coder:7b", reply.Model)
		require.Equal(t, 321, reply.PromptTokens)
		require.Equal(t, 17, reply.ReplyTokens)
		require.False(t, reply.Truncated())
		require.Positive(t, reply.Duration)

		reply, err = p.Chat(context.Background(), ChatRequest{Messages: question, Model: "sqlcoder:15b", Temperature: new(0.7), Seed: new(99)})
		require.NoError(t, err)
		require.Equal(t, "sqlcoder:15b", reply.Model)

		reply, err = p.Chat(context.Background(), ChatRequest{Messages: question})
		require.NoError(t, err)
		require.True(t, reply.Truncated(), "a reply cut at the token limit says so")

		seen := f.chats()
		require.Len(t, seen, 3)
		require.Equal(t, seenChat{model: "qwen2.5-coder:7b", temperature: 0.1, seed: new(7)}, seen[0], "seed and temperature are passed through")
		require.Equal(t, seenChat{model: "sqlcoder:15b", temperature: 0.7, seed: new(99)}, seen[1], "per-call overrides")

		_, err = p.Chat(context.Background(), ChatRequest{})
		require.Error(t, err, "no messages, no call")
		require.Len(t, f.chats(), 3)
	})
}

func TestConformanceEmbed(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		texts := []string{"employees: employee_id, first_name", "How many employees?", "invoices: due_date"}
		vecs, err := p.Embed(context.Background(), texts)
		require.NoError(t, err)
		require.Len(t, vecs, len(texts))
		for i, v := range vecs {
			require.Equal(t, ollamatest.Embedding(texts[i], 32), v, "in order")
		}
		none, err := p.Embed(context.Background(), nil)
		require.NoError(t, err)
		require.Nil(t, none)
	})
}

// A text longer than the embedding model's window (2048 tokens in every
// fake) is refused, never embedded cut unknown to nl2sql; EmbedFitting
// embeds its longest front the server takes, and says so.
func TestConformanceEmbedTooLong(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		ctx := context.Background()
		long := strings.Repeat("a long column comment ", 400) // 8800 bytes: 2200 tokens

		_, err := p.Embed(ctx, []string{"employees", long})
		le := requireLLMError(t, err, ContextTooLong)
		require.False(t, le.Retryable(), "the same text will not fit next time")
		require.True(t, strings.HasPrefix(le.Message, `a text to embed for model "nomic-embed-text" is longer than the context window of `+f.server()+": "), le.Message)

		texts := []string{"employees", "orders", long, "invoices", "customers"}
		vecs, cuts, err := EmbedFitting(ctx, p, texts)
		require.NoError(t, err)
		require.Len(t, vecs, len(texts))
		for i, text := range texts {
			if i != 2 {
				require.Equal(t, ollamatest.Embedding(text, 32), vecs[i], "in order, whole")
			}
		}
		require.Len(t, cuts, 1)
		require.Equal(t, 2, cuts[0].Index)
		require.Equal(t, len(long), cuts[0].Runes)
		require.LessOrEqual(t, cuts[0].Kept, 4*2048, "the window holds 8192 bytes")
		require.GreaterOrEqual(t, cuts[0].Kept, 4*2048*15/16, "most of what fits is kept")
		require.Equal(t, ollamatest.Embedding(long[:cuts[0].Kept], 32), vecs[2], "the front")

		vecs, cuts, err = EmbedFitting(ctx, p, texts[:2])
		require.NoError(t, err)
		require.Len(t, vecs, 2)
		require.Empty(t, cuts, "what fits is sent once, whole")
	})
}

func TestConformanceModels(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t, "qwen2.5-coder:7b")
		p := f.client(t, Config{})
		ctx := context.Background()
		require.NoError(t, p.CheckModel(ctx, ""))
		require.NoError(t, p.CheckModel(ctx, "nomic-embed-text"))
		require.NoError(t, p.CheckModel(ctx, "QWEN2.5-coder:7b"), "names match without case")

		err := p.CheckModel(ctx, "qwen2.5-coder:32b")
		le := requireLLMError(t, err, ModelMissing)
		require.False(t, le.Retryable())
		// "... on the Ollama server at URL: run ollama pull ..." and "... on
		// the OpenAI-compatible server at URL: serve it there ...".
		require.Regexp(t, `^model "qwen2.5-coder:32b" is not available on the (Ollama|OpenAI-compatible) server at `+regexp.QuoteMeta(f.url())+`: .* or set NL2SQL_MODEL`, le.Message)
	})
}

func TestConformanceUnknownModel(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t, "llama3.1:8b")
		p := f.client(t, Config{})

		_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, ModelMissing)
		require.False(t, le.Retryable(), "retrying cannot pull a model")
		require.ErrorIs(t, err, ErrModelMissing)
		require.Equal(t, "chat", le.Op)
		require.Equal(t, "qwen2.5-coder:7b", le.Model)
		require.Contains(t, le.Message, `model "qwen2.5-coder:7b" is not available on `)
		require.Contains(t, le.Message, "set NL2SQL_MODEL")

		_, err = f.client(t, Config{EmbedModel: "mxbai-embed-large"}).Embed(context.Background(), []string{"x"})
		le = requireLLMError(t, err, ModelMissing)
		require.Contains(t, le.Message, "set NL2SQL_EMBED_MODEL")
	})
}

func TestConformanceUnreachable(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		f.script(fakeReply{content: "SELECT 1"})
		require.NoError(t, f.setDown(true))
		ctx := context.Background()
		want := fmt.Sprintf("cannot reach %s: connection refused; start ", f.server())

		_, err := p.Chat(ctx, ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.True(t, le.Retryable(), "the worker retries an unreachable server")
		require.ErrorIs(t, err, syscall.ECONNREFUSED)
		require.True(t, strings.HasPrefix(le.Message, want), le.Message)
		require.True(t, strings.HasSuffix(le.Message, " or set "+f.hostVar()), le.Message)

		err = p.CheckModel(ctx, "")
		requireLLMError(t, err, Unavailable)
		require.NotErrorIs(t, err, ErrModelMissing, "unreachable is not missing")
		_, err = p.Embed(ctx, []string{"x"})
		requireLLMError(t, err, Unavailable)

		require.NoError(t, f.setDown(false))
		reply, err := p.Chat(ctx, ChatRequest{Messages: question})
		require.NoError(t, err, "back up, the same client works")
		require.Equal(t, "SELECT 1", reply.Content)
	})
}

func TestConformanceServerError(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		f.failNext(http.StatusInternalServerError)
		_, err := p.Models(context.Background())
		le := requireLLMError(t, err, Unavailable)
		require.True(t, le.Retryable())
		require.Equal(t, http.StatusInternalServerError, le.Status)
		require.Contains(t, le.Message, "(HTTP 500)")
		require.True(t, strings.HasPrefix(le.Message, f.server()+" failed the list models request: "), le.Message)
	})
}

// TestConformanceRetryAfter: a busy or rate-limited server's Retry-After
// reaches the caller (the worker waits at least that long), in seconds or
// as a date, capped at MaxRetryAfter so a server cannot hold a question
// for an hour per try.
func TestConformanceRetryAfter(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		for _, tc := range []struct {
			status     int
			retryAfter string
			want       time.Duration
		}{
			{http.StatusTooManyRequests, "7", 7 * time.Second},
			{http.StatusServiceUnavailable, " 120 ", 2 * time.Minute},
			{http.StatusServiceUnavailable, "86400", MaxRetryAfter},
			{http.StatusTooManyRequests, "99999999999999999999999", MaxRetryAfter},
			{http.StatusServiceUnavailable, "", 0},
			{http.StatusServiceUnavailable, "soon", 0},
			{http.StatusServiceUnavailable, "-5", 0},
			{http.StatusServiceUnavailable, "Mon, 01 Jan 2001 00:00:00 GMT", 0}, // passed
		} {
			f.script(fakeReply{status: tc.status, err: "slow down", retryAfter: tc.retryAfter})
			_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
			le := requireLLMError(t, err, Unavailable)
			require.Equal(t, tc.want, le.RetryAfter(), "Retry-After: %q", tc.retryAfter)
			var ra interface{ RetryAfter() time.Duration }
			require.ErrorAs(t, fmt.Errorf("generate: %w", err), &ra, "the worker finds it through wrapping")
		}

		// An HTTP date: the time until then, to the second.
		f.script(fakeReply{status: http.StatusTooManyRequests, retryAfter: time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)})
		_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.InDelta(t, 90*time.Second, le.RetryAfter(), float64(2*time.Second))

		// A refusal is not retried: no wait to carry.
		f.script(fakeReply{status: http.StatusBadRequest, err: "bad request", retryAfter: "30"})
		_, err = p.Chat(context.Background(), ChatRequest{Messages: question})
		le = requireLLMError(t, err, Rejected)
		require.Zero(t, le.RetryAfter())
	})
}

func TestConformanceUnauthorized(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p, secret := f.unauthorized(t)
		f.script(fakeReply{content: "SELECT 1"})

		_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Rejected)
		require.False(t, le.Retryable(), "a wrong key stays wrong")
		require.Equal(t, http.StatusUnauthorized, le.Status)
		require.Contains(t, le.Message, "(HTTP 401)")
		if pc.name != "ollama" {
			require.Contains(t, le.Message, "NL2SQL_OPENAI_API_KEY", "the message names the setting")
		}
		if secret != "" {
			for _, s := range []string{le.Message, fmt.Sprintf("%+v", errclass.Classify(err)), errors.Unwrap(err).Error()} {
				require.NotContains(t, s, secret)
				require.NotContains(t, s, secret[len(secret)-4:], "not even the part OpenAI quotes")
			}
		}
	})
}

func TestConformanceContextTooLong(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{})
		// The servers' own words: Ollama's runner, OpenAI's API.
		if pc.name == "ollama" {
			f.script(fakeReply{status: http.StatusBadRequest, err: "the input length exceeds the context length"})
		} else {
			f.script(fakeReply{
				status: http.StatusBadRequest, code: "context_length_exceeded",
				err: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
			})
		}
		_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, ContextTooLong)
		require.False(t, le.Retryable(), "the same prompt will not fit next time")
		require.ErrorIs(t, err, ErrContextTooLong)
		require.True(t, strings.HasPrefix(le.Message, `the prompt for model "qwen2.5-coder:7b" is longer than the context window of `+f.server()+": "), le.Message)
	})
}

func TestConformanceTimeouts(t *testing.T) {
	t.Parallel()
	forEachProvider(t, func(t *testing.T, pc providerCase) {
		f := pc.new(t)
		p := f.client(t, Config{RequestTimeout: 50 * time.Millisecond})
		f.script(fakeReply{content: "SELECT 1", delay: time.Hour})
		_, err := p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Equal(t, fmt.Sprintf(`%s did not finish the chat request for model "qwen2.5-coder:7b" within 50ms; the server may be busy or the model slow (raise the request timeout, NL2SQL_LLM_TIMEOUT)`, f.server()), le.Message)

		p = f.client(t, Config{})
		f.script(fakeReply{content: "SELECT 1", delay: time.Hour})
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			for len(f.chats()) < 2 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		_, err = p.Chat(ctx, ChatRequest{Messages: question})
		le = requireLLMError(t, err, Canceled)
		require.False(t, le.Retryable())
		require.ErrorIs(t, err, context.Canceled)
	})
}

func TestOpenAIStreamErrors(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t)
	p, err := NewOpenAI(Config{OpenAI: OpenAIConfig{BaseURL: srv.URL(), Stream: true}})
	require.NoError(t, err)

	srv.Script(openaitest.Response{Content: "SELECT e.first_name FROM", StreamError: "the model crashed"})
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question})
	le := requireLLMError(t, err, Unavailable)
	require.Contains(t, le.Message, "the model crashed")

	srv.Script(openaitest.Response{Content: "SELECT e.first_name FROM", Abort: true})
	reply, err := p.Chat(context.Background(), ChatRequest{Messages: question})
	require.Nil(t, reply, "a partial reply must not pass for a whole one")
	le = requireLLMError(t, err, Unavailable)
	require.True(t, le.Retryable())
}

// TestOpenAIQuota: OpenAI answers 429 both to a rate limit, which passes,
// and to an account out of credit or over its spending limit, which
// retrying cannot fix: only the first is retried.
func TestOpenAIQuota(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t)
	p, err := NewOpenAI(Config{OpenAI: OpenAIConfig{BaseURL: srv.URL()}})
	require.NoError(t, err)

	for _, code := range []string{"insufficient_quota", "billing_hard_limit_reached", "credit_balance_exhausted", "monthly_spend_limit_exceeded"} {
		srv.Script(openaitest.Response{
			Status: http.StatusTooManyRequests, Code: code,
			Error: "You exceeded your current quota, please check your plan and billing details.",
		})
		_, err = p.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Rejected)
		require.False(t, le.Retryable(), code)
		require.Equal(t, http.StatusTooManyRequests, le.Status)
		require.Contains(t, le.Message, "out of quota or over its spending limit (billing)", code)
		require.Contains(t, le.Message, "(HTTP 429, "+code+")")
		require.Contains(t, le.Message, "retrying cannot help")
	}

	srv.Script(openaitest.Response{
		Status: http.StatusTooManyRequests, Code: "rate_limit_exceeded",
		Error: "Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
	})
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question})
	le := requireLLMError(t, err, Unavailable)
	require.True(t, le.Retryable(), "a rate limit passes")
	require.NotContains(t, le.Message, "billing")
}

// TestOpenAIFormat: the reply bound and the structured output schema that
// schema linking asks for reach an OpenAI-compatible server as max_tokens
// and response_format.
func TestOpenAIFormat(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t)
	p, err := NewOpenAI(Config{OpenAI: OpenAIConfig{BaseURL: srv.URL()}})
	require.NoError(t, err)
	srv.Script(openaitest.Response{Content: `{"tables": []}`}, openaitest.Response{Content: `{}`}, openaitest.Response{Content: "x"})
	schema := json.RawMessage(`{"type":"object"}`)
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question, Format: schema, MaxTokens: 64})
	require.NoError(t, err)
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question, Format: json.RawMessage(`"json"`)})
	require.NoError(t, err)
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	reqs := srv.ChatRequests()
	require.Len(t, reqs, 3)
	require.Equal(t, 64, reqs[0].MaxTokens)
	require.JSONEq(t, `{"type":"json_schema","json_schema":{"name":"reply","schema":{"type":"object"}}}`, string(reqs[0].ResponseFormat))
	require.JSONEq(t, `{"type":"json_object"}`, string(reqs[1].ResponseFormat))
	require.Zero(t, reqs[2].MaxTokens)
	require.Empty(t, reqs[2].ResponseFormat)
}

// TestOpenAIReasoningModel: OpenAI's reasoning models refuse temperature 0
// and max_tokens with a 400 naming the parameter. The client sends the
// call again without the temperature (the model's default) and with
// max_completion_tokens, and from then on shapes that model's requests so;
// other models keep temperature 0.
func TestOpenAIReasoningModel(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t, openaitest.Config{
		Config:          fakeserver.Config{Models: []string{"gpt-4o-mini", "o3-mini"}},
		ReasoningModels: []string{"o3-mini"},
	})
	p, err := NewOpenAI(Config{Model: "o3-mini", OpenAI: OpenAIConfig{BaseURL: srv.URL()}})
	require.NoError(t, err)
	srv.OnChat(func(openaitest.ChatRequest) openaitest.Response { return openaitest.Response{Content: "SELECT 1"} })

	reply, err := p.Chat(context.Background(), ChatRequest{Messages: question, MaxTokens: 64})
	require.NoError(t, err)
	require.Equal(t, "SELECT 1", reply.Content)
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question, MaxTokens: 64})
	require.NoError(t, err)
	_, err = p.Chat(context.Background(), ChatRequest{Messages: question, Model: "gpt-4o-mini", MaxTokens: 64})
	require.NoError(t, err)

	reqs := srv.ChatRequests()
	require.Len(t, reqs, 5, "two refusals, then one request per call")
	require.NotNil(t, reqs[0].Temperature, "temperature 0 first: reproducible where taken")
	require.Nil(t, reqs[1].Temperature)
	require.Equal(t, 64, reqs[1].MaxTokens)
	last := reqs[2]
	require.Nil(t, last.Temperature)
	require.Zero(t, last.MaxTokens)
	require.Equal(t, 64, last.MaxCompletionTokens)
	require.Equal(t, last, reqs[3], "learnt once per model")
	other := reqs[4]
	require.Equal(t, "gpt-4o-mini", other.Model)
	require.NotNil(t, other.Temperature)
	require.Equal(t, 0.0, *other.Temperature)
	require.Equal(t, 64, other.MaxTokens)
}

func TestOpenAIConfig(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"ftp://host/v1", "not a url", "http://"} {
		_, err := NewOpenAI(Config{OpenAI: OpenAIConfig{BaseURL: bad}})
		require.Error(t, err, bad)
	}
	_, err := NewOpenAI(Config{OpenAI: OpenAIConfig{APIKey: "env:NL2SQL_TEST_NO_SUCH_KEY", Getenv: func(string) string { return "" }}})
	require.ErrorContains(t, err, "NL2SQL_OPENAI_API_KEY refers to NL2SQL_TEST_NO_SUCH_KEY, which is not set")

	_, err = Open(Config{Provider: "bedrock"})
	require.ErrorContains(t, err, `"bedrock"`)

	// A key never shows, whichever way the config is printed.
	cfg := Config{Provider: ProviderOpenAI, OpenAI: OpenAIConfig{APIKey: "sk-secret-value"}}
	for _, s := range []string{fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg)} {
		require.NotContains(t, s, "sk-secret-value")
	}
	require.Equal(t, "the OpenAI-compatible server at http://127.0.0.1:8000/v1", Describe(Config{Provider: ProviderOpenAI}))
	require.Equal(t, "the OpenAI-compatible server at https://api.example.com/v1", Describe(Config{
		Provider: ProviderOpenAI,
		OpenAI:   OpenAIConfig{BaseURL: "https://user:pw@api.example.com/v1/"},
	}))
	require.Equal(t, "Ollama at http://127.0.0.1:11434", Describe(Config{}))
}
