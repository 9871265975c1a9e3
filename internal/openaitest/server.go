// Package openaitest is a fake OpenAI-compatible model server, for tests
// (test code only, like internal/ollamatest). It speaks the part of the
// OpenAI API that vLLM, llama.cpp's server, LM Studio and hosted APIs share
// and nl2sql uses, under a base URL ending in /v1:
//
//   - POST /v1/chat/completions, as one JSON object, or as server-sent
//     events ("data: {chunk}" lines, a chunk with finish_reason, a usage
//     chunk when stream_options.include_usage asks, then "data: [DONE]")
//     when the request says "stream": true;
//   - POST /v1/embeddings, with the same deterministic embeddings as the fake
//     Ollama (ollamatest.Embedding);
//   - GET /v1/models;
//   - errors as {"error": {"message", "type", "param", "code"}} with
//     OpenAI's status codes: 401 invalid_api_key (quoting part of the key, as
//     OpenAI does), 404 model_not_found, 400 context_length_exceeded.
//
// Replies are scripted as with ollamatest: Script, Answer, OnChat.
package openaitest

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// Config configures a fake server.
type Config struct {
	// Config holds the address, the models and the streaming chunk size.
	fakeserver.Config
	// APIKey, when set, is the bearer token every request must carry; others
	// get 401. Defaults to "" (no key needed, like a local server).
	APIKey string
	// ContextLength is the models' context window in tokens (about 4 bytes
	// a token); a longer prompt gets 400 context_length_exceeded, and a
	// longer input to embed 400 too, with OpenAI's words and no code.
	// Defaults to 0: no limit.
	ContextLength int
	// ReasoningModels are models of Models that answer as OpenAI's
	// reasoning models (o1, o3, gpt-5) do: 400 unsupported_value for a
	// temperature other than 1, 400 unsupported_parameter for max_tokens
	// (they take max_completion_tokens). Defaults to none.
	ReasoningModels []string
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Config = c.Config.WithDefaults()
	return c
}

// Response scripts the answer to one chat request.
type Response struct {
	// Content is the model's reply.
	Content string
	// Delay is waited before anything is sent.
	Delay time.Duration
	// Status, when 400 or more, fails the request with this status and an
	// OpenAI-shaped error carrying Error and Code.
	Status int
	Error  string
	Code   string
	// RetryAfter is the Retry-After header of a failure (Status): seconds
	// or an HTTP date.
	RetryAfter string
	// StreamError, for a streamed reply, sends Content and then an error
	// event with this message instead of the end.
	StreamError string
	// Abort drops the connection after sending Content (streamed) or before
	// anything (not streamed).
	Abort bool
	// FinishReason defaults to "stop"; "length" means the reply hit the
	// token limit.
	FinishReason string
	// PromptTokens and ReplyTokens default to one token per 4 bytes.
	PromptTokens int
	ReplyTokens  int
}

// Request is one HTTP request the server received.
type Request struct {
	Method string
	Path   string
	// Authorization is the request's Authorization header.
	Authorization string
	Body          []byte
}

// Message is one chat message of a request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ChatRequest is a decoded chat/completions request.
type ChatRequest struct {
	Model       string    `json:"model"`
	Messages    []Message `json:"messages"`
	Temperature *float64  `json:"temperature"`
	Seed        *int      `json:"seed"`
	Stream      bool      `json:"stream"`
	// MaxTokens and ResponseFormat are the reply bound and the structured
	// output asked for, as sent.
	MaxTokens           int             `json:"max_tokens"`
	MaxCompletionTokens int             `json:"max_completion_tokens"`
	ResponseFormat      json.RawMessage `json:"response_format"`
	// IncludeUsage is stream_options.include_usage.
	IncludeUsage bool `json:"-"`
}

// Prompt is the content of every message, separated by blank lines: what a
// rule matches against.
func (r ChatRequest) Prompt() string {
	parts := make([]string, len(r.Messages))
	for i, m := range r.Messages {
		parts[i] = m.Content
	}
	return strings.Join(parts, "\n\n")
}

// Server is a fake OpenAI-compatible server. Its methods are safe for
// concurrent use.
type Server struct {
	cfg Config
	fakeserver.Server[Request, ChatRequest, Response]
}

// New starts a fake server; call Close when done.
func New(cfg Config) (*Server, error) {
	cfg = cfg.WithDefaults()
	if cfg.EmbedDim < 1 || cfg.ChunkSize < 1 {
		return nil, errors.New("openaitest: EmbedDim and ChunkSize must be positive")
	}
	s := &Server{cfg: cfg}
	if err := s.Start("openaitest", cfg.Addr, true, http.HandlerFunc(s.serveHTTP)); err != nil {
		return nil, err
	}
	return s, nil
}

