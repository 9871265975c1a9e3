package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/target"
)

const shopSQL = `
CREATE SCHEMA shop;
CREATE TABLE shop.customers (customer_id int PRIMARY KEY, name text NOT NULL, city text);
CREATE TABLE shop.orders (order_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES shop.customers, total_amount numeric(10,2) NOT NULL);
INSERT INTO shop.customers VALUES (1, 'Ada', 'London'), (2, 'Grace', 'New York');
INSERT INTO shop.orders VALUES (10, 1, 120.50), (11, 1, 80.00), (12, 2, 42.25);
`

func TestMain(m *testing.M) { dbtest.VerifyTestMain(m) }

// cli runs nl2sql commands in-process against a test database and a fake
// Ollama, with an environment of its own.
type cli struct {
	t      *testing.T
	db     *dbtest.DB
	ollama *ollamatest.Server
	env    map[string]string
	// columns is the terminal's width (Main.Columns); 0: no terminal.
	columns int
}

type result struct {
	code           int
	stdout, stderr string
}

func setup(t *testing.T) *cli {
	t.Helper()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), shopSQL)
	require.NoError(t, err)
	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b"}}})
	return &cli{t: t, db: db, ollama: srv, env: map[string]string{
		"NL2SQL_DATABASE_URL":   db.URL,
		"OLLAMA_HOST":           srv.URL(),
		"NL2SQL_LOG_LEVEL":      "warn",
		"NL2SQL_RETRY_BACKOFF":  "20ms",
		"NL2SQL_FETCH_COOLDOWN": "5ms",
	}}
}

func (c *cli) run(stdin string, args ...string) result {
	c.t.Helper()
	return c.runCtx(context.Background(), stdin, args...)
}

func (c *cli) runCtx(ctx context.Context, stdin string, args ...string) result {
	c.t.Helper()
	var out, errb bytes.Buffer
	m := &Main{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv:  func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		Columns: c.columns,
	}
	code := m.Run(ctx, args)
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// registered migrates is a no-op (the template is migrated) and registers
// the shop schema.
func (c *cli) registered() {
	c.t.Helper()
	r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
	require.Equal(c.t, 0, r.code, r.stderr)
}

func TestUsage(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{}}
	r := c.run("", "frobnicate")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `unknown command "frobnicate"`)
	r = c.run("", "help")
	require.Equal(t, 0, r.code)
	for _, cmd := range commands() {
		require.Contains(t, r.stdout, cmd.name)
	}
	r = c.run("", "check", "--help")
	require.Equal(t, 0, r.code, "help is not an error")
	require.Contains(t, r.stderr, "-db")
	// Commands whose first argument is a subcommand (or nothing) answer
	// -h with their line.
	for _, name := range groupCommands {
		r = c.run("", name, "-h")
		require.Equal(t, 0, r.code, "%s -h: %s", name, r.stderr)
		require.Contains(t, r.stdout, "Usage: nl2sql "+name)
	}
	r = c.run("", "ask", "--db", "x")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "ask needs --db NAME and one question")
}

// TestHelpEverywhere: nl2sql and each of its commands and subcommands
// answer -h, -help and --help with their usage and exit 0, without
// connecting. `nl2sql -help` was an unknown command, `bench heldout -h` a
// usage error, and `examples frobnicate -h` the help of a subcommand that
// does not exist.
func TestHelpEverywhere(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{"NL2SQL_DATABASE_URL": "postgres://u@127.0.0.1:1/none"}}
	lines := [][]string{{}}
	for _, cmd := range commands() {
		lines = append(lines, []string{cmd.name})
	}
	// The subcommands, which commands() does not list.
	lines = append(lines,
		[]string{"db", "add"}, []string{"db", "list"}, []string{"db", "remove"},
		[]string{"examples", "add"}, []string{"examples", "list"}, []string{"examples", "approve"}, []string{"examples", "remove"},
		[]string{"exam", "run"}, []string{"exam", "check"}, []string{"exam", "load"},
		[]string{"bench", "pipeline"}, []string{"bench", "repair"}, []string{"bench", "retrieval"},
		[]string{"bench", "heldout"}, []string{"bench", "heldout", "import"},
	)
	for _, line := range lines {
		for _, h := range []string{"-h", "-help", "--help"} {
			args := append(slices.Clone(line), h)
			r := c.run("", args...)
			require.Equal(t, exitOK, r.code, "%v: %s", args, r.stderr)
			require.Contains(t, r.stdout+r.stderr, "Usage", args)
			require.NotContains(t, r.stderr, "nl2sql: ", "%v: no error", args)
		}
	}
	// A group's help names its subcommands: `exam --help` printed exam
	// run's flags alone, and exam check and exam load were nowhere.
	for _, line := range lines {
		if len(line) != 2 {
			continue
		}
		r := c.run("", line[0], "--help")
		require.Contains(t, r.stdout, "Usage: nl2sql "+line[0], line)
		require.Regexp(t, `(^|[ |\[])`+line[1]+`\b`, strings.TrimPrefix(r.stdout, "Usage: nl2sql "+line[0]), "%v: %s", line, r.stdout)
	}
	r := c.run("", "examples", "frobnicate", "-h")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `unknown examples subcommand "frobnicate"`)
}

