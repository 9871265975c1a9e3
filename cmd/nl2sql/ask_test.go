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

// TestPrintAnswerAlignsWideText: columns line up in a terminal when a value
// holds characters two columns wide (CJK, emoji) or combining marks, and a
// long value is cut, saying so, instead of pushing every row past the
// terminal's edge (before: text/tabwriter counted runes, so 東京都 shifted
// its row's next column three columns left, and a 300-character note made
// a 300-column line).
func TestPrintAnswerAlignsWideText(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	long := strings.Repeat("long ", 60)
	printAnswer(&b, &answer{
		Status: "succeeded", SQL: "SELECT ...", RowCount: 4,
		Columns: json.RawMessage(`[{"name": "city", "type": "text"}, {"name": "country", "type": "text"}, {"name": "note", "type": "text"}]`),
		Rows:    json.RawMessage(`[["東京都", "日本", "x"], ["Zürich", "Switzerland 💰", "y"], ["Cafe\u0301", "France", "z"], ["New York", "USA", "` + long + `"]]`),
	})
	lines := strings.Split(b.String(), "\n")[2:7]
	// Every row's third column starts where the header's does, in
	// terminal columns.
	col := displayWidth(lines[0][:strings.Index(lines[0], "note")])
	for _, l := range lines[1:] {
		third := strings.Fields(l)
		last := third[len(third)-1]
		if strings.HasSuffix(l, "…") {
			last = l[strings.Index(l, "long"):]
		}
		require.Equal(t, col, displayWidth(l[:strings.LastIndex(l, last)]), "row %q", l)
	}
	require.Less(t, displayWidth(lines[4]), 100, "the long value is cut")
	require.True(t, strings.HasSuffix(lines[4], "…"))
	require.Contains(t, b.String(), "--json prints them whole")
	require.Equal(t, 2, runeWidth('東'))
	require.Equal(t, 0, runeWidth('\u0301'))
}
