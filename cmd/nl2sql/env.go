package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/mcpserver"
	"github.com/nl2sql/nl2sql/internal/metrics"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/opshttp"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// envVar is one environment variable. loadSettings reads this list, `nl2sql
// env` prints it and the README's table is generated from it (TestEnvREADME);
// a default is never written here but read from the setting's package
// (defaultSettings).
type envVar struct {
	Name string
	// Aliases are older names, read when Name is unset; when both are set
	// to different values Name wins and a warning is logged.
	Aliases []string
	// Doc is the README's meaning of the variable (Markdown).
	Doc string
	// field is the setting the variable sets: a pointer into s to a
	// string, bool, int, int32, float64 or time.Duration (or a type of
	// those kinds), or to a pointer to one (nil: unset), or to a []string
	// (written comma-separated; check, when set, sees each element).
	field func(s *settings) any
	// not makes the variable the negation of its bool field: an _ENABLED
	// variable over a Disabled field.
	not bool
	// min and max bound a number or duration, written as a value is; ""
	// is no bound. A zero that means nothing is refused by its bound,
	// never silently replaced by the default.
	min, max string
	// oneOf lists the values a string may take.
	oneOf []string
	// check validates a value beyond its type and bounds.
	check func(string) error
	// fixed is the default of a variable nl2sql does not read into its
	// settings (GOGC, read by Go's runtime).
	fixed string
}

// maxK bounds the candidate counts (candidate.MaxK).
var maxK = strconv.Itoa(candidate.MaxK)

// repairOff is NL2SQL_REPAIR's value that turns deterministic repair off
// (settings.RepairOff); the other values are repair.Mode's.
const repairOff = "off"

// defaultDatabaseURL is nl2sql's own database when neither
// NL2SQL_DATABASE_URL nor DATABASE_URL is set.
const defaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/nl2sql?sslmode=disable"

func checkOllamaHost(s string) error {
	_, err := llm.ParseHost(s)
	return err
}

// checkDatabaseURL refuses a connection string every command that
// connects would refuse, so that `nl2sql env` says so too. The error says
// what is wrong without quoting the string, which may hold a password.
func checkDatabaseURL(s string) error {
	_, err := pgconn.ParseConfig(s)
	if err == nil {
		return nil
	}
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "`: "); ok && strings.HasPrefix(msg, "cannot parse `") {
		msg = after
	}
	return errors.New(msg)
}