// NewT starts a fake server for a test and closes it at cleanup. It takes at
// most one Config.
func NewT(t fakeserver.TB, cfg ...Config) *Server {
	t.Helper()
	return fakeserver.NewT(t, "openaitest", New, cfg)
}

// URL is the API's base URL, e.g. "http://127.0.0.1:41234/v1": what
// NL2SQL_OPENAI_BASE_URL takes. It stays the same while the server is down.
func (s *Server) URL() string { return "http://" + s.Addr() + "/v1" }

// Contains returns a matcher for Answer that accepts prompts containing
// every one of substrs.
func Contains(substrs ...string) func(prompt string) bool { return fakeserver.Contains(substrs...) }

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	s.Record(Request{Method: r.Method, Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Body: body})
	if !s.Hold(r.Context()) {
		return // hung (SetHung) until the client went away
	}
	code, fail := s.Take()

	path, ok := strings.CutPrefix(r.URL.Path, "/v1/")
	if !ok {
		writeError(w, http.StatusNotFound, "Not Found", "not_found")
		return
	}
	var chat *ChatRequest
	if path == "chat/completions" && r.Method == http.MethodPost {
		chat = &ChatRequest{}
		var raw struct {
			StreamOptions *struct {
				IncludeUsage bool `json:"include_usage"`
			} `json:"stream_options"`
		}
		if json.Unmarshal(body, chat) != nil || json.Unmarshal(body, &raw) != nil {
			writeError(w, http.StatusBadRequest, "We could not parse the JSON body of your request.", "invalid_json")
			return
		}
		chat.IncludeUsage = raw.StreamOptions != nil && raw.StreamOptions.IncludeUsage
		s.RecordChat(*chat)
	}
	if fail {
		writeError(w, code, http.StatusText(code)+" (injected by openaitest)", "")
		return
	}
	if !s.authorized(w, r) {
		return
	}
	switch {
	case path == "chat/completions" && r.Method == http.MethodPost:
		s.handleChat(w, r, *chat)
	case path == "embeddings" && r.Method == http.MethodPost:
		s.handleEmbeddings(w, body)
	case path == "models" && r.Method == http.MethodGet:
		s.handleModels(w)
	default:
		writeError(w, http.StatusNotFound, fmt.Sprintf("Invalid URL (%s %s)", r.Method, r.URL.Path), "")
	}
}

func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.APIKey == "" {
		return true
	}
	got, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if got == s.cfg.APIKey {
		return true
	}
	msg := "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth."
	if got != "" {
		// OpenAI quotes the start and end of a wrong key.
		shown := got
		if len(got) > 8 {
			shown = got[:3] + strings.Repeat("*", len(got)-7) + got[len(got)-4:]
		}
		msg = "Incorrect API key provided: " + shown + ". You can find your API key at https://platform.openai.com/account/api-keys."
	}
	writeError(w, http.StatusUnauthorized, msg, "invalid_api_key")
	return false
}