// TestStrayArguments: a command that takes no arguments refuses one rather
// than ignore it (`nl2sql serve :8080` ran without its listener, `nl2sql
// demo 200` with the default tables), and `db list --help` is help.
func TestStrayArguments(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, env: map[string]string{"NL2SQL_DATABASE_URL": "postgres://u@127.0.0.1:1/none"}}
	for _, args := range [][]string{
		{"serve", ":8080"}, {"serve", "--drain-timeout", "-1s"}, {"migrate", "now"}, {"demo", "200"}, {"db", "list", "all"},
	} {
		r := c.run("", args...)
		require.Equal(t, exitUsage, r.code, "%v: %s", args, r.stderr)
		require.Contains(t, r.stderr, "nl2sql: "+args[0], args)
		require.NotContains(t, r.stderr, "cannot connect", "refused before connecting: %v", args)
	}
	r := c.run("", "db", "list", "--help")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "Usage of nl2sql db list")
	// A name rag.databases would refuse is the command line's mistake.
	r = c.run("", "db", "add", "bad name!", "--dsn", "postgres://u@127.0.0.1:1/none")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, `nl2sql: db add: database name "bad name!" must start with a letter`)
	require.NotContains(t, r.stderr, "cannot connect")
}

func TestEnvIsDocumentedInREADME(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	for _, v := range envVars {
		require.Contains(t, string(readme), "`"+v.Name+"`", "README must document %s", v.Name)
	}
	c := &cli{t: t, env: map[string]string{"NL2SQL_MAX_ROWS": "50", "NL2SQL_DATABASE_URL": "postgres://u:secret@h/db"}}
	r := c.run("", "env")
	require.Equal(t, 0, r.code)
	require.Contains(t, r.stdout, "NL2SQL_MAX_ROWS")
	require.NotContains(t, r.stdout, "secret", "passwords are never printed")
	// A value every other command refuses: shown, and refused here too.
	r = (&cli{t: t, env: map[string]string{"NL2SQL_RAG_TABLE_THRESHOLD": "1.5"}}).run("", "env")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stdout, "1.5")
	require.Contains(t, r.stderr, `NL2SQL_RAG_TABLE_THRESHOLD="1.5" must be between 0 and 1`)

	// DATABASE_URL stands in for an unset NL2SQL_DATABASE_URL.
	alias := &cli{t: t, env: map[string]string{"DATABASE_URL": "postgres://u:secret@elsewhere:5433/other"}}
	r = alias.run("", "env")
	require.Equal(t, 0, r.code)
	require.Regexp(t, `^postgres://u@elsewhere:5433/other \(from DATABASE_URL; default `, envValues(t, r.stdout)["NL2SQL_DATABASE_URL"])
	require.NotContains(t, r.stdout, "secret")

	c.env["NL2SQL_MAX_ROWS"] = "lots"
	c.env["NL2SQL_LLM_TIMEOUT"] = "soon"
	r = c.run("", "serve")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "infra_failure: bad environment")
	require.Contains(t, r.stderr, `NL2SQL_MAX_ROWS="lots" is not an integer`)
	require.Contains(t, r.stderr, `NL2SQL_LLM_TIMEOUT="soon" is not a duration`)
}

func TestMigrate(t *testing.T) {
	t.Parallel()
	c := setup(t)
	r := c.run("", "migrate")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "0 River migration(s), 0 nl2sql migration(s) applied")

	c.env["NL2SQL_DATABASE_URL"] = "postgres://postgres@127.0.0.1:1/nl2sql?sslmode=disable&connect_timeout=2"
	r = c.run("", "migrate")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "infra_failure")
	require.Contains(t, r.stderr, "cannot connect to nl2sql's database")
}

