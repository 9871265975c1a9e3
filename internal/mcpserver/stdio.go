package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxLine bounds one inbound line, as the SDK's own reader does.
const maxLine = mcp.DefaultMaxLineLength

// JSON-RPC 2.0's codes for a message that cannot be read.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// StdioTransport is the SDK's IOTransport over r and w, except that a line
// that is not a JSON-RPC message is answered with a JSON-RPC error (of the
// request's id when it can be read, else null) and skipped, and that a
// request the client cancelled (notifications/cancelled) is not answered. The SDK ends the session on such a line, so one bad
// line from a client would lose every question it has in flight. r and w
// are not closed when the session ends.
func StdioTransport(r io.Reader, w io.Writer, log *slog.Logger) mcp.Transport {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	out := &lockedWriter{w: w}
	return &mcp.IOTransport{
		Reader: io.NopCloser(&lineFilter{in: bufio.NewReaderSize(r, 64<<10), out: out, log: log}),
		Writer: out,
	}
}

// lockedWriter serialises the SDK's writes (one message a Write) with
// lineFilter's error replies, and drops the response to a request the
// client cancelled: a receiver of notifications/cancelled should not
// respond to the request, and the SDK answers every request it handled
// (a cancelled one with an error).
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
	// cancelled are the requests the client cancelled whose response has
	// not been dropped yet, with when the cancel came; at most
	// maxCancelled, and none older than cancelTTL (a request answered
	// before its cancel arrived, a common race, would leave its id here
	// for good and every message decoded).
	cancelled map[jsonrpc.ID]time.Time
	order     []jsonrpc.ID
}

// maxCancelled bounds lockedWriter.cancelled; cancelTTL is how long a
// cancel waits for its response: the handler's context ends with the
// cancel, so the SDK answers within moments or had answered already.
const (
	maxCancelled = 1024
	cancelTTL    = 30 * time.Second
)

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for len(l.order) > 0 {
		at, ok := l.cancelled[l.order[0]]
		if ok && time.Since(at) < cancelTTL {
			break
		}
		if ok {
			delete(l.cancelled, l.order[0])
		}
		l.order = l.order[1:]
	}
	if len(l.cancelled) > 0 {
		// Only while a cancel waits: decoding every message would cost
		// the time of encoding it again.
		if msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(p)); err == nil {
			if resp, ok := msg.(*jsonrpc.Response); ok && !l.cancelled[resp.ID].IsZero() {
				delete(l.cancelled, resp.ID)
				return len(p), nil
			}
		}
	}
	return l.w.Write(p)
}

// cancel notes that the client cancelled request id.
func (l *lockedWriter) cancel(id jsonrpc.ID) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancelled == nil {
		l.cancelled = map[jsonrpc.ID]time.Time{}
	}
	if len(l.order) >= maxCancelled {
		delete(l.cancelled, l.order[0])
		l.order = l.order[1:]
	}
	l.cancelled[id] = time.Now()
	l.order = append(l.order, id)
}

func (*lockedWriter) Close() error { return nil }

// lineFilter passes on the lines that hold a JSON-RPC message or batch.
type lineFilter struct {
	in   *bufio.Reader
	out  *lockedWriter
	log  *slog.Logger
	rest []byte // of the line being passed on
	err  error
	// version is the protocol version the client asked for in initialize:
	// from 2025-06-18 the SDK refuses batches by ending the session.
	version string
}

// noBatchesFrom is the first protocol version without JSON-RPC batches.
const noBatchesFrom = "2025-06-18"

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.rest) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, tooLong, err := f.line()
		f.err = err
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		line = bytes.TrimSpace(line) // the SDK ends the session on trailing blanks
		code, why := f.check(line)
		var id any
		if tooLong {
			code, why = codeParseError, errTooLong.Error()
		} else if code != 0 {
			id = requestID(line)
		}
		if code != 0 {
			f.log.Warn("mcp: a line from the client is not a JSON-RPC message; answered with an error and skipped", "code", code, "error", why)
			if err := f.reply(id, code, why); err != nil {
				return 0, err
			}
			continue
		}
		f.rest = append(line, '\n')
	}
	n := copy(p, f.rest)
	f.rest = f.rest[n:]
	return n, nil
}

// errTooLong says why a line longer than maxLine was skipped.
var errTooLong = errors.New("line longer than the limit")

