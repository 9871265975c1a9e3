package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// envVar documents one environment variable. The README's table is this
// list; `nl2sql env` prints it with the values in effect.
type envVar struct {
	Name, Default, Doc string
}

var envVars = []envVar{
	{"NL2SQL_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/nl2sql?sslmode=disable", "nl2sql's own database (rag.* and river.*); created by `nl2sql migrate` if missing; DATABASE_URL when unset. Put the password in PGPASSFILE/PGPASSWORD, not here, if you can."},
	{"OLLAMA_HOST", "http://127.0.0.1:11434", "Ollama server."},
	{"NL2SQL_LLM_PROVIDER", "ollama", "Model server: ollama, or openai for an OpenAI-compatible API (vLLM, llama.cpp's server, LM Studio, a hosted one)."},
	{"NL2SQL_OPENAI_BASE_URL", "http://127.0.0.1:8000/v1", "OpenAI-compatible server's base URL, as OpenAI's SDKs take it (chat/completions, embeddings and models are under it)."},
	{"NL2SQL_OPENAI_API_KEY", "", "API key of the OpenAI-compatible server, sent as a bearer token, or env:VAR to read it from VAR; never printed or stored. Empty: no key."},
	{"NL2SQL_OPENAI_STREAM", "false", "Ask the OpenAI-compatible server to stream replies (server-sent events)."},
	{"NL2SQL_MODEL", "qwen2.5-coder:7b", "Chat model that writes SQL."},
	{"NL2SQL_EMBED_MODEL", "nomic-embed-text", "Embedding model of the schema index (`nl2sql index`) and of questions; without it retrieval is lexical."},
	{"NL2SQL_TEMPERATURE", "0", "Sampling temperature."},
	{"NL2SQL_SEED", "", "Sampling seed; empty leaves it to the server."},
	{"NL2SQL_NUM_CTX", "32768", "Context window requested from Ollama (its own default, 2048, cuts schema prompts; the full demo ERP schema is ~16k tokens)."},
	{"NL2SQL_LLM_TIMEOUT", "120s", "Timeout of one model call."},
	{"NL2SQL_MAX_ATTEMPTS", "3", "Generations per question (first try + repairs)."},
	{"NL2SQL_CANDIDATES_ENABLED", "true", "Multi-candidate generation: several model calls per question, each with its own seed, the best candidate selected by deterministic scoring (seeds: MULTI_CANDIDATE_ENABLED). false: one call."},
	{"NL2SQL_CANDIDATES", "4", "Model calls for a medium question (seeds: MULTI_CANDIDATE_K); options.candidates overrides it per question."},
	{"NL2SQL_CANDIDATES_EASY", "2", "Model calls for an easy question (MULTI_CANDIDATE_K_EASY)."},
	{"NL2SQL_CANDIDATES_HARD", "6", "Model calls for a hard question (MULTI_CANDIDATE_K_HARD)."},
	{"NL2SQL_CANDIDATES_REPAIR", "1", "Model calls of a repair attempt."},
	{"NL2SQL_CANDIDATE_TEMPERATURE", "0.3", "Sampling temperature of the calls when there are several."},
	{"NL2SQL_CANDIDATE_BUDGET", "10s", "Time the calls of one attempt may take together; then the replies in hand are used (MULTI_CANDIDATE_TIME_BUDGET_MS)."},
	{"NL2SQL_EXPLAIN_PARALLEL", "4", "Candidates EXPLAINed at once, best first; later ones are skipped once one passes."},
	{"NL2SQL_REPAIR", "active", "Deterministic repair of failed candidates before any model retry (autocorrect, surgical column whitelist): active: the surgical tier rewrites when all nine gates pass; observe: it only records what it would do (autocorrect still applies); off: no deterministic repair."},
	{"NL2SQL_INFRA_ATTEMPTS", "5", "Tries of a stage that meets an unreachable LLM or database before the question fails."},
	{"NL2SQL_RETRY_BACKOFF", "1s", "First wait before such a retry; doubles each time."},
	{"NL2SQL_RETRY_BACKOFF_MAX", "30s", "Longest wait between retries."},
	{"NL2SQL_RETRIEVE_WORKERS", "10", "Concurrent retrieve jobs."},
	{"NL2SQL_LLM_WORKERS", "4", "Concurrent model calls; match OLLAMA_NUM_PARALLEL."},
	{"NL2SQL_DB_WORKERS", "10", "Concurrent validate/execute jobs."},
	{"NL2SQL_FETCH_COOLDOWN", "20ms", "Shortest time between two job fetches of a queue."},
	{"NL2SQL_FETCH_POLL_INTERVAL", "100ms", "How often a queue polls for jobs when no notification came."},
	{"NL2SQL_RESCUE_AFTER", "3m30s", "How long a job may run before another worker takes it over: the wait after a worker died without draining (kill -9), plus up to about 35s for River's rescuer and scheduler. At least 2m, the stage timeout; a generation is cut at this (else at 3m)."},
	{"NL2SQL_STATEMENT_TIMEOUT", "10s", "statement_timeout for executing a question's SQL."},
	{"NL2SQL_EXPLAIN_TIMEOUT", "5s", "statement_timeout for EXPLAIN during validation."},
	{"NL2SQL_MAX_ROWS", "1000", "Rows kept per result; more set truncated."},
	{"NL2SQL_READ_ONLY_ROLE", "", "Role assumed with SET LOCAL ROLE for EXPLAIN and execution."},
	{"NL2SQL_TARGET_MAX_CONNS", "4", "Connection pool size per target database."},
	{"NL2SQL_SCHEMA_FORMAT", "mschema", "Schema context format: mschema or create_table."},
	{"NL2SQL_JOIN_HINTS", "edges", "Join hints: edges, paths, both or none."},
	{"JOIN_HINT_FORMAT", "", "The seeds' name for NL2SQL_JOIN_HINTS, used when that is not set."},
	{"RETRIEVAL_TABLE_THRESHOLD", "100", "Databases with at least this many tables use RAG (schema retrieval); smaller ones get the full schema."},
	{"ENABLE_DOC_RETRIEVAL", "true", "false: every question gets the full schema unless options.retrieval asks for RAG."},
	{"NL2SQL_RAG_MAX_FULL_TABLES", "99", "When RAG fails or finds nothing, the tables whose names or descriptions match the question (wholly or in part) are included; when none does, a database of at most this many tables gets the full schema and a larger one its 12 most connected tables. Capped at RETRIEVAL_TABLE_THRESHOLD - 1."},
	{"BM25_SEARCH_ENABLED", "true", "Lexical (BM25) search of the schema index; false leaves embeddings alone."},
	{"MODULE_ROUTER_ENABLED", "true", "The module router: boosts the tables of the modules a question is about."},
	{"COLUMN_PRUNING_ENABLED", "false", "Per included table, only key, foreign-key and the 5 best matching columns (the seeds measured a regression)."},
	{"NL2SQL_RAG_TABLE_TOP_K", "30", "Table hits per search (seeds: tableTopK 15; BM25 ranks every table anyway, and the one a question names may be 20th among tables matching more of its words)."},
	{"NL2SQL_RAG_COLUMN_TOP_K", "50", "Column hits per search (seeds: columnTopK)."},
	{"NL2SQL_RAG_VALUE_TOP_K", "20", "Value hits (distinct values of low-cardinality columns) per search."},
	{"NL2SQL_RAG_TABLE_THRESHOLD", "0.20", "Least cosine similarity of a vector table hit (seeds: tableThreshold); lexical hits are bounded by their top K."},
	{"NL2SQL_RAG_COLUMN_THRESHOLD", "0.18", "Least cosine similarity of a vector column hit (seeds: columnThreshold)."},
	{"NL2SQL_RAG_TABLE_WEIGHT", "0.6", "Score fusion: weight of a table's own relevance (seeds: tableWeight)."},
	{"NL2SQL_RAG_COLUMN_WEIGHT", "0.4", "Score fusion: weight of its columns', top1 + 0.5·top2 (seeds: columnWeight)."},
	{"NL2SQL_RAG_GENERIC_DOWNWEIGHT", "0.7", "Multiplier of generic columns (id, status, name, created_at, plain foreign keys) (seeds: genericDownweight)."},
	{"NL2SQL_RAG_RRF_K", "60", "Reciprocal rank fusion's k: lexical and vector hits fuse by 1/(k + rank)."},
	{"NL2SQL_RAG_MAX_TABLES", "10", "Tables selected before FK expansion (seeds: maxTables)."},
	{"NL2SQL_RAG_FINAL_MAX_TABLES", "12", "Most tables after FK expansion and join bridges (seeds: finalMaxTables)."},
	{"NL2SQL_RAG_COVERAGE_EXTRA", "3", "Most tables added so that each word of the question is matched by a selected table (its best one); negative: off."},
	{"NL2SQL_RAG_COVERAGE_MIN_SCORE", "0.05", "Least score (share of the best) of a table added for coverage."},
	{"NL2SQL_RAG_MODULE_BOOST", "0.2", "Routed modules' tables score 1 + this times as much."},
	{"FK_EXPANSION_ENABLED", "true", "Relevance-gated FK expansion: foreign-key neighbours of the selected tables that are in the evidence set are added."},
	{"JOIN_PLANNER_ENABLED", "true", "The join planner: bridge tables (a Steiner tree over the foreign keys) joining selected tables that no foreign key links."},
	{"NL2SQL_RAG_FK_EXPANSION_CAP", "3", "Most tables FK expansion adds (seeds: fkExpansionCap)."},
	{"NL2SQL_RAG_FK_EVIDENCE_TOP_K", "20", "The evidence set FK expansion draws from: the best ranked tables (seeds: fkEvidenceTopK) ..."},
	{"NL2SQL_RAG_FK_EVIDENCE_THRESHOLD", "0.20", "... scoring at least this share of the best (seeds: fkEvidenceThreshold)."},
	{"NL2SQL_RAG_FK_DECAY", "0.5", "Share of an included table's score passed to its foreign-key neighbours when FK expansion orders them."},
	{"NL2SQL_RAG_HUB_DEGREE", "8", "Tables with more foreign keys than this are hubs: FK expansion takes at most NL2SQL_RAG_HUB_EXPANSION_CAP of their neighbours, the join planner only those the evidence points at."},
	{"NL2SQL_RAG_HUB_EXPANSION_CAP", "1", "FK expansion candidates a hub contributes."},
	{"NL2SQL_RAG_BRIDGE_MIN_SCORE", "0.3", "Least score (share of the best) of a selected table the join planner connects."},
	{"NL2SQL_RAG_BRIDGE_COST", "0.25", "Cost of a bridge table, times one minus its own score; a table is connected when its score exceeds its route's cost."},
	{"NL2SQL_RAG_ROLE_EDGE_COST", "0.35", "Cost of joining along a foreign key named unlike its key that the question does not mention (created_by → employees)."},
	{"NL2SQL_RAG_BRIDGE_MAX_HOPS", "2", "Most bridge tables on one route between two selected tables."},
	{"NL2SQL_RAG_BRIDGE_CAP", "3", "Most bridge tables the join planner adds."},
	{"NL2SQL_RAG_LINKING", "true", "Schema linking with the chat model (RAG only): the best ranked tables are listed to it, and the tables it picks join the strongest lexical ones. Bounded in time and tokens; on any failure the lexical result is used. false: no linking call."},
	{"NL2SQL_RAG_LINKING_MODEL", "", "Chat model asked for schema linking; empty: NL2SQL_MODEL."},
	{"NL2SQL_RAG_LINKING_CANDIDATES", "30", "Best ranked tables listed to the model (one line each: name, description, key, joins, columns); as many as one search returns table hits."},
	{"NL2SQL_RAG_LINKING_KEEP", "5", "Best lexical tables kept whatever the model picks: it can add and re-rank, not drop them."},
	{"NL2SQL_RAG_LINKING_TIMEOUT", "8s", "Longest wait for the linking reply; then, and for 30s after a failure, the lexical result is used."},
	{"NL2SQL_RAG_LINKING_MAX_TOKENS", "256", "Most tokens of the linking reply (num_predict)."},
	{"NL2SQL_RAG_COPY_PENALTY", "0.1", "A copy of a table (shadow_, _hist, _bak, _old, an archive schema) scores at most this times the table it copies, unless the question asks for history; 1 only keeps it from outranking it."},
	{"NL2SQL_BM25_K1", "1.2", "BM25 term frequency saturation."},
	{"NL2SQL_BM25_B", "0.75", "BM25 length normalisation."},
	{"NL2SQL_BM25_MIN_IDF", "1.5", "Question terms in a fifth or more of a large schema's documents (idf below this; id among columns) are left out of the search: they cost the most and rank little."},
	{"NL2SQL_VALUE_INDEX_MAX_VALUES", "50", "The value index keeps the distinct values of text columns with at most this many in their sample."},
	{"NL2SQL_VALUE_INDEX_SAMPLE_ROWS", "10000", "Rows read per table (one bounded statement) to sample its values."},
	{"NL2SQL_EMBED_BATCH", "50", "Texts per embedding call when indexing."},
	{"NL2SQL_BENCH_HELDOUT_DIR", "", "Directory of the held-out retrieval sets (`nl2sql bench heldout import --out`), outside the repository; unset: `nl2sql bench retrieval` skips them and says so."},
	{"NL2SQL_MCP_MAX_ROWS", "100", "Rows nl_query asks for when the MCP call gives no max_rows."},
	{"NL2SQL_MCP_TIMEOUT", "5m", "How long nl_query waits for an answer; the question then stays queued (get_query)."},
	{"NL2SQL_MCP_NO_WORKER_WAIT", "5s", "How long nl_query waits when no `nl2sql serve` runs before saying so (the question stays queued)."},
	{"NL2SQL_READY_TIMEOUT", "2s", "Bound on each /readyz check and on the queue-depth query of each /metrics scrape (serve --http)."},
	{"NL2SQL_LOG_LEVEL", "info", "debug, info, warn or error."},
	{"NL2SQL_LOG_FORMAT", "text", "text or json."},
	{"GOGC", "400", "Go's GC target; nl2sql raises Go's default of 100 (see `nl2sql bench pipeline`)."},
}

