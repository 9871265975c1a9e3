package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/target"
)

// runExam dispatches `nl2sql exam [run|check|load]`; without a subcommand
// it runs the exam.
func runExam(ctx context.Context, m *Main, args []string) error {
	sub := "run"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	switch sub {
	case "run":
		return runExamRun(ctx, m, args)
	case "check":
		return runExamCheck(ctx, m, args)
	case "load":
		return runExamLoad(ctx, m, args)
	}
	return usagef("unknown exam subcommand %q (run, check, load)", sub)
}

// loadExamQuestions reads --questions, or the built-in ERP exam, and says
// where they came from; arg is how the command line names the file, for
// the error when it cannot be read.
func loadExamQuestions(file, arg string) ([]exam.Question, string, error) {
	if file == "" {
		qs, err := exam.ParseQuestions(erp.QuestionsJSON)
		return qs, "erp (built-in)", err
	}
	qs, err := exam.ReadQuestions(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, "", usagef("cannot read %s: %v", arg, err)
		}
		return nil, "", &errclass.Error{Class: errclass.ValidationBlock, Code: "exam.questions", Message: err.Error(), Err: err}
	}
	return qs, file, nil
}

func runExamLoad(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "exam load")
	name := fs.String("db", "erp", "name to register the demo database under")
	tables := fs.Int("tables", 0, fmt.Sprintf("total tables in schema erp; above the %d core tables the rest are distractors (max %d)", erp.CoreTableCount(), erp.MaxTables()))
	if err := parseNoArgs(fs, args, "exam load takes no arguments: nl2sql exam load [--db erp] [--tables N]"); err != nil {
		return err
	}
	if *tables != 0 && (*tables < erp.CoreTableCount() || *tables > erp.MaxTables()) {
		return usagef("exam load --tables must be between %d (the core tables) and %d, got %d", erp.CoreTableCount(), erp.MaxTables(), *tables)
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	url := st.DatabaseURL
	if err := migrate(ctx, m, url, st.Logger); err != nil {
		return err
	}
	pool, err := connect(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	started := time.Now()
	res, err := exam.LoadDemo(ctx, pool, pool, exam.DemoOptions{
		Name: *name, DSN: selfDSN(url), Tables: *tables,
		Warn: func(w string) { fmt.Fprintf(m.Stderr, "warning: %s\n", w) },
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "loaded the demo ERP into schema erp of nl2sql's database in %.1fs (deterministic data as of %s)\n",
		time.Since(started).Seconds(), erp.AsOf().Format("2006-01-02"))
	printRefresh(m, res)
	stats, err := indexDatabase(ctx, m, st, pool, res.Snapshot, pool, nil)
	if err != nil {
		return err
	}
	printIndex(m, stats, st)
	fmt.Fprintf(m.Stdout, "modules: %s\n", strings.Join(modules(res.Snapshot), ", "))
	fmt.Fprintf(m.Stdout, "next: nl2sql exam check --db %s (no model needed), then nl2sql exam --db %s\n", *name, *name)
	return nil
}

// examCheckJSON is `nl2sql exam check --json`.
type examCheckJSON struct {
	Tables      int               `json:"tables"`
	Modules     int               `json:"modules"`
	Questions   examDifficulties  `json:"questions"`
	GoldOK      int               `json:"gold_ok"`
	Database    string            `json:"database"`
	ModuleNames []string          `json:"module_names"`
	GoldFailed  []examGoldFailure `json:"gold_failed"`
}

type examDifficulties struct {
	Easy   int `json:"easy"`
	Medium int `json:"medium"`
	Hard   int `json:"hard"`
}

type examGoldFailure struct {
	ID       string   `json:"id"`
	Problems []string `json:"problems"`
}

func runExamCheck(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "exam check")
	db := fs.String("db", "erp", "registered database the exam is for")
	file := fs.String("questions", "", "exam file, JSON or JSONL (format: exam/QUESTIONS.md); default: the built-in ERP exam")
	asJSON := fs.Bool("json", false, "print the verdict as JSON")
	if err := parseNoArgs(fs, args, "exam check takes no arguments: nl2sql exam check [--db erp] [--questions FILE] [--json]"); err != nil {
		return err
	}
	qs, source, err := loadExamQuestions(*file, "--questions")
	if err != nil {
		return err
	}
	st, pool, targets, done, err := openTargets(ctx, m)
	if err != nil {
		return err
	}
	defer done()
	res, err := exam.Check(ctx, pool, targets, exam.CheckConfig{Database: *db, Questions: qs, Guard: st.Pipeline.Guard, Getenv: st.Pipeline.Getenv})
	if err != nil {
		return examError(*db, err)
	}

	out := examCheckJSON{
		Tables: res.Tables, Modules: len(res.Modules), GoldOK: res.GoldOK(), Database: res.Database,
		ModuleNames: orNone(res.Modules), GoldFailed: []examGoldFailure{},
		Questions: examDifficulties{Easy: res.Difficulties["easy"], Medium: res.Difficulties["medium"], Hard: res.Difficulties["hard"]},
	}
	for _, g := range res.Gold {
		if !g.OK() {
			out.GoldFailed = append(out.GoldFailed, examGoldFailure{ID: g.QuestionID, Problems: g.Problems})
		}
	}
	if *asJSON {
		if err := m.printJSON(out); err != nil {
			return err
		}
	} else {
		w := m.Stdout
		fmt.Fprintf(w, "database %s: %d tables in %d modules", res.Database, res.Tables, len(res.Modules))
		if len(res.Modules) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(res.Modules, ", "))
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "exam %s: %d questions (easy %d, medium %d, hard %d)\n", source, len(qs),
			out.Questions.Easy, out.Questions.Medium, out.Questions.Hard)
		fmt.Fprintf(w, "gold SQL: %d of %d pass the guard, run read-only and return what they should\n", out.GoldOK, len(qs))
		for _, f := range out.GoldFailed {
			fmt.Fprintf(w, "  FAILED %s: %s\n", f.ID, strings.Join(f.Problems, "; "))
		}
	}
	if out.GoldOK != len(qs) {
		return &exitError{code: exitFailure}
	}
	return nil
}

