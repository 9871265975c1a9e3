package worker_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// usedExample is one entry of rag.query_contexts.examples.
type usedExample struct {
	ID         int64   `json:"id"`
	Similarity float64 `json:"similarity"`
	Question   string  `json:"question"`
	SQL        string  `json:"sql"`
}

// examplesUsed returns the examples recorded for question id and the
// prompt of its first attempt.
func (e *env) examplesUsed(t *testing.T, id int64) ([]usedExample, string) {
	t.Helper()
	var raw []byte
	var prompt string
	require.NoError(t, e.db.Pool.QueryRow(context.Background(), `
		SELECT c.examples, a.prompt::text FROM rag.query_contexts c JOIN rag.attempts a ON a.query_id = c.query_id AND a.attempt = 1
		WHERE c.query_id = $1`, id).Scan(&raw, &prompt))
	var ex []usedExample
	require.NoError(t, json.Unmarshal(raw, &ex))
	return ex, prompt
}

// feedbackDone inserts feedback with sql and waits for rag_feedback_done
// about it: the outcome of a correction's check, with the reason read from
// the row (the notification, which every listener hears, carries none).
func (e *env) feedbackDone(t *testing.T, sql string, args ...any) map[string]any {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "LISTEN rag_feedback_done")
	require.NoError(t, err)
	var id int64
	require.NoError(t, e.db.Pool.QueryRow(ctx, sql+" RETURNING id", args...).Scan(&id))
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		n, err := conn.WaitForNotification(wctx)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal([]byte(n.Payload), &got))
		if int64(got["id"].(float64)) == id {
			require.NotContains(t, got, "reason", "another role's correction is not quoted to every listener")
			var reason *string
			require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT reason FROM rag.feedback WHERE id = $1", id).Scan(&reason))
			if reason != nil {
				got["reason"] = *reason
			}
			return got
		}
	}
}

// The acceptance flow over SQL alone: ask, mark the answer correct, ask a
// paraphrase: the confirmed pair is in the paraphrase's prompt.
func TestConfirmedAnswerIsAnExample(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	const first = "SELECT count(*) AS customers FROM shop.customers WHERE city = 'London'"
	e.ollama.Answer(ollamatest.Contains("### Question\nHow many customers live in London?"), fence(first))
	e.ollama.Answer(ollamatest.Contains("### Question\nCount the customers in London"), fence(first))
	e.start(t)

	q1 := e.askSQL(t, "How many customers live in London?", "{}")
	ex, prompt := e.examplesUsed(t, q1)
	require.Empty(t, ex, "no example exists yet")
	require.NotContains(t, prompt, "Verified examples")

	_, err := e.db.Pool.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct')", q1)
	require.NoError(t, err)

	q2 := e.askSQL(t, "Count the customers in London", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, q2).Status)
	ex, prompt = e.examplesUsed(t, q2)
	require.Len(t, ex, 1)
	require.Equal(t, "How many customers live in London?", ex[0].Question)
	require.True(t, strings.HasPrefix(ex[0].SQL, first), "the SQL that ran: %s", ex[0].SQL)
	require.Greater(t, ex[0].Similarity, 0.2)
	require.Contains(t, prompt, "Question: How many customers live in London?")
	require.Contains(t, prompt, first)

	// options.examples "off" answers without.
	q3 := e.askSQL(t, "Count the customers in London", `{"examples": "off"}`)
	ex, prompt = e.examplesUsed(t, q3)
	require.Empty(t, ex)
	require.NotContains(t, prompt, "Verified examples")
}

