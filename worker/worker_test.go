package worker_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/internal/validate"
	"github.com/nl2sql/nl2sql/jobs"
	"github.com/nl2sql/nl2sql/worker"
)

const model = "qwen2.5-coder:7b"

// shopSQL is the target schema the tests ask questions of; it lives in the
// test's own database next to rag and river.
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

type env struct {
	db     *dbtest.DB
	ollama *ollamatest.Server
	llm    *llm.Client
	cfg    worker.Config
	deps   stage.Deps
}

func fence(sql string) ollamatest.Response {
	return ollamatest.Response{Content: "```sql\n" + sql + "\n```"}
}

// setup gives a test its own database with the shop schema registered as
// database "shop", a fake Ollama, and the pipeline wired to both. The
// service is not started: see start.
func setup(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)

	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{model}}})
	// Longer than TestMultiCandidate's budget: a call's own timeout firing
	// with the budget made the slow call an error instead of a late one.
	client, err := llm.New(llm.Config{Host: srv.URL(), Model: model, RequestTimeout: 20 * time.Second})
	require.NoError(t, err)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(db.Pool, client, parts.Config{})
	require.NoError(t, err)
	return &env{
		db:     db,
		ollama: srv,
		llm:    client,
		deps:   p.Deps(targets),
		cfg: worker.Config{
			Logger: dbtest.Logger(t), FetchCooldown: 5 * time.Millisecond, FetchPollInterval: 200 * time.Millisecond,
			RetryBackoff: 20 * time.Millisecond, RetryBackoffMax: 100 * time.Millisecond, InfraAttempts: 4,
			// One model call per attempt keeps the scripted conversations
			// of the chain tests simple; TestMultiCandidate turns K on.
			Candidates: candidate.Config{Disabled: true},
		},
	}
}

// client creates the login role suffix, granted as a client that may ask
// about shop, and returns its name.
func (e *env) client(t *testing.T, suffix string) string {
	t.Helper()
	role := e.db.NewRole(t, suffix)
	_, err := e.db.Pool.Exec(context.Background(), "SELECT rag.grant_client($1, '{shop}')", role)
	require.NoError(t, err)
	return role
}

// start runs a worker service until the test ends.
func (e *env) start(t *testing.T) *worker.Service {
	t.Helper()
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	require.NoError(t, svc.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = svc.Stop(ctx)
	})
	return svc
}

// askSQL inserts a question with plain SQL, as any client would, and waits
// for its completion notification.
func (e *env) askSQL(t *testing.T, question string, options string) int64 {
	t.Helper()
	ctx := context.Background()
	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	var id int64
	require.NoError(t, e.db.Pool.QueryRow(ctx,
		"INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', $1, $2) RETURNING id", question, options).Scan(&id))
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var got []intake.Done
	require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { got = append(got, d) }))
	require.Len(t, got, 1)
	return id
}

// submit asks question with intake.Submit, listening for completions
// first, and returns the listener (closed when the test ends) and the id.
func (e *env) submit(t *testing.T, question string) (*intake.Waiter, int64) {
	t.Helper()
	ctx := context.Background()
	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	t.Cleanup(w.Close)
	id, err := intake.Submit(ctx, e.db.Pool, "shop", question, nil)
	require.NoError(t, err)
	return w, id
}

func query(t *testing.T, pool *pgxpool.Pool, id int64) *dbsqlc.RagQuery {
	t.Helper()
	q, err := dbsqlc.New().GetQuery(context.Background(), pool, id)
	require.NoError(t, err)
	return q
}

func TestEndToEnd(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.Answer(ollamatest.Contains("How many orders has each customer placed?"),
		fence("SELECT c.name, count(o.order_id) AS orders\nFROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id\nGROUP BY c.name\nORDER BY c.name"))
	e.start(t)
	ctx := context.Background()

	id := e.askSQL(t, "How many orders has each customer placed?", "{}")

	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Contains(t, *q.Sql, "LIMIT 1001", "the guard adds max_rows+1 so truncation is detectable")
	require.Equal(t, int32(1), q.Attempts)
	require.InDelta(t, 1.0, *q.Confidence, 1e-9)
	require.NotNil(t, q.FinishedAt)
	require.Nil(t, q.ErrorClass)

	var meta struct {
		Strategy       string   `json:"strategy"`
		TablesIncluded []string `json:"tablesIncluded"`
	}
	require.NoError(t, json.Unmarshal(q.Retrieval, &meta))
	require.Equal(t, "full", meta.Strategy)
	require.ElementsMatch(t, []string{"customers", "orders"}, meta.TablesIncluded)

	res, err := dbsqlc.New().GetQueryResult(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.JSONEq(t, `[{"name":"name","type":"text"},{"name":"orders","type":"bigint"}]`, string(res.Columns))
	require.JSONEq(t, `[["Ada",2],["Grace",1],["Linus",0]]`, string(res.Rows))
	require.False(t, res.Truncated)

	cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, cands, 1)
	require.True(t, cands[0].Selected)
	require.Equal(t, "passed", cands[0].Verdict)
	require.JSONEq(t, `{"base": 100, "group_by_matches_question": 10}`, string(cands[0].Breakdown))

	timings, err := dbsqlc.New().ListStageTimings(ctx, e.db.Pool, id)
	require.NoError(t, err)
	var stages []string
	for _, s := range timings {
		stages = append(stages, s.Stage)
		require.False(t, s.FinishedAt.Before(s.StartedAt))
	}
	require.Equal(t, []string{"retrieve", "generate", "validate", "execute"}, stages)

	attempts, err := dbsqlc.New().ListAttempts(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, attempts, 1)
	require.Equal(t, "initial", attempts[0].RepairStrategy)
	require.Equal(t, "passed", attempts[0].Outcome)
	require.Contains(t, string(attempts[0].Prompt), "customers (", "the prompt carries the M-Schema context")
	require.Contains(t, *attempts[0].RawReply, "```sql")

	// What the model was sent: the chat API, the configured model, the
	// schema and the question.
	chats := e.ollama.ChatRequests()
	require.Len(t, chats, 1)
	require.Equal(t, model, chats[0].Model)
	require.Contains(t, chats[0].LastUser(), "orders (order_id integer PK, customer_id integer FK→customers")
	require.Contains(t, chats[0].LastUser(), "How many orders has each customer placed?")

	var overview struct{ Status string }
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT status FROM rag.query_overview WHERE id = $1", id).Scan(&overview.Status))
	require.Equal(t, "succeeded", overview.Status)
}

