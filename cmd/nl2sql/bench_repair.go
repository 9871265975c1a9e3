package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/target"
)

// benchRepairJSON is `nl2sql bench repair --json`.
type benchRepairJSON struct {
	Mutations int                          `json:"mutations"`
	Fixed     int                          `json:"fixed"`
	Flipped   int                          `json:"flipped"`
	Left      int                          `json:"left"`
	P50US     float64                      `json:"p50_us"`
	Kinds     map[string]*bench.KindReport `json:"kinds"`
	Settings  bench.RepairSettings         `json:"settings"`
}

func runBenchRepair(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "bench repair")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	db := fs.String("db", "erp", "registered database the exam is for (the demo ERP is loaded when erp is not registered)")
	file := fs.String("questions", "", "exam file, JSON or JSONL (format: exam/QUESTIONS.md); default: the built-in ERP exam")
	mode := fs.String("mode", "", "surgical whitelist mode, observe or active (default: NL2SQL_REPAIR's, as serve runs)")
	cases := fs.String("cases", "", "write every mutant's outcome to FILE as JSON lines")
	if err := parseNoArgs(fs, args, "bench repair takes no arguments: nl2sql bench repair [--json] [--db erp] [--mode active|observe]"); err != nil {
		return err
	}
	qs, _, err := loadExamQuestions(*file, "--questions")
	if err != nil {
		return err
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	pool, err := benchDatabase(ctx, m, st, *db)
	if err != nil {
		return err
	}
	defer pool.Close()
	targets, err := target.New(st.Target)
	if err != nil {
		return err
	}
	defer targets.Close()

	// The guard and repair serve would run, the flag overriding the mode.
	rcfg := st.Pipeline.Repair
	if *mode != "" {
		rcfg.Mode = repair.Mode(*mode)
	}
	rep, err := bench.RunRepair(ctx, bench.RepairOptions{
		Meta: pool, Targets: targets, Database: *db, Questions: qs,
		Guard: st.Pipeline.Guard, Repair: rcfg, Getenv: st.Pipeline.Getenv, Logger: st.Logger,
	})
	if err != nil {
		if errors.Is(err, repair.ErrConfig) {
			return usagef("--mode: %v", err)
		}
		return err
	}
	if *cases != "" {
		if err := writeCases(*cases, rep.Cases); err != nil {
			return err
		}
	}
	for _, c := range rep.Flips {
		fmt.Fprintf(m.Stderr, "FLIPPED %s %s (%s): %s\n  mutant:   %s\n  repaired: %s\n  fixes:    %v\n",
			c.QuestionID, c.Kind, c.Change, c.Reason, c.Mutant, c.Repaired, c.Fixes)
	}
	if *asJSON {
		if err := m.printJSON(benchRepairJSON{
			Mutations: rep.Mutations, Fixed: rep.Fixed, Flipped: rep.Flipped,
			Left: rep.Left, P50US: rep.P50US, Kinds: rep.Kinds, Settings: rep.Settings,
		}); err != nil {
			return err
		}
	} else {
		w := m.Stdout
		fmt.Fprintf(w, "%d questions, surgical tier %s: %d mutants refused by the guard or EXPLAIN went to deterministic repair\n",
			len(qs), rep.Mode, rep.Mutations)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "mutation kind\tmutations\tfixed\tflipped\tleft\tvalid as injected\tp50 µs\t")
		for _, k := range rep.SortedKinds() {
			kr := rep.Kinds[k]
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%.0f\t\n", k, kr.Mutations, kr.Fixed, kr.Flipped, kr.Left, kr.Valid, kr.P50US)
		}
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t\t%.0f\t\n", rep.Mutations, rep.Fixed, rep.Flipped, rep.Left, rep.P50US)
		if err := tw.Flush(); err != nil {
			return err
		}
		cm, cf := rep.ColumnMistakes()
		if cm > 0 {
			fmt.Fprintf(w, "column mistakes: %d of %d fixed (%.0f%%); flipped: %d (a repair that runs but answers differently; must be 0)\n",
				cf, cm, 100*float64(cf)/float64(cm), rep.Flipped)
		}
		fmt.Fprintln(w, "fixed: the repaired SQL returns the gold result; left: no safe rewrite, the model repairs it; p50: the repair call alone")
	}
	if rep.Flipped > 0 {
		return &exitError{code: exitFailure}
	}
	return nil
}

// benchDatabase connects to nl2sql's database and makes sure db is
// registered: the demo ERP is migrated and loaded (as `nl2sql exam load`
// does) when it is missing; any other database must be registered first.
// What it does goes to stderr, so --json output stays one document.
func benchDatabase(ctx context.Context, m *Main, st *settings, db string) (*pgxpool.Pool, error) {
	quiet := *m
	quiet.Stdout = m.Stderr
	pool, err := connect(ctx, st.DatabaseURL)
	if err != nil {
		if db != "erp" {
			return nil, err
		}
		if err := migrate(ctx, &quiet, st.DatabaseURL, st.Logger); err != nil {
			return nil, err
		}
		if pool, err = connect(ctx, st.DatabaseURL); err != nil {
			return nil, err
		}
	}
	_, err = catalog.GetDatabase(ctx, pool, db)
	var pgErr *pgconn.PgError
	missing := errors.Is(err, catalog.ErrDatabaseNotFound) || (errors.As(err, &pgErr) && pgErr.Code == "42P01")
	switch {
	case err == nil:
		return pool, nil
	case !missing:
		pool.Close()
		return nil, err
	case db != "erp":
		pool.Close()
		return nil, usagef("database %q is not registered: nl2sql db add %s --dsn ... (or use the demo ERP: --db erp)", db, db)
	}
	fmt.Fprintln(m.Stderr, "nl2sql bench repair: the demo ERP is not registered; loading it (nl2sql exam load)")
	if err := migrate(ctx, &quiet, st.DatabaseURL, st.Logger); err != nil {
		pool.Close()
		return nil, err
	}
	if _, err := exam.LoadDemo(ctx, pool, pool, exam.DemoOptions{
		Name: "erp", DSN: selfDSN(st.DatabaseURL),
		Warn: func(w string) { fmt.Fprintf(m.Stderr, "warning: %s\n", w) },
	}); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

func writeCases(path string, cases []bench.Case) error {
	f, err := os.Create(path)
	if err != nil {
		return usagef("--cases: %v", err)
	}
	enc := json.NewEncoder(f)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
