package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// examShopQuestions is a small exam on the shop schema of setup, as JSONL.
const examShopQuestions = `{"id": "c1", "question": "How many customers are there?", "difficulty": "easy", "modules": ["Sales"], "expected_tables": ["customers"], "gold_sql": "SELECT count(*) FROM customers"}
{"id": "c2", "question": "What is the total amount of all orders per customer?", "difficulty": "medium", "modules": ["Sales"], "expected_tables": ["customers", "orders"], "gold_sql": "SELECT c.name, sum(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.name"}
{"id": "c3", "question": "Which customers live in London?", "difficulty": "hard", "expected_tables": ["customers"], "gold_sql": "SELECT name FROM customers WHERE city = 'London'"}
`

func writeExamFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "exam.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(examShopQuestions), 0o600))
	return path
}

func examCount(t *testing.T, c *cli, sql string) int {
	t.Helper()
	var n int
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), sql).Scan(&n))
	return n
}

func TestExamRunWithoutModel(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	file := writeExamFile(t)

	// Nothing listens at the host.
	c.env["OLLAMA_HOST"] = "http://nl2sql:s3cr3t@127.0.0.1:1"
	r := c.run("", "exam", "--db", "shop", "--questions", file, "--json")
	require.Equal(t, exitFailure, r.code)
	require.NotContains(t, r.stderr, "s3cr3t")
	require.Contains(t, r.stderr, "Ollama host: http://127.0.0.1:1 (NL2SQL_OLLAMA_HOST)")
	require.Empty(t, r.stdout, "no JSON summary: nothing was measured")
	require.Contains(t, r.stderr, "cannot run the exam: the model is not available")
	require.Contains(t, r.stderr, "cannot reach Ollama at http://127.0.0.1:1")
	require.Contains(t, r.stderr, `run "ollama pull qwen2.5-coder:7b"`)
	require.Contains(t, r.stderr, "No accuracy was measured")

	// The server is up, the model is not pulled.
	c.env["OLLAMA_HOST"] = c.ollama.URL()
	c.env["NL2SQL_MODEL"] = "llama-sql:70b"
	r = c.run("", "exam", "run", "--db", "shop", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `model "llama-sql:70b" is not available on the Ollama server at `+c.ollama.URL())
	require.Contains(t, r.stderr, "model:       llama-sql:70b (NL2SQL_MODEL)")

	c.env["NL2SQL_MODEL"] = "qwen2.5-coder:7b"
	r = c.run("", "exam", "check", "--db", "nope", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `validation_block: database "nope" is not registered: load the demo ERP with `+"`nl2sql exam load`")
	r = c.run("", "exam", "--db", "nope", "--questions", file)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `database "nope" is not registered`)

	require.Zero(t, examCount(t, c, "SELECT count(*) FROM rag.exam_runs WHERE accuracy IS NOT NULL"), "no accuracy was recorded")
	require.Zero(t, examCount(t, c, "SELECT count(*) FROM rag.exam_runs"))
	require.Zero(t, examCount(t, c, "SELECT count(*) FROM rag.queries"), "no question was asked")
	require.Empty(t, c.ollama.ChatRequests())
}

