package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/term"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/migrations"
)

// Main is the program, separated from main() so tests can run commands with
// their own environment, input and output.
type Main struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv looks up environment variables. Defaults to os.LookupEnv.
	Getenv func(string) (string, bool)
	// Environ lists the environment (os.Environ), to warn of NL2SQL_
	// variables nl2sql does not read: a misspelt one would otherwise keep
	// its default silently. Nil: no warnings.
	Environ func() []string
	// Signals delivers the SIGINT/SIGTERMs that arrive after the first
	// (which cancels Run's context): `serve` cancels its running jobs at
	// once on one. Nil: none arrive.
	Signals <-chan os.Signal
	// Logs receives the service's logs (serve). Defaults to os.Stderr.
	Logs io.Writer
	// Columns is the width of the terminal Stdout writes to, which output
	// laid out for a reader fits (nl2sql env); 0: none, or unknown.
	Columns int
}

// getenv is the variable k's value, "" when unset: Getenv as DSN
// resolution (catalog.ResolveDSN) takes it.
func (m *Main) getenv(k string) string {
	v, _ := m.Getenv(k)
	return v
}

// NewMain returns a Main wired to the process's stdio and environment.
func NewMain() *Main {
	m := &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.LookupEnv, Environ: os.Environ}
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
		m.Columns = w
	}
	return m
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and failed: a question failed, a check refused
	exitUsage   = 2
)

type command struct {
	name, args, summary string
	run                 func(ctx context.Context, m *Main, args []string) error
}

func commands() []command {
	return []command{
		{"demo", "[--tables N] [--timeout D]", "set everything up on this machine and answer demo questions: migrate, load the demo ERP, register and index it, ask", runDemo},
		{"migrate", "", "create schemas river and rag and apply River's and nl2sql's migrations (idempotent)", runMigrate},
		{"db", "add NAME --dsn DSN [--schema S]... [--annotations FILE] [--role R] | list | remove NAME [--with-history]", "register a target database, introspect its catalog and index it (again: refresh); list or unregister them", runDB},
		{"index", "--db NAME [--json] [--modules FILE]", "(re)build a database's schema index for retrieval: documents, values, embeddings", runIndex},
		{"retrieve", "--db NAME [--json] [--strategy rag|full] [--join-hints edges|paths|both|none] \"question\" | -", "print the tables and join paths retrieval chooses for a question (-: one question a line from stdin)", runRetrieve},
		{"grant", "ROLE [--database NAME]... [--reader] | --revoke ROLE | --list", "let a role ask questions and read its own answers (a client), or read everything (--reader)", runGrant},
		{"serve", "[--http ADDR [--http-public]] [--drain-timeout D]", "run the pipeline's River workers until SIGINT/SIGTERM, then drain; --http also serves /mcp, /metrics, /healthz, /readyz, /riverui/", runServe},
		{"mcp", "", "serve the MCP tools (nl_query, get_query, list_databases, describe_table, retrieve_tables) over stdio for chat clients and agents", runMCP},
		{"ask", "--db NAME [--json] [--timeout D] [--max-rows N] \"question\"", "ask one question and wait for its answer", runAsk},
		{"check", "--db NAME [--json] < query.sql", "print the guard's and EXPLAIN's verdict on a SQL text", runCheck},
		{"examples", examplesUsage, "verified question–SQL pairs for few-shot prompts: load them from a file in the exam's format, list them and their state, share a client's with everyone, remove them", runExamples},
		{"exam", "[run] [--db NAME] [--questions FILE] [--runs N] [--json] [--html FILE] ... | check [--db NAME] [--questions FILE] [--json] | load [--db NAME] [--tables N]", "the ERP exam: run and grade it (run, the default; exam run --help for its flags), verify its gold SQL (check), load the demo database (load)", runExam},
		{"bench", "pipeline [--json] [--questions N] | repair [--json] | retrieval [--json] | heldout import --out DIR", "measure pipeline throughput with an instant fake model (a checkout's build), deterministic repair on injected mistakes, schema retrieval on the dev, ERP and held-out sets", runBench},
		{"env", "", "list the environment variables and the values in effect", runEnv},
	}
}