// TestAnswerValuesAreStored: values whose JSON the answer's jsonb could not
// hold, or pgx could not decode, are stored (before: a json value with
// \u0000 failed the INSERT into rag.query_results, and a json[] element
// of 1e1000 failed to decode as an infra_failure; either was run again
// until the question failed "after 4 tries of the execute stage").
func TestAnswerValuesAreStored(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return fence(`SELECT '"\u0000"'::json AS j, ARRAY['{"a": 1e1000}'::json] AS js, ARRAY[[1, 2], [3, 4]] AS m FROM customers WHERE customer_id = 1`)
	})
	e.start(t)

	id := e.askSQL(t, "Show odd values", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Equal(t, int32(1), q.Attempts)
	res, err := dbsqlc.New().GetQueryResult(context.Background(), e.db.Pool, id)
	require.NoError(t, err)
	require.Equal(t, `[["\"\\u0000\"", [{"a": 1`+strings.Repeat("0", 1000)+`}], [[1, 2], [3, 4]]]]`, string(res.Rows))
}

func TestRepair(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		if strings.Contains(req.LastUser(), "42703") {
			return fence("SELECT c.name FROM customers c WHERE c.city = 'London'")
		}
		return fence("SELECT c.label FROM customers c WHERE c.city = 'London'")
	})
	e.start(t)
	ctx := context.Background()

	id := e.askSQL(t, "Which customers live in London?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Equal(t, int32(2), q.Attempts)
	require.InDelta(t, 0.9, *q.Confidence, 1e-9, "one repair costs 0.1")

	attempts, err := dbsqlc.New().ListAttempts(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, attempts, 2)
	require.Equal(t, "failed", attempts[0].Outcome)
	require.Equal(t, "42703", *attempts[0].Sqlstate)
	require.Equal(t, "explain", *attempts[0].Stage)
	require.Equal(t, "sql_error", *attempts[0].ErrorClass)
	require.Equal(t, "column_whitelist", attempts[1].RepairStrategy)
	require.Contains(t, *attempts[1].InputSql, "c.label")
	require.Equal(t, "passed", attempts[1].Outcome)

	// The second prompt carried the first error and the valid columns.
	chats := e.ollama.ChatRequests()
	require.Len(t, chats, 2)
	second := chats[1].LastUser()
	require.Contains(t, second, "column c.label does not exist")
	require.Contains(t, second, "customer_id integer PK")
	require.Contains(t, second, "name text")
	require.Len(t, chats[1].Messages, 4, "system, question, failed reply, repair")

	res, err := dbsqlc.New().GetQueryResult(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.JSONEq(t, `[["Ada"]]`, string(res.Rows))
}

// TestStarOverReadableColumns: the database's role may read only some of a
// table's columns (column privileges keep personal data from it), so
// PostgreSQL refuses SELECT * outright; the deterministic repair lists the
// columns the catalog, read as that role, holds, and the question is
// answered with them instead of failing.
func TestStarOverReadableColumns(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	reader := e.db.NewRole(t, "reader")
	_, err := e.db.Pool.Exec(ctx, fmt.Sprintf(`GRANT USAGE ON SCHEMA shop TO %[1]s; GRANT SELECT (customer_id, name) ON shop.customers TO %[1]s`,
		pgx.Identifier{reader}.Sanitize()))
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, e.db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, e.db.Pool, conn, catalog.Database{Name: "shop", DSN: e.db.URL, Schemas: []string{"shop"}, ReadOnlyRole: reader}, nil)
	require.NoError(t, err)
	e.ollama.Answer(ollamatest.Contains("Show every customer"), fence("SELECT * FROM customers ORDER BY customer_id"))
	e.start(t)

	id := e.askSQL(t, "Show every customer", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Contains(t, deref(q.Sql), "SELECT customers.customer_id, customers.name FROM customers ORDER BY customer_id")
	var columns string
	require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT columns::text FROM rag.query_results WHERE query_id = $1`, id).Scan(&columns))
	require.Contains(t, columns, `"customer_id"`)
	require.NotContains(t, columns, `"city"`, "a column the role may not read")
}

func TestRefusals(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		name, reply, class, contains string
		attempts                     int32
	}{
		{"Delete", "DELETE FROM customers", "validation_block", "SELECT", 1},
		{"Sleep", "SELECT pg_sleep(10)", "validation_block", "pg_sleep", 1},
		{"OtherSchema", "SELECT * FROM rag.queries", "sql_error", "no valid SQL after 3 attempt(s)", 3},
		{"NoSQL", "I am not able to help with that.", "sql_error", "no valid SQL after 3 attempt(s)", 3},
		{"Exhausted", "SELECT c.label FROM customers c", "sql_error", "label", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := setup(t)
			e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return ollamatest.Response{Content: tc.reply} })
			e.start(t)

			id := e.askSQL(t, "Show me something", "{}")
			q := query(t, e.db.Pool, id)
			require.Equal(t, "failed", q.Status)
			require.Equal(t, tc.class, *q.ErrorClass)
			require.Contains(t, *q.Error, tc.contains)
			require.Equal(t, tc.attempts, q.Attempts, "validation_block is never sent back to the model")
			require.Len(t, e.ollama.ChatRequests(), int(tc.attempts))
		})
	}
}

func TestExecutionErrorIsRepaired(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		if strings.Contains(req.LastUser(), "22012") {
			return fence("SELECT sum(total_amount) / nullif(count(*) - 3, 0) AS x FROM orders")
		}
		return fence("SELECT sum(total_amount) / (count(*) - 3) AS x FROM orders")
	})
	e.start(t)

	id := e.askSQL(t, "Average something", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	attempts, err := dbsqlc.New().ListAttempts(context.Background(), e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, attempts, 2)
	require.Equal(t, "execute", *attempts[0].Stage, "division by zero only shows when the query runs")
	require.Equal(t, "22012", *attempts[0].Sqlstate)
}

func TestOptions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return fence("SELECT name FROM customers ORDER BY name")
	})
	e.start(t)

	id := e.askSQL(t, "List customers", `{"max_rows": 2, "temperature": 0.5, "tags": {"team": "bi"}}`)
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Contains(t, *q.Sql, "LIMIT 3")
	res, err := dbsqlc.New().GetQueryResult(context.Background(), e.db.Pool, id)
	require.NoError(t, err)
	require.True(t, res.Truncated)
	require.EqualValues(t, 2, res.RowCount)
	require.Equal(t, 0.5, e.ollama.ChatRequests()[0].Options["temperature"])
}

// TestRAGRetrieval: a question may ask for RAG on a database the size
// threshold gives the full schema; its context then comes from the schema
// index, and the metadata says how.
func TestRAGRetrieval(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	snap, err := catalog.Load(ctx, e.db.Pool, "shop")
	require.NoError(t, err)
	_, err = schemaindex.Build(ctx, e.db.Pool, schemaindex.Source{Snapshot: snap, Target: e.db.Pool}, schemaindex.Config{})
	require.NoError(t, err)
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return fence("SELECT count(*) FROM orders WHERE status = 'shipped'")
	})
	e.start(t)

	id := e.askSQL(t, "How many shipped orders are there?", `{"retrieval": "rag"}`)
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	var meta struct {
		Strategy, StrategyReason, Mode string
		TablesIncluded                 []string
		ValueHints                     []string
		AvgRelevanceScore              *float64
		Metrics                        *struct {
			FinalTables []string `json:"final_tables"`
		}
	}
	require.NoError(t, json.Unmarshal(q.Retrieval, &meta))
	require.Equal(t, "rag", meta.Strategy)
	require.Contains(t, meta.StrategyReason, "options.retrieval")
	require.Equal(t, "lexical", meta.Mode, "the index has no embeddings")
	require.Equal(t, "orders", meta.TablesIncluded[0])
	require.Equal(t, meta.TablesIncluded, meta.Metrics.FinalTables)
	require.Equal(t, []string{"orders.status = 'shipped'"}, meta.ValueHints)
	require.NotNil(t, meta.AvgRelevanceScore)
	require.InDelta(t, candidate.WithRetrieval(1, meta.AvgRelevanceScore), *q.Confidence, 1e-9)

	var schema string
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT schema FROM rag.query_contexts WHERE query_id = $1", id).Scan(&schema))
	require.Contains(t, schema, "-- Values named in the question:")

	id = e.askSQL(t, "How many shipped orders are there?", `{}`)
	require.NoError(t, json.Unmarshal(query(t, e.db.Pool, id).Retrieval, &meta))
	require.Equal(t, "full", meta.Strategy, "2 tables: below the threshold")
}

func TestIntakeRefusesBadRows(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	for _, tc := range []struct{ name, db, question, options, want string }{
		{"UnknownDatabase", "nope", "hi", "{}", `unknown database "nope"`},
		{"EmptyQuestion", "shop", "   ", "{}", "queries_question_not_empty"},
		{"LongQuestion", "shop", strings.Repeat("x", 2001), "{}", "queries_question_at_most_2000_chars"},
		{"UnknownOption", "shop", "hi", `{"colour": 1}`, `unknown option "colour"`},
		{"BadOption", "shop", "hi", `{"max_rows": "ten"}`, "options.max_rows must be a positive integer"},
		{"OptionsNotObject", "shop", "hi", `[1]`, "queries_options_is_object"},
		{"WhitespaceQuestion", "shop", "\n\t \n", "{}", "queries_question_not_empty"},
		{"NoBreakSpaces", "shop", "\u00a0\u00a0", "{}", "queries_question_not_empty"},
		{"InvisibleQuestion", "shop", "\u200b\u2060\ufeff\u3000", "{}", "queries_question_not_empty"},
		{"HugeMaxRows", "shop", "hi", `{"max_rows": 2147483647}`, "options.max_rows must be at most 1000000"},
		{"HugeTimeout", "shop", "hi", `{"timeout_ms": 100000000000}`, "options.timeout_ms must be at most 100000"},
		{"ManyAttempts", "shop", "hi", `{"max_attempts": 50}`, "options.max_attempts must be at most 10"},
		{"BadRetrieval", "shop", "hi", `{"retrieval": "vector"}`, `options.retrieval must be "full" or "rag"`},
	} {
		_, err := e.db.Pool.Exec(ctx, "INSERT INTO rag.queries (database_name, question, options) VALUES ($1, $2, $3)", tc.db, tc.question, tc.options)
		require.ErrorContains(t, err, tc.want, tc.name)
	}
	var jobs int
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*) FROM river.river_job").Scan(&jobs))
	require.Zero(t, jobs, "a refused row enqueues nothing")

	// A client cannot pre-fill what the service owns.
	var status string
	var sql *string
	require.NoError(t, e.db.Pool.QueryRow(ctx,
		"INSERT INTO rag.queries (database_name, question, status, sql) VALUES ('shop', 'hi', 'succeeded', 'DROP TABLE x') RETURNING status, sql").Scan(&status, &sql))
	require.Equal(t, "queued", status)
	require.Nil(t, sql)
}

func TestLLMDownThenUp(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.InfraAttempts = 10
	e.cfg.RetryBackoff, e.cfg.RetryBackoffMax = 100*time.Millisecond, 200*time.Millisecond
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT count(*) FROM customers") })
	require.NoError(t, e.ollama.SetDown(true))
	e.start(t)
	ctx := context.Background()

	w, id := e.submit(t, "How many customers?")

	// The question says what it waits for.
	require.Eventually(t, func() bool {
		q := query(t, e.db.Pool, id)
		return q.StatusDetail != nil && strings.Contains(*q.StatusDetail, "cannot reach Ollama")
	}, 20*time.Second, 20*time.Millisecond)
	require.NoError(t, e.ollama.SetDown(false))

	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{id}, nil))
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Nil(t, q.StatusDetail)

	timings, err := dbsqlc.New().ListStageTimings(ctx, e.db.Pool, id)
	require.NoError(t, err)
	for _, s := range timings {
		if s.Stage == "generate" {
			require.Greater(t, s.JobAttempts, int32(1), "generation was retried")
		}
	}
}

// TestRetryAfter: a model server that answers 429 with Retry-After is
// tried again no sooner than it asked, not after the 20ms backoff, and the
// question says why it waits.
func TestRetryAfter(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var mu sync.Mutex
	var calls []time.Time
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, time.Now())
		if len(calls) == 1 {
			return ollamatest.Response{Status: http.StatusTooManyRequests, Error: "rate limited", RetryAfter: "2"}
		}
		return fence("SELECT count(*) FROM customers")
	})
	e.start(t)
	w, id := e.submit(t, "How many customers?")
	require.Eventually(t, func() bool {
		q := query(t, e.db.Pool, id)
		return q.StatusDetail != nil && strings.Contains(*q.StatusDetail, "as the server asked (Retry-After) (attempt 2 of 4)")
	}, 20*time.Second, 20*time.Millisecond)

	wctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{id}, nil))
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, calls, 2)
	require.GreaterOrEqual(t, calls[1].Sub(calls[0]), 2*time.Second, "the retry waited as long as the server asked")
}

// TestRefusedOutputFailsAtOnce: when nl2sql's database refuses what a stage
// stores (a data exception: a value the column will not take), the same
// would happen on every try, so the question fails at once with the reason
// instead of running the stage, and the target's query, again until the
// attempts are spent.
func TestRefusedOutputFailsAtOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	_, err := e.db.Pool.Exec(ctx, `
CREATE FUNCTION public.refuse_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'this value cannot be stored' USING ERRCODE = 'invalid_parameter_value';
END $$;
CREATE TRIGGER refuse_result BEFORE INSERT ON rag.query_results FOR EACH ROW EXECUTE FUNCTION public.refuse_result();`)
	require.NoError(t, err)
	e.ollama.Answer(ollamatest.Contains("How many customers are there?"), fence("SELECT count(*) AS customers FROM customers"))
	e.start(t)

	id := e.askSQL(t, "How many customers are there?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "unknown", deref(q.ErrorClass))
	require.Contains(t, deref(q.Error), "nl2sql's database refused what the stage stores: this value cannot be stored")
	var attempts int
	require.NoError(t, e.db.Pool.QueryRow(ctx,
		`SELECT attempt FROM river.river_job WHERE kind = 'nl2sql.execute' AND (args->>'query_id')::bigint = $1`, id).Scan(&attempts))
	require.Equal(t, 1, attempts, "not tried again")
}

func TestInfraFailures(t *testing.T) {
	t.Parallel()

	t.Run("LLMStaysDown", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		require.NoError(t, e.ollama.SetDown(true))
		e.start(t)
		id := e.askSQL(t, "How many customers?", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "infra_failure", *q.ErrorClass)
		require.Contains(t, *q.Error, "cannot reach Ollama at "+e.ollama.URL())
		require.Contains(t, *q.Error, "gave up after 4 tries of the generate stage")
	})

	t.Run("ModelMissing", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT 1") })
		e.start(t)
		id := e.askSQL(t, "How many customers?", `{"model": "llama-sql:70b"}`)
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "infra_failure", *q.ErrorClass)
		require.Contains(t, *q.Error, `ollama pull llama-sql:70b`)
		require.Len(t, e.ollama.ChatRequests(), 1, "a missing model is not retried")
	})

	t.Run("TargetDown", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT count(*) FROM customers") })
		// The catalog stays; the server behind the DSN goes away.
		_, err := e.db.Pool.Exec(context.Background(), "UPDATE rag.databases SET dsn = 'postgres://postgres@127.0.0.1:1/nowhere?sslmode=disable&connect_timeout=1' WHERE name = 'shop'")
		require.NoError(t, err)
		e.start(t)
		id := e.askSQL(t, "How many customers?", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "infra_failure", *q.ErrorClass)
		require.Contains(t, *q.Error, `cannot reach database "shop"`)
		require.Len(t, e.ollama.ChatRequests(), 1, "an infra failure is never sent back to the LLM")
	})

	t.Run("StatementRefusedByServer", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		// Valid SQL that the server refuses with a limit error (54000) when
		// it runs: kept from the model (docs/DESIGN.md, Error classes and retry gating) and not retried,
		// since the same statement would meet the same limit. The count
		// comes from a subquery: a constant one that large the guard
		// refuses before it runs (policy.size_limit).
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
			return fence("SELECT repeat(name, (SELECT 2000000000)) FROM customers")
		})
		e.start(t)
		id := e.askSQL(t, "Show names, long", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "infra_failure", *q.ErrorClass)
		require.Equal(t, "54000", *q.Sqlstate)
		require.NotContains(t, *q.Error, "gave up after", "not retried")
		require.Len(t, e.ollama.ChatRequests(), 1, "not sent back to the model")
	})

	t.Run("MissingEnvDSN", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT 1") })
		_, err := e.db.Pool.Exec(context.Background(), "UPDATE rag.databases SET dsn = 'env:NL2SQL_TEST_SURELY_UNSET_DSN' WHERE name = 'shop'")
		require.NoError(t, err)
		e.start(t)
		id := e.askSQL(t, "How many customers?", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "infra_failure", *q.ErrorClass)
		require.Contains(t, *q.Error, "NL2SQL_TEST_SURELY_UNSET_DSN")
	})
}

// TestRestartMidChain stops the worker hard while questions are in every
// stage, starts a new one, and checks that each question ends exactly once
// and nothing was done twice.
func TestRestartMidChain(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.LLMWorkers = 2
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return ollamatest.Response{Content: "```sql\nSELECT count(*) FROM orders\n```", Delay: 30 * time.Millisecond}
	})
	ctx := context.Background()

	// Count every completion notification.
	listener, err := e.db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer listener.Release()
	_, err = listener.Exec(ctx, "LISTEN rag_query_done")
	require.NoError(t, err)

	const n = 40
	questions := make([]string, n)
	for i := range questions {
		questions[i] = fmt.Sprintf("How many orders are there? (%d)", i)
	}
	ids, err := intake.SubmitMany(ctx, e.db.Pool, "shop", questions, nil)
	require.NoError(t, err)

	first, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	require.NoError(t, first.Start(ctx))
	require.Eventually(t, func() bool {
		var done int
		require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.queries WHERE status = 'succeeded'").Scan(&done))
		return done >= 5
	}, 30*time.Second, 5*time.Millisecond)
	// Hard stop: running jobs are cancelled mid-stage.
	require.NoError(t, first.Client().StopAndCancel(ctx))

	var inFlight int
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.queries WHERE status NOT IN ('succeeded', 'failed')").Scan(&inFlight))
	require.Positive(t, inFlight, "the stop must interrupt work in progress for this test to mean anything")

	e.start(t)
	seen := map[int64]int{}
	var mu sync.Mutex
	deadline := time.Now().Add(60 * time.Second)
	for len(seen) < n && time.Now().Before(deadline) {
		wctx, cancel := context.WithTimeout(ctx, time.Second)
		note, err := listener.Conn().WaitForNotification(wctx)
		cancel()
		if err != nil {
			continue
		}
		var d intake.Done
		require.NoError(t, json.Unmarshal([]byte(note.Payload), &d))
		mu.Lock()
		seen[d.ID]++
		mu.Unlock()
	}
	require.Len(t, seen, n, "every question ended")
	for _, id := range ids {
		require.Equal(t, 1, seen[id], "question %d ended exactly once", id)
	}

	var succeeded, results, attempts, selected int
	require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM rag.queries WHERE status = 'succeeded'),
		(SELECT count(*) FROM rag.query_results),
		(SELECT count(*) FROM rag.attempts),
		(SELECT count(*) FROM rag.candidates WHERE selected)`).Scan(&succeeded, &results, &attempts, &selected))
	require.Equal(t, n, succeeded)
	require.Equal(t, n, results)
	require.Equal(t, n, attempts, "no generation was recorded twice")
	require.Equal(t, n, selected)
	var leftover int
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*) FROM river.river_job WHERE state NOT IN ('completed')").Scan(&leftover))
	require.Zero(t, leftover, "no job left behind")
}