// env reads the variables above, falling back to their defaults, and
// collects every malformed value so they are all reported at once.
type env struct {
	lookup func(string) (string, bool)
	errs   []string
	// logs is where logger writes; nil is os.Stderr.
	logs io.Writer
}

func newEnv(lookup func(string) (string, bool)) *env {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	return &env{lookup: lookup}
}

func defaultOf(name string) string {
	for _, v := range envVars {
		if v.Name == name {
			return v.Default
		}
	}
	panic("undocumented environment variable " + name)
}

func (e *env) str(name string) string {
	if v, ok := e.lookup(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return defaultOf(name)
}

// databaseURL is NL2SQL_DATABASE_URL, or DATABASE_URL when it is unset, as
// River's and goose's command-line tools take it.
func (e *env) databaseURL() string { return e.strOr("NL2SQL_DATABASE_URL", "DATABASE_URL") }

// strOr is name's value, or alias's when name is not set (an older name: docs/DESIGN.md, Retrieval parameters).
func (e *env) strOr(name, alias string) string {
	if v, ok := e.lookup(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	if v, ok := e.lookup(alias); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return defaultOf(name)
}

func (e *env) int(name string) int {
	s := e.str(name)
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s=%q is not an integer", name, s))
	}
	return n
}

func (e *env) bool(name string) bool {
	s := e.str(name)
	b, err := strconv.ParseBool(s)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s=%q is not true or false", name, s))
	}
	return b
}

