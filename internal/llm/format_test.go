package llm

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// TestChatFormatAndMaxTokens: a JSON schema goes out as Ollama's "format"
// and a reply bound as num_predict; without them neither is sent.
func TestChatFormatAndMaxTokens(t *testing.T) {
	t.Parallel()
	srv, c := setup(t, Config{})
	srv.Script(ollamatest.Response{Content: `{"tables": []}`}, ollamatest.Response{Content: "SELECT 1"})
	schema := json.RawMessage(`{"type":"object","properties":{"tables":{"type":"array"}}}`)

	_, err := c.Chat(context.Background(), ChatRequest{Messages: question, Format: schema, MaxTokens: 64})
	require.NoError(t, err)
	_, err = c.Chat(context.Background(), ChatRequest{Messages: question})
	require.NoError(t, err)

	reqs := srv.ChatRequests()
	require.Len(t, reqs, 2)
	require.JSONEq(t, string(schema), string(reqs[0].Format))
	require.Equal(t, 64.0, reqs[0].Options["num_predict"])
	require.Nil(t, reqs[1].Format)
	require.NotContains(t, reqs[1].Options, "num_predict")
}