func TestSweepFailsLostQuestions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.SweepGrace = time.Millisecond
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg) // not started: nobody works the job
	require.NoError(t, err)
	ctx := context.Background()

	id, err := intake.Submit(ctx, e.db.Pool, "shop", "How many customers?", nil)
	require.NoError(t, err)
	require.NoError(t, svc.Sweep(ctx))
	require.Equal(t, "queued", query(t, e.db.Pool, id).Status, "a question with a live job is left alone")

	// An operator deletes the job.
	_, err = e.db.Pool.Exec(ctx, "DELETE FROM river.river_job")
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	require.NoError(t, svc.Sweep(ctx))
	q := query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "unknown", *q.ErrorClass)
	require.Contains(t, *q.Error, "no longer exists")
}

// TestSweepRejectsLostCorrections: a correction whose check job is gone
// (cancelled in River UI before it ran, deleted by hand, discarded) is
// rejected by the sweep, with its notification, instead of staying
// pending for good.
func TestSweepRejectsLostCorrections(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.SweepGrace = time.Millisecond
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg) // not started: nobody works the jobs
	require.NoError(t, err)
	ctx := context.Background()

	id, err := intake.Submit(ctx, e.db.Pool, "shop", "How many customers?", nil)
	require.NoError(t, err)
	var fb int64
	require.NoError(t, e.db.Pool.QueryRow(ctx, "INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', 'SELECT count(*) FROM shop.customers') RETURNING id", id).Scan(&fb))
	status := func() (string, string) {
		var st string
		var reason *string
		require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT status, reason FROM rag.feedback WHERE id = $1", fb).Scan(&st, &reason))
		return st, deref(reason)
	}
	time.Sleep(5 * time.Millisecond)
	require.NoError(t, svc.Sweep(ctx))
	st, _ := status()
	require.Equal(t, "pending", st, "a correction with a live job is left alone")

	// An operator cancels the check's job before it runs.
	_, err = e.db.Pool.Exec(ctx, "UPDATE river.river_job SET state = 'cancelled', finalized_at = now() WHERE kind = 'nl2sql.correction'")
	require.NoError(t, err)
	w, err := e.db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer w.Release()
	_, err = w.Exec(ctx, "LISTEN rag_feedback_done")
	require.NoError(t, err)
	require.NoError(t, svc.Sweep(ctx))
	st, reason := status()
	require.Equal(t, "rejected", st)
	require.Contains(t, reason, "no longer exists")
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	n, err := w.Conn().WaitForNotification(wctx)
	require.NoError(t, err, "rag_feedback_done is sent")
	require.Contains(t, n.Payload, `"status" : "rejected"`)
	require.Equal(t, "queued", query(t, e.db.Pool, id).Status, "the question's own job is alive")
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// TestCrashedWorkerIsRescued leaves a question's job as a worker killed
// with SIGKILL would — running, attempted long ago, nothing committed — and
// checks that a new worker takes it over and the question ends once.
func TestCrashedWorkerIsRescued(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.StageTimeout, e.cfg.GenerateTimeout, e.cfg.RescueAfter = time.Second, time.Second, time.Second
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return fence("SELECT count(*) FROM customers") })
	ctx := context.Background()

	w, id := e.submit(t, "How many customers?")
	// The dead worker had fetched the retrieve job and set the stage.
	_, err := e.db.Pool.Exec(ctx, `UPDATE river.river_job SET state = 'running', attempt = 1,
		attempted_at = now() - interval '1 hour', attempted_by = ARRAY['killed-worker'] WHERE args @> jsonb_build_object('query_id', $1::bigint)`, id)
	require.NoError(t, err)
	_, err = e.db.Pool.Exec(ctx, "UPDATE rag.queries SET status = 'retrieving' WHERE id = $1", id)
	require.NoError(t, err)

	logs := &lockedBuffer{}
	e.cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	e.start(t)
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var done []intake.Done
	require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { done = append(done, d) }))
	require.Equal(t, []intake.Done{{ID: id, Status: "succeeded"}}, done)

	timings, err := dbsqlc.New().ListStageTimings(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Equal(t, "retrieve", timings[0].Stage)
	require.EqualValues(t, 2, timings[0].JobAttempts, "the rescued job ran on its second attempt")
	require.Contains(t, logs.String(), fmt.Sprintf(`level=WARN msg="stage taken over: its last run stopped without finishing (a worker killed, stopped or lost); running it again" kind=nl2sql.retrieve query_id=%d attempt=2`, id),
		"the log says why the question went on late")
}

