package target

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// explainPrefix is prepended to a guarded SELECT. It is the one SQL text in
// this package built at run time: EXPLAIN takes its statement as syntax, not
// as a parameter. The statement it wraps has passed the guard (exactly one
// SELECT), and the extended protocol used here rejects multiple statements
// on its own.
const explainPrefix = "EXPLAIN (FORMAT JSON) "

// Plan is the verdict of EXPLAIN on a statement.
type Plan struct {
	// Raw is EXPLAIN's JSON output, kept for the record (rag.candidates.plan).
	Raw json.RawMessage
	// NodeType, TotalCost and Rows describe the plan's root node.
	NodeType  string
	TotalCost float64
	Rows      float64
}

// Explain runs EXPLAIN (FORMAT JSON) on sql in a READ ONLY transaction with
// the explain timeout. Errors are *errclass.Error: a Postgres error keeps its
// SQLSTATE and class (42703 is sql_error, 57014 query_timeout, ...).
func (r *Registry) Explain(ctx context.Context, db Database, sql string) (*Plan, error) {
	// EXPLAIN without ANALYZE never runs the statement, but planning
	// evaluates what it can fold: a STABLE function over constants runs
	// at plan time, and what it does that READ ONLY allows (pg_notify,
	// set_config(..., false)) would be committed by an implicit
	// transaction. So EXPLAIN ends in ROLLBACK, as Execute does.
	st, err := r.send(ctx, db, r.cfg.ExplainTimeout, explainPrefix+sql)
	if err != nil {
		return nil, err
	}
	defer st.release(ctx, false)
	if err := st.settle(); err != nil {
		return nil, err
	}
	statementError := statementErrorWithin(st.start, r.cfg.ExplainTimeout)
	var raw []byte
	if err := st.br.QueryRow().Scan(&raw); err != nil {
		rebase(err)
		return nil, st.fail(statementError, err)
	}
	// Closing the batch runs the ROLLBACK.
	if err := st.br.Close(); err != nil && !st.conn.Conn().IsClosed() {
		return nil, st.fail(statementError, err)
	}
	plan := &Plan{Raw: raw}
	var doc []struct {
		Plan struct {
			NodeType  string  `json:"Node Type"`
			TotalCost float64 `json:"Total Cost"`
			PlanRows  float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &doc); err == nil && len(doc) > 0 {
		plan.NodeType, plan.TotalCost, plan.Rows = doc[0].Plan.NodeType, doc[0].Plan.TotalCost, doc[0].Plan.PlanRows
	}
	return plan, nil
}

// explainPrefixChars is the prefix's length in characters.
var explainPrefixChars = int32(utf8.RuneCountInString(explainPrefix))

// rebase makes the position of a Postgres error from EXPLAIN point into
// the caller's SQL rather than into the prefixed text, so that repair can
// find the reference it names.
func rebase(err error) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Position > explainPrefixChars {
		pe.Position -= explainPrefixChars
	}
}

// Column describes a result column.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Result is a query result in JSON-ready form: numbers are json.Number with
// Postgres' exact text, dates "2006-01-02", timestamps RFC 3339 ("Z" for
// timestamptz, written in UTC whatever the session's zone), json/jsonb
// embedded as JSON, arrays (of enums, domains and composites too) as JSON
// arrays nested per dimension of their elements in these forms, other
// types as their Postgres text.
type Result struct {
	Columns   []Column
	Rows      [][]any
	RowCount  int
	Truncated bool
	// TruncatedBy is the limit that cut the result when Truncated ("" when
	// not): a message blaming the row limit for a result the byte cap cut
	// would have its reader raise the wrong one.
	TruncatedBy Limit
	Duration    time.Duration
}

// Limit is a limit that can cut a result.
type Limit string

const (
	LimitRows  Limit = "max_rows"         // ExecOptions.MaxRows, or Config.MaxRows
	LimitBytes Limit = "max_result_bytes" // Config.MaxResultBytes
)

// ExecOptions override the registry's limits for one execution.
type ExecOptions struct {
	// MaxRows overrides Config.MaxRows when positive.
	MaxRows int
	// Timeout overrides Config.StatementTimeout when positive.
	Timeout time.Duration
}

