package mcpserver

import (
	"bytes"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/require"
)

// TestCancelledForgotten: the response to a cancelled request is dropped,
// and a cancel whose request had been answered already (its response
// never comes) is forgotten after cancelTTL, so messages stop being
// decoded for it.
func TestCancelledForgotten(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	l := &lockedWriter{w: &out}
	resp := func(id int64) []byte {
		b, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: mustID(t, id), Result: []byte(`{}`)})
		require.NoError(t, err)
		return append(b, '\n')
	}

	l.cancel(mustID(t, 7))
	_, err := l.Write(resp(7))
	require.NoError(t, err)
	require.Empty(t, out.String(), "the cancelled request's response is dropped")

	l.cancel(mustID(t, 8)) // answered before the cancel came: no response will
	l.cancelled[mustID(t, 8)] = time.Now().Add(-2 * cancelTTL)
	_, err = l.Write(resp(9))
	require.NoError(t, err)
	require.Contains(t, out.String(), `"id":9`)
	require.Empty(t, l.cancelled, "the stale cancel is forgotten")
	require.Empty(t, l.order)
}

func mustID(t *testing.T, n int64) jsonrpc.ID {
	t.Helper()
	id, err := jsonrpc.MakeID(float64(n))
	require.NoError(t, err)
	return id
}