// TestRepairStartsFromTheClosestCandidate: a reply with two candidates, one
// refused by the guard and one that only failed EXPLAIN; the repair carries
// the second one's SQL and error, and the refused one ranks below it.
func TestRepairStartsFromTheClosestCandidate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		if strings.Contains(req.LastUser(), "42703") {
			return fence("SELECT c.name FROM customers c")
		}
		return ollamatest.Response{Content: "```sql\nSELECT name FROM clients\n```\n---SQL_CANDIDATE---\n```sql\nSELECT c.full_name FROM customers c\n```"}
	})
	e.start(t)
	ctx := context.Background()

	id := e.askSQL(t, "Customer names?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))

	attempts, err := dbsqlc.New().ListAttempts(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, attempts, 2)
	require.EqualValues(t, 2, *attempts[0].FailedOrdinal)
	require.Equal(t, "42703", *attempts[0].Sqlstate)
	require.Equal(t, "SELECT c.full_name FROM customers c", *attempts[1].InputSql)

	cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, cands, 3)
	require.Equal(t, "policy", *cands[0].Stage)
	require.Equal(t, "explain", *cands[1].Stage)
	require.Less(t, *cands[0].Score, *cands[1].Score, "a refused candidate ranks below one that failed EXPLAIN")
	require.True(t, cands[2].Selected)
}