var envVars = []envVar{
	{Name: "NL2SQL_DATABASE_URL", Aliases: []string{"DATABASE_URL"}, field: func(s *settings) any { return &s.DatabaseURL }, check: checkDatabaseURL, Doc: "nl2sql's own database (`rag.*` and `river.*`); created by `migrate` if missing; `DATABASE_URL` when unset, as River's and goose's tools take it."},
	{Name: "NL2SQL_OLLAMA_HOST", Aliases: []string{"OLLAMA_HOST"}, field: func(s *settings) any { return &s.LLM.Host }, check: checkOllamaHost, Doc: "Ollama server, written as Ollama reads it (`host`, `host:port`, `http://host:port`); `OLLAMA_HOST`, which Ollama's own tools read, when unset."},
	{Name: "NL2SQL_LLM_PROVIDER", field: func(s *settings) any { return &s.LLM.Provider }, oneOf: []string{string(llm.ProviderOllama), string(llm.ProviderOpenAI)}, Doc: "Model server: `ollama`, or `openai` for an OpenAI-compatible API (vLLM, llama.cpp's server, LM Studio, a hosted one) — see [Model servers](#model-servers-ollama-or-openai-compatible)."},
	{Name: "NL2SQL_OPENAI_BASE_URL", field: func(s *settings) any { return &s.LLM.OpenAI.BaseURL }, check: llm.CheckOpenAIBaseURL, Doc: "The OpenAI-compatible server's base URL, as OpenAI's SDKs take it."},
	{Name: "NL2SQL_OPENAI_API_KEY", field: func(s *settings) any { return &s.LLM.OpenAI.APIKey }, Doc: "Its API key, sent as a bearer token, or `env:VAR` to read it from `VAR`; never printed or stored. Unset: no key."},
	{Name: "NL2SQL_OPENAI_STREAM", field: func(s *settings) any { return &s.LLM.OpenAI.Stream }, Doc: "Ask the OpenAI-compatible server to stream replies (server-sent events)."},
	{Name: "NL2SQL_MODEL", field: func(s *settings) any { return &s.LLM.Model }, Doc: "Chat model that writes SQL."},
	{Name: "NL2SQL_EMBED_MODEL", field: func(s *settings) any { return &s.LLM.EmbedModel }, Doc: "Embedding model of the schema index (`nl2sql index`) and of questions; without it retrieval is lexical."},
	{Name: "NL2SQL_TEMPERATURE", field: func(s *settings) any { return &s.LLM.Temperature }, min: "0", Doc: "Sampling temperature."},
	{Name: "NL2SQL_SEED", field: func(s *settings) any { return &s.LLM.Seed }, Doc: "Sampling seed."},
	{Name: "NL2SQL_NUM_CTX", field: func(s *settings) any { return &s.LLM.NumCtx }, min: "256", Doc: "Context window requested from Ollama; Ollama's own default (2048) cuts schema prompts, and the full demo ERP schema alone is ~16k tokens."},
	{Name: "NL2SQL_LLM_TIMEOUT", field: func(s *settings) any { return &s.LLM.RequestTimeout }, min: "1ms", Doc: "Timeout of one model call."},
	{Name: "NL2SQL_LLM_BREAKER_FAILURES", field: func(s *settings) any { return &s.LLM.Breaker.Failures }, min: "0", Doc: "Calls in a row to one model that its server did not answer (no reply within `NL2SQL_LLM_TIMEOUT`, unreachable, the reply broken off) before that model's calls fail at once, without reaching the server, for `NL2SQL_LLM_BREAKER_COOLDOWN`; a question meeting it is tried again when the model is (see [What a user sees when something goes wrong](#what-a-user-sees-when-something-goes-wrong)). An answer of any kind, a 503 or a 429 too, starts the count again. `0`: never."},
	{Name: "NL2SQL_LLM_BREAKER_COOLDOWN", field: func(s *settings) any { return &s.LLM.Breaker.Cooldown }, min: "1ms", Doc: "How long a model's calls fail at once once its breaker opened; then one is sent to try it again, and its reply closes the breaker (its failure opens it for another cool-down)."},
	{Name: "NL2SQL_MAX_ATTEMPTS", field: func(s *settings) any { return &s.Worker.MaxAttempts }, min: "1", Doc: "Generations per question (first try + repairs)."},
	{Name: "NL2SQL_CLIENT_MODELS", field: func(s *settings) any { return &s.Worker.ClientModels }, Doc: "Models a client role may name in `options.model`, comma-separated; a client naming another fails with `validation_block`. Names compare as Ollama resolves them: `llama3` also allows `llama3:latest` and `Llama3`. Empty: clients ask with `NL2SQL_MODEL`; the service's own questions (the exam) may name any."},
	{Name: "NL2SQL_CANDIDATES_ENABLED", field: func(s *settings) any { return &s.Worker.Candidates.Disabled }, not: true, Doc: "Multi-candidate generation: several model calls per question, each with its own seed, the best candidate selected by deterministic scoring (original design: `MULTI_CANDIDATE_ENABLED`). `false`: one call, whatever a question's `options.candidates`."},
	{Name: "NL2SQL_CANDIDATES", field: func(s *settings) any { return &s.Worker.Candidates.K }, min: "1", max: maxK, Doc: "Model calls for a medium question (original design: `MULTI_CANDIDATE_K`); `options.candidates` overrides it per question."},
	{Name: "NL2SQL_CANDIDATES_EASY", field: func(s *settings) any { return &s.Worker.Candidates.KEasy }, min: "1", max: maxK, Doc: "Model calls for an easy question (`MULTI_CANDIDATE_K_EASY`)."},
	{Name: "NL2SQL_CANDIDATES_HARD", field: func(s *settings) any { return &s.Worker.Candidates.KHard }, min: "1", max: maxK, Doc: "Model calls for a hard question (`MULTI_CANDIDATE_K_HARD`)."},
	{Name: "NL2SQL_CANDIDATES_REPAIR", field: func(s *settings) any { return &s.Worker.Candidates.RepairK }, min: "1", max: maxK, Doc: "Model calls of a repair attempt."},
	{Name: "NL2SQL_CANDIDATE_TEMPERATURE", field: func(s *settings) any { return &s.Worker.Candidates.Temperature }, min: "0", max: "2", Doc: "Sampling temperature of the calls when there are several; `0` samples greedily, and the calls then mostly agree."},
	{Name: "NL2SQL_CANDIDATE_BUDGET", field: func(s *settings) any { return &s.Worker.Candidates.Budget }, min: "0s", Doc: "Time the calls of one attempt may take together; then the replies in hand are used (`MULTI_CANDIDATE_TIME_BUDGET_MS`). `0`: no budget, every call is awaited."},
	{Name: "NL2SQL_EXPLAIN_PARALLEL", field: func(s *settings) any { return &s.Worker.Candidates.MaxExplain }, min: "1", Doc: "Candidates EXPLAINed at once, best first; later ones are skipped once one passes."},
	{Name: "NL2SQL_EXAMPLES_K", field: func(s *settings) any { return &s.Worker.Examples.K }, min: "0", max: "20", Doc: "Verified examples (`rag.examples`) put in a question's prompt, most similar first; `0`: none."},
	{Name: "NL2SQL_EXAMPLES_MIN_SIMILARITY", field: func(s *settings) any { return &s.Worker.Examples.MinSimilarity }, min: "0", max: "1", Doc: "Least lexical similarity (shared stemmed words over all words of the two questions, 0 to 1) an example needs to be used."},
	{Name: "NL2SQL_EXAMPLES_MIN_VECTOR_SIMILARITY", field: func(s *settings) any { return &s.Worker.Examples.MinVectorSimilarity }, min: "0", max: "1", Doc: "Least cosine similarity of the two questions' embeddings (`NL2SQL_EMBED_MODEL`) that makes an example similar by meaning; an example's similarity is the better of the two. Examples are embedded the first time a question of their database is asked after they were added."},
	{Name: "NL2SQL_REPAIR", field: func(s *settings) any { return &s.Pipeline.Repair.Mode }, oneOf: []string{string(repair.ModeActive), string(repair.ModeObserve), repairOff}, Doc: "Deterministic repair of failed candidates before any model retry (autocorrect, surgical column whitelist): `active`: the surgical tier rewrites when all nine gates pass; `observe`: it only records what it would do (autocorrect still applies); `off`: no deterministic repair."},
	{Name: "NL2SQL_INFRA_ATTEMPTS", field: func(s *settings) any { return &s.Worker.InfraAttempts }, min: "1", max: "100", Doc: "Tries of a stage that meets an unreachable LLM or database."},
	{Name: "NL2SQL_RETRY_BACKOFF", field: func(s *settings) any { return &s.Worker.RetryBackoff }, min: "1ms", Doc: "First wait before such a retry; doubles each time."},
	{Name: "NL2SQL_RETRY_BACKOFF_MAX", field: func(s *settings) any { return &s.Worker.RetryBackoffMax }, min: "1ms", Doc: "Longest wait between retries; a model server that answers 429 or 503 with `Retry-After` is waited for as long as it asks, up to 5m."},
	{Name: "NL2SQL_RETRIEVE_WORKERS", field: func(s *settings) any { return &s.Worker.RetrieveWorkers }, min: "1", Doc: "Concurrent retrieve jobs (queue `nl2sql_retrieve`)."},
	{Name: "NL2SQL_LLM_WORKERS", field: func(s *settings) any { return &s.Worker.LLMWorkers }, min: "1", Doc: "Concurrent model calls (queue `nl2sql_llm`); match `OLLAMA_NUM_PARALLEL`."},
	{Name: "NL2SQL_DB_WORKERS", field: func(s *settings) any { return &s.Worker.DBWorkers }, min: "1", Doc: "Concurrent validate/execute jobs (queue `nl2sql_db`)."},
	{Name: "NL2SQL_FETCH_COOLDOWN", field: func(s *settings) any { return &s.Worker.FetchCooldown }, min: "1ms", Doc: "Shortest time between two job fetches of a queue; a hand-off to a queue that fetched less than this ago waits out the rest."},
	{Name: "NL2SQL_FETCH_POLL_INTERVAL", field: func(s *settings) any { return &s.Worker.FetchPollInterval }, min: "1ms", Doc: "How often a queue polls when no notification came (every hand-off notifies; the poll covers one lost while the listener reconnects)."},
	{Name: "NL2SQL_STAGE_SYNCHRONOUS_COMMIT", field: func(s *settings) any { return &s.Worker.SynchronousCommit }, Doc: "`true`: each stage's transaction waits at commit for its WAL to reach disk. `false`: a crash of PostgreSQL can lose the hand-offs of its last moments (≤ 3 × `wal_writer_delay`), which run again after `NL2SQL_RESCUE_AFTER` as after `kill -9`, and the stages stop waiting on each other's flushes; the transaction that finishes a question always waits (docs/DESIGN.md, Stage hand-off)."},
	{Name: "NL2SQL_GENERATE_TIMEOUT", field: func(s *settings) any { return &s.Worker.GenerateTimeout }, min: "1ms", Doc: "How long a generation stage may run, its model calls included; cut at `NL2SQL_RESCUE_AFTER`, which follows it when unset. It must be longer than `NL2SQL_LLM_TIMEOUT` (`serve`, `demo` and `exam` refuse otherwise: a call would be cut at the stage's end and tried again to no end)."},
	{Name: "NL2SQL_RESCUE_AFTER", field: func(s *settings) any { return &s.Worker.RescueAfter }, min: "1ms", Doc: "How long a job may run before another worker takes it over: the wait after a worker died without draining (`kill -9`), plus up to about 35s for River's rescuer and scheduler. At least `2m`, the stage timeout (a running stage is never taken over; `serve` refuses less: `NL2SQL_RESCUE_AFTER must be at least 2m ...`); a generation (`NL2SQL_GENERATE_TIMEOUT`) is cut at this value. Unset, the longer stage timeout plus 30s."},
	{Name: "NL2SQL_CATALOG_CHECK_INTERVAL", field: func(s *settings) any { return &s.Worker.CatalogCheckInterval }, min: "0s", Doc: "How often `serve` compares every registered database's schema with its catalog and, for one whose schema changed (a column added, a table dropped or renamed), refreshes the catalog and rebuilds its schema index as `nl2sql db add` would (see [Keeping the catalog current](#keeping-the-catalog-current)); a question that finds the catalog stale asks for a check of its database at once. `0`: neither; refresh with `nl2sql db add`."},
	{Name: "NL2SQL_STATEMENT_TIMEOUT", field: func(s *settings) any { return &s.Target.StatementTimeout }, min: "1ms", Doc: "`statement_timeout` when executing a question's SQL, and of the catalog check's statements on a target."},
	{Name: "NL2SQL_EXPLAIN_TIMEOUT", field: func(s *settings) any { return &s.Target.ExplainTimeout }, min: "1ms", Doc: "`statement_timeout` for EXPLAIN during validation. A target that has not answered 5s after either timeout (a network partition, a frozen host: its server cannot end what never reached it) fails that try as `infra_failure` (`did not answer within ...`), retried as an unreachable one, instead of holding a DB worker until the stage's timeout."},
	{Name: "NL2SQL_MAX_ROWS", field: func(s *settings) any { return &s.Target.MaxRows }, min: "1", Doc: "Rows kept per result; more set `truncated`."},
	{Name: "NL2SQL_READ_ONLY_ROLE", field: func(s *settings) any { return &s.Target.ReadOnlyRole }, Doc: "Role assumed with `SET LOCAL ROLE` for EXPLAIN and execution on databases registered without `--role`."},
	{Name: "NL2SQL_TARGET_MAX_CONNS", field: func(s *settings) any { return &s.Target.MaxConns }, min: "1", Doc: "Connection pool size per target database."},
	{Name: "NL2SQL_TEMP_FILE_LIMIT", field: func(s *settings) any { return &s.Target.TempFileLimit }, check: target.CheckTempFileLimit, Doc: "PostgreSQL's `temp_file_limit` on target connections (`500MB`, `1GB`; `-1`: none): a question's sort or hash spilling past it fails (53400) instead of filling the target's disk. Set where the connecting role may (a superuser; on PostgreSQL 15, `GRANT SET ON PARAMETER temp_file_limit`); elsewhere `serve` logs once per database that it could not."},
	{Name: "NL2SQL_SCHEMA_FORMAT", field: func(s *settings) any { return &s.Pipeline.Retrieval.Format }, oneOf: []string{string(retrieval.FormatMSchema), string(retrieval.FormatCreateTable)}, Doc: "Schema context format: `mschema` or `create_table`."},
	{Name: "NL2SQL_JOIN_HINTS", Aliases: []string{"JOIN_HINT_FORMAT"}, field: func(s *settings) any { return &s.Pipeline.Retrieval.JoinHints }, oneOf: []string{string(retrieval.JoinHintsEdges), string(retrieval.JoinHintsPaths), string(retrieval.JoinHintsBoth), string(retrieval.JoinHintsNone)}, Doc: "Join hints: `edges`, `paths`, `both` or `none`."},
	{Name: "NL2SQL_RETRIEVAL_TABLE_THRESHOLD", Aliases: []string{"RETRIEVAL_TABLE_THRESHOLD"}, field: func(s *settings) any { return &s.Pipeline.Strategy.Threshold }, min: "1", Doc: "Databases with at least this many tables use RAG (schema retrieval); smaller ones get the full schema (the 75-table demo ERP is ~16k tokens)."},
	{Name: "NL2SQL_ENABLE_DOC_RETRIEVAL", Aliases: []string{"ENABLE_DOC_RETRIEVAL"}, field: func(s *settings) any { return &s.Pipeline.Strategy.DocRetrievalDisabled }, not: true, Doc: "`false`: every question gets the full schema unless `options.retrieval` asks for `rag`."},
	{Name: "NL2SQL_RETRIEVAL_FULL_MAX_CHARS", field: func(s *settings) any { return &s.Pipeline.Retrieval.MaxFullChars }, min: "1", Doc: "No schema rendering to more characters is given whole, whoever asks (`options.retrieval=full`, `NL2SQL_ENABLE_DOC_RETRIEVAL=false`): no model's window holds it (about 4 characters a token). Its questions get RAG, or the tables matching the question where document retrieval is off, with the reason in `strategyReason`."},
	{Name: "NL2SQL_RAG_MAX_FULL_TABLES", field: func(s *settings) any { return &s.Pipeline.Strategy.MaxFullTables }, min: "0", Doc: "When RAG fails or finds nothing, the tables whose names or descriptions match the question (wholly or in part) are included; when none does, a database of at most this many tables gets the full schema and a larger one its 12 most connected tables. `0`: never the full schema. Capped at `NL2SQL_RETRIEVAL_TABLE_THRESHOLD` - 1."},
	{Name: "NL2SQL_BM25_SEARCH_ENABLED", Aliases: []string{"BM25_SEARCH_ENABLED"}, field: func(s *settings) any { return &s.Pipeline.RAG.LexicalDisabled }, not: true, Doc: "Lexical (BM25) search of the schema index; `false` leaves embeddings alone."},
	{Name: "NL2SQL_MODULE_ROUTER_ENABLED", Aliases: []string{"MODULE_ROUTER_ENABLED"}, field: func(s *settings) any { return &s.Pipeline.RAG.RouterDisabled }, not: true, Doc: "The module router: boosts the tables of the modules a question is about."},
	{Name: "NL2SQL_COLUMN_PRUNING_ENABLED", Aliases: []string{"COLUMN_PRUNING_ENABLED"}, field: func(s *settings) any { return &s.Pipeline.RAG.ColumnPruning }, Doc: "Per included table, only key, foreign-key and the 5 best matching columns (the original design measured a regression)."},
	{Name: "NL2SQL_RAG_TABLE_TOP_K", field: func(s *settings) any { return &s.Pipeline.RAG.TableTopK }, min: "1", Doc: "Table hits per search (original design: `tableTopK` 15; BM25 ranks every table anyway, and the table a question names may be 20th among tables matching more of its words)."},
	{Name: "NL2SQL_RAG_COLUMN_TOP_K", field: func(s *settings) any { return &s.Pipeline.RAG.ColumnTopK }, min: "1", Doc: "Column hits per search (original design: `columnTopK`)."},
	{Name: "NL2SQL_RAG_VALUE_TOP_K", field: func(s *settings) any { return &s.Pipeline.RAG.ValueTopK }, min: "1", Doc: "Value hits (distinct values of low-cardinality columns) per search."},
	{Name: "NL2SQL_RAG_TABLE_THRESHOLD", field: func(s *settings) any { return &s.Pipeline.RAG.TableThreshold }, min: "0", max: "1", Doc: "Least cosine similarity of a vector table hit (original design: `tableThreshold`); lexical hits are bounded by their top K (a table answering one part of a long question scores low against the whole)."},
	{Name: "NL2SQL_RAG_COLUMN_THRESHOLD", field: func(s *settings) any { return &s.Pipeline.RAG.ColumnThreshold }, min: "0", max: "1", Doc: "Least cosine similarity of a vector column hit (original design: `columnThreshold`)."},
	{Name: "NL2SQL_RAG_TABLE_WEIGHT", field: func(s *settings) any { return &s.Pipeline.RAG.TableWeight }, min: "0", Doc: "Score fusion: weight of a table's own relevance (original design: `tableWeight` 0.6; 0.3 found every table for more dev questions, docs/DESIGN.md)."},
	{Name: "NL2SQL_RAG_COLUMN_WEIGHT", field: func(s *settings) any { return &s.Pipeline.RAG.ColumnWeight }, min: "0", Doc: "Score fusion: weight of its columns', top1 + 0.5·top2 (original design: `columnWeight` 0.4)."},
	{Name: "NL2SQL_RAG_GENERIC_DOWNWEIGHT", field: func(s *settings) any { return &s.Pipeline.RAG.GenericDownweight }, min: "0", max: "1", Doc: "Multiplier of generic columns: id, status, name, created_at, plain foreign keys (original design: `genericDownweight`)."},
	{Name: "NL2SQL_RAG_RRF_K", field: func(s *settings) any { return &s.Pipeline.RAG.RRFK }, min: "1", Doc: "Reciprocal rank fusion's k: lexical and vector hits fuse by 1/(k + rank)."},
	{Name: "NL2SQL_RAG_VECTOR_WEIGHT", field: func(s *settings) any { return &s.Pipeline.RAG.VectorWeight }, min: "0", max: "1", Doc: "Weight of the vector list in reciprocal rank fusion, the lexical list's being 1; a hit lexical search made keeps its lexical relevance. Low because a weak embedding model's ranking is noise on a schema of codes (see docs/DESIGN.md, Fusing the vector list); `0`: vectors change nothing."},
	{Name: "NL2SQL_RAG_MAX_TABLES", field: func(s *settings) any { return &s.Pipeline.RAG.MaxTables }, min: "1", Doc: "Tables selected before FK expansion (original design: `maxTables` 10; at 8 the room left goes to the tables they join first, which found every table for more dev questions, docs/DESIGN.md)."},
	{Name: "NL2SQL_RAG_FINAL_MAX_TABLES", field: func(s *settings) any { return &s.Pipeline.RAG.FinalMaxTables }, min: "1", Doc: "Most tables after FK expansion, join bridges and neighbour fill (original design: `finalMaxTables` 12; 15, the evaluation's ceiling of a useful context, found every table for more dev questions)."},
	{Name: "NL2SQL_RAG_MIN_TABLES", field: func(s *settings) any { return &s.Pipeline.RAG.MinTables }, min: "0", Doc: "Tables selected whatever their score, when the ranking has them: below it `NL2SQL_RAG_MAX_TABLES`' relative-score floor (15% of the best) does not apply; `0`: the floor applies to every table. At most `NL2SQL_RAG_MAX_TABLES`."},
	{Name: "NL2SQL_RAG_MAX_KINDS", field: func(s *settings) any { return &s.Pipeline.RAG.MaxKinds }, Doc: "When positive, the most kinds of one catalogue (a supertype of more than eight subtypes keyed by its key: a hundred kinds of document) among the selected tables, where kinds sharing the catalogue's words would crowd out the rest of the question. Off (`0`) by default: the dev set does not support it (see docs/DESIGN.md, Catalogues of kinds)."},
	{Name: "NL2SQL_RAG_COVERAGE_EXTRA", field: func(s *settings) any { return &s.Pipeline.RAG.CoverageExtra }, Doc: "Most tables added so that each word of the question is matched by a selected table (its best one); `0` or negative: none."},
	{Name: "NL2SQL_RAG_COVERAGE_MIN_SCORE", field: func(s *settings) any { return &s.Pipeline.RAG.CoverageMinScore }, min: "0", Doc: "Least score (share of the best) of a table added for coverage."},
	{Name: "NL2SQL_RAG_MODULE_BOOST", field: func(s *settings) any { return &s.Pipeline.RAG.ModuleBoost }, min: "0", Doc: "Tables of routed modules score 1 + this times as much."},
	{Name: "NL2SQL_FK_EXPANSION_ENABLED", Aliases: []string{"FK_EXPANSION_ENABLED"}, field: func(s *settings) any { return &s.Pipeline.RAG.FKExpansionDisabled }, not: true, Doc: "Relevance-gated FK expansion: foreign-key neighbours of the selected tables that are in the evidence set are added."},
	{Name: "NL2SQL_RAG_NEIGHBOUR_FILL_ENABLED", field: func(s *settings) any { return &s.Pipeline.RAG.NeighbourFillDisabled }, not: true, Doc: "A context the evidence leaves smaller than `NL2SQL_RAG_MIN_TABLES` is filled with the tables joined to its tables; past that, up to the final budget, with joined tables the evidence points at."},
	{Name: "NL2SQL_RAG_SUPERTYPE_NAMES_ENABLED", field: func(s *settings) any { return &s.Pipeline.RAG.SupertypeNamesDisabled }, not: true, Doc: "A context table that holds no name of its own and is a subtype (its whole key references its parent's) brings its nearest supertype that holds one: in table-per-type inheritance the name a question gives is there."},
	{Name: "NL2SQL_JOIN_PLANNER_ENABLED", Aliases: []string{"JOIN_PLANNER_ENABLED"}, field: func(s *settings) any { return &s.Pipeline.RAG.JoinPlannerDisabled }, not: true, Doc: "The join planner: bridge tables (a Steiner tree over the foreign keys) joining selected tables that no foreign key links."},
	{Name: "NL2SQL_RAG_FK_EXPANSION_CAP", field: func(s *settings) any { return &s.Pipeline.RAG.FKExpansionCap }, min: "0", Doc: "Most tables FK expansion adds (original design: fkExpansionCap)."},
	{Name: "NL2SQL_RAG_FK_EVIDENCE_TOP_K", field: func(s *settings) any { return &s.Pipeline.RAG.FKEvidenceTopK }, min: "1", Doc: "The evidence set FK expansion draws from: the best ranked tables (original design: fkEvidenceTopK) ..."},
	{Name: "NL2SQL_RAG_FK_EVIDENCE_THRESHOLD", field: func(s *settings) any { return &s.Pipeline.RAG.FKEvidenceThreshold }, min: "0", max: "1", Doc: "... scoring at least this share of the best (original design: fkEvidenceThreshold)."},
	{Name: "NL2SQL_RAG_FK_DECAY", field: func(s *settings) any { return &s.Pipeline.RAG.FKDecay }, min: "0", max: "1", Doc: "Share of an included table's score passed to its foreign-key neighbours when FK expansion orders them."},
	{Name: "NL2SQL_RAG_HUB_DEGREE", field: func(s *settings) any { return &s.Pipeline.RAG.HubDegree }, min: "1", Doc: "Tables joined to more tables than this (by foreign keys, declared or inferred; several keys to one table count once) are hubs: FK expansion takes at most `NL2SQL_RAG_HUB_EXPANSION_CAP` of their neighbours, the join planner only those the evidence points at."},
	{Name: "NL2SQL_RAG_HUB_EXPANSION_CAP", field: func(s *settings) any { return &s.Pipeline.RAG.HubExpansionCap }, min: "0", Doc: "FK expansion candidates a hub contributes."},
	{Name: "NL2SQL_RAG_BRIDGE_MIN_SCORE", field: func(s *settings) any { return &s.Pipeline.RAG.BridgeMinScore }, min: "0", max: "1", Doc: "Least score (share of the best) of a selected table the join planner connects."},
	{Name: "NL2SQL_RAG_BRIDGE_COST", field: func(s *settings) any { return &s.Pipeline.RAG.BridgeCost }, min: "0", Doc: "Cost of a bridge table, times one minus its own score; a table is connected when its score exceeds its route's cost."},
	{Name: "NL2SQL_RAG_ROLE_EDGE_COST", field: func(s *settings) any { return &s.Pipeline.RAG.RoleEdgeCost }, min: "0", Doc: "Cost of joining along a foreign key named unlike its key that the question does not mention (created_by → employees)."},
	{Name: "NL2SQL_RAG_BRIDGE_MAX_HOPS", field: func(s *settings) any { return &s.Pipeline.RAG.BridgeMaxHops }, min: "1", Doc: "Most bridge tables on one route between two selected tables."},
	{Name: "NL2SQL_RAG_BRIDGE_CAP", field: func(s *settings) any { return &s.Pipeline.RAG.BridgeCap }, min: "0", Doc: "Most bridge tables the join planner adds."},
	{Name: "NL2SQL_RAG_LINKING", field: func(s *settings) any { return &s.Pipeline.RAG.Link.Disabled }, not: true, Doc: "Schema linking with the chat model (RAG only, see [Schema retrieval](#schema-retrieval)): the best ranked tables are listed to it, and the tables it picks join the strongest lexical ones. On any failure the lexical result is used. `false`: no linking call."},
	{Name: "NL2SQL_RAG_LINKING_MODEL", field: func(s *settings) any { return &s.Pipeline.RAG.Link.Model }, Doc: "Chat model asked for schema linking; unset: `NL2SQL_MODEL`."},
	{Name: "NL2SQL_RAG_LINKING_CANDIDATES", field: func(s *settings) any { return &s.Pipeline.RAG.Link.Candidates }, min: "1", max: "200", Doc: "Tables listed to the model, one line each: the context retrieval gives without it, then the best ranked; as many as one search returns table hits."},
	{Name: "NL2SQL_RAG_LINKING_KEEP", field: func(s *settings) any { return &s.Pipeline.RAG.Link.Keep }, min: "1", Doc: "Best lexical tables kept whatever the model picks: it can add and re-rank, not drop them."},
	{Name: "NL2SQL_RAG_EMBED_TIMEOUT", field: func(s *settings) any { return &s.Pipeline.RAG.EmbedTimeout }, min: "1ms", Doc: "Longest wait for the question's embedding; then, and for 30 s after a failed call, retrieval is lexical."},
	{Name: "NL2SQL_RAG_LINKING_TIMEOUT", field: func(s *settings) any { return &s.Pipeline.RAG.Link.Timeout }, min: "1ms", Doc: "Longest wait for the linking reply; then, and for 30 s after a failed call, the lexical result is used."},
	{Name: "NL2SQL_RAG_LINKING_MAX_TOKENS", field: func(s *settings) any { return &s.Pipeline.RAG.Link.MaxTokens }, min: "16", Doc: "Most tokens of the linking reply (`num_predict`)."},
	{Name: "NL2SQL_RAG_COPY_PENALTY", field: func(s *settings) any { return &s.Pipeline.RAG.CopyPenalty }, min: "0", max: "1", Doc: "A copy of a table (`shadow_`, `_hist`, `_bak`, `_old`, an archive schema; see [Schema retrieval](#schema-retrieval)) scores at most this times the table it copies, unless the question asks for history; `1` only keeps it from outranking it."},
	{Name: "NL2SQL_BM25_K1", field: func(s *settings) any { return &s.Index.K1 }, min: "0", Doc: "BM25 term frequency saturation."},
	{Name: "NL2SQL_BM25_B", field: func(s *settings) any { return &s.Index.B }, min: "0", max: "1", Doc: "BM25 length normalisation."},
	{Name: "NL2SQL_BM25_MIN_IDF", field: func(s *settings) any { return &s.Index.MinIDF }, min: "0", Doc: "Question terms in a fifth or more of a large schema's documents (idf below this, e.g. `id` among columns) are left out of searches: they cost the most postings and rank little."},
	{Name: "NL2SQL_THESAURUS_WEIGHT", field: func(s *settings) any { return &s.Index.ThesaurusWeight }, min: "0", max: "1", Doc: "Weight of WordNet's words (synonyms, derived forms) for a question word the schema index does not know, as a share of the expansion weight; `0` turns them off."},
	{Name: "NL2SQL_VALUE_INDEX_MAX_VALUES", field: func(s *settings) any { return &s.Index.MaxValues }, min: "1", Doc: "The value index keeps the distinct values of text columns with at most this many in their sample."},
	{Name: "NL2SQL_VALUE_INDEX_SAMPLE_ROWS", field: func(s *settings) any { return &s.Index.ValueSampleRows }, min: "1", Doc: "Rows read per table, in one bounded statement, to sample its values."},
	{Name: "NL2SQL_EMBED_BATCH", field: func(s *settings) any { return &s.Index.EmbedBatch }, min: "1", Doc: "Texts per embedding call when indexing."},
	{Name: "NL2SQL_VECTOR_EXACT_MAX", field: func(s *settings) any { return &s.Index.VectorExactMax }, min: "0", Doc: "An index built with pgvector whose embeddings hold at most this many numbers (documents × dimensions, 4 bytes each in memory) is ranked by exact cosine in memory, as without pgvector: faster and exact, where pgvector's filtered HNSW scan misses hits, at the cost of memory (the 300-table ERP's 2.1 million: +27 MB of peak RSS; the 2,000-table one's 13.6 million: 3.6 against 11.9 ms a question; see docs/DESIGN.md, pgvector). `0`: always through pgvector."},
	{Name: "NL2SQL_BENCH_HELDOUT_DIR", field: func(s *settings) any { return &s.Bench.HeldoutDir }, Doc: "Directory of the held-out retrieval sets (`nl2sql bench heldout import --out`), outside the repository; unset: `nl2sql bench retrieval` skips them and says so (see [Retrieval evaluation](#retrieval-evaluation))."},
	{Name: "NL2SQL_MCP_MAX_ROWS", field: func(s *settings) any { return &s.Ops.MCP.MaxRows }, min: "1", max: "1000000", Doc: "Rows `nl_query` asks for when the call gives no `max_rows`; neither may pass `NL2SQL_MAX_ROWS`."},
	{Name: "NL2SQL_MCP_TIMEOUT", field: func(s *settings) any { return &s.Ops.MCP.QueryTimeout }, min: "1ms", Doc: "How long `nl_query` waits for an answer; the question then stays queued (`get_query`)."},
	{Name: "NL2SQL_MCP_MAX_RESULT_BYTES", field: func(s *settings) any { return &s.Ops.MCP.MaxResultBytes }, min: "1024", max: "8388608", Doc: "Bytes of rows an `nl_query` or `get_query` result holds at most; the rows past it are left out (`truncated`, `note`)."},
	{Name: "NL2SQL_MCP_MAX_WAITING", field: func(s *settings) any { return &s.Ops.MCP.MaxWaiting }, min: "1", max: "1000", Doc: "Most `nl_query` calls waiting for answers at once, per `nl2sql mcp` and for `/mcp`; one more is refused at once (`infra_failure`). Each holds a connection: the MCP pool has this many plus 4 for the other tools."},
	{Name: "NL2SQL_MCP_ALLOWED_ORIGINS", field: func(s *settings) any { return &s.Ops.MCP.AllowedOrigins }, check: mcpserver.CheckOrigin, Doc: "Browser origins (`https://app.example.com`, comma-separated) `/mcp` serves besides loopback ones, with `serve --http-public` only; a request with any other `Origin` is refused (403). Unset: loopback origins only."},
	{Name: "NL2SQL_MCP_NO_WORKER_WAIT", field: func(s *settings) any { return &s.Ops.MCP.NoWorkerWait }, min: "1ms", Doc: "How long `nl_query` waits when no `nl2sql serve` runs before saying so (the question stays queued)."},
	{Name: "NL2SQL_READY_TIMEOUT", field: func(s *settings) any { return &s.Ops.ReadyTimeout }, min: "1ms", Doc: "Bound on each `/readyz` check and on the queue-depth query of each `/metrics` scrape."},
	{Name: "NL2SQL_LOG_LEVEL", field: func(s *settings) any { return &s.LogLevel }, oneOf: []string{"debug", "info", "warn", "error"}, Doc: "`debug`, `info`, `warn` or `error`."},
	{Name: "NL2SQL_LOG_FORMAT", field: func(s *settings) any { return &s.LogFormat }, oneOf: []string{"text", "json"}, Doc: "`text` or `json`."},
	{Name: "GOGC", fixed: strconv.Itoa(defaultGCPercent), Doc: "Go's GC target; nl2sql raises Go's default of 100 (see [Benchmarks](#benchmarks))."},
}