// TestNotMigrated: a command run on a database migrate has not brought up
// to date says so and what to run, instead of "relation rag.databases does
// not exist" as an sql_error.
func TestNotMigrated(t *testing.T) {
	t.Parallel()
	c := setup(t)
	ctx := context.Background()
	_, err := c.db.Pool.Exec(ctx, "DELETE FROM rag.goose_db_version WHERE version_id > 20")
	require.NoError(t, err)
	for _, args := range [][]string{{"db", "list"}, {"retrieve", "--db", "x", "q"}, {"serve"}, {"mcp"}} {
		r := c.run("", args...)
		require.Equal(t, exitFailure, r.code, "%v: %s", args, r.stderr)
		require.Contains(t, r.stderr, fmt.Sprintf("is at nl2sql migration 20 and this nl2sql needs %d: run `nl2sql migrate`", latestMigration()), args)
	}
	_, err = c.db.Pool.Exec(ctx, "ALTER SCHEMA rag RENAME TO rag_gone")
	require.NoError(t, err)
	r := c.run("", "db", "list")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "nl2sql: infra_failure: nl2sql's database postgres://")
	require.Contains(t, r.stderr, "has no nl2sql tables: run `nl2sql migrate`")
}

func TestMigrateCreatesDatabase(t *testing.T) {
	t.Parallel()
	c := setup(t)
	name := c.db.Name + "_new"
	c.env["NL2SQL_DATABASE_URL"] = target.WithDatabase(dbtest.AdminURL(), name)
	t.Cleanup(func() {
		admin, err := c.db.Pool.Acquire(context.Background())
		if err == nil {
			defer admin.Release()
			_, _ = admin.Exec(context.Background(), `DROP DATABASE IF EXISTS "`+name+`" WITH (FORCE)`)
		}
	})
	r := c.run("", "migrate")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "created database")
	r = c.run("", "migrate")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "created database")
}

