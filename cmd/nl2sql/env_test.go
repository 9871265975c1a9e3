package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

var update = flag.Bool("update", false, "rewrite the README's table of environment variables from envVars")

const readmePath = "../../README.md"

// readmeTableHeader starts the README's table of environment variables.
const readmeTableHeader = "| Variable | Default | Meaning |\n|---|---|---|\n"

// readmeRows is the README's table as envVars makes it: the variable and
// its older names, the default, the meaning.
func readmeRows() string {
	var b strings.Builder
	for _, v := range envVars {
		name := "`" + v.Name + "`"
		if len(v.Aliases) > 0 {
			name += " (alias `" + strings.Join(v.Aliases, "`, `") + "`)"
		}
		def := "unset"
		if d := v.defaultOf(); d != "" {
			def = "`" + d + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", name, def, v.Doc)
	}
	return b.String()
}

// envWith is an environment of vars alone.
func envWith(vars map[string]string) *Main {
	return &Main{Getenv: func(k string) (string, bool) { v, ok := vars[k]; return v, ok }, Logs: &bytes.Buffer{}}
}

// formatted is every variable's value in s, as the environment writes it.
func formatted(s *settings) map[string]string {
	out := map[string]string{}
	for _, v := range envVars {
		if v.field != nil {
			out[v.Name] = v.format(s)
		}
	}
	return out
}

// TestEnvREADME keeps the README's table what envVars says; -update
// rewrites it.
func TestEnvREADME(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) (readme string, start, end int) {
		t.Helper()
		b, err := os.ReadFile(readmePath)
		require.NoError(t, err)
		readme = string(b)
		start = strings.Index(readme, readmeTableHeader)
		require.GreaterOrEqual(t, start, 0, "README has no table of environment variables")
		start += len(readmeTableHeader)
		end = start
		for end < len(readme) && readme[end] == '|' {
			end += strings.IndexByte(readme[end:], '\n') + 1
		}
		return readme, start, end
	}
	readme, start, end := setup(t)
	want := readmeRows()
	if *update {
		require.NoError(t, os.WriteFile(readmePath, []byte(readme[:start]+want+readme[end:]), 0o644))
		return
	}
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(readme[start:end], "\n")); diff != "" {
		t.Errorf("README's environment variables differ from envVars (-want +got), run go test ./cmd/nl2sql -run TestEnvREADME -update:\n%s", diff)
	}
}

func TestEnvDefaults(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, vars map[string]string) *settings {
		t.Helper()
		s, err := loadSettings(envWith(vars))
		require.NoError(t, err)
		return s
	}
	empty := setup(t, nil)

	t.Run("EachNameOnce", func(t *testing.T) {
		t.Parallel()
		names := map[string]bool{}
		fields := map[any]string{}
		s := defaultSettings()
		for _, v := range envVars {
			for _, n := range append([]string{v.Name}, v.Aliases...) {
				require.False(t, names[n], "%s is listed twice", n)
				names[n] = true
			}
			if v.Name != "GOGC" { // Go's own
				require.True(t, strings.HasPrefix(v.Name, "NL2SQL_"), "%s: every variable of nl2sql's is NL2SQL_*; an older name is an alias", v.Name)
			}
			if v.field == nil {
				continue
			}
			p := reflect.ValueOf(v.field(s)).Pointer()
			require.NotContains(t, fields, p, "%s and %s set the same field", v.Name, fields[p])
			fields[p] = v.Name
		}
	})

	t.Run("PrintedDefaultsAreTheDefaults", func(t *testing.T) {
		t.Parallel()
		// Setting every variable to the default it prints changes nothing:
		// the printed default is the package's, to the last digit.
		vars := map[string]string{}
		for _, v := range envVars {
			if d := v.defaultOf(); v.field != nil && d != "" {
				vars[v.Name] = d
			}
		}
		require.Equal(t, formatted(empty), formatted(setup(t, vars)))
	})

	t.Run("ConstructorsKeepThem", func(t *testing.T) {
		t.Parallel()
		// What a constructor makes of the settings (WithDefaults again) is
		// what `nl2sql env` prints.
		s := setup(t, nil)
		s.LLM = s.LLM.WithDefaults()
		s.Worker = s.Worker.WithDefaults()
		s.Target = s.Target.WithDefaults()
		s.Index = s.Index.WithDefaults()
		s.Pipeline = s.Pipeline.WithDefaults()
		s.Pipeline.Retrieval = s.Pipeline.Retrieval.WithDefaults()
		s.Pipeline.RAG = s.Pipeline.RAG.WithDefaults()
		s.Pipeline.Strategy = s.Pipeline.Strategy.WithDefaults()
		s.Pipeline.Repair = s.Pipeline.Repair.WithDefaults()
		s.Ops.MCP = s.Ops.MCP.WithDefaults()
		s.Ops.Metrics = s.Ops.Metrics.WithDefaults()
		require.Equal(t, formatted(empty), formatted(s))
	})

	t.Run("EnvPrintsThem", func(t *testing.T) {
		t.Parallel()
		c := &cli{t: t, env: map[string]string{}}
		r := c.run("", "env")
		require.Equal(t, 0, r.code, r.stderr)
		values := envValues(t, r.stdout)
		require.Len(t, values, len(envVars))
		for _, v := range envVars {
			require.Equal(t, orDash(v.defaultOf()), values[v.Name], "%s: the default, and nothing says it differs", v.Name)
		}

		// An unset variable whose default follows another setting shows
		// the value it follows to.
		c.env["NL2SQL_GENERATE_TIMEOUT"] = "6m"
		r = c.run("", "env")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "6m30s (default 3m30s)", envValues(t, r.stdout)["NL2SQL_RESCUE_AFTER"])
	})
}

