package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/llm"
)

// demoQuestions are asked when a model is available: one per difficulty.
var demoQuestions = []string{"q01", "q19", "q41"}

func runDemo(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "demo")
	tables := fs.Int("tables", 0, "total tables in schema erp; above the 75 core tables the rest are distractors (max "+fmt.Sprint(erp.MaxTables())+")")
	timeout := fs.Duration("timeout", 10*time.Minute, "how long to wait for the demo questions")
	if err := parseNoArgs(fs, args, "demo takes no arguments: nl2sql demo [--tables N] [--timeout D]"); err != nil {
		return err
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	out := m.Stdout
	step := func(n int, format string, a ...any) { fmt.Fprintf(out, "\n[%d/5] %s\n", n, fmt.Sprintf(format, a...)) }

	step(1, "migrate nl2sql's database")
	if err := migrate(ctx, m, st.DatabaseURL, st.Logger); err != nil {
		return err
	}
	pool, err := connect(ctx, st.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	step(2, "load the demo ERP into schema erp (deterministic data as of %s)", erp.AsOf().Format("2006-01-02"))
	started := time.Now()
	res, err := exam.LoadDemo(ctx, pool, pool, exam.DemoOptions{
		Name: "erp", DSN: selfDSN(st.DatabaseURL), Tables: *tables,
		Warn: func(w string) { fmt.Fprintf(m.Stderr, "warning: %s\n", w) },
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "loaded in %.1fs\n", time.Since(started).Seconds())

	step(3, "register and index it as database \"erp\"")
	printRefresh(m, res)
	stats, err := indexDatabase(ctx, m, st, pool, res.Snapshot, pool, nil)
	if err != nil {
		return err
	}
	printIndex(m, stats, st)
	fmt.Fprintf(out, "modules: %s\n", strings.Join(modules(res.Snapshot), ", "))

	step(4, "check the model: %s on %s", st.LLM.Model, llm.Describe(st.LLM))
	if missing := modelMissing(ctx, st.LLM); missing != "" {
		_, fix := modelHelp(st.LLM)
		fmt.Fprintf(out, "MISSING: %s\n", missing)
		fmt.Fprintf(out, `
[5/5] answer questions: skipped, there is no model to write SQL.

What is ready without a model:
  nl2sql check --db erp <<< 'SELECT first_name, last_name FROM employees LIMIT 5'
  nl2sql exam check --db erp        # every gold SQL of the 60-question exam passes the guard and runs
  psql %q -c 'SELECT * FROM rag.query_overview'

To get a model: %s. Then run
  nl2sql demo       # again: answers demo questions
  nl2sql serve      # workers for questions INSERTed from any client
  nl2sql exam       # execution accuracy on the ERP exam
`, redactURL(st.DatabaseURL), fix)
		return nil
	}
	fmt.Fprintln(out, "model available")

	step(5, "answer %d demo questions through the pipeline (rag.queries → River jobs → rag_query_done)", len(demoQuestions))
	svc, err := startService(ctx, pool, st)
	if err != nil {
		return err
	}
	defer svc.close()
	questions, err := exam.ParseQuestions(erp.QuestionsJSON)
	if err != nil {
		return err
	}
	failed := 0
	for _, id := range demoQuestions {
		q := findQuestion(questions, id)
		if q == nil {
			continue
		}
		fmt.Fprintf(out, "\nQ: %s\n", q.Question)
		ans, err := ask(ctx, pool, "erp", q.Question, nil, *timeout, nil)
		if err != nil {
			return err
		}
		printAnswer(out, limitRows(ans, 10))
		if ans.Status != "succeeded" {
			failed++
			fmt.Fprintf(out, "failed: %s: %s\n", ans.ErrorClass, ans.Error)
		}
	}
	fmt.Fprintf(out, "\n%d of %d demo questions answered. Next: nl2sql exam (execution accuracy on all 60), nl2sql serve.\n",
		len(demoQuestions)-failed, len(demoQuestions))
	return nil
}

// selfDSN is how the service reaches the demo ERP in its own database: the
// URL itself when it holds no password, else a reference to the variable,
// so no password is stored in rag.databases.
func selfDSN(url string) string {
	if catalog.ValidateDSN(url) == nil {
		return url
	}
	return catalog.EnvPrefix + "NL2SQL_DATABASE_URL"
}

// modelMissing says what is missing for generation, or "" when the model
// answers.
func modelMissing(ctx context.Context, cfg llm.Config) string {
	client, err := llm.Open(cfg)
	if err != nil {
		return err.Error()
	}
	defer client.Close()
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := client.CheckModel(cctx, cfg.Model); err != nil {
		var le *llm.Error
		if errors.As(err, &le) {
			return le.Message
		}
		return err.Error()
	}
	return ""
}

func modules(s *catalog.Snapshot) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range s.Tables {
		if t.Module != "" && !seen[t.Module] {
			seen[t.Module] = true
			out = append(out, t.Module)
		}
	}
	sort.Strings(out)
	return out
}

func findQuestion(qs []exam.Question, id string) *exam.Question {
	for i := range qs {
		if qs[i].ID == id {
			return &qs[i]
		}
	}
	return nil
}

// limitRows keeps the first n rows of an answer for printing.
func limitRows(a *answer, n int) *answer {
	var rows []json.RawMessage
	if json.Unmarshal(a.Rows, &rows) != nil || len(rows) <= n {
		return a
	}
	b := *a
	b.Rows, _ = json.Marshal(rows[:n])
	return &b
}
