package llm

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// setup starts a fake Ollama and a client of it. cfg's Host is filled in.
func setup(t *testing.T, cfg Config, srvCfg ...ollamatest.Config) (*ollamatest.Server, *Client) {
	t.Helper()
	srv := ollamatest.NewT(t, srvCfg...)
	cfg.Host = srv.URL()
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 30 * time.Second
	}
	c, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return srv, c
}

var question = []Message{
	{Role: RoleSystem, Content: "You write PostgreSQL."},
	{Role: RoleUser, Content: "How many employees are there?"},
}

// requireLLMError asserts err is an *Error of kind and returns it.
func requireLLMError(t *testing.T, err error, kind Kind) *Error {
	t.Helper()
	require.Error(t, err)
	var le *Error
	require.True(t, errors.As(err, &le), "want *llm.Error, got %T: %v", err, err)
	require.Equal(t, kind, le.Kind, "message: %s", le.Message)
	require.Equal(t, errclass.InfraFailure, errclass.ClassOf(err), "every llm.Error is an infra failure")
	require.False(t, errclass.ClassOf(err).Repairable(), "infra failures never go back to the model")
	require.Equal(t, "llm."+string(kind), errclass.Classify(err).Code)
	return le
}

func TestChatStreaming(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})

	// Chunks of one rune split the multi-byte characters' neighbours; the
	// reply must come back whole.
	content := "```sql\nSELECT count(*) AS \"Größe\" FROM employees; -- ✓\n```"
	srv.Script(ollamatest.Response{Content: content, ChunkSize: 1, PromptTokens: 321, ReplyTokens: 17})

	reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	require.Equal(t, content, reply.Content)
	require.Equal(t, "qwen2.5-coder:7b", reply.Model)
	require.Equal(t, "stop", reply.DoneReason)
	require.False(t, reply.Truncated())
	require.Equal(t, 321, reply.PromptTokens)
	require.Equal(t, 17, reply.ReplyTokens)
	require.Positive(t, reply.Duration)

	reqs := srv.ChatRequests()
	require.Len(t, reqs, 1)
	got := reqs[0]
	require.Equal(t, "/api/chat", got.Endpoint)
	require.True(t, got.Stream, "the client uses the streaming API")
	require.Equal(t, "qwen2.5-coder:7b", got.Model)
	require.Len(t, got.Messages, 2)
	require.Equal(t, "system", got.Messages[0].Role)
	require.Equal(t, question[1].Content, got.Messages[1].Content)
	require.Equal(t, 32768.0, got.Options["num_ctx"], "Ollama's 2048 default would truncate schema prompts")
	require.Equal(t, 0.0, got.Options["temperature"], "temperature 0 must be sent: Ollama's default is 0.8")
	require.NotContains(t, got.Options, "seed")
	require.NotNil(t, got.Think)
	require.False(t, got.Think.Bool(), "thinking is off unless asked for")
	require.Nil(t, got.KeepAlive, "no keep_alive leaves the server's default")
}

func TestChatOptions(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{Seed: new(7), KeepAlive: 30 * time.Minute, NumCtx: 8192, Temperature: 0.1},
		ollamatest.Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b", "sqlcoder:15b"}}})
	srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return ollamatest.Response{Content: "SELECT 1"} })

	_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	reply, err := c.Chat(context.Background(), ChatRequest{Messages: question, Model: "sqlcoder:15b", Temperature: new(0.7), Seed: new(99)})
	require.NoError(t, err)
	require.Equal(t, "sqlcoder:15b", reply.Model)

	reqs := srv.ChatRequests()
	require.Len(t, reqs, 2)
	require.Equal(t, map[string]any{"num_ctx": 8192.0, "temperature": 0.1, "seed": 7.0}, reqs[0].Options)
	require.Equal(t, 30*time.Minute, reqs[0].KeepAlive.Duration)
	require.Equal(t, "sqlcoder:15b", reqs[1].Model)
	require.Equal(t, map[string]any{"num_ctx": 8192.0, "temperature": 0.7, "seed": 99.0}, reqs[1].Options)
}

func TestChatTruncatedReply(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	srv.Script(ollamatest.Response{Content: "SELECT e.first_name, e.", DoneReason: "length"})

	reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	require.True(t, reply.Truncated())
}

