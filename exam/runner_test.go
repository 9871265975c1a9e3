package exam_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// model is the model the fake Ollama serves. The fake proves grading and
// telemetry; it says nothing about accuracy.
const model = "qwen2.5-coder:7b"

// pipelineEnv is a test database with a registered target schema, a fake
// Ollama and the real pipeline's workers running on both.
type pipelineEnv struct {
	db      *dbtest.DB
	ollama  *ollamatest.Server
	targets *target.Registry
}

// startPipeline registers schema as database name (annotations may be
// nil) and runs workers until the test ends.
func startPipeline(t *testing.T, db *dbtest.DB, name, schema string, annotations []byte) *pipelineEnv {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: name, DSN: db.URL, Schemas: []string{schema}}, annotations)
	require.NoError(t, err)

	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{model}}})
	// A short cool-down: TestRunner's run after an outage does not wait
	// out the model's breaker for 30s.
	client, err := llm.New(llm.Config{Host: srv.URL(), Model: model, RequestTimeout: 5 * time.Second, Breaker: llm.BreakerConfig{Cooldown: 100 * time.Millisecond}})
	require.NoError(t, err)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(db.Pool, client, parts.Config{})
	require.NoError(t, err)
	svc, err := worker.New(db.Pool, p.Deps(targets), worker.Config{
		Logger: dbtest.Logger(t), FetchCooldown: 5 * time.Millisecond, FetchPollInterval: 200 * time.Millisecond,
		RetryBackoff: 20 * time.Millisecond, RetryBackoffMax: 50 * time.Millisecond, InfraAttempts: 2,
	})
	require.NoError(t, err)
	require.NoError(t, svc.Start(ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = svc.Stop(ctx)
	})
	return &pipelineEnv{db: db, ollama: srv, targets: targets}
}

func fence(sql string) ollamatest.Response {
	return ollamatest.Response{Content: "```sql\n" + sql + "\n```"}
}

// replies answers each question (found in the prompt) with its SQL; the
// map can be swapped between runs.
type replies struct {
	mu sync.Mutex
	m  map[string]string
}

func (r *replies) set(m map[string]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.m = m
}

func (r *replies) chat(req ollamatest.ChatRequest) ollamatest.Response {
	r.mu.Lock()
	defer r.mu.Unlock()
	prompt := req.Prompt()
	for q, sql := range r.m {
		if strings.Contains(prompt, q) {
			return fence(sql)
		}
	}
	return ollamatest.Response{Content: "I do not know."}
}

const shopSQL = `
CREATE SCHEMA shop;
CREATE TABLE shop.customers (customer_id int PRIMARY KEY, name text NOT NULL, city text);
COMMENT ON TABLE shop.customers IS 'People and companies that buy from us';
CREATE TABLE shop.orders (
	order_id int PRIMARY KEY,
	customer_id int NOT NULL REFERENCES shop.customers,
	status text NOT NULL CHECK (status IN ('open', 'shipped', 'cancelled')),
	total_amount numeric(10,2) NOT NULL);
INSERT INTO shop.customers VALUES (1, 'Ada', 'London'), (2, 'Grace', 'New York'), (3, 'Linus', NULL);
INSERT INTO shop.orders VALUES (10, 1, 'shipped', 120.50), (11, 1, 'open', 80.00), (12, 2, 'shipped', 42.25);
`

var shopExam = []exam.Question{
	{
		ID: "s1", Question: "How many customers are there?", Difficulty: "easy", Modules: []string{"Sales"},
		ExpectedTables: []string{"customers"}, GoldSQL: "SELECT count(*) FROM customers",
	},
	{
		ID: "s2", Question: "How many orders has each customer placed?", Difficulty: "medium", Modules: []string{"Sales", "CRM"},
		ExpectedTables: []string{"customers", "orders"},
		GoldSQL:        "SELECT c.name, count(o.order_id) AS orders FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.name",
	},
	{
		ID: "s3", Question: "What is the total amount of shipped orders?", Difficulty: "medium", Modules: []string{"Sales"},
		ExpectedTables: []string{"orders"}, GoldSQL: "SELECT sum(total_amount) FROM orders WHERE status = 'shipped'",
	},
	{
		ID: "s4", Question: "List the names of our customers.", Difficulty: "easy", Modules: []string{"CRM"},
		ExpectedTables: []string{"customers"}, GoldSQL: "SELECT name FROM customers",
	},
	{
		ID: "s5", Question: "Which orders were cancelled?", Difficulty: "easy", Modules: []string{"Ops"},
		ExpectedTables: []string{"orders"}, GoldSQL: "SELECT order_id FROM orders WHERE status = 'cancelled'", Notes: "expects no rows",
	},
	{
		ID: "s6", Question: "What is the average order amount over all but three orders?", Difficulty: "hard",
		ExpectedTables: []string{"orders"}, GoldSQL: "SELECT 0",
	},
}

// firstAnswers: s1 right, s2 right with its columns reordered and an extra
// one, s3 wrong (every order, not the shipped ones), s4 an invented column
// every time, s5 a DELETE, s6 a division by zero at execution every time.
var firstAnswers = map[string]string{
	"How many customers are there?":                               "SELECT count(*) AS customers FROM customers",
	"How many orders has each customer placed?":                   "SELECT count(o.order_id) AS n, c.customer_id, c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id, c.name",
	"What is the total amount of shipped orders?":                 "SELECT sum(total_amount) AS total FROM orders",
	"List the names of our customers.":                            "SELECT c.client_label FROM customers c",
	"Which orders were cancelled?":                                "DELETE FROM orders WHERE status = 'cancelled'",
	"What is the average order amount over all but three orders?": "SELECT sum(total_amount) / (count(*) - 3) AS avg_amount FROM orders",
}

