package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/openaitest"
)

// serveUntilDone runs `nl2sql serve args...` until the test ends. The test must not
// change c.env afterwards: serve reads it.
func (c *cli) serveUntilDone(t *testing.T, args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan result, 1)
	go func() { served <- c.runCtx(ctx, "", append([]string{"serve"}, args...)...) }()
	t.Cleanup(func() {
		cancel()
		select {
		case r := <-served:
			if r.code != 0 {
				t.Errorf("serve exited %d: %s", r.code, r.stderr)
			}
		case <-time.After(time.Minute):
			t.Error("serve did not stop")
		}
	})
}

// mcpSession runs `nl2sql mcp` in-process with pipes for stdin and stdout
// and connects the SDK's client to them: the stdio transport as a chat
// client starts it.
func (c *cli) mcpSession(t *testing.T) *mcp.ClientSession {
	t.Helper()
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	stderr := &syncBuffer{}
	m := &Main{
		Stdin: serverR, Stdout: serverW, Stderr: stderr,
		Getenv: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
	}
	done := make(chan int, 1)
	go func() {
		code := m.Run(context.Background(), []string{"mcp"})
		serverW.Close()
		done <- code
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientR, Writer: clientW}, nil)
	require.NoError(t, err, stderr.String())
	t.Cleanup(func() {
		_ = cs.Close()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("nl2sql mcp exited %d: %s", code, stderr.String())
			}
		case <-time.After(time.Minute):
			t.Error("nl2sql mcp did not end when its client hung up")
		}
	})
	return cs
}

type toolAnswer struct {
	ID         int64           `json:"id"`
	Status     string          `json:"status"`
	SQL        string          `json:"sql"`
	Rows       json.RawMessage `json:"rows"`
	ErrorClass string          `json:"error_class"`
	Error      string          `json:"error"`
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) (text string, isError bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text += tc.Text
		}
	}
	if out != nil {
		b, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, out))
	}
	return text, res.IsError
}

// TestMCPStdio drives `nl2sql mcp` with the SDK's client while `nl2sql
// serve` answers. It is not parallel so that goleak can check that both
// commands leave no goroutine behind: parallel tests wait while it runs.
func TestMCPStdio(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) }) // runs last, after every other cleanup
	c := setup(t)
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "```sql\nSELECT name FROM customers ORDER BY name\n```"})
	c.ollama.Answer(ollamatest.Contains("Delete everything"), ollamatest.Response{Content: "DELETE FROM customers"})
	c.serveUntilDone(t)
	cs := c.mcpSession(t)

	var dbs struct {
		Databases []struct {
			Name   string `json:"name"`
			Tables int    `json:"tables"`
		} `json:"databases"`
	}
	text, isErr := callTool(t, cs, "list_databases", nil, &dbs)
	require.False(t, isErr, text)
	require.Len(t, dbs.Databases, 1)
	require.Equal(t, "shop", dbs.Databases[0].Name)

	var a toolAnswer
	text, isErr = callTool(t, cs, "nl_query", map[string]any{"question": "Which customers do we have?", "database": "shop"}, &a)
	require.False(t, isErr, text)
	require.Equal(t, "succeeded", a.Status)
	require.JSONEq(t, `[["Ada"],["Grace"]]`, string(a.Rows))

	text, isErr = callTool(t, cs, "nl_query", map[string]any{"question": "Delete everything", "database": "shop"}, &a)
	require.True(t, isErr)
	require.True(t, strings.HasPrefix(text, "validation_block: "), text)
	require.Equal(t, "failed", a.Status)

	var ret struct {
		Tables []struct {
			Name   string `json:"name"`
			Source string `json:"source"`
		} `json:"tables"`
		JoinPaths []struct {
			On string `json:"on"`
		} `json:"join_paths"`
	}
	text, isErr = callTool(t, cs, "retrieve_tables", map[string]any{"database": "shop", "question": "orders per customer"}, &ret)
	require.False(t, isErr, text)
	require.Len(t, ret.Tables, 2, "what nl2sql retrieve prints")
	require.Equal(t, "full", ret.Tables[0].Source)
	require.NotEmpty(t, ret.JoinPaths)
}

