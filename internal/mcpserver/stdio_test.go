package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/mcpserver"
)

// TestStdioTransportSkipsBadLines: a line that is not a JSON-RPC message
// gets a JSON-RPC error and the session goes on; the SDK's own transport
// ends the session there.
func TestStdioTransportSkipsBadLines(t *testing.T) {
	t.Parallel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, mcpserver.StdioTransport(inR, outW, nil)) }()

	replies := bufio.NewScanner(outR)
	replies.Buffer(nil, 1<<20)
	next := func() map[string]any {
		t.Helper()
		require.True(t, replies.Scan(), "a reply")
		var m map[string]any
		require.NoError(t, json.Unmarshal(replies.Bytes(), &m), replies.Text())
		return m
	}
	send := func(line string) {
		t.Helper()
		_, err := io.WriteString(inW, line+"\n")
		require.NoError(t, err)
	}
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`

	send("this is not json")
	m := next()
	require.Equal(t, float64(-32700), m["error"].(map[string]any)["code"])
	require.Nil(t, m["id"])

	send(`{"hello": "a JSON object that is no JSON-RPC message"}`)
	m = next()
	require.Equal(t, float64(-32600), m["error"].(map[string]any)["code"])

	send("   ") // blank lines are passed over, unanswered
	send(strings.Repeat("x", mcp.DefaultMaxLineLength+10))
	m = next()
	require.Equal(t, float64(-32700), m["error"].(map[string]any)["code"])
	require.Contains(t, m["error"].(map[string]any)["message"], "longer than the limit")

	send(initialize)
	m = next()
	require.Equal(t, float64(1), m["id"], "the session still answers: %v", m)
	require.Contains(t, m, "result")
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"ping"}` + " \t") // trailing blanks: the SDK would end the session
	m = next()
	require.Equal(t, float64(2), m["id"])

	// The protocol asked for (2025-06-18) has no batches: the SDK would end
	// the session on one.
	send(`[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":4,"method":"ping"}]`)
	m = next()
	require.Equal(t, float64(-32600), m["error"].(map[string]any)["code"])
	require.Contains(t, m["error"].(map[string]any)["message"], "batches are not supported")
	send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	m = next()
	require.Equal(t, float64(5), m["id"], "the session goes on")

	require.NoError(t, inW.Close())
	select {
	case err := <-done:
		require.NoError(t, err, "the end of input ends the session cleanly")
	case <-time.After(time.Minute):
		t.Fatal("the session did not end at the end of its input")
	}
	require.NoError(t, outW.Close())
}