// TestChatPromptOverTheWindow: a prompt longer than the context window is
// never answered as if the model had seen it. The client asks Ollama not
// to cut it (truncate and shift false), so the server refuses it; a server
// that cuts it anyway (one that ignores "truncate") is caught by its
// prompt_eval_count filling the window.
func TestChatPromptOverTheWindow(t *testing.T) {
	t.Parallel()
	long := []Message{{Role: RoleUser, Content: strings.Repeat("column_name text, ", 200)}} // ~900 tokens

	srv, c := setup(t, Config{NumCtx: 256})
	srv.Script(ollamatest.Response{Content: "SELECT 1"})
	_, err := c.Chat(context.Background(), ChatRequest{Messages: long})
	le := requireLLMError(t, err, ContextTooLong)
	require.Contains(t, le.Message, "the input length exceeds the context length")
	got := srv.ChatRequests()[0]
	require.NotNil(t, got.Truncate)
	require.False(t, *got.Truncate, "Ollama's default cuts the prompt's front, the schema")
	require.NotNil(t, got.Shift)
	require.False(t, *got.Shift, "Ollama's default shifts the prompt out while generating")

	// An older server cuts silently: prompt_eval_count is the window.
	srv, c = setup(t, Config{NumCtx: 256})
	srv.Script(ollamatest.Response{Content: "```sql\nSELECT count(*) FROM orders\n```", PromptTokens: 256})
	_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
	le = requireLLMError(t, err, ContextTooLong)
	require.Contains(t, le.Message, "filled the whole context window")
	require.Contains(t, le.Message, "NL2SQL_NUM_CTX 256")

	// Below the window, the reply stands.
	srv.Script(ollamatest.Response{Content: "SELECT 1", PromptTokens: 255})
	reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	require.Equal(t, 255, reply.PromptTokens)
}

// TestColdModelLoadsAfterTheCallerGivesUp: Ollama aborts a model's load
// when the call that started it goes away, so callers with short deadlines
// (the question's embedding, the linking call) on a model slower to load
// would abort every load and never be answered. A call its caller's
// deadline ended leaves the model loading in the background, and the next
// short call is answered.
func TestColdModelLoadsAfterTheCallerGivesUp(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{}, ollamatest.Config{LoadTime: 300 * time.Millisecond})
	srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return ollamatest.Response{Content: "SELECT 1"} })
	within := func(d time.Duration, call func(context.Context) error) error {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		return call(ctx)
	}
	embed := func(ctx context.Context) error { _, err := c.Embed(ctx, []string{"orders"}); return err }
	chat := func(ctx context.Context) error { _, err := c.Chat(ctx, ChatRequest{Messages: question}); return err }

	requireLLMError(t, within(50*time.Millisecond, embed), Unavailable)
	requireLLMError(t, within(50*time.Millisecond, chat), Unavailable)
	require.Eventually(t, func() bool { return srv.Loaded("nomic-embed-text") && srv.Loaded("qwen2.5-coder:7b") },
		10*time.Second, 10*time.Millisecond, "the loads go on after the callers gave up")
	require.NoError(t, within(time.Second, embed))
	require.NoError(t, within(time.Second, chat))
	var loads int
	for _, r := range srv.ChatRequests() {
		if len(r.Messages) == 0 {
			loads++
			require.Equal(t, 32768.0, r.Options["num_ctx"], "loaded with the window the calls use: else Ollama loads it again")
		}
	}
	require.Equal(t, 1, loads)

	// A caller that cancels (a stopped job) starts no load.
	srv2, c2 := setup(t, Config{}, ollamatest.Config{LoadTime: 300 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := c2.Embed(ctx, []string{"orders"})
	requireLLMError(t, err, Canceled)
	c2.Close()
	require.False(t, srv2.Loaded("nomic-embed-text"))
}

func TestChatNeedsMessages(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})

	_, err := c.Chat(context.Background(), ChatRequest{})
	require.Error(t, err)
	require.Empty(t, srv.Requests(), "nothing is sent")
}

