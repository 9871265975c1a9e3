package llm

import (
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
