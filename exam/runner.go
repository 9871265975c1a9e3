package exam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam/compare"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
)

// Config configures a Runner.
type Config struct {
	// Database is the registered database (rag.databases) the questions are
	// asked of. Required.
	Database string
	// Questions is the exam. Required.
	Questions []Question
	// Model is the chat model. Every question is pinned to it
	// (rag.queries.options.model), so rag.exam_runs.model says what
	// answered. Required.
	Model string
	// Runs is how many times Run asks the whole exam. Defaults to 1.
	Runs int
	// Label tells runs apart in rag.exam_runs. Defaults to "" (none).
	Label string
	// Source names where the questions came from (a file, "erp"), for the
	// record. Defaults to "".
	Source string
	// Options are added to every question's rag.queries.options
	// (max_attempts, temperature, schema_format, timeout_ms, max_rows,
	// tags); the exam's tags (exam_run_id, exam_question_id) are merged
	// into tags. Defaults to none.
	Options map[string]any
	// Settings are recorded in rag.exam_runs.config so runs can be
	// compared (the pipeline's configuration, say). Defaults to none.
	Settings map[string]any
	// ExactColumns grades answers with extra columns as wrong
	// (compare.Options.ExactColumns). Defaults to false.
	ExactColumns bool
	// MaxRows is each question's options.max_rows unless Options sets one;
	// a question whose gold has more rows gets gold's count, so that a
	// correct answer is never cut. Defaults to 1000.
	MaxRows int
	// GoldMaxRows caps a gold result; an exam whose gold SQL returns more
	// is refused. Defaults to 100000.
	GoldMaxRows int
	// Guard configures the SQL guard gold SQL must pass, as exam check
	// and generated SQL use it; its DefaultLimit is set from GoldMaxRows.
	// Defaults to sqlguard.Config{}.
	Guard sqlguard.Config
	// GoldTimeout bounds the execution of one gold SQL. Defaults to 1m.
	GoldTimeout time.Duration
	// Timeout bounds the wait for one run's answers; a run not answered in
	// time is aborted. Defaults to 30m.
	Timeout time.Duration
	// PollInterval is how often statuses are re-read in case a completion
	// notification was lost. Defaults to 2s.
	PollInterval time.Duration
	// Getenv resolves an env: DSN of the registered database. Defaults to
	// os.Getenv.
	Getenv func(string) string
	// Logger receives progress messages. Defaults to a discarding logger.
	Logger *slog.Logger
	// Progress, when set, is called as answers arrive with the run's id,
	// the questions answered so far and the exam's size. Defaults to nil.
	Progress func(run int64, done, total int)
	// OnRun, when set, is called with each run once it is recorded, before
	// the next one starts. Defaults to nil.
	OnRun func(*RunResult)
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Runs == 0 {
		c.Runs = 1
	}
	if c.MaxRows == 0 {
		c.MaxRows = 1000
	}
	if c.GoldMaxRows == 0 {
		c.GoldMaxRows = DefaultGoldMaxRows
	}
	if c.GoldTimeout == 0 {
		c.GoldTimeout = DefaultGoldTimeout
	}
	if c.Timeout == 0 {
		c.Timeout = 30 * time.Minute
	}
	if c.PollInterval == 0 {
		c.PollInterval = 2 * time.Second
	}
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.Database == "":
		return errors.New("exam: Config.Database is required")
	case len(c.Questions) == 0:
		return errors.New("exam: Config.Questions is empty")
	case strings.TrimSpace(c.Model) == "":
		return errors.New("exam: Config.Model is required")
	case c.Runs < 1:
		return errors.New("exam: Runs must be at least 1")
	case c.MaxRows < 1 || c.GoldMaxRows < 1:
		return errors.New("exam: MaxRows and GoldMaxRows must be positive")
	case c.GoldTimeout <= 0 || c.Timeout <= 0 || c.PollInterval <= 0:
		return errors.New("exam: GoldTimeout, Timeout and PollInterval must be positive")
	}
	if t, ok := c.Options["tags"]; ok {
		if _, isMap := t.(map[string]any); !isMap {
			return errors.New("exam: Options[\"tags\"] must be a map[string]any")
		}
	}
	return validate(c.Questions, nil)
}