func TestExamRun(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	file := writeExamFile(t)
	fence := func(sql string) ollamatest.Response { return ollamatest.Response{Content: "```sql\n" + sql + "\n```"} }
	c.ollama.Answer(ollamatest.Contains("How many customers are there?"), fence("SELECT count(*) FROM customers"))
	// Right, with the customer id as an extra column.
	c.ollama.Answer(ollamatest.Contains("What is the total amount of all orders per customer?"),
		fence("SELECT c.customer_id, c.name, sum(o.total_amount) AS total FROM customers c JOIN orders o USING (customer_id) GROUP BY c.customer_id, c.name"))
	c.ollama.Answer(ollamatest.Contains("Which customers live in London?"), fence("SELECT name FROM customers"))
	html := filepath.Join(t.TempDir(), "report.html")
	// A proxy's credentials in the host are used, never stored or shown.
	c.env["OLLAMA_HOST"] = strings.Replace(c.ollama.URL(), "http://", "http://nl2sql:s3cr3t@", 1)

	r := c.run("", "exam", "run", "--db", "shop", "--questions", file, "--runs", "2", "--json", "--html", html, "--label", "cli test", "--timeout", "2m")
	require.Equal(t, 0, r.code, r.stderr)
	require.Zero(t, examCount(t, c, `SELECT count(*) FROM rag.exam_runs WHERE config::text LIKE '%s3cr3t%'`))
	require.Equal(t, 2, examCount(t, c, `SELECT count(*) FROM rag.exam_runs WHERE config ->> 'ollama_host' = '`+c.ollama.URL()+`'`))
	require.NotContains(t, r.stdout+r.stderr, "s3cr3t")
	var out struct {
		Database string `json:"database"`
		Model    string `json:"model"`
		Label    string `json:"label"`
		Runs     int    `json:"runs"`
		Accuracy struct {
			Mean float64 `json:"mean"`
			SD   float64 `json:"sd"`
			N    int     `json:"n"`
		} `json:"accuracy"`
		PerRun []struct {
			ID     int64 `json:"id"`
			Passed int   `json:"passed"`
			Total  int   `json:"total"`
		} `json:"per_run"`
		ByDifficulty []struct {
			Name   string `json:"name"`
			Passed int    `json:"passed"`
			Total  int    `json:"total"`
		} `json:"by_difficulty"`
		Failures []struct {
			Type  string `json:"type"`
			Count int    `json:"count"`
		} `json:"failures"`
		Aborted []any  `json:"aborted"`
		HTML    string `json:"html"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, "shop", out.Database)
	require.Equal(t, "qwen2.5-coder:7b", out.Model)
	require.Equal(t, 2, out.Runs)
	require.Equal(t, 2, out.Accuracy.N)
	require.InDelta(t, 2.0/3, out.Accuracy.Mean, 1e-12)
	require.Zero(t, out.Accuracy.SD)
	require.Len(t, out.PerRun, 2)
	for _, pr := range out.PerRun {
		require.Equal(t, 2, pr.Passed)
		require.Equal(t, 3, pr.Total)
	}
	require.Len(t, out.ByDifficulty, 3)
	require.Equal(t, "easy", out.ByDifficulty[0].Name)
	require.Equal(t, 2, out.ByDifficulty[0].Passed)
	require.Equal(t, "hard", out.ByDifficulty[2].Name)
	require.Zero(t, out.ByDifficulty[2].Passed)
	for _, f := range out.Failures {
		if f.Type == "llm_reasoning" {
			require.Equal(t, 2, f.Count, "c3 failed in both runs")
		}
	}
	require.Empty(t, out.Aborted)
	require.Equal(t, html, out.HTML)
	require.Contains(t, r.stderr, "run #", "progress goes to stderr with --json")

	page, err := os.ReadFile(html)
	require.NoError(t, err)
	require.Contains(t, string(page), "Which customers live in London?")
	require.Contains(t, string(page), "nl2sql exam: shop (cli test)")
	require.NotContains(t, string(page), "s3cr3t")
	require.Contains(t, string(page), "#"+jsonID(out.PerRun[1].ID))

	require.Equal(t, 2, examCount(t, c, "SELECT count(*) FROM rag.exam_runs WHERE status = 'finished' AND label = 'cli test'"))
	require.Equal(t, 6, examCount(t, c, "SELECT count(*) FROM rag.queries WHERE options -> 'tags' ? 'exam_run_id'"))

	// Text, with extra columns refused: c2 fails too.
	r = c.run("", "exam", "--db", "shop", "--questions", file, "--exact-columns")
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `run #\d+: 1/3 passed \(33\.3%\)`, r.stdout)
	require.Contains(t, r.stdout, "Accuracy: 33.3% (1/3)")
	require.Contains(t, r.stdout, "Difficulty")
	require.Contains(t, r.stdout, "rag.exam_results WHERE run_id IN (")

	// --no-workers: a `nl2sql serve` elsewhere answers.
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan result, 1)
	go func() { served <- c.runCtx(ctx, "", "serve") }()
	r = c.run("", "exam", "--db", "shop", "--questions", file, "--no-workers", "--json")
	cancel()
	require.Equal(t, 0, r.code, r.stderr)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, 2, out.PerRun[0].Passed)
	require.Equal(t, 0, (<-served).code)
	require.Equal(t, 1, examCount(t, c, `SELECT count(*) FROM rag.exam_runs WHERE config ->> 'workers' = 'external (nl2sql serve)'`))

	// A run that does not finish in time is aborted: no accuracy.
	r = c.run("", "exam", "--db", "shop", "--questions", file, "--no-workers", "--timeout", "50ms")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stdout, "aborted: 3 of 3 questions were not answered within 50ms")
	require.Contains(t, r.stderr, "infra_failure: no accuracy was measured")
	require.Equal(t, 1, examCount(t, c, "SELECT count(*) FROM rag.exam_runs WHERE status = 'aborted' AND accuracy IS NULL"))
}