// defaultSettings are the settings of an empty environment: each package's
// Config{}.WithDefaults(), where every default is written once. A value the
// environment then sets, 0 included, stays as set: WithDefaults does not
// apply twice.
func defaultSettings() *settings {
	return &settings{
		DatabaseURL: defaultDatabaseURL,
		LLM:         llm.Config{}.WithDefaults(),
		Worker:      worker.Config{}.WithDefaults(),
		Target:      target.Config{}.WithDefaults(),
		Pipeline: parts.Config{
			Retrieval: retrieval.Config{}.WithDefaults(),
			RAG:       retrieval.RAGConfig{}.WithDefaults(),
			Strategy:  retrieval.AutoConfig{}.WithDefaults(),
			Repair:    repair.Config{}.WithDefaults(),
		},
		Index: schemaindex.Config{}.WithDefaults(),
		Bench: bench.RetrievalConfig{}.WithDefaults(),
		Ops: opsSettings{
			MCP:          mcpserver.Config{}.WithDefaults(),
			Metrics:      metrics.Config{}.WithDefaults(),
			ReadyTimeout: opshttp.Config{}.WithDefaults().ReadyTimeout,
		},
		LogLevel:  "info",
		LogFormat: "text",
	}
}

// envVarNamed is the variable called name.
func envVarNamed(name string) envVar {
	for _, v := range envVars {
		if v.Name == name {
			return v
		}
	}
	panic("undocumented environment variable " + name)
}