func TestMCPWithoutServe(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.env["NL2SQL_MCP_NO_WORKER_WAIT"] = "200ms"
	cs := c.mcpSession(t)
	var a toolAnswer
	text, isErr := callTool(t, cs, "nl_query", map[string]any{"question": "Anyone there?", "database": "shop"}, &a)
	require.True(t, isErr)
	require.Contains(t, text, "is queued, but no `nl2sql serve` is running against this database")
	require.Equal(t, "queued", a.Status)
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// TestServeHTTP: the MCP tools at /mcp, metrics after a few questions,
// readiness that follows the model server. Not parallel, for goleak (see
// TestMCPStdio).
func TestServeHTTP(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	c := setup(t)
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "SELECT name FROM customers ORDER BY name", PromptTokens: 200, ReplyTokens: 9})
	c.ollama.Answer(ollamatest.Contains("Delete everything"), ollamatest.Response{Content: "DELETE FROM customers"})
	addr := freeAddr(t)
	c.serveUntilDone(t, "--http", addr)
	base := "http://" + addr
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, time.Minute, 20*time.Millisecond)

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	require.NoError(t, err)
	defer cs.Close()
	var a toolAnswer
	text, isErr := callTool(t, cs, "nl_query", map[string]any{"question": "Which customers do we have?", "database": "shop"}, &a)
	require.False(t, isErr, text)
	require.JSONEq(t, `[["Ada"],["Grace"]]`, string(a.Rows))
	text, isErr = callTool(t, cs, "nl_query", map[string]any{"question": "Delete everything", "database": "shop"}, &a)
	require.True(t, isErr)
	require.True(t, strings.HasPrefix(text, "validation_block: "), text)

	// A question is counted, and its last stage timed, once its commit
	// succeeded: after the rag_query_done NOTIFY the tool answered on
	// (counting before the commit would count a retried commit twice). The
	// metrics trail the answer by moments, so wait until they show it.
	want := []string{
		`nl2sql_questions_total{error_class="",status="succeeded"} 1`,
		`nl2sql_questions_total{error_class="validation_block",status="failed"} 1`,
		`nl2sql_stage_duration_seconds_count{outcome="ok",stage="execute"} 1`,
		`nl2sql_model_calls_total{op="chat",outcome="ok",provider="ollama"}`,
		`nl2sql_model_tokens_total{direction="prompt",provider="ollama"}`,
		`nl2sql_guard_refusals_total{reason="policy.not_select",stage="policy"}`,
		`nl2sql_queue_jobs{queue="nl2sql_llm",state="available"} 0`,
	}
	var body string
	require.Eventually(t, func() bool {
		var code int
		code, body = httpGet(t, base+"/metrics")
		return code == http.StatusOK && containsAll(body, want)
	}, 30*time.Second, 10*time.Millisecond, "the metrics never showed both questions")
	for _, w := range want {
		require.Contains(t, body, w)
	}

	code, body := httpGet(t, base+"/readyz")
	require.Equal(t, http.StatusOK, code, body)
	require.NoError(t, c.ollama.SetDown(true))
	code, body = httpGet(t, base+"/readyz")
	require.Equal(t, http.StatusServiceUnavailable, code)
	var r struct {
		Status string `json:"status"`
		Checks map[string]struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		} `json:"checks"`
	}
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.Equal(t, "not_ready", r.Status)
	require.True(t, r.Checks["database"].OK)
	require.True(t, r.Checks["river"].OK)
	require.False(t, r.Checks["model"].OK)
	require.Contains(t, r.Checks["model"].Error, "cannot reach Ollama at "+c.ollama.URL())
	require.NoError(t, c.ollama.SetDown(false))
	code, _ = httpGet(t, base+"/readyz")
	require.Equal(t, http.StatusOK, code, "ready again once the model server is back")

	code, body = httpGet(t, base+"/riverui/")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, "<html")
}

// TestServeHTTPRefusesPublicAddress: the address is refused before any
// worker starts, so a queued question is left as it was.
func TestServeHTTPRefusesPublicAddress(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	var id int64
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'How many customers?') RETURNING id").Scan(&id))
	r := c.run("", "serve", "--http", "0.0.0.0:0")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "--http-public")
	var status string
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), "SELECT status FROM rag.queries WHERE id = $1", id).Scan(&status))
	require.Equal(t, "queued", status, "no stage ran")
}