// TestExamRunAbortsOnInfraFailure: with --runs N, a run in which one
// question met an outage is aborted with no accuracy, the runs after it are
// not started, and the summary averages the finished runs only.
func TestExamRunAbortsOnInfraFailure(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.env["NL2SQL_INFRA_ATTEMPTS"] = "1"
	file := writeExamFile(t)
	var mu sync.Mutex
	asked := 0 // how often c3 was asked since the last reset: once per run
	c.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		fence := func(sql string) ollamatest.Response { return ollamatest.Response{Content: "```sql\n" + sql + "\n```"} }
		p := req.Prompt()
		switch {
		case strings.Contains(p, "How many customers are there?"):
			return fence("SELECT count(*) FROM customers")
		case strings.Contains(p, "What is the total amount of all orders per customer?"):
			return fence("SELECT c.name, sum(o.total_amount) FROM customers c JOIN orders o USING (customer_id) GROUP BY c.name")
		case strings.Contains(p, "Which customers live in London?"):
			mu.Lock()
			defer mu.Unlock()
			if asked++; asked > 1 { // the model goes down in the second run
				return ollamatest.Response{Status: 503, Error: "model overloaded"}
			}
			return fence("SELECT name FROM customers")
		}
		return ollamatest.Response{Content: "I do not know."}
	})
	reset := func() { mu.Lock(); asked = 0; mu.Unlock() }

	r := c.run("", "exam", "--db", "shop", "--questions", file, "--runs", "3", "--json")
	require.Equal(t, exitFailure, r.code, r.stderr)
	var out struct {
		Runs          int `json:"runs"`
		RunsRequested int `json:"runs_requested"`
		RunsAborted   int `json:"runs_aborted"`
		Accuracy      struct {
			Mean float64 `json:"mean"`
			N    int     `json:"n"`
		} `json:"accuracy"`
		PerRun []struct {
			ID int64 `json:"id"`
		} `json:"per_run"`
		Aborted []struct {
			ID    int64  `json:"id"`
			Error string `json:"error"`
		} `json:"aborted"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, 1, out.Runs, "only the finished run is summarized")
	require.Equal(t, 3, out.RunsRequested)
	require.Equal(t, 1, out.RunsAborted)
	require.Equal(t, 1, out.Accuracy.N)
	require.InDelta(t, 2.0/3, out.Accuracy.Mean, 1e-12)
	require.Len(t, out.PerRun, 1)
	require.Len(t, out.Aborted, 1)
	require.Contains(t, out.Aborted[0].Error, "1 of 3 questions met infrastructure failures")
	require.Contains(t, out.Aborted[0].Error, "no accuracy was recorded")
	require.Contains(t, r.stderr, fmt.Sprintf("run #%d aborted: ", out.Aborted[0].ID))
	require.Contains(t, r.stderr, fmt.Sprintf("SELECT * FROM rag.exam_results WHERE run_id = %d", out.Aborted[0].ID))
	require.NotContains(t, r.stderr, fmt.Sprintf("run #%d: ", out.Aborted[0].ID), "an aborted run shows no accuracy")
	require.Equal(t, 1, examCount(t, c, fmt.Sprintf(
		"SELECT count(*) FROM rag.exam_runs WHERE id = %d AND status = 'aborted' AND accuracy IS NULL AND passed IS NULL", out.Aborted[0].ID)))
	require.Equal(t, 3, examCount(t, c, fmt.Sprintf("SELECT count(*) FROM rag.exam_results WHERE run_id = %d", out.Aborted[0].ID)))
	require.Equal(t, 2, examCount(t, c, "SELECT count(*) FROM rag.exam_runs"), "the third run was not started")

	// Text, and an HTML report of the finished run only.
	reset()
	html := filepath.Join(t.TempDir(), "report.html")
	r = c.run("", "exam", "--db", "shop", "--questions", file, "--runs", "2", "--html", html)
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Regexp(t, `run #\d+: 2/3 passed \(66\.7%\)`, r.stdout)
	require.Regexp(t, `run #\d+ aborted: 1 of 3 questions met infrastructure failures`, r.stdout)
	require.Contains(t, r.stdout, "Only the 1 finished run(s) of 2 requested are averaged: 1 aborted (no accuracy), 0 not started.")
	require.Contains(t, r.stdout, "Accuracy: 66.7% (2/3)")
	require.Contains(t, r.stderr, "no accuracy was recorded")
	page, err := os.ReadFile(html)
	require.NoError(t, err)
	require.NotContains(t, string(page), "model overloaded", "the aborted run is not in the report")
}