// defaultOf is v's default, as the environment writes it.
func (v envVar) defaultOf() string {
	if v.field == nil {
		return v.fixed
	}
	return v.format(defaultSettings())
}

// format is v's value in s, as the environment writes it.
func (v envVar) format(s *settings) string {
	f := reflect.ValueOf(v.field(s)).Elem()
	if f.Kind() == reflect.Pointer {
		if f.IsNil() {
			return ""
		}
		f = f.Elem()
	}
	switch {
	case f.Type() == durationType:
		return worker.FmtDuration(time.Duration(f.Int()))
	case f.Type() == stringsType:
		return strings.Join(f.Interface().([]string), ",")
	case f.Kind() == reflect.Bool:
		return strconv.FormatBool(f.Bool() != v.not)
	case f.CanInt():
		return strconv.FormatInt(f.Int(), 10)
	case f.CanFloat():
		return strconv.FormatFloat(f.Float(), 'g', -1, 64)
	}
	return f.String()
}

var (
	durationType = reflect.TypeFor[time.Duration]()
	stringsType  = reflect.TypeFor[[]string]()
)

// set parses raw into v's field of s; the error says what is wrong with
// the value, the caller names the variable.
func (v envVar) set(s *settings, raw string) error {
	f := reflect.ValueOf(v.field(s)).Elem()
	if f.Kind() == reflect.Pointer {
		f.Set(reflect.New(f.Type().Elem()))
		f = f.Elem()
	}
	switch {
	case f.Type() == stringsType:
		var list []string
		for e := range strings.SplitSeq(raw, ",") {
			if e = strings.TrimSpace(e); e == "" {
				continue
			}
			if v.check != nil {
				if err := v.check(e); err != nil {
					return fmt.Errorf("is not valid: %w", err)
				}
			}
			list = append(list, e)
		}
		f.Set(reflect.ValueOf(list))
		return nil
	case f.Type() == durationType:
		d, err := time.ParseDuration(raw)
		if err != nil {
			return fmt.Errorf("is not a duration (e.g. 500ms, 10s, 2m)")
		}
		if err := v.bounds(float64(d), parseDuration); err != nil {
			return err
		}
		f.SetInt(int64(d))
	case f.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return fmt.Errorf("is not true or false")
		}
		f.SetBool(b != v.not)
	case f.CanInt():
		n, err := strconv.ParseInt(raw, 10, f.Type().Bits())
		if err != nil {
			return fmt.Errorf("is not an integer")
		}
		if err := v.bounds(float64(n), parseNumber); err != nil {
			return err
		}
		f.SetInt(n)
	case f.CanFloat():
		x, err := strconv.ParseFloat(raw, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("is not a number")
		}
		if err := v.bounds(x, parseNumber); err != nil {
			return err
		}
		f.SetFloat(x)
	default:
		if len(v.oneOf) > 0 && !slices.Contains(v.oneOf, raw) {
			return fmt.Errorf("must be %s", orList(v.oneOf))
		}
		f.SetString(raw)
	}
	if v.check == nil {
		return nil
	}
	if err := v.check(raw); err != nil {
		return fmt.Errorf("is not valid: %w", err)
	}
	return nil
}

