package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
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
	statusSucceeded  = "succeeded"
	statusFailed     = "failed"
)

// retrieve builds the schema context and hands the question to generation.
func (s *Service) retrieve(ctx context.Context, job *river.Job[jobs.RetrieveArgs]) error {
	started := s.cfg.Clock()
	ref := job.Args.Chain()
	in, err := s.q.StartRetrieve(ctx, s.pool, &dbsqlc.StartRetrieveParams{ID: ref.QueryID, Step: ref.Step})
	if err != nil {
		return staleOr(ctx, s, job, noRowsIsStale(err))
	}
	opts, err := parseOptions(in.Options)
	if err != nil {
		return err
	}
	ex := s.findExamples(ctx, in.DatabaseName, in.Question, opts)
	res, err := s.deps.Retriever.Retrieve(ctx, RetrieveRequest{
		Database: in.DatabaseName, Question: in.Question, SchemaFormat: opts.SchemaFormat, Retrieval: opts.Retrieval,
		ExampleTables: exampleTables(ex),
	})
	if err != nil {
		return err
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		next, err := s.q.FinishRetrieve(ctx, tx, &dbsqlc.FinishRetrieveParams{
			ID: ref.QueryID, Step: ref.Step, Retrieval: res.Metadata,
			Format: res.Format, Schema: res.Schema, JoinHints: res.JoinHints, Linking: res.Linking, Examples: recordExamples(ex),
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started,
		})
		if err != nil {
			return err
		}
		err = s.handOff(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: 1})
		return err
	})
}