// Run runs the command in args and returns the process exit code.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 || args[0] == "help" || helpFlag(args[0]) {
		m.usage(m.Stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if len(args) == 2 && helpFlag(args[1]) && slices.Contains(groupCommands, c.name) {
				fmt.Fprintf(m.Stdout, "Usage: %s\n  %s\n", strings.TrimSpace("nl2sql "+c.name+" "+c.args), c.summary)
				return exitOK
			}
			m.tuneGC()
			err := c.run(ctx, m, args[1:])
			if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
				return m.interrupted(err)
			}
			return m.report(err)
		}
	}
	fmt.Fprintf(m.Stderr, "nl2sql: unknown command %q\n\n", args[0])
	m.usage(m.Stderr)
	return exitUsage
}

// groupCommands take a subcommand or nothing before any flag, so `-h`
// reaches no flag set: Run answers it with the command's line.
var groupCommands = []string{"db", "examples", "exam", "bench", "env", "migrate", "mcp"}

// helpFlag reports whether arg asks for help.
func helpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

func (m *Main) usage(w io.Writer) {
	fmt.Fprintln(w, "nl2sql turns questions into guarded SQL over PostgreSQL and runs it.")
	fmt.Fprintln(w, "\nUsage: nl2sql COMMAND [flags]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n           %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w, "\nConfiguration comes from the environment: nl2sql env")
}

// defaultGCPercent replaces Go's default of 100 unless GOGC is set. nl2sql's
// live heap is small (~22 MB in `nl2sql bench pipeline`) and most allocation
// short-lived, so collecting less often than Go's default costs little
// memory; 200 and not more because the peak heap is (1 + GOGC/100) times
// the live one: at 400 `serve` peaked at 167–173 MB RSS over the bench's
// burst, at 200 at 115 MB, with the same CPU per question (docs/DESIGN.md,
// Memory).
const defaultGCPercent = 200

func (m *Main) tuneGC() {
	if _, ok := m.Getenv("GOGC"); !ok {
		debug.SetGCPercent(defaultGCPercent)
	}
}

// printJSON writes v to stdout as a command's --json output: one document,
// indented, so that every command prints JSON the same way.
func (m *Main) printJSON(v any) error {
	enc := json.NewEncoder(m.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// usageError is a command-line mistake.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// flagError turns a flag parsing error into a usage error; -h/--help is not
// an error (the flag package already printed the flags).
func flagError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usagef("%v", err)
}

// exitError carries an exit code for a failure that was already printed
// (e.g. a failed question whose details went to stdout as JSON).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// report prints err with its class, the boundary's error code, and returns
// the exit code.
func (m *Main) report(err error) int {
	if err == nil {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(m.Stderr, "nl2sql: %s\n", ue.msg)
		return exitUsage
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	ce := errclass.Classify(err)
	msg := variableNames(userMessage(err))
	if ce.SQLSTATE != "" {
		fmt.Fprintf(m.Stderr, "nl2sql: %s (SQLSTATE %s): %s\n", ce.Class, ce.SQLSTATE, msg)
	} else {
		fmt.Fprintf(m.Stderr, "nl2sql: %s: %s\n", ce.Class, msg)
	}
	return exitFailure
}

// exitInterrupted is the exit code of a command stopped by SIGINT/SIGTERM
// before it finished, as a shell reports one killed by SIGINT (128 + 2).
const exitInterrupted = 130

// interrupted reports a command that a signal stopped: not a failure of
// class unknown ("context canceled"), and for a question asked, where it
// stands.
func (m *Main) interrupted(err error) int {
	msg := "nl2sql: interrupted"
	if id := intake.QueryID(err); id > 0 {
		msg += fmt.Sprintf("; question %d stays queued: a running `nl2sql serve` answers it (see rag.query_overview)", id)
	}
	fmt.Fprintln(m.Stderr, msg)
	return exitInterrupted
}

// userMessage is what the user is told of err: the message of the
// classified error it carries, else its text.
func userMessage(err error) string {
	var already *errclass.Error
	if errors.As(err, &already) {
		return already.Message
	}
	return err.Error()
}

// parseFlags parses args with fs, allowing flags after positional
// arguments ("ask 'question' --db erp" as well as "ask --db erp 'question'").
// Its error is a usage error (flagError).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// parseNoArgs parses the flags of a command that takes no arguments;
// extra arguments are a usage error saying usage.
func parseNoArgs(fs *flag.FlagSet, args []string, usage string) error {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("%s", usage)
	}
	return nil
}

func newFlagSet(m *Main, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("nl2sql "+name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	return fs
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// connect opens a pool on nl2sql's database, explaining a failure in terms
// of the setting to change.
func connect(ctx context.Context, url string) (*pgxpool.Pool, error) {
	return connectMax(ctx, url, 0)
}

// connectMax is connect with a pool of maxConns connections (0: pgxpool's
// default or the URL's pool_max_conns).
func connectMax(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	var pool *pgxpool.Pool
	if err == nil {
		if maxConns > 0 {
			cfg.MaxConns = maxConns
		}
		pool, err = pgxpool.NewWithConfig(ctx, cfg)
	}
	if err != nil {
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, Code: "config.database_url",
			Message: "NL2SQL_DATABASE_URL is not a valid connection string: " + err.Error(), Err: err,
		}
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, dbUnreachable(url, err)
	}
	return pool, nil
}

// connectMigrated is connectMax for the commands that work with nl2sql's
// tables: on a database `nl2sql migrate` has not (fully) migrated they say
// so, rather than meet "relation rag.databases does not exist".
func connectMigrated(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	pool, err := connectMax(ctx, url, maxConns)
	if err != nil {
		return nil, err
	}
	if err := checkMigrated(ctx, pool, url); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

// latestMigration is the version of the newest embedded nl2sql migration
// (00028_... is 28).
func latestMigration() int64 {
	var latest int64
	names, _ := fs.Glob(migrations.FS(), "*.sql")
	for _, n := range names {
		digits, _, _ := strings.Cut(n, "_")
		if v, err := strconv.ParseInt(digits, 10, 64); err == nil && v > latest {
			latest = v
		}
	}
	return latest
}

// checkMigrated refuses a database without nl2sql's migrations, or with
// only older ones than this binary's. A role that may not read goose's
// table (a client's) is not checked: the command says what it cannot do.
func checkMigrated(ctx context.Context, pool *pgxpool.Pool, url string) error {
	have, err := dbsqlc.New().MigrationVersion(ctx, pool)
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && (pgErr.Code == "42P01" || pgErr.Code == "3F000"): // no table, no schema rag
		have = 0
	case err != nil:
		return nil
	}
	want := latestMigration()
	if have >= want {
		return nil
	}
	state := "has no nl2sql tables"
	if have > 0 {
		state = fmt.Sprintf("is at nl2sql migration %d and this nl2sql needs %d", have, want)
	}
	return &errclass.Error{
		Class: errclass.InfraFailure, Code: "config.not_migrated",
		Message: fmt.Sprintf("nl2sql's database %s %s: run `nl2sql migrate` (or set NL2SQL_DATABASE_URL to the database it migrated)", redactURL(url), state),
	}
}

func dbUnreachable(url string, err error) error {
	ce := errclass.Classify(err)
	hint := "is PostgreSQL running? set NL2SQL_DATABASE_URL"
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "3D000" {
		hint = "run `nl2sql migrate` (it creates the database)"
	}
	return &errclass.Error{
		Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "config.database_url",
		Message: fmt.Sprintf("cannot connect to nl2sql's database %s: %s (%s)", redactURL(url), ce.Message, hint), Err: err,
	}
}

// redactURL hides a password in a connection string for messages.
func redactURL(u string) string {
	cfg, err := pgconn.ParseConfig(u)
	if err != nil {
		return "(unparsable URL)"
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}
