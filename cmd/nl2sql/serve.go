package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/metrics"
	"github.com/nl2sql/nl2sql/internal/pipeline"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// settings are every component's configuration, read from the environment.
type settings struct {
	DatabaseURL string
	LLM         llm.Config
	Worker      worker.Config
	Target      target.Config
	Pipeline    pipeline.Config
	// Index configures building and searching schema indexes (also
	// Pipeline.Index).
	Index schemaindex.Config
	// RepairOff turns deterministic repair off (NL2SQL_REPAIR=off).
	RepairOff bool
	// Bench configures `nl2sql bench retrieval`.
	Bench  bench.RetrievalConfig
	Logger *slog.Logger
	// Ops configures the MCP server, metrics and `serve --http` (ops.go).
	Ops opsSettings
}

func loadSettings(m *Main) (*settings, error) {
	e := newEnv(m.Getenv)
	e.logs = m.Logs
	log := e.logger()
	s := &settings{DatabaseURL: e.databaseURL(), Logger: log}
	s.LLM = llm.Config{
		Host: e.str("OLLAMA_HOST"), Model: e.str("NL2SQL_MODEL"), EmbedModel: e.str("NL2SQL_EMBED_MODEL"),
		Temperature: e.float("NL2SQL_TEMPERATURE"), NumCtx: e.int("NL2SQL_NUM_CTX"), RequestTimeout: e.duration("NL2SQL_LLM_TIMEOUT"),
	}
	if e.str("NL2SQL_SEED") != "" {
		seed := e.int("NL2SQL_SEED")
		s.LLM.Seed = &seed
	}
	s.Worker = worker.Config{
		RetrieveWorkers: e.int("NL2SQL_RETRIEVE_WORKERS"), LLMWorkers: e.int("NL2SQL_LLM_WORKERS"), DBWorkers: e.int("NL2SQL_DB_WORKERS"),
		MaxAttempts: e.int("NL2SQL_MAX_ATTEMPTS"), InfraAttempts: e.int("NL2SQL_INFRA_ATTEMPTS"),
		RetryBackoff: e.duration("NL2SQL_RETRY_BACKOFF"), RetryBackoffMax: e.duration("NL2SQL_RETRY_BACKOFF_MAX"),
		FetchCooldown: e.duration("NL2SQL_FETCH_COOLDOWN"), FetchPollInterval: e.duration("NL2SQL_FETCH_POLL_INTERVAL"),
		RescueAfter: e.duration("NL2SQL_RESCUE_AFTER"), Logger: log,
		Candidates: candidate.Config{
			Disabled: !e.bool("NL2SQL_CANDIDATES_ENABLED"), K: e.int("NL2SQL_CANDIDATES"),
			KEasy: e.int("NL2SQL_CANDIDATES_EASY"), KHard: e.int("NL2SQL_CANDIDATES_HARD"), RepairK: e.int("NL2SQL_CANDIDATES_REPAIR"),
			Temperature: e.float("NL2SQL_CANDIDATE_TEMPERATURE"), Budget: e.duration("NL2SQL_CANDIDATE_BUDGET"),
			MaxExplain: e.int("NL2SQL_EXPLAIN_PARALLEL"), Seed: s.LLM.Seed,
		},
		Examples: examples.Config{K: e.int("NL2SQL_EXAMPLES_K"), Off: e.int("NL2SQL_EXAMPLES_K") == 0,
			MinSimilarity: e.float("NL2SQL_EXAMPLES_MIN_SIMILARITY")},
	}
	// Checked here too, to name the variable: the worker's own check speaks
	// of its Config.
	if ra, least := s.Worker.RescueAfter, s.Worker.MinRescueAfter(); ra != 0 && ra < least {
		e.errs = append(e.errs, fmt.Sprintf("NL2SQL_RESCUE_AFTER must be at least %s (the stage timeout: a running stage is never taken over), got %s",
			shortDuration(least), e.str("NL2SQL_RESCUE_AFTER")))
	}
	s.Target = target.Config{
		StatementTimeout: e.duration("NL2SQL_STATEMENT_TIMEOUT"), ExplainTimeout: e.duration("NL2SQL_EXPLAIN_TIMEOUT"),
		MaxRows: e.int("NL2SQL_MAX_ROWS"), ReadOnlyRole: e.str("NL2SQL_READ_ONLY_ROLE"),
		MaxConns: int32(e.int("NL2SQL_TARGET_MAX_CONNS")), Logger: log,
	}
	s.Index = schemaindex.Config{
		K1: e.float("NL2SQL_BM25_K1"), B: e.float("NL2SQL_BM25_B"), MinIDF: e.float("NL2SQL_BM25_MIN_IDF"),
		MaxValues: e.int("NL2SQL_VALUE_INDEX_MAX_VALUES"), ValueSampleRows: e.int("NL2SQL_VALUE_INDEX_SAMPLE_ROWS"),
		EmbedBatch: e.int("NL2SQL_EMBED_BATCH"), Logger: log,
	}
	s.Pipeline = pipeline.Config{
		Retrieval: retrieval.Config{
			Format: retrieval.Format(e.str("NL2SQL_SCHEMA_FORMAT")), JoinHints: retrieval.JoinHintFormat(e.strOr("NL2SQL_JOIN_HINTS", "JOIN_HINT_FORMAT")),
		},
		RAG: retrieval.RAGConfig{
			TableTopK: e.int("NL2SQL_RAG_TABLE_TOP_K"), ColumnTopK: e.int("NL2SQL_RAG_COLUMN_TOP_K"), ValueTopK: e.int("NL2SQL_RAG_VALUE_TOP_K"),
			TableThreshold: e.float("NL2SQL_RAG_TABLE_THRESHOLD"), ColumnThreshold: e.float("NL2SQL_RAG_COLUMN_THRESHOLD"),
			TableWeight: e.float("NL2SQL_RAG_TABLE_WEIGHT"), ColumnWeight: e.float("NL2SQL_RAG_COLUMN_WEIGHT"),
			GenericDownweight: e.float("NL2SQL_RAG_GENERIC_DOWNWEIGHT"), RRFK: e.int("NL2SQL_RAG_RRF_K"),
			MaxTables: e.int("NL2SQL_RAG_MAX_TABLES"), FinalMaxTables: e.int("NL2SQL_RAG_FINAL_MAX_TABLES"), MinTables: e.int("NL2SQL_RAG_MIN_TABLES"),
			CoverageExtra: e.int("NL2SQL_RAG_COVERAGE_EXTRA"), CoverageMinScore: e.float("NL2SQL_RAG_COVERAGE_MIN_SCORE"),
			ModuleBoost:     e.float("NL2SQL_RAG_MODULE_BOOST"),
			LexicalDisabled: !e.bool("BM25_SEARCH_ENABLED"), RouterDisabled: !e.bool("MODULE_ROUTER_ENABLED"),
			ColumnPruning:       e.bool("COLUMN_PRUNING_ENABLED"),
			FKExpansionDisabled: !e.bool("FK_EXPANSION_ENABLED"), JoinPlannerDisabled: !e.bool("JOIN_PLANNER_ENABLED"),
			FKExpansionCap: e.int("NL2SQL_RAG_FK_EXPANSION_CAP"), FKEvidenceTopK: e.int("NL2SQL_RAG_FK_EVIDENCE_TOP_K"),
			FKEvidenceThreshold: e.float("NL2SQL_RAG_FK_EVIDENCE_THRESHOLD"), FKDecay: e.float("NL2SQL_RAG_FK_DECAY"),
			HubDegree: e.int("NL2SQL_RAG_HUB_DEGREE"), HubExpansionCap: e.int("NL2SQL_RAG_HUB_EXPANSION_CAP"),
			BridgeMinScore: e.float("NL2SQL_RAG_BRIDGE_MIN_SCORE"), BridgeCost: e.float("NL2SQL_RAG_BRIDGE_COST"),
			RoleEdgeCost: e.float("NL2SQL_RAG_ROLE_EDGE_COST"), BridgeMaxHops: e.int("NL2SQL_RAG_BRIDGE_MAX_HOPS"),
			BridgeCap: e.int("NL2SQL_RAG_BRIDGE_CAP"), CopyPenalty: e.float("NL2SQL_RAG_COPY_PENALTY"), Logger: log,
			Link: linkSettings(e),
		},
		Strategy: retrieval.AutoConfig{
			Threshold: e.int("RETRIEVAL_TABLE_THRESHOLD"), DocRetrievalDisabled: !e.bool("ENABLE_DOC_RETRIEVAL"),
			MaxFullTables: e.int("NL2SQL_RAG_MAX_FULL_TABLES"), Logger: log,
		},
		Index: s.Index,
	}
	s.Bench = bench.RetrievalConfig{HeldoutDir: e.str("NL2SQL_BENCH_HELDOUT_DIR")}
	switch mode := e.str("NL2SQL_REPAIR"); mode {
	case "off":
		s.RepairOff = true
	case "active", "observe":
		s.Pipeline.Repair.Mode = repair.Mode(mode)
	default:
		e.errs = append(e.errs, fmt.Sprintf("NL2SQL_REPAIR=%q must be active, observe or off", mode))
	}
	if m.Getenv != nil {
		s.Pipeline.Getenv = func(k string) string { v, _ := m.Getenv(k); return v }
	}
	loadOps(e, m, s)
	return s, e.err()
}