// The repair loop sends the failed attempt's error back; the fake records
// what each call carried.
func TestChatConversationRecorded(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	srv.Script(
		ollamatest.Response{Content: "```sql\nSELECT employee_name FROM employees\n```"},
		ollamatest.Response{Content: "```sql\nSELECT first_name || ' ' || last_name FROM employees\n```"},
	)
	ctx := context.Background()

	first, err := c.Chat(ctx, ChatRequest{Messages: question})
	require.NoError(t, err)
	sql, err := ExtractSQL(first.Content)
	require.NoError(t, err)
	repair := append(append([]Message(nil), question...),
		Message{Role: RoleAssistant, Content: first.Content},
		Message{Role: RoleUser, Content: `ERROR: column "employee_name" does not exist (SQLSTATE 42703). Fix the query.`})
	second, err := c.Chat(ctx, ChatRequest{Messages: repair})
	require.NoError(t, err)
	fixed, err := ExtractSQL(second.Content)
	require.NoError(t, err)
	require.NotEqual(t, sql, fixed)

	reqs := srv.ChatRequests()
	require.Len(t, reqs, 2)
	require.NotContains(t, reqs[0].Prompt(), "does not exist")
	require.Contains(t, reqs[1].LastUser(), `column "employee_name" does not exist`)
	require.Equal(t, 0, srv.Pending())
}

// River runs jobs concurrently: rules answer by question, whatever the order.
func TestChatConcurrentRules(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	const n = 20
	for i := range n {
		srv.Answer(ollamatest.Contains(fmt.Sprintf("question #%d?", i)), ollamatest.Response{Content: fmt.Sprintf("SELECT %d", i)})
	}

	var wg sync.WaitGroup
	errs := make([]error, n)
	got := make([]string, n)
	for i := range n {
		wg.Go(func() {
			reply, err := c.Chat(context.Background(), ChatRequest{Messages: []Message{{Role: RoleUser, Content: fmt.Sprintf("question #%d?", i)}}})
			if err == nil {
				got[i] = reply.Content
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		require.Equal(t, fmt.Sprintf("SELECT %d", i), got[i])
	}
	require.Len(t, srv.ChatRequests(), n)
}

// TestConcurrentCallsReuseConnections: a second burst of concurrent calls
// goes over the first burst's connections instead of dialling again.
func TestConcurrentCallsReuseConnections(t *testing.T) {
	t.Parallel()
	srv := ollamatest.NewT(t)
	// Every call waits, so each burst holds n connections at once.
	srv.Answer(ollamatest.Contains("burst"), ollamatest.Response{Content: "SELECT 1", Delay: 200 * time.Millisecond})
	backend, err := url.Parse(srv.URL())
	require.NoError(t, err)
	var dialled atomic.Int64
	proxy := httptest.NewUnstartedServer(httputil.NewSingleHostReverseProxy(backend))
	proxy.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			dialled.Add(1)
		}
	}
	proxy.Start()
	t.Cleanup(proxy.Close)
	c, err := New(Config{Host: proxy.URL, RequestTimeout: 30 * time.Second})
	require.NoError(t, err)
	t.Cleanup(c.Close)

	const n = 8
	burst := func() {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				_, errs[i] = c.Chat(context.Background(), ChatRequest{Messages: []Message{{Role: RoleUser, Content: "burst"}}})
			})
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
	}
	burst()
	first := dialled.Load()
	require.GreaterOrEqual(t, first, int64(n), "the calls overlapped")
	burst()
	require.Equal(t, first, dialled.Load(), "the second burst dialled again")
}

func TestEmbed(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{EmbedDim: 64}})
	texts := []string{
		"employees: employee_id, first_name, last_name, department_id",
		"How many employees are in each department?",
		"invoices: invoice_number, due_date, paid_at",
	}

	vecs, err := c.Embed(context.Background(), texts)
	require.NoError(t, err)
	require.Len(t, vecs, len(texts))
	for i, v := range vecs {
		require.Equal(t, ollamatest.Embedding(texts[i], 64), v)
		require.InDelta(t, 1.0, norm(v), 1e-5)
	}
	require.Greater(t, dot(vecs[0], vecs[1]), dot(vecs[2], vecs[1]), "the employees table is closer to a question about employees")

	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	require.Equal(t, "/api/embed", reqs[0].Path)
	require.Contains(t, string(reqs[0].Body), `"model":"nomic-embed-text"`)

	none, err := c.Embed(context.Background(), nil)
	require.NoError(t, err)
	require.Nil(t, none)
	require.Len(t, srv.Requests(), 1, "no texts, no call")
}