// Execute runs sql in a READ ONLY transaction with a statement timeout and
// keeps at most MaxRows rows, setting Truncated when there were more.
func (r *Registry) Execute(ctx context.Context, db Database, sql string, opts ExecOptions) (*Result, error) {
	maxRows, timeout := r.cfg.MaxRows, r.cfg.StatementTimeout
	if opts.MaxRows > 0 {
		maxRows = opts.MaxRows
	}
	if opts.Timeout > 0 {
		timeout = opts.Timeout
	}
	// An explicit transaction, rolled back rather than committed: a read
	// needs no commit, and a rollback undoes what READ ONLY lets through
	// (lo_create, set_config(..., false), pg_notify) should a statement ever
	// slip past the guard. The ROLLBACK rides in the same round trip; when
	// the statement fails, the server skips it and the block is rolled back
	// on the acquired connection before it goes back to the pool.
	st, err := r.send(ctx, db, timeout, sql)
	if err != nil {
		return nil, err
	}
	cancelled := false // a cancel request was sent (truncatedDrain)
	defer func() { st.release(ctx, cancelled) }()
	if err := st.settle(); err != nil {
		return nil, err
	}
	conn, fail, start := st.conn, st.fail, st.start
	statementError := statementErrorWithin(start, timeout)
	rows, err := st.br.Query()
	if err != nil {
		return nil, fail(statementError, err)
	}
	fields := rows.FieldDescriptions()
	res := &Result{Columns: make([]Column, len(fields)), Rows: [][]any{}}
	oids := make([]uint32, len(fields))
	// An array is read from its text into a JSON array, each element as
	// the element type's own value (arrays[i]); any other column textValue
	// does not read keeps its text, PostgreSQL's own spelling (xml, "char",
	// inet, ranges, enums, composites). pgx knows the built-in array types;
	// the others (of enums, domains, composites) keep their text until the
	// connection is released, and are read then (unknownArrays).
	arrays := make([]arrayOf, len(fields))
	var unknown []uint32
	for i, f := range fields {
		res.Columns[i].Name = f.Name
		oids[i] = f.DataTypeOID
		t, ok := conn.Conn().TypeMap().TypeForOID(f.DataTypeOID)
		switch {
		case !ok:
			unknown = append(unknown, f.DataTypeOID)
		case t.Codec != nil:
			if ac, ok := t.Codec.(*pgtype.ArrayCodec); ok && ac.ElementType != nil {
				arrays[i] = arrayOf{elem: ac.ElementType.OID, delim: ','}
				if ac.ElementType.OID == pgtype.BoxOID {
					arrays[i].delim = ';' // box's text holds commas
				}
			}
		}
	}
	size := 0
	for rows.Next() {
		if len(res.Rows) == maxRows {
			res.Truncated, res.TruncatedBy = true, LimitRows
			break
		}
		raw := rows.RawValues()
		for _, b := range raw {
			size += len(b)
		}
		if size > r.cfg.MaxResultBytes {
			res.Truncated, res.TruncatedBy = true, LimitBytes
			break
		}
		row := make([]any, len(raw))
		for i, b := range raw {
			switch {
			case b == nil:
				row[i] = nil
			case arrays[i].delim != 0:
				row[i] = arrayValue(arrays[i], string(b))
			default:
				row[i] = cellValue(oids[i], string(b))
			}
		}
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); oversized(err) {
		// A row longer than the cap, refused as it arrived (pool): the
		// rows before it stand, and the connection, left in the middle of
		// a message, is closed by pgx.
		res.Truncated, res.TruncatedBy = true, LimitBytes
		rows.Close()
	} else if res.Truncated {
		// Closing the rows reads the rest of the result, which may be far
		// larger or slower than what was kept (a model's own LIMIT of a
		// hundred million): past truncatedDrain the statement is
		// cancelled, and the answer in hand stands.
		t := time.AfterFunc(truncatedDrain, func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.cfg.ConnectTimeout)
			defer cancel()
			_ = conn.Conn().PgConn().CancelRequest(cctx)
		})
		rows.Close()
		// Stop fails once the cancel is on its way.
		cancelled = !t.Stop()
	} else {
		rows.Close()
	}
	if err := rows.Err(); err != nil && !(cancelled && isCancel(err)) && !oversized(err) {
		return nil, fail(statementError, err)
	}
	res.RowCount = len(res.Rows)
	res.Duration = time.Since(start)

	// The batch holds the connection until closed (which runs the
	// ROLLBACK); type names (cached after the first result of each type)
	// are looked up on another one. After a cancel the ROLLBACK was
	// skipped with the statement; release closes that connection.
	if err := st.br.Close(); err != nil && !cancelled && !conn.Conn().IsClosed() {
		return nil, fail(statementError, err)
	}
	st.release(ctx, cancelled)
	names, err := st.e.types.lookup(ctx, st.e.pool, r.queries, oids)
	if err != nil {
		return nil, statementError(db, err)
	}
	for i := range res.Columns {
		res.Columns[i].Type = names[i]
	}
	if len(unknown) > 0 && len(res.Rows) > 0 {
		if err := r.unknownArrays(ctx, st.e, oids, unknown, res); err != nil {
			return nil, statementError(db, err)
		}
	}
	return res, nil
}

