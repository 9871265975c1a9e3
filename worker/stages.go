package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

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
	q, err := s.loadQuery(ctx, ref)
	if err != nil {
		return staleOr(ctx, s, job, err)
	}
	if _, err := s.q.StartQueryStage(ctx, s.pool, &dbsqlc.StartQueryStageParams{ID: q.ID, Step: ref.Step, Status: statusRetrieving}); err != nil {
		return metaError(err)
	}
	opts, err := parseOptions(q.Options)
	if err != nil {
		return err
	}
	res, err := s.deps.Retriever.Retrieve(ctx, RetrieveRequest{Database: q.DatabaseName, Question: q.Question, SchemaFormat: opts.SchemaFormat})
	if err != nil {
		return err
	}
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		next, err := s.q.AdvanceQuery(ctx, tx, &dbsqlc.AdvanceQueryParams{ID: q.ID, Step: ref.Step, Status: statusGenerating, Retrieval: res.Metadata})
		if err != nil {
			return err
		}
		if err := s.q.UpsertQueryContext(ctx, tx, &dbsqlc.UpsertQueryContextParams{QueryID: q.ID, Format: res.Format, Schema: res.Schema, JoinHints: res.JoinHints}); err != nil {
			return err
		}
		if _, err := s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: q.ID, Step: next}, Attempt: 1}, nil); err != nil {
			return err
		}
		return s.recordTiming(ctx, tx, job.JobRow, ref, jobs.StageRetrieve, 0, started)
	})
}

// generate asks the model for SQL: a first attempt, or a repair that carries
// the previous attempt's failure.
func (s *Service) generate(ctx context.Context, job *river.Job[jobs.GenerateArgs]) error {
	started := s.cfg.Clock()
	ref, attempt := job.Args.Chain(), job.Args.Attempt
	q, err := s.loadQuery(ctx, ref)
	if err != nil {
		return staleOr(ctx, s, job, err)
	}
	opts, err := parseOptions(q.Options)
	if err != nil {
		return err
	}
	qc, err := s.q.GetQueryContext(ctx, s.pool, q.ID)
	if err != nil {
		return metaError(err)
	}
	req := prompt.Request{Database: q.DatabaseName, Question: q.Question, Schema: qc.Schema, JoinHints: qc.JoinHints}
	msgs := prompt.Initial(req)
	strategy := "initial"
	var inputSQL, inputErr *string
	if attempt > 1 {
		prev, err := s.q.GetAttempt(ctx, s.pool, &dbsqlc.GetAttemptParams{QueryID: q.ID, Attempt: attempt - 1})
		if err != nil {
			return metaError(err)
		}
		f := s.failureOf(ctx, q.DatabaseName, prev)
		msgs = prompt.Repair(req, f)
		strategy = f.Strategy()
		inputSQL, inputErr = prev.Sql, prev.Error
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
		next, err := s.q.AdvanceQuery(ctx, tx, &dbsqlc.AdvanceQueryParams{ID: q.ID, Step: ref.Step, Status: statusValidating, Attempts: attempt})
		if err != nil {
			return err
		}
		err = s.q.InsertAttempt(ctx, tx, &dbsqlc.InsertAttemptParams{
			QueryID: q.ID, Attempt: attempt, RepairStrategy: strategy, InputSql: inputSQL, InputError: inputErr,
			Model: gen.Model, Prompt: mustJSON(msgs), RawReply: &gen.Raw, Sql: firstSQL,
			PromptTokens: ptr(int32(gen.PromptTokens)), ReplyTokens: ptr(int32(gen.ReplyTokens)), LlmMs: ptr(int32(gen.Duration.Milliseconds())),
		})
		if err != nil {
			return err
		}
		for i, sql := range gen.SQL {
			if err := s.q.InsertCandidate(ctx, tx, &dbsqlc.InsertCandidateParams{QueryID: q.ID, Attempt: attempt, Ordinal: int32(i + 1), Sql: sql}); err != nil {
				return err
			}
		}
		if _, err := s.client.InsertTx(ctx, tx, jobs.ValidateArgs{Ref: jobs.Ref{QueryID: q.ID, Step: next}, Attempt: attempt}, nil); err != nil {
			return err
		}
		return s.recordTiming(ctx, tx, job.JobRow, ref, jobs.StageGenerate, attempt, started)
	})
}