func parseDuration(s string) float64 { d, _ := time.ParseDuration(s); return float64(d) }
func parseNumber(s string) float64   { x, _ := strconv.ParseFloat(s, 64); return x }

// bounds checks x against v.min and v.max, read by parse.
func (v envVar) bounds(x float64, parse func(string) float64) error {
	switch {
	case v.min != "" && v.max != "" && (x < parse(v.min) || x > parse(v.max)):
		return fmt.Errorf("must be between %s and %s", v.min, v.max)
	case v.min != "" && x < parse(v.min):
		return fmt.Errorf("must be at least %s", v.min)
	case v.max != "" && x > parse(v.max):
		return fmt.Errorf("must be at most %s", v.max)
	}
	return nil
}

// orList is "a, b or c".
func orList(vals []string) string {
	if len(vals) == 1 {
		return vals[0]
	}
	return strings.Join(vals[:len(vals)-1], ", ") + " or " + vals[len(vals)-1]
}

// env reads the variables above and collects every malformed value, so
// they are all reported at once, and every conflict between a variable and
// its older name.
type env struct {
	lookup func(string) (string, bool)
	errs   []string
	// conflicts are the variables set under two names to different values
	// (the first name wins), logged by warnConflicts.
	conflicts [][2]string
	// logs is where logger writes; nil is os.Stderr.
	logs io.Writer
}