// unknownArrays reads, in res, the columns of array types pgx does not
// know from the text they were kept as. It looks the types up on another
// of the database's connections, so only once the statement's is
// released: holding one while waiting for another would deadlock a pool
// whose every connection runs a statement doing the same.
func (r *Registry) unknownArrays(ctx context.Context, e *entry, oids, unknown []uint32, res *Result) error {
	found, err := e.types.arrays(ctx, e.pool, r.queries, unknown)
	if err != nil || len(found) == 0 {
		return err
	}
	for i, o := range oids {
		a, ok := found[o]
		if !ok {
			continue
		}
		for _, row := range res.Rows {
			if s, ok := row[i].(string); ok {
				row[i] = arrayValue(a, s)
			}
		}
	}
	return nil
}

// sent is one statement on its way to a target: the session settings,
// the statement and a ROLLBACK, queued on an acquired connection and sent
// in one round trip. Explain and Execute read its results.
type sent struct {
	r     *Registry
	db    Database
	e     *entry // db's pool and type names
	conn  *pgxpool.Conn
	br    pgx.BatchResults
	setup int       // statements queued before the caller's
	start time.Time // when it was sent
	done  bool
	// ctx bounds the statement's round trips (send); cancel releases it.
	ctx    context.Context
	cancel context.CancelFunc
	bound  time.Duration
}

// send queues sql on db under timeout, between the session settings and
// a ROLLBACK (batch), and sends it on a connection of db's pool.
func (r *Registry) send(ctx context.Context, db Database, timeout time.Duration, sql string) (*sent, error) {
	e, rec, setup, err := r.batch(db, timeout)
	if err != nil {
		return nil, err
	}
	rec.batch.Queue(sql)
	if err := r.queries.Rollback(ctx, rec); err != nil {
		return nil, err
	}
	conn, err := e.pool.Acquire(ctx)
	if err != nil {
		return nil, r.connectError(db, err)
	}
	// The server ends the statement at timeout; a server that does not
	// answer by then and ConnectTimeout more (a network partition, a frozen
	// host) would otherwise hold the connection and the stage's worker
	// until the stage's own timeout, minutes, while the DB queue's other
	// questions, whatever their database, wait behind it.
	bound := timeout + r.cfg.ConnectTimeout
	sctx, cancel := context.WithTimeoutCause(ctx, bound, errNoAnswer)
	st := &sent{r: r, db: db, e: e, conn: conn, setup: setup, start: time.Now(), ctx: sctx, cancel: cancel, bound: bound}
	st.br = conn.SendBatch(sctx, &rec.batch)
	return st, nil
}

// errNoAnswer is the cause of a statement's context ended by its bound in
// send: the server did not answer.
var errNoAnswer = errors.New("the database did not answer")

