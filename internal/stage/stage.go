// Package stage is what each step of answering a question does:
//
//	question → retrieve → generate → validate → execute → results
//
// Retrieve finds the schema context (and the verified examples) for the
// question, Generate asks the model for SQL candidates — a repair carries
// the previous attempt's failure — Validate guards, EXPLAINs and scores
// them and picks one, and Execute runs it read-only and stores the rows.
// Validate and Execute send a question whose SQL failed back to Generate
// while attempts remain (see package jobs for the chain).
//
// A stage reads its input from rag.*, does its outside work through the
// parts it declares (Deps: Catalog, Retriever, Model, Guard, Targets; the
// real ones are built by internal/parts) without holding a transaction,
// and returns an Output: the write that records its result and names the
// next job. Running the stages as jobs, committing each Output with the
// job's completion, and retrying is package worker's part.
package stage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/internal/validate"
	"github.com/nl2sql/nl2sql/jobs"
)

// Status values of rag.queries.status.
const (
	statusRetrieving = "retrieving"
	statusGenerating = "generating"
	statusValidating = "validating"
	statusExecuting  = "executing"
	StatusSucceeded  = "succeeded"
	StatusFailed     = "failed"
)

// Runner runs the stages of questions.
type Runner struct {
	cfg  Config
	deps Deps
	pool *pgxpool.Pool
	q    *dbsqlc.Queries
	log  *slog.Logger
	// validator is the validate stage's logic (internal/validate).
	validator *validate.Validator
	// examples finds a question's verified examples and checks corrections.
	examples *examples.Store
}

// New returns a Runner reading and recording questions in pool.
func New(pool *pgxpool.Pool, deps Deps, cfg Config) (*Runner, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := deps.validate(); err != nil {
		return nil, err
	}
	v, err := validate.New(validate.Config{
		Guard: deps.Guard, Explainer: deps.Targets, Repairer: deps.Repairer,
		MaxExplain: cfg.Candidates.MaxExplain, Logger: cfg.Logger,
	})
	if err != nil {
		return nil, err
	}
	if cfg.Examples.Embedder == nil && deps.Embedder != nil && deps.EmbedModel != "" {
		cfg.Examples.Embedder, cfg.Examples.EmbedModel = deps.Embedder, deps.EmbedModel
	}
	ex, err := examples.New(pool, cfg.Examples)
	if err != nil {
		return nil, err
	}
	return &Runner{cfg: cfg, deps: deps, pool: pool, q: dbsqlc.New(), log: cfg.Logger, validator: v, examples: ex}, nil
}

// Job is one run of a stage: the question and chain step it is for, and
// the River job's identity and timing, recorded in rag.stage_timings.
type Job struct {
	jobs.Ref
	// Attempt is the generation attempt the job belongs to
	// (jobs.Args.AttemptNumber); 0 for retrieval.
	Attempt int32
	// ID, Tries and Enqueued are the job's id, how many times it has run
	// (this run included) and when it was inserted.
	ID       int64
	Tries    int32
	Enqueued time.Time
}

// ErrStale reports that the question's step moved past the job's: another
// run of this stage already handed the question on, or the question is
// gone. The job has nothing to do.
var ErrStale = errors.New("stale job")

// Output is what a stage run produced: the write that records it, to be
// committed in one transaction with the job's completion.
type Output struct {
	// Done is set when a committed WriteFunc finishes the question.
	Done *Done
	// StaleCatalog names the database whose catalog the stage found older
	// than the database (a table or column the catalog holds that the
	// database said does not exist): its catalog wants a check now, not at
	// the next periodic one.
	StaleCatalog string
	// WriteFunc records the output in tx and advances the question's step.
	// It returns the job that continues the chain, nil when the question is
	// finished; ErrStale or pgx.ErrNoRows when the question moved on
	// meanwhile (nothing was written).
	WriteFunc func(ctx context.Context, tx pgx.Tx) (jobs.Args, error)
}