// Runner asks an exam through the pipeline and grades the answers. It does
// not answer questions itself: a worker (`nl2sql serve`, or worker.Service
// in the same process) must be running against the same database.
type Runner struct {
	cfg     Config
	meta    *pgxpool.Pool
	targets *target.Registry
	q       *dbsqlc.Queries

	prepared bool
	snap     *catalog.Snapshot
	gold     []compare.Result // by question index
}

// NewRunner returns a Runner over meta, nl2sql's own database, that runs
// gold SQL on the registered database through targets (read-only).
func NewRunner(meta *pgxpool.Pool, targets *target.Registry, cfg Config) (*Runner, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Runner{cfg: cfg, meta: meta, targets: targets, q: dbsqlc.New()}, nil
}

// GoldError reports gold SQL that did not run: the exam cannot be graded.
type GoldError struct {
	Failures []GoldFailure
}

// GoldFailure is one question whose gold SQL failed.
type GoldFailure struct {
	QuestionID string
	Err        error
}

func (e *GoldError) Error() string {
	parts := make([]string, len(e.Failures))
	for i, f := range e.Failures {
		parts[i] = fmt.Sprintf("%s: %v", f.QuestionID, f.Err)
	}
	return fmt.Sprintf("exam: the gold SQL of %d question(s) failed, so the exam cannot be graded (see nl2sql exam check): %s",
		len(e.Failures), strings.Join(parts, "; "))
}

// AbortedError is returned by Run when a run was aborted: nothing it
// measured counts, and the remaining runs are not started.
type AbortedError struct {
	RunID  int64
	Reason string
	// Cause is what stopped the run when it was interrupted (the context's
	// error) or when its results could not be recorded (the database's
	// error); nil otherwise.
	Cause error
}

func (e *AbortedError) Error() string {
	return fmt.Sprintf("exam run %d aborted: %s", e.RunID, e.Reason)
}

// Unwrap returns Cause: errors.Is(err, context.Canceled) holds for an
// interrupted run.
func (e *AbortedError) Unwrap() error { return e.Cause }

// Prepare loads the database's catalog and holds every question's gold to
// what exam check does (Check), running each gold SQL once; Run calls it on
// first use, and later runs reuse the gold results.
func (r *Runner) Prepare(ctx context.Context) error {
	if r.prepared {
		return nil
	}
	snap, err := catalog.Load(ctx, r.meta, r.cfg.Database)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return fmt.Errorf("exam: database %q is not registered (nl2sql db add, or nl2sql exam load for the demo ERP): %w", r.cfg.Database, err)
		}
		return fmt.Errorf("exam: database %q: %w", r.cfg.Database, err)
	}
	db, err := resolveTarget(ctx, r.meta, r.cfg.Database, r.cfg.Getenv)
	if err != nil {
		return err
	}
	opts, err := json.Marshal(r.baseOptions())
	if err != nil {
		return err
	}
	if err := r.q.CheckQueryOptions(ctx, r.meta, opts); err != nil {
		return fmt.Errorf("exam: per-question options refused: %s", errclass.Classify(err).Message)
	}
	gcfg := r.cfg.Guard
	gcfg.DefaultLimit = r.cfg.GoldMaxRows + 1
	guard, err := sqlguard.New(gcfg)
	if err != nil {
		return err
	}
	cat := parts.Catalog{S: snap}
	gold := make([]compare.Result, len(r.cfg.Questions))
	var failed []GoldFailure
	for i, q := range r.cfg.Questions {
		// As exam check holds it: a gold the guard refuses, or an empty one
		// not said to be, would grade answers against nothing; an expected
		// table not in the catalog would make every answer a retrieval miss.
		if _, refusal := guardGold(guard, cat, q.GoldSQL); refusal != "" {
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: errors.New(refusal)})
			continue
		}
		if p := changingGold(q.GoldSQL); p != "" {
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: errors.New(p)})
			continue
		}
		if p := unorderedGold(q); p != "" {
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: errors.New(p)})
			continue
		}
		if ps := unknownTables(snap, q, r.cfg.Database); len(ps) > 0 {
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: errors.New(strings.Join(ps, "; "))})
			continue
		}
		res, err := Execute(ctx, r.targets, db, q.GoldSQL, target.ExecOptions{MaxRows: r.cfg.GoldMaxRows, Timeout: r.cfg.GoldTimeout})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if errclass.ClassOf(err) == errclass.InfraFailure {
				return err // the database, not the gold SQL
			}
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: err})
			continue
		}
		if p := emptyGold(q, len(res.Rows)); p != "" {
			failed = append(failed, GoldFailure{QuestionID: q.ID, Err: errors.New(p)})
			continue
		}
		gold[i] = *res
	}
	if len(failed) > 0 {
		return &GoldError{Failures: failed}
	}
	r.snap, r.gold, r.prepared = snap, gold, true
	return nil
}

