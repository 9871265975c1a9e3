package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK runs a stateless request's tool call on a context that carries
// the HTTP request's values but not its end (only from protocol 2026-07-28
// does it propagate the request's cancellation). An abandoned request
// would hold its handler, and a nl_query its pool connection, until
// QueryTimeout. So the handler puts the request's context among its
// values, and every tool call ends with it (callContext): nothing can be
// delivered once the request is gone, and a question stays queued for
// get_query.

// requestKey is the context key of the HTTP request's context.
type requestKey struct{}

// callContext is ctx, ended as well when the HTTP request that carries the
// call ends (a tool call over stdio is left as it is).
func callContext(ctx context.Context) (context.Context, context.CancelFunc) {
	req, ok := ctx.Value(requestKey{}).(context.Context)
	if !ok {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(req, func() { cancel(errRequestEnded) })
	return ctx, func() { stop(); cancel(nil) }
}

var errRequestEnded = errors.New("the HTTP request ended (the client disconnected or cancelled the call)")

// maxPeek bounds the body read to find a single call's id: nl_query's
// arguments fit many times over; a larger body is passed on unread.
const maxPeek = 64 << 10

// calls are the tool calls in flight over HTTP, so that a
// notifications/cancelled, which a stateless server receives in a request
// of its own, can end the call it names.
type calls struct {
	mu sync.Mutex
	m  map[callKey][]*call
}

// callKey names a call as its client does: its JSON-RPC id, scoped to the
// client's address and credentials (ids are only unique per client).
type callKey struct {
	id, addr, auth string
}

type call struct{ cancel context.CancelCauseFunc }

// track serves r, registering it as a call that a notifications/cancelled
// may end, and ends any call a notifications/cancelled in r names.
func (c *calls) track(next http.Handler, w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	head := peekBody(r)
	if why := inexactIDs(head); why != "" {
		// As over stdio (lineFilter.check): the SDK would answer with
		// another id, and the client would never match its response.
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": requestID(head), "error": map[string]any{
			"code": codeInvalidRequest, "message": why,
		}})
		return
	}
	msg := decodeMessage(head)
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "notifications/cancelled" {
		var p struct {
			RequestID any `json:"requestId"`
		}
		if json.Unmarshal(req.Params, &p) == nil && p.RequestID != nil {
			if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
				c.cancel(key(r, id))
			}
		}
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		k, cl := key(r, req.ID), &call{cancel: cancel}
		c.add(k, cl)
		defer c.remove(k, cl)
	}
	ctx = context.WithValue(ctx, requestKey{}, ctx)
	next.ServeHTTP(w, r.WithContext(ctx))
}

func key(r *http.Request, id jsonrpc.ID) callKey {
	addr := r.RemoteAddr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		addr = h
	}
	b, _ := json.Marshal(id.Raw())
	return callKey{id: string(b), addr: addr, auth: r.Header.Get("Authorization")}
}

func (c *calls) add(k callKey, cl *call) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[callKey][]*call{}
	}
	c.m[k] = append(c.m[k], cl)
}

func (c *calls) remove(k callKey, cl *call) {
	c.mu.Lock()
	defer c.mu.Unlock()
	list := c.m[k]
	for i, x := range list {
		if x == cl {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(c.m, k)
	} else {
		c.m[k] = list
	}
}

// cancel ends the call k names, when exactly one does: two clients behind
// one address and credentials may use the same id, and neither is ended
// then.
func (c *calls) cancel(k callKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if list := c.m[k]; len(list) == 1 {
		list[0].cancel(errCancelled)
	}
}

var errCancelled = errors.New("the client cancelled the call (notifications/cancelled)")

// peekBody is r's whole body, trimmed, when it is a POST's of at most
// maxPeek bytes, else nil (a large or unreadable body); the body is left
// for the SDK to read in full.
func peekBody(r *http.Request) []byte {
	if r.Method != http.MethodPost || r.Body == nil {
		return nil
	}
	head, err := io.ReadAll(io.LimitReader(r.Body, maxPeek+1))
	r.Body = readCloser{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	if err != nil || len(head) > maxPeek {
		return nil
	}
	return bytes.TrimSpace(head)
}

// decodeMessage is the single JSON-RPC message body holds, else nil (a
// batch, nothing, or not JSON-RPC).
func decodeMessage(body []byte) jsonrpc.Message {
	if len(body) == 0 {
		return nil
	}
	msg, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		return nil
	}
	return msg
}

// inexactIDs is inexactID of the message body holds, or of the first of a
// batch's that has such an id; "" for any other body.
func inexactIDs(body []byte) string {
	if len(body) == 0 {
		return ""
	}
	if body[0] != '[' {
		return inexactID(body)
	}
	var batch []json.RawMessage
	if json.Unmarshal(body, &batch) != nil {
		return ""
	}
	for _, m := range batch {
		if why := inexactID(m); why != "" {
			return why
		}
	}
	return ""
}

type readCloser struct {
	io.Reader
	io.Closer
}