// open reads the settings and connects to nl2sql's database: the start of
// every command that works with it.
func open(ctx context.Context, m *Main) (*settings, *pgxpool.Pool, error) {
	st, err := loadSettings(m)
	if err != nil {
		return nil, nil, err
	}
	pool, err := connect(ctx, st.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return st, pool, nil
}

// service is a running pipeline: the worker and what it holds open.
type service struct {
	worker  *worker.Service
	targets *target.Registry
	metrics *metrics.Metrics
	// model is the instrumented model client; rawModel the client itself
	// (readiness checks are not model calls of the pipeline).
	model, rawModel llm.Provider
}

func (s *service) stop(ctx context.Context) error {
	err := s.worker.Stop(ctx)
	s.targets.Close()
	return err
}

// shutdown drains the service: see worker.Service.Shutdown.
func (s *service) shutdown(drain time.Duration, hurry <-chan struct{}) error {
	err := s.worker.Shutdown(drain, hurry)
	s.targets.Close()
	return err
}

// close stops the service, giving running jobs up to 30s, for commands
// that run it in-process (demo, exam).
func (s *service) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = s.stop(ctx)
}

// startService builds the pipeline on pool and starts its workers.
func startService(ctx context.Context, pool *pgxpool.Pool, st *settings) (*service, error) {
	rawModel, err := llm.Open(st.LLM)
	if err != nil {
		return nil, err
	}
	mx, err := metrics.New(pool, st.Ops.Metrics)
	if err != nil {
		return nil, err
	}
	targets, err := target.New(st.Target)
	if err != nil {
		return nil, err
	}
	model := mx.Provider(rawModel)
	p, err := pipeline.New(pool, model, st.Pipeline)
	if err != nil {
		targets.Close()
		return nil, err
	}
	deps := p.Deps(targets)
	wcfg := instrument(mx, &deps, st.Worker)
	if st.RepairOff {
		deps.Repairer = nil
	}
	w, err := worker.New(pool, deps, wcfg)
	if err != nil {
		targets.Close()
		return nil, err
	}
	if err := w.Start(ctx); err != nil {
		targets.Close()
		return nil, err
	}
	return &service{worker: w, targets: targets, metrics: mx, model: model, rawModel: rawModel}, nil
}