func TestDBAdd(t *testing.T) {
	t.Parallel()
	c := setup(t)

	r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "shop: 2 tables, 6 columns, 1 foreign keys in schema(s) shop; catalog version 1")

	// Again, without flags: a refresh with the registered DSN and schemas.
	r = c.run("", "db", "add", "shop")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "catalog version 2")

	r = c.run("", "db", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "shop")

	// A schema without tables registers, and says questions will fail.
	_, err := c.db.Pool.Exec(context.Background(), "CREATE SCHEMA empty")
	require.NoError(t, err)
	r = c.run("", "db", "add", "void", "--dsn", c.db.URL, "--schema", "empty")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "warning: void has no tables in schema(s) empty")

	// Tables left out are named as SQL names them (a materialized view not
	// yet populated no role may read).
	_, err = c.db.Pool.Exec(context.Background(), `CREATE SCHEMA "Sales Ops";
CREATE TABLE "Sales Ops".orders (id int);
CREATE MATERIALIZED VIEW "Sales Ops"."Invoice Lines" AS SELECT 1 AS id WITH NO DATA`)
	require.NoError(t, err)
	r = c.run("", "db", "add", "ops", "--dsn", c.db.URL, "--schema", "Sales Ops")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, `warning: 1 table(s) left out of the catalog`)
	require.Contains(t, r.stderr, `: "Sales Ops"."Invoice Lines"`+"\n")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"db", "add", "x", "--dsn", "postgres://u:hunter2@127.0.0.1/db"}, "password"},
		{[]string{"db", "add", "x", "--dsn", "env:NL2SQL_TEST_UNSET_VAR"}, "NL2SQL_TEST_UNSET_VAR"},
		{[]string{"db", "add", "x", "--dsn", c.db.URL, "--schema", "nope"}, `"nope"`},
		{[]string{"db", "add", "x", "--dsn", "postgres://postgres@127.0.0.1:1/x?connect_timeout=2"}, `cannot connect to database "x"`},
		{[]string{"db", "add", "fresh"}, "--dsn is required the first time"},
	} {
		r := c.run("", tc.args...)
		require.NotEqual(t, 0, r.code, "%v", tc.args)
		require.Contains(t, r.stderr, tc.want, "%v", tc.args)
		require.NotContains(t, r.stderr, "hunter2", "passwords are never echoed")
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()

	type verdict struct {
		OK     bool   `json:"ok"`
		Stage  string `json:"stage"`
		SQL    string `json:"sql"`
		Errors []struct {
			Code, Message, SQLSTATE string
		} `json:"errors"`
		Lint []struct {
			Code, Severity string
			Position       int
		} `json:"lint"`
		Repair *struct {
			Applied bool
			SQL     string
			Passes  bool
			Fixes   []struct{ Kind string }
		} `json:"repair"`
	}
	check := func(sql string) (verdict, result) {
		r := c.run(sql, "check", "--db", "shop", "--json")
		var v verdict
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &v), r.stdout+r.stderr)
		return v, r
	}

	v, r := check("SELECT name FROM customers")
	require.Equal(t, 0, r.code)
	require.True(t, v.OK)
	require.Equal(t, "explain", v.Stage)
	require.Contains(t, v.SQL, "LIMIT 1001")
	require.Empty(t, v.Errors)

	v, r = check("SELECT pg_sleep(5)")
	require.False(t, v.OK)
	require.Equal(t, "policy", v.Stage)
	require.Equal(t, "policy.denied_function", v.Errors[0].Code)
	require.Equal(t, "42501", v.Errors[0].SQLSTATE)

	require.Equal(t, exitFailure, r.code)
	require.Nil(t, v.Repair, "a policy denial is never repaired")

	v, _ = check("SELECT c.nme FROM customers c")
	require.False(t, v.OK)
	require.Equal(t, "explain", v.Stage)
	require.Equal(t, "42703", v.Errors[0].SQLSTATE)
	require.NotNil(t, v.Repair, "the repair looked")
	require.False(t, v.Repair.Applied, "a three-letter typo is too short to guess")

	v, _ = check("SELECT c.customer_name FROM customers c")
	require.False(t, v.OK, "the verdict is on the SQL as given")
	require.NotNil(t, v.Repair)
	require.True(t, v.Repair.Applied)
	require.True(t, v.Repair.Passes)
	require.Contains(t, v.Repair.SQL, "c.name")
	require.Equal(t, "column_name", v.Repair.Fixes[0].Kind)

	v, _ = check("SELECT name FROM customers WHERE city = NULL")
	require.False(t, v.OK)
	require.Equal(t, "null_comparison", v.Lint[0].Code)
	require.Equal(t, "error", v.Lint[0].Severity)
	require.Positive(t, v.Lint[0].Position)

	v, _ = check("SELEC 1")
	require.Equal(t, "parse", v.Stage)
	require.Equal(t, "42601", v.Errors[0].SQLSTATE)

	r = c.run("SELECT 1", "check", "--db", "nope")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `database "nope" is not registered`)

	r = c.run("DELETE FROM customers", "check", "--db", "shop")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stdout, "guard:   REFUSED at policy")
	require.Contains(t, r.stdout, "explain: not run")
}

// TestCheckReadsTheCatalogOnce: check read the whole catalog for the
// registration alone, then again for the guard; at 10,000 tables each read
// of its columns took ~0.5 s. Scans of rag.columns are counted from the
// server's statistics, which a backend flushes before it leaves
// pg_stat_activity.
func TestCheckReadsTheCatalogOnce(t *testing.T) {
	t.Parallel()
	c := setup(t)
	ctx := context.Background()
	u, err := url.Parse(c.db.URL)
	require.NoError(t, err)
	q := u.Query()
	q.Set("application_name", "check_reads_once")
	u.RawQuery = q.Encode()
	c.env["NL2SQL_DATABASE_URL"] = u.String()
	c.registered()
	scans := func() int64 {
		t.Helper()
		require.Eventually(t, func() bool {
			var n int
			require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
				WHERE datname = current_database() AND application_name = 'check_reads_once'`).Scan(&n))
			return n == 0
		}, 10*time.Second, 10*time.Millisecond, "the command's connections are closed")
		var n int64
		require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0)
			FROM pg_stat_user_tables WHERE relid = 'rag.columns'::regclass`).Scan(&n))
		return n
	}

	before := scans()
	r := c.run("SELECT c.customer_name FROM customers c", "check", "--db", "shop", "--json")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stdout, `"applied": true`, "the guard, EXPLAIN and the repair all ran")
	require.EqualValues(t, 1, scans()-before)
}

