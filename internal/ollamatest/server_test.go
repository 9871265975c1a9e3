package ollamatest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
)

// setup starts a server and an Ollama api client of it.
func setup(t *testing.T, cfg ...Config) (*Server, *api.Client) {
	t.Helper()
	s := NewT(t, cfg...)
	u, err := url.Parse(s.URL())
	require.NoError(t, err)
	return s, api.NewClient(u, &http.Client{})
}

// post sends a raw request and returns status, content type and body.
func post(t *testing.T, s *Server, method, path, body string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL()+path, strings.NewReader(body))
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

func TestChatStreamWireFormat(t *testing.T) {
	t.Parallel()
	s, _ := setup(t)
	s.Script(Response{Content: "SELECT 1;", ChunkSize: 4, PromptTokens: 12, ReplyTokens: 3})

	status, ctype, body := post(t, s, http.MethodPost, "/api/chat",
		`{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"one?"}]}`)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "application/x-ndjson", ctype)

	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	require.Len(t, lines, 4, "three content chunks of 4 runes, then the done chunk:\n%s", body)
	var chunks []api.ChatResponse
	for _, l := range lines {
		var c api.ChatResponse
		require.NoError(t, json.Unmarshal([]byte(l), &c), l)
		chunks = append(chunks, c)
		// Every field json.Marshal would write, in its order.
		var again map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &again))
		want, err := json.Marshal(c)
		require.NoError(t, err)
		require.JSONEq(t, string(want), l)
	}
	for i, want := range []string{"SELE", "CT 1", ";"} {
		require.False(t, chunks[i].Done)
		require.Equal(t, want, chunks[i].Message.Content)
		require.Equal(t, "assistant", chunks[i].Message.Role)
		require.Equal(t, "qwen2.5-coder:7b", chunks[i].Model)
		require.False(t, chunks[i].CreatedAt.IsZero())
		require.Zero(t, chunks[i].Metrics, "intermediate chunks carry no metrics")
	}
	last := chunks[3]
	require.True(t, last.Done)
	require.Equal(t, "stop", last.DoneReason)
	require.Empty(t, last.Message.Content)
	require.Equal(t, 12, last.PromptEvalCount)
	require.Equal(t, 3, last.EvalCount)
	require.Positive(t, last.TotalDuration)
	require.Equal(t, last.TotalDuration, last.LoadDuration+last.PromptEvalDuration+last.EvalDuration)
}

func TestChatViaAPIClient(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	s.Script(Response{Content: "SELECT 2", ChunkSize: 1}, Response{Content: "SELECT 3"})
	ctx := context.Background()
	req := &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: "two?"}}}

	var streamed []api.ChatResponse
	require.NoError(t, c.Chat(ctx, req, func(r api.ChatResponse) error { streamed = append(streamed, r); return nil }))
	require.Len(t, streamed, len("SELECT 2")+1)

	stream := false
	req.Stream = &stream
	var single []api.ChatResponse
	require.NoError(t, c.Chat(ctx, req, func(r api.ChatResponse) error { single = append(single, r); return nil }))
	require.Len(t, single, 1, "stream:false gives one object")
	require.Equal(t, "SELECT 3", single[0].Message.Content)
	require.True(t, single[0].Done)
	require.Equal(t, "stop", single[0].DoneReason)
	require.Positive(t, single[0].EvalCount)

	reqs := s.ChatRequests()
	require.Len(t, reqs, 2)
	require.True(t, reqs[0].Stream)
	require.False(t, reqs[1].Stream)
}

