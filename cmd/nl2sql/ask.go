package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
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
		return flagError(err)
	}
	if *db == "" || len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usagef(`ask needs --db NAME and one question, e.g. nl2sql ask --db erp "How many employees are there?"`)
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
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(ans); err != nil {
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
type answer struct {
	ID         int64           `json:"id"`
	Database   string          `json:"database"`
	Question   string          `json:"question"`
	Status     string          `json:"status"`
	SQL        string          `json:"sql,omitempty"`
	Confidence *float64        `json:"confidence,omitempty"`
	Attempts   int32           `json:"attempts"`
	Columns    json.RawMessage `json:"columns,omitempty"`
	Rows       json.RawMessage `json:"rows,omitempty"`
	RowCount   int32           `json:"row_count"`
	Truncated  bool            `json:"truncated"`
	ErrorClass string          `json:"error_class,omitempty"`
	SQLSTATE   string          `json:"sqlstate,omitempty"`
	Error      string          `json:"error,omitempty"`
	Retrieval  json.RawMessage `json:"retrieval,omitempty"`
	ElapsedMS  float64         `json:"elapsed_ms"`
}

// ask submits a question and waits for it to finish. progress receives one
// line when the wait looks stuck (no worker running).
func ask(ctx context.Context, pool *pgxpool.Pool, db, question string, opts map[string]any, timeout time.Duration, progress func(string)) (*answer, error) {
	w, err := intake.Listen(ctx, pool)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	id, err := intake.Submit(ctx, pool, db, question, opts)
	if err != nil {
		return nil, submitError(err)
	}
	q := dbsqlc.New()
	if n, err := q.CountLiveRiverLeaders(ctx, pool); err == nil && n == 0 && progress != nil {
		progress(fmt.Sprintf("question %d is queued, but no `nl2sql serve` seems to be running against this database; waiting up to %s", id, timeout))
	}
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := w.Wait(wctx, []int64{id}, nil); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, &errclass.Error{Class: errclass.InfraFailure, Code: "ask.timeout",
				Message: fmt.Sprintf("question %d did not finish within %s; it stays queued (see rag.query_overview) — is `nl2sql serve` running?", id, timeout)}
		}
		return nil, err
	}
	return loadAnswer(ctx, pool, id)
}

func loadAnswer(ctx context.Context, db dbsqlc.DBTX, id int64) (*answer, error) {
	q := dbsqlc.New()
	row, err := q.GetQuery(ctx, db, id)
	if err != nil {
		return nil, err
	}
	a := &answer{ID: row.ID, Database: row.DatabaseName, Question: row.Question, Status: row.Status, SQL: deref(row.Sql),
		Confidence: row.Confidence, Attempts: row.Attempts, ErrorClass: deref(row.ErrorClass), SQLSTATE: deref(row.Sqlstate),
		Error: deref(row.Error), Retrieval: row.Retrieval}
	if row.FinishedAt != nil {
		a.ElapsedMS = float64(row.FinishedAt.Sub(row.CreatedAt).Microseconds()) / 1000
	}
	res, err := q.GetQueryResult(ctx, db, id)
	switch {
	case err == nil:
		a.Columns, a.Rows, a.RowCount, a.Truncated = res.Columns, res.Rows, res.RowCount, res.Truncated
	case !errors.Is(err, pgx.ErrNoRows):
		return nil, err
	}
	return a, nil
}

// submitError explains an INSERT the database refused (unknown database,
// empty question, bad option): the message comes from the CHECK or trigger.
func submitError(err error) error {
	ce := errclass.Classify(err)
	if ce.Class == errclass.InfraFailure {
		return ce
	}
	return &errclass.Error{Class: errclass.ValidationBlock, SQLSTATE: ce.SQLSTATE, Code: "ask.rejected",
		Message: "the question was refused: " + ce.Message, Err: err}
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
	_ = json.Unmarshal(a.Rows, &rows)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	fmt.Fprintln(tw, strings.Join(names, "\t"))
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, v := range r {
			cells[i] = cell(v)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
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

func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return x
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