func newEnv(lookup func(string) (string, bool)) *env {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	return &env{lookup: lookup}
}

// get is name's value; blank is unset.
func (e *env) get(name string) (string, bool) {
	v, ok := e.lookup(name)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}

// value is v's value and the name it was read from: Name, else the first
// alias set. A conflict between names is recorded once per variable.
func (e *env) value(v envVar) (raw, from string, ok bool) {
	raw, ok = e.get(v.Name)
	from = v.Name
	for _, alias := range v.Aliases {
		av, set := e.get(alias)
		switch {
		case !set:
		case !ok:
			raw, from, ok = av, alias, true
		case av != raw && !slices.Contains(e.conflicts, [2]string{from, alias}):
			e.conflicts = append(e.conflicts, [2]string{from, alias})
		}
	}
	return raw, from, ok
}

// str is v's value in the environment, or its default.
func (e *env) str(name string) string {
	v := envVarNamed(name)
	if raw, _, ok := e.value(v); ok {
		return raw
	}
	return v.defaultOf()
}

// load sets the fields of s the environment sets: those of the variables
// named, or of all.
func (e *env) load(s *settings, names ...string) {
	for _, v := range envVars {
		if v.field == nil || len(names) > 0 && !slices.Contains(names, v.Name) {
			continue
		}
		raw, from, ok := e.value(v)
		if !ok {
			continue
		}
		if err := v.set(s, raw); err != nil {
			e.errs = append(e.errs, fmt.Sprintf("%s=%q %v", from, shown(v, raw), redactErr(err, raw, shown(v, raw))))
		}
	}
}