// envValues is each variable's value in nl2sql env's output, by name:
// what its line says after the name.
func envValues(t *testing.T, stdout string) map[string]string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Regexp(t, `^VARIABLE +IN EFFECT$`, lines[0])
	values := map[string]string{}
	for _, line := range lines[1:] {
		if strings.HasPrefix(line, " ") {
			continue // a meaning
		}
		name, value, ok := strings.Cut(line, "  ")
		require.True(t, ok, line)
		require.NotContains(t, values, name)
		values[name] = strings.TrimLeft(value, " ")
	}
	return values
}

// TestEnvFitsTheTerminal: nl2sql env's lines fit an 80- or 120-column
// terminal (80 when stdout is none), the values aligned in a column and
// each meaning whole under its variable, wrapped with a hanging indent.
// The meaning was a fifth column after the default's, which the database
// URL's 57 characters pushed to the 184th: lines of up to 594 columns
// that the terminal wrapped from its first.
func TestEnvFitsTheTerminal(t *testing.T) {
	t.Parallel()
	for _, columns := range []int{0, 80, 120, 200} {
		t.Run(fmt.Sprint(columns), func(t *testing.T) {
			t.Parallel()
			c := &cli{t: t, env: map[string]string{}, columns: columns}
			r := c.run("", "env")
			require.Equal(t, 0, r.code, r.stderr)
			fits := columns
			if fits == 0 {
				fits = 80 // no terminal
			}
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			valueAt := strings.Index(lines[0], "IN EFFECT")
			meanings := map[string][]string{}
			name := ""
			for _, line := range lines[1:] {
				if fits >= 100 || !strings.HasPrefix(line, "NL2SQL_DATABASE_URL ") { // its 57 characters fit no 80 columns
					require.LessOrEqual(t, displayWidth(line), fits, "%q", line)
				}
				if m, ok := strings.CutPrefix(line, "    "); ok {
					require.LessOrEqual(t, displayWidth(line), min(fits, 120), "a meaning's line: %q", line)
					meanings[name] = append(meanings[name], m)
					continue
				}
				name = line[:strings.IndexByte(line, ' ')]
				require.NotContains(t, strings.TrimSpace(line[len(name):]), "  ", "%s: its line holds its name and value alone", name)
				if displayWidth(line) > fits {
					require.Equal(t, name+"  ", line[:len(name)+2], "a value wider than its column follows its name")
					require.Greater(t, len(name)+2+displayWidth(strings.TrimSpace(line[len(name):])), fits, "only when it must")
					continue
				}
				if valueAt+displayWidth(strings.TrimSpace(line[len(name):])) <= fits {
					require.NotEqual(t, byte(' '), line[valueAt], "%s: aligned", name)
					require.Equal(t, byte(' '), line[valueAt-1], "%s: aligned", name)
				}
			}
			require.Len(t, meanings, len(envVars))
			for _, v := range envVars {
				want := plainText(v.Doc)
				if len(v.Aliases) > 0 {
					want = "Alias " + strings.Join(v.Aliases, ", ") + ". " + want
				}
				require.Equal(t, strings.Join(strings.Fields(want), " "), strings.Join(meanings[v.Name], " "), v.Name)
			}
			if fits == 80 {
				require.Equal(t, "NL2SQL_DATABASE_URL  postgres://postgres@127.0.0.1:5432/nl2sql?sslmode=disable", lines[1],
					"the longest default follows its name: aligned, it would not fit")
			}
		})
	}
}