// failureOf turns a failed attempt into what the repair prompt needs.
func (s *Service) failureOf(ctx context.Context, database string, a *dbsqlc.RagAttempt) prompt.Failure {
	f := prompt.Failure{SQL: deref(a.Sql), Reply: deref(a.RawReply), Stage: deref(a.Stage), SQLSTATE: deref(a.Sqlstate),
		Message: deref(a.Error), Timeout: deref(a.ErrorClass) == string(errclass.QueryTimeout)}
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
	row     *dbsqlc.RagCandidate
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
	q, err := s.loadQuery(ctx, ref)
	if err != nil {
		return staleOr(ctx, s, job, err)
	}
	opts, err := parseOptions(q.Options)
	if err != nil {
		return err
	}
	rows, err := s.q.ListCandidates(ctx, s.pool, &dbsqlc.ListCandidatesParams{QueryID: q.ID, Attempt: attempt})
	if err != nil {
		return metaError(err)
	}
	db, err := s.deps.Catalog.Target(ctx, q.DatabaseName)
	if err != nil {
		return err
	}
	// The guard adds LIMIT max_rows+1 so execution can tell a complete
	// result of max_rows rows from a truncated one.
	limit := s.maxRows(opts) + 1

	evals := make([]*evaluation, 0, len(rows))
	for _, row := range rows {
		ev := &evaluation{row: row, eval: candidate.Evaluation{Ordinal: int(row.Ordinal)}}
		v, err := s.deps.Guard.Check(ctx, q.DatabaseName, row.Sql, limit)
		if err != nil {
			return err
		}
		ev.verdict = v
		ev.eval.LintErrors, ev.eval.LintWarnings = v.LintErrors, v.LintWarnings
		ev.eval.HasGroupBy, ev.eval.HasOrderBy, ev.eval.HasLimit, ev.eval.HasDistinct = v.Shape.HasGroupBy, v.Shape.HasOrderBy, v.Shape.HasLimit, v.Shape.HasDistinct
		if !v.OK {
			ev.eval.Rejected = true
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
		ev.score, ev.parts = candidate.Score(q.Question, ev.eval)
		evals = append(evals, ev)
	}

	scores := make([]float64, len(evals))
	cands := make([]candidate.Evaluation, len(evals))
	for i, ev := range evals {
		scores[i], cands[i] = ev.score, ev.eval
	}
	best := candidate.Select(cands, scores)
	maxAttempts := int32(opts.maxAttempts(s.cfg.MaxAttempts))

	return complete(ctx, s, job, func(tx pgx.Tx) error {
		var failure *evaluation
		if best < 0 {
			failure = worstFailure(evals)
		}
		next, nextStatus, err := s.handOn(ctx, tx, q.ID, ref.Step, attempt, maxAttempts, failureError(failure, len(evals)), best >= 0)
		if err != nil {
			return err
		}
		for i, ev := range evals {
			if err := s.saveEvaluation(ctx, tx, ev, i == best); err != nil {
				return err
			}
		}
		outcome := dbsqlc.SetAttemptOutcomeParams{QueryID: q.ID, Attempt: attempt, Outcome: "passed"}
		if best < 0 {
			ce := failureError(failure, len(evals))
			outcome.Outcome, outcome.Stage, outcome.ErrorClass, outcome.Sqlstate, outcome.Error =
				"failed", ptr(failureStage(failure)), ptr(string(ce.Class)), nonEmpty(ce.SQLSTATE), &ce.Message
		}
		if err := s.q.SetAttemptOutcome(ctx, tx, &outcome); err != nil {
			return err
		}
		switch nextStatus {
		case statusExecuting:
			_, err = s.client.InsertTx(ctx, tx, jobs.ExecuteArgs{Ref: jobs.Ref{QueryID: q.ID, Step: next}, Attempt: attempt}, nil)
		case statusGenerating:
			_, err = s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: q.ID, Step: next}, Attempt: attempt + 1}, nil)
		}
		if err != nil {
			return err
		}
		return s.recordTiming(ctx, tx, job.JobRow, ref, jobs.StageValidate, attempt, started)
	})
}

// handOn moves a question after validation or execution: to execution when
// passed, back to generation when the failure is repairable and attempts
// remain, or to failed. It returns the new step and status.
func (s *Service) handOn(ctx context.Context, tx pgx.Tx, id int64, step, attempt, maxAttempts int32, fail *errclass.Error, passed bool) (int32, string, error) {
	if passed {
		next, err := s.q.AdvanceQuery(ctx, tx, &dbsqlc.AdvanceQueryParams{ID: id, Step: step, Status: statusExecuting, Attempts: attempt})
		return next, statusExecuting, err
	}
	if fail.Class.Repairable() && attempt < maxAttempts {
		next, err := s.q.AdvanceQuery(ctx, tx, &dbsqlc.AdvanceQueryParams{ID: id, Step: step, Status: statusGenerating, Attempts: attempt})
		return next, statusGenerating, err
	}
	msg := fail.Message
	if fail.Class.Repairable() {
		msg = fmt.Sprintf("no valid SQL after %d attempt(s); last error: %s", attempt, fail.Message)
	}
	next, err := s.q.FinishQuery(ctx, tx, &dbsqlc.FinishQueryParams{ID: id, Step: step, Status: statusFailed, Attempts: attempt,
		ErrorClass: ptr(string(fail.Class)), Sqlstate: nonEmpty(fail.SQLSTATE), Error: &msg})
	return next, statusFailed, err
}