// settle reads the session settings' results: a failure there is the
// session's (setupError), never the statement's.
func (s *sent) settle() error {
	for range s.setup {
		if _, err := s.br.Exec(); err != nil {
			return s.fail(s.r.setupError, err)
		}
	}
	return nil
}

// fail classifies err from the statement (Registry.failed), or says the
// server did not answer within the statement's bound (send).
func (s *sent) fail(classify func(Database, error) error, err error) error {
	if errors.Is(context.Cause(s.ctx), errNoAnswer) {
		return &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.no_answer",
			Message: fmt.Sprintf("database %q did not answer within %s (the statement's timeout and %s more): the server or the network to it is not responding",
				s.db.Name, s.bound, s.r.cfg.ConnectTimeout),
			Err: err,
		}
	}
	return s.r.failed(s.conn, s.db, classify, err)
}

// release closes the batch and gives the connection back, once. After a
// cancel request (cancelled) the connection is closed instead: the cancel
// may land after the statement ended, on whatever the connection runs
// next. When the statement failed before the ROLLBACK ran, the block is
// ended here, or the pool would close the connection.
func (s *sent) release(ctx context.Context, cancelled bool) {
	if s.done {
		return
	}
	s.done = true
	_ = s.br.Close()
	conn := s.conn.Conn()
	if cancelled {
		_ = conn.Close(context.WithoutCancel(ctx))
	} else if conn.PgConn().TxStatus() != 'I' && !conn.IsClosed() {
		_ = s.r.queries.Rollback(context.WithoutCancel(ctx), s.conn)
	}
	s.conn.Release()
	s.cancel()
}

// truncatedDrain is how long Execute reads the rest of a result it
// already cut at MaxRows or MaxResultBytes before cancelling the statement:
// long enough to finish a result a little over the cap on the same
// connection, short against the statement timeout (10s) that reading a
// huge result would otherwise run into, turning the rows in hand into a
// query_timeout.
const truncatedDrain = 100 * time.Millisecond

// oversized reports whether err is a message refused for its length.
func oversized(err error) bool {
	var e *pgproto3.ExceededMaxBodyLenErr
	return errors.As(err, &e)
}

// failed classifies err from a statement on conn: a failure after a
// message too long to read surfaces from pgx as a closed connection, and
// the framing says what it was; anything else is classify's.
func (r *Registry) failed(conn *pgxpool.Conn, db Database, classify func(Database, error) error, err error) error {
	if e := r.framings.refused(conn.Conn().PgConn()); e != nil {
		return tooLongError(db, e)
	}
	return classify(db, err)
}

// tooLongError is a statement's failure the database described at more
// length than a target connection reads (framing).
func tooLongError(db Database, e *MessageTooLongError) error {
	what := "the statement's result could not be read"
	if e.Type == 'E' {
		what = "the statement failed"
	}
	return &errclass.Error{
		Class: errclass.SQLError, Code: "target.message_too_long", Permanent: true,
		Message: fmt.Sprintf("database %q: %s: %v, not read", db.Name, what, e), Err: e,
	}
}

// isCancel reports whether err is the statement's cancellation (57014).
func isCancel(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "57014"
}

// statementErrorWithin is statementError for a statement sent at start
// under timeout: a cancel (57014) that came before timeout had passed
// cannot be the statement timeout, which counts from later still (the
// server's start of the statement), so it is someone's cancel on the
// server, whatever language the server writes its messages in.
func statementErrorWithin(start time.Time, timeout time.Duration) func(Database, error) error {
	return func(db Database, err error) error {
		ours := errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
		if !ours && isCancel(err) && time.Since(start) < timeout {
			return cancelledOnServer(db, errclass.Classify(err), err)
		}
		return statementError(db, err)
	}
}

// cancelledOnServer is a statement cancelled on the server, not by its
// timeout: an infra_failure River runs again.
func cancelledOnServer(db Database, ce *errclass.Error, err error) error {
	return &errclass.Error{
		Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "target.cancelled_on_server",
		Message: fmt.Sprintf("database %q: the statement was cancelled on the server, not by its timeout: %s", db.Name, ce.Message), Err: err,
	}
}