func TestEnvExplicitZero(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, vars map[string]string) (*settings, error) {
		t.Helper()
		return loadSettings(envWith(vars))
	}

	t.Run("Honoured", func(t *testing.T) {
		t.Parallel()
		s, err := setup(t, map[string]string{
			"NL2SQL_CANDIDATE_TEMPERATURE": "0", "NL2SQL_CANDIDATE_BUDGET": "0s",
			"NL2SQL_RAG_COVERAGE_EXTRA": "0", "NL2SQL_RAG_FK_EXPANSION_CAP": "0", "NL2SQL_RAG_BRIDGE_CAP": "0",
			"NL2SQL_RAG_TABLE_THRESHOLD": "0", "NL2SQL_RAG_MODULE_BOOST": "0", "NL2SQL_RAG_COPY_PENALTY": "0",
			"NL2SQL_RAG_MAX_FULL_TABLES": "0", "NL2SQL_BM25_B": "0", "NL2SQL_BM25_MIN_IDF": "0", "NL2SQL_RAG_MIN_TABLES": "0",
			"NL2SQL_CATALOG_CHECK_INTERVAL": "0", "NL2SQL_LLM_BREAKER_FAILURES": "0",
		})
		require.NoError(t, err)
		require.Zero(t, s.LLM.WithDefaults().Breaker.Failures, "the model breakers are off")
		// As the worker, the pipeline and the index get them.
		w := s.Worker.WithDefaults().Candidates
		require.Zero(t, w.Temperature)
		require.Zero(t, w.Budget)
		require.Zero(t, s.Worker.WithDefaults().CatalogCheckInterval, "the catalog check is off")
		rag := s.Pipeline.RAG.WithDefaults()
		require.Zero(t, rag.CoverageExtra)
		require.Zero(t, rag.FKExpansionCap)
		require.Zero(t, rag.BridgeCap)
		require.Zero(t, rag.TableThreshold)
		require.Zero(t, rag.ModuleBoost)
		require.Zero(t, rag.CopyPenalty)
		require.Zero(t, rag.MinTables)
		require.Zero(t, s.Pipeline.Strategy.WithDefaults().MaxFullTables)
		require.Zero(t, s.Pipeline.Index.WithDefaults().B)
		require.Zero(t, s.Pipeline.Index.WithDefaults().MinIDF)
		// Unset, they are the defaults.
		d := defaultSettings()
		require.InDelta(t, 0.3, d.Worker.Candidates.Temperature, 1e-9)
		require.Equal(t, 10*time.Minute, d.Worker.CatalogCheckInterval)
		require.Equal(t, 5, d.LLM.Breaker.Failures)
		require.Equal(t, 3, d.Pipeline.RAG.CoverageExtra)
	})

	t.Run("RefusedWhereMeaningless", func(t *testing.T) {
		t.Parallel()
		_, err := setup(t, map[string]string{
			"NL2SQL_MAX_ROWS": "0", "NL2SQL_CANDIDATES": "0", "NL2SQL_LLM_TIMEOUT": "0s", "NL2SQL_RAG_TABLE_THRESHOLD": "1.5",
			"NL2SQL_LLM_BREAKER_COOLDOWN": "0s", "NL2SQL_LLM_BREAKER_FAILURES": "-1",
			"NL2SQL_SCHEMA_FORMAT": "yaml", "RETRIEVAL_TABLE_THRESHOLD": "many", "NL2SQL_OLLAMA_HOST": "localhost:port",
		})
		require.Error(t, err)
		for _, want := range []string{
			`NL2SQL_MAX_ROWS="0" must be at least 1`,
			`NL2SQL_CANDIDATES="0" must be between 1 and 10`,
			`NL2SQL_LLM_TIMEOUT="0s" must be at least 1ms`,
			`NL2SQL_LLM_BREAKER_COOLDOWN="0s" must be at least 1ms`,
			`NL2SQL_LLM_BREAKER_FAILURES="-1" must be at least 0`,
			`NL2SQL_RAG_TABLE_THRESHOLD="1.5" must be between 0 and 1`,
			`NL2SQL_SCHEMA_FORMAT="yaml" must be mschema or create_table`,
			`RETRIEVAL_TABLE_THRESHOLD="many" is not an integer`, // the name the value came from
			`NL2SQL_OLLAMA_HOST="localhost:port" is not valid: llm: Ollama host "localhost:port": invalid port "port"`,
		} {
			require.ErrorContains(t, err, want)
		}
	})
}