// A correction is checked with the guard and EXPLAIN on the question's
// database: a write hidden in a WITH and an unknown table are rejected with
// the reason, a good one becomes an example.
func TestCorrectionsAreChecked(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	e.ollama.Answer(ollamatest.Contains("### Question\nWhich customers have open orders?"), fence("SELECT name FROM shop.customers"))
	e.start(t)
	q := e.askSQL(t, "Which customers have open orders?", "{}")
	const insert = "INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', $2)"

	got := e.feedbackDone(t, insert, q, "WITH d AS (DELETE FROM shop.orders RETURNING *) SELECT * FROM d")
	require.Equal(t, "rejected", got["status"])
	require.Contains(t, got["reason"], "corrected_sql refused")

	got = e.feedbackDone(t, insert, q, "SELECT c.name FROM shop.customers c JOIN shop.invoices i ON i.customer_id = c.customer_id")
	require.Equal(t, "rejected", got["status"])
	require.Contains(t, got["reason"], "invoices")

	good := "SELECT DISTINCT c.name FROM shop.customers c JOIN shop.orders o ON o.customer_id = c.customer_id WHERE o.status = 'open'"
	got = e.feedbackDone(t, insert, q, good)
	require.Equal(t, "accepted", got["status"])
	var src, sql string
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT source, sql FROM rag.examples WHERE id = $1", int64(got["example_id"].(float64))).Scan(&src, &sql))
	require.Equal(t, []string{"correction", good}, []string{src, sql})
	var n int
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.examples").Scan(&n))
	require.Equal(t, 1, n, "rejected corrections leave no example")
}

// A catalog change that drops a column an example reads makes it stale, and
// a stale example is not used.
func TestStaleExampleIsNotUsed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	const exampleSQL = "SELECT DISTINCT city FROM shop.customers WHERE city IS NOT NULL"
	_, err = e.db.Pool.Exec(ctx, "INSERT INTO rag.examples (database_name, question, sql) VALUES ('shop', 'Which cities do customers live in?', $1)", exampleSQL)
	require.NoError(t, err)
	n, err := svc.CheckExamples(ctx, "shop", false)
	require.NoError(t, err)
	require.Equal(t, 1, n.Checked)
	require.Equal(t, 0, n.Stale)

	_, err = e.db.Pool.Exec(ctx, "ALTER TABLE shop.customers DROP COLUMN city")
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, e.db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, e.db.Pool, conn, catalog.Database{Name: "shop", DSN: e.db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	n, err = svc.CheckExamples(ctx, "shop", false)
	require.NoError(t, err)
	require.Equal(t, 1, n.Checked, "the refresh made the example due for a check")
	require.Equal(t, 1, n.Stale)
	var stale bool
	var reason string
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT stale, stale_reason FROM rag.examples").Scan(&stale, &reason))
	require.True(t, stale)
	require.Contains(t, reason, "city")

	e.ollama.Answer(ollamatest.Contains("### Question\nWhich cities do our customers live in?"), fence("SELECT name FROM shop.customers"))
	e.start(t)
	q := e.askSQL(t, "Which cities do our customers live in?", "{}")
	ex, prompt := e.examplesUsed(t, q)
	require.Empty(t, ex)
	require.NotContains(t, prompt, exampleSQL)
}

// An exam's questions (tags.exam_run_id) never get an example whose
// question is one of the exam's, by normalized text or by the exam's id;
// the same question outside the exam does.
func TestExamQuestionsAreNotExamples(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	_, err = e.db.Pool.Exec(ctx, `INSERT INTO rag.examples (database_name, question, sql, source, source_ref) VALUES
		('shop', 'how many orders were SHIPPED', 'SELECT count(*) FROM shop.orders WHERE status = ''shipped''', 'file', 'x9'),
		('shop', 'Number of shipped orders per customer', 'SELECT customer_id, count(*) FROM shop.orders WHERE status = ''shipped'' GROUP BY 1', 'file', 'q2'),
		('shop', 'Total of shipped orders', 'SELECT sum(total_amount) FROM shop.orders WHERE status = ''shipped''', 'direct', NULL)`)
	require.NoError(t, err)
	n, err := svc.CheckExamples(ctx, "shop", false)
	require.NoError(t, err)
	require.Equal(t, 0, n.Stale)

	e.ollama.Answer(ollamatest.Contains("### Question\nHow many orders were shipped?"), fence("SELECT count(*) FROM shop.orders WHERE status = 'shipped'"))
	e.ollama.Answer(ollamatest.Contains("### Question\nShipped orders by customer"), fence("SELECT customer_id, count(*) FROM shop.orders GROUP BY 1"))
	e.start(t)
	// The exam's two questions, inserted together as the runner does.
	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	rows, err := e.db.Pool.Query(ctx, `
		INSERT INTO rag.queries (database_name, question, options) VALUES
		('shop', 'How many orders were shipped?', '{"tags": {"exam_run_id": 7, "exam_question_id": "q1"}}'),
		('shop', 'Shipped orders by customer', '{"tags": {"exam_run_id": 7, "exam_question_id": "q2"}}')
		RETURNING id`)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, ids, func(intake.Done) {}))
	for _, id := range ids {
		ex, _ := e.examplesUsed(t, id)
		require.NotEmpty(t, ex)
		for _, x := range ex {
			require.Equal(t, "Total of shipped orders", x.Question, "question %d got an exam question as an example", id)
		}
	}

	// Outside the exam, the same question gets the example of its text.
	q := e.askSQL(t, "How many orders were shipped?", "{}")
	ex, _ := e.examplesUsed(t, q)
	require.Equal(t, "how many orders were SHIPPED", ex[0].Question)
}