// examRow is what the test checks of rag.exam_results, without timings.
type examRow struct {
	QuestionID  string
	Pass        bool
	FailureType *string
	Attempts    int32
	Precision   *float64
	Recall      *float64
	Retrieved   []string
	Used        []string
	ErrorClass  *string
	Sqlstate    *string
	GoldRows    int32
	AnswerRows  *int32
	Stages      []string // the stages with a latency
}

func examRows(t *testing.T, pool *pgxpool.Pool, run int64) ([]examRow, map[string]string) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `
		SELECT question_id, pass, failure_type, attempts, precision, recall, retrieved_tables, used_tables,
		       error_class, sqlstate, gold_rows, answer_rows, coalesce(reason, ''),
		       array_remove(ARRAY[CASE WHEN queue_ms IS NOT NULL THEN 'queue' END,
		                          CASE WHEN retrieve_ms IS NOT NULL THEN 'retrieve' END,
		                          CASE WHEN generate_ms IS NOT NULL THEN 'generate' END,
		                          CASE WHEN validate_ms IS NOT NULL THEN 'validate' END,
		                          CASE WHEN execute_ms IS NOT NULL THEN 'execute' END,
		                          CASE WHEN total_ms > 0 THEN 'total' END], NULL)
		FROM rag.exam_results WHERE run_id = $1 ORDER BY ordinal`, run)
	require.NoError(t, err)
	var out []examRow
	reasons := map[string]string{}
	for rows.Next() {
		var r examRow
		var reason string
		require.NoError(t, rows.Scan(&r.QuestionID, &r.Pass, &r.FailureType, &r.Attempts, &r.Precision, &r.Recall, &r.Retrieved,
			&r.Used, &r.ErrorClass, &r.Sqlstate, &r.GoldRows, &r.AnswerRows, &reason, &r.Stages))
		out = append(out, r)
		reasons[r.QuestionID] = reason
	}
	require.NoError(t, rows.Err())
	return out, reasons
}

func ptr[T any](v T) *T { return &v }

// queryRows runs sql and returns its rows as JSON-like values, for
// comparing view output.
func queryRows(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) [][]any {
	t.Helper()
	rows, err := pool.Query(context.Background(), sql, args...)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([]any, error) { return r.Values() })
	require.NoError(t, err)
	return out
}

