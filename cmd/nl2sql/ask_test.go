package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPrintAnswerShowsValuesAsStored: the table `ask` prints shows numbers
// with their stored digits and cannot be shifted, or the terminal driven,
// by what a text value holds (before: rows were read as float64, so the
// bigint 9223372036854775807 showed as 9223372036854776000, a numeric of
// 30 digits as 1.2345678901234568e+29 and 1.10 as 1.1; a tab or newline
// broke the table, an escape sequence reached the terminal, and "<" in
// json showed as \u003c).
func TestPrintAnswerShowsValuesAsStored(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	printAnswer(&b, &answer{
		Status: "succeeded", SQL: "SELECT ...", RowCount: 1,
		Columns: json.RawMessage(`[{"name": "id", "type": "bigint"}, {"name": "n", "type": "numeric"}, {"name": "p", "type": "numeric"},
			{"name": "t\tx", "type": "text"}, {"name": "j", "type": "jsonb"}, {"name": "nothing", "type": "text"}]`),
		Rows: json.RawMessage(`[[9223372036854775807, 123456789012345678901234567890.123456789012345, 1.10,
			"a\tb\nc\u001b[31mred", {"a": "<b>", "n": 12345678901234567890}, null]]`),
	})
	lines := strings.Split(b.String(), "\n")
	require.Equal(t, []string{"SELECT ...", ""}, lines[:2])
	require.Equal(t, strings.Fields(`id n p t\tx j nothing`), strings.Fields(lines[2]))
	require.Equal(t, strings.Fields(`9223372036854775807 123456789012345678901234567890.123456789012345 1.10 a\tb\nc\x1b[31mred {"a":"<b>","n":12345678901234567890} NULL`),
		strings.Fields(lines[3]))
	require.Equal(t, "", lines[4], "one line per row")
	require.NotContains(t, b.String(), "\x1b")
}