// generate asks the model for SQL: a first attempt, or a repair that carries
// the previous attempt's failure.
func (s *Service) generate(ctx context.Context, job *river.Job[jobs.GenerateArgs]) error {
	started := s.cfg.Clock()
	ref, attempt := job.Args.Chain(), job.Args.Attempt
	in, err := s.q.GetGenerateInput(ctx, s.pool, &dbsqlc.GetGenerateInputParams{ID: ref.QueryID, PrevAttempt: attempt - 1})
	if err == nil && !current(in.Step, in.Status, ref) {
		err = errStale
	}
	if err != nil {
		return staleOr(ctx, s, job, noRowsIsStale(err))
	}
	opts, err := parseOptions(in.Options)
	if err != nil {
		return err
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
	g, err := s.gather(ctx, msgs, opts, ref.QueryID, int(attempt), calls)
	if err != nil {
		return err
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		p := &dbsqlc.FinishGenerateParams{
			ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			RepairStrategy: strategy, InputSql: prevSQL, InputError: in.PrevError,
			Model: g.model, Prompt: mustJSON(msgs), RawReply: g.raw, Sql: g.firstSQL(),
			PromptTokens: ptr(int32(g.promptTokens)), ReplyTokens: ptr(int32(g.replyTokens)), LlmMs: ptr(int32(g.duration.Milliseconds())),
			Difficulty: difficulty, Calls: ptr(int32(calls)), Replies: mustJSON(g.replies),
			Candidates: []string{}, Fingerprints: []string{}, Votes: []int32{}, SourceCalls: []int32{},
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started,
		}
		for _, u := range g.unique {
			p.Candidates = append(p.Candidates, u.SQL)
			p.Fingerprints = append(p.Fingerprints, u.Fingerprint)
			p.Votes = append(p.Votes, int32(u.Votes))
			p.SourceCalls = append(p.SourceCalls, int32(u.Source))
		}
		next, err := s.q.FinishGenerate(ctx, tx, p)
		if err != nil {
			return err
		}
		err = s.handOff(ctx, tx, jobs.ValidateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt})
		return err
	})
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
func (s *Service) gather(ctx context.Context, msgs []prompt.Message, opts options, id int64, attempt, calls int) (*gathered, error) {
	cfg := s.cfg.Candidates
	started := s.cfg.Clock()
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
func (s *Service) failureOf(ctx context.Context, database string, f prompt.Failure) prompt.Failure {
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

// validate runs internal/validate on an attempt's candidates and either
// hands the best one to execution, loops back to generation with the error
// (repair), or fails the question.
func (s *Service) validate(ctx context.Context, job *river.Job[jobs.ValidateArgs]) error {
	started := s.cfg.Clock()
	ref, attempt := job.Args.Chain(), job.Args.Attempt
	rows, err := s.q.GetValidateInput(ctx, s.pool, &dbsqlc.GetValidateInputParams{ID: ref.QueryID, Attempt: attempt})
	if err == nil && (len(rows) == 0 || !current(rows[0].Step, rows[0].Status, ref)) {
		err = errStale
	}
	if err != nil {
		return staleOr(ctx, s, job, err)
	}
	in := rows[0]
	opts, err := parseOptions(in.Options)
	if err != nil {
		return err
	}
	db, err := s.deps.Catalog.Target(ctx, in.DatabaseName)
	if err != nil {
		return err
	}
	req := validate.Request{Database: in.DatabaseName, DB: db, Question: in.Question, Limit: s.maxRows(opts) + 1}
	for _, row := range rows {
		if row.Ordinal == nil {
			continue // the reply held no SQL
		}
		req.Candidates = append(req.Candidates, validate.Input{Ordinal: *row.Ordinal, SQL: deref(row.Sql), Votes: int(deref(row.Votes))})
	}
	out, err := s.validator.Run(ctx, req)
	if err != nil {
		return err
	}
	d := decide(out.Selected >= 0, out.Failure, attempt, int32(opts.maxAttempts(s.cfg.MaxAttempts)))

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
	finished := false
	return s.observed(&finished, d, complete(ctx, s, job, func(tx pgx.Tx) error {
		p.JobID, p.JobAttempts, p.EnqueuedAt = jobTiming(job.JobRow)
		p.StartedAt = started
		next, err := s.q.FinishValidate(ctx, tx, p)
		if err != nil {
			return err
		}
		finished = true
		switch d.status {
		case statusExecuting:
			err = s.handOff(ctx, tx, jobs.ExecuteArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt})
		case statusGenerating:
			err = s.handOff(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt + 1})
		}
		return err
	}))
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
	return decision{status: statusFailed, fail: fail, msg: msg}
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

// execute runs the selected candidate and stores the rows.
func (s *Service) execute(ctx context.Context, job *river.Job[jobs.ExecuteArgs]) error {
	started := s.cfg.Clock()
	ref, attempt := job.Args.Chain(), job.Args.Attempt
	in, err := s.q.GetExecuteInput(ctx, s.pool, &dbsqlc.GetExecuteInputParams{ID: ref.QueryID, Attempt: attempt})
	if err == nil && !current(in.Step, in.Status, ref) {
		err = errStale
	}
	if err != nil {
		return staleOr(ctx, s, job, noRowsIsStale(err))
	}
	opts, err := parseOptions(in.Options)
	if err != nil {
		return err
	}
	db, err := s.deps.Catalog.Target(ctx, in.DatabaseName)
	if err != nil {
		return err
	}
	sql := deref(in.GuardedSql)
	res, execErr := s.deps.Targets.Execute(ctx, db, sql, target.ExecOptions{MaxRows: s.maxRows(opts), Timeout: opts.timeout()})
	if execErr != nil {
		ce := errclass.Classify(execErr)
		if ce.Class == errclass.InfraFailure {
			return execErr
		}
		d := decide(false, ce, attempt, int32(opts.maxAttempts(s.cfg.MaxAttempts)))
		finished := false
		return s.observed(&finished, d, complete(ctx, s, job, func(tx pgx.Tx) error {
			jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
			next, err := s.q.FailExecute(ctx, tx, &dbsqlc.FailExecuteParams{
				ID: ref.QueryID, Step: ref.Step, Attempt: attempt, Status: d.status,
				FinalErrorClass: d.errorClass(), FinalSqlstate: d.sqlstate(), FinalError: d.message(),
				Ordinal: in.Ordinal, ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &ce.Message,
				JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started,
			})
			if err != nil {
				return err
			}
			finished = true
			if d.status == statusGenerating {
				err = s.handOff(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt + 1})
			}
			return err
		}))
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
	finished := false
	return s.observed(&finished, decision{status: statusSucceeded}, complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		_, err := s.q.FinishExecute(ctx, tx, &dbsqlc.FinishExecuteParams{
			ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			Sql: &sql, Confidence: &confidence, Columns: mustJSON(res.Columns), Rows: mustJSON(res.Rows),
			RowCount: int32(res.RowCount), Truncated: res.Truncated, DurationMs: float64(res.Duration.Microseconds()) / 1000,
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started,
		})
		finished = err == nil
		return err
	}))
}

// current reports whether a question at step/status is still waiting for
// the job of ref.
func current(step int32, status string, ref jobs.Ref) bool {
	return step == ref.Step && status != statusSucceeded && status != statusFailed
}

// noRowsIsStale maps "no such question" to errStale: the question was
// deleted, or moved on, and the job has nothing to do.
func noRowsIsStale(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return errStale
	}
	return metaError(err)
}

// jobTiming returns the job's fields for rag.stage_timings.
func jobTiming(row *rivertype.JobRow) (*int64, int32, time.Time) {
	return &row.ID, int32(row.Attempt), row.CreatedAt
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Service) maxRows(o options) int {
	if o.MaxRows > 0 {
		return o.MaxRows
	}
	return s.deps.Targets.Config().MaxRows
}

// staleOr completes a duplicate job without effect, or returns err.
func staleOr[T args](ctx context.Context, s *Service, job *river.Job[T], err error) error {
	if errors.Is(err, errStale) {
		s.log.InfoContext(ctx, "duplicate job: the question already moved on", "kind", job.Kind, "job_id", job.ID)
		return completeOnly(ctx, s, job)
	}
	return err
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