// Ollama would embed an over-long text cut to the model's window and say
// so nowhere: nl2sql asks it to refuse, and gets ContextTooLong.
func TestEmbedTooLong(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{EmbedDim: 8}, EmbedContextLength: 16})
	long := strings.Repeat("a long comment ", 5) // 75 bytes: 19 tokens of the fake's 16

	_, err := c.Embed(context.Background(), []string{"employees", long})
	le := requireLLMError(t, err, ContextTooLong)
	require.Equal(t, fmt.Sprintf(`a text to embed for model "nomic-embed-text" is longer than the context window of Ollama at %s: the input length exceeds the context length (HTTP 400); use an embedding model with a longer window (NL2SQL_EMBED_MODEL)`, srv.URL()), le.Message)
	require.False(t, le.Retryable())
	require.Contains(t, string(srv.Requests()[0].Body), `"truncate":false`)
}

func TestEmbedModelMissing(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{EmbedModels: []string{}}})

	_, err := c.Embed(context.Background(), []string{"x"})
	le := requireLLMError(t, err, ModelMissing)
	require.Equal(t, fmt.Sprintf(`model "nomic-embed-text" is not available on the Ollama server at %s: run "ollama pull nomic-embed-text" or set NL2SQL_EMBED_MODEL`, srv.URL()), le.Error())
}

func TestModels(t *testing.T) {
	t.Parallel()
	_, c := setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b", "HridaAI/hrida-t2sql"}}})
	ctx := context.Background()

	models, err := c.Models(ctx)
	require.NoError(t, err)
	var names []string
	for _, m := range models {
		names = append(names, m.Name)
	}
	require.ElementsMatch(t, []string{"qwen2.5-coder:7b", "HridaAI/hrida-t2sql:latest", "nomic-embed-text:latest"}, names)

	require.NoError(t, c.CheckModel(ctx, ""), "Config.Model")
	require.NoError(t, c.CheckModel(ctx, "nomic-embed-text"), "an untagged name is :latest")
	require.NoError(t, c.CheckModel(ctx, "hridaai/hrida-t2sql:latest"), "names match without case")

	err = c.CheckModel(ctx, "qwen2.5-coder:32b")
	le := requireLLMError(t, err, ModelMissing)
	require.False(t, le.Retryable())
	require.ErrorIs(t, err, ErrModelMissing)
	require.Equal(t, fmt.Sprintf(`model "qwen2.5-coder:32b" is not available on the Ollama server at %s: run "ollama pull qwen2.5-coder:32b" or set NL2SQL_MODEL`, c.Host()), err.Error())
}

// TestSameModel: names are one model as Ollama resolves them, the one
// rule CheckModel and NL2SQL_CLIENT_MODELS go by.
func TestSameModel(t *testing.T) {
	t.Parallel()
	for _, same := range [][2]string{
		{"llama3", "llama3:latest"},
		{"llama3", "Llama3"},
		{"LLAMA3:Latest", "llama3"},
		{"llama3", "library/llama3"},
		{"llama3", "registry.ollama.ai/library/llama3:latest"},
		{"HridaAI/hrida-t2sql", "hridaai/hrida-t2sql:latest"},
		{"qwen2.5-coder:7b", "Qwen2.5-Coder:7B"},
	} {
		require.True(t, SameModel(same[0], same[1]), "%q and %q", same[0], same[1])
	}
	for _, other := range [][2]string{
		{"llama3", "llama3:70b"},
		{"llama3", "llama3.1"},
		{"llama3", "someone/llama3"},
		{"llama3", "example.com/library/llama3"},
		{"qwen2.5-coder:7b", "qwen2.5-coder:32b"},
		{"llama3", ""},
	} {
		require.False(t, SameModel(other[0], other[1]), "%q and %q", other[0], other[1])
	}
}

func TestChatModelMissing(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{Models: []string{"llama3.1:8b"}}})

	_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	le := requireLLMError(t, err, ModelMissing)
	require.False(t, le.Retryable(), "retrying cannot pull a model")
	require.Equal(t, http.StatusNotFound, le.Status)
	require.Equal(t, "chat", le.Op)
	require.Equal(t, "qwen2.5-coder:7b", le.Model)
	require.ErrorIs(t, err, ErrModelMissing)
	require.NotErrorIs(t, err, ErrUnavailable)
	require.Equal(t, fmt.Sprintf(`model "qwen2.5-coder:7b" is not available on the Ollama server at %s: run "ollama pull qwen2.5-coder:7b" or set NL2SQL_MODEL`, srv.URL()), err.Error())
}

