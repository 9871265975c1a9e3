package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/compare"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/internal/validate"
)

// RepairOptions configure RunRepair, the benchmark behind `nl2sql bench
// repair`: every gold SQL of an exam, with the mistakes models make
// injected at every site (Mutate), goes through the validate stage's own
// function (validate.Validator.Run: the guard, EXPLAIN on the registered
// database and deterministic repair, with production's limits), and the
// SQL it passes runs and is compared with the gold result.
type RepairOptions struct {
	// Meta is nl2sql's database, where Database is registered. Required.
	Meta *pgxpool.Pool
	// Targets runs EXPLAIN and the queries. Required.
	Targets *target.Registry
	// Database is the registered database the exam is for. Defaults to "erp".
	Database string
	// Questions are the exam. Defaults to exam.ERPQuestions().
	Questions []exam.Question
	// Repair configures the repairer. Defaults to repair.Config{}.
	Repair repair.Config
	// Guard configures the guard every candidate passes first. Defaults to
	// sqlguard.Config{}.
	Guard sqlguard.Config
	// Concurrency is how many mutants are worked on at once. Defaults to 4.
	Concurrency int
	// MaxRows caps a result; gold results are smaller. Defaults to 100000.
	MaxRows int
	// Timeout bounds each execution. Defaults to 1m.
	Timeout time.Duration
	// Getenv resolves an env: DSN. Defaults to os.Getenv.
	Getenv func(string) string
	// Now is the clock the repair calls are timed with. Defaults to time.Now.
	Now func() time.Time
	// Logger receives progress. Defaults to a discarding logger.
	Logger *slog.Logger
}

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o RepairOptions) WithDefaults() RepairOptions {
	if o.Database == "" {
		o.Database = "erp"
	}
	if o.Questions == nil {
		o.Questions = exam.ERPQuestions()
	}
	if o.Concurrency == 0 {
		o.Concurrency = 4
	}
	if o.MaxRows == 0 {
		o.MaxRows = exam.DefaultGoldMaxRows
	}
	if o.Timeout == 0 {
		o.Timeout = exam.DefaultGoldTimeout
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func (o RepairOptions) validate() error {
	switch {
	case o.Meta == nil || o.Targets == nil:
		return errors.New("bench: RepairOptions.Meta and Targets are required")
	case len(o.Questions) == 0:
		return errors.New("bench: RepairOptions.Questions is empty")
	case o.Concurrency < 1 || o.MaxRows < 1 || o.Timeout <= 0:
		return errors.New("bench: RepairOptions.Concurrency, MaxRows and Timeout must be positive")
	}
	return nil
}

// RepairReport is the outcome: every mutant that the guard or EXPLAIN
// refused is fixed (its repair runs and returns the gold result), flipped
// (its repair runs and returns a different result: a wrong answer served
// as right, which must never happen) or left (for the model to repair).
type RepairReport struct {
	Mutations int     `json:"mutations"`
	Fixed     int     `json:"fixed"`
	Flipped   int     `json:"flipped"`
	Left      int     `json:"left"`
	P50US     float64 `json:"p50_us"`
	// Kinds breaks the figures down per mutation kind.
	Kinds map[string]*KindReport `json:"kinds"`
	// Flips are the flipped mutants, for diagnosis.
	Flips []Case `json:"-"`
	// Cases are every mutant's outcome, in exam order.
	Cases []Case `json:"-"`
	// Mode is the surgical tier's mode.
	Mode repair.Mode `json:"-"`
	// Settings are what the run used.
	Settings RepairSettings `json:"settings"`
}

// RepairSettings are the settings a repair benchmark ran with.
type RepairSettings struct {
	Database  string `json:"database"`
	Questions int    `json:"questions"`
	// Mode is the surgical tier's mode (repair.Config.Mode).
	Mode repair.Mode `json:"mode"`
	// GuardRepairs and ExplainRepairs are the repairs a mutant gets when
	// the guard refuses it and when EXPLAIN does: validate's limits, the
	// validate stage's.
	GuardRepairs   int `json:"guard_repairs"`
	ExplainRepairs int `json:"explain_repairs"`
	// Limit is the LIMIT the guard adds (MaxRows+1), MaxRows the rows a
	// result may have, TimeoutMS each execution's bound.
	Limit       int   `json:"limit"`
	MaxRows     int   `json:"max_rows"`
	TimeoutMS   int64 `json:"timeout_ms"`
	Concurrency int   `json:"concurrency"`
}

// KindReport is one mutation kind's figures.
type KindReport struct {
	Mutations int     `json:"mutations"`
	Fixed     int     `json:"fixed"`
	Flipped   int     `json:"flipped"`
	Left      int     `json:"left"`
	P50US     float64 `json:"p50_us"`
	// Valid counts mutants that were valid SQL as injected (no error to
	// repair, not in Mutations): dropping GROUP BY customer_id when the
	// company name is grouped too, or a column that another table also
	// has.
	Valid int `json:"valid"`

	durations []time.Duration
}

// Case is one mutant's journey.
type Case struct {
	QuestionID string   `json:"question_id"`
	Kind       string   `json:"kind"`
	Change     string   `json:"change"`
	Mutant     string   `json:"mutant"`
	Repaired   string   `json:"repaired"`
	Fixes      []string `json:"fixes"`
	Outcome    string   `json:"outcome"` // fixed, flipped, left, valid
	Reason     string   `json:"reason"`
}

// ColumnMistakes sums the column kinds: mutations and fixed.
func (r *RepairReport) ColumnMistakes() (mutations, fixed int) {
	for k, kr := range r.Kinds {
		if ColumnKind(k) {
			mutations += kr.Mutations
			fixed += kr.Fixed
		}
	}
	return mutations, fixed
}

type job struct {
	q    *exam.Question
	gold *compare.Result
	mu   Mutant
}

// RunRepair runs the repair benchmark.
func RunRepair(ctx context.Context, opts RepairOptions) (*RepairReport, error) {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	// The validate stage's parts, as serve wires them, so the figure is
	// production's.
	p, err := parts.New(opts.Meta, nil, parts.Config{Guard: opts.Guard, Repair: opts.Repair, Getenv: opts.Getenv})
	if err != nil {
		return nil, err
	}
	mode := opts.Repair.WithDefaults().Mode
	snap, err := catalog.Load(ctx, opts.Meta, opts.Database)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return nil, fmt.Errorf("bench: database %q is not registered (nl2sql exam load loads the demo ERP): %w", opts.Database, err)
		}
		return nil, err
	}
	db, err := p.Target(ctx, opts.Database)
	if err != nil {
		return nil, fmt.Errorf("bench: database %q: %w", opts.Database, err)
	}
	r := &repairRun{opts: opts, p: p, db: db}

	var jobs []job
	for i := range opts.Questions {
		q := &opts.Questions[i]
		gold, err := r.execute(ctx, q.GoldSQL)
		if err != nil {
			return nil, fmt.Errorf("bench: gold SQL of %s: %w", q.ID, err)
		}
		mutants, err := Mutate(q.GoldSQL, snap)
		if err != nil {
			return nil, fmt.Errorf("bench: gold SQL of %s: %w", q.ID, err)
		}
		for _, m := range mutants {
			jobs = append(jobs, job{q: q, gold: gold, mu: m})
		}
	}
	opts.Logger.Info("repair bench", "questions", len(opts.Questions), "mutants", len(jobs), "mode", mode)

	cases := make([]Case, len(jobs))
	durs := make([][]time.Duration, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range opts.Concurrency {
		wg.Go(func() {
			for i := range next {
				cases[i], durs[i], errs[i] = r.run(cctx, jobs[i])
				if errs[i] != nil {
					cancel()
				}
			}
		})
	}
feed:
	for i := range jobs {
		select {
		case next <- i:
		case <-cctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

	out := &RepairReport{Kinds: map[string]*KindReport{}, Mode: mode, Cases: cases, Settings: RepairSettings{
		Database: opts.Database, Questions: len(opts.Questions), Mode: mode, GuardRepairs: 1, ExplainRepairs: validate.MaxRepairRounds,
		Limit: opts.MaxRows + 1, MaxRows: opts.MaxRows, TimeoutMS: opts.Timeout.Milliseconds(), Concurrency: opts.Concurrency,
	}}
	for _, k := range MutationKinds {
		out.Kinds[k] = &KindReport{}
	}
	var all []time.Duration
	for i, c := range cases {
		kr := out.Kinds[c.Kind]
		kr.durations = append(kr.durations, durs[i]...)
		all = append(all, durs[i]...)
		switch c.Outcome {
		case "valid":
			kr.Valid++
			continue
		case "fixed":
			kr.Fixed++
			out.Fixed++
		case "flipped":
			kr.Flipped++
			out.Flipped++
			out.Flips = append(out.Flips, c)
		default:
			kr.Left++
			out.Left++
		}
		kr.Mutations++
		out.Mutations++
	}
	for _, kr := range out.Kinds {
		kr.P50US = p50us(kr.durations)
	}
	out.P50US = p50us(all)
	return out, nil
}

func p50us(ds []time.Duration) float64 {
	return float64(report.DurationQuantile(slices.Clone(ds), 0.5).Nanoseconds()) / 1000
}

type repairRun struct {
	opts RepairOptions
	p    *parts.Parts
	db   target.Database
}

// timedRepairer times the validate stage's repair calls: p50_us is the
// repair alone, not the guard or EXPLAIN.
type timedRepairer struct {
	r    validate.Repairer
	now  func() time.Time
	durs []time.Duration
}

func (t *timedRepairer) Repair(ctx context.Context, database, sql string, fail validate.Failure) (validate.RepairResult, error) {
	start := t.now()
	rr, err := t.r.Repair(ctx, database, sql, fail)
	t.durs = append(t.durs, t.now().Sub(start))
	return rr, err
}

// run takes one mutant through validate.Validator.Run and, when it passes
// after repair, execution.
func (r *repairRun) run(ctx context.Context, j job) (Case, []time.Duration, error) {
	c := Case{QuestionID: j.q.ID, Kind: j.mu.Kind, Change: j.mu.Change, Mutant: j.mu.SQL, Outcome: "left"}
	// A Validator per mutant, for its own repair timings; one candidate
	// is EXPLAINed at a time either way.
	timed := &timedRepairer{r: r.p, now: r.opts.Now}
	val, err := validate.New(validate.Config{Guard: r.p, Explainer: r.opts.Targets, Repairer: timed, Logger: r.opts.Logger})
	if err != nil {
		return c, nil, err
	}
	out, err := val.Run(ctx, validate.Request{
		Database: r.opts.Database, DB: r.db,
		Limit: r.opts.MaxRows + 1, Candidates: []validate.Input{{SQL: j.mu.SQL}},
	})
	durs := timed.durs
	if err != nil {
		return c, durs, err
	}
	v := out.Candidates[0]
	if v.GivenErr == nil {
		c.Outcome, c.Reason = "valid", "the mutant is valid SQL"
		return c, durs, nil
	}
	last := ""
	for _, raw := range v.Repairs {
		var res repair.Result
		if err := json.Unmarshal(raw, &res); err != nil {
			return c, durs, err
		}
		last = res.Reason
		if !res.Applied {
			continue
		}
		for _, fx := range res.Fixes {
			c.Fixes = append(c.Fixes, fmt.Sprintf("%s: %q → %q", fx.Kind, fx.From, fx.To))
		}
	}
	c.Repaired = v.Repaired
	if v.Err != nil {
		c.Reason = fmt.Sprintf("%s %s", v.Err.SQLSTATE, v.Err.Message)
		if last != "" {
			c.Reason += ": " + last
		}
		return c, durs, nil
	}
	// What execution would run: the repaired SQL as the guard passed it.
	got, err := r.execute(ctx, v.Verdict.SQL)
	if err != nil {
		if errclass.ClassOf(err) == errclass.InfraFailure {
			return c, durs, err
		}
		c.Reason = "the repaired SQL fails when it runs: " + err.Error()
		return c, durs, nil
	}
	cmp := compare.Compare(*j.gold, *got, compare.Options{OrderMatters: j.q.OrderMatters})
	if cmp.Match {
		c.Outcome = "fixed"
		return c, durs, nil
	}
	c.Outcome, c.Reason = "flipped", cmp.Reason
	return c, durs, nil
}

// execute runs sql read-only and returns its result as the exam compares
// answers (exam.Execute).
func (r *repairRun) execute(ctx context.Context, sql string) (*compare.Result, error) {
	return exam.Execute(ctx, r.opts.Targets, r.db, sql, target.ExecOptions{MaxRows: r.opts.MaxRows, Timeout: r.opts.Timeout})
}

// SortedKinds returns the report's kinds in MutationKinds order.
func (r *RepairReport) SortedKinds() []string {
	ks := make([]string, 0, len(r.Kinds))
	for k := range r.Kinds {
		ks = append(ks, k)
	}
	sort.SliceStable(ks, func(i, j int) bool {
		return slices.Index(MutationKinds, ks[i]) < slices.Index(MutationKinds, ks[j])
	})
	return ks
}