func TestRunner(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	answers := &replies{}
	answers.set(firstAnswers)
	env.ollama.OnChat(answers.chat)

	var seen []int64
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: shopExam, Model: model, Label: "fake", Source: "shopExam",
		Options: map[string]any{"temperature": 0, "tags": map[string]any{"team": "qa"}}, Settings: map[string]any{"bm25": "off"},
		PollInterval: 100 * time.Millisecond, Timeout: 2 * time.Minute, Logger: dbtest.Logger(t),
		OnRun: func(r *exam.RunResult) { seen = append(seen, r.ID) },
	})
	require.NoError(t, err)

	// Run 1: graded.
	runs, err := runner.Run(ctx)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	run1 := runs[0]
	require.Equal(t, "finished", run1.Status)
	require.Equal(t, 2, *run1.Passed)
	require.InDelta(t, 2.0/6, *run1.Accuracy, 1e-12)
	require.Len(t, run1.Results, 6)

	half, one := ptr(0.5), ptr(1.0)
	both := []string{"customers", "orders"}
	full := []string{"queue", "retrieve", "generate", "validate", "execute", "total"}
	noExec := []string{"queue", "retrieve", "generate", "validate", "total"}
	want := []examRow{
		{
			QuestionID: "s1", Pass: true, Attempts: 1, Precision: half, Recall: one, Retrieved: both, Used: []string{"customers"},
			GoldRows: 1, AnswerRows: ptr(int32(1)), Stages: full,
		},
		{
			QuestionID: "s2", Pass: true, Attempts: 1, Precision: one, Recall: one, Retrieved: both, Used: both,
			GoldRows: 3, AnswerRows: ptr(int32(3)), Stages: full,
		},
		{
			QuestionID: "s3", FailureType: ptr(exam.LLMReasoning), Attempts: 1, Precision: half, Recall: one, Retrieved: both,
			Used: []string{"orders"}, GoldRows: 1, AnswerRows: ptr(int32(1)), Stages: full,
		},
		{
			QuestionID: "s4", FailureType: ptr(exam.ColumnMiss), Attempts: 3, Precision: half, Recall: one, Retrieved: both,
			Used: []string{"customers"}, ErrorClass: ptr("sql_error"), Sqlstate: ptr("42703"), GoldRows: 3, Stages: noExec,
		},
		{
			QuestionID: "s5", FailureType: ptr(exam.LLMReasoning), Attempts: 1, Precision: half, Recall: one, Retrieved: both,
			Used: []string{}, ErrorClass: ptr("validation_block"), Sqlstate: ptr("42501"), GoldRows: 0, Stages: noExec,
		},
		{
			QuestionID: "s6", FailureType: ptr(exam.ExecutionError), Attempts: 3, Precision: half, Recall: one, Retrieved: both,
			Used: []string{"orders"}, ErrorClass: ptr("sql_error"), Sqlstate: ptr("22012"), GoldRows: 1, Stages: full,
		},
	}
	got, reasons := examRows(t, db.Pool, run1.ID)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("exam_results of run 1 (-want +got):\n%s", diff)
	}
	require.Empty(t, reasons["s1"])
	require.Contains(t, reasons["s3"], "wrong result: no column of the answer matches gold column 'sum'")
	require.Contains(t, reasons["s4"], "no valid SQL after 3 attempt(s)")
	require.Contains(t, reasons["s4"], "client_label")
	require.Contains(t, reasons["s5"], "the model's SQL was refused by the guard at policy")
	require.Contains(t, reasons["s6"], "division by zero")

	// The questions went through rag.queries, tagged with the run.
	var opts map[string]any
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT q.options FROM rag.queries q JOIN rag.exam_results x ON x.query_id = q.id
		WHERE x.run_id = $1 AND x.question_id = 's2'`, run1.ID).Scan(&opts))
	require.Equal(t, map[string]any{
		"model": model, "temperature": 0.0, "max_rows": 1000.0,
		"tags": map[string]any{"team": "qa", "exam_run_id": float64(run1.ID), "exam_question_id": "s2"},
	}, opts)
	var config map[string]any
	var label, status string
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT config, label, model, status FROM rag.exam_runs WHERE id = $1`, run1.ID).
		Scan(&config, &label, new(string), &status))
	require.Equal(t, map[string]any{
		"bm25": "off", "exact_columns": false, "max_rows": 1000.0, "source": "shopExam",
		"options": map[string]any{"temperature": 0.0, "tags": map[string]any{"team": "qa"}},
	}, config)
	require.Equal(t, "fake", label)

	// Run 2: the LLM is down. Every question fails with infra_failure, so
	// the run measured nothing and has no accuracy.
	require.NoError(t, env.ollama.SetDown(true))
	runs, err = runner.Run(ctx)
	var aborted *exam.AbortedError
	require.True(t, errors.As(err, &aborted), "err: %v", err)
	require.Len(t, runs, 1)
	run2 := runs[0]
	require.Equal(t, run2.ID, aborted.RunID)
	require.Equal(t, "aborted", run2.Status)
	require.Nil(t, run2.Accuracy)
	require.Nil(t, run2.Passed)
	require.Contains(t, run2.Error, "6 of 6 questions met infrastructure failures")
	require.Contains(t, run2.Error, "no accuracy was recorded")
	got, reasons = examRows(t, db.Pool, run2.ID)
	require.Len(t, got, 6)
	for _, r := range got {
		require.Equal(t, exam.InfraFailure, *r.FailureType, r.QuestionID)
		require.Contains(t, reasons[r.QuestionID], "cannot reach Ollama at "+env.ollama.URL())
		require.Contains(t, r.Stages, "retrieve", "retrieval ran before generation failed")
		require.NotContains(t, r.Stages, "generate", "a failed stage records no timing")
	}

	// Run 3: back up; s3 is now right and s1 wrong.
	require.NoError(t, env.ollama.SetDown(false))
	third := map[string]string{}
	for q, sql := range firstAnswers {
		third[q] = sql
	}
	third["How many customers are there?"] = "SELECT count(*) FROM customers WHERE city IS NOT NULL"
	third["What is the total amount of shipped orders?"] = "SELECT sum(total_amount) FROM orders WHERE status = 'shipped'"
	answers.set(third)
	runs, err = runner.Run(ctx)
	require.NoError(t, err)
	run3 := runs[0]
	require.InDelta(t, 2.0/6, *run3.Accuracy, 1e-12)
	require.Equal(t, []int64{run1.ID, run2.ID, run3.ID}, seen)

	// The views.
	r1, r2, r3 := run1.ID, run2.ID, run3.ID
	for _, tc := range []struct {
		name, sql string
		args      []any
		want      [][]any
	}{
		{
			"Summary", `SELECT run_id, status, questions, graded, passed, round(accuracy::numeric, 4)::text, infra_failures,
				round(avg_precision::numeric, 4)::text, avg_recall, round(avg_attempts::numeric, 4)::text,
				p50_total_ms > 0, error IS NOT NULL FROM rag.exam_run_summary WHERE run_id IN ($1, $2, $3) ORDER BY run_id`,
			[]any{r1, r2, r3},
			[][]any{
				{r1, "finished", int32(6), int64(6), int32(2), "0.3333", int64(0), "0.5833", 1.0, "1.6667", true, false},
				{r2, "aborted", int32(6), int64(6), nil, nil, int64(6), "0.5833", 1.0, "1.0000", true, true},
				{r3, "finished", int32(6), int64(6), int32(2), "0.3333", int64(0), "0.5833", 1.0, "1.6667", true, false},
			},
		},
		{
			"ByDifficulty", `SELECT difficulty, questions, passed, round(accuracy::numeric, 4)::text FROM rag.exam_accuracy_by_difficulty
				WHERE run_id = $1 ORDER BY difficulty_order`,
			[]any{r1},
			[][]any{{"easy", int64(3), int64(1), "0.3333"}, {"medium", int64(2), int64(1), "0.5000"}, {"hard", int64(1), int64(0), "0.0000"}},
		},
		{
			"ByModule", `SELECT module, questions, passed, accuracy FROM rag.exam_accuracy_by_module WHERE run_id = $1 ORDER BY module`,
			[]any{r1},
			[][]any{
				{"(none)", int64(1), int64(0), 0.0},
				{"CRM", int64(2), int64(1), 0.5},
				{"Ops", int64(1), int64(0), 0.0},
				{"Sales", int64(3), int64(2), 2.0 / 3},
			},
		},
		{
			"Taxonomy", `SELECT failure_type, failures, share_of_failures, question_ids FROM rag.exam_failure_taxonomy
				WHERE run_id = $1 ORDER BY failure_order`,
			[]any{r1},
			[][]any{
				{"retrieval_miss", int64(0), 0.0, []any{}},
				{"join_path_miss", int64(0), 0.0, []any{}},
				{"column_miss", int64(1), 0.25, []any{"s4"}},
				{"execution_error", int64(1), 0.25, []any{"s6"}},
				{"llm_reasoning", int64(2), 0.5, []any{"s3", "s5"}},
				{"validation_exhausted", int64(0), 0.0, []any{}},
				{"infra_failure", int64(0), 0.0, []any{}},
			},
		},
		// The aborted run is in no accuracy view: its 0% was never measured.
		{
			"AbortedRunNotInViews", `SELECT (SELECT count(*) FROM rag.exam_accuracy_by_difficulty WHERE run_id = $1),
				(SELECT count(*) FROM rag.exam_accuracy_by_module WHERE run_id = $1),
				(SELECT count(*) FROM rag.exam_failure_taxonomy WHERE run_id = $1),
				(SELECT count(*) FROM rag.exam_question_changes WHERE run_id = $1),
				(SELECT count(*) FROM rag.exam_run_comparison WHERE run_id = $1 OR previous_run_id = $1)`,
			[]any{r2},
			[][]any{{int64(0), int64(0), int64(0), int64(0), int64(0)}},
		},
		{
			"Comparison", `SELECT run_id, previous_run_id, accuracy_delta, fixed, regressed FROM rag.exam_run_comparison
				WHERE run_id IN ($1, $2, $3) ORDER BY run_id`,
			[]any{r1, r2, r3},
			[][]any{{r1, nil, nil, int64(0), int64(0)}, {r3, r1, 0.0, int64(1), int64(1)}},
		},
		{
			"QuestionChanges", `SELECT question_id, previous_run_id, change, failure_type, previous_failure_type FROM rag.exam_question_changes
				WHERE run_id = $1 ORDER BY ordinal`,
			[]any{r3},
			[][]any{
				{"s1", r1, "regressed", "llm_reasoning", nil},
				{"s2", r1, "still_passing", nil, nil},
				{"s3", r1, "fixed", nil, "llm_reasoning"},
				{"s4", r1, "still_failing", "column_miss", "column_miss"},
				{"s5", r1, "still_failing", "llm_reasoning", "llm_reasoning"},
				{"s6", r1, "still_failing", "execution_error", "execution_error"},
			},
		},
		{"FirstRunIsNew", `SELECT DISTINCT change FROM rag.exam_question_changes WHERE run_id = $1`, []any{r1}, [][]any{{"new"}}},
	} {
		got := queryRows(t, db.Pool, tc.sql, tc.args...)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}

	// The report reads the same rows back, leaving the aborted run out.
	rep, err := exam.LoadReport(ctx, db.Pool, []int64{r1, r2, r3})
	require.NoError(t, err)
	require.Equal(t, "shop", rep.Database)
	require.Len(t, rep.Runs, 2)
	require.Equal(t, []int64{r1, r3}, []int64{rep.Runs[0].ID, rep.Runs[1].ID})
	q4 := rep.Runs[0].Questions[3]
	require.Equal(t, "s4", q4.ID)
	require.Equal(t, exam.ColumnMiss, q4.FailureType)
	require.Equal(t, 3, q4.Attempts)
	require.Equal(t, []string{"customers"}, q4.ExpectedTables)
	require.InDelta(t, 0.5, q4.Precision, 1e-12)
	require.Contains(t, q4.StageMs, "generate")
	require.NotContains(t, q4.StageMs, "execute")
	require.Equal(t, "fake", rep.Runs[0].Config["label"])
	require.Equal(t, "off", rep.Runs[0].Config["bm25"])
}

