package exam

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/pgsql"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
)

// CheckConfig configures Check.
type CheckConfig struct {
	// Database is the registered database. Required.
	Database string
	// Questions is the exam. Required.
	Questions []Question
	// Guard configures the SQL guard the gold SQL must pass, as generated
	// SQL must; its DefaultLimit is set from MaxRows. Defaults to
	// sqlguard.Config{}.
	Guard sqlguard.Config
	// MaxRows caps a gold result (more is a failure). Defaults to 100000.
	MaxRows int
	// Timeout bounds each gold SQL's execution. Defaults to 1m.
	Timeout time.Duration
	// Getenv resolves an env: DSN. Defaults to os.Getenv.
	Getenv func(string) string
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c CheckConfig) WithDefaults() CheckConfig {
	if c.MaxRows == 0 {
		c.MaxRows = DefaultGoldMaxRows
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultGoldTimeout
	}
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	return c
}

func (c CheckConfig) validate() error {
	switch {
	case c.Database == "":
		return errors.New("exam: CheckConfig.Database is required")
	case len(c.Questions) == 0:
		return errors.New("exam: CheckConfig.Questions is empty")
	case c.MaxRows < 1 || c.Timeout <= 0:
		return errors.New("exam: CheckConfig.MaxRows and Timeout must be positive")
	}
	return nil
}

// CheckResult is what Check found: the catalog's size, the exam's shape
// and the verdict on every gold SQL.
type CheckResult struct {
	Database string
	// Tables is the number of tables and views in the catalog.
	Tables int
	// Modules are the catalog's distinct modules (from annotations), sorted.
	Modules []string
	// Difficulties counts the questions per difficulty.
	Difficulties map[string]int
	// Gold has one entry per question, in exam order.
	Gold []GoldCheck
}

// GoldOK counts the questions whose gold SQL passed every check.
func (r *CheckResult) GoldOK() int {
	n := 0
	for _, g := range r.Gold {
		if g.OK() {
			n++
		}
	}
	return n
}

// GoldCheck is the verdict on one question's gold SQL.
type GoldCheck struct {
	QuestionID string
	// Guard reports whether the guard accepted the SQL with the database's
	// catalog; GuardStage and GuardErrors say why not.
	Guard       bool
	GuardStage  string
	GuardErrors []string
	// Lint is what the guard's lint found in the gold SQL, warnings
	// included: gold SQL is what good SQL looks like, so a finding here is
	// either a lint false positive or a gold SQL to fix.
	Lint []sqlguard.LintIssue
	// Ran reports whether the SQL ran read-only; Rows is its row count.
	Ran  bool
	Rows int
	// Problems lists every failure: guard, execution, an unexpected empty
	// result, an expected table missing from the catalog.
	Problems []string
}

// OK reports whether the gold SQL passed every check.
func (g GoldCheck) OK() bool { return len(g.Problems) == 0 }

// Check verifies an exam against a registered database without a model:
// every gold SQL must pass the guard with the database's catalog (as
// generated SQL must), read neither the clock nor randomness, end in an
// ORDER BY when the question's order matters, run read-only within
// MaxRows, and return rows unless its notes say "expects no rows"; every
// expected table must be in the catalog.
func Check(ctx context.Context, meta *pgxpool.Pool, targets *target.Registry, cfg CheckConfig) (*CheckResult, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	snap, err := catalog.Load(ctx, meta, cfg.Database)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return nil, fmt.Errorf("exam: database %q is not registered (nl2sql db add, or nl2sql exam load for the demo ERP): %w", cfg.Database, err)
		}
		return nil, err
	}
	db, err := resolveTarget(ctx, meta, cfg.Database, cfg.Getenv)
	if err != nil {
		return nil, err
	}
	gcfg := cfg.Guard
	gcfg.DefaultLimit = cfg.MaxRows + 1
	guard, err := sqlguard.New(gcfg)
	if err != nil {
		return nil, err
	}
	res := &CheckResult{Database: cfg.Database, Tables: len(snap.Tables), Difficulties: map[string]int{}}
	for _, t := range snap.Tables {
		if t.Module != "" && !slices.Contains(res.Modules, t.Module) {
			res.Modules = append(res.Modules, t.Module)
		}
	}
	slices.Sort(res.Modules)

	cat := parts.Catalog{S: snap}
	for _, q := range cfg.Questions {
		res.Difficulties[q.Difficulty]++
		g := GoldCheck{QuestionID: q.ID}
		v, refusal := guardGold(guard, cat, q.GoldSQL)
		g.Guard, g.GuardStage, g.Lint = v.OK, string(v.Stage), v.Lint
		for _, e := range v.Errors {
			g.GuardErrors = append(g.GuardErrors, e.Message)
		}
		if refusal != "" {
			g.Problems = append(g.Problems, refusal)
		}
		if p := changingGold(q.GoldSQL); p != "" {
			g.Problems = append(g.Problems, p)
		}
		if p := unorderedGold(q); p != "" {
			g.Problems = append(g.Problems, p)
		}
		out, err := targets.Execute(ctx, db, q.GoldSQL, target.ExecOptions{MaxRows: cfg.MaxRows, Timeout: cfg.Timeout})
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			ce := errclass.Classify(err)
			if ce.Class == errclass.InfraFailure {
				return nil, ce // the database, not the exam
			}
			state := ""
			if ce.SQLSTATE != "" {
				state = " (SQLSTATE " + ce.SQLSTATE + ")"
			}
			g.Problems = append(g.Problems, fmt.Sprintf("failed to run%s: %s", state, strings.ReplaceAll(ce.Message, "\n", " ")))
		case out.Truncated:
			g.Ran, g.Rows = true, out.RowCount
			g.Problems = append(g.Problems, truncatedGold(targets, out, cfg.MaxRows))
		default:
			g.Ran, g.Rows = true, out.RowCount
			if p := emptyGold(q, out.RowCount); p != "" {
				g.Problems = append(g.Problems, p)
			}
		}
		g.Problems = append(g.Problems, unknownTables(snap, q, cfg.Database)...)
		res.Gold = append(res.Gold, g)
	}
	return res, nil
}

