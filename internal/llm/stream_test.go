package llm

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"
)

// TestChatStreamIsTheAPIClients: a server cannot tell the client's chat
// call from github.com/ollama/ollama/api's: the same method, path, headers
// and body, and the same reply read back, a line far above the pooled
// buffer's size included.
func TestChatStreamIsTheAPIClients(t *testing.T) {
	t.Parallel()
	type seen struct {
		method, path string
		header       http.Header
		body         string
	}
	long := strings.Repeat("x", 3*streamBufSize)
	var (
		mu   sync.Mutex
		reqs []seen
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		reqs = append(reqs, seen{r.Method, r.URL.Path, r.Header.Clone(), string(body)})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-ndjson")
		for _, chunk := range []string{"SELECT ", long, " AS v"} {
			b, _ := json.Marshal(api.ChatResponse{Model: "m", Message: api.Message{Role: "assistant", Content: chunk}})
			_, _ = w.Write(append(b, '\n'))
		}
		b, _ := json.Marshal(api.ChatResponse{Model: "m", Done: true, DoneReason: "stop"})
		_, _ = w.Write(append(b, '\n'))
	}))
	t.Cleanup(srv.Close)

	c, err := New(Config{Host: srv.URL, Model: "m"})
	require.NoError(t, err)
	reply, err := c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)
	require.Equal(t, "SELECT "+long+" AS v", reply.Content)

	// The same request through the api client.
	mu.Lock()
	require.Len(t, reqs, 1)
	var areq api.ChatRequest
	require.NoError(t, json.Unmarshal([]byte(reqs[0].body), &areq))
	mu.Unlock()
	base, err := url.Parse(srv.URL)
	require.NoError(t, err)
	var content strings.Builder
	require.NoError(t, api.NewClient(base, http.DefaultClient).Chat(context.Background(), &areq, func(r api.ChatResponse) error {
		content.WriteString(r.Message.Content)
		return nil
	}))
	require.Equal(t, reply.Content, content.String())

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, reqs, 2)
	require.Equal(t, reqs[1].method, reqs[0].method)
	require.Equal(t, reqs[1].path, reqs[0].path)
	require.Equal(t, reqs[1].body, reqs[0].body)
	require.Equal(t, reqs[1].header, reqs[0].header)
}

// TestChatStreamErrors: error lines and statuses become the api client's
// errors, which Chat classifies.
func TestChatStreamErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   error
	}{
		{
			"status with error field", http.StatusInternalServerError, `{"error": "boom"}`,
			api.StatusError{StatusCode: 500, Status: "500 Internal Server Error", ErrorMessage: "boom"},
		},
		{
			"status with text", http.StatusBadGateway, `bad gateway`,
			api.StatusError{StatusCode: 502, Status: "502 Bad Gateway", ErrorMessage: "bad gateway"},
		},
		{
			"unauthorized", http.StatusUnauthorized, `{"error": "no", "signin_url": "https://x"}`,
			api.AuthorizationError{StatusCode: 401, Status: "401 Unauthorized", SigninURL: "https://x"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body+"\n")
			}))
			t.Cleanup(srv.Close)
			base, err := url.Parse(srv.URL)
			require.NoError(t, err)
			c, err := New(Config{Host: srv.URL, Model: "m"})
			require.NoError(t, err)
			req := &api.ChatRequest{Model: "m", Messages: []api.Message{{Role: "user", Content: "q"}}}
			nop := func(api.ChatResponse) error { return nil }
			got := c.chatStream(context.Background(), req, nop)
			require.Equal(t, tc.want, got)
			require.Equal(t, api.NewClient(base, http.DefaultClient).Chat(context.Background(), req, nop), got)
		})
	}
}