// TestServeHTTPAllowedOrigins: origins other than loopback ones are
// allowed for /mcp only with --http-public, and each must be an origin.
func TestServeHTTPAllowedOrigins(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.env["NL2SQL_MCP_ALLOWED_ORIGINS"] = "https://app.example.com, https://bi.example.com"
	r := c.run("", "serve", "--http", "127.0.0.1:0")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "NL2SQL_MCP_ALLOWED_ORIGINS lets other origins' pages use /mcp: it needs --http-public")

	st, err := loadSettings(envWith(map[string]string{"NL2SQL_MCP_ALLOWED_ORIGINS": c.env["NL2SQL_MCP_ALLOWED_ORIGINS"]}))
	require.NoError(t, err)
	require.Equal(t, []string{"https://app.example.com", "https://bi.example.com"}, st.Ops.MCP.AllowedOrigins)

	c.env["NL2SQL_MCP_ALLOWED_ORIGINS"] = "https://app.example.com,app.example.com"
	r = c.run("", "serve", "--http", "127.0.0.1:0", "--http-public")
	require.NotEqual(t, 0, r.code)
	require.Contains(t, r.stderr, `NL2SQL_MCP_ALLOWED_ORIGINS="https://app.example.com,app.example.com" is not valid: "app.example.com" is not an origin`)
}

// openAIEnv points c at a fake OpenAI-compatible server that wants a key.
func openAIEnv(t *testing.T, c *cli) *openaitest.Server {
	t.Helper()
	srv := openaitest.NewT(t, openaitest.Config{APIKey: "sk-test-0123456789abcdef"})
	c.env["NL2SQL_LLM_PROVIDER"] = "openai"
	c.env["NL2SQL_OPENAI_BASE_URL"] = srv.URL()
	c.env["NL2SQL_OPENAI_API_KEY"] = "env:TEST_OPENAI_KEY"
	c.env["TEST_OPENAI_KEY"] = "sk-test-0123456789abcdef"
	c.env["OLLAMA_HOST"] = "http://127.0.0.1:1" // not used
	c.env["NL2SQL_INFRA_ATTEMPTS"] = "2"
	return srv
}

