// Package validate decides whether SQL candidates may run: each goes
// through the guard (parse, policy, lint), EXPLAIN on the target database
// and, when either refuses it for a reason the model could fix, the
// deterministic repair; the failures are classified (internal/errclass)
// and the best candidate is selected (docs/DESIGN.md, Validation and
// repair).
//
// Run is the one implementation: the worker's validate stage, `nl2sql
// check` and `nl2sql bench repair` all call it, with the same limits, so a
// repair figure measured by the bench is production's.
package validate

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/target"
)

// MaxRepairRounds bounds the deterministic repairs of a candidate that
// EXPLAIN refused: fixing one unknown column may reveal the next. A
// candidate the guard refused gets one repair before EXPLAIN; a rewrite
// the guard refuses is dropped and the failure before it stands.
const MaxRepairRounds = 3

// Guard checks SQL against policy and the database's catalog.
type Guard interface {
	// Check returns the verdict on sql; limit is the LIMIT added when sql
	// has none. An error is the guard's (an unknown database, the catalog
	// unavailable), never the SQL's.
	Check(ctx context.Context, database, sql string, limit int) (*Verdict, error)
}

// Explainer runs EXPLAIN on a target database.
type Explainer interface {
	Explain(ctx context.Context, db target.Database, sql string) (*target.Plan, error)
}

// Repairer repairs a failed candidate deterministically: autocorrect of
// names, quoting and punctuation, and the surgical column whitelist.
type Repairer interface {
	// Repair looks at sql, which failed with fail, and says what it made
	// of it.
	Repair(ctx context.Context, database, sql string, fail Failure) (RepairResult, error)
}

// RepairResult is a Repairer's answer.
type RepairResult struct {
	// SQL is the corrected SQL when a rewrite is safe (OK).
	SQL string
	OK  bool
	// Report says what was done or, when nothing was (observe mode, a gate
	// failed), what would have been; it is kept with the candidate, so it
	// is set whenever the repair looked.
	Report json.RawMessage
	// Stale names the catalog's tables and columns the database said it
	// does not have ("shop.products.unit_cost"): the catalog is older than
	// the database.
	Stale []string
}

// Verdict is the guard's answer for one SQL text.
type Verdict struct {
	OK bool
	// Stage is where a refusal happened: parse, policy or lint.
	Stage string
	// SQL is what would run: LIMIT added when missing.
	SQL        string
	LimitAdded bool
	Violations []Violation
	// Lint is every lint finding; LintErrors and LintWarnings count them
	// (errors refuse).
	Lint         []Lint
	LintErrors   int
	LintWarnings int
	Shape        Shape
}

// Violation is one reason a SQL text was refused.
type Violation struct {
	Code     string
	Message  string
	SQLSTATE string
	Class    string
	// Position is the 1-based character offset in the SQL checked; 0 if
	// unknown.
	Position int
}

// Lint is one lint finding.
type Lint struct {
	Code     string
	Severity string // error or warning
	Message  string
	// Position is the 1-based character offset in the SQL; 0 if unknown.
	Position int
}

// Shape is what candidate scoring looks at.
type Shape struct {
	HasGroupBy  bool
	HasOrderBy  bool
	HasLimit    bool // written by the model
	HasDistinct bool
}

// Failure is the failure a repair starts from.
type Failure struct {
	SQLSTATE string
	Message  string
	// Stage is where it failed: parse, policy, lint or explain.
	Stage string
	// Code is the guard's or lint's code, when it refused.
	Code string
	// Position is the 1-based character offset of the error in the SQL
	// being repaired; 0 if unknown. It tells apart references that share
	// a name (department_id in two CTEs).
	Position int
}

// Validator runs Run. It is safe for concurrent use.
type Validator struct {
	guard      Guard
	explainer  Explainer
	repairer   Repairer
	maxExplain int
	log        *slog.Logger
}

// Config configures a Validator.
type Config struct {
	// Guard and Explainer are required.
	Guard     Guard
	Explainer Explainer
	// Repairer is the deterministic repair; nil turns it off. Defaults to
	// nil.
	Repairer Repairer
	// MaxExplain is how many candidates are EXPLAINed at once
	// (candidate.Config.MaxExplain). Defaults to 4.
	MaxExplain int
	// Logger receives warnings. Defaults to a discarding logger.
	Logger *slog.Logger
}

