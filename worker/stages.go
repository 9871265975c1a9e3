package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/target"
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
	res, err := s.deps.Retriever.Retrieve(ctx, RetrieveRequest{Database: in.DatabaseName, Question: in.Question, SchemaFormat: opts.SchemaFormat})
	if err != nil {
		return err
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		next, err := s.q.FinishRetrieve(ctx, tx, &dbsqlc.FinishRetrieveParams{ID: ref.QueryID, Step: ref.Step, Retrieval: res.Metadata,
			Format: res.Format, Schema: res.Schema, JoinHints: res.JoinHints,
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started})
		if err != nil {
			return err
		}
		_, err = s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: 1}, nil)
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
	req := prompt.Request{Database: in.DatabaseName, Question: in.Question, Schema: in.Schema, JoinHints: in.JoinHints}
	msgs := prompt.Initial(req)
	strategy := "initial"
	prevSQL := in.PrevSql
	if in.PrevFailedSql != nil {
		// The candidate whose error is recorded, when a reply held several.
		prevSQL = in.PrevFailedSql
	}
	if attempt > 1 {
		f := s.failureOf(ctx, in.DatabaseName, prompt.Failure{SQL: deref(prevSQL), Reply: deref(in.PrevReply), Stage: deref(in.PrevStage),
			SQLSTATE: deref(in.PrevSqlstate), Message: deref(in.PrevError), Timeout: deref(in.PrevErrorClass) == string(errclass.QueryTimeout)})
		msgs = prompt.Repair(req, f)
		strategy = f.Strategy()
	}

	gen, err := s.deps.Model.Generate(ctx, GenerateRequest{Messages: msgs, Model: opts.Model, Temperature: opts.Temperature})
	if err != nil {
		return err
	}
	var firstSQL *string
	if len(gen.SQL) > 0 {
		firstSQL = &gen.SQL[0]
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		next, err := s.q.FinishGenerate(ctx, tx, &dbsqlc.FinishGenerateParams{ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			RepairStrategy: strategy, InputSql: prevSQL, InputError: in.PrevError,
			Model: gen.Model, Prompt: mustJSON(msgs), RawReply: &gen.Raw, Sql: firstSQL, Candidates: nonNil(gen.SQL),
			PromptTokens: ptr(int32(gen.PromptTokens)), ReplyTokens: ptr(int32(gen.ReplyTokens)), LlmMs: ptr(int32(gen.Duration.Milliseconds())),
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started})
		if err != nil {
			return err
		}
		_, err = s.client.InsertTx(ctx, tx, jobs.ValidateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt}, nil)
		return err
	})
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

// evaluation is what validation learned about one candidate.
type evaluation struct {
	ordinal int32
	verdict *Verdict
	plan    *target.Plan
	err     *errclass.Error // why it was rejected
	stage   string
	eval    candidate.Evaluation
	score   float64
	parts   candidate.Breakdown
}

// validate runs the guard, lint and EXPLAIN on an attempt's candidates and
// either hands the best one to execution, loops back to generation with the
// error (repair), or fails the question.
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
	// The guard adds LIMIT max_rows+1 so execution can tell a complete
	// result of max_rows rows from a truncated one.
	limit := s.maxRows(opts) + 1

	evals := make([]*evaluation, 0, len(rows))
	for _, row := range rows {
		if row.Ordinal == nil {
			continue // the reply held no SQL
		}
		ev := &evaluation{ordinal: *row.Ordinal, eval: candidate.Evaluation{Ordinal: int(*row.Ordinal)}}
		v, err := s.deps.Guard.Check(ctx, in.DatabaseName, deref(row.Sql), limit)
		if err != nil {
			return err
		}
		ev.verdict = v
		ev.eval.LintErrors, ev.eval.LintWarnings = v.LintErrors, v.LintWarnings
		ev.eval.HasGroupBy, ev.eval.HasOrderBy, ev.eval.HasLimit, ev.eval.HasDistinct = v.Shape.HasGroupBy, v.Shape.HasOrderBy, v.Shape.HasLimit, v.Shape.HasDistinct
		if !v.OK {
			ev.eval.Rejected = true
			ev.eval.Refused = v.Stage == "parse" || v.Stage == "policy"
			ev.stage = v.Stage
			ev.err = violationError(v)
		} else {
			plan, err := s.deps.Targets.Explain(ctx, db, v.SQL)
			if err != nil {
				ce := errclass.Classify(err)
				if ce.Class == errclass.InfraFailure {
					return err // the database, not the SQL: retry the stage
				}
				ev.eval.Rejected, ev.eval.ExplainFailed, ev.stage, ev.err = true, true, "explain", ce
			}
			ev.plan = plan
		}
		ev.score, ev.parts = candidate.Score(in.Question, ev.eval)
		evals = append(evals, ev)
	}

	scores := make([]float64, len(evals))
	cands := make([]candidate.Evaluation, len(evals))
	for i, ev := range evals {
		scores[i], cands[i] = ev.score, ev.eval
	}
	best := candidate.Select(cands, scores)
	var failure *errclass.Error
	var failStage string
	var failOrdinal *int32
	if best < 0 {
		worst := worstFailure(evals)
		failure, failStage = failureError(worst, len(evals)), failureStage(worst)
		if worst != nil {
			failOrdinal = &worst.ordinal
		}
	}
	d := decide(best >= 0, failure, attempt, int32(opts.maxAttempts(s.cfg.MaxAttempts)))

	p := &dbsqlc.FinishValidateParams{ID: ref.QueryID, Step: ref.Step, Attempt: attempt, Status: d.status, Outcome: "passed",
		FinalErrorClass: d.errorClass(), FinalSqlstate: d.sqlstate(), FinalError: d.message()}
	if failure != nil {
		p.Outcome, p.FailedOrdinal, p.AttemptStage, p.AttemptErrorClass, p.AttemptSqlstate, p.AttemptError =
			"failed", failOrdinal, &failStage, ptr(string(failure.Class)), nonEmpty(failure.SQLSTATE), &failure.Message
	}
	for i, ev := range evals {
		addEvaluation(p, ev, i == best)
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		p.JobID, p.JobAttempts, p.EnqueuedAt = jobTiming(job.JobRow)
		p.StartedAt = started
		next, err := s.q.FinishValidate(ctx, tx, p)
		if err != nil {
			return err
		}
		switch d.status {
		case statusExecuting:
			_, err = s.client.InsertTx(ctx, tx, jobs.ExecuteArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt}, nil)
		case statusGenerating:
			_, err = s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt + 1}, nil)
		}
		return err
	})
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
func addEvaluation(p *dbsqlc.FinishValidateParams, ev *evaluation, selected bool) {
	guarded, verdict, stage, class, state, msg := "", "passed", "", "", "", ""
	if ev.verdict != nil {
		guarded = ev.verdict.SQL
	}
	if ev.err != nil {
		verdict, stage, class, state, msg = "rejected", ev.stage, string(ev.err.Class), ev.err.SQLSTATE, ev.err.Message
	}
	var plan []byte
	if ev.plan != nil {
		plan = ev.plan.Raw
	}
	p.Ordinals = append(p.Ordinals, ev.ordinal)
	p.GuardedSqls = append(p.GuardedSqls, guarded)
	p.Scores = append(p.Scores, ev.score)
	p.Breakdowns = append(p.Breakdowns, mustJSON(ev.parts))
	p.Verdicts = append(p.Verdicts, verdict)
	p.Stages = append(p.Stages, stage)
	p.ErrorClasses = append(p.ErrorClasses, class)
	p.Sqlstates = append(p.Sqlstates, state)
	p.Errors = append(p.Errors, msg)
	p.Plans = append(p.Plans, plan)
	p.Selected = append(p.Selected, selected)
}