// With an embedding model, an example is found by meaning when its words
// are not enough: a question made of stop words alone shares no lexeme
// with anything, and the fake server's bag-of-words embedding (a path
// test, not a semantic one) finds its earlier twin. The example is
// embedded on the first question after it was added, with the model named.
func TestExampleFoundByMeaning(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	emb := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{"embed-test"}}})
	client, err := llm.New(llm.Config{Host: emb.URL(), Model: "embed-test", EmbedModel: "embed-test", RequestTimeout: 5 * time.Second})
	require.NoError(t, err)
	e.deps.Embedder, e.deps.EmbedModel = client, "embed-test"
	const sql = "SELECT name FROM shop.customers"
	e.ollama.Answer(ollamatest.Contains("### Question\nWhich are they?"), fence(sql))
	e.start(t)

	q1 := e.askSQL(t, "Which are they?", "{}")
	_, err = e.db.Pool.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct')", q1)
	require.NoError(t, err)

	q2 := e.askSQL(t, "Which are they?", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, q2).Status)
	var raw []byte
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT examples FROM rag.query_contexts WHERE query_id = $1", q2).Scan(&raw))
	var ex []struct {
		Question   string  `json:"question"`
		Similarity float64 `json:"similarity"`
		By         string  `json:"by"`
	}
	require.NoError(t, json.Unmarshal(raw, &ex))
	require.Len(t, ex, 1, "stop words alone: only the embeddings find it")
	require.Equal(t, "meaning", ex[0].By)
	require.InDelta(t, 1.0, ex[0].Similarity, 0.001)
	var model *string
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT embed_model FROM rag.examples").Scan(&model))
	require.NotNil(t, model)
	require.Equal(t, "embed-test", *model)

	// Without the embedding model the same question finds nothing.
	e2 := setup(t)
	e2.deps.Embedder = nil
	e2.ollama.Answer(ollamatest.Contains("### Question\nWhich are they?"), fence(sql))
	e2.start(t)
	p1 := e2.askSQL(t, "Which are they?", "{}")
	_, err = e2.db.Pool.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct')", p1)
	require.NoError(t, err)
	p2 := e2.askSQL(t, "Which are they?", "{}")
	ex2, _ := e2.examplesUsed(t, p2)
	require.Empty(t, ex2, "by words alone a question of stop words matches nothing")
}