// TestMultiCandidate: a hard question gets KHard model calls in parallel,
// each with its own seed at the candidate temperature; a failed call and
// one cut off by the time budget do not fail the attempt; identical
// queries merge into one candidate with votes; the votes break the tie
// between equally scored candidates.
func TestMultiCandidate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	seed := 100
	// The budget must outlast five instant calls on a loaded machine and cut
	// off the one that takes a minute, before the client's own timeout
	// (setup) does.
	e.cfg.Candidates = candidate.Config{Seed: &seed, Budget: 5 * time.Second}
	var mu sync.Mutex
	var seeds []int
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		s := int(req.Options["seed"].(float64))
		mu.Lock()
		seeds = append(seeds, s)
		mu.Unlock()
		if req.Options["temperature"] != 0.3 {
			return ollamatest.Response{Status: 400, Error: fmt.Sprintf("test: temperature %v, want 0.3", req.Options["temperature"])}
		}
		switch s {
		case 100:
			return fence("SELECT count(*) FROM orders")
		case 101:
			return fence("select COUNT(*)\n  from orders -- the same query")
		case 102:
			return fence("SELECT c.nope FROM customers c")
		case 103:
			return ollamatest.Response{Status: 400, Error: "test: this call fails"}
		case 104:
			return ollamatest.Response{Content: "```sql\nSELECT 1\n```", Delay: time.Minute}
		}
		return fence("SELECT round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 1) AS pct FROM orders")
	})
	e.start(t)
	ctx := context.Background()

	id := e.askSQL(t, "What percentage of orders were cancelled?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	mu.Lock()
	require.ElementsMatch(t, []int{100, 101, 102, 103, 104, 105}, seeds, "six calls, six seeds")
	mu.Unlock()

	attempts, err := dbsqlc.New().ListAttempts(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, attempts, 1)
	require.Equal(t, "hard", deref(attempts[0].Difficulty))
	require.EqualValues(t, 6, *attempts[0].Calls)
	var replies []struct {
		Call  int      `json:"call"`
		Seed  int      `json:"seed"`
		SQL   []string `json:"sql"`
		Error string   `json:"error"`
		Late  bool     `json:"late"`
	}
	require.NoError(t, json.Unmarshal(attempts[0].Replies, &replies))
	require.Len(t, replies, 6)
	require.Contains(t, replies[3].Error, "this call fails")
	require.False(t, replies[3].Late)
	require.True(t, replies[4].Late, "the budget cut off the slow call")
	require.Equal(t, 105, replies[5].Seed)

	cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, cands, 3, "the two spellings of count(*) are one candidate")
	require.Equal(t, "SELECT count(*) FROM orders", cands[0].Sql)
	require.EqualValues(t, 2, cands[0].Votes)
	require.NotNil(t, cands[0].Fingerprint)
	require.EqualValues(t, 0, *cands[0].SourceCall)
	require.Equal(t, "explain", deref(cands[1].Stage))
	require.Equal(t, "42703", deref(cands[1].Sqlstate))
	require.EqualValues(t, 5, *cands[2].SourceCall)
	require.Equal(t, *cands[0].Score, *cands[2].Score)
	require.True(t, cands[0].Selected, "equal scores: the query two calls agreed on wins")
}