// redactErr is err's text with raw, which it may quote, written as shown.
func redactErr(err error, raw, shown string) string {
	if raw == shown || raw == "" {
		return err.Error()
	}
	return strings.ReplaceAll(err.Error(), raw, shown)
}

// warnConflicts logs the variables set under two names to different
// values. The values are not logged: one may hold a password.
func (e *env) warnConflicts(log *slog.Logger) {
	for _, c := range e.conflicts {
		log.Warn("environment variable set under its older name too, to another value; the new name wins", "using", c[0], "ignoring", c[1])
	}
}

// readElsewhere are the NL2SQL_ variables read outside envVars: the tests'
// database, and the one the pipeline benchmark's target DSN names (env:).
var readElsewhere = []string{"NL2SQL_TEST_DATABASE_URL", "NL2SQL_BENCH_TARGET_DSN"}

// unknownVar is an NL2SQL_ variable of the environment that nl2sql does
// not read, and the one it is probably a misspelling of ("" when none is
// close).
type unknownVar struct{ name, guess string }

// unknownVars are environ's NL2SQL_ variables (any case) that are neither
// in envVars nor readElsewhere. A variable nl2sql does not know may be
// one a DSN names (--dsn env:NL2SQL_SALES_DSN); a misspelt one, left
// alone, silently keeps the default.
func unknownVars(environ []string) []unknownVar {
	known := slices.Clone(readElsewhere)
	for _, v := range envVars {
		known = append(known, v.Name)
		known = append(known, v.Aliases...) // an older NL2SQL_ name is read too
	}
	var out []unknownVar
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		upper := strings.ToUpper(name)
		if !strings.HasPrefix(upper, "NL2SQL_") || slices.Contains(known, name) {
			continue
		}
		u := unknownVar{name: name}
		best := 3 // at most two edits away
		for _, k := range known {
			if d := naming.Distance(upper, k); d < best {
				best, u.guess = d, k
			}
		}
		out = append(out, u)
	}
	return out
}