// resolveTarget returns the registered database with its DSN resolved and
// its read-only role: gold SQL runs as the questions' SQL does, seeing what
// it sees (the rows a row-level security policy leaves it, its columns).
func resolveTarget(ctx context.Context, meta dbsqlc.DBTX, name string, getenv func(string) string) (target.Database, error) {
	d, err := catalog.GetDatabase(ctx, meta, name)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return target.Database{}, fmt.Errorf("exam: database %q is not registered (nl2sql db add, or nl2sql exam load for the demo ERP): %w", name, err)
		}
		return target.Database{}, err
	}
	dsn, err := catalog.ResolveDSN(d.DSN, getenv)
	if err != nil {
		return target.Database{}, fmt.Errorf("exam: database %q: %w", name, err)
	}
	return target.Database{Name: d.Name, DSN: dsn, Schemas: d.Schemas, Role: d.ReadOnlyRole}, nil
}

// The defaults for running gold SQL, shared by the exam run (GoldMaxRows,
// GoldTimeout), exam check and the repair bench, which all run it.
const (
	DefaultGoldMaxRows = 100000
	DefaultGoldTimeout = time.Minute
)

// Execute runs sql read-only on db and returns its result in the form
// answers are stored in (a JSON round trip, numbers exact), so both sides
// of a comparison hold the same Go types: the gold SQL of a run, and the
// repair bench's gold and repaired SQL.
func Execute(ctx context.Context, targets *target.Registry, db target.Database, sql string, opts target.ExecOptions) (*compare.Result, error) {
	res, err := targets.Execute(ctx, db, sql, opts)
	if err != nil {
		return nil, errclass.Classify(err)
	}
	if res.Truncated {
		return nil, errors.New(truncatedGold(targets, res, opts.MaxRows))
	}
	cols, err := json.Marshal(res.Columns)
	if err != nil {
		return nil, err
	}
	rows, err := json.Marshal(res.Rows)
	if err != nil {
		return nil, err
	}
	return decodeResult(cols, rows)
}

// truncatedGold is the problem of a gold result that was cut (maxRows 0:
// the registry's), naming the limit that cut it, so that the author raises
// or works around the right one.
func truncatedGold(targets *target.Registry, res *target.Result, maxRows int) string {
	if res.TruncatedBy == target.LimitBytes {
		return fmt.Sprintf("returns more than the result byte cap of %d bytes of cell data (cut after %d row(s))",
			targets.Config().MaxResultBytes, res.RowCount)
	}
	if maxRows <= 0 {
		maxRows = targets.Config().MaxRows
	}
	return fmt.Sprintf("returns more than %d rows", maxRows)
}

// RunResult is one recorded run.
type RunResult struct {
	ID int64
	// Status is "finished" or "aborted".
	Status string
	// Error says why a run was aborted.
	Error     string
	Questions int
	// Passed and Accuracy are set for a finished run only: an aborted run
	// measured nothing, whatever its results say.
	Passed     *int
	Accuracy   *float64
	StartedAt  time.Time
	FinishedAt time.Time
	// Results are the graded questions, in exam order; an aborted run keeps
	// them for diagnosis (a run aborted on infrastructure failures), or has
	// none (aborted before grading, or its results could not be recorded).
	Results []Result
}