func TestServerDown(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	require.NoError(t, srv.SetDown(true))
	ctx := context.Background()
	want := fmt.Sprintf("cannot reach Ollama at %s: connection refused; start Ollama or set OLLAMA_HOST", srv.URL())

	_, err := c.Chat(ctx, ChatRequest{Messages: question})
	le := requireLLMError(t, err, Unavailable)
	require.True(t, le.Retryable())
	require.ErrorIs(t, err, ErrUnavailable)
	require.ErrorIs(t, err, syscall.ECONNREFUSED)
	require.Equal(t, want, err.Error())

	// Unreachable is not "not pulled".
	err = c.CheckModel(ctx, "")
	requireLLMError(t, err, Unavailable)
	require.NotErrorIs(t, err, ErrModelMissing)
	require.Equal(t, want, err.Error())

	_, err = c.Embed(ctx, []string{"x"})
	requireLLMError(t, err, Unavailable)
	_, err = c.Version(ctx)
	requireLLMError(t, err, Unavailable)
}

func TestServerDownThenUp(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return ollamatest.Response{Content: "SELECT 1"} })
	ctx := context.Background()
	url := srv.URL()

	_, err := c.Chat(ctx, ChatRequest{Messages: question})
	require.NoError(t, err)

	require.NoError(t, srv.SetDown(true))
	_, err = c.Chat(ctx, ChatRequest{Messages: question})
	requireLLMError(t, err, Unavailable)

	require.NoError(t, srv.SetDown(false))
	require.Equal(t, url, srv.URL(), "back on the same address")
	reply, err := c.Chat(ctx, ChatRequest{Messages: question})
	require.NoError(t, err)
	require.Equal(t, "SELECT 1", reply.Content)
}

func TestServerErrors(t *testing.T) {
	t.Parallel()

	t.Run("5xx", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return ollamatest.Response{Content: "SELECT 1"} })
		srv.FailNext(1, http.StatusInternalServerError)

		_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.True(t, le.Retryable())
		require.Equal(t, http.StatusInternalServerError, le.Status)
		require.Contains(t, le.Message, "(HTTP 500)")

		_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
		require.NoError(t, err, "only the next call fails")
	})

	t.Run("Busy", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.FailNext(1, http.StatusServiceUnavailable)

		_, err := c.Models(context.Background())
		le := requireLLMError(t, err, Unavailable)
		require.Equal(t, fmt.Sprintf("Ollama at %s failed the list models request: server busy, please try again.  maximum pending requests exceeded (HTTP 503)", srv.URL()), le.Message)
	})

	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{Think: true})

		_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Rejected)
		require.False(t, le.Retryable())
		require.Equal(t, fmt.Sprintf(`Ollama at %s refused the chat request for model "qwen2.5-coder:7b": "qwen2.5-coder:7b" does not support thinking (HTTP 400)`, srv.URL()), le.Message)
	})

	t.Run("MidStream", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.Script(ollamatest.Response{Content: "SELECT e.first_name FROM", Error: "llama runner process has terminated: signal: killed"})

		_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.Contains(t, le.Message, "llama runner process has terminated")
	})

	t.Run("BrokenStream", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.Script(ollamatest.Response{Content: "SELECT e.first_name FROM", ChunkSize: 4, Abort: true})

		// The api client returns nil for a stream that breaks off; a
		// partial reply must not pass for a whole one.
		reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		require.Nil(t, reply)
		le := requireLLMError(t, err, Unavailable)
		require.True(t, le.Retryable())
		require.Contains(t, le.Message, "lost the connection to Ollama")
	})

	t.Run("EmptyErrorBody", func(t *testing.T) {
		t.Parallel()
		// A proxy in front of Ollama may answer 502 with nothing; the api
		// client's stream reader then sees no line at all.
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadGateway)
		}))
		t.Cleanup(proxy.Close)
		c, err := New(Config{Host: proxy.URL})
		require.NoError(t, err)

		_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.Equal(t, http.StatusBadGateway, le.Status)
		require.Contains(t, le.Message, "Bad Gateway (HTTP 502)")
	})

	t.Run("NotOllama", func(t *testing.T) {
		t.Parallel()
		other := httptest.NewServer(http.NotFoundHandler())
		t.Cleanup(other.Close)
		c, err := New(Config{Host: other.URL})
		require.NoError(t, err)

		_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Rejected)
		require.Contains(t, le.Message, "is OLLAMA_HOST pointing at an Ollama server?")
	})
}