// TestOpenAIProvider runs the pipeline unchanged against an
// OpenAI-compatible server, and each way a call to it fails.
func TestOpenAIProvider(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	srv := openAIEnv(t, c)
	srv.Answer(openaitest.Contains("Which customers do we have?"), openaitest.Response{Content: "```sql\nSELECT name FROM customers ORDER BY name\n```"})
	srv.Answer(openaitest.Contains("Who is unauthorized?"), openaitest.Response{
		Status: http.StatusUnauthorized, Code: "invalid_api_key",
		Error: "Incorrect API key provided: sk-tes********cdef.",
	})
	srv.Answer(openaitest.Contains("A very long question"), openaitest.Response{
		Status: http.StatusBadRequest, Code: "context_length_exceeded",
		Error: "This model's maximum context length is 4096 tokens. However, your messages resulted in 9000 tokens.",
	})
	c.serveUntilDone(t)

	ask := func(question string, extra ...string) (result, toolAnswer) {
		t.Helper()
		r := c.run("", append([]string{"ask", "--db", "shop", "--json", question}, extra...)...)
		var a toolAnswer
		if r.stdout != "" {
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &a), r.stdout)
		}
		return r, a
	}

	r, a := ask("Which customers do we have?")
	require.Equal(t, 0, r.code, r.stderr)
	require.JSONEq(t, `[["Ada"],["Grace"]]`, string(a.Rows))
	chats := srv.ChatRequests()
	require.Equal(t, "qwen2.5-coder:7b", chats[0].Model)
	for _, req := range srv.Requests() {
		require.Equal(t, "Bearer sk-test-0123456789abcdef", req.Authorization, "the key resolved from env:TEST_OPENAI_KEY")
	}

	t.Run("Unauthorized", func(t *testing.T) {
		r, a := ask("Who is unauthorized?")
		require.Equal(t, exitFailure, r.code)
		require.Equal(t, "infra_failure", a.ErrorClass)
		require.Contains(t, a.Error, "refused the API key for the chat request (HTTP 401): check NL2SQL_OPENAI_API_KEY")
		require.NotContains(t, a.Error, "cdef", "not even the part the server quotes")
		require.NotContains(t, a.Error, "gave up after", "a refused key is not retried")
	})
	t.Run("ContextTooLong", func(t *testing.T) {
		r, a := ask("A very long question")
		require.Equal(t, exitFailure, r.code)
		require.Equal(t, "infra_failure", a.ErrorClass)
		require.Contains(t, a.Error, `the prompt for model "qwen2.5-coder:7b" is longer than the context window of the OpenAI-compatible server at `+srv.URL())
	})
	t.Run("UnknownModel", func(t *testing.T) {
		var id int64
		require.NoError(t, c.db.Pool.QueryRow(context.Background(),
			`INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', 'Which customers do we have?', '{"model": "gpt-9"}') RETURNING id`).Scan(&id))
		require.Eventually(t, func() bool {
			var status string
			err := c.db.Pool.QueryRow(context.Background(), "SELECT status FROM rag.queries WHERE id = $1", id).Scan(&status)
			return err == nil && status == "failed"
		}, time.Minute, 20*time.Millisecond)
		var class, msg string
		require.NoError(t, c.db.Pool.QueryRow(context.Background(), "SELECT error_class, error FROM rag.queries WHERE id = $1", id).Scan(&class, &msg))
		require.Equal(t, "infra_failure", class)
		require.Equal(t, `model "gpt-9" is not available on the OpenAI-compatible server at `+srv.URL()+`: serve it there or ask with another options.model`, msg)
	})
	t.Run("Unreachable", func(t *testing.T) {
		require.NoError(t, srv.SetDown(true))
		defer func() { require.NoError(t, srv.SetDown(false)) }()
		r, a := ask("Which customers do we have?")
		require.Equal(t, exitFailure, r.code)
		require.Equal(t, "infra_failure", a.ErrorClass)
		require.Contains(t, a.Error, "cannot reach the OpenAI-compatible server at "+srv.URL()+": connection refused; start it or set NL2SQL_OPENAI_BASE_URL")
		require.Contains(t, a.Error, "gave up after 2 tries of the generate stage", "retried like Ollama")
	})

	var stored int
	require.NoError(t, c.db.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM rag.queries q LEFT JOIN rag.attempts a ON a.query_id = q.id WHERE concat(q.error, a.replies::text, q.options::text) LIKE '%0123456789abcdef%'").Scan(&stored))
	require.Zero(t, stored, "the key is stored nowhere")
}

// TestModelMissingPerProvider: demo's and exam's "what is missing" speaks
// of the provider in use.
func TestModelMissingPerProvider(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	file := writeExamFile(t)
	srv := openAIEnv(t, c)
	require.NoError(t, srv.SetDown(true))
	r := c.run("", "exam", "--db", "shop", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "cannot reach the OpenAI-compatible server at "+srv.URL()+": connection refused; start it or set NL2SQL_OPENAI_BASE_URL")
	require.Contains(t, r.stderr, "server:      the OpenAI-compatible server at "+srv.URL()+" (NL2SQL_OPENAI_BASE_URL)")
	require.NotContains(t, r.stderr, "ollama pull")

	require.NoError(t, srv.SetDown(false))
	c.env["TEST_OPENAI_KEY"] = "sk-wrong"
	r = c.run("", "exam", "--db", "shop", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "refused the API key for the list models request (HTTP 401): check NL2SQL_OPENAI_API_KEY")
	require.NotContains(t, r.stderr, "sk-wrong")

	c.env["TEST_OPENAI_KEY"] = "sk-test-0123456789abcdef"
	c.env["NL2SQL_MODEL"] = "gpt-9"
	r = c.run("", "exam", "--db", "shop", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `model "gpt-9" is not available on the OpenAI-compatible server at `+srv.URL()+": serve it there or set NL2SQL_MODEL (it offers qwen2.5-coder:7b, nomic-embed-text)")

	missing := modelMissing(context.Background(), mustSettings(t, c).LLM)
	require.Contains(t, missing, `model "gpt-9" is not available`, "what demo prints after MISSING:")
}