// Run asks the exam Config.Runs times, one run after the other, and
// returns the recorded runs. It stops at the first aborted run, returning
// it with an *AbortedError.
func (r *Runner) Run(ctx context.Context) ([]*RunResult, error) {
	if err := r.Prepare(ctx); err != nil {
		return nil, err
	}
	if err := AbortOrphanedRuns(ctx, r.meta, r.cfg.Logger); err != nil {
		return nil, err
	}
	var out []*RunResult
	for range r.cfg.Runs {
		res, err := r.runOnce(ctx)
		if res != nil {
			out = append(out, res)
			if r.cfg.OnRun != nil {
				r.cfg.OnRun(res)
			}
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// AbortOrphanedRuns aborts the runs left running by a process that ended
// without recording them (killed, its machine or connection lost), and
// withdraws their unanswered questions: such a run stayed "running" for
// good, and its questions were answered for nobody. A run still being
// waited for holds its lock and is left alone. Run calls it before its
// runs, and the workers' sweep periodically.
func AbortOrphanedRuns(ctx context.Context, meta dbsqlc.DBTX, log *slog.Logger) error {
	ids, err := dbsqlc.New().AbortOrphanedExamRuns(ctx, meta)
	if err != nil {
		return fmt.Errorf("exam: aborting orphaned runs: %w", err)
	}
	if len(ids) > 0 && log != nil {
		log.WarnContext(ctx, "aborted exam runs whose process ended without recording them", slog.Any("exam_runs", ids))
	}
	return nil
}

// lockRun takes run's lock on db's session (LockExamRun), or says which
// lock another session holds: any role that may connect can take it, and
// waiting for it held the run up without end.
func (r *Runner) lockRun(ctx context.Context, db dbsqlc.DBTX, run int64) error {
	ok, err := r.q.LockExamRun(ctx, db, run)
	if err == nil && !ok {
		err = fmt.Errorf("another session holds the lock of exam run %d (pg_advisory_lock(hashtext('rag.exam_runs'), %d) in pg_locks); end it (pg_terminate_backend) and run the exam again",
			run, run%(1<<31))
	}
	return err
}

// baseOptions are the options every question gets.
func (r *Runner) baseOptions() map[string]any {
	o := maps.Clone(r.cfg.Options)
	if o == nil {
		o = map[string]any{}
	}
	o["model"] = r.cfg.Model
	return o
}

// questionOptions are question i's options in run id.
func (r *Runner) questionOptions(run int64, i int) map[string]any {
	o := r.baseOptions()
	if _, ok := o["max_rows"]; !ok {
		o["max_rows"] = max(r.cfg.MaxRows, len(r.gold[i].Rows))
	}
	tags := map[string]any{}
	if t, ok := o["tags"].(map[string]any); ok {
		maps.Copy(tags, t)
	}
	tags["exam_run_id"] = run
	tags["exam_question_id"] = r.cfg.Questions[i].ID
	o["tags"] = tags
	return o
}

// runConfig is what rag.exam_runs.config records.
func (r *Runner) runConfig() map[string]any {
	c := maps.Clone(r.cfg.Settings)
	if c == nil {
		c = map[string]any{}
	}
	c["exact_columns"] = r.cfg.ExactColumns
	c["max_rows"] = r.cfg.MaxRows
	if r.cfg.Source != "" {
		c["source"] = r.cfg.Source
	}
	if o := r.baseOptions(); len(o) > 1 { // more than the model, which has its own column
		delete(o, "model")
		c["options"] = o
	}
	return c
}

func (r *Runner) runOnce(ctx context.Context) (*RunResult, error) {
	qs := r.cfg.Questions
	config, err := json.Marshal(r.runConfig())
	if err != nil {
		return nil, err
	}
	var label *string
	if r.cfg.Label != "" {
		label = &r.cfg.Label
	}
	// LISTEN before inserting, so no completion can be missed.
	w, err := intake.Listen(ctx, r.meta)
	if err != nil {
		return nil, fmt.Errorf("exam: cannot listen for answers: %w", err)
	}
	defer w.Close() // and with its connection the run's lock
	w.PollInterval = r.cfg.PollInterval
	// The run is created with its lock (LockExamRun), held on the
	// listening connection until the run is recorded: a process killed
	// before would leave it running for good, which AbortOrphanedExamRuns
	// tells from a run still being waited for.
	var run *dbsqlc.RagExamRun
	err = pgx.BeginFunc(ctx, w.Conn(), func(tx pgx.Tx) error {
		var err error
		run, err = r.q.CreateExamRun(ctx, tx, &dbsqlc.CreateExamRunParams{
			DatabaseName: r.cfg.Database, Label: label,
			Model: r.cfg.Model, Config: config, Questions: int32(len(qs)),
		})
		if err != nil {
			return err
		}
		return r.lockRun(ctx, tx, run.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("exam: creating the run: %w", err)
	}
	// A connection the waiter takes in place of a broken one holds the
	// lock again: the broken one's went with it, and a sweep would abort
	// the run still waited for.
	w.Reconnected = func(ctx context.Context, conn *pgx.Conn) error { return r.lockRun(ctx, conn, run.ID) }
	log := r.cfg.Logger.With("exam_run", run.ID)
	log.InfoContext(ctx, "exam run started", "database", r.cfg.Database, "questions", len(qs), "model", r.cfg.Model)

	texts := make([]string, len(qs))
	opts := make([]map[string]any, len(qs))
	for i, q := range qs {
		texts[i], opts[i] = q.Question, r.questionOptions(run.ID, i)
	}
	ids, err := intake.SubmitMany(ctx, r.meta, r.cfg.Database, texts, opts)
	if err != nil {
		return r.abort(ctx, run, nil, "the questions were refused: "+errclass.Classify(err).Message)
	}

	wctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	done := 0
	err = w.Wait(wctx, ids, func(intake.Done) {
		done++
		if r.cfg.Progress != nil {
			r.cfg.Progress(run.ID, done, len(ids))
		}
	})
	switch {
	case err == nil:
	case ctx.Err() != nil:
		reason := r.withdraw(ctx, log, run.ID, ids, fmt.Sprintf("interrupted after %d of %d answers", done, len(ids)))
		res, err := r.abort(ctx, run, nil, reason)
		var aerr *AbortedError
		if errors.As(err, &aerr) {
			aerr.Cause = ctx.Err()
		}
		return res, err
	case errors.Is(err, context.DeadlineExceeded):
		// Withdrawn too: left queued, they would be answered for nobody,
		// and the next run's questions would wait behind them.
		return r.abort(ctx, run, nil, r.withdraw(ctx, log, run.ID, ids,
			fmt.Sprintf("%d of %d questions were not answered within %s; is a worker (nl2sql serve) running against this database?",
				len(ids)-done, len(ids), r.cfg.Timeout)))
	default:
		// Withdrawn as well: the sweep withdraws only the questions of
		// runs it aborts itself, and this one is aborted here.
		return r.abort(ctx, run, nil, r.withdraw(ctx, log, run.ID, ids, fmt.Sprintf("waiting for answers: %v", err)))
	}

	answers, err := r.answers(ctx, ids)
	if err != nil {
		return r.abort(ctx, run, nil, fmt.Sprintf("reading the answers: %v", err))
	}
	results := make([]Result, len(qs))
	infra, first := 0, ""
	for i, q := range qs {
		a := answers[ids[i]]
		a.MaxRows = wholeNumber(opts[i]["max_rows"])
		results[i] = Grade(q, r.gold[i], a, GradeOptions{ExactColumns: r.cfg.ExactColumns, Catalog: r.snap})
		results[i].Ordinal = i + 1
		if results[i].FailureType == InfraFailure {
			if infra == 0 {
				first = q.ID + ": " + results[i].Reason
			}
			infra++
		}
	}
	if infra > 0 {
		// The pipeline retries infrastructure failures with backoff before a
		// question fails, so one that still failed met an outage (or a setup
		// that cannot be graded). The model was not measured on it, and an
		// accuracy counting it as wrong, or leaving it out, would claim
		// something nobody measured. The results are kept for diagnosis.
		return r.abort(ctx, run, results, fmt.Sprintf("%d of %d questions met infrastructure failures (infra_failure, after the pipeline's retries), so no accuracy was recorded; first: %s",
			infra, len(results), first))
	}
	return r.record(ctx, run, results, "")
}

// withdraw fails the unfinished questions of run (WithdrawQueries), so
// that the workers stop at their next stage instead of answering them for
// nobody, and returns reason, the run's, saying how many it withdrew.
func (r *Runner) withdraw(ctx context.Context, log *slog.Logger, run int64, ids []int64, reason string) string {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	why := fmt.Sprintf("withdrawn: exam run %d was aborted: %s", run, reason)
	n, err := r.q.WithdrawQueries(wctx, r.meta, &dbsqlc.WithdrawQueriesParams{Ids: ids, Reason: &why})
	if err != nil {
		log.WarnContext(ctx, "cannot withdraw the aborted run's questions; the workers will answer them", "err", err)
	} else if n > 0 {
		reason += fmt.Sprintf("; its %d unanswered question(s) were withdrawn", n)
	}
	return reason
}

// wholeNumber is an option's whole number (from Go or from JSON); 0 when
// it is none.
func wholeNumber(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		if x == math.Trunc(x) {
			return int(x)
		}
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return int(n)
		}
	}
	return 0
}

// answers reads what the pipeline left for the questions ids.
func (r *Runner) answers(ctx context.Context, ids []int64) (map[int64]Answer, error) {
	rows, err := r.q.ListExamAnswers(ctx, r.meta, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Answer, len(rows))
	for _, row := range rows {
		a := Answer{
			QueryID: row.ID, Status: row.Status, SQL: deref(row.Sql), ErrorClass: deref(row.ErrorClass),
			SQLSTATE: deref(row.Sqlstate), Error: deref(row.Error), Attempts: int(row.Attempts),
			LastStage: deref(row.LastStage), LastSQLSTATE: deref(row.LastSqlstate), Generations: int(row.AttemptRows),
		}
		if a.SQL == "" {
			a.SQL = deref(row.LastSql)
		}
		if row.HasRetrieval {
			a.Retrieved = row.TablesIncluded
			if a.Retrieved == nil {
				a.Retrieved = []string{}
			}
		}
		if row.ResultColumns != nil {
			res, err := decodeResult(row.ResultColumns, row.ResultRows)
			if err != nil {
				return nil, fmt.Errorf("question %d: %w", row.ID, err)
			}
			a.Result, a.RowCount, a.Truncated = res, int(deref(row.ResultRowCount)), deref(row.ResultTruncated)
		}
		var lat map[string]float64
		if len(row.LatencyMs) > 0 {
			if err := json.Unmarshal(row.LatencyMs, &lat); err != nil {
				return nil, fmt.Errorf("question %d: latencies: %w", row.ID, err)
			}
		}
		if t, ok := lat["total"]; ok {
			a.TotalMs = &t
			delete(lat, "total")
		}
		if len(lat) > 0 {
			a.StageMs = lat
		}
		out[row.ID] = a
	}
	return out, nil
}

// abort records the run as aborted (with results, when grading happened)
// and returns it with an *AbortedError.
func (r *Runner) abort(ctx context.Context, run *dbsqlc.RagExamRun, results []Result, reason string) (*RunResult, error) {
	res, err := r.record(context.WithoutCancel(ctx), run, results, reason)
	if err != nil {
		return res, err // aborted without its results, or not at all
	}
	return res, &AbortedError{RunID: run.ID, Reason: reason}
}

// record stores the results and finishes (or, with a reason, aborts) the
// run in one transaction. When that fails the run is aborted without its
// results (abortUnrecorded).
func (r *Runner) record(ctx context.Context, run *dbsqlc.RagExamRun, results []Result, abortReason string) (*RunResult, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var final *dbsqlc.RagExamRun
	err := pgx.BeginFunc(ctx, r.meta, func(tx pgx.Tx) error {
		if len(results) > 0 {
			rows := make([]*dbsqlc.InsertExamResultsParams, len(results))
			for i := range results {
				rows[i] = resultRow(run.ID, &results[i])
			}
			if _, err := r.q.InsertExamResults(ctx, tx, rows); err != nil {
				return fmt.Errorf("storing the results: %w", err)
			}
		}
		var err error
		if abortReason != "" {
			final, err = r.q.AbortExamRun(ctx, tx, &dbsqlc.AbortExamRunParams{ID: run.ID, Error: &abortReason})
		} else {
			final, err = r.q.FinishExamRun(ctx, tx, run.ID)
			if errors.Is(err, pgx.ErrNoRows) {
				// FinishExamRun refuses a run with ungraded questions or
				// infra failures; runOnce aborts those before.
				err = errors.New("the run cannot be finished: it is not running, or not every question was graded without an infrastructure failure")
			}
		}
		return err
	})
	if err != nil {
		return r.abortUnrecorded(ctx, run, abortReason, err)
	}
	return r.runResult(ctx, final, results), nil
}

// abortUnrecorded aborts a run whose results could not be stored, in a
// transaction of its own: left running, it would hold no results and
// never end. The results are lost; the error says why.
func (r *Runner) abortUnrecorded(ctx context.Context, run *dbsqlc.RagExamRun, abortReason string, cause error) (*RunResult, error) {
	reason := fmt.Sprintf("the results could not be recorded: %v", cause)
	if abortReason != "" {
		reason = abortReason + "; " + reason
	}
	reason = strings.ReplaceAll(reason, "\x00", `\x00`) // the error may quote what text refused
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	final, err := r.q.AbortExamRun(ctx, r.meta, &dbsqlc.AbortExamRunParams{ID: run.ID, Error: &reason})
	if err != nil {
		return nil, fmt.Errorf("exam: recording run %d: %w (and aborting it failed: %v)", run.ID, cause, err)
	}
	return r.runResult(ctx, final, nil), &AbortedError{RunID: run.ID, Reason: reason, Cause: cause}
}

// runResult is the recorded run final with its results.
func (r *Runner) runResult(ctx context.Context, final *dbsqlc.RagExamRun, results []Result) *RunResult {
	out := &RunResult{
		ID: final.ID, Status: final.Status, Error: deref(final.Error), Questions: int(final.Questions),
		Accuracy: final.Accuracy, StartedAt: final.StartedAt, Results: results,
	}
	if final.Passed != nil {
		p := int(*final.Passed)
		out.Passed = &p
	}
	if final.FinishedAt != nil {
		out.FinishedAt = *final.FinishedAt
	}
	r.cfg.Logger.InfoContext(ctx, "exam run recorded", "exam_run", out.ID, "status", out.Status)
	return out
}

func resultRow(run int64, x *Result) *dbsqlc.InsertExamResultsParams {
	q := x.Question
	p := &dbsqlc.InsertExamResultsParams{
		RunID: run, QuestionID: q.ID, Ordinal: int32(x.Ordinal), Question: q.Question,
		Difficulty: q.Difficulty, Modules: orEmpty(q.Modules), OrderMatters: q.OrderMatters, Pass: x.Pass,
		FailureType: nonEmpty(x.FailureType), Reason: nonEmpty(x.Reason), ExpectedTables: orEmpty(q.ExpectedTables),
		RetrievedTables: x.RetrievedTables, UsedTables: orEmpty(x.UsedTables), Precision: x.Precision, Recall: x.Recall,
		Attempts: int32(x.Attempts), ErrorClass: nonEmpty(x.ErrorClass), Sqlstate: nonEmpty(x.SQLSTATE), Error: nonEmpty(x.Error),
		GoldRows: int32(x.GoldRows), AnswerTruncated: x.AnswerTruncated, TotalMs: x.TotalMs, Sql: nonEmpty(x.SQL), GoldSql: q.GoldSQL,
	}
	if x.QueryID != 0 {
		p.QueryID = &x.QueryID
	}
	if x.AnswerRows != nil {
		n := int32(*x.AnswerRows)
		p.AnswerRows = &n
	}
	stage := func(name string) *float64 {
		if v, ok := x.StageMs[name]; ok {
			return &v
		}
		return nil
	}
	p.QueueMs, p.RetrieveMs, p.GenerateMs, p.ValidateMs, p.ExecuteMs =
		stage("queue"), stage("retrieve"), stage("generate"), stage("validate"), stage("execute")
	return p
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
