package intake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// Answer is a question as rag.queries and rag.query_results hold it: what
// `nl2sql ask --json` prints and the MCP tools return.
type Answer struct {
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

// Done reports whether the question reached a terminal status.
func (a *Answer) Done() bool { return a.Status == "succeeded" || a.Status == "failed" }

// AskOptions says how long Ask waits.
type AskOptions struct {
	// Timeout bounds the wait for the answer.
	Timeout time.Duration
	// NoWorkerWait, when positive, is how long to wait instead of Timeout
	// when no `nl2sql serve` runs against the database: the question then
	// fails fast with ErrNoWorker (it stays queued) rather than waiting out
	// Timeout.
	NoWorkerWait time.Duration
	// Progress receives one line when the wait looks stuck (no worker
	// running); nil says nothing.
	Progress func(string)
	// Stop, when closed, ends the wait at once: Ask returns an
	// infra_failure (CodeStopped) carrying the question's id, which stays
	// queued, as a server that shuts down answers its callers. Closed
	// before the INSERT, nothing is asked. Nil never stops.
	Stop <-chan struct{}
}

// Error codes of Ask's own failures (the question itself failing is not an
// error: the Answer says so).
const (
	CodeTimeout  = "ask.timeout"
	CodeNoWorker = "ask.no_worker"
	CodeRejected = "ask.rejected"
	CodeStopped  = "ask.stopped"
)

// Ask inserts a question into rag.queries — the INSERT every client makes,
// checked by the same trigger — and waits for its rag_query_done
// notification, then reads the answer. A refused INSERT is an error of class
// validation_block (code CodeRejected); a question still unanswered when
// the wait ends is an infra_failure (CodeTimeout, or CodeNoWorker when no
// worker runs) and stays queued.
//
// It holds one connection of pool, the listening one, and runs its other
// statements on it: with a second one taken per question, as many
// concurrent Asks as the pool has connections held them all and waited for
// more for good (four MCP nl_query calls wedged serve, whose River shared
// the pool).
func Ask(ctx context.Context, pool *pgxpool.Pool, database, question string, options map[string]any, o AskOptions) (*Answer, error) {
	if stopped(o.Stop) {
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, Code: CodeStopped,
			Message: "the server is shutting down and asks nothing more: ask again once it runs (nothing was queued)",
		}
	}
	w, err := Listen(ctx, pool)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	id, err := Submit(ctx, w.conn, database, question, options)
	if err != nil {
		return nil, SubmitError(err)
	}
	timeout, noWorker := o.Timeout, false
	if alive, err := dbsqlc.New().WorkersAlive(ctx, w.conn); err == nil && !alive {
		noWorker = true
		if o.NoWorkerWait > 0 && o.NoWorkerWait < timeout {
			timeout = o.NoWorkerWait
		}
		if o.Progress != nil {
			o.Progress(fmt.Sprintf("question %d is queued, but no `nl2sql serve` seems to be running against this database; waiting up to %s", id, timeout))
		}
	}
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if o.Stop != nil {
		go func() {
			select {
			case <-o.Stop:
				cancel()
			case <-wctx.Done():
			}
		}()
	}
	if err := w.Wait(wctx, []int64{id}, nil); err != nil {
		if ctx.Err() != nil {
			return nil, &Pending{ID: id, Err: err} // the caller stopped waiting; it stays queued
		}
		if stopped(o.Stop) {
			return nil, &errclass.Error{
				Class: errclass.InfraFailure, Code: CodeStopped, Err: &Pending{ID: id},
				Message: fmt.Sprintf("question %d stays queued: the server stopped waiting for answers as it shuts down, and a running `nl2sql serve` will answer it", id),
			}
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		if noWorker && o.NoWorkerWait > 0 {
			return nil, &errclass.Error{
				Class: errclass.InfraFailure, Code: CodeNoWorker, Err: &Pending{ID: id},
				Message: fmt.Sprintf("question %d is queued, but no `nl2sql serve` is running against this database: it will be answered once one starts", id),
			}
		}
		// Say where it stands: a worker may be retrying (status_detail says
		// on what), or none may run.
		where := "is `nl2sql serve` running?"
		if row, lerr := dbsqlc.New().GetQuery(ctx, w.conn, id); lerr == nil && !noWorker {
			where = "it is " + row.Status
			if row.StatusDetail != nil && *row.StatusDetail != "" {
				where += ": " + *row.StatusDetail
			}
		}
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, Code: CodeTimeout, Err: &Pending{ID: id},
			Message: fmt.Sprintf("question %d did not finish within %s and stays queued (see rag.query_overview); %s", id, timeout, where),
		}
	}
	a, err := Load(ctx, w.conn, id)
	if errors.Is(err, ErrNotFound) {
		return nil, &errclass.Error{
			Class: errclass.Unknown, Code: "ask.deleted", Err: err,
			Message: fmt.Sprintf("question %d was deleted before it finished", id),
		}
	}
	return a, err
}

// stopped reports whether stop is closed.
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// Pending is the cause of an Ask that stopped waiting: the question was
// inserted and stays queued. Err is why the wait ended, when its caller
// ended it (context.Canceled: the user interrupted `nl2sql ask`).
type Pending struct {
	ID  int64
	Err error
}

func (p *Pending) Error() string {
	if p.Err != nil {
		return fmt.Sprintf("question %d is still pending: %v", p.ID, p.Err)
	}
	return fmt.Sprintf("question %d is still pending", p.ID)
}

func (p *Pending) Unwrap() error { return p.Err }

// QueryID is the id of the question an Ask error leaves pending, or 0.
func QueryID(err error) int64 {
	var p *Pending
	if errors.As(err, &p) {
		return p.ID
	}
	return 0
}

// ErrNotFound is returned by Load for an id rag.queries does not hold.
var ErrNotFound = errors.New("no such question")

// Load reads question id as it stands, finished or not, with its result
// when it has one.
func Load(ctx context.Context, db dbsqlc.DBTX, id int64) (*Answer, error) {
	q := dbsqlc.New()
	row, err := q.GetQuery(ctx, db, id)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("question %d: %w", id, ErrNotFound)
		}
		return nil, err
	}
	a := &Answer{
		ID: row.ID, Database: row.DatabaseName, Question: row.Question, Status: row.Status, SQL: deref(row.Sql),
		Confidence: row.Confidence, Attempts: row.Attempts, ErrorClass: deref(row.ErrorClass), SQLSTATE: deref(row.Sqlstate),
		Error: deref(row.Error), Retrieval: row.Retrieval,
	}
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

// SubmitError explains an INSERT the database refused (unknown database,
// empty question, bad option): the message comes from the CHECK or trigger.
func SubmitError(err error) error {
	ce := errclass.Classify(err)
	if ce.Class == errclass.InfraFailure {
		return ce
	}
	return &errclass.Error{
		Class: errclass.ValidationBlock, SQLSTATE: ce.SQLSTATE, Code: CodeRejected,
		Message: "the question was refused: " + ce.Message, Err: err,
	}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