func TestTimeouts(t *testing.T) {
	t.Parallel()

	t.Run("CallerDeadline", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.Script(ollamatest.Response{Content: "SELECT 1", Delay: time.Hour})
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()

		_, err := c.Chat(ctx, ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.True(t, le.Retryable())
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Contains(t, le.Message, "before the caller's deadline")
	})

	t.Run("RequestTimeout", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{RequestTimeout: 50 * time.Millisecond})
		srv.Script(ollamatest.Response{Content: "SELECT 1", Delay: time.Hour})

		_, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		le := requireLLMError(t, err, Unavailable)
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Equal(t, fmt.Sprintf(`Ollama at %s did not finish the chat request for model "qwen2.5-coder:7b" within 50ms; the server may be busy or the model slow (raise the request timeout, NL2SQL_LLM_TIMEOUT)`, srv.URL()), le.Message)
	})

	t.Run("StalledStream", func(t *testing.T) {
		t.Parallel()
		// Chunks arrive, then nothing: the api client swallows the read
		// error of the expired context; the reply must not count as done.
		srv, c := setup(t, Config{RequestTimeout: 100 * time.Millisecond})
		srv.Script(ollamatest.Response{Content: "SELECT 1 FROM employees", ChunkSize: 8, ChunkDelay: time.Hour})

		reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
		require.Nil(t, reply)
		requireLLMError(t, err, Unavailable)
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})

	t.Run("Canceled", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, Config{})
		srv.Script(ollamatest.Response{Content: "SELECT 1", Delay: time.Hour})
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			// Cancel once the server holds the request.
			for len(srv.ChatRequests()) == 0 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()

		_, err := c.Chat(ctx, ChatRequest{Messages: question})
		le := requireLLMError(t, err, Canceled)
		require.False(t, le.Retryable())
		require.ErrorIs(t, err, context.Canceled)
	})
}

func TestUnresolvableHost(t *testing.T) {
	t.Parallel()
	c, err := New(Config{Host: "ollama.invalid"})
	require.NoError(t, err)

	_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
	le := requireLLMError(t, err, Unavailable)
	require.True(t, strings.HasPrefix(le.Message, "cannot reach Ollama at http://ollama.invalid:11434: "), le.Message)
	require.True(t, strings.HasSuffix(le.Message, "; start Ollama or set OLLAMA_HOST"), le.Message)
}

func TestNoSecretsInErrors(t *testing.T) {
	t.Parallel()
	srv := ollamatest.NewT(t)
	host := strings.Replace(srv.URL(), "http://", "http://nl2sql:s3cr3t@", 1)
	c, err := New(Config{Host: host})
	require.NoError(t, err)
	require.Equal(t, srv.URL(), c.Host())
	require.NoError(t, srv.SetDown(true))

	_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
	requireLLMError(t, err, Unavailable)
	require.NotContains(t, err.Error(), "s3cr3t")
	require.NotContains(t, fmt.Sprintf("%+v", errclass.Classify(err)), "s3cr3t")

	_, err = New(Config{Host: "http://nl2sql:s3cr3t@localhost:99999"})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "s3cr3t")
}

func TestErrorClassification(t *testing.T) {
	t.Parallel()

	for _, kind := range []Kind{Unavailable, ModelMissing, Rejected, Canceled} {
		err := fmt.Errorf("generate: %w", &Error{Kind: kind, Message: "boom", Err: syscall.ECONNREFUSED})
		ce := errclass.Classify(err)
		require.Equal(t, errclass.InfraFailure, ce.Class, kind)
		require.Equal(t, "boom", ce.Message)
		require.ErrorIs(t, err, syscall.ECONNREFUSED, "the cause stays reachable")
		var le *Error
		require.True(t, errors.As(err, &le))
		require.Equal(t, kind == Unavailable, le.Retryable(), kind)
		require.Equal(t, errclass.InfraFailure, le.Class())
	}
	require.NotErrorIs(t, &Error{Kind: Unavailable, Message: "x"}, &Error{Kind: Unavailable, Message: "y"},
		"only the sentinels match by kind")
}

