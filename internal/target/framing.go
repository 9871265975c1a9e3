package target

import (
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// framing sits between a target connection and pgx's frontend and reads
// the backend's message headers as they pass. The frontend refuses a
// message longer than the result's byte cap (SetMaxBodyLen) without saying
// which kind it was, and Execute keeps the rows before a refused data row
// as a truncated answer. A refused error or notice is no row: PostgreSQL
// quotes the value it could not read, so a model's failing cast of a long
// aggregate sends an error of megabytes, and the statement failed. framing
// ends the stream before such a message with a MessageTooLongError.
type framing struct {
	r   io.Reader
	max int

	hdr  [5]byte
	nhdr int // header bytes seen of the current message
	skip int // body bytes left of the current message
	// refused is the message the stream ended before. pgx may read on a
	// goroutine of its own and reports a later "conn closed" rather than
	// this error, so Execute and Explain ask for it (framings.refused).
	refused atomic.Pointer[MessageTooLongError]
}

// MessageTooLongError is a backend message other than a data row longer
// than a target connection reads (Config.MaxResultBytes plus framing).
type MessageTooLongError struct {
	Type   byte // the protocol's message type: 'E' an error, 'N' a notice
	Length int  // the message body's length in bytes
	Max    int
}

func (e *MessageTooLongError) Error() string {
	what := fmt.Sprintf("a message of type %q", e.Type)
	switch e.Type {
	case 'E':
		what = "an error message"
	case 'N':
		what = "a notice"
	}
	return fmt.Sprintf("the database sent %s of %d bytes, over the %d a target connection reads", what, e.Length, e.Max)
}

// Read implements io.Reader: it passes bytes up to a refused message's
// header, then the error.
func (f *framing) Read(p []byte) (int, error) {
	if e := f.refused.Load(); e != nil {
		return 0, e
	}
	n, err := f.r.Read(p)
	for i := 0; i < n; {
		if f.skip > 0 {
			k := min(f.skip, n-i)
			f.skip -= k
			i += k
			continue
		}
		f.hdr[f.nhdr] = p[i]
		f.nhdr++
		i++
		if f.nhdr < len(f.hdr) {
			continue
		}
		f.nhdr = 0
		f.skip = max(int(int32(binary.BigEndian.Uint32(f.hdr[1:])))-4, 0)
		if f.skip > f.max && f.hdr[0] != 'D' {
			e := &MessageTooLongError{Type: f.hdr[0], Length: f.skip, Max: f.max}
			f.refused.Store(e)
			// The bytes before this header are messages the frontend
			// reads first; a header begun in an earlier read is cut
			// short, which the frontend meets as this error too.
			if start := i - len(f.hdr); start > 0 {
				return start, nil
			}
			return 0, e
		}
	}
	return n, err
}

// framings finds the framing of a connection's frontend. The frontend is
// the one handle pgx gives from a connection to what BuildFrontend made;
// weak keys let a closed connection's entry go with it.
type framings struct{ m sync.Map }

// add records fr as f's framing.
func (fs *framings) add(f *pgproto3.Frontend, fr *framing) {
	k := weak.Make(f)
	fs.m.Store(k, fr)
	runtime.AddCleanup(f, func(k weak.Pointer[pgproto3.Frontend]) { fs.m.Delete(k) }, k)
}

// refused returns the message c's stream ended before, or nil.
func (fs *framings) refused(c *pgconn.PgConn) *MessageTooLongError {
	v, ok := fs.m.Load(weak.Make(c.Frontend()))
	if !ok {
		return nil
	}
	return v.(*framing).refused.Load()
}