func runServe(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "serve")
	drain := fs.Duration("drain-timeout", 2*time.Minute, "on SIGINT/SIGTERM, how long running jobs may finish before they are cancelled (a second signal cancels them at once)")
	httpAddr := fs.String("http", "", "also serve /mcp, /metrics, /healthz, /readyz and /riverui/ over HTTP at this address (host:port; no host: 127.0.0.1)")
	httpPublic := fs.Bool("http-public", false, "allow --http to bind a non-loopback address")
	if _, err := parseFlags(fs, args); err != nil {
		return flagError(err)
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()

	// Say up front what is missing; the service still starts, and questions
	// wait (with retries) for the model to appear.
	if model, err := llm.Open(st.LLM); err == nil {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := model.CheckModel(cctx, st.LLM.Model)
		cancel()
		if err != nil {
			st.Logger.WarnContext(ctx, "the model is not usable yet; questions will retry and then fail with infra_failure", "err", err.Error())
		}
	}
	svc, err := startService(ctx, pool, st)
	if err != nil {
		return err
	}
	stopHTTP, err := serveHTTP(ctx, m, st, pool, svc, *httpAddr, *httpPublic)
	if err != nil {
		svc.close()
		return err
	}
	st.Logger.InfoContext(ctx, "nl2sql serving", "database", redactURL(st.DatabaseURL), "model_server", llm.Describe(st.LLM), "model", st.LLM.Model)
	fmt.Fprintln(m.Stderr, "nl2sql: serving; Ctrl-C to stop (running jobs are drained)")
	// The jobs' contexts do not derive from ctx (worker.Service.Start): the
	// signal that ends ctx starts a drain, not a cancellation.
	<-ctx.Done()
	stopHTTP(min(*drain, 10*time.Second)) // first: no new questions over HTTP while draining
	hurry := make(chan struct{})
	stopped := make(chan struct{})
	defer close(stopped)
	go func() {
		select {
		case <-m.Signals:
			close(hurry)
		case <-stopped:
		}
	}()
	return svc.shutdown(*drain, hurry)
}