func (e *env) float(name string) float64 {
	s := e.str(name)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s=%q is not a number", name, s))
	}
	return f
}

func (e *env) duration(name string) time.Duration {
	s := e.str(name)
	d, err := time.ParseDuration(s)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s=%q is not a duration (e.g. 500ms, 10s, 2m)", name, s))
	}
	return d
}

// shortDuration prints d without zero units: 2m rather than 2m0s.
func shortDuration(d time.Duration) string {
	out := d.String()
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

func (e *env) err() error {
	if len(e.errs) == 0 {
		return nil
	}
	return &errclass.Error{Class: errclass.InfraFailure, Code: "config.env", Permanent: true,
		Message: "bad environment: " + strings.Join(e.errs, "; ")}
}

func (e *env) logger() *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(e.str("NL2SQL_LOG_LEVEL"))); err != nil {
		e.errs = append(e.errs, fmt.Sprintf("NL2SQL_LOG_LEVEL=%q is not one of debug, info, warn, error", e.str("NL2SQL_LOG_LEVEL")))
	}
	opts := &slog.HandlerOptions{Level: level}
	w := e.logs
	if w == nil {
		w = os.Stderr
	}
	switch f := e.str("NL2SQL_LOG_FORMAT"); f {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts))
	case "text":
		return slog.New(slog.NewTextHandler(w, opts))
	default:
		e.errs = append(e.errs, fmt.Sprintf("NL2SQL_LOG_FORMAT=%q is not text or json", f))
		return slog.New(slog.NewTextHandler(w, opts))
	}
}
