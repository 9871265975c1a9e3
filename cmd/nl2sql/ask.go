package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/text/width"

	"github.com/nl2sql/nl2sql/internal/intake"
)

func runAsk(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "ask")
	db := fs.String("db", "", "registered database to ask (required)")
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	timeout := fs.Duration("timeout", 5*time.Minute, "how long to wait for the answer")
	maxRows := fs.Int("max-rows", 0, "rows to keep (default NL2SQL_MAX_ROWS)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *db == "" || len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usagef(`ask needs --db NAME and one question, e.g. nl2sql ask --db erp "How many employees are there?"`)
	}
	if err := intake.CheckQuestion(pos[0]); err != nil {
		return usagef("ask: %v", err)
	}
	// Checked before the question is inserted: a bad flag must not leave a
	// question queued.
	if *timeout <= 0 {
		return usagef("ask: --timeout must be positive, e.g. 30s or 5m, got %s", *timeout)
	}
	maxRowsSet := false
	fs.Visit(func(f *flag.Flag) { maxRowsSet = maxRowsSet || f.Name == "max-rows" })
	if maxRowsSet && *maxRows < 1 {
		return usagef("ask: --max-rows must be at least 1, got %d (leave it out for NL2SQL_MAX_ROWS)", *maxRows)
	}
	_, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()

	var opts map[string]any
	if *maxRows > 0 {
		opts = map[string]any{"max_rows": *maxRows}
	}
	ans, err := ask(ctx, pool, *db, pos[0], opts, *timeout, func(msg string) { fmt.Fprintln(m.Stderr, msg) })
	if err != nil {
		return err
	}
	if *asJSON {
		if err := m.printJSON(ans); err != nil {
			return err
		}
	} else {
		printAnswer(m.Stdout, ans)
	}
	if ans.Status != "succeeded" {
		if !*asJSON {
			fmt.Fprintf(m.Stderr, "nl2sql: %s", ans.ErrorClass)
			if ans.SQLSTATE != "" {
				fmt.Fprintf(m.Stderr, " (SQLSTATE %s)", ans.SQLSTATE)
			}
			fmt.Fprintf(m.Stderr, ": %s\n", ans.Error)
		}
		return &exitError{code: exitFailure}
	}
	return nil
}

// answer is a finished question as `ask --json` prints it.
type answer = intake.Answer

// ask submits a question and waits for it to finish (intake.Ask: the
// INSERT and LISTEN every client makes). progress receives one line when
// the wait looks stuck (no worker running).
func ask(ctx context.Context, pool *pgxpool.Pool, db, question string, opts map[string]any, timeout time.Duration, progress func(string)) (*answer, error) {
	return intake.Ask(ctx, pool, db, question, opts, intake.AskOptions{Timeout: timeout, Progress: progress})
}

func printAnswer(w io.Writer, a *answer) {
	if a.SQL != "" {
		fmt.Fprintf(w, "%s\n\n", a.SQL)
	}
	if a.Status != "succeeded" {
		fmt.Fprintf(w, "question %d %s after %d attempt(s)\n", a.ID, a.Status, a.Attempts)
		return
	}
	var cols []struct {
		Name string `json:"name"`
	}
	var rows [][]any
	_ = json.Unmarshal(a.Columns, &cols)
	// Numbers keep their digits: as float64, a bigint id of 19 digits or
	// a numeric of 30 would be shown as another number.
	dec := json.NewDecoder(bytes.NewReader(a.Rows))
	dec.UseNumber()
	_ = dec.Decode(&rows)
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = printable(c.Name)
	}
	table := [][]string{names}
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, v := range r {
			cells[i] = cell(v)
		}
		table = append(table, cells)
	}
	if writeTable(w, table) {
		fmt.Fprintf(w, "(values wider than %d columns are cut at …; --json prints them whole)\n", maxCellWidth)
	}
	more := ""
	if a.Truncated {
		more = " (truncated)"
	}
	conf := 0.0
	if a.Confidence != nil {
		conf = *a.Confidence
	}
	fmt.Fprintf(w, "\n%d row(s)%s · confidence %.2f · %d attempt(s) · %.0f ms\n", a.RowCount, more, conf, a.Attempts, a.ElapsedMS)
}

// maxCellWidth is the most terminal columns a cell of ask's table takes: a
// longer value would push every row past the terminal's edge.
const maxCellWidth = 60

// writeTable writes rows (the first the header) in columns aligned by the
// width a terminal gives each character (two for CJK and emoji, none for
// a combining mark), which text/tabwriter, counting runes, does not; cells
// wider than maxCellWidth are cut with "…". It reports whether one was.
func writeTable(w io.Writer, rows [][]string) (cut bool) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if displayWidth(c) > maxCellWidth {
				r[i], cut = truncateWidth(c, maxCellWidth-1)+"…", true
			}
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(r[i]))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-displayWidth(c)+2))
			}
		}
		fmt.Fprintln(w, b.String())
	}
	return cut
}

// runeWidth is the columns a terminal gives r.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// truncateWidth is the longest prefix of s at most cols columns wide.
func truncateWidth(s string, cols int) string {
	n := 0
	for i, r := range s {
		if n+runeWidth(r) > cols {
			return s[:i]
		}
		n += runeWidth(r)
	}
	return s
}

// cell is a value as the table shows it: text as it is but for control
// characters, escaped so that a tab or a newline cannot shift the table
// nor an escape sequence reach the terminal; numbers with their digits;
// json and arrays as JSON.
func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return printable(x)
	case json.Number:
		return x.String()
	default:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(x)
		return printable(strings.TrimSuffix(b.String(), "\n"))
	}
}

// printable is s with its control characters written as Go escapes
// (\t, \n, \x1b).
func printable(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