// Done is how a question finished.
type Done struct {
	// Status is StatusSucceeded or StatusFailed.
	Status string
	// Class is the error class of a failed question.
	Class string
}

// noLongerAllowed is the failure of a question whose asker lost the right
// to ask about its database (a grant narrowed or revoked, the role
// dropped) after asking: checked again before retrieval and before the
// SQL runs (migration 00014), as the INSERT checked it.
func noLongerAllowed(role, database string) error {
	return &errclass.Error{
		Class: errclass.ValidationBlock, SQLSTATE: "42501", Code: "stage.grant",
		Message: fmt.Sprintf("role %q may no longer ask about database %q: its grant changed after it asked", role, database),
	}
}

// Retrieve builds the schema context and hands the question to generation.
func (s *Runner) Retrieve(ctx context.Context, job Job) (*Output, error) {
	started := s.cfg.Clock()
	ref := job.Ref
	in, err := s.q.StartRetrieve(ctx, s.pool, &dbsqlc.StartRetrieveParams{ID: ref.QueryID, Step: ref.Step})
	if err != nil {
		return nil, noRowsIsStale(err)
	}
	if !in.MayAsk {
		return nil, noLongerAllowed(in.SubmittedBy, in.DatabaseName)
	}
	opts, err := parseOptions(in.Options)
	if err != nil {
		return nil, err
	}
	ex := s.findExamples(ctx, in.DatabaseName, in.Question, in.SubmittedBy, opts)
	res, err := s.deps.Retriever.Retrieve(ctx, RetrieveRequest{
		Database: in.DatabaseName, Question: in.Question, SchemaFormat: opts.SchemaFormat, Retrieval: opts.Retrieval,
		ExampleTables: exampleTables(ex),
	})
	if err != nil {
		return nil, err
	}
	return &Output{WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
		next, err := s.q.FinishRetrieve(ctx, tx, &dbsqlc.FinishRetrieveParams{
			ID: ref.QueryID, Step: ref.Step, Retrieval: res.Metadata,
			Format: res.Format, Schema: res.Schema, JoinHints: res.JoinHints, Linking: res.Linking, Examples: recordExamples(ex),
			JobID: &job.ID, JobAttempts: job.Tries, EnqueuedAt: job.Enqueued, StartedAt: started,
		})
		if err != nil {
			return nil, err
		}
		return jobs.GenerateArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: 1}}, nil
	}}, nil
}