// examRunJSON is `nl2sql exam run --json`: the summary of the finished
// runs (Summary.Runs counts them; only they are averaged), and the aborted
// ones, which have no accuracy.
type examRunJSON struct {
	Database string `json:"database"`
	Model    string `json:"model"`
	Label    string `json:"label,omitempty"`
	Source   string `json:"source"`
	report.Summary
	// ByExamples summarises each --examples setting's runs when the exam
	// compared two: the summary above pools them.
	ByExamples map[string]report.Summary `json:"by_examples,omitempty"`
	// RunsRequested is --runs times the --examples settings; RunsAborted =
	// len(Aborted). Runs after an aborted one are not started.
	RunsRequested int           `json:"runs_requested"`
	RunsAborted   int           `json:"runs_aborted"`
	Aborted       []examAborted `json:"aborted"`
	HTML          string        `json:"html,omitempty"`
}

type examAborted struct {
	ID    int64  `json:"id"`
	Error string `json:"error"`
}

func runExamRun(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "exam run")
	db := fs.String("db", "erp", "registered database to examine")
	file := fs.String("questions", "", "exam file, JSON or JSONL (format: exam/QUESTIONS.md); default: the built-in ERP exam")
	runs := fs.Int("runs", 1, "how many times to run the exam (prints mean ± sd)")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object")
	html := fs.String("html", "", "write a self-contained HTML report to this file")
	label := fs.String("label", "", "label stored with the runs, to tell them apart")
	exact := fs.Bool("exact-columns", false, "grade answers with extra columns as wrong (default: extra columns are accepted)")
	timeout := fs.Duration("timeout", 30*time.Minute, "how long to wait for one run's answers before aborting it")
	noWorkers := fs.Bool("no-workers", false, "do not start workers in this process: an nl2sql serve elsewhere answers")
	exModes := fs.String("examples", "on", "verified examples in the prompts: on, off, or off,on to run both and compare them in one report (an exam question is never an example)")
	if err := parseNoArgs(fs, args, "exam run takes no arguments: nl2sql exam [run] [--db erp] [--questions FILE] [--runs N] [--examples on|off|off,on] [--json] [--html FILE]"); err != nil {
		return err
	}
	modes, err := examplesModes(*exModes)
	if err != nil {
		return err
	}
	if *runs < 1 {
		return usagef("--runs must be at least 1")
	}
	if *timeout <= 0 {
		return usagef("--timeout must be positive")
	}
	qs, source, err := loadExamQuestions(*file, "--questions")
	if err != nil {
		return err
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	// Never report an accuracy that was not measured: without the model
	// every question would fail with infra_failure.
	if missing := modelMissing(ctx, st.LLM); missing != "" {
		where, fix := modelHelp(st.LLM)
		fmt.Fprintf(m.Stderr, `nl2sql: cannot run the exam: the model is not available.
  %s
  %s
  model:       %s (NL2SQL_MODEL)
To fix: %s.
No accuracy was measured. Without a model, "nl2sql exam check --db %s" verifies the exam's gold SQL.
`, missing, where, st.LLM.Model, fix, *db)
		return &exitError{code: exitFailure}
	}

	pool, err := connectMigrated(ctx, st.DatabaseURL, 0)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := catalog.GetDatabase(ctx, pool, *db); err != nil {
		return examError(*db, err)
	}

	progress := m.Stdout
	if *asJSON {
		progress = m.Stderr // stdout is one JSON object
	}
	if *noWorkers {
		if alive, err := dbsqlc.New().WorkersAlive(ctx, pool); err == nil && !alive {
			fmt.Fprintf(m.Stderr, "warning: --no-workers, but no `nl2sql serve` seems to be running against this database; each run waits up to %s\n", *timeout)
		}
	} else {
		svc, err := startService(ctx, pool, st)
		if err != nil {
			return err
		}
		defer svc.close()
	}
	targets, err := target.New(st.Target)
	if err != nil {
		return err
	}
	defer targets.Close()

	workers := "in-process"
	if *noWorkers {
		workers = "external (nl2sql serve)"
	}
	cfg := exam.Config{
		Database: *db, Questions: qs, Model: st.LLM.Model, Runs: *runs, Label: *label, Source: source,
		ExactColumns: *exact, Timeout: *timeout, Getenv: st.Pipeline.Getenv, Logger: st.Logger, Guard: st.Pipeline.Guard,
		// Pinned per question, so the record says what answered even when
		// the workers run elsewhere with other settings.
		Options: map[string]any{
			"temperature": st.LLM.Temperature, "max_attempts": st.Worker.MaxAttempts,
			"schema_format": string(st.Pipeline.Retrieval.Format), "examples": modes[0],
		},
		Settings: map[string]any{
			"model_server": llm.Describe(st.LLM), "ollama_host": llm.DisplayHost(st.LLM.Host), "num_ctx": st.LLM.NumCtx, "join_hints": string(st.Pipeline.Retrieval.JoinHints),
			"workers": workers,
		},
		Progress: func(run int64, done, total int) {
			if step := max(1, total/10); done%step == 0 || done == total {
				fmt.Fprintf(m.Stderr, "run %d: %d/%d answered\n", run, done, total)
			}
		},
		OnRun: func(r *exam.RunResult) { printExamRun(progress, r) },
	}
	if st.LLM.Seed != nil {
		cfg.Settings["seed"] = *st.LLM.Seed
	}
	fmt.Fprintf(progress, "exam %s on database %s: %d questions, %d run(s), model %s on %s\n", source, *db, len(qs), *runs*len(modes), st.LLM.Model, llm.Describe(st.LLM))
	var results []*exam.RunResult
	var runErr error
	byMode := map[string][]*exam.RunResult{}
	for _, mode := range modes {
		cfg.Options, cfg.Settings = maps.Clone(cfg.Options), maps.Clone(cfg.Settings)
		// A setting of its own, so the report's configuration table shows
		// the runs' difference on one row.
		cfg.Options["examples"], cfg.Settings["examples"] = mode, mode
		runner, err := exam.NewRunner(pool, targets, cfg)
		if err != nil {
			return err
		}
		if len(modes) > 1 {
			fmt.Fprintf(progress, "examples %s:\n", mode)
		}
		res, err := runner.Run(ctx)
		results, byMode[mode], runErr = append(results, res...), res, err
		if err != nil {
			break
		}
	}
	var gold *exam.GoldError
	if errors.As(runErr, &gold) {
		return &errclass.Error{Class: errclass.ValidationBlock, Code: "exam.gold", Message: gold.Error(), Err: runErr}
	}

	var finished []int64
	var aborted []examAborted
	for _, r := range results {
		if r.Status == "finished" {
			finished = append(finished, r.ID)
		} else {
			aborted = append(aborted, examAborted{ID: r.ID, Error: r.Error})
		}
	}
	if len(finished) == 0 {
		if runErr == nil {
			runErr = errors.New("no run finished")
		}
		class := errclass.ClassOf(runErr)
		if _, ok := errors.AsType[*exam.AbortedError](runErr); ok {
			class = errclass.InfraFailure // timed out, interrupted, or questions met infra failures
		}
		return &errclass.Error{
			Class: class, Code: "exam.aborted",
			Message: "no accuracy was measured: " + userMessage(runErr), Err: runErr,
		}
	}
	rep, err := exam.LoadReport(context.WithoutCancel(ctx), pool, finished)
	if err != nil {
		return err
	}
	rep.Title = "nl2sql exam: " + *db
	if *label != "" {
		rep.Title += " (" + *label + ")"
	}
	summary := report.Summarize(rep.Runs)
	requested := *runs * len(modes)
	// With examples off and on, the runs are two settings, not repeats of
	// one: each is summarised on its own.
	var byExamples map[string]report.Summary
	if len(modes) > 1 {
		byExamples = map[string]report.Summary{}
		for _, mode := range modes {
			ids := map[int64]bool{}
			for _, r := range byMode[mode] {
				ids[r.ID] = true
			}
			var of []report.Run
			for _, r := range rep.Runs {
				if ids[r.ID] {
					of = append(of, r)
				}
			}
			if len(of) > 0 {
				byExamples[mode] = report.Summarize(of)
			}
		}
	}
	if *html != "" {
		if err := writeExamHTML(*html, *rep); err != nil {
			return err
		}
	}
	if *asJSON {
		out := examRunJSON{
			Database: *db, Model: st.LLM.Model, Label: *label, Source: source, Summary: summary, ByExamples: byExamples,
			RunsRequested: requested, RunsAborted: len(aborted), Aborted: aborted, HTML: *html,
		}
		if out.Aborted == nil {
			out.Aborted = []examAborted{}
		}
		if err := m.printJSON(out); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(m.Stdout)
		if len(finished) < requested {
			fmt.Fprintf(m.Stdout, "Only the %d finished run(s) of %d requested are averaged: %d aborted (no accuracy), %d not started.\n",
				len(finished), requested, len(aborted), requested-len(results))
		}
		if len(modes) > 1 {
			for _, mode := range modes {
				sum, ok := byExamples[mode]
				if !ok {
					continue
				}
				fmt.Fprintf(m.Stdout, "Examples %s:\n", mode)
				if err := sum.WriteText(m.Stdout); err != nil {
					return err
				}
				fmt.Fprintln(m.Stdout)
			}
			writeExamplesComparison(m.Stdout, modes, byMode)
		} else if err := summary.WriteText(m.Stdout); err != nil {
			return err
		}
		if *html != "" {
			fmt.Fprintf(m.Stdout, "\nHTML report: %s\n", *html)
		}
		fmt.Fprintf(m.Stdout, "Details: SELECT * FROM rag.exam_results WHERE run_id IN (%s)\n", joinIDs(finished))
	}
	if runErr != nil {
		fmt.Fprintf(m.Stderr, "nl2sql: %s\n", userMessage(runErr))
		return &exitError{code: exitFailure}
	}
	return nil
}