// Several candidates sample at NL2SQL_CANDIDATE_TEMPERATURE: 0 is sent as
// 0, not as the default 0.3.
func TestEnvExplicitZeroReachesTheModel(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.env["NL2SQL_CANDIDATE_TEMPERATURE"] = "0"
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "SELECT name FROM customers ORDER BY name"})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan result, 1)
	go func() { served <- c.runCtx(ctx, "", "serve") }()
	r := c.run("", "ask", "--db", "shop", "Which customers do we have?")
	cancel()
	require.Equal(t, 0, r.code, r.stderr)
	select {
	case r := <-served:
		require.Equal(t, 0, r.code, r.stderr)
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	chats := c.ollama.ChatRequests()
	require.Greater(t, len(chats), 1, "several candidates")
	for _, chat := range chats {
		require.Contains(t, chat.Options, "seed")
		require.Equal(t, 0.0, chat.Options["temperature"])
	}
}

func TestEnvAliases(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, vars map[string]string) (*settings, string) {
		t.Helper()
		m := envWith(vars)
		s, err := loadSettings(m)
		require.NoError(t, err)
		return s, m.Logs.(*bytes.Buffer).String()
	}

	t.Run("Accepted", func(t *testing.T) {
		t.Parallel()
		s, logs := setup(t, map[string]string{
			"OLLAMA_HOST": "http://ollama.internal:11434", "RETRIEVAL_TABLE_THRESHOLD": "40",
			"FK_EXPANSION_ENABLED": "false", "JOIN_PLANNER_ENABLED": "false", "JOIN_HINT_FORMAT": "both",
			"COLUMN_PRUNING_ENABLED": "true", "BM25_SEARCH_ENABLED": "false", "MODULE_ROUTER_ENABLED": "false",
			"ENABLE_DOC_RETRIEVAL": "false", "DATABASE_URL": "postgres://elsewhere/db",
		})
		require.Empty(t, logs)
		require.Equal(t, "http://ollama.internal:11434", s.LLM.Host)
		require.Equal(t, 40, s.Pipeline.Strategy.Threshold)
		require.True(t, s.Pipeline.RAG.FKExpansionDisabled)
		require.True(t, s.Pipeline.RAG.JoinPlannerDisabled)
		require.EqualValues(t, "both", s.Pipeline.Retrieval.JoinHints)
		require.True(t, s.Pipeline.RAG.ColumnPruning)
		require.True(t, s.Pipeline.RAG.LexicalDisabled)
		require.True(t, s.Pipeline.RAG.RouterDisabled)
		require.True(t, s.Pipeline.Strategy.DocRetrievalDisabled)
		require.Equal(t, "postgres://elsewhere/db", s.DatabaseURL)
	})

	t.Run("NewNameWins", func(t *testing.T) {
		t.Parallel()
		s, logs := setup(t, map[string]string{
			"NL2SQL_OLLAMA_HOST": "http://new:11434", "OLLAMA_HOST": "http://old:11434",
			"NL2SQL_RETRIEVAL_TABLE_THRESHOLD": "50", "RETRIEVAL_TABLE_THRESHOLD": "50", // the same: no warning
			"NL2SQL_DATABASE_URL": "postgres://u:secret@new/db", "DATABASE_URL": "postgres://u:secret@old/db",
		})
		require.Equal(t, "http://new:11434", s.LLM.Host)
		require.Equal(t, 50, s.Pipeline.Strategy.Threshold)
		require.Equal(t, "postgres://u:secret@new/db", s.DatabaseURL)
		require.Contains(t, logs, "using=NL2SQL_OLLAMA_HOST ignoring=OLLAMA_HOST")
		require.Contains(t, logs, "using=NL2SQL_DATABASE_URL ignoring=DATABASE_URL")
		require.NotContains(t, logs, "RETRIEVAL_TABLE_THRESHOLD")
		require.NotContains(t, logs, "secret", "values are not logged")
		require.Equal(t, 2, strings.Count(logs, "level=WARN"))
	})

	t.Run("MigrateWarns", func(t *testing.T) {
		t.Parallel()
		// The command that creates databases says which URL it used.
		m := envWith(map[string]string{"NL2SQL_DATABASE_URL": "postgres://u@127.0.0.1:1/new", "DATABASE_URL": "postgres://u@127.0.0.1:1/old"})
		m.Stdout, m.Stderr = io.Discard, io.Discard
		require.Equal(t, exitFailure, m.Run(context.Background(), []string{"migrate"}))
		require.Contains(t, m.Logs.(*bytes.Buffer).String(), "using=NL2SQL_DATABASE_URL ignoring=DATABASE_URL")
	})

	t.Run("Listed", func(t *testing.T) {
		t.Parallel()
		c := &cli{t: t, env: map[string]string{"OLLAMA_HOST": "http://old:11434"}}
		r := c.run("", "env")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "http://old:11434 (from OLLAMA_HOST; default http://127.0.0.1:11434)", envValues(t, r.stdout)["NL2SQL_OLLAMA_HOST"])
		readme, err := os.ReadFile(readmePath)
		require.NoError(t, err)
		require.Contains(t, string(readme), "| `NL2SQL_OLLAMA_HOST` (alias `OLLAMA_HOST`) |")
	})
}