func (s *Server) hasModel(name string, embed bool) bool {
	list := s.cfg.Models
	if embed {
		list = s.cfg.EmbedModels
	}
	return slices.Contains(list, name)
}

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, req ChatRequest) {
	if !s.hasModel(req.Model, false) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model), "model_not_found")
		return
	}
	if slices.Contains(s.cfg.ReasoningModels, req.Model) {
		// OpenAI's words and shape for these refusals.
		switch {
		case req.Temperature != nil && *req.Temperature != 1:
			writeParamError(w, fmt.Sprintf("Unsupported value: 'temperature' does not support %v with this model. Only the default (1) value is supported.", *req.Temperature), "temperature", "unsupported_value")
			return
		case req.MaxTokens > 0:
			writeParamError(w, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "max_tokens", "unsupported_parameter")
			return
		}
	}
	promptBytes := 0
	for _, m := range req.Messages {
		promptBytes += len(m.Content)
	}
	if n := fakeserver.Tokens(promptBytes); s.cfg.ContextLength > 0 && n > s.cfg.ContextLength {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens. Please reduce the length of the messages.", s.cfg.ContextLength, n), "context_length_exceeded")
		return
	}
	resp, ok := s.Reply(req)
	if !ok {
		writeError(w, http.StatusInternalServerError, "openaitest: no reply scripted for this request (use Script, Answer or OnChat)", "")
		return
	}
	ctx := r.Context()
	if !s.Sleep(ctx, resp.Delay) {
		return
	}
	if resp.Status >= 400 {
		if resp.RetryAfter != "" {
			w.Header().Set("Retry-After", resp.RetryAfter)
		}
		writeError(w, resp.Status, cmp.Or(resp.Error, http.StatusText(resp.Status)), resp.Code)
		return
	}
	finish := cmp.Or(resp.FinishReason, "stop")
	usage := map[string]int{"prompt_tokens": cmp.Or(resp.PromptTokens, fakeserver.Tokens(promptBytes)), "completion_tokens": cmp.Or(resp.ReplyTokens, fakeserver.Tokens(len(resp.Content)))}
	usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
	created := time.Now().Unix()

	if !req.Stream {
		if resp.Abort {
			panic(http.ErrAbortHandler)
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion", "created": created, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "message": map[string]string{"role": "assistant", "content": resp.Content}, "finish_reason": finish}},
			"usage":   usage,
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	event := func(v any) {
		b, _ := json.Marshal(v)
		_, _ = fmt.Fprintf(w, "data: %s\n\n", b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	chunk := func(delta map[string]string, finish any) map[string]any {
		return map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": created, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
		}
	}
	event(chunk(map[string]string{"role": "assistant", "content": ""}, nil))
	for rest := resp.Content; rest != ""; {
		n := fakeserver.PrefixRunes(rest, s.cfg.ChunkSize)
		event(chunk(map[string]string{"content": rest[:n]}, nil))
		rest = rest[n:]
	}
	switch {
	case resp.StreamError != "":
		event(map[string]any{"error": map[string]any{"message": resp.StreamError, "type": "server_error"}})
		return
	case resp.Abort:
		panic(http.ErrAbortHandler)
	}
	event(chunk(map[string]string{}, finish))
	if req.IncludeUsage {
		event(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": created, "model": req.Model, "choices": []any{}, "usage": usage})
	}
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
}

func (s *Server) handleEmbeddings(w http.ResponseWriter, body []byte) {
	var req struct {
		Model string `json:"model"`
		Input any    `json:"input"`
	}
	if json.Unmarshal(body, &req) != nil {
		writeError(w, http.StatusBadRequest, "We could not parse the JSON body of your request.", "invalid_json")
		return
	}
	if !s.hasModel(req.Model, true) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model), "model_not_found")
		return
	}
	var input []string
	switch in := req.Input.(type) {
	case string:
		input = []string{in}
	case []any:
		for _, v := range in {
			str, ok := v.(string)
			if !ok {
				writeError(w, http.StatusBadRequest, "'input' must be a string or an array of strings", "invalid_type")
				return
			}
			input = append(input, str)
		}
	}
	for _, text := range input {
		if n := fakeserver.Tokens(len(text)); s.cfg.ContextLength > 0 && n > s.cfg.ContextLength {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("This model's maximum context length is %d tokens, however you requested %d tokens (%d in your prompt; 0 for the completion). Please reduce your prompt; or completion length.", s.cfg.ContextLength, n, n), "")
			return
		}
	}
	data := make([]any, len(input))
	n := 0
	// Reversed, as the API does not promise order: clients must use index.
	for i := len(input) - 1; i >= 0; i-- {
		data[len(input)-1-i] = map[string]any{"object": "embedding", "index": i, "embedding": ollamatest.Embedding(input[i], s.cfg.EmbedDim)}
		n += fakeserver.Tokens(len(input[i]))
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list", "model": req.Model, "data": data,
		"usage": map[string]int{"prompt_tokens": n, "total_tokens": n},
	})
}

func (s *Server) handleModels(w http.ResponseWriter) {
	var data []any
	for _, m := range append(slices.Clone(s.cfg.Models), s.cfg.EmbedModels...) {
		data = append(data, map[string]any{"id": m, "object": "model", "created": 1735689600, "owned_by": "openaitest"})
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":{"message":"openaitest: cannot encode"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeParamError writes OpenAI's 400 for a request parameter the model
// does not take.
func writeParamError(w http.ResponseWriter, msg, param, code string) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
		"message": msg, "type": "invalid_request_error", "param": param, "code": code,
	}})
}

// writeError writes OpenAI's error shape.
func writeError(w http.ResponseWriter, status int, msg, code string) {
	var c any
	if code != "" {
		c = code
	}
	typ := "invalid_request_error"
	switch {
	case status >= 500:
		typ = "server_error"
	case status == http.StatusTooManyRequests && code == "insufficient_quota":
		typ = code // OpenAI's type and code for an account out of credit
	case status == http.StatusTooManyRequests:
		typ = "requests"
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": c}})
}