// examplesModes reads --examples: "on", "off", or both to compare.
func examplesModes(v string) ([]string, error) {
	switch v {
	case "on", "off":
		return []string{v}, nil
	case "off,on", "on,off", "both":
		return []string{"off", "on"}, nil
	}
	return nil, usagef("--examples must be on, off or off,on, got %q", v)
}

// writeExamplesComparison prints the accuracy of the runs without and with
// examples, side by side; the HTML report shows each run and, per
// question, which runs passed it.
func writeExamplesComparison(w io.Writer, modes []string, byMode map[string][]*exam.RunResult) {
	fmt.Fprintln(w, "\nExamples off vs on (finished runs):")
	for _, mode := range modes {
		passed, total := 0, 0
		for _, r := range byMode[mode] {
			if r.Status == "finished" && r.Passed != nil {
				passed, total = passed+*r.Passed, total+r.Questions
			}
		}
		if total == 0 {
			fmt.Fprintf(w, "  examples %-3s  no finished run\n", mode)
			continue
		}
		fmt.Fprintf(w, "  examples %-3s  %d/%d passed (%s)\n", mode, passed, total, report.FormatPercent(float64(passed)/float64(total)))
	}
}

// printExamRun prints the line of one recorded run. An aborted run never
// shows an accuracy, nor a count of passed questions.
func printExamRun(w io.Writer, r *exam.RunResult) {
	if r.Status != "finished" || r.Accuracy == nil || r.Passed == nil {
		fmt.Fprintf(w, "run #%d aborted: %s\n", r.ID, r.Error)
		if len(r.Results) > 0 {
			fmt.Fprintf(w, "  its questions, for diagnosis: SELECT * FROM rag.exam_results WHERE run_id = %d\n", r.ID)
		}
		return
	}
	fmt.Fprintf(w, "run #%d: %d/%d passed (%s) in %s\n", r.ID, *r.Passed, r.Questions, report.FormatPercent(*r.Accuracy),
		r.FinishedAt.Sub(r.StartedAt).Round(100*time.Millisecond))
}

func writeExamHTML(path string, rep report.Report) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	if err := report.Render(f, rep); err != nil {
		f.Close()
		return fmt.Errorf("--html: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	return nil
}

// examError explains a missing registration in terms of what to run.
func examError(db string, err error) error {
	if errors.Is(err, catalog.ErrDatabaseNotFound) {
		return &errclass.Error{
			Class: errclass.ValidationBlock, Code: "exam.database",
			Message: fmt.Sprintf("database %q is not registered: load the demo ERP with `nl2sql exam load`, or register yours with `nl2sql db add`", db), Err: err,
		}
	}
	return err
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}

func orNone(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