func TestChatNonStreamWireFormat(t *testing.T) {
	t.Parallel()
	s, _ := setup(t)
	s.Script(Response{Content: "SELECT <1> & \"2\""})

	status, ctype, body := post(t, s, http.MethodPost, "/api/chat",
		`{"model":"qwen2.5-coder:7b","stream":false,"messages":[{"role":"user","content":"x"}]}`)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "application/json; charset=utf-8", ctype)
	require.NotContains(t, body, "\n", "one JSON object, as gin's c.JSON writes it")
	var r api.ChatResponse
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.Equal(t, "SELECT <1> & \"2\"", r.Message.Content)
	require.Contains(t, body, `\u003c1\u003e \u0026`, "HTML characters escaped as encoding/json does")
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	s.Script(Response{Content: "SELECT 4", ChunkSize: 3}, Response{Content: "SELECT 5"})
	ctx := context.Background()

	var text strings.Builder
	var last api.GenerateResponse
	require.NoError(t, c.Generate(ctx, &api.GenerateRequest{Model: "qwen2.5-coder:7b", System: "sys", Prompt: "four?"},
		func(r api.GenerateResponse) error { text.WriteString(r.Response); last = r; return nil }))
	require.Equal(t, "SELECT 4", text.String())
	require.True(t, last.Done)
	require.Equal(t, "stop", last.DoneReason)

	stream := false
	var n int
	require.NoError(t, c.Generate(ctx, &api.GenerateRequest{Model: "qwen2.5-coder:7b", Prompt: "five?", Stream: &stream},
		func(r api.GenerateResponse) error { n++; last = r; return nil }))
	require.Equal(t, 1, n)
	require.Equal(t, "SELECT 5", last.Response)

	reqs := s.ChatRequests()
	require.Len(t, reqs, 2)
	require.Equal(t, "/api/generate", reqs[0].Endpoint)
	err := c.Generate(ctx, &api.GenerateRequest{Model: "qwen2.5-coder", Prompt: "x"}, func(api.GenerateResponse) error { return nil })
	require.ErrorContains(t, err, "not found", `"qwen2.5-coder" is "qwen2.5-coder:latest", which is not pulled`)
	require.Equal(t, []api.Message{{Role: "system", Content: "sys"}, {Role: "user", Content: "four?"}}, reqs[0].Messages)
	require.Equal(t, "four?", reqs[0].LastUser())
}

func TestChatErrors(t *testing.T) {
	t.Parallel()
	s, _ := setup(t)
	s.OnChat(func(ChatRequest) Response { return Response{Content: "SELECT 1"} })

	for name, tc := range map[string]struct {
		method, path, body string
		status             int
		want               string
	}{
		"UnknownModel":    {"POST", "/api/chat", `{"model":"llama3:8b","messages":[{"role":"user","content":"x"}]}`, 404, `{"error":"model \"llama3:8b\" not found, try pulling it first"}`},
		"UnknownGenerate": {"POST", "/api/generate", `{"model":"llama3","prompt":"x"}`, 404, `{"error":"model \"llama3\" not found, try pulling it first"}`},
		"NoModel":         {"POST", "/api/chat", `{"messages":[]}`, 400, `{"error":"model is required"}`},
		"NoBody":          {"POST", "/api/chat", ``, 400, `{"error":"missing request body"}`},
		"BadJSON":         {"POST", "/api/chat", `{"model":`, 400, `{"error":"unexpected end of JSON input"}`},
		"EmbedModel":      {"POST", "/api/chat", `{"model":"nomic-embed-text","messages":[{"role":"user","content":"x"}]}`, 400, `{"error":"\"nomic-embed-text\" does not support chat"}`},
		"Think":           {"POST", "/api/chat", `{"model":"qwen2.5-coder:7b","think":true,"messages":[{"role":"user","content":"x"}]}`, 400, `{"error":"\"qwen2.5-coder:7b\" does not support thinking"}`},
		"Method":          {"GET", "/api/chat", ``, 405, `405 method not allowed`},
		"Path":            {"GET", "/api/nope", ``, 404, `404 page not found`},
		"ShowUnknown":     {"POST", "/api/show", `{"model":"x"}`, 404, `{"error":"model 'x' not found"}`},
		"EmbedUnknown":    {"POST", "/api/embed", `{"model":"x","input":"a"}`, 404, `{"error":"model 'x' not found"}`},
		"EmbedInput":      {"POST", "/api/embed", `{"model":"nomic-embed-text","input":[1]}`, 400, `{"error":"invalid input type"}`},
		"Load":            {"POST", "/api/chat", `{"model":"qwen2.5-coder:7b","messages":[]}`, 200, ``},
	} {
		status, _, body := post(t, s, tc.method, tc.path, tc.body)
		require.Equal(t, tc.status, status, name)
		if tc.want != "" {
			require.Equal(t, tc.want, body, name)
		}
	}
}