// TestAskAndServe runs `serve`, asks through `ask`, and stops serve with
// its context as SIGTERM would.
func TestAskAndServe(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "```sql\nSELECT name FROM customers ORDER BY name\n```"})
	c.ollama.Answer(ollamatest.Contains("Delete everything"), ollamatest.Response{Content: "DELETE FROM customers"})

	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan result, 1)
	go func() { served <- c.runCtx(ctx, "", "serve") }()

	r := c.run("", "ask", "--db", "shop", "--json", "Which customers do we have?")
	require.Equal(t, 0, r.code, r.stderr)
	var ans struct {
		Status   string          `json:"status"`
		SQL      string          `json:"sql"`
		Rows     json.RawMessage `json:"rows"`
		RowCount int             `json:"row_count"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &ans))
	require.Equal(t, "succeeded", ans.Status)
	require.JSONEq(t, `[["Ada"],["Grace"]]`, string(ans.Rows))

	r = c.run("", "ask", "Which customers do we have?", "--db", "shop")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Grace")
	require.Contains(t, r.stdout, "2 row(s)")

	r = c.run("", "ask", "--db", "shop", "Delete everything")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "validation_block")

	r = c.run("", "ask", "--db", "nope", "Hello?")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `unknown database "nope"`)

	cancel()
	select {
	case r := <-served:
		require.Equal(t, 0, r.code, r.stderr)
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
}

func TestAskWithoutWorkers(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	r := c.run("", "ask", "--db", "shop", "--timeout", "300ms", "Anyone there?")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "no `nl2sql serve` seems to be running")
	require.Contains(t, r.stderr, "did not finish within 300ms and stays queued")
}

// TestAskInterrupted: Ctrl-C while ask waits is not "unknown: context
// canceled" with exit 1: it says the question stays queued, and exits as
// an interrupted command does.
func TestAskInterrupted(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	ctx, cancel := context.WithCancel(context.Background()) // as main's first signal does
	defer time.AfterFunc(500*time.Millisecond, cancel).Stop()
	r := c.runCtx(ctx, "", "ask", "--db", "shop", "Anyone there?")
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Contains(t, r.stderr, "nl2sql: interrupted; question 1 stays queued")
	require.NotContains(t, r.stderr, "context canceled")
}

// TestAskBadFlags: a --timeout or --max-rows the question cannot use is a
// usage error before anything is inserted, not a question queued and
// waited for (or given up on at once).
func TestAskBadFlags(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	for _, flags := range [][]string{
		{"--timeout", "0s"}, {"--timeout", "-1s"}, {"--max-rows", "0"}, {"--max-rows", "-5"},
	} {
		r := c.run("", append([]string{"ask", "--db", "shop", "Anyone there?"}, flags...)...)
		require.Equal(t, exitUsage, r.code, "%v: %s", flags, r.stderr)
		require.Contains(t, r.stderr, "nl2sql: ask: "+flags[0]+" must be")
	}
	// A question rag.queries would refuse is refused before it is sent:
	// PostgreSQL's refusal prints the whole failing row.
	long := strings.Repeat("How many? ", 201)
	r := c.run("", "ask", "--db", "shop", long)
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "nl2sql: ask: the question has 2010 characters; at most 2000 are accepted")
	require.NotContains(t, r.stderr, "Failing row")
	r = c.run("", "ask", "--db", "shop", "\u200b")
	require.Equal(t, exitUsage, r.code, r.stderr)
	r = c.run("", "retrieve", "--db", "shop", "\u00a0")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "nl2sql: retrieve: the question is blank")
	var n int
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM rag.queries").Scan(&n))
	require.Zero(t, n, "nothing was queued")
}

// TestDBRemove: a database with questions is removed only with its
// history, when asked; its catalog and index go with it.
func TestDBRemove(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	ctx := context.Background()
	var id int64
	require.NoError(t, c.db.Pool.QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'How many customers?') RETURNING id").Scan(&id))

	r := c.run("", "db", "remove", "shop")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `database "shop" has 1 question(s) and 0 exam run(s)`)
	require.Contains(t, r.stderr, "nl2sql db remove shop --with-history")
	r = c.run("", "db", "remove", "shop", "--with-history")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "removed shop (its catalog, schema index, examples and client grants), 1 question(s) and 0 exam run(s)")
	var n int
	require.NoError(t, c.db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM rag.databases) + (SELECT count(*) FROM rag.tables)
		+ (SELECT count(*) FROM rag.schema_indexes) + (SELECT count(*) FROM rag.queries)`).Scan(&n))
	require.Zero(t, n)
	r = c.run("", "db", "remove", "shop")
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, `database "shop" is not registered`)
}
