// Package intake is the client side of the pipeline: submit questions to
// rag.queries and wait for them with LISTEN rag_query_done, the way any
// client in any language can.
package intake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// Channel is the NOTIFY channel of terminal statuses.
const Channel = "rag_query_done"

// MaxQuestionChars is the longest question rag.queries takes
// (queries_question_at_most_2000_chars), for the clients that check before
// they insert.
const MaxQuestionChars = 2000

// BlankQuestion reports whether rag.queries would refuse question as blank
// (queries_question_not_empty), for the clients that check before they
// insert: it holds nothing but blankRune's characters.
func BlankQuestion(question string) bool {
	return !strings.ContainsFunc(question, func(r rune) bool { return !blankRune(r) })
}

// CheckQuestion says why rag.queries would refuse question (blank, or
// longer than MaxQuestionChars), for the clients that check before they
// insert: PostgreSQL's own refusal prints the whole failing row.
func CheckQuestion(question string) error {
	if BlankQuestion(question) {
		return errors.New("the question is blank")
	}
	if n := utf8.RuneCountInString(question); n > MaxQuestionChars {
		return fmt.Errorf("the question has %d characters; at most %d are accepted", n, MaxQuestionChars)
	}
	return nil
}

// blankRune is the character set of queries_question_not_empty (migration
// 00011): [:space:] and Unicode's spaces and invisible format characters,
// [^[:space:]\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff].
// [:space:] beyond ASCII depends on the database's locale (glibc's add
// nothing outside the explicit list). Go's unicode.IsSpace is another set:
// it takes U+0085, which the constraint accepts, and not U+200B.
func blankRune(r rune) bool {
	switch {
	case r == ' ', r >= '\t' && r <= '\r':
		return true
	case r == '\u00a0', r == '\u1680', r == '\u180e', r == '\u3000', r == '\ufeff':
		return true
	case r >= '\u2000' && r <= '\u200f', r >= '\u2028' && r <= '\u202f', r >= '\u205f' && r <= '\u2064':
		return true
	}
	return false
}

// Done is a question that reached a terminal status.
type Done struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
}

// Waiter holds a dedicated connection that LISTENs for completions. Create
// it before inserting questions so no notification can be missed.
type Waiter struct {
	pool *pgxpool.Pool
	conn *pgxpool.Conn
	q    *dbsqlc.Queries
	// PollInterval is how often statuses are re-read in case a notification
	// was lost (a reconnect drops queued notifications). Defaults to 2s.
	PollInterval time.Duration
	// Reconnected, when set, restores on a connection that replaced a
	// broken one (Wait's reconnect) the session state its caller keeps on
	// Conn: the exam runner's run lock went with the broken connection,
	// and a sweep then aborted the run still being waited for.
	Reconnected func(ctx context.Context, conn *pgx.Conn) error
}

// Listen acquires a connection from pool and starts listening.
func Listen(ctx context.Context, pool *pgxpool.Pool) (*Waiter, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	q := dbsqlc.New()
	if err := q.ListenQueryDone(ctx, conn); err != nil {
		conn.Release()
		return nil, fmt.Errorf("listen: %w", err)
	}
	return &Waiter{pool: pool, conn: conn, q: q, PollInterval: 2 * time.Second}, nil
}

// Conn is the connection w listens on, held until Close. A caller may keep
// session state on it for as long as it waits: the exam runner holds its
// run's advisory lock there.
func (w *Waiter) Conn() *pgx.Conn { return w.conn.Conn() }

// Close releases the connection (and its LISTEN, by closing it: a pooled
// connection must not keep listening for the next user).
func (w *Waiter) Close() {
	if w.conn != nil {
		_ = w.conn.Conn().Close(context.Background())
		w.conn.Release()
		w.conn = nil
	}
}