// TestRunnerAbortsOnAnyInfraFailure: one question that meets an outage
// (after the worker's retries) aborts its run, however many others pass.
func TestRunnerAbortsOnAnyInfraFailure(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	qs := shopExam[:4]
	var mu sync.Mutex
	down := false // the model fails on qs[3] from the second run on
	env.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		mu.Lock()
		defer mu.Unlock()
		prompt := req.Prompt()
		if down && strings.Contains(prompt, qs[3].Question) {
			return ollamatest.Response{Status: 503, Error: "model overloaded"}
		}
		for _, q := range qs {
			if strings.Contains(prompt, q.Question) {
				return fence(q.GoldSQL)
			}
		}
		return ollamatest.Response{Content: "I do not know."}
	})

	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: qs, Model: model, Runs: 3,
		PollInterval: 100 * time.Millisecond, Timeout: 2 * time.Minute, Logger: dbtest.Logger(t),
		OnRun: func(*exam.RunResult) { mu.Lock(); down = true; mu.Unlock() },
	})
	require.NoError(t, err)
	runs, err := runner.Run(ctx)
	var aborted *exam.AbortedError
	require.True(t, errors.As(err, &aborted), "err: %v", err)
	require.Len(t, runs, 2, "the third run is not started")
	ok, bad := runs[0], runs[1]
	require.Equal(t, "finished", ok.Status)
	require.InDelta(t, 1.0, *ok.Accuracy, 1e-12)

	require.Equal(t, bad.ID, aborted.RunID)
	require.Equal(t, "aborted", bad.Status)
	require.Nil(t, bad.Accuracy)
	require.Nil(t, bad.Passed)
	require.Contains(t, bad.Error, "1 of 4 questions met infrastructure failures")
	require.Contains(t, bad.Error, "no accuracy was recorded")
	require.Contains(t, bad.Error, "first: s4: ")
	require.Contains(t, bad.Error, "model overloaded")
	require.Len(t, bad.Results, 4, "the results are kept for diagnosis")
	got, _ := examRows(t, db.Pool, bad.ID)
	var passed []string
	for _, r := range got {
		if r.Pass {
			passed = append(passed, r.QuestionID)
		}
	}
	require.Equal(t, []string{"s1", "s2", "s3"}, passed)
	require.Equal(t, exam.InfraFailure, *got[3].FailureType)

	r1, r2 := ok.ID, bad.ID
	for _, tc := range []struct {
		name, sql string
		want      [][]any
	}{
		{
			"Runs", `SELECT id, status, passed, accuracy, error IS NOT NULL FROM rag.exam_runs ORDER BY id`,
			[][]any{{r1, "finished", int32(4), 1.0, false}, {r2, "aborted", nil, nil, true}},
		},
		{
			"Summary", `SELECT run_id, status, graded, passed, accuracy, infra_failures FROM rag.exam_run_summary ORDER BY run_id`,
			[][]any{{r1, "finished", int64(4), int32(4), 1.0, int64(0)}, {r2, "aborted", int64(4), nil, nil, int64(1)}},
		},
		{"ByDifficulty", `SELECT DISTINCT run_id FROM rag.exam_accuracy_by_difficulty`, [][]any{{r1}}},
		{"ByModule", `SELECT DISTINCT run_id FROM rag.exam_accuracy_by_module`, [][]any{{r1}}},
		{"Taxonomy", `SELECT DISTINCT run_id FROM rag.exam_failure_taxonomy`, [][]any{{r1}}},
		{"QuestionChanges", `SELECT DISTINCT run_id FROM rag.exam_question_changes`, [][]any{{r1}}},
		{"Comparison", `SELECT run_id, previous_run_id FROM rag.exam_run_comparison`, [][]any{{r1, nil}}},
	} {
		if diff := cmp.Diff(tc.want, queryRows(t, db.Pool, tc.sql)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	rep, err := exam.LoadReport(ctx, db.Pool, []int64{r1, r2})
	require.NoError(t, err)
	require.Len(t, rep.Runs, 1)
	require.Equal(t, r1, rep.Runs[0].ID)

	// FinishExamRun itself refuses a run with an infra failure or an
	// ungraded question.
	q := dbsqlc.New()
	var r3 int64
	require.NoError(t, db.Pool.QueryRow(ctx, `INSERT INTO rag.exam_runs (database_name, model, questions)
		VALUES ('shop', 'm', 4) RETURNING id`).Scan(&r3))
	_, err = db.Pool.Exec(ctx, `INSERT INTO rag.exam_results
		SELECT (jsonb_populate_record(x, jsonb_build_object('run_id', $1::bigint))).* FROM rag.exam_results x WHERE run_id = $2`, r3, r2)
	require.NoError(t, err)
	_, err = q.FinishExamRun(ctx, db.Pool, r3)
	require.ErrorIs(t, err, pgx.ErrNoRows, "an infra failure")
	_, err = db.Pool.Exec(ctx, `DELETE FROM rag.exam_results WHERE run_id = $1 AND failure_type = 'infra_failure'`, r3)
	require.NoError(t, err)
	_, err = q.FinishExamRun(ctx, db.Pool, r3)
	require.ErrorIs(t, err, pgx.ErrNoRows, "3 of 4 questions graded")
	_, err = db.Pool.Exec(ctx, `INSERT INTO rag.exam_results (run_id, question_id, ordinal, question, difficulty, pass, failure_type, gold_rows, gold_sql)
		VALUES ($1, 's4', 4, 'Q?', 'easy', false, 'llm_reasoning', 3, 'SELECT 1')`, r3)
	require.NoError(t, err)
	fin, err := q.FinishExamRun(ctx, db.Pool, r3)
	require.NoError(t, err)
	require.Equal(t, "finished", fin.Status)
	require.InDelta(t, 0.75, *fin.Accuracy, 1e-12)

	// r3 asked another s4 ("Q?"): another exam, compared with no run of
	// r1's questions, and no question of it "regressed" against r1's s4.
	if diff := cmp.Diff([][]any{{r3, nil}}, queryRows(t, db.Pool, `SELECT run_id, previous_run_id FROM rag.exam_run_comparison WHERE run_id = $1`, r3)); diff != "" {
		t.Errorf("comparison (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([][]any{{"new"}}, queryRows(t, db.Pool, `SELECT DISTINCT change FROM rag.exam_question_changes WHERE run_id = $1`, r3)); diff != "" {
		t.Errorf("question changes (-want +got):\n%s", diff)
	}
}

func TestRunnerRefusesBrokenGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	targets, err := target.New(target.Config{})
	require.NoError(t, err)
	defer targets.Close()

	qs := []exam.Question{
		shopExam[0],
		{ID: "bad", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT nope FROM customers"},
		// Held as exam check holds them: refused by the guard, and empty
		// without the notes saying so (it would pass any empty answer).
		{ID: "sleeps", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT pg_sleep(0)"},
		{ID: "empty", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT 1 FROM customers WHERE false"},
		{ID: "empty_ok", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT 1 FROM customers WHERE false", Notes: "expects no rows"},
		{ID: "clock", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT name FROM customers WHERE current_date > DATE '2000-01-01'"},
		// A correctly ordered answer could fail against rows in plan order.
		{ID: "unordered", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT name FROM customers", OrderMatters: true},
		{ID: "ordered", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT name FROM customers ORDER BY name", OrderMatters: true},
		// A typo would be graded a retrieval miss, with recall 0.
		{ID: "typo", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT count(*) FROM orders", ExpectedTables: []string{"orders", "order"}},
	}
	runner, err := exam.NewRunner(db.Pool, targets, exam.Config{Database: "shop", Questions: qs, Model: model})
	require.NoError(t, err)
	runs, err := runner.Run(ctx)
	var gerr *exam.GoldError
	require.True(t, errors.As(err, &gerr), "err: %v", err)
	var failed []string
	for _, f := range gerr.Failures {
		failed = append(failed, f.QuestionID)
	}
	require.Equal(t, []string{"bad", "sleeps", "empty", "clock", "unordered", "typo"}, failed)
	require.ErrorContains(t, err, `typo: expected table "order" is not in the catalog of shop`)
	require.ErrorContains(t, err, "clock: reads current_date: its answer would change over time")
	require.ErrorContains(t, err, "unordered: order_matters is set but the gold SQL has no ORDER BY at its outermost level")
	require.ErrorContains(t, err, `column "nope" does not exist`)
	require.ErrorContains(t, err, "sleeps: refused by the guard at policy: function pg_sleep is not allowed")
	require.ErrorContains(t, err, `empty: returns no rows (if that is the answer, say "expects no rows" in notes)`)
	require.Empty(t, runs)
	var n int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.exam_runs").Scan(&n))
	require.Zero(t, n, "an exam that cannot be graded is never started")
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.queries").Scan(&n))
	require.Zero(t, n)

	runner, err = exam.NewRunner(db.Pool, targets, exam.Config{
		Database: "shop", Questions: qs[:1], Model: model,
		Options: map[string]any{"colour": "blue"},
	})
	require.NoError(t, err)
	_, err = runner.Run(ctx)
	require.ErrorContains(t, err, `unknown option "colour"`)

	_, err = exam.NewRunner(db.Pool, targets, exam.Config{Database: "shop", Questions: qs[:1]})
	require.ErrorContains(t, err, "Model is required")
}

// TestGoldCutByALimit: a gold result cut by the result byte cap is
// reported as cut by it, by exam check and exam run alike, not as "more
// than 100000 rows", which would have its author raise the wrong limit.
func TestGoldCutByALimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	targets, err := target.New(target.Config{MaxResultBytes: 10000})
	require.NoError(t, err)
	defer targets.Close()

	qs := []exam.Question{
		{ID: "wide", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT name, repeat('x', 6000) AS blob FROM customers"},
		{ID: "long", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT name FROM customers"},
	}
	const bytes = "wide: returns more than the result byte cap of 10000 bytes of cell data (cut after 1 row(s))"
	chk, err := exam.Check(ctx, db.Pool, targets, exam.CheckConfig{Database: "shop", Questions: qs, MaxRows: 2})
	require.NoError(t, err)
	require.Equal(t, []string{strings.TrimPrefix(bytes, "wide: ")}, chk.Gold[0].Problems)
	require.Equal(t, []string{"returns more than 2 rows"}, chk.Gold[1].Problems)

	runner, err := exam.NewRunner(db.Pool, targets, exam.Config{Database: "shop", Questions: qs, Model: model, GoldMaxRows: 2})
	require.NoError(t, err)
	err = runner.Prepare(ctx)
	require.ErrorContains(t, err, bytes)
	require.ErrorContains(t, err, "long: returns more than 2 rows")
}

// TestRunnerInterrupted: a run interrupted before all its answers came in
// is aborted, says so, and withdraws its unanswered questions, so the
// workers do not answer them for nobody.
func TestRunnerInterrupted(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	qs := shopExam[:3]
	env.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		prompt := req.Prompt()
		for i, q := range qs {
			if strings.Contains(prompt, q.Question) {
				r := fence(q.GoldSQL)
				if i > 0 {
					r.Delay = 3 * time.Second
				}
				return r
			}
		}
		return ollamatest.Response{Content: "I do not know."}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: qs, Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
		Progress: func(_ int64, done, _ int) {
			if done == 1 {
				cancel() // Ctrl-C after the first answer
			}
		},
	})
	require.NoError(t, err)
	_, err = runner.Run(ctx)
	var aborted *exam.AbortedError
	require.True(t, errors.As(err, &aborted), "err: %v", err)
	require.ErrorIs(t, err, context.Canceled)
	require.Contains(t, aborted.Reason, "interrupted after 1 of 3 answers; its 2 unanswered question(s) were withdrawn")
	rows := queryRows(t, db.Pool, "SELECT status, error_class, left(error, 9) FROM rag.queries ORDER BY id")
	require.Equal(t, [][]any{{"succeeded", nil, nil}, {"failed", "unknown", "withdrawn"}, {"failed", "unknown", "withdrawn"}}, rows)
}

// TestRunnerAbortsWhenResultsCannotBeRecorded: a run whose results the
// database refuses is aborted, with the reason, rather than left running
// without results for ever.
func TestRunnerAbortsWhenResultsCannotBeRecorded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL+`
		CREATE FUNCTION public.refuse() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'no room for results'; END $$;
		CREATE TRIGGER refuse BEFORE INSERT ON rag.exam_results FOR EACH ROW EXECUTE FUNCTION public.refuse();`)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	answers := &replies{}
	answers.set(map[string]string{shopExam[0].Question: shopExam[0].GoldSQL})
	env.ollama.OnChat(answers.chat)
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: shopExam[:1], Model: model, Runs: 2,
		PollInterval: 100 * time.Millisecond, Timeout: 2 * time.Minute, Logger: dbtest.Logger(t),
	})
	require.NoError(t, err)
	runs, err := runner.Run(ctx)
	var aborted *exam.AbortedError
	require.True(t, errors.As(err, &aborted), "err: %v", err)
	require.Contains(t, aborted.Reason, "the results could not be recorded")
	require.ErrorContains(t, err, "no room for results")
	require.Len(t, runs, 1, "the second run is not started")
	require.Equal(t, "aborted", runs[0].Status)
	require.Empty(t, runs[0].Results)
	require.Equal(t, [][]any{{runs[0].ID, "aborted", true}},
		queryRows(t, db.Pool, `SELECT id, status, error LIKE '%no room for results%' FROM rag.exam_runs`))
}

// TestRunnerAbortsRunsOfKilledProcesses: a run whose process was killed
// (SIGKILL, a lost machine) stayed "running" in rag.exam_runs for good,
// and the workers answered its questions for nobody. The next exam run
// aborts it and withdraws its unanswered questions; a run another process
// is still waiting for is left alone.
func TestRunnerAbortsRunsOfKilledProcesses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	qs := shopExam[:1]
	env.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		if strings.Contains(req.Prompt(), "left behind") {
			return ollamatest.Response{Content: "I do not know.", Delay: 3 * time.Second}
		}
		r := fence(qs[0].GoldSQL)
		r.Delay = time.Second
		return r
	})

	// What a killed runner leaves: its run, running, and a question of it
	// not answered yet.
	var killed int64
	require.NoError(t, db.Pool.QueryRow(ctx, `INSERT INTO rag.exam_runs (database_name, model, questions)
		VALUES ('shop', $1, 1) RETURNING id`, model).Scan(&killed))
	left, err := intake.SubmitMany(ctx, db.Pool, "shop", []string{"Which question was left behind?"},
		[]map[string]any{{"tags": map[string]any{"exam_run_id": killed}}})
	require.NoError(t, err)

	newRunner := func() *exam.Runner {
		r, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
			Database: "shop", Questions: qs, Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
		})
		require.NoError(t, err)
		return r
	}
	// A run another process is waiting for.
	liveDone := make(chan error, 1)
	go func() {
		_, err := newRunner().Run(ctx)
		liveDone <- err
	}()
	var live int64
	require.Eventually(t, func() bool {
		return db.Pool.QueryRow(ctx, `SELECT id FROM rag.exam_runs WHERE id <> $1`, killed).Scan(&live) == nil
	}, 30*time.Second, 10*time.Millisecond)

	res, err := newRunner().Run(ctx)
	require.NoError(t, err)
	require.Len(t, res, 1)
	require.Equal(t, "finished", res[0].Status)
	require.NoError(t, <-liveDone)

	rows := queryRows(t, db.Pool, `SELECT id, status, left(error, 41) FROM rag.exam_runs ORDER BY id`)
	require.Equal(t, [][]any{
		{killed, "aborted", "the process running it ended without reco"},
		{live, "finished", nil},
		{res[0].ID, "finished", nil},
	}, rows)
	rows = queryRows(t, db.Pool, `SELECT status, left(error, 9) FROM rag.queries WHERE id = $1`, left[0])
	require.Equal(t, [][]any{{"failed", "withdrawn"}}, rows)
}