// TestEnvRelationErrors: a package's check of two settings together names
// its Config's fields; the user is told which variables set them.
func TestEnvRelationErrors(t *testing.T) {
	t.Parallel()
	c := setup(t)
	for vars, want := range map[[2]string]string{
		{"NL2SQL_RETRY_BACKOFF=10m", "NL2SQL_RETRY_BACKOFF_MAX=1m"}:   "(set by NL2SQL_RETRY_BACKOFF, NL2SQL_RETRY_BACKOFF_MAX)",
		{"NL2SQL_RAG_TABLE_WEIGHT=0", "NL2SQL_RAG_COLUMN_WEIGHT=0"}:   "(set by NL2SQL_RAG_TABLE_WEIGHT, NL2SQL_RAG_COLUMN_WEIGHT)",
		{"NL2SQL_FETCH_COOLDOWN=2s", "NL2SQL_FETCH_POLL_INTERVAL=1s"}: "(set by NL2SQL_FETCH_COOLDOWN, NL2SQL_FETCH_POLL_INTERVAL)",
	} {
		env := maps.Clone(c.env)
		for _, kv := range vars {
			k, v, _ := strings.Cut(kv, "=")
			env[k] = v
		}
		r := (&cli{t: t, db: c.db, ollama: c.ollama, env: env}).run("", "serve")
		require.Equal(t, exitFailure, r.code, r.stderr)
		require.Contains(t, r.stderr, want)
	}
	require.Equal(t, "retrieval: Link.Timeout must be at least 1ms (set by NL2SQL_RAG_LINKING_TIMEOUT)", variableNames("retrieval: Link.Timeout must be at least 1ms"))
	require.Equal(t, "worker: Nonsense is bad", variableNames("worker: Nonsense is bad"), "a name no variable sets")
	require.Equal(t, "no package named", variableNames("no package named"))
}

