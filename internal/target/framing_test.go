package target

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// TestFramingStopsBeforeALongMessage: whatever the reads' sizes, framing
// passes every message before a long one that is not a data row, at most
// that message's header begun, then its error; a long data row passes
// (the frontend refuses it, Execute keeps the rows before).
func TestFramingStopsBeforeALongMessage(t *testing.T) {
	t.Parallel()
	msg := func(typ byte, body int) []byte {
		b := []byte{typ, 0, 0, 0, 0}
		binary.BigEndian.PutUint32(b[1:], uint32(body+4))
		return append(b, bytes.Repeat([]byte{'x'}, body)...)
	}
	const maxBody = 100
	var stream []byte
	for _, m := range [][]byte{msg('T', 20), msg('D', 7), msg('D', 500), msg('N', 30), msg('D', 0)} {
		stream = append(stream, m...)
	}
	cut := len(stream)
	stream = append(stream, msg('E', 200)...)
	stream = append(stream, msg('Z', 1)...)

	readers := map[string]func(io.Reader) io.Reader{
		"whole":   func(r io.Reader) io.Reader { return r },
		"onebyte": iotest.OneByteReader,
		"half":    iotest.HalfReader,
		"data":    iotest.DataErrReader,
	}
	for name, wrap := range readers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := &framing{r: wrap(bytes.NewReader(stream)), max: maxBody}
			got, err := io.ReadAll(f)
			var tl *MessageTooLongError
			require.True(t, errors.As(err, &tl), "%v", err)
			require.Equal(t, MessageTooLongError{Type: 'E', Length: 200, Max: maxBody}, *tl)
			require.GreaterOrEqual(t, len(got), cut)
			require.LessOrEqual(t, len(got), cut+4, "no more than the header begun")
			require.Equal(t, stream[:len(got)], got)
			_, err = f.Read(make([]byte, 10))
			require.ErrorAs(t, err, &tl, "and again")
		})
	}

	t.Run("NothingLong", func(t *testing.T) {
		t.Parallel()
		f := &framing{r: iotest.HalfReader(bytes.NewReader(stream[:cut])), max: maxBody}
		got, err := io.ReadAll(f)
		require.NoError(t, err)
		require.Equal(t, stream[:cut], got)
	})
}