// statementError classifies an error raised while running a statement:
// Postgres errors keep their SQLSTATE class; a lost connection is an infra
// failure.
func statementError(db Database, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.cancelled",
			Message: fmt.Sprintf("database %q: the worker stopped waiting: %v", db.Name, err), Err: err,
		}
	}
	ce := errclass.Classify(err)
	if ce.SQLSTATE == "57014" && strings.Contains(ce.Message, "due to user request") {
		// Cancelled on the server by someone (pg_cancel_backend, an
		// operator): not the statement's cost, so no cheaper query is
		// asked of the model; run again. Matched on the server's English
		// words; statementErrorWithin tells the two apart whatever the
		// server's lc_messages when the cancel came early.
		return cancelledOnServer(db, ce, err)
	}
	if ce.SQLSTATE == "55P03" {
		// lock_timeout (batch): the statement waited for a lock another
		// session holds (ALTER TABLE, VACUUM FULL, LOCK TABLE) nearly all
		// its time. Not its cost, so no cheaper query is asked of the
		// model; the lock is someone else's and passes: run again.
		return &errclass.Error{
			Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "target.lock_wait",
			Message: fmt.Sprintf("database %q: the statement waited for a lock another session holds on a table it reads (an ALTER TABLE, VACUUM FULL or LOCK TABLE running there): %s", db.Name, ce.Message),
			Err:     err,
		}
	}
	if strings.HasPrefix(ce.SQLSTATE, "40") {
		// transaction_rollback: a serialization failure (a hot standby's
		// "canceling statement due to conflict with recovery", when the
		// primary removed rows the query still reads) or a deadlock. Other
		// sessions' work, not the statement's fault, and it passes: run
		// again, as the SQLSTATE's class says.
		return &errclass.Error{
			Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "target.rolled_back",
			Message: fmt.Sprintf("database %q rolled the statement back for what other sessions did (it may succeed when run again): %s", db.Name, ce.Message),
			Err:     err,
		}
	}
	if ce.SQLSTATE == "" && ce.Class == errclass.Unknown {
		// Not a Postgres error: the connection broke underneath the query.
		return &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.connection",
			Message: fmt.Sprintf("database %q: %s", db.Name, ce.Message), Err: err,
		}
	}
	if ce.Class == errclass.InfraFailure && !strings.HasPrefix(ce.SQLSTATE, "57P") {
		// The server answered the statement with a resource or limit error
		// (53xxx, 54xxx, ...): it is kept from the model (docs/DESIGN.md, Error
		// classes and retry gating),
		// and running the same statement again would meet it again.
		// Shutdowns (57P0x) lose the connection and are worth a retry.
		return &errclass.Error{
			Class: ce.Class, SQLSTATE: ce.SQLSTATE, Code: "target.statement", Permanent: true,
			Message: fmt.Sprintf("database %q refused the statement: %s", db.Name, ce.Message), Err: err,
		}
	}
	return ce
}

// cellValue is a non-NULL value of type oid from its text form s: a JSON
// form for common scalar types (textValue), else s, PostgreSQL's own
// spelling.
func cellValue(oid uint32, s string) any {
	if v, ok := textValue(oid, s); ok {
		return v
	}
	return s
}