// TestCorrectionThatCannotBeChecked: a correction whose database cannot be
// reached ends rejected with the reason, at once when no retry can help
// (its DSN names a variable the service lacks), after the stages' retries
// when the database may come back, instead of staying pending for the
// weeks River would retry it; its notification is sent either way.
func TestCorrectionThatCannotBeChecked(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	// Every lookup reads the registration again, so that the DSN changed
	// below is the one the check uses.
	client, err := llm.New(llm.Config{Host: e.ollama.URL(), Model: model})
	require.NoError(t, err)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(e.db.Pool, client, parts.Config{CatalogTTL: time.Nanosecond})
	require.NoError(t, err)
	e.deps = p.Deps(targets)
	e.ollama.Answer(ollamatest.Contains("### Question\nWhich customers have open orders?"), fence("SELECT name FROM shop.customers"))
	e.start(t)
	q := e.askSQL(t, "Which customers have open orders?", "{}")
	const insert = "INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', 'SELECT count(*) FROM shop.customers')"

	_, err = e.db.Pool.Exec(ctx, "UPDATE rag.databases SET dsn = 'env:NL2SQL_TEST_NO_SUCH_VARIABLE' WHERE name = 'shop'")
	require.NoError(t, err)
	got := e.feedbackDone(t, insert, q)
	require.Equal(t, "rejected", got["status"])
	require.Contains(t, got["reason"], "could not be checked")
	require.Contains(t, got["reason"], "NL2SQL_TEST_NO_SUCH_VARIABLE")

	_, err = e.db.Pool.Exec(ctx, "UPDATE rag.databases SET dsn = 'postgres://postgres@127.0.0.1:1/nowhere?connect_timeout=1' WHERE name = 'shop'")
	require.NoError(t, err)
	got = e.feedbackDone(t, insert, q)
	require.Equal(t, "rejected", got["status"])
	require.Contains(t, got["reason"], "could not be checked")
	var attempts int
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT max(attempt) FROM river.river_job WHERE kind = 'nl2sql.correction'").Scan(&attempts))
	require.Equal(t, e.cfg.InfraAttempts, attempts, "an unreachable database is tried InfraAttempts times")
}