// line reads the next line without its newline. A line over maxLine is
// read to its end and comes back as errTooLong's text with tooLong set.
func (f *lineFilter) line() (line []byte, tooLong bool, err error) {
	for {
		chunk, err := f.in.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) > maxLine+1 {
			tooLong, line = true, nil
		}
		if !tooLong {
			line = append(line, chunk...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			if tooLong {
				return []byte(errTooLong.Error()), true, err
			}
			return bytes.TrimRight(line, "\r\n"), false, err
		}
	}
}

// check returns 0 for a line holding one JSON-RPC message or a batch of
// them that the SDK takes, else the JSON-RPC error code and why. It notes
// the protocol version an initialize request asks for.
func (f *lineFilter) check(line []byte) (int, string) {
	if !json.Valid(line) {
		return codeParseError, "not JSON"
	}
	// A batch is decoded into a fresh slice: decoding into one whose first
	// element is line would copy the batch's first message over line's own
	// bytes, and the SDK would be passed the wreck.
	var msgs []json.RawMessage
	batch := line[0] == '['
	if batch {
		if f.version >= noBatchesFrom {
			return codeInvalidRequest, "JSON-RPC batches are not supported from protocol " + noBatchesFrom
		}
		if err := json.Unmarshal(line, &msgs); err != nil || len(msgs) == 0 {
			return codeInvalidRequest, "an empty or malformed batch"
		}
	} else {
		msgs = []json.RawMessage{line}
	}
	ids := map[string]bool{}
	var cancels []jsonrpc.ID
	for _, m := range msgs {
		if why := inexactID(m); why != "" {
			return codeInvalidRequest, why
		}
		msg, err := jsonrpc.DecodeMessage(m)
		if err != nil {
			return codeInvalidRequest, err.Error()
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok {
			continue
		}
		if req.Method == "notifications/cancelled" {
			var p struct {
				RequestID any `json:"requestId"`
			}
			if json.Unmarshal(req.Params, &p) == nil && p.RequestID != nil {
				if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
					cancels = append(cancels, id) // once the line is passed on
				}
			}
		}
		if batch && req.ID.IsValid() {
			id := fmt.Sprint(req.ID.Raw())
			if ids[id] {
				return codeInvalidRequest, "a batch with two requests of id " + id
			}
			ids[id] = true
		}
		if req.Method == "initialize" {
			var p struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			if json.Unmarshal(req.Params, &p) == nil {
				f.version = p.ProtocolVersion
			}
		}
	}
	for _, id := range cancels {
		f.out.cancel(id)
	}
	return 0, ""
}

// maxExactID is the largest integer a JSON number (a float64, as the SDK
// reads an id) holds exactly.
const maxExactID = 1 << 53

// inexactID says why the id of message m is a number the SDK would answer
// with another (it reads a numeric id as a float64 and answers with its
// integer part: 6.5 as 6, 9007199254740993 as 9007199254740992), so that
// the client never matched its response; "" for any other id, which
// DecodeMessage judges.
func inexactID(m json.RawMessage) string {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(m, &v) != nil || len(v.ID) == 0 || (v.ID[0] != '-' && (v.ID[0] < '0' || v.ID[0] > '9')) {
		return ""
	}
	n, ok := new(big.Rat).SetString(string(v.ID))
	switch {
	case !ok:
		return ""
	case !n.IsInt():
		return fmt.Sprintf("id %s is not an integer: a JSON-RPC id is a string or an integer", v.ID)
	case n.Num().CmpAbs(big.NewInt(maxExactID)) > 0:
		return fmt.Sprintf("id %s is beyond 2^53, which a JSON number does not hold exactly: use a string id", v.ID)
	}
	return ""
}

// requestID is the id of the single message line when it is a string or
// an integer, as JSON-RPC 2.0 has the error name the request it answers;
// else nil (null: a batch, an id that is missing, null, fractional or not
// JSON-RPC's kind).
func requestID(line []byte) any {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if line[0] != '{' || json.Unmarshal(line, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(m.ID, &s) == nil {
		return s
	}
	var n int64
	if json.Unmarshal(m.ID, &n) == nil {
		return n
	}
	return nil
}

// reply writes a JSON-RPC error of id (nil: null).
func (f *lineFilter) reply(id any, code int, why string) error {
	b, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": why},
	})
	if err != nil {
		return err
	}
	_, err = f.out.Write(append(b, '\n'))
	return err
}