// TestRunnerTimedOutWithdraws: a run not answered within its timeout is
// aborted, and its unanswered questions are withdrawn as an interrupted
// run's are. Left queued, the workers answered them for nobody, and the
// next run's questions waited behind them (a slow model timed out the
// run after it too).
func TestRunnerTimedOutWithdraws(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	qs := shopExam[:3]
	env.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		prompt := req.Prompt()
		for i, q := range qs {
			if strings.Contains(prompt, q.Question) {
				r := fence(q.GoldSQL)
				if i > 0 {
					r.Delay = 3 * time.Second
				}
				return r
			}
		}
		return ollamatest.Response{Content: "I do not know."}
	})
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: qs, Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
		Timeout: time.Second,
	})
	require.NoError(t, err)
	_, err = runner.Run(context.Background())
	var aborted *exam.AbortedError
	require.True(t, errors.As(err, &aborted), "err: %v", err)
	require.Contains(t, aborted.Reason, "2 of 3 questions were not answered within 1s")
	require.Contains(t, aborted.Reason, "its 2 unanswered question(s) were withdrawn")
	rows := queryRows(t, db.Pool, "SELECT status, error_class, left(error, 9) FROM rag.queries ORDER BY id")
	require.Equal(t, [][]any{{"succeeded", nil, nil}, {"failed", "unknown", "withdrawn"}, {"failed", "unknown", "withdrawn"}}, rows)
}