// Generate asks the model for SQL: a first attempt, or a repair that
// carries the previous attempt's failure.
func (s *Runner) Generate(ctx context.Context, job Job) (*Output, error) {
	started := s.cfg.Clock()
	ref, attempt := job.Ref, job.Attempt
	in, err := s.q.GetGenerateInput(ctx, s.pool, &dbsqlc.GetGenerateInputParams{ID: ref.QueryID, PrevAttempt: attempt - 1})
	if err != nil {
		return nil, noRowsIsStale(err)
	}
	opts, err := admit(ref, in.Step, in.Status, in.Options)
	if err != nil {
		return nil, err
	}
	if in.AsClient && opts.Model != "" && !s.cfg.clientMayName(opts.Model) {
		return nil, &errclass.Error{
			Class: errclass.ValidationBlock, SQLSTATE: "42501", Code: "stage.model",
			Message: fmt.Sprintf("role %q may not choose the model (options.model %q): ask without options.model, or an operator may allow the model in NL2SQL_CLIENT_MODELS",
				in.SubmittedBy, opts.Model),
		}
	}
	req := prompt.Request{
		Database: in.DatabaseName, Question: in.Question, Schema: in.Schema, JoinHints: in.JoinHints,
		Examples: promptExamples(in.Examples),
	}
	msgs := prompt.Initial(req)
	strategy := "initial"
	prevSQL := in.PrevSql
	if in.PrevFailedSql != nil {
		// The candidate whose error is recorded, when a reply held several.
		prevSQL = in.PrevFailedSql
	}
	if attempt > 1 {
		f := s.failureOf(ctx, in.DatabaseName, prompt.Failure{
			SQL: deref(prevSQL), Reply: deref(in.PrevReply), Stage: deref(in.PrevStage),
			SQLSTATE: deref(in.PrevSqlstate), Message: deref(in.PrevError), Timeout: deref(in.PrevErrorClass) == string(errclass.QueryTimeout),
		})
		msgs = prompt.Repair(req, f)
		strategy = f.Strategy()
	}

	var difficulty *string
	d := candidate.Classify(in.Question)
	if attempt == 1 {
		difficulty = ptr(string(d))
	}
	calls := s.cfg.Candidates.Calls(d, attempt > 1, opts.Candidates)
	if in.AsClient {
		// A client's options.candidates lowers the operator's count, never
		// raises it: each is a model call.
		calls = min(calls, s.cfg.Candidates.Calls(d, attempt > 1, 0))
	}
	g, err := s.gather(ctx, msgs, opts, ref.QueryID, int(attempt), calls)
	if err != nil {
		return nil, err
	}
	return &Output{WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
		p := &dbsqlc.FinishGenerateParams{
			ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			RepairStrategy: strategy, InputSql: prevSQL, InputError: in.PrevError,
			Model: g.model, Prompt: mustJSON(msgs), RawReply: g.raw, Sql: g.firstSQL(),
			PromptTokens: ptr(int32(g.promptTokens)), ReplyTokens: ptr(int32(g.replyTokens)), LlmMs: ptr(int32(g.duration.Milliseconds())),
			Difficulty: difficulty, Calls: ptr(int32(calls)), Replies: mustJSON(g.replies),
			Candidates: []string{}, Fingerprints: []string{}, Votes: []int32{}, SourceCalls: []int32{},
			JobID: &job.ID, JobAttempts: job.Tries, EnqueuedAt: job.Enqueued, StartedAt: started,
		}
		for _, u := range g.unique {
			p.Candidates = append(p.Candidates, u.SQL)
			p.Fingerprints = append(p.Fingerprints, u.Fingerprint)
			p.Votes = append(p.Votes, int32(u.Votes))
			p.SourceCalls = append(p.SourceCalls, int32(u.Source))
		}
		next, err := s.q.FinishGenerate(ctx, tx, p)
		if err != nil {
			return nil, err
		}
		return jobs.ValidateArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt}}, nil
	}}, nil
}

// reply is one model call of an attempt, as kept in rag.attempts.replies.
type reply struct {
	Call         int      `json:"call"`
	Seed         *int     `json:"seed,omitempty"`
	Model        string   `json:"model,omitempty"`
	Raw          *string  `json:"raw_reply,omitempty"`
	SQL          []string `json:"sql"`
	ExtractError string   `json:"extract_error,omitempty"`
	PromptTokens int      `json:"prompt_tokens,omitempty"`
	ReplyTokens  int      `json:"reply_tokens,omitempty"`
	LLMMs        int64    `json:"llm_ms"`
	Error        string   `json:"error,omitempty"`
	// Late: cancelled because the time budget ran out after other calls
	// had answered.
	Late bool `json:"late,omitempty"`
}

// gathered is what an attempt's model calls produced together.
type gathered struct {
	model                     string
	raw                       *string // the first successful reply
	replies                   []reply
	unique                    []candidate.Unique
	promptTokens, replyTokens int
	duration                  time.Duration
}

func (g *gathered) firstSQL() *string {
	if len(g.unique) == 0 {
		return nil
	}
	return &g.unique[0].SQL
}