// New returns a Validator for cfg.
func New(cfg Config) (*Validator, error) {
	if cfg.Guard == nil || cfg.Explainer == nil {
		return nil, errors.New("validate: Config needs Guard and Explainer")
	}
	if cfg.MaxExplain == 0 {
		cfg.MaxExplain = 4
	}
	if cfg.MaxExplain < 1 {
		return nil, errors.New("validate: MaxExplain must be at least 1")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Validator{guard: cfg.Guard, explainer: cfg.Explainer, repairer: cfg.Repairer, maxExplain: cfg.MaxExplain, log: cfg.Logger}, nil
}

// Input is one candidate to validate.
type Input struct {
	Ordinal int32
	SQL     string
	// Votes is how many model calls produced the SQL; it breaks score ties.
	Votes int
}

// Request is one attempt's candidates.
type Request struct {
	// Database is the registered database; DB is it resolved for EXPLAIN.
	Database string
	DB       target.Database
	// Question is what the candidates answer (scoring reads it).
	Question string
	// Limit is the LIMIT the guard adds to SQL without one: max_rows+1, so
	// execution can tell a complete result of max_rows rows from a
	// truncated one.
	Limit      int
	Candidates []Input
}

// Candidate is what validation learned about one candidate.
type Candidate struct {
	Ordinal int32
	SQL     string // as generated
	// Given is the guard's verdict on SQL as given, and GivenErr its
	// failure there (the guard's or EXPLAIN's, at GivenStage), before any
	// repair; nil when SQL passed as given or was not EXPLAINed.
	Given      *Verdict
	GivenErr   *errclass.Error
	GivenStage string
	// Skipped: not EXPLAINed, a better-scored candidate passed first.
	Skipped bool
	// Repaired is the SQL after deterministic repair, "" when none was
	// applied; Repairs are the repairer's reports, one per round (also
	// when it only looked).
	Repaired string
	Repairs  []json.RawMessage
	// Stale is what the repairer found the catalog holds that the
	// database does not (RepairResult.Stale), over every round.
	Stale []string
	// Verdict is the guard's verdict on what runs: Repaired when set.
	Verdict *Verdict
	Plan    *target.Plan
	// Err is why the candidate was rejected, at Stage; nil when it passed.
	// Position is where in the SQL being repaired, 0 if unknown.
	Err      *errclass.Error
	Stage    string
	Position int
	Eval     candidate.Evaluation
	Score    float64
	Parts    candidate.Breakdown
}

// Outcome is an attempt's validation.
type Outcome struct {
	Candidates []*Candidate
	// Selected is the index of the candidate to execute; -1 when none
	// passed.
	Selected int
	// Failure, at FailStage, decides what happens next when none passed
	// (see worst); Failed is the candidate it came from, nil when there
	// was none.
	Failure   *errclass.Error
	FailStage string
	Failed    *Candidate
}

// Stale is what the attempt's repairs found the catalog holds that the
// database does not, over every candidate: the catalog needs a refresh.
func (o *Outcome) Stale() []string {
	var out []string
	for _, c := range o.Candidates {
		for _, s := range c.Stale {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// Run validates an attempt's candidates: the guard on each (and one
// repair of a refusal the model could fix), EXPLAIN on those it passed,
// best pre-EXPLAIN score first (and up to MaxRepairRounds repairs of an
// EXPLAIN failure), then selection. An error is infrastructure's (the
// guard's catalog, EXPLAIN's connection): it says nothing about the SQL
// and the caller retries.
func (v *Validator) Run(ctx context.Context, req Request) (*Outcome, error) {
	cands := make([]*Candidate, 0, len(req.Candidates))
	for _, in := range req.Candidates {
		c := &Candidate{Ordinal: in.Ordinal, SQL: in.SQL, Eval: candidate.Evaluation{Ordinal: int(in.Ordinal), Votes: in.Votes}}
		if err := v.check(ctx, req.Database, c, req.Limit); err != nil {
			return nil, err
		}
		c.Given = c.Verdict
		if c.Err != nil {
			c.GivenErr, c.GivenStage = c.Err, c.Stage
			// A trailing comma, a misspelt table: fixable before any EXPLAIN.
			if _, err := v.repair(ctx, req.Database, c, req.Limit); err != nil {
				return nil, err
			}
		}
		c.Score, c.Parts = candidate.Score(req.Question, c.Eval)
		cands = append(cands, c)
	}
	if err := v.explainAll(ctx, req, cands); err != nil {
		return nil, err
	}
	return selectBest(cands), nil
}

// check runs the guard on c's SQL and records the verdict; a refusal
// rejects the candidate.
func (v *Validator) check(ctx context.Context, database string, c *Candidate, limit int) error {
	vd, err := v.guard.Check(ctx, database, c.SQL, limit)
	if err != nil {
		return err
	}
	c.Verdict = vd
	c.Eval.LintErrors, c.Eval.LintWarnings = vd.LintErrors, vd.LintWarnings
	c.Eval.HasGroupBy, c.Eval.HasOrderBy, c.Eval.HasLimit, c.Eval.HasDistinct = vd.Shape.HasGroupBy, vd.Shape.HasOrderBy, vd.Shape.HasLimit, vd.Shape.HasDistinct
	if !vd.OK {
		c.Eval.Rejected = true
		c.Eval.Refused = vd.Stage == "parse" || vd.Stage == "policy"
		c.Stage = vd.Stage
		c.Err = violationError(vd)
		if len(vd.Violations) > 0 {
			c.Position = vd.Violations[0].Position
		}
	}
	return nil
}

// explain runs EXPLAIN on a guard-passed candidate and rescores it. When
// EXPLAIN fails on the SQL (not the database), the deterministic repair
// gets up to MaxRepairRounds goes.
func (v *Validator) explain(ctx context.Context, req Request, c *Candidate) error {
	for round := 0; ; round++ {
		plan, err := v.explainer.Explain(ctx, req.DB, c.Verdict.SQL)
		if err == nil {
			c.Plan = plan
			break
		}
		ce := errclass.Classify(err)
		if ce.Class == errclass.InfraFailure {
			return err // the database, not the SQL: retry
		}
		c.Eval.Rejected, c.Eval.ExplainFailed, c.Stage, c.Err = true, true, "explain", ce
		c.Position = explainPosition(err, c.Verdict.SQL, c.current())
		if c.GivenErr == nil {
			c.GivenErr, c.GivenStage = ce, "explain"
		}
		if round == MaxRepairRounds {
			break
		}
		fixed, err := v.repair(ctx, req.Database, c, req.Limit)
		if err != nil {
			return err
		}
		if !fixed {
			break
		}
	}
	c.Score, c.Parts = candidate.Score(req.Question, c.Eval)
	return nil
}

// repair asks the repairer to fix c's failure. When it rewrites the SQL
// and the guard accepts the rewrite, c becomes the rewritten candidate
// (not yet EXPLAINed: c.Err is cleared) and fixed is true. A rewrite the
// guard refuses is dropped: the original failure stands.
func (v *Validator) repair(ctx context.Context, database string, c *Candidate, limit int) (fixed bool, err error) {
	if v.repairer == nil || c.Err == nil || !(c.Err.Class.Repairable() || starPrivilege(c)) {
		return false, nil
	}
	cur := c.current()
	rr, err := v.repairer.Repair(ctx, database, cur, Failure{
		SQLSTATE: c.Err.SQLSTATE, Message: c.Err.Message, Stage: c.Stage, Code: c.Err.Code, Position: c.Position,
	})
	if err != nil {
		return false, err
	}
	if len(rr.Report) > 0 {
		c.Repairs = append(c.Repairs, rr.Report)
	}
	for _, s := range rr.Stale {
		if !slices.Contains(c.Stale, s) {
			c.Stale = append(c.Stale, s)
		}
	}
	sql := rr.SQL
	if !rr.OK || sql == cur {
		return false, nil
	}
	re := &Candidate{Ordinal: c.Ordinal, SQL: sql, Eval: candidate.Evaluation{Ordinal: c.Eval.Ordinal, Votes: c.Eval.Votes}}
	if err := v.check(ctx, database, re, limit); err != nil {
		return false, err
	}
	if re.Err != nil {
		v.log.WarnContext(ctx, "deterministic repair refused by the guard; keeping the original failure", "sql", sql, "err", re.Err.Message)
		return false, nil
	}
	c.Repaired, c.Verdict, c.Eval, c.Err, c.Stage, c.Position = sql, re.Verdict, re.Eval, nil, "", 0
	c.Eval.Repaired = true
	return true, nil
}

// starPrivilege reports whether c failed EXPLAIN for want of a privilege:
// a validation_block, not for the model to repair, but the deterministic
// repair may find it a star over a table whose columns the role may read
// only some of, and list those (repair.SQLSTATEPrivilege). The guard's own
// refusals are never repaired so.
func starPrivilege(c *Candidate) bool {
	return c.Stage == "explain" && c.Err.SQLSTATE == "42501"
}

// current is the SQL c stands for now: the repaired text, once repaired.
func (c *Candidate) current() string {
	if c.Repaired != "" {
		return c.Repaired
	}
	return c.SQL
}

// explainPosition is the position of EXPLAIN's error in sql, the text the
// guard passed as explained (its LIMIT appended). The guard appends rather
// than rewrites, so a position inside the text the two share points at the
// same character of sql; past it (in the LIMIT) it says nothing: 0.
func explainPosition(err error, explained, sql string) int {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Position <= 0 {
		return 0
	}
	n := 0
	for n < len(sql) && n < len(explained) && sql[n] == explained[n] {
		n++
	}
	for n > 0 && n < len(sql) && !utf8.RuneStart(sql[n]) {
		n-- // a character only partly shared is not shared
	}
	if int(pe.Position) > utf8.RuneCountInString(sql[:n]) {
		return 0
	}
	return int(pe.Position)
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