func TestEndpoints(t *testing.T) {
	t.Parallel()
	s, c := setup(t, Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b", "sqlcoder:15b"}}})
	ctx := context.Background()

	require.NoError(t, c.Heartbeat(ctx))
	status, _, body := post(t, s, http.MethodGet, "/", "")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "Ollama is running", body)

	v, err := c.Version(ctx)
	require.NoError(t, err)
	require.Equal(t, "0.17.4", v)

	list, err := c.List(ctx)
	require.NoError(t, err)
	var names []string
	for _, m := range list.Models {
		names = append(names, m.Name)
		require.Equal(t, m.Name, m.Model)
		require.Len(t, m.Digest, 64)
		require.Positive(t, m.Size)
	}
	require.Equal(t, []string{"nomic-embed-text:latest", "sqlcoder:15b", "qwen2.5-coder:7b"}, names, "newest first")

	show, err := c.Show(ctx, &api.ShowRequest{Model: "qwen2.5-coder:7b"})
	require.NoError(t, err)
	require.Equal(t, "qwen2", show.Details.Family)
	require.Equal(t, "7B", show.Details.ParameterSize)
	require.Equal(t, "completion", string(show.Capabilities[0]))
	show, err = c.Show(ctx, &api.ShowRequest{Name: "nomic-embed-text"}) //nolint:staticcheck // an older client: the server still reads name
	require.NoError(t, err)
	require.Equal(t, "embedding", string(show.Capabilities[0]))

	_, err = c.Show(ctx, &api.ShowRequest{Model: "missing"})
	var se api.StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusNotFound, se.StatusCode)
}

func TestEmbed(t *testing.T) {
	t.Parallel()
	s, c := setup(t, Config{Config: fakeserver.Config{EmbedDim: 32}})
	ctx := context.Background()

	resp, err := c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: []string{"orders by customer", ""}})
	require.NoError(t, err)
	require.Len(t, resp.Embeddings, 2)
	require.Equal(t, Embedding("orders by customer", 32), resp.Embeddings[0])
	require.Len(t, resp.Embeddings[1], 32)
	require.Positive(t, resp.PromptEvalCount)

	one, err := c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: "orders by customer", Dimensions: 8})
	require.NoError(t, err)
	require.Len(t, one.Embeddings, 1)
	require.Len(t, one.Embeddings[0], 8)
	require.InDelta(t, 1, norm(one.Embeddings[0]), 1e-5)

	none, err := c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: ""})
	require.NoError(t, err)
	require.Empty(t, none.Embeddings)

	legacy, err := c.Embeddings(ctx, &api.EmbeddingRequest{Model: "nomic-embed-text", Prompt: "orders by customer"})
	require.NoError(t, err)
	require.Len(t, legacy.Embedding, 32)
	require.Len(t, s.Requests(), 4)
}

// An input longer than the embedding model's window: cut to it, as Ollama
// does unless told not to, or refused with Ollama's words.
func TestEmbedTooLong(t *testing.T) {
	t.Parallel()
	s, c := setup(t, Config{Config: fakeserver.Config{EmbedDim: 32}, EmbedContextLength: 8})
	ctx := context.Background()
	long := "orders by customer and region" // 29 bytes: 8 tokens hold 32
	longer := long + " per month"
	split := strings.Repeat("a", 31) + "üb" // byte 32 is within ü

	resp, err := c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: []string{long, longer, split}})
	require.NoError(t, err)
	require.Equal(t, Embedding(long, 32), resp.Embeddings[0], "within the window: whole")
	require.Equal(t, Embedding(longer[:32], 32), resp.Embeddings[1], "the front that fits, and nothing says so")
	require.Equal(t, Embedding(split[:31], 32), resp.Embeddings[2], "cut between runes")

	yes, no := true, false
	resp, err = c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: []string{longer}, Truncate: &yes})
	require.NoError(t, err)
	require.Equal(t, Embedding(longer[:32], 32), resp.Embeddings[0])

	_, err = c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: []string{long, longer}, Truncate: &no})
	var se api.StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusBadRequest, se.StatusCode)
	require.Equal(t, "the input length exceeds the context length", se.ErrorMessage)
	status, _, body := post(t, s, "POST", "/api/embed", `{"model":"nomic-embed-text","input":"`+longer+`","truncate":false}`)
	require.Equal(t, http.StatusBadRequest, status)
	require.JSONEq(t, `{"error":"the input length exceeds the context length"}`, body)

	// The request's num_ctx narrows the window.
	_, err = c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: "orders by", Truncate: &no, Options: map[string]any{"num_ctx": 2}})
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusBadRequest, se.StatusCode)

	show, err := c.Show(ctx, &api.ShowRequest{Model: "nomic-embed-text"})
	require.NoError(t, err)
	require.EqualValues(t, 8, show.ModelInfo["nomic-bert.context_length"])
}