// textValue converts the text form of common scalar types without pgx's
// decoding (cheaper, and exact for numerics). ok is false for types it does
// not handle.
func textValue(oid uint32, s string) (v any, ok bool) {
	switch oid {
	case pgtype.Int2OID, pgtype.Int4OID, pgtype.Int8OID, pgtype.OIDOID:
		return json.Number(s), true
	case pgtype.NumericOID, pgtype.Float4OID, pgtype.Float8OID:
		if _, err := strconv.ParseFloat(s, 64); err != nil || s == "NaN" || s == "Infinity" || s == "-Infinity" {
			return s, true
		}
		if f, _ := strconv.ParseFloat(s, 64); math.IsInf(f, 0) {
			return s, true // beyond float64 range: keep the exact text as a string
		}
		return json.Number(s), true
	case pgtype.BoolOID:
		return s == "t", true
	case pgtype.TextOID, pgtype.VarcharOID, pgtype.BPCharOID, pgtype.NameOID, pgtype.UUIDOID, pgtype.DateOID,
		pgtype.IntervalOID, pgtype.TimeOID:
		return s, true
	case pgtype.TimestampOID:
		if t, err := time.Parse("2006-01-02 15:04:05.999999", s); err == nil {
			return t.Format("2006-01-02T15:04:05.999999"), true
		}
		return s, true
	case pgtype.TimestamptzOID:
		// The session's zone writes the offset as +01, +05:30, or, before
		// standard time, +05:53:28.
		for _, layout := range timestamptzLayouts {
			if t, err := time.Parse(layout, s); err == nil {
				return utcTimestamptz(t, ""), true
			}
		}
		if u, ok := farTimestamptz(s); ok {
			return u, true
		}
		return s, true // infinity, -infinity
	case pgtype.JSONBOID:
		if json.Valid([]byte(s)) {
			return json.RawMessage(s), true
		}
		return s, true
	case pgtype.JSONOID:
		// json keeps its input's text, which may hold what jsonb, and so
		// rag.query_results.rows, cannot (jsonbSafe): embedded, such a
		// value made storing the answer fail, again on every retry of
		// the question. It is kept as its text, a JSON string.
		if json.Valid([]byte(s)) && jsonbSafe(s) {
			return json.RawMessage(s), true
		}
		return s, true
	}
	return nil, false
}

// timestamptzLayouts are PostgreSQL's ISO forms of a timestamptz, by how
// its zone's offset is written.
var timestamptzLayouts = []string{
	"2006-01-02 15:04:05.999999-07",
	"2006-01-02 15:04:05.999999-07:00",
	"2006-01-02 15:04:05.999999-07:00:00",
}

// farTimestamptz reads a timestamptz as PostgreSQL writes it where Go's
// layouts do not (a year of five digits, or before Christ: "12000-06-01
// 05:30:00+05:30", "0044-03-15 17:53:28+05:53:28 BC") and writes it as a
// UTC session does: RFC 3339 with Z where its UTC year has four digits,
// else PostgreSQL's text at +00. Kept in the session's zone, the same
// value read differently on databases set to different zones.
func farTimestamptz(s string) (string, bool) {
	s, bc := strings.CutSuffix(s, " BC")
	date, clock, ok := strings.Cut(s, " ")
	if !ok {
		return "", false
	}
	ymd := strings.Split(date, "-")
	at := strings.IndexAny(clock, "+-")
	if len(ymd) != 3 || len(ymd[0]) < 4 || at < 0 {
		return "", false
	}
	hms := strings.Split(clock[:at], ":")
	off := strings.Split(clock[at+1:], ":")
	if len(hms) != 3 || len(off) > 3 {
		return "", false
	}
	sec, frac, _ := strings.Cut(hms[2], ".")
	nums := append([]string{ymd[0], ymd[1], ymd[2], hms[0], hms[1], sec}, off...)
	v := make([]int, len(nums))
	for i, n := range nums {
		var err error
		if v[i], err = strconv.Atoi(n); err != nil || v[i] < 0 {
			return "", false
		}
	}
	year := v[0]
	if bc {
		year = 1 - year // 1 BC is year 0
	}
	offset := 0
	for i, o := range v[6:] {
		offset += o * []int{3600, 60, 1}[i]
	}
	if clock[at] == '-' {
		offset = -offset
	}
	return utcTimestamptz(time.Date(year, time.Month(v[1]), v[2], v[3], v[4], v[5], 0, time.FixedZone("", offset)), frac), true
}

