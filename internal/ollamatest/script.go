package ollamatest

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
)

// Request is one HTTP request the server received, failed ones included.
type Request struct {
	Method string
	Path   string
	Body   []byte
	Time   time.Time
}

// ChatRequest is a decoded /api/chat or /api/generate request. A generate
// request's system and prompt become a system and a user message.
type ChatRequest struct {
	// Endpoint is "/api/chat" or "/api/generate".
	Endpoint string
	Model    string
	Messages []api.Message
	// Stream is true unless the request said "stream": false.
	Stream bool
	// Options are the request's model options as decoded from JSON
	// (numbers are float64), e.g. Options["num_ctx"] == 16384.0.
	Options map[string]any
	// Format is the request's "format": "json" or a JSON schema; nil when
	// the request has none. The fake does not enforce it.
	Format    json.RawMessage
	Think     *api.ThinkValue
	KeepAlive *api.Duration
	// Truncate and Shift are the request's: nil when it did not say, which
	// Ollama takes as true.
	Truncate *bool
	Shift    *bool
}

// Prompt is the content of every message, separated by blank lines: what a
// rule matches against.
func (r ChatRequest) Prompt() string {
	var b strings.Builder
	for i, m := range r.Messages {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(m.Content)
	}
	return b.String()
}

// LastUser is the content of the last user message, or "".
func (r ChatRequest) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Response scripts the server's answer to one chat or generate request.
type Response struct {
	// Content is the model's reply.
	Content string
	// ChunkSize is how many runes each streamed chunk carries. Defaults to
	// Config.ChunkSize.
	ChunkSize int
	// Delay is waited before anything is sent, like a model loading or
	// evaluating the prompt. It ends early if the client goes away.
	Delay time.Duration
	// ChunkDelay is waited between streamed chunks.
	ChunkDelay time.Duration
	// Status, when 400 or more, fails the request with this status and an
	// Ollama-shaped error body carrying Error.
	Status int
	// RetryAfter is the Retry-After header of a failure (Status), as a
	// proxy in front of Ollama may send it: seconds or an HTTP date.
	RetryAfter string
	// Error is the message of a failure. With Status unset, a streamed reply
	// sends Content and then {"error": Error} with no final chunk, as Ollama
	// does when the runner dies mid-generation; a non-streamed one fails
	// with 500.
	Error string
	// Abort drops the connection after streaming Content, with no final
	// chunk and no error line: a server that crashed mid-reply.
	Abort bool
	// DoneReason is the final chunk's done_reason. Defaults to "stop";
	// "length" means the reply hit the token limit.
	DoneReason string
	// PromptTokens is the final chunk's prompt_eval_count. Defaults to one
	// token per 4 bytes of the prompt.
	PromptTokens int
	// ReplyTokens is the final chunk's eval_count. Defaults to one token per
	// 4 bytes of Content.
	ReplyTokens int
}

// Contains returns a matcher for Answer that accepts prompts containing
// every one of substrs.
func Contains(substrs ...string) func(prompt string) bool { return fakeserver.Contains(substrs...) }