// TestEnvUnknownVariables: a misspelt variable would keep its default
// without a word; every command that reads the environment says so, and
// `nl2sql env` lists every NL2SQL_ variable it does not read.
func TestEnvUnknownVariables(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"NL2SQL_LLM_WORKRES": "3", "nl2sql_max_rows": "5", "NL2SQL_SALES_DSN": "postgres://u@h/sales",
		"NL2SQL_TEST_DATABASE_URL": "postgres://u@h/t", "NL2SQL_MAX_ROWS": "7", "PATH": "/bin",
	}
	withEnviron := func() *Main {
		m := envWith(vars)
		m.Environ = func() []string {
			var kvs []string
			for k, v := range vars {
				kvs = append(kvs, k+"="+v)
			}
			return kvs
		}
		m.Stdout, m.Stderr = io.Discard, io.Discard
		return m
	}

	t.Run("Commands", func(t *testing.T) {
		t.Parallel()
		m := withEnviron()
		_, err := loadSettings(m)
		require.NoError(t, err, "a warning, not a refusal")
		logs := m.Logs.(*bytes.Buffer).String()
		require.Contains(t, logs, "NL2SQL_LLM_WORKRES is not a variable nl2sql reads, so it is ignored: did you mean NL2SQL_LLM_WORKERS?")
		require.Contains(t, logs, "nl2sql_max_rows is not a variable nl2sql reads, so it is ignored: did you mean NL2SQL_MAX_ROWS?")
		require.NotContains(t, logs, "NL2SQL_SALES_DSN", "a name like no setting's may be a DSN's (env:VAR)")
		require.NotContains(t, logs, "NL2SQL_TEST_DATABASE_URL")
		require.NotContains(t, logs, "NL2SQL_MAX_ROWS is not")
	})

	t.Run("Env", func(t *testing.T) {
		t.Parallel()
		m := withEnviron()
		require.Equal(t, exitOK, m.Run(context.Background(), []string{"env"}))
		logs := m.Logs.(*bytes.Buffer).String()
		require.Contains(t, logs, "did you mean NL2SQL_LLM_WORKERS?")
		require.Contains(t, logs, "NL2SQL_SALES_DSN is not a variable nl2sql reads")
	})
}

// TestEnvRefusesWhatCommandsRefuse: a database URL or OpenAI base URL the
// commands cannot use makes `nl2sql env` exit 1 naming the variable, as
// the README promises, without showing the password.
func TestEnvRefusesWhatCommandsRefuse(t *testing.T) {
	t.Parallel()
	for name, val := range map[string]string{
		"NL2SQL_DATABASE_URL":    "postgres://u:s3cret@h/db?sslmode=bogus",
		"DATABASE_URL":           "host=h password=s3cret port=abc",
		"NL2SQL_OPENAI_BASE_URL": "not a url",
	} {
		c := &cli{t: t, env: map[string]string{name: val}}
		r := c.run("", "env")
		require.Equal(t, exitFailure, r.code, "%s=%s: %s", name, val, r.stderr)
		require.Contains(t, r.stderr, "bad environment: "+name+"=")
		require.NotContains(t, r.stderr+r.stdout, "s3cret")
		if name != "NL2SQL_OPENAI_BASE_URL" {
			r = c.run("", "migrate")
			require.Equal(t, exitFailure, r.code)
			require.Contains(t, r.stderr, "bad environment: "+name+"=", "refused as a setting, not as a connection failure")
			require.NotContains(t, r.stderr, "s3cret")
		}
	}
}

// TestEnvRefusesAnUnresolvableAPIKey: with the OpenAI-compatible provider,
// an NL2SQL_OPENAI_API_KEY that refers to a variable that is not set (or
// to none) was accepted by `nl2sql env` (exit 0), while serve, ask and the
// exam refused to start over it ("unknown: llm: ..."). Both now refuse it
// as a setting, naming the variable.
func TestEnvRefusesAnUnresolvableAPIKey(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"env:NL2SQL_TEST_NO_SUCH_KEY", "env:"} {
		c := &cli{t: t, env: map[string]string{"NL2SQL_LLM_PROVIDER": "openai", "NL2SQL_OPENAI_API_KEY": key}}
		for _, cmd := range []string{"env", "serve"} {
			r := c.run("", cmd)
			require.Equal(t, exitFailure, r.code, "%s with %s: %s", cmd, key, r.stderr)
			require.Contains(t, r.stderr, "bad environment: NL2SQL_OPENAI_API_KEY", "%s with %s", cmd, key)
		}
	}
	// With Ollama the key is not read.
	c := &cli{t: t, env: map[string]string{"NL2SQL_OPENAI_API_KEY": "env:NL2SQL_TEST_NO_SUCH_KEY"}}
	r := c.run("", "env")
	require.Equal(t, 0, r.code, r.stderr)
}