// Wait blocks until every question in ids is terminal, calling onDone once
// per question as it finishes (in completion order), or until ctx ends.
func (w *Waiter) Wait(ctx context.Context, ids []int64, onDone func(Done)) error {
	pending := make(map[int64]bool, len(ids))
	for _, id := range ids {
		pending[id] = true
	}
	finish := func(d Done) {
		if pending[d.ID] {
			delete(pending, d.ID)
			if onDone != nil {
				onDone(d)
			}
		}
	}
	// poll finds what is already terminal (finished before we listened,
	// or while the connection was being replaced). When the connection
	// breaks (a server restart, a network blip), listen again on a fresh
	// one; polling after that finds what finished meanwhile.
	poll := func() error {
		err := w.poll(ctx, pending, finish)
		for tries := 0; err != nil && ctx.Err() == nil && tries < 5; tries++ {
			if rerr := w.relisten(ctx); rerr != nil {
				return fmt.Errorf("waiting for %s: %w (reconnecting: %v)", Channel, err, rerr)
			}
			err = w.poll(ctx, pending, finish)
		}
		return err
	}
	if err := poll(); err != nil {
		return err
	}
	for len(pending) > 0 {
		wctx, cancel := context.WithTimeout(ctx, w.PollInterval)
		n, err := w.conn.Conn().WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			// Any role may NOTIFY any channel, so a payload is only a hint:
			// the status comes from the row, which row-level security lets
			// a client read only of its own questions.
			var d Done
			if json.Unmarshal([]byte(n.Payload), &d) == nil && pending[d.ID] {
				if err := w.poll(ctx, map[int64]bool{d.ID: true}, finish); err != nil {
					if err := poll(); err != nil { // reconnects
						return err
					}
				}
			}
			continue
		case ctx.Err() != nil:
			return ctx.Err()
		case !errors.Is(err, context.DeadlineExceeded):
			if rerr := w.relisten(ctx); rerr != nil {
				return fmt.Errorf("waiting for %s: %w (reconnecting: %v)", Channel, err, rerr)
			}
		}
		if err := poll(); err != nil {
			return err
		}
	}
	return nil
}

// relisten replaces a broken connection, trying for up to a minute.
func (w *Waiter) relisten(ctx context.Context) error {
	w.Close()
	var err error
	for range 30 {
		var conn *pgxpool.Conn
		if conn, err = w.pool.Acquire(ctx); err == nil {
			if err = w.q.ListenQueryDone(ctx, conn); err == nil && w.Reconnected != nil {
				err = w.Reconnected(ctx, conn.Conn())
			}
			if err == nil {
				w.conn = conn
				return nil
			}
			_ = conn.Conn().Close(context.Background())
			conn.Release()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}

func (w *Waiter) poll(ctx context.Context, pending map[int64]bool, finish func(Done)) error {
	if len(pending) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(pending))
	for id := range pending {
		ids = append(ids, id)
	}
	rows, err := w.q.ListQueryStatuses(ctx, w.conn, ids)
	if err != nil {
		return fmt.Errorf("reading statuses: %w", err)
	}
	seen := make(map[int64]bool, len(rows))
	for _, r := range rows {
		seen[r.ID] = true
		if r.Status == "succeeded" || r.Status == "failed" {
			finish(Done{ID: r.ID, Status: r.Status})
		}
	}
	for _, id := range ids {
		if !seen[id] {
			// Deleted (by hand, or with its database): it never finishes.
			finish(Done{ID: id, Status: StatusDeleted})
		}
	}
	return nil
}

// StatusDeleted is the Done status of a question deleted before it
// finished: no notification comes for it.
const StatusDeleted = "deleted"

// Submit inserts one question and returns its id.
func Submit(ctx context.Context, db dbsqlc.DBTX, database, question string, options map[string]any) (int64, error) {
	opts := []byte("{}")
	if len(options) > 0 {
		var err error
		if opts, err = json.Marshal(options); err != nil {
			return 0, err
		}
	}
	return dbsqlc.New().InsertQuery(ctx, db, &dbsqlc.InsertQueryParams{DatabaseName: database, Question: question, Options: opts})
}

// SubmitMany inserts questions in one statement (one job INSERT and one
// NOTIFY through the statement-level trigger) and returns their ids in order.
func SubmitMany(ctx context.Context, db dbsqlc.DBTX, database string, questions []string, options []map[string]any) ([]int64, error) {
	if len(options) != 0 && len(options) != len(questions) {
		return nil, errors.New("submit: one options object per question, or none")
	}
	raw := make([][]byte, len(questions))
	for i := range questions {
		raw[i] = []byte("{}")
		if len(options) > 0 && len(options[i]) > 0 {
			b, err := json.Marshal(options[i])
			if err != nil {
				return nil, err
			}
			raw[i] = b
		}
	}
	return dbsqlc.New().InsertQueries(ctx, db, &dbsqlc.InsertQueriesParams{DatabaseName: database, Questions: questions, Options: raw})
}