// guardGold is the guard's verdict on a gold SQL and, when it refuses it,
// the problem as exam check and exam run state it. Gold SQL is held to
// what generated SQL is: a gold the guard refuses could never be matched,
// and one that reads a clock or sleeps is no gold.
func guardGold(guard *sqlguard.Guard, cat sqlguard.Catalog, sql string) (*sqlguard.Verdict, string) {
	v := guard.Check(sql, cat)
	if v.OK {
		return v, ""
	}
	msgs := make([]string, len(v.Errors))
	for i, e := range v.Errors {
		msgs[i] = e.Message
	}
	return v, fmt.Sprintf("refused by the guard at %s: %s", v.Stage, strings.Join(msgs, "; "))
}

// emptyGold is the problem of a gold result of rows rows: none, unless
// the question's notes say it expects none (an empty gold would pass any
// empty answer, a typo in a filter included).
func emptyGold(q Question, rows int) string {
	if rows == 0 && !q.ExpectsNoRows() {
		return `returns no rows (if that is the answer, say "expects no rows" in notes)`
	}
	return ""
}

// unknownTables are the problems of q's expected tables that are not in
// the catalog of database: a typo would grade every answer a retrieval
// miss with recall 0.
func unknownTables(snap *catalog.Snapshot, q Question, database string) []string {
	var out []string
	for _, t := range q.ExpectedTables {
		if snap.Resolve(t) == nil {
			out = append(out, fmt.Sprintf("expected table %q is not in the catalog of %s", t, database))
		}
	}
	return out
}

// unorderedGold is the problem of an order_matters question whose gold SQL
// has no ORDER BY at its outermost level, "" otherwise: its row order is
// whatever the plan gives, so a correctly ordered answer could fail. SQL
// that does not parse is the guard's to report.
func unorderedGold(q Question) string {
	if !q.OrderMatters {
		return ""
	}
	script, err := pgsql.Parse(q.GoldSQL)
	if err != nil || len(script.Statements) != 1 {
		return ""
	}
	if a := script.Statements[0].Analysis(); len(a.Scopes) > 0 && !a.Scopes[0].HasOrderBy {
		return "order_matters is set but the gold SQL has no ORDER BY at its outermost level, so its row order is not defined"
	}
	return ""
}

// timeReaders are the functions whose answer changes from one run to the
// next: the clock and randomness (QUESTIONS.md: gold SQL never uses them).
var timeReaders = map[string]bool{
	"now": true, "clock_timestamp": true, "statement_timestamp": true, "transaction_timestamp": true,
	"timeofday": true, "random": true, "random_normal": true, "gen_random_uuid": true,
}

// timeKeywords are SQL's value functions of the clock, key words rather
// than calls.
var timeKeywords = map[string]bool{
	"current_date": true, "current_time": true, "current_timestamp": true, "localtime": true, "localtimestamp": true,
}

// clockLiterals are PostgreSQL's special date and time inputs that read
// the clock ('today'::date, TIMESTAMP 'now', ordered_at < 'yesterday').
var clockLiterals = map[string]bool{"now": true, "today": true, "tomorrow": true, "yesterday": true}

// changingGold is the problem of a gold SQL whose answer changes over time
// (it reads the clock or randomness), "" otherwise; SQL that does not parse
// is the guard's to report.
func changingGold(sql string) string {
	var found []string
	add := func(name string) {
		if !slices.Contains(found, name) {
			found = append(found, name)
		}
	}
	if script, err := pgsql.Parse(sql); err == nil {
		for _, st := range script.Statements {
			for _, f := range st.Analysis().Functions {
				if (f.Schema == "" || f.Schema == "pg_catalog") && timeReaders[f.Name] {
					add(f.Name + "()")
				}
				if (f.Schema == "" || f.Schema == "pg_catalog") && f.Name == "age" && len(f.Args) == 1 {
					add("age() of one argument (the age at the current date)")
				}
			}
		}
	}
	if toks, err := pgsql.Scan(sql); err == nil {
		sample, repeatable := false, false
		for _, t := range toks {
			switch {
			case t.Kind == pgsql.TokenKeyword && timeKeywords[t.Keyword]:
				add(t.Keyword)
			case t.Kind == pgsql.TokenKeyword && t.Keyword == "tablesample":
				sample = true
			case t.Kind == pgsql.TokenKeyword && t.Keyword == "repeatable":
				repeatable = true
			case t.Kind == pgsql.TokenString && strings.HasPrefix(t.Text, "'"):
				if w := strings.ToLower(strings.TrimSpace(strings.Trim(t.Text, "'"))); clockLiterals[w] {
					add("'" + w + "'")
				}
			}
		}
		if sample && !repeatable {
			add("TABLESAMPLE without REPEATABLE (other rows each time)")
		}
	}
	if len(found) == 0 {
		return ""
	}
	return "reads " + strings.Join(found, ", ") + ": its answer would change over time (anchor dates in the question instead)"
}