// gather makes an attempt's model calls — several in parallel, each with
// its own seed, for a first attempt — within the candidate time budget, and
// deduplicates their SQL. It fails only when no call succeeded: with the
// first infrastructure error, so the stage is retried like a single call.
func (s *Runner) gather(ctx context.Context, msgs []prompt.Message, opts options, id int64, attempt, calls int) (*gathered, error) {
	cfg := s.cfg.Candidates
	started := s.cfg.Clock()
	// The attempt's calls go out together and a prompt the model does not
	// finish in time fails them together: they count as one asker's in the
	// model's breaker, which they cannot open alone.
	ctx = llm.WithCallGroup(ctx)
	outs := candidate.Gather(ctx, calls, cfg.Budget, func(ctx context.Context, i int) (*Generation, error) {
		req := GenerateRequest{Messages: msgs, Model: opts.Model, Temperature: opts.Temperature}
		if calls > 1 {
			// Distinct seeds and some temperature, or the K calls would
			// return K copies of one reply.
			req.Seed = ptr(cfg.CallSeed(id, attempt, i))
			if req.Temperature == nil {
				req.Temperature = &cfg.Temperature
			}
		}
		gen, err := s.deps.Model.Generate(ctx, req)
		if err == nil && gen != nil {
			gen.seed = req.Seed
		}
		return gen, err
	})
	g := &gathered{duration: s.cfg.Clock().Sub(started)}
	var firstErr error
	sqls := make([][]string, len(outs))
	for i, o := range outs {
		r := reply{Call: i, SQL: []string{}}
		if o.Err != nil {
			r.Error, r.Late = errclass.Classify(o.Err).Message, o.Late
			if firstErr == nil && !o.Late {
				firstErr = o.Err
			}
			g.replies = append(g.replies, r)
			continue
		}
		gen := o.Value
		r.Seed, r.Model, r.Raw, r.SQL, r.ExtractError = gen.seed, gen.Model, &gen.Raw, nonNil(gen.SQL), gen.ExtractError
		r.PromptTokens, r.ReplyTokens, r.LLMMs = gen.PromptTokens, gen.ReplyTokens, gen.Duration.Milliseconds()
		g.replies = append(g.replies, r)
		if g.raw == nil {
			g.raw, g.model = r.Raw, gen.Model
		}
		g.promptTokens += gen.PromptTokens
		g.replyTokens += gen.ReplyTokens
		sqls[i] = gen.SQL
	}
	if g.raw == nil {
		if firstErr == nil {
			firstErr = ctx.Err()
		}
		return nil, firstErr
	}
	if n := len(outs) - countOK(outs); n > 0 {
		s.log.WarnContext(ctx, "some candidate calls failed; using the others", "query_id", id, "attempt", attempt, "failed", n, "calls", len(outs))
	}
	g.unique = candidate.Dedupe(sqls)
	return g, nil
}

func countOK[T any](outs []candidate.Outcome[T]) int {
	n := 0
	for _, o := range outs {
		if o.Err == nil {
			n++
		}
	}
	return n
}

// failureOf completes a failed attempt's description with what the repair
// prompt needs: for an undefined column, the column whitelist.
func (s *Runner) failureOf(ctx context.Context, database string, f prompt.Failure) prompt.Failure {
	if f.SQLSTATE == "42703" && f.SQL != "" {
		wl, ok, err := s.deps.Guard.Whitelist(ctx, database, f.SQL, f.Message)
		if err != nil {
			s.log.WarnContext(ctx, "column whitelist unavailable", "err", err)
		} else if ok {
			f.Whitelist, f.Alias, f.Column = wl.Whitelist, wl.Alias, wl.Column
		}
	}
	return f
}