// TestRunnerGoldRunsAsTheReadOnlyRole: a database registered with --role
// has its questions' SQL run as that role, and so must its gold SQL:
// run as the connecting role, gold saw the rows a row-level security
// policy hides from the reader, and an answer that was the gold SQL itself
// was graded wrong.
func TestRunnerGoldRunsAsTheReadOnlyRole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	role := fmt.Sprintf("nl2sql_test_exam_reader_%d", time.Now().UnixNano())
	_, err = db.Pool.Exec(ctx, fmt.Sprintf(`CREATE ROLE %[1]s;
		GRANT USAGE ON SCHEMA shop TO %[1]s;
		GRANT SELECT ON ALL TABLES IN SCHEMA shop TO %[1]s;
		ALTER TABLE shop.customers ENABLE ROW LEVEL SECURITY;
		CREATE POLICY london ON shop.customers FOR SELECT TO %[1]s USING (city = 'London')`, role))
	require.NoError(t, err)
	t.Cleanup(func() {
		_, err := db.Pool.Exec(context.Background(), fmt.Sprintf("DROP OWNED BY %[1]s; DROP ROLE %[1]s", role))
		require.NoError(t, err)
	})
	env := startPipeline(t, db, "shop", "shop", nil)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}, ReadOnlyRole: role}, nil)
	require.NoError(t, err)

	qs := shopExam[:1] // SELECT count(*) FROM customers: 1 for the reader, 3 for the owner
	env.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence(qs[0].GoldSQL) })
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: qs, Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
	})
	require.NoError(t, err)
	res, err := runner.Run(ctx)
	require.NoError(t, err)
	require.Len(t, res, 1)
	require.True(t, res[0].Results[0].Pass, "the gold SQL as the answer: %s", res[0].Results[0].Reason)
}