func mustSettings(t *testing.T, c *cli) *settings {
	t.Helper()
	st, err := loadSettings(&Main{Getenv: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }})
	require.NoError(t, err)
	return st
}

func TestEnvMasksAPIKey(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{"NL2SQL_OPENAI_API_KEY": "sk-live-abcdef123456", "NL2SQL_LLM_PROVIDER": "openai"}}
	r := c.run("", "env")
	require.Equal(t, 0, r.code)
	require.NotContains(t, r.stdout, "sk-live-abcdef123456")
	require.Equal(t, "*** (no default)", envValues(t, r.stdout)["NL2SQL_OPENAI_API_KEY"])

	c.env["NL2SQL_OPENAI_API_KEY"] = "env:OPENAI_API_KEY"
	r = c.run("", "env")
	require.Equal(t, "env:OPENAI_API_KEY (no default)", envValues(t, r.stdout)["NL2SQL_OPENAI_API_KEY"], "a reference is not a secret")

	c.env["NL2SQL_LLM_PROVIDER"] = "bedrock"
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `NL2SQL_LLM_PROVIDER="bedrock" must be ollama or openai`)

	// A proxy's credentials in a model server's URL are shown without
	// the password, in env and in an error naming the variable.
	c = &cli{t: t, env: map[string]string{"OLLAMA_HOST": "http://ou:OllPw7@127.0.0.1:9", "NL2SQL_OPENAI_BASE_URL": "http://user:BasePw9@127.0.0.1:9/v1"}}
	r = c.run("", "env")
	require.Equal(t, 0, r.code)
	require.NotContains(t, r.stdout, "OllPw7")
	require.NotContains(t, r.stdout, "BasePw9")
	require.Contains(t, r.stdout, "http://ou:***@127.0.0.1:9 (from OLLAMA_HOST;")
	c.env["NL2SQL_OLLAMA_HOST"] = "http://u:p4ss@::bad"
	r = c.run("", "db", "list")
	require.Equal(t, exitFailure, r.code)
	require.NotContains(t, r.stderr, "p4ss")
	require.Contains(t, r.stderr, `NL2SQL_OLLAMA_HOST="http://u:***@::bad" is not valid`)
}

// TestGuardRefusalsCountCandidatesOnly: nl2sql_guard_refusals_total counts
// the model's candidates the guard refused. A client's correction the guard
// refuses (rag.feedback), or a stale example at a catalog refresh, is no
// candidate: counted there, any client could drive the metric a dashboard
// watches for a model writing hostile SQL, and every refresh would count
// the stale examples again.
func TestGuardRefusalsCountCandidatesOnly(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "SELECT name FROM customers ORDER BY name"})
	addr := freeAddr(t)
	s := c.serve("--http", addr)
	base := "http://" + addr
	ctx := context.Background()
	w, err := intake.Listen(ctx, c.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	id, err := intake.Submit(ctx, c.db.Pool, "shop", "Which customers do we have?", nil)
	require.NoError(t, err)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{id}, nil))

	var fb int64
	require.NoError(t, c.db.Pool.QueryRow(ctx, `INSERT INTO rag.feedback (query_id, verdict, corrected_sql)
		VALUES ($1, 'wrong', 'WITH d AS (DELETE FROM shop.customers RETURNING *) SELECT * FROM d') RETURNING id`, id).Scan(&fb))
	require.Eventually(t, func() bool {
		var status string
		require.NoError(t, c.db.Pool.QueryRow(ctx, "SELECT status FROM rag.feedback WHERE id = $1", fb).Scan(&status))
		return status == "rejected"
	}, 30*time.Second, 10*time.Millisecond, "the correction was never checked")
	code, body := httpGet(t, base+"/metrics")
	require.Equal(t, http.StatusOK, code)
	var counted []string
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "nl2sql_guard_refusals_total{") {
			counted = append(counted, line)
		}
	}
	require.Empty(t, counted, "a refused correction is no refused candidate")
	s.stop()
	r := s.wait(t)
	require.Equal(t, exitOK, r.code, r.stderr)
}