// Validate runs internal/validate on an attempt's candidates and either
// hands the best one to execution, loops back to generation with the error
// (repair), or fails the question.
func (s *Runner) Validate(ctx context.Context, job Job) (*Output, error) {
	started := s.cfg.Clock()
	ref, attempt := job.Ref, job.Attempt
	rows, err := s.q.GetValidateInput(ctx, s.pool, &dbsqlc.GetValidateInputParams{ID: ref.QueryID, Attempt: attempt})
	if err != nil {
		return nil, errclass.Meta(err)
	}
	if len(rows) == 0 || !current(rows[0].Step, rows[0].Status, ref) {
		return nil, ErrStale
	}
	in := rows[0]
	opts, err := parseOptions(in.Options)
	if err != nil {
		return nil, err
	}
	db, err := s.deps.Catalog.Target(ctx, in.DatabaseName)
	if err != nil {
		return nil, err
	}
	// The LIMIT the guard adds is the one execution reads to: a client's
	// max_rows capped, as there (migration 00017).
	req := validate.Request{Database: in.DatabaseName, DB: db, Question: in.Question, Limit: s.rowLimit(opts, in.AsClient) + 1}
	for _, row := range rows {
		if row.Ordinal == nil {
			continue // the reply held no SQL
		}
		req.Candidates = append(req.Candidates, validate.Input{Ordinal: *row.Ordinal, SQL: deref(row.Sql), Votes: int(deref(row.Votes))})
	}
	out, err := s.validator.Run(ctx, req)
	if err != nil {
		return nil, err
	}
	d := decide(out.Selected >= 0, out.Failure, attempt, int32(opts.maxAttempts(s.cfg.MaxAttempts, in.AsClient)))

	p := &dbsqlc.FinishValidateParams{
		ID: ref.QueryID, Step: ref.Step, Attempt: attempt, Status: d.status, Outcome: "passed",
		FinalErrorClass: d.errorClass(), FinalSqlstate: d.sqlstate(), FinalError: d.message(),
	}
	if out.Failure != nil {
		var failOrdinal *int32
		if out.Failed != nil {
			failOrdinal = &out.Failed.Ordinal
		}
		p.Outcome, p.FailedOrdinal, p.AttemptStage, p.AttemptErrorClass, p.AttemptSqlstate, p.AttemptError =
			"failed", failOrdinal, &out.FailStage, ptr(string(out.Failure.Class)), nonEmpty(out.Failure.SQLSTATE), &out.Failure.Message
	}
	for i, c := range out.Candidates {
		addEvaluation(p, c, i == out.Selected)
	}
	p.JobID, p.JobAttempts, p.EnqueuedAt, p.StartedAt = &job.ID, job.Tries, job.Enqueued, started
	o := &Output{Done: d.done(), WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
		next, err := s.q.FinishValidate(ctx, tx, p)
		if err != nil {
			return nil, err
		}
		return d.next(ref.QueryID, next, attempt), nil
	}}
	if stale := out.Stale(); len(stale) > 0 {
		s.log.WarnContext(ctx, "the catalog is older than the database: it holds what the database says does not exist",
			"database", in.DatabaseName, "query_id", ref.QueryID, "stale", stale)
		o.StaleCatalog = in.DatabaseName
	}
	return o, nil
}

// decision is where a question goes after validation or execution.
type decision struct {
	status string
	fail   *errclass.Error // set when status is failed
	msg    string
}

// decide moves a question on: to execution when a candidate passed, back to
// generation when the failure is repairable and attempts remain, or to
// failed.
func decide(passed bool, fail *errclass.Error, attempt, maxAttempts int32) decision {
	switch {
	case passed:
		return decision{status: statusExecuting}
	case fail.Class.Repairable() && attempt < maxAttempts:
		return decision{status: statusGenerating}
	}
	msg := fail.Message
	if fail.Class.Repairable() {
		msg = fmt.Sprintf("no valid SQL after %d attempt(s); last error: %s", attempt, fail.Message)
	}
	return decision{status: StatusFailed, fail: fail, msg: msg}
}

// next is the job that continues the chain after d, nil when d finishes
// the question; step is the question's step after the write.
func (d decision) next(id int64, step, attempt int32) jobs.Args {
	switch d.status {
	case statusExecuting:
		return jobs.ExecuteArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: id, Step: step}, Attempt: attempt}}
	case statusGenerating:
		return jobs.GenerateArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: id, Step: step}, Attempt: attempt + 1}}
	}
	return nil
}

// done is how d finishes the question, nil when it does not.
func (d decision) done() *Done {
	if d.status != StatusSucceeded && d.status != StatusFailed {
		return nil
	}
	out := &Done{Status: d.status}
	if d.fail != nil {
		out.Class = string(d.fail.Class)
	}
	return out
}