// TestRunnerKeepsItsLockWhenItsConnectionIsReplaced: the waiter replaces a
// broken listening connection (a network blip, an idle_session_timeout, a
// pg_terminate_backend) and goes on waiting, but the run's lock was held on
// the old one: nothing held it any more, and the next sweep (serve's, or
// another exam run's) aborted the run still being waited for and withdrew
// its unanswered questions. The lock is taken again on the new connection.
func TestRunnerKeepsItsLockWhenItsConnectionIsReplaced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	qs := shopExam[:1]
	env.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		r := fence(qs[0].GoldSQL)
		r.Delay = 4 * time.Second
		return r
	})
	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: qs, Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
	})
	require.NoError(t, err)
	type outcome struct {
		res []*exam.RunResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := runner.Run(ctx)
		done <- outcome{res, err}
	}()
	// The session holding the run's lock, other than not (pg_locks is the
	// server's: other tests' databases have a run 1 too).
	holder := func(run int64, not int32) (pid int32) {
		_ = db.Pool.QueryRow(ctx, `SELECT pid FROM pg_locks l
			WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND locktype = 'advisory' AND classid = hashtext('rag.exam_runs')::oid
			  AND objid = $1::oid AND objsubid = 2 AND granted AND pid <> $2`, run, not).Scan(&pid)
		return pid
	}
	var run int64
	var pid int32
	require.Eventually(t, func() bool {
		if run == 0 && db.Pool.QueryRow(ctx, `SELECT id FROM rag.exam_runs`).Scan(&run) != nil {
			return false
		}
		pid = holder(run, 0)
		return pid != 0
	}, 30*time.Second, 10*time.Millisecond)

	// The listening connection breaks; the waiter listens on a new one.
	_, err = db.Pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return holder(run, pid) != 0 }, 10*time.Second, 20*time.Millisecond,
		"the run's lock is held again once the waiter listens on a new connection")

	require.NoError(t, exam.AbortOrphanedRuns(ctx, db.Pool, dbtest.Logger(t)))
	out := <-done
	require.NoError(t, out.err)
	require.Len(t, out.res, 1)
	require.Equal(t, "finished", out.res[0].Status)
	require.Equal(t, [][]any{{run, "finished"}}, queryRows(t, db.Pool, `SELECT id, status FROM rag.exam_runs`))
}

