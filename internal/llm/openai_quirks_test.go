package llm

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQuirksLearn: what a refusal teaches, from OpenAI's own shape or a
// proxy's that keeps only OpenAI's words; other refusals teach nothing.
func TestQuirksLearn(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		status int
		body   string
		want   modelQuirks
		ok     bool
	}{
		"OpenAITemperature": {
			400, `{"error": {"message": "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.", "type": "invalid_request_error", "param": "temperature", "code": "unsupported_value"}}`,
			modelQuirks{noTemperature: true, last: "temperature"},
			true,
		},
		"OpenAIMaxTokens": {
			400, `{"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter"}}`,
			modelQuirks{completionTokens: true, last: "max_tokens"},
			true,
		},
		"ProxyWords": {
			400, `{"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "code": "invalid_request_body"}}`,
			modelQuirks{completionTokens: true, last: "max_tokens"},
			true,
		},
		"OtherParameter": {400, `{"error": {"message": "bad", "param": "seed", "code": "unsupported_parameter"}}`, modelQuirks{}, false},
		"NotARefusalOf":  {400, `{"error": {"message": "Invalid 'temperature': decimal above maximum value.", "param": "temperature", "code": "decimal_above_max_value"}}`, modelQuirks{}, false},
		"ServerError":    {500, `{"error": {"message": "x", "param": "temperature", "code": "unsupported_value"}}`, modelQuirks{}, false},
		"NotJSON":        {400, `Bad Request`, modelQuirks{}, false},
		"AlreadyLearned": {400, `{"error": {"param": "temperature", "code": "unsupported_value"}}`, modelQuirks{noTemperature: true}, false},
	} {
		start := modelQuirks{}
		if name == "AlreadyLearned" {
			start.noTemperature = true
		}
		got, ok := start.learn(tc.status, []byte(tc.body))
		require.Equal(t, tc.ok, ok, name)
		require.Equal(t, tc.want, got, name)
	}
}

// TestOpenAIStreamsUnasked: a server (or a proxy in front of it) that
// streams server-sent events though the request asked for one JSON reply
// failed every call with "invalid character 'd'", retried to no end: the
// reply is read as the events it is.
func TestOpenAIStreamsUnasked(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		fmt.Fprint(w, "data: {\"model\":\"m\",\"choices\":[{\"delta\":{\"content\":\"SELECT \"}}]}\n\n")
		fmt.Fprint(w, "data: {\"model\":\"m\",\"choices\":[{\"delta\":{\"content\":\"1\"},\"finish_reason\":\"stop\"}]}\n\n")
		fmt.Fprint(w, "data: [DONE]\n\n")
	}))
	t.Cleanup(srv.Close)
	p, err := NewOpenAI(Config{Model: "m", OpenAI: OpenAIConfig{BaseURL: srv.URL + "/v1"}})
	require.NoError(t, err)
	reply, err := p.Chat(context.Background(), ChatRequest{Messages: []Message{{Role: "user", Content: "one"}}})
	require.NoError(t, err)
	require.Equal(t, "SELECT 1", reply.Content)
	require.Equal(t, "stop", reply.DoneReason)
}