func TestEmbedding(t *testing.T) {
	t.Parallel()

	a := Embedding("employees: employee_id, first_name, department_id", 768)
	require.Equal(t, a, Embedding("employees: employee_id, first_name, department_id", 768), "deterministic")
	require.InDelta(t, 1, norm(a), 1e-5)
	q := Embedding("How many employees are in each department?", 768)
	far := Embedding("invoices: invoice_number, due_date, paid_at", 768)
	require.Greater(t, cosine(a, q), cosine(far, q), "shared words bring texts closer")
	require.Greater(t, cosine(a, q), 0.2)
	require.InDelta(t, 0, cosine(far, q), 0.2)
	require.InDelta(t, 1, norm(Embedding("", 16)), 1e-6, "never a zero vector")
	require.Equal(t, []string{"order_item", "order", "item", "employee", "by", "dept"}, words("Order_Items EMPLOYEES by dept"))
}

func TestScriptingOrder(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	ctx := context.Background()
	ask := func(q string) (string, error) {
		var b strings.Builder
		err := c.Chat(ctx, &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: q}}},
			func(r api.ChatResponse) error { b.WriteString(r.Message.Content); return nil })
		return b.String(), err
	}

	_, err := ask("anything")
	var se api.StatusError
	require.ErrorAs(t, err, &se, "nothing scripted is an error, not a made-up answer")
	require.Equal(t, http.StatusInternalServerError, se.StatusCode)

	s.OnChat(func(r ChatRequest) Response { return Response{Content: "fallback for " + r.LastUser()} })
	s.Script(Response{Content: "first"}, Response{Content: "second"})
	s.Answer(Contains("salary", "department"), Response{Content: "rule"})
	require.Equal(t, 2, s.Pending())

	for _, tc := range []struct{ q, want string }{
		{"average salary per department", "rule"},
		{"q1", "first"},
		{"salary by department", "rule"},
		{"q2", "second"},
		{"q3", "fallback for q3"},
		{"department salary", "rule"},
	} {
		got, err := ask(tc.q)
		require.NoError(t, err)
		require.Equal(t, tc.want, got, tc.q)
	}
	require.Equal(t, 0, s.Pending())
	require.Len(t, s.ChatRequests(), 7)
}

func TestResponseFailures(t *testing.T) {
	t.Parallel()
	s, _ := setup(t)
	chat := `{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"x"}]}`

	s.Script(Response{Status: http.StatusBadRequest, Error: "bad things"})
	status, _, body := post(t, s, http.MethodPost, "/api/chat", chat)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, `{"error":"bad things"}`, body)

	s.Script(Response{Content: "SEL", Error: "runner died"})
	status, _, body = post(t, s, http.MethodPost, "/api/chat", chat)
	require.Equal(t, http.StatusOK, status, "the stream had started")
	require.True(t, strings.HasSuffix(body, "{\"error\":\"runner died\"}\n"), body)
	require.NotContains(t, body, `"done":true`)

	s.Script(Response{Content: "SELECT", Abort: true})
	resp, err := http.Post(s.URL()+"/api/chat", "application/json", strings.NewReader(chat))
	require.NoError(t, err)
	_, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.ErrorIs(t, err, io.ErrUnexpectedEOF, "the connection drops mid-stream")
}

func TestFailNext(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	ctx := context.Background()

	s.FailNext(2, http.StatusInternalServerError)
	for range 2 {
		_, err := c.List(ctx)
		var se api.StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, http.StatusInternalServerError, se.StatusCode)
	}
	_, err := c.List(ctx)
	require.NoError(t, err)

	s.FailNext(1, http.StatusServiceUnavailable)
	err = c.Chat(ctx, &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: "recorded anyway"}}},
		func(api.ChatResponse) error { return nil })
	var se api.StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusServiceUnavailable, se.StatusCode)
	require.Equal(t, "recorded anyway", s.ChatRequests()[0].LastUser())
}

func TestSetDown(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	ctx := context.Background()
	addr := s.Addr()
	require.NoError(t, c.Heartbeat(ctx))

	require.NoError(t, s.SetDown(true))
	require.NoError(t, s.SetDown(true), "idempotent")
	_, err := net.Dial("tcp", addr)
	require.ErrorIs(t, err, syscall.ECONNREFUSED, "refused at the TCP level, not an HTTP error")
	err = c.Heartbeat(ctx)
	require.ErrorIs(t, err, syscall.ECONNREFUSED)

	require.NoError(t, s.SetDown(false))
	require.NoError(t, s.SetDown(false), "idempotent")
	require.Equal(t, addr, s.Addr())
	require.NoError(t, c.Heartbeat(ctx))

	s.Close()
	require.Error(t, s.SetDown(false), "closed for good")
}