// TestRunnerRefusesALockAnotherSessionHolds: any role that may connect can
// take any advisory lock, and a session holding the next run's
// (pg_advisory_lock(hashtext('rag.exam_runs'), id)) held nl2sql exam up
// without end, waiting for it in the transaction that creates the run. The
// run is refused at once instead, saying so.
func TestRunnerRefusesALockAnotherSessionHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	env := startPipeline(t, db, "shop", "shop", nil)
	other, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer other.Close(ctx)
	_, err = other.Exec(ctx, `SELECT pg_advisory_lock(hashtext('rag.exam_runs'), g) FROM generate_series(1, 3) g`)
	require.NoError(t, err)

	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "shop", Questions: shopExam[:1], Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
	})
	require.NoError(t, err)
	rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	_, err = runner.Run(rctx)
	require.Error(t, err)
	require.NoError(t, rctx.Err(), "refused at once, not waited for: %v", err)
	require.ErrorContains(t, err, "holds the lock of exam run 1")
	require.Equal(t, [][]any{{int64(0)}}, queryRows(t, db.Pool, `SELECT count(*) FROM rag.exam_runs`))
}

// TestRunnerWithdrawsWhenWaitingFails: a run aborted because waiting for
// its answers failed (its connection lost and not got back within a
// minute) left its unanswered questions queued, where an interrupted or
// timed-out run withdraws them: the workers answered them for nobody, and
// the sweep, which withdraws only the questions of runs it aborts itself,
// never did.
func TestRunnerWithdrawsWhenWaitingFails(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the waiter's minute of reconnecting")
	}
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	// Registered, and no worker: the question stays queued.
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	runner, err := exam.NewRunner(db.Pool, targets, exam.Config{
		Database: "shop", Questions: shopExam[:1], Model: model, PollInterval: 50 * time.Millisecond, Logger: dbtest.Logger(t),
		Timeout: 5 * time.Minute,
	})
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(ctx)
		done <- err
	}()
	var run int64
	var pid int32
	require.Eventually(t, func() bool {
		return db.Pool.QueryRow(ctx, `SELECT r.id, l.pid FROM rag.exam_runs r JOIN pg_locks l
			ON l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND l.locktype = 'advisory' AND l.classid = hashtext('rag.exam_runs')::oid AND l.objid = r.id::oid AND l.granted`).Scan(&run, &pid) == nil
	}, 30*time.Second, 10*time.Millisecond)
	// Another session takes the run's lock as soon as the runner's
	// connection ends, so the waiter cannot take it again and gives up.
	other, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer other.Close(context.Background())
	locked := make(chan error, 1)
	go func() {
		_, err := other.Exec(ctx, `SELECT pg_advisory_lock(hashtext('rag.exam_runs'), $1::integer)`, run)
		locked <- err
	}()
	require.Eventually(t, func() bool {
		var waiting bool
		_ = db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks l WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND locktype = 'advisory' AND objid = $1::oid AND NOT granted)`, run).Scan(&waiting)
		return waiting
	}, 10*time.Second, 10*time.Millisecond)
	_, err = db.Pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid)
	require.NoError(t, err)
	require.NoError(t, <-locked)

	err = <-done
	var aerr *exam.AbortedError
	require.ErrorAs(t, err, &aerr)
	require.Equal(t, [][]any{{"aborted", true}},
		queryRows(t, db.Pool, `SELECT status, error LIKE 'waiting for answers:%' FROM rag.exam_runs`))
	require.Equal(t, [][]any{{"failed", "withdrawn"}},
		queryRows(t, db.Pool, `SELECT status, left(error, 9) FROM rag.queries`))
}