// TestExplainBatches: with MaxExplain 1, candidates are EXPLAINed one at a
// time and the ones after the first that passes are skipped, not run.
func TestExplainBatches(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.Candidates = candidate.Config{MaxExplain: 1}
	e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
		switch int(req.Options["seed"].(float64)) % 3 {
		case 0:
			return fence("SELECT c.nope FROM customers c")
		case 1:
			return fence("SELECT name FROM customers")
		}
		return fence("SELECT city FROM customers")
	})
	e.start(t)
	ctx := context.Background()

	id := e.askSQL(t, "Customer names", `{"candidates": 3}`)
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Len(t, cands, 3)
	verdicts := map[string]int{}
	for _, c := range cands {
		verdicts[c.Verdict]++
	}
	// Candidates are tried in ordinal order (equal pre-EXPLAIN scores):
	// whichever passes first is selected and the rest are not EXPLAINed.
	require.Equal(t, 1, verdicts["passed"], "%v", verdicts)
	require.Equal(t, 3, verdicts["passed"]+verdicts["skipped"]+verdicts["rejected"])
	require.GreaterOrEqual(t, verdicts["skipped"], 1, "%v", verdicts)
	for _, c := range cands {
		if c.Verdict == "skipped" {
			require.Nil(t, c.Plan)
			require.False(t, c.Selected)
		}
	}
}

// stubRepairer rewrites one exact SQL text into another; anything else it
// only reports having looked at.
type stubRepairer struct {
	from, to string
	mu       sync.Mutex
	calls    []validate.Failure
}

func (r *stubRepairer) Repair(_ context.Context, _, sql string, in validate.Failure) (validate.RepairResult, error) {
	r.mu.Lock()
	r.calls = append(r.calls, in)
	r.mu.Unlock()
	if sql == r.from {
		return validate.RepairResult{SQL: r.to, OK: true, Report: json.RawMessage(`{"applied": true}`)}, nil
	}
	return validate.RepairResult{Report: json.RawMessage(`{"applied": false}`)}, nil
}