func TestParseHost(t *testing.T) {
	t.Parallel()

	// The cases of Ollama's own envconfig.TestHost.
	for in, want := range map[string]string{
		"":                           "http://127.0.0.1:11434",
		"1.2.3.4":                    "http://1.2.3.4:11434",
		":1234":                      "http://:1234",
		"1.2.3.4:1234":               "http://1.2.3.4:1234",
		"example.com":                "http://example.com:11434",
		"example.com:1234":           "http://example.com:1234",
		"[::1]":                      "http://[::1]:11434",
		"[::]":                       "http://[::]:11434",
		"::1":                        "http://[::1]:11434",
		"[::1]:1337":                 "http://[::1]:1337",
		" 1.2.3.4 ":                  "http://1.2.3.4:11434",
		`"1.2.3.4"`:                  "http://1.2.3.4:11434",
		` " 1.2.3.4 " `:              "http://1.2.3.4:11434",
		"'1.2.3.4'":                  "http://1.2.3.4:11434",
		"http://1.2.3.4":             "http://1.2.3.4:80",
		"http://1.2.3.4:4321":        "http://1.2.3.4:4321",
		"https://1.2.3.4":            "https://1.2.3.4:443",
		"https://1.2.3.4:4321":       "https://1.2.3.4:4321",
		"https://example.com/ollama": "https://example.com:443/ollama",
		"ollama.com":                 "https://ollama.com:443",
	} {
		u, err := ParseHost(in)
		require.NoError(t, err, in)
		require.Equal(t, want, u.String(), in)
	}
	// Where Ollama falls back to 11434 with a warning, a config error is
	// clearer.
	for _, bad := range []string{":66000", ":-1", ":0", "host:http", "ftp://host"} {
		_, err := ParseHost(bad)
		require.Error(t, err, bad)
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()

	c := Config{}.WithDefaults()
	require.NotNil(t, c.Clock)
	c.Clock = nil // funcs do not compare
	require.Equal(t, Config{
		Host: "http://127.0.0.1:11434", Model: "qwen2.5-coder:7b", EmbedModel: "nomic-embed-text",
		NumCtx: 32768, RequestTimeout: 120 * time.Second,
		Provider: ProviderOllama, OpenAI: OpenAIConfig{BaseURL: DefaultOpenAIBaseURL},
		Breaker: BreakerConfig{Failures: 5, Cooldown: 30 * time.Second, defaulted: true},
	}, c)
	require.NoError(t, c.validate())

	off := c.Breaker
	off.Failures = 0
	require.Equal(t, 0, off.WithDefaults().Failures, "0 set after the defaults turns the breakers off")

	for name, cfg := range map[string]Config{
		"Temperature":    {Temperature: -1},
		"NumCtx":         {NumCtx: 100},
		"RequestTimeout": {RequestTimeout: -time.Second},
		"Host":           {Host: "ftp://x"},
		"Model":          {Model: "  "},
		"Breaker":        {Breaker: BreakerConfig{Failures: -1}},
		"Cooldown":       {Breaker: BreakerConfig{Cooldown: -time.Second}},
	} {
		_, err := New(cfg)
		require.Error(t, err, name)
	}
}

func BenchmarkChat(b *testing.B) {
	srv, err := ollamatest.New(ollamatest.Config{Config: fakeserver.Config{ChunkSize: 1 << 20}, DisableRecording: true})
	require.NoError(b, err)
	defer srv.Close()
	srv.OnChat(func(r ollamatest.ChatRequest) ollamatest.Response {
		return ollamatest.Response{Content: "```sql\nSELECT count(*) FROM employees\n```"}
	})
	c, err := New(Config{Host: srv.URL()})
	require.NoError(b, err)
	ctx := context.Background()
	req := ChatRequest{Messages: []Message{{Role: RoleSystem, Content: strings.Repeat("schema line\n", 400)}, question[1]}}

	b.ReportAllocs()
	for b.Loop() {
		reply, err := c.Chat(ctx, req)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ExtractSQL(reply.Content); err != nil {
			b.Fatal(err)
		}
	}
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func norm(v []float32) float64 { return math.Sqrt(dot(v, v)) }