// utcTimestamptz writes t, a timestamptz read from the session's zone, as
// a UTC session does: RFC 3339 with Z where its UTC year has four digits,
// else PostgreSQL's text at +00. frac is the fraction of a second as
// PostgreSQL wrote it ("25" for .25), or "" to take t's own. The UTC
// year, not the session's, decides: west of UTC, 9999-12-31 22:00-05 is
// in the year 10000, and east of it 0001-01-01 01:53:28+05:53:28 is in 1
// BC.
func utcTimestamptz(t time.Time, frac string) string {
	t = t.UTC()
	if frac == "" && t.Nanosecond() != 0 {
		frac = strings.TrimRight(fmt.Sprintf("%09d", t.Nanosecond()), "0")
	}
	if y := t.Year(); y >= 1 && y <= 9999 && frac == "" {
		return t.Format(time.RFC3339)
	} else if y >= 1 && y <= 9999 {
		return t.Format("2006-01-02T15:04:05") + "." + frac + "Z"
	}
	y, era := t.Year(), ""
	if y <= 0 {
		y, era = 1-y, " BC"
	}
	if frac != "" {
		frac = "." + frac
	}
	return fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d%s+00%s", y, t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), frac, era)
}

// jsonbSafe reports whether jsonb takes the valid JSON text s: PostgreSQL
// refuses the escape \u0000, a lone surrogate (\ud800 without its pair),
// and a number beyond numeric's range (1e1000000, 1e-20000), all of
// which json keeps as written. It errs on the side of false.
func jsonbSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			end, ok := jsonbSafeString(s, i+1)
			if !ok {
				return false
			}
			i = end
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(s) && strings.IndexByte("+-.eE0123456789", s[j]) >= 0 {
				j++
			}
			if !numericRange(s[i:j]) {
				return false
			}
			i = j - 1
		}
	}
	return true
}

// jsonbSafeString checks the string of valid JSON text s that starts at
// i, after its opening quote, and returns the index of its closing quote.
func jsonbSafeString(s string, i int) (int, bool) {
	for ; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i, true
		case '\\':
			i++
			if s[i] != 'u' {
				continue
			}
			r := hex4(s[i+1:])
			i += 4
			switch {
			case r == 0, r >= 0xdc00 && r <= 0xdfff:
				return 0, false
			case r >= 0xd800 && r <= 0xdbff:
				if !strings.HasPrefix(s[i+1:], `\u`) {
					return 0, false
				}
				if lo := hex4(s[i+3:]); lo < 0xdc00 || lo > 0xdfff {
					return 0, false
				}
				i += 6
			}
		}
	}
	return 0, false
}

// hex4 is the value of the four hex digits s starts with (valid JSON).
func hex4(s string) int {
	n, err := strconv.ParseUint(s[:4], 16, 16)
	if err != nil {
		return -1
	}
	return int(n)
}

// numericRange reports whether the JSON number s is within numeric's
// range: at most 131072 digits before the decimal point and 16383 after
// (PostgreSQL's NUMERIC_WEIGHT_MAX and NUMERIC_DSCALE_MAX); a leading
// "0." counts as a digit, which errs on the side of false.
func numericRange(s string) bool {
	mant, exp := s, int64(0)
	if k := strings.IndexAny(s, "eE"); k >= 0 {
		e, err := strconv.ParseInt(strings.TrimPrefix(s[k+1:], "+"), 10, 32)
		if err != nil {
			return false
		}
		mant, exp = s[:k], e
	}
	mant = strings.TrimPrefix(mant, "-")
	intDigits, fracDigits := int64(len(mant)), int64(0)
	if k := strings.IndexByte(mant, '.'); k >= 0 {
		intDigits, fracDigits = int64(k), int64(len(mant)-k-1)
	}
	return intDigits+exp <= 131072 && fracDigits-exp <= 16383
}

// arrayValue is a non-NULL array of element type elem from its text form
// s: a JSON array, nested for each dimension, of the elements' values as
// cellValue reads them ("{{1,2},{3,4}}" is [[1,2],[3,4]]). An array with
// lower bounds other than 1 ("[0:1]={1,2}"), which a JSON array cannot
// state, or text it cannot read, keeps PostgreSQL's text.
func arrayValue(a arrayOf, s string) any {
	p := arrayParser{s: s, elem: a.elem, delim: a.delim}
	v, ok := p.array()
	if !ok || p.i != len(s) {
		return s
	}
	return v
}