// A client's confirmed answer serves that client until approved: shared
// at once, it would put one client's question and SQL into other clients'
// prompts (which they read in rag.attempts) and let it steer their
// answers. The service's own examples serve everyone as they are made.
func TestClientExamplesWaitForApproval(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	alice, bob := e.client(t, "alice"), e.client(t, "bob")
	const first = "SELECT count(*) AS customers FROM shop.customers WHERE city = 'London'"
	e.ollama.Answer(ollamatest.Contains("How many customers live in London"), fence(first))
	e.ollama.Answer(ollamatest.Contains("Count the customers in London"), fence(first))
	e.start(t)
	poolA, poolB := e.db.PoolAs(t, alice), e.db.PoolAs(t, bob)
	ask := func(pool *pgxpool.Pool, question string) int64 {
		t.Helper()
		w, err := intake.Listen(ctx, e.db.Pool)
		require.NoError(t, err)
		defer w.Close()
		var id int64
		require.NoError(t, pool.QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', $1) RETURNING id", question).Scan(&id))
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		require.NoError(t, w.Wait(wctx, []int64{id}, func(intake.Done) {}))
		return id
	}

	q1 := ask(poolA, "How many customers live in London (for the board)?")
	_, err := poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct')", q1)
	require.NoError(t, err)
	var exID int64
	var approved bool
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT id, approved_at IS NOT NULL FROM rag.examples").Scan(&exID, &approved))
	require.False(t, approved, "a client's example waits for approval")

	ex, prompt := e.examplesUsed(t, ask(poolB, "Count the customers in London"))
	require.Empty(t, ex, "another client does not get it")
	require.NotContains(t, prompt, "for the board")
	ex, _ = e.examplesUsed(t, ask(poolA, "Count the customers in London"))
	require.Len(t, ex, 1, "its author does")

	// The service's role confirms the same pair: the pair is not added
	// twice, and its verdict approves the client's (migration 00019).
	qs := ask(e.db.Pool, "How many customers live in London (for the board)?")
	var fbExample int64
	require.NoError(t, e.db.Pool.QueryRow(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct') RETURNING example_id", qs).Scan(&fbExample))
	require.Equal(t, exID, fbExample, "the same pair")
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT approved_at IS NOT NULL FROM rag.examples WHERE id = $1", exID).Scan(&approved))
	require.True(t, approved)
	ex, _ = e.examplesUsed(t, ask(poolB, "Count the customers in London"))
	require.Len(t, ex, 1, "approved, it serves everyone")

	// The service's role (here a superuser) makes examples approved.
	_, err = e.db.Pool.Exec(ctx, "INSERT INTO rag.examples (database_name, question, sql) VALUES ('shop', 'Which cities?', 'SELECT DISTINCT city FROM shop.customers')")
	require.NoError(t, err)
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT approved_at IS NOT NULL FROM rag.examples WHERE question = 'Which cities?'").Scan(&approved))
	require.True(t, approved)
}

// A client that confirms (or corrects to) a pair another client's example
// already holds is told its verdict was accepted, with that example's id: the
// pair is not added twice. The example then serves it too, as its own would,
// not only the client that made it first.
func TestClientExampleServesEveryClientThatConfirmedIt(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	alice, bob, carol := e.client(t, "alice"), e.client(t, "bob"), e.client(t, "carol")
	const sql = "SELECT count(*) AS customers FROM shop.customers WHERE city = 'London'"
	e.ollama.Answer(ollamatest.Contains("How many customers live in London"), fence(sql))
	e.ollama.Answer(ollamatest.Contains("Count the customers in London"), fence(sql))
	e.start(t)
	ask := func(role, question string) int64 {
		t.Helper()
		w, err := intake.Listen(ctx, e.db.Pool)
		require.NoError(t, err)
		defer w.Close()
		var id int64
		require.NoError(t, e.db.PoolAs(t, role).QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', $1) RETURNING id", question).Scan(&id))
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		require.NoError(t, w.Wait(wctx, []int64{id}, func(intake.Done) {}))
		return id
	}
	confirm := func(role string, id int64) int64 {
		t.Helper()
		var ex int64
		require.NoError(t, e.db.PoolAs(t, role).QueryRow(ctx,
			"INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct') RETURNING example_id", id).Scan(&ex))
		return ex
	}

	const question = "How many customers live in London?"
	exA := confirm(alice, ask(alice, question))
	exB := confirm(bob, ask(bob, question))
	require.Equal(t, exA, exB, "the same pair, not added twice")
	var approved bool
	require.NoError(t, e.db.Pool.QueryRow(ctx, "SELECT approved_at IS NOT NULL FROM rag.examples WHERE id = $1", exA).Scan(&approved))
	require.False(t, approved)

	ex, _ := e.examplesUsed(t, ask(bob, "Count the customers in London"))
	require.Len(t, ex, 1, "bob confirmed it: it serves bob")
	ex, _ = e.examplesUsed(t, ask(carol, "Count the customers in London"))
	require.Empty(t, ex, "carol did not: it waits for approval")
}

// A grant narrowed or revoked after a question was asked stops it: the
// retrieve and execute stages ask again (migration 00014), as the INSERT
// did.
func TestGrantCheckedAgain(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, e.db.Pool, conn, catalog.Database{Name: "other", DSN: e.db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	alice, carol, dave := e.client(t, "alice"), e.client(t, "carol"), e.client(t, "dave")
	e.ollama.Answer(ollamatest.Contains("How many customers"), fence("SELECT count(*) FROM shop.customers"))

	// Asked while allowed, queued (no service yet), then the grants change.
	ask := func(role string) int64 {
		var id int64
		require.NoError(t, e.db.PoolAs(t, role).QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'How many customers are there?') RETURNING id").Scan(&id))
		return id
	}
	qa, qc, qd := ask(alice), ask(carol), ask(dave)
	_, err = e.db.Pool.Exec(ctx, "SELECT rag.revoke_client($1)", alice)
	require.NoError(t, err)
	_, err = e.db.Pool.Exec(ctx, "SELECT rag.grant_client($1, '{other}')", carol)
	require.NoError(t, err)

	w, err := intake.Listen(ctx, e.db.Pool)
	require.NoError(t, err)
	defer w.Close()
	e.start(t)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	require.NoError(t, w.Wait(wctx, []int64{qa, qc, qd}, func(intake.Done) {}))
	for _, id := range []int64{qa, qc} {
		q := query(t, e.db.Pool, id)
		require.Equal(t, "failed", q.Status)
		require.Equal(t, "validation_block", deref(q.ErrorClass))
		require.Contains(t, deref(q.Error), `may no longer ask about database "shop"`)
	}
	require.Equal(t, "succeeded", query(t, e.db.Pool, qd).Status, "an unchanged grant still answers")
}