func (s *Service) saveEvaluation(ctx context.Context, tx pgx.Tx, ev *evaluation, selected bool) error {
	p := &dbsqlc.UpdateCandidateParams{QueryID: ev.row.QueryID, Attempt: ev.row.Attempt, Ordinal: ev.row.Ordinal,
		Score: &ev.score, Breakdown: mustJSON(ev.parts), Verdict: "passed", Selected: selected}
	if ev.verdict != nil && ev.verdict.SQL != "" {
		p.GuardedSql = &ev.verdict.SQL
	}
	if ev.plan != nil {
		p.Plan = ev.plan.Raw
	}
	if ev.err != nil {
		p.Verdict, p.Stage, p.ErrorClass, p.Sqlstate, p.Error = "rejected", &ev.stage, ptr(string(ev.err.Class)), nonEmpty(ev.err.SQLSTATE), &ev.err.Message
	}
	return s.q.UpdateCandidate(ctx, tx, p)
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
	q, err := s.loadQuery(ctx, ref)
	if err != nil {
		return staleOr(ctx, s, job, err)
	}
	opts, err := parseOptions(q.Options)
	if err != nil {
		return err
	}
	cand, err := s.q.GetSelectedCandidate(ctx, s.pool, &dbsqlc.GetSelectedCandidateParams{QueryID: q.ID, Attempt: attempt})
	if err != nil {
		return metaError(err)
	}
	db, err := s.deps.Catalog.Target(ctx, q.DatabaseName)
	if err != nil {
		return err
	}
	sql := deref(cand.GuardedSql)
	res, execErr := s.deps.Targets.Execute(ctx, db, sql, target.ExecOptions{MaxRows: s.maxRows(opts), Timeout: opts.timeout()})
	if execErr != nil {
		ce := errclass.Classify(execErr)
		if ce.Class == errclass.InfraFailure {
			return execErr
		}
		maxAttempts := int32(opts.maxAttempts(s.cfg.MaxAttempts))
		return complete(ctx, s, job, func(tx pgx.Tx) error {
			next, status, err := s.handOn(ctx, tx, q.ID, ref.Step, attempt, maxAttempts, ce, false)
			if err != nil {
				return err
			}
			if err := s.q.RejectCandidate(ctx, tx, &dbsqlc.RejectCandidateParams{QueryID: q.ID, Attempt: attempt, Ordinal: cand.Ordinal,
				ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &ce.Message}); err != nil {
				return err
			}
			if err := s.q.SetAttemptOutcome(ctx, tx, &dbsqlc.SetAttemptOutcomeParams{QueryID: q.ID, Attempt: attempt, Outcome: "failed",
				Stage: ptr("execute"), ErrorClass: ptr(string(ce.Class)), Sqlstate: nonEmpty(ce.SQLSTATE), Error: &ce.Message}); err != nil {
				return err
			}
			if status == statusGenerating {
				if _, err := s.client.InsertTx(ctx, tx, jobs.GenerateArgs{Ref: jobs.Ref{QueryID: q.ID, Step: next}, Attempt: attempt + 1}, nil); err != nil {
					return err
				}
			}
			return s.recordTiming(ctx, tx, job.JobRow, ref, jobs.StageExecute, attempt, started)
		})
	}

	warnings := 0
	var parts map[string]float64
	if json.Unmarshal(cand.Breakdown, &parts) == nil {
		warnings = int(parts[candidate.PartLintWarning] / candidate.LintWarnPenalty)
	}
	confidence := candidate.Confidence(int(attempt), warnings)
	return complete(ctx, s, job, func(tx pgx.Tx) error {
		if _, err := s.q.FinishQuery(ctx, tx, &dbsqlc.FinishQueryParams{ID: q.ID, Step: ref.Step, Status: statusSucceeded, Attempts: attempt,
			Sql: &sql, Confidence: &confidence}); err != nil {
			return err
		}
		if err := s.q.InsertQueryResult(ctx, tx, &dbsqlc.InsertQueryResultParams{QueryID: q.ID, Columns: mustJSON(res.Columns), Rows: mustJSON(res.Rows),
			RowCount: int32(res.RowCount), Truncated: res.Truncated, DurationMs: float64(res.Duration.Microseconds()) / 1000}); err != nil {
			return err
		}
		return s.recordTiming(ctx, tx, job.JobRow, ref, jobs.StageExecute, attempt, started)
	})
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