func (d decision) errorClass() *string {
	if d.fail == nil {
		return nil
	}
	return ptr(string(d.fail.Class))
}

func (d decision) sqlstate() *string {
	if d.fail == nil {
		return nil
	}
	return nonEmpty(d.fail.SQLSTATE)
}

func (d decision) message() *string {
	if d.fail == nil {
		return nil
	}
	return &d.msg
}

// addEvaluation appends one candidate's verdict to the FinishValidate
// arrays (empty strings stand for NULL).
func addEvaluation(p *dbsqlc.FinishValidateParams, ev *validate.Candidate, selected bool) {
	guarded, verdict, stage, class, state, msg := "", "passed", "", "", "", ""
	if ev.Verdict != nil {
		guarded = ev.Verdict.SQL
	}
	if ev.Skipped {
		verdict = "skipped"
	}
	if ev.Err != nil {
		verdict, stage, class, state, msg = "rejected", ev.Stage, string(ev.Err.Class), ev.Err.SQLSTATE, ev.Err.Message
	}
	var plan []byte
	if ev.Plan != nil {
		plan = ev.Plan.Raw
	}
	p.Ordinals = append(p.Ordinals, ev.Ordinal)
	p.GuardedSqls = append(p.GuardedSqls, guarded)
	p.Scores = append(p.Scores, ev.Score)
	p.Breakdowns = append(p.Breakdowns, mustJSON(ev.Parts))
	p.Verdicts = append(p.Verdicts, verdict)
	p.Stages = append(p.Stages, stage)
	p.ErrorClasses = append(p.ErrorClasses, class)
	p.Sqlstates = append(p.Sqlstates, state)
	p.Errors = append(p.Errors, msg)
	p.Plans = append(p.Plans, plan)
	p.Selected = append(p.Selected, selected)
	p.RepairedSqls = append(p.RepairedSqls, ev.Repaired)
	var repairs []byte
	if len(ev.Repairs) > 0 {
		repairs = mustJSON(ev.Repairs)
	}
	p.Repairs = append(p.Repairs, repairs)
}

// Execute runs the selected candidate and stores the rows.
func (s *Runner) Execute(ctx context.Context, job Job) (*Output, error) {
	started := s.cfg.Clock()
	ref, attempt := job.Ref, job.Attempt
	in, err := s.q.GetExecuteInput(ctx, s.pool, &dbsqlc.GetExecuteInputParams{ID: ref.QueryID, Attempt: attempt})
	if err != nil {
		return nil, noRowsIsStale(err)
	}
	if !in.MayAsk {
		return nil, noLongerAllowed(in.SubmittedBy, in.DatabaseName)
	}
	opts, err := admit(ref, in.Step, in.Status, in.Options)
	if err != nil {
		return nil, err
	}
	db, err := s.deps.Catalog.Target(ctx, in.DatabaseName)
	if err != nil {
		return nil, err
	}
	sql := deref(in.GuardedSql)
	limits := target.ExecOptions{MaxRows: s.rowLimit(opts, in.AsClient), Timeout: opts.timeout()}
	if in.AsClient {
		// A client's options lower the operator's limits, never raise them
		// (migration 00017).
		tc := s.deps.Targets.Config()
		if limits.Timeout > tc.StatementTimeout {
			limits.Timeout = tc.StatementTimeout
		}
	}
	res, execErr := s.deps.Targets.Execute(ctx, db, sql, limits)
	if execErr != nil {
		ce := errclass.Classify(execErr)
		if ce.Class == errclass.InfraFailure {
			return nil, execErr
		}
		d := decide(false, ce, attempt, int32(opts.maxAttempts(s.cfg.MaxAttempts, in.AsClient)))
		return &Output{Done: d.done(), WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
			next, err := s.q.FailExecute(ctx, tx, &dbsqlc.FailExecuteParams{
				ID: ref.QueryID, Step: ref.Step, Attempt: attempt, Status: d.status,
				FinalErrorClass: d.errorClass(), FinalSqlstate: d.sqlstate(), FinalError: d.message(),
				Ordinal: in.Ordinal, ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &ce.Message,
				JobID: &job.ID, JobAttempts: job.Tries, EnqueuedAt: job.Enqueued, StartedAt: started,
			})
			if err != nil {
				return nil, err
			}
			return d.next(ref.QueryID, next, attempt), nil
		}}, nil
	}

	warnings := 0
	var parts map[string]float64
	if json.Unmarshal(in.Breakdown, &parts) == nil {
		warnings = int(parts[candidate.PartLintWarning] / candidate.LintWarnPenalty)
	}
	var retrieval struct {
		AvgRelevanceScore *float64 `json:"avgRelevanceScore"`
	}
	_ = json.Unmarshal(in.Retrieval, &retrieval) // no metadata: no retrieval factor
	confidence := candidate.WithRetrieval(candidate.Confidence(int(attempt), warnings), retrieval.AvgRelevanceScore)
	return &Output{Done: &Done{Status: StatusSucceeded}, WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
		_, err := s.q.FinishExecute(ctx, tx, &dbsqlc.FinishExecuteParams{
			ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			Sql: &sql, Confidence: &confidence, Columns: mustJSON(res.Columns), Rows: mustJSON(res.Rows),
			RowCount: int32(res.RowCount), Truncated: res.Truncated, DurationMs: float64(res.Duration.Microseconds()) / 1000,
			JobID: &job.ID, JobAttempts: job.Tries, EnqueuedAt: job.Enqueued, StartedAt: started,
		})
		return nil, err
	}}, nil
}

