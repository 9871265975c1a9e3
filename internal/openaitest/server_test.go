package openaitest_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/openaitest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func post(t *testing.T, url, key, body string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func TestServer(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t, openaitest.Config{Config: fakeserver.Config{EmbedDim: 8, ChunkSize: 2}, APIKey: "sk-abcdefghijkl"})
	defer http.DefaultClient.CloseIdleConnections()
	srv.Script(openaitest.Response{Content: "SELECT 1", PromptTokens: 11, ReplyTokens: 3}, openaitest.Response{Content: "SELECT 2"})

	resp, body := post(t, srv.URL()+"/chat/completions", "sk-abcdefghijkl", `{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"hi"}],"temperature":0,"seed":3}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	require.JSONEq(t, `{"role":"assistant","content":"SELECT 1"}`, gjson(t, body, "choices", 0, "message"))
	require.JSONEq(t, `{"prompt_tokens":11,"completion_tokens":3,"total_tokens":14}`, gjson(t, body, "usage"))
	require.Equal(t, 3, *srv.ChatRequests()[0].Seed)

	// Streamed: content in chunks, a finish reason, usage, [DONE].
	resp, body = post(t, srv.URL()+"/chat/completions", "sk-abcdefghijkl", `{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"hi"}],"stream":true,"stream_options":{"include_usage":true}}`)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	var content strings.Builder
	var events []string
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			events = append(events, data)
			var c struct {
				Choices []struct {
					Delta struct{ Content string }
				}
			}
			if json.Unmarshal([]byte(data), &c) == nil && len(c.Choices) > 0 {
				content.WriteString(c.Choices[0].Delta.Content)
			}
		}
	}
	require.Equal(t, "SELECT 2", content.String())
	require.Equal(t, "[DONE]", events[len(events)-1])
	require.Contains(t, events[len(events)-2], `"usage"`)

	resp, body = post(t, srv.URL()+"/chat/completions", "sk-wrong-key-000", `{"model":"qwen2.5-coder:7b","messages":[]}`)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, body, "sk-*********-000", "OpenAI quotes part of a wrong key")
	require.Contains(t, body, `"code":"invalid_api_key"`)

	resp, body = post(t, srv.URL()+"/chat/completions", "sk-abcdefghijkl", `{"model":"gpt-9","messages":[{"role":"user","content":"hi"}]}`)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Contains(t, body, `"code":"model_not_found"`)

	resp, body = post(t, srv.URL()+"/embeddings", "sk-abcdefghijkl", `{"model":"nomic-embed-text","input":["a","b c"]}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	var emb struct {
		Data []struct {
			Index     int
			Embedding []float32
		}
	}
	require.NoError(t, json.Unmarshal([]byte(body), &emb))
	require.Len(t, emb.Data, 2)
	for _, d := range emb.Data {
		require.Equal(t, ollamatest.Embedding([]string{"a", "b c"}[d.Index], 8), d.Embedding)
	}

	srv.FailNext(1, http.StatusServiceUnavailable)
	req, _ := http.NewRequest(http.MethodGet, srv.URL()+"/models", nil)
	req.Header.Set("Authorization", "Bearer sk-abcdefghijkl")
	r, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, r.StatusCode)

	require.NoError(t, srv.SetDown(true))
	_, err = http.Get(srv.URL() + "/models")
	require.Error(t, err, "down: connection refused")
	require.NoError(t, srv.SetDown(false))
	r, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, http.StatusOK, r.StatusCode, "back on the same address")
}

// ContextLength bounds a prompt and each input to embed.
func TestContextLength(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewT(t, openaitest.Config{Config: fakeserver.Config{EmbedDim: 8}, ContextLength: 4})
	defer http.DefaultClient.CloseIdleConnections()

	resp, body := post(t, srv.URL()+"/embeddings", "", `{"model":"nomic-embed-text","input":["sixteen bytes ok","seventeen bytes !"]}`)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, body)
	require.Equal(t, `"This model's maximum context length is 4 tokens, however you requested 5 tokens (5 in your prompt; 0 for the completion). Please reduce your prompt; or completion length."`, gjson(t, body, "error", "message"))
	require.Equal(t, "null", gjson(t, body, "error", "code"))
	resp, body = post(t, srv.URL()+"/embeddings", "", `{"model":"nomic-embed-text","input":["sixteen bytes ok"]}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)

	resp, body = post(t, srv.URL()+"/chat/completions", "", `{"model":"qwen2.5-coder:7b","messages":[{"role":"user","content":"seventeen bytes !"}]}`)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, body)
	require.Equal(t, `"context_length_exceeded"`, gjson(t, body, "error", "code"))
}

// gjson returns the JSON at path (object keys and array indexes) in body.
func gjson(t *testing.T, body string, path ...any) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(body), &v))
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