// worstFailure picks the failure that decides what happens next when no
// candidate passed: a non-repairable one (a policy denial) wins, so a
// refused statement is never sent back to the model; otherwise the
// best-scored candidate's error, the one closest to working.
func worstFailure(evals []*evaluation) *evaluation {
	var pick *evaluation
	for _, ev := range evals {
		if ev.err == nil {
			continue
		}
		switch {
		case pick == nil:
			pick = ev
		case !ev.err.Class.Repairable() && pick.err.Class.Repairable():
			pick = ev
		case ev.err.Class.Repairable() == pick.err.Class.Repairable() && ev.score > pick.score:
			pick = ev
		}
	}
	return pick
}

func failureError(ev *evaluation, candidates int) *errclass.Error {
	if ev == nil || ev.err == nil {
		if candidates == 0 {
			return &errclass.Error{Class: errclass.SQLError, Code: "generate.no_sql", Message: "the model's reply contained no SQL statement"}
		}
		return &errclass.Error{Class: errclass.Unknown, Message: "no candidate passed validation"}
	}
	return ev.err
}

func failureStage(ev *evaluation) string {
	if ev == nil || ev.stage == "" {
		return "parse"
	}
	return ev.stage
}

func violationError(v *Verdict) *errclass.Error {
	if len(v.Violations) == 0 {
		return &errclass.Error{Class: errclass.SQLError, Message: "refused by the guard"}
	}
	first := v.Violations[0]
	msgs := make([]string, len(v.Violations))
	for i, x := range v.Violations {
		msgs[i] = x.Message
	}
	class := errclass.Class(first.Class)
	for _, x := range v.Violations {
		// Any non-repairable violation makes the whole verdict so.
		if c := errclass.Class(x.Class); !c.Repairable() {
			class = c
		}
	}
	return &errclass.Error{Class: class, SQLSTATE: first.SQLSTATE, Code: first.Code, Message: strings.Join(msgs, "; ")}
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
		return complete(ctx, s, job, func(tx pgx.Tx) error {
			jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
			next, err := s.q.FailExecute(ctx, tx, &dbsqlc.FailExecuteParams{ID: ref.QueryID, Step: ref.Step, Attempt: attempt, Status: d.status,
				FinalErrorClass: d.errorClass(), FinalSqlstate: d.sqlstate(), FinalError: d.message(),
				Ordinal: in.Ordinal, ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &ce.Message,
				JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started})
			if err != nil {
				return err
			}
			if d.status == statusGenerating {
				_, err = s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: ref.QueryID, Step: next}, Attempt: attempt + 1}, nil)
			}
			return err
		})
	}

	warnings := 0
	var parts map[string]float64
	if json.Unmarshal(in.Breakdown, &parts) == nil {
		warnings = int(parts[candidate.PartLintWarning] / candidate.LintWarnPenalty)
	}
	confidence := candidate.Confidence(int(attempt), warnings)
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		jobID, jobAttempts, enqueued := jobTiming(job.JobRow)
		_, err := s.q.FinishExecute(ctx, tx, &dbsqlc.FinishExecuteParams{ID: ref.QueryID, Step: ref.Step, Attempt: attempt,
			Sql: &sql, Confidence: &confidence, Columns: mustJSON(res.Columns), Rows: mustJSON(res.Rows),
			RowCount: int32(res.RowCount), Truncated: res.Truncated, DurationMs: float64(res.Duration.Microseconds()) / 1000,
			JobID: jobID, JobAttempts: jobAttempts, EnqueuedAt: enqueued, StartedAt: started})
		return err
	})
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

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