// Fail is the output that fails the question with ce and msg, for a stage
// that gave up: a permanent error, or its retries ran out.
func (s *Runner) Fail(job Job, ce *errclass.Error, msg string) *Output {
	return &Output{Done: &Done{Status: StatusFailed, Class: string(ce.Class)}, WriteFunc: func(ctx context.Context, tx pgx.Tx) (jobs.Args, error) {
		_, err := s.q.FinishQuery(ctx, tx, &dbsqlc.FinishQueryParams{
			ID: job.QueryID, Step: job.Step, Status: StatusFailed, Attempts: job.Attempt,
			ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &msg,
		})
		return nil, err
	}}
}

// Retrying records in rag.queries.status_detail what the question waits
// for: the retry of its stage, and why.
func (s *Runner) Retrying(ctx context.Context, ref jobs.Ref, detail string) error {
	return s.q.SetQueryStatusDetail(ctx, s.pool, &dbsqlc.SetQueryStatusDetailParams{ID: ref.QueryID, Step: ref.Step, StatusDetail: &detail})
}

// current reports whether a question at step/status is still waiting for
// the job of ref.
func current(step int32, status string, ref jobs.Ref) bool {
	return step == ref.Step && status != StatusSucceeded && status != StatusFailed
}

// admit decodes the options of a stage's input row, after checking that
// the question is still waiting for the job of ref (ErrStale otherwise).
func admit(ref jobs.Ref, step int32, status string, raw []byte) (options, error) {
	if !current(step, status, ref) {
		return options{}, ErrStale
	}
	return parseOptions(raw)
}

// noRowsIsStale maps "no such question" to ErrStale: the question was
// deleted, or moved on, and the job has nothing to do.
func noRowsIsStale(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrStale
	}
	return errclass.Meta(err)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// rowLimit is the rows a question's answer keeps: options.max_rows, which
// a client's options may lower and not raise, or the operator's.
func (s *Runner) rowLimit(o options, asClient bool) int {
	def := s.deps.Targets.Config().MaxRows
	if o.MaxRows > 0 && (!asClient || o.MaxRows < def) {
		return o.MaxRows
	}
	return def
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func ptr[T any](v T) *T { return &v }

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only called on values built here
	}
	return b
}