// warnUnknown logs the NL2SQL_ variables of environ that nl2sql does not
// read: those that look like a misspelling of one it does, or with all
// (nl2sql env) every one. Nil environ: none.
func warnUnknown(log *slog.Logger, environ func() []string, all bool) {
	if environ == nil {
		return
	}
	for _, u := range unknownVars(environ()) {
		switch {
		case u.guess != "":
			log.Warn(fmt.Sprintf("%s is not a variable nl2sql reads, so it is ignored: did you mean %s?", u.name, u.guess))
		case all:
			log.Warn(fmt.Sprintf("%s is not a variable nl2sql reads (nl2sql env lists them), so it is ignored unless a DSN names it (env:%s)", u.name, u.name))
		}
	}
}

// databaseURL is NL2SQL_DATABASE_URL, or DATABASE_URL when it is unset, as
// River's and goose's command-line tools take it.
func (e *env) databaseURL() string { return e.str("NL2SQL_DATABASE_URL") }

func (e *env) err() error {
	if len(e.errs) == 0 {
		return nil
	}
	return &errclass.Error{
		Class: errclass.InfraFailure, Code: "config.env", Permanent: true,
		Message: "bad environment: " + strings.Join(e.errs, "; "),
	}
}

// logger is the logger NL2SQL_LOG_LEVEL and NL2SQL_LOG_FORMAT ask for, for
// commands that read no other setting.
func (e *env) logger() *slog.Logger {
	s := defaultSettings()
	e.load(s, "NL2SQL_LOG_LEVEL", "NL2SQL_LOG_FORMAT")
	return e.loggerFor(s)
}

// loggerFor is the logger s.LogLevel and s.LogFormat ask for.
func (e *env) loggerFor(s *settings) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(s.LogLevel)) // one of oneOf's values
	opts := &slog.HandlerOptions{Level: level}
	w := e.logs
	if w == nil {
		w = os.Stderr
	}
	if s.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