func jsonID(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

func TestExamUsage(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{}}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"exam", "frobnicate"}, `unknown exam subcommand "frobnicate"`},
		{[]string{"exam", "--runs", "0"}, "--runs must be at least 1"},
		{[]string{"exam", "check", "extra"}, "exam check takes no arguments"},
		{[]string{"exam", "--questions", "/nonexistent/exam.json"}, "cannot read --questions"},
	} {
		r := c.run("", tc.args...)
		require.Equal(t, exitUsage, r.code, "%v: %s", tc.args, r.stderr)
		require.Contains(t, r.stderr, tc.want)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`[{"id": "b1", "question": "Q?", "difficulty": "extreme", "gold_sql": "SELECT 1"}]`), 0o600))
	r := c.run("", "exam", "check", "--questions", bad)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `question "b1": difficulty must be "easy", "medium", "hard", got "extreme"`)
}

// TestExamLoadAndCheck loads the demo ERP with `exam load` and checks the
// 60-question exam against it with `exam check`: every gold SQL passes the
// guard and runs, and the JSON has the documented shape.
func TestExamLoadAndCheck(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	c := &cli{t: t, db: db, env: map[string]string{"NL2SQL_DATABASE_URL": db.URL, "NL2SQL_LOG_LEVEL": "warn"}}

	r := c.run("", "exam", "load")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "erp: 75 tables")
	require.Contains(t, r.stdout, "75 tables annotated")
	require.Contains(t, r.stdout, "modules: Finance, HR, Inventory, Manufacturing, Payroll, Procurement, Projects, Sales")
	var dsn string
	require.NoError(t, db.Pool.QueryRow(context.Background(), "SELECT dsn FROM rag.databases WHERE name = 'erp'").Scan(&dsn))
	require.Equal(t, db.URL, dsn, "a URL without a password is registered as it is")

	r = c.run("", "exam", "check", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.Equal(t, 75.0, got["tables"])
	require.Equal(t, 8.0, got["modules"])
	require.Equal(t, map[string]any{"easy": 20.0, "medium": 25.0, "hard": 15.0}, got["questions"])
	require.Equal(t, 60.0, got["gold_ok"], "every gold SQL passes the guard and runs: %v", got["gold_failed"])
	require.Equal(t, []any{}, got["gold_failed"])
	var exact struct {
		Tables    int            `json:"tables"`
		Modules   int            `json:"modules"`
		Questions map[string]int `json:"questions"`
		GoldOK    int            `json:"gold_ok"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	require.NoError(t, dec.Decode(&exact))
	require.Equal(t, 60, exact.GoldOK)

	r = c.run("", "exam", "check")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "gold SQL: 60 of 60 pass the guard, run read-only")

	// A failing gold SQL fails the check.
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(`{"id": "b1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT pg_sleep(1)"}`+"\n"), 0o600))
	r = c.run("", "exam", "check", "--questions", bad, "--json")
	require.Equal(t, exitFailure, r.code)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.Equal(t, 0.0, got["gold_ok"])
	require.Contains(t, r.stdout, `"id": "b1"`)
	require.Contains(t, r.stdout, "refused by the guard at policy")
}

// TestExamExamplesOffOn: --examples off,on runs each setting --runs times:
// the runs requested count both, a setting whose run was aborted is said
// to be so, and the text and JSON summarise each setting on its own rather
// than pooling two settings as repeats of one.
func TestExamExamplesOffOn(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.env["NL2SQL_INFRA_ATTEMPTS"] = "1"
	file := writeExamFile(t)
	var mu sync.Mutex
	london, down := 0, false
	c.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		fence := func(sql string) ollamatest.Response { return ollamatest.Response{Content: "```sql\n" + sql + "\n```"} }
		p := req.Prompt()
		switch {
		case strings.Contains(p, "How many customers are there?"):
			return fence("SELECT count(*) FROM customers")
		case strings.Contains(p, "What is the total amount of all orders per customer?"):
			return fence("SELECT c.name, sum(o.total_amount) FROM customers c JOIN orders o USING (customer_id) GROUP BY c.name")
		case strings.Contains(p, "Which customers live in London?"):
			mu.Lock()
			defer mu.Unlock()
			if london++; down && london > 1 {
				return ollamatest.Response{Status: 503, Error: "model overloaded"}
			}
			return fence("SELECT name FROM customers")
		}
		return ollamatest.Response{Content: "I do not know."}
	})

	r := c.run("", "exam", "--db", "shop", "--questions", file, "--runs", "1", "--examples", "off,on", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Runs          int `json:"runs"`
		RunsRequested int `json:"runs_requested"`
		ByExamples    map[string]struct {
			Runs int `json:"runs"`
		} `json:"by_examples"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, 2, out.RunsRequested, "one run of each setting")
	require.Equal(t, 2, out.Runs)
	require.Equal(t, 1, out.ByExamples["off"].Runs)
	require.Equal(t, 1, out.ByExamples["on"].Runs)

	r = c.run("", "exam", "--db", "shop", "--questions", file, "--runs", "1", "--examples", "off,on")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Examples off:\n")
	require.Contains(t, r.stdout, "Examples on:\n")
	require.NotContains(t, r.stdout, "over 2 runs", "two settings are not two repeats")

	// The run with examples on meets an outage and is aborted.
	mu.Lock()
	london, down = 0, true
	mu.Unlock()
	r = c.run("", "exam", "--db", "shop", "--questions", file, "--runs", "1", "--examples", "off,on")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stdout, "Only the 1 finished run(s) of 2 requested are averaged: 1 aborted (no accuracy), 0 not started.")
	require.Contains(t, r.stdout, "examples on   no finished run")
}