// A request in flight when the server goes down sees its connection drop.
func TestSetDownInFlight(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	s.Script(Response{Content: "SELECT 1", Delay: time.Hour})
	done := make(chan error, 1)
	go func() {
		done <- c.Chat(context.Background(), &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: "x"}}},
			func(api.ChatResponse) error { return nil })
	}()
	for len(s.ChatRequests()) == 0 {
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, s.SetDown(true))
	err := <-done
	require.Error(t, err)
	require.True(t, errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET), "%v", err)
}

// A hung server accepts and records requests, chat and embeddings alike,
// and answers none until released.
func TestSetHung(t *testing.T) {
	t.Parallel()
	s, c := setup(t)
	s.OnChat(func(ChatRequest) Response { return Response{Content: "SELECT 1"} })
	chat := func(ctx context.Context) error {
		return c.Chat(ctx, &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: "x"}}},
			func(api.ChatResponse) error { return nil })
	}
	s.SetHung(true)
	// Each call is given up only once the server has it: a deadline could
	// pass, on a loaded machine, before the request was even received.
	hung := func(call func(context.Context) error, received int) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		errc := make(chan error, 1)
		go func() { errc <- call(ctx) }()
		require.Eventually(t, func() bool { return len(s.Requests()) == received }, 5*time.Second, time.Millisecond,
			"received and recorded")
		select {
		case err := <-errc:
			t.Fatalf("a hung server answered: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
		cancel()
		require.ErrorIs(t, <-errc, context.Canceled)
	}
	hung(chat, 1)
	hung(func(ctx context.Context) error {
		_, err := c.Embed(ctx, &api.EmbedRequest{Model: "nomic-embed-text", Input: "x"})
		return err
	}, 2)

	done := make(chan error, 1)
	go func() { done <- chat(context.Background()) }()
	require.Eventually(t, func() bool { return len(s.Requests()) == 3 }, 5*time.Second, time.Millisecond)
	s.SetHung(false)
	require.NoError(t, <-done, "released: the held request is answered")
	require.NoError(t, chat(context.Background()))
}

func TestDisableRecording(t *testing.T) {
	t.Parallel()
	s, c := setup(t, Config{DisableRecording: true})
	s.OnChat(func(ChatRequest) Response { return Response{Content: "SELECT 1"} })

	require.NoError(t, c.Chat(context.Background(), &api.ChatRequest{Model: "qwen2.5-coder:7b", Messages: []api.Message{{Role: "user", Content: "x"}}},
		func(api.ChatResponse) error { return nil }))
	require.Empty(t, s.Requests())
	require.Empty(t, s.ChatRequests())
}

func TestConfig(t *testing.T) {
	t.Parallel()

	_, err := New(Config{Config: fakeserver.Config{Models: []string{"bad name!"}}})
	require.Error(t, err)
	_, err = New(Config{Config: fakeserver.Config{ChunkSize: -1}})
	require.Error(t, err)
	_, err = New(Config{EmbedContextLength: -1})
	require.Error(t, err)
}

func TestAppendJSONString(t *testing.T) {
	t.Parallel()

	for _, s := range []string{
		"", "plain", "quote \" backslash \\ slash /", "tab\tnl\ncr\r", "\x00\x01\x1f\x7f",
		"<b>&amp;</b>", "Größe ✓ 😀", "line\u2028sep\u2029", "bad \xff utf8 \xe2\x82",
	} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		if diff := cmp.Diff(string(want), string(appendJSONString(nil, s))); diff != "" {
			t.Errorf("%q (-want +got):\n%s", s, diff)
		}
	}
}

// BenchmarkChatRoundTrip is the fake's own cost per reply, as the benchmark
// harness's instant model: a raw HTTP round trip reading the whole stream.
func BenchmarkChatRoundTrip(b *testing.B) {
	s, err := New(Config{Config: fakeserver.Config{ChunkSize: 1 << 20}, DisableRecording: true})
	require.NoError(b, err)
	defer s.Close()
	reply := Response{Content: "```sql\nSELECT count(*) FROM employees\n```"}
	s.OnChat(func(ChatRequest) Response { return reply })
	body := []byte(`{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"How many employees are there?"}]}`)
	hc := &http.Client{}

	b.ReportAllocs()
	for b.Loop() {
		resp, err := hc.Post(s.URL()+"/api/chat", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(resp.Body)
		n := 0
		for sc.Scan() {
			n++
		}
		resp.Body.Close()
		if n != 2 {
			b.Fatalf("%d lines", n)
		}
	}
}

func cosine(a, b []float32) float64 { return dot(a, b) / (norm(a) * norm(b)) }

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func norm(v []float32) float64 { return math.Sqrt(dot(v, v)) }
