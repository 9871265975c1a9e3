package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"slices"
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

// stdioSession runs srv over StdioTransport on pipes; send writes a line,
// next reads the next reply line. The session ends with the test.
func stdioSession(t *testing.T, srv *mcp.Server) (send func(string), next func() []byte) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, mcpserver.StdioTransport(inR, outW, nil)) }()
	t.Cleanup(func() {
		_ = inW.Close()
		select {
		case err := <-done:
			require.NoError(t, err, "the end of input ends the session cleanly")
		case <-time.After(time.Minute):
			t.Error("the session did not end at the end of its input")
		}
		cancel()
		_ = outW.Close()
	})
	lines := make(chan []byte, 16)
	go func() {
		defer close(lines)
		replies := bufio.NewScanner(outR)
		replies.Buffer(nil, 1<<20)
		for replies.Scan() {
			lines <- slices.Clone(replies.Bytes())
		}
	}()
	send = func(line string) {
		t.Helper()
		written := make(chan error, 1)
		go func() { _, err := io.WriteString(inW, line+"\n"); written <- err }()
		select {
		case err := <-written:
			require.NoError(t, err)
		case <-time.After(10 * time.Second):
			require.FailNow(t, "the session no longer reads its input")
		}
	}
	next = func() []byte {
		t.Helper()
		select {
		case line, ok := <-lines:
			require.True(t, ok, "a reply")
			return line
		case <-time.After(10 * time.Second):
			require.FailNow(t, "no reply")
			return nil
		}
	}
	return send, next
}

// TestStdioTransportBatch: a JSON-RPC batch, which protocols before
// 2025-06-18 allow, is passed on intact and answered as one; the session
// goes on after it.
func TestStdioTransportBatch(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2024-11-05", "2025-03-26"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			send, next := stdioSession(t, mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil))
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
			var m map[string]any
			require.NoError(t, json.Unmarshal(next(), &m))
			require.Equal(t, version, m["result"].(map[string]any)["protocolVersion"])
			send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

			send(`[{"jsonrpc":"2.0","id":10,"method":"ping"},{"jsonrpc":"2.0","id":11,"method":"tools/list"}]`)
			var batch []map[string]any
			line := next()
			require.NoError(t, json.Unmarshal(line, &batch), "a batch of replies: %s", line)
			require.Len(t, batch, 2)
			ids := map[float64]bool{}
			for _, r := range batch {
				require.Contains(t, r, "result", "%v", r)
				ids[r["id"].(float64)] = true
			}
			require.Equal(t, map[float64]bool{10: true, 11: true}, ids)

			send(`{"jsonrpc":"2.0","id":12,"method":"ping"}`)
			require.NoError(t, json.Unmarshal(next(), &m))
			require.Equal(t, float64(12), m["id"], "the session goes on")
		})
	}
}

// TestStdioTransportErrorID: the error for a line that is no JSON-RPC
// message carries the request's id when it is a string or an integer, as
// JSON-RPC 2.0 asks; null only when there is none to read.
func TestStdioTransportErrorID(t *testing.T) {
	t.Parallel()
	send, next := stdioSession(t, mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil))
	for line, id := range map[string]any{
		`{"jsonrpc":"1.0","id":17,"method":"ping"}`:      float64(17),
		`{"jsonrpc":"1.0","id":"req-7","method":"ping"}`: "req-7",
		`{"jsonrpc":"2.0","id":"s","method":5}`:          "s",
		`{"jsonrpc":"1.0","id":1.5,"method":"ping"}`:     nil,
		`{"jsonrpc":"1.0","id":{"a":1},"method":"ping"}`: nil,
		`{"jsonrpc":"1.0","method":"ping"}`:              nil,
		`{"jsonrpc":"2.0","id":3,"method":"ping"`:        nil, // not JSON
	} {
		send(line)
		var m map[string]any
		require.NoError(t, json.Unmarshal(next(), &m))
		require.Contains(t, m, "error", line)
		require.Contains(t, m, "id", "an error reply always has an id: %s", line)
		require.Equal(t, id, m["id"], line)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	var m map[string]any
	require.NoError(t, json.Unmarshal(next(), &m))
	require.Equal(t, float64(1), m["id"], "the session goes on")
}

// TestStdioTransportIDsAnsweredExactly: the SDK reads a numeric id as a
// float64 and answers with its integer part, so a ping of id 6.5 was
// answered as 6, and one of id 9007199254740993 as 9007199254740992: a
// client matching responses by id never saw its own (and could take it
// for another request's). Such an id is an invalid request, answered with
// an error that carries the id exactly when it is an integer.
func TestStdioTransportIDsAnsweredExactly(t *testing.T) {
	t.Parallel()
	send, next := stdioSession(t, mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil))
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	reply := func(line string) (id string, isError bool) {
		t.Helper()
		send(line)
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(next(), &m))
		_, isError = m["error"]
		return string(m["id"]), isError
	}
	for line, want := range map[string]struct {
		id      string
		isError bool
	}{
		`{"jsonrpc":"2.0","id":6.5,"method":"ping"}`:              {"null", true},
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`: {"9007199254740993", true},
		`{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}`: {"9007199254740992", false},
		`{"jsonrpc":"2.0","id":-42,"method":"ping"}`:              {"-42", false},
		`{"jsonrpc":"2.0","id":"6.5","method":"ping"}`:            {`"6.5"`, false},
	} {
		id, isError := reply(line)
		require.Equal(t, want.id, id, line)
		require.Equal(t, want.isError, isError, line)
	}
	send(`[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7.5,"method":"ping"}]`)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(next(), &m), "a batch holding such an id is refused whole")
	require.Contains(t, m, "error")
}

// TestStdioTransportCancel: a request the client cancels ends its handler
// and gets no response, as MCP asks of the receiver of
// notifications/cancelled; the SDK would answer it with an error.
func TestStdioTransportCancel(t *testing.T) {
	t.Parallel()
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	started, ended := make(chan struct{}, 1), make(chan struct{}, 1)
	srv.AddTool(&mcp.Tool{Name: "wait", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		started <- struct{}{}
		<-ctx.Done()
		ended <- struct{}{}
		return nil, ctx.Err()
	})
	send, next := stdioSession(t, srv)
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	for _, id := range []string{`2`, `"two"`} {
		send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
		<-started
		send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `,"reason":"user pressed stop"}}`)
		select {
		case <-ended:
		case <-time.After(10 * time.Second):
			t.Fatal("the cancelled call goes on")
		}
		send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
		var m map[string]any
		line := next()
		require.NoError(t, json.Unmarshal(line, &m))
		require.Equal(t, float64(3), m["id"], "no response to the cancelled request comes first: %s", line)
	}
	// A cancel naming no request in flight drops nothing later.
	send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}`)
	send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	var m map[string]any
	require.NoError(t, json.Unmarshal(next(), &m))
	require.Equal(t, float64(5), m["id"])
}