// arrayParser reads array_out's text: braces for each dimension, elements
// separated by delim, NULL unquoted, other elements double-quoted (with
// backslash escapes) when they hold a special character or are empty.
type arrayParser struct {
	s     string
	i     int
	elem  uint32
	delim byte
}

func (p *arrayParser) array() ([]any, bool) {
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		return nil, false
	}
	p.i++
	out := []any{}
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return out, true
	}
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '{':
			sub, ok := p.array()
			if !ok {
				return nil, false
			}
			out = append(out, sub)
		case '"':
			var b strings.Builder
			for p.i++; p.i < len(p.s) && p.s[p.i] != '"'; p.i++ {
				if p.s[p.i] == '\\' {
					p.i++
					if p.i == len(p.s) {
						return nil, false
					}
				}
				b.WriteByte(p.s[p.i])
			}
			if p.i == len(p.s) {
				return nil, false
			}
			p.i++
			out = append(out, cellValue(p.elem, b.String()))
		default:
			j := p.i
			for j < len(p.s) && p.s[j] != p.delim && p.s[j] != '}' {
				if strings.IndexByte("{\"\\", p.s[j]) >= 0 {
					return nil, false
				}
				j++
			}
			if e := p.s[p.i:j]; e == "NULL" {
				out = append(out, nil)
			} else {
				out = append(out, cellValue(p.elem, e))
			}
			p.i = j
		}
		if p.i == len(p.s) {
			return nil, false
		}
		switch p.s[p.i] {
		case p.delim:
			p.i++
		case '}':
			p.i++
			return out, true
		default:
			return nil, false
		}
	}
	return nil, false
}

// arrayOf is how a column's array text is read: its element type and the
// delimiter between elements; delim 0 for a column that is no array.
type arrayOf struct {
	elem  uint32
	delim byte
}

// typeCache maps type OIDs to format_type names, and to what arrays of
// types pgx does not know hold, for one database.
type typeCache struct {
	mu      sync.RWMutex
	byOID   map[uint32]string
	arrayOf map[uint32]arrayOf // the zero arrayOf for a type that is no array
}

func newTypeCache() *typeCache {
	return &typeCache{byOID: map[uint32]string{}, arrayOf: map[uint32]arrayOf{}}
}

// arrays returns, of oids (types pgx does not know), the array types with
// their element type and delimiter, looked up once a database.
func (c *typeCache) arrays(ctx context.Context, db dbsqlc.DBTX, q *dbsqlc.Queries, oids []uint32) (map[uint32]arrayOf, error) {
	out := map[uint32]arrayOf{}
	var missing []int64
	c.mu.RLock()
	for _, o := range oids {
		if a, ok := c.arrayOf[o]; !ok {
			missing = append(missing, int64(o))
		} else if a.delim != 0 {
			out[o] = a
		}
	}
	c.mu.RUnlock()
	if len(missing) == 0 {
		return out, nil
	}
	found, err := q.ArrayTypes(ctx, db, missing)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, o := range missing {
		c.arrayOf[uint32(o)] = arrayOf{}
	}
	for _, f := range found {
		a := arrayOf{elem: uint32(f.Elem), delim: ','}
		if len(f.Delim) == 1 {
			a.delim = f.Delim[0]
		}
		c.arrayOf[uint32(f.Oid)], out[uint32(f.Oid)] = a, a
	}
	return out, nil
}

func (c *typeCache) lookup(ctx context.Context, db dbsqlc.DBTX, q *dbsqlc.Queries, oids []uint32) ([]string, error) {
	out := make([]string, len(oids))
	var missing []int64
	c.mu.RLock()
	for i, o := range oids {
		if n, ok := c.byOID[o]; ok {
			out[i] = n
		} else {
			missing = append(missing, int64(o))
		}
	}
	c.mu.RUnlock()
	if len(missing) == 0 {
		return out, nil
	}
	found, err := q.TypeNames(ctx, db, missing)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	for _, f := range found {
		c.byOID[uint32(f.Oid)] = f.Name
	}
	for i, o := range oids {
		if out[i] == "" {
			out[i] = c.byOID[o]
		}
	}
	c.mu.Unlock()
	return out, nil
}