// TestDeterministicRepair: a candidate whose EXPLAIN fails is handed to the
// repairer before any model call; its rewrite is guarded and EXPLAINed
// again and, when it passes, executed — the model's text kept beside it. A
// rewrite the guard refuses is dropped and the question goes to the model.
func TestDeterministicRepair(t *testing.T) {
	t.Parallel()

	t.Run("Fixed", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		rep := &stubRepairer{from: "SELECT c.nme FROM customers c", to: "SELECT c.name FROM customers c"}
		e.deps.Repairer = rep
		calls := 0
		var mu sync.Mutex
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
			mu.Lock()
			calls++
			mu.Unlock()
			return fence("SELECT c.nme FROM customers c")
		})
		e.start(t)
		ctx := context.Background()

		id := e.askSQL(t, "Customer names", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
		require.Equal(t, 1, calls, "no model call for the repair")
		require.Len(t, rep.calls, 1)
		require.Equal(t, "42703", rep.calls[0].SQLSTATE)
		require.Equal(t, "explain", rep.calls[0].Stage)
		require.Equal(t, 8, rep.calls[0].Position, "EXPLAIN's error position, in the candidate's text")
		cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.Len(t, cands, 1)
		require.Equal(t, "SELECT c.name FROM customers c", cands[0].Sql)
		require.Equal(t, "SELECT c.nme FROM customers c", deref(cands[0].OriginalSql))
		require.JSONEq(t, `[{"applied": true}]`, string(cands[0].Repair))
		require.True(t, cands[0].Selected)
		require.Equal(t, "passed", cands[0].Verdict)
		require.Contains(t, string(cands[0].Breakdown), `"deterministic_repair": -5`)
		require.Contains(t, deref(q.Sql), "c.name")
	})

	t.Run("Pipeline", func(t *testing.T) {
		// The real repairer (internal/repair through the pipeline): an
		// invented table-prefixed column and a trailing comma cost no
		// model call.
		t.Parallel()
		e := setup(t)
		e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
			return fence("SELECT c.customer_name, c.city, FROM customers c WHERE c.city = 'London'")
		})
		e.start(t)
		ctx := context.Background()

		id := e.askSQL(t, "Which customers live in London?", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
		require.EqualValues(t, 1, q.Attempts)
		require.Len(t, e.ollama.ChatRequests(), 1)
		cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.Len(t, cands, 1)
		require.Contains(t, deref(cands[0].OriginalSql), "c.customer_name, c.city, FROM")
		require.NotContains(t, cands[0].Sql, "customer_name")
		require.Contains(t, cands[0].Sql, "c.name")
		var rounds []struct {
			Applied bool
			Fixes   []struct{ Kind, From, To string }
		}
		require.NoError(t, json.Unmarshal(cands[0].Repair, &rounds))
		var kinds []string
		for _, r := range rounds {
			require.True(t, r.Applied)
			for _, f := range r.Fixes {
				kinds = append(kinds, f.Kind)
			}
		}
		require.Contains(t, kinds, "column_name", "%s", cands[0].Repair)
		require.Contains(t, kinds, "trailing_comma", "%s", cands[0].Repair)
		res, err := dbsqlc.New().GetQueryResult(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.JSONEq(t, `[["Ada", "London"]]`, string(res.Rows))

		// The stage is validate.Validator.Run, as nl2sql check and bench
		// repair call it: the same SQL gives the same rewrite and reports.
		v, err := validate.New(validate.Config{Guard: e.deps.Guard, Explainer: e.deps.Targets, Repairer: e.deps.Repairer})
		require.NoError(t, err)
		db, err := e.deps.Catalog.Target(ctx, "shop")
		require.NoError(t, err)
		out, err := v.Run(ctx, validate.Request{
			Database: "shop", DB: db, Question: "Which customers live in London?",
			Limit: e.deps.Targets.Config().MaxRows + 1, Candidates: []validate.Input{{Ordinal: 0, SQL: deref(cands[0].OriginalSql), Votes: 1}},
		})
		require.NoError(t, err)
		require.Equal(t, 0, out.Selected)
		require.Equal(t, cands[0].Sql, out.Candidates[0].Repaired)
		direct, err := json.Marshal(out.Candidates[0].Repairs)
		require.NoError(t, err)
		require.JSONEq(t, string(cands[0].Repair), string(direct))
	})

	t.Run("RefusedRewriteIsDropped", func(t *testing.T) {
		t.Parallel()
		e := setup(t)
		e.deps.Repairer = &stubRepairer{from: "SELECT c.nme FROM customers c", to: "SELECT pg_sleep(1) FROM customers c"}
		e.ollama.OnChat(func(req ollamatest.ChatRequest) ollamatest.Response {
			if strings.Contains(req.LastUser(), "42703") {
				return fence("SELECT c.name FROM customers c")
			}
			return fence("SELECT c.nme FROM customers c")
		})
		e.start(t)
		ctx := context.Background()

		id := e.askSQL(t, "Customer names", "{}")
		q := query(t, e.db.Pool, id)
		require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
		cands, err := dbsqlc.New().ListAllCandidates(ctx, e.db.Pool, id)
		require.NoError(t, err)
		require.Len(t, cands, 2, "the model repaired it on a second attempt")
		require.Equal(t, "SELECT c.nme FROM customers c", cands[0].Sql, "the refused rewrite left the candidate as it was")
		require.Nil(t, cands[0].OriginalSql)
		require.Equal(t, "42703", deref(cands[0].Sqlstate))
		require.True(t, cands[1].Selected)
	})
}

// TestHandOffWakesTheQueue: a stage handing its question to the queue it
// runs on (validate → execute, both on the DB queue) wakes that queue
// itself. River's own announcement is limited to one per queue per
// FetchCooldown and was skipped here, so with polling an hour away the
// question would never finish without the stage's notification.
func TestHandOffWakesTheQueue(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.cfg.FetchCooldown, e.cfg.FetchPollInterval = 500*time.Millisecond, time.Hour
	e.ollama.Answer(ollamatest.Contains("How many customers are there?"), fence("SELECT count(*) AS customers FROM customers"))
	e.start(t)

	id := e.askSQL(t, "How many customers are there?", "{}")

	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
}

// TestCutReplyIsNotAnAnswer: a reply the model server cut at its token
// limit mid-statement is no candidate, though what it holds parses and
// runs (here without its WHERE): the attempt goes to repair, and the
// answer is the finished statement's.
func TestCutReplyIsNotAnAnswer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var calls atomic.Int32
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		if calls.Add(1) == 1 {
			return ollamatest.Response{Content: "```sql\nSELECT count(*) FROM orders\n", DoneReason: "length"}
		}
		return fence("SELECT count(*) FROM orders WHERE status = 'shipped'")
	})
	e.start(t)
	id := e.askSQL(t, "How many shipped orders are there?", "{}")
	q := query(t, e.db.Pool, id)
	require.Equal(t, "succeeded", q.Status, "error: %s", deref(q.Error))
	require.Contains(t, deref(q.Sql), "WHERE status = 'shipped'")
	var replies string
	require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT replies::text FROM rag.attempts WHERE query_id = $1 AND attempt = 1", id).Scan(&replies))
	require.Contains(t, replies, "token limit", "the first reply's extract_error says why it held no SQL")
}

// TestStageTransactionSettings: each stage's transaction commits without
// waiting for its WAL flush unless SynchronousCommit (docs/DESIGN.md, Stage
// hand-off), as PostgreSQL sees it in the transaction that writes the
// stage's timing, but the one that finishes the question; and every stage's
// transaction runs its statements on generic plans. The question's own
// INSERT, the client's, is left as it is.
func TestStageTransactionSettings(t *testing.T) {
	t.Parallel()
	for _, synchronous := range []bool{false, true} {
		t.Run(fmt.Sprint("Synchronous=", synchronous), func(t *testing.T) {
			t.Parallel()
			e := setup(t)
			ctx := context.Background()
			_, err := e.db.Pool.Exec(ctx, `
CREATE TABLE public.commits_seen (stage text, setting text);
CREATE FUNCTION public.note_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.commits_seen
    VALUES (NEW.stage, current_setting('synchronous_commit') || ' ' || current_setting('plan_cache_mode'));
    RETURN NULL;
END $$;
CREATE FUNCTION public.note_ask() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.commits_seen
    VALUES ('ask', current_setting('synchronous_commit') || ' ' || current_setting('plan_cache_mode'));
    RETURN NULL;
END $$;
CREATE TRIGGER note_commit AFTER INSERT ON rag.stage_timings FOR EACH ROW EXECUTE FUNCTION public.note_commit();
CREATE TRIGGER note_ask AFTER INSERT ON rag.queries FOR EACH ROW EXECUTE FUNCTION public.note_ask();`)
			require.NoError(t, err)
			e.cfg.SynchronousCommit = synchronous
			e.ollama.Answer(ollamatest.Contains("How many customers are there?"), fence("SELECT count(*) AS customers FROM customers"))
			e.start(t)
			id := e.askSQL(t, "How many customers are there?", "{}")
			require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status)

			rows, err := e.db.Pool.Query(ctx, "SELECT stage || ' ' || setting FROM public.commits_seen ORDER BY stage")
			require.NoError(t, err)
			seen, err := pgx.CollectRows(rows, pgx.RowTo[string])
			require.NoError(t, err)
			stage := "off"
			if synchronous {
				stage = "on"
			}
			// The execute stage finishes the question: its commit waits for
			// the flush either way, so no crash takes back an answer read.
			require.Equal(t, []string{
				"ask on auto", "execute on force_generic_plan", "generate " + stage + " force_generic_plan",
				"retrieve " + stage + " force_generic_plan", "validate " + stage + " force_generic_plan",
			}, seen)
		})
	}
}

// TestFailedByHandStaysFailed: a question failed by hand while a stage runs
// (README, "Asking": set it failed with error_class, error and finished_at)
// stays as the operator left it: the stage's write finds it finished and
// writes nothing (before, it ran on and the question ended succeeded, with a
// second notification).
func TestFailedByHandStaysFailed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	resp := fence("SELECT count(*) FROM customers")
	resp.Delay = time.Second
	e.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response { return resp })
	e.start(t)
	ctx := context.Background()

	w, id := e.submit(t, "How many customers?")
	// The model is thinking: the generate stage has read its input.
	require.Eventually(t, func() bool { return len(e.ollama.ChatRequests()) > 0 }, 20*time.Second, 5*time.Millisecond)
	_, err := e.db.Pool.Exec(ctx, `UPDATE rag.queries SET status = 'failed', error_class = 'unknown', error = 'cancelled by operator', finished_at = now() WHERE id = $1`, id)
	require.NoError(t, err)

	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var got []intake.Done
	require.NoError(t, w.Wait(wctx, []int64{id}, func(d intake.Done) { got = append(got, d) }))
	require.Equal(t, []intake.Done{{ID: id, Status: "failed"}}, got)

	// The model answers a second after it was asked; the chain's jobs
	// then end without another step.
	require.Eventually(t, func() bool {
		var live int
		require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT count(*) FROM river.river_job WHERE args @> jsonb_build_object('query_id', $1::bigint) AND state <> 'completed'`, id).Scan(&live))
		return live == 0
	}, 30*time.Second, 20*time.Millisecond)
	q := query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "cancelled by operator", deref(q.Error))
	attempts, err := dbsqlc.New().ListAttempts(ctx, e.db.Pool, id)
	require.NoError(t, err)
	require.Empty(t, attempts, "the generation finished after the question did and wrote nothing")
	require.Nil(t, q.StatusDetail, "nor did a retry say why it waits")

	// The last stage's write and the one that fails a question find it
	// finished too: before, an execution that ended after the operator
	// turned the question succeeded, keeping the operator's error.
	now := time.Now()
	_, err = dbsqlc.New().FinishExecute(ctx, e.db.Pool, &dbsqlc.FinishExecuteParams{
		Attempt: 1, ID: id, Step: q.Step, Columns: []byte("[]"), Rows: []byte("[]"), EnqueuedAt: now, StartedAt: now,
	})
	require.ErrorIs(t, err, pgx.ErrNoRows)
	_, err = dbsqlc.New().FinishQuery(ctx, e.db.Pool, &dbsqlc.FinishQueryParams{Status: "failed", ID: id, Step: q.Step})
	require.ErrorIs(t, err, pgx.ErrNoRows)
	q = query(t, e.db.Pool, id)
	require.Equal(t, "failed", q.Status)
	require.Equal(t, "cancelled by operator", deref(q.Error))
}

// TestMetaReadFailureNamesTheDatabase: a stage that cannot read its input
// from nl2sql's own database says so, as it does for a target ("cannot
// reach database ..."): a question that gives up on it, and the log's
// retries, read "nl2sql's database: ..." rather than a bare "terminating
// connection due to administrator command" that could be either. The
// validate stage's read said nothing of the kind.
func TestMetaReadFailureNamesTheDatabase(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	closed, err := pgxpool.New(ctx, e.db.URL)
	require.NoError(t, err)
	closed.Close()
	runner, err := stage.New(closed, e.deps, stage.Config{MaxAttempts: 1, Logger: dbtest.Logger(t)}.WithDefaults())
	require.NoError(t, err)
	job := stage.Job{Ref: jobs.Ref{QueryID: 1, Step: 1}, Attempt: 1}
	for name, run := range map[string]func(context.Context, stage.Job) (*stage.Output, error){
		"retrieve": runner.Retrieve, "generate": runner.Generate, "validate": runner.Validate, "execute": runner.Execute,
	} {
		_, err := run(ctx, job)
		require.Error(t, err, name)
		require.True(t, strings.HasPrefix(errclass.Classify(err).Message, "nl2sql's database: "), "%s: %v", name, err)
	}
}
