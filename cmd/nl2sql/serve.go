package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/metrics"
	"github.com/nl2sql/nl2sql/internal/opshttp"
	"github.com/nl2sql/nl2sql/internal/parts"
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
	Pipeline    parts.Config
	// Index configures building and searching schema indexes (also
	// Pipeline.Index).
	Index schemaindex.Config
	// RepairOff turns deterministic repair off (NL2SQL_REPAIR=off).
	RepairOff bool
	// Bench configures `nl2sql bench retrieval`.
	Bench bench.RetrievalConfig
	// LogLevel and LogFormat make Logger: debug, info, warn or error; text
	// or json.
	LogLevel, LogFormat string
	Logger              *slog.Logger
	// Ops configures the MCP server, metrics and `serve --http` (ops.go).
	Ops opsSettings
}

func loadSettings(m *Main) (*settings, error) {
	e := newEnv(m.Getenv)
	e.logs = m.Logs
	s := defaultSettings()
	e.load(s)
	log := e.loggerFor(s)
	e.warnConflicts(log)
	warnUnknown(log, m.Environ, false)
	s.Logger = log
	s.Worker.Logger, s.Target.Logger, s.Index.Logger = log, log, log
	s.Pipeline.RAG.Logger, s.Pipeline.Strategy.Logger, s.LLM.Logger = log, log, log
	s.Ops.MCP.Logger, s.Ops.MCP.Version, s.Ops.Metrics.Logger = log, version(), log
	// One variable, several settings.
	s.Worker.Candidates.Seed = s.LLM.Seed
	s.Pipeline.Index = s.Index
	s.Ops.Metrics.ScrapeTimeout = s.Ops.ReadyTimeout
	if s.Pipeline.Repair.Mode == repairOff {
		s.RepairOff = true
		s.Pipeline.Repair.Mode = defaultSettings().Pipeline.Repair.Mode
	}
	if _, _, set := e.value(envVarNamed("NL2SQL_RESCUE_AFTER")); !set {
		// Unset, it follows the stage timeouts as set (worker.Config's
		// default), not as they were by default.
		s.Worker.RescueAfter = 0
		s.Worker = s.Worker.WithDefaults()
	}
	// Checked here too, to name the variable: the worker's own check speaks
	// of its Config.
	if ra, least := s.Worker.RescueAfter, s.Worker.MinRescueAfter(); ra < least {
		e.errs = append(e.errs, fmt.Sprintf("NL2SQL_RESCUE_AFTER must be at least %s (the stage timeout: a running stage is never taken over), got %s",
			worker.FmtDuration(least), e.str("NL2SQL_RESCUE_AFTER")))
	}
	if m.Getenv != nil {
		getenv := func(k string) string { v, _ := m.Getenv(k); return v }
		s.Pipeline.Getenv, s.LLM.OpenAI.Getenv = getenv, getenv
	}
	// An env: key is read when the client is made: checked here too, so
	// that nl2sql env refuses what serve would, and serve says so as it
	// does of any setting.
	if s.LLM.Provider == llm.ProviderOpenAI {
		if err := s.LLM.OpenAI.CheckAPIKey(); err != nil {
			e.errs = append(e.errs, strings.TrimPrefix(err.Error(), "llm: "))
		}
	}
	return s, e.err()
}

// open reads the settings and connects to nl2sql's database: the start of
// every command that works with it.
func open(ctx context.Context, m *Main) (*settings, *pgxpool.Pool, error) {
	st, err := loadSettings(m)
	if err != nil {
		return nil, nil, err
	}
	pool, err := connectMigrated(ctx, st.DatabaseURL, 0)
	if err != nil {
		return nil, nil, err
	}
	return st, pool, nil
}

// openTargets is open plus the registry of pools on the target databases,
// for the commands that run SQL there; done closes both.
func openTargets(ctx context.Context, m *Main) (st *settings, pool *pgxpool.Pool, targets *target.Registry, done func(), err error) {
	st, pool, err = open(ctx, m)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	targets, err = target.New(st.Target)
	if err != nil {
		pool.Close()
		return nil, nil, nil, nil, err
	}
	return st, pool, targets, func() { targets.Close(); pool.Close() }, nil
}

// unknownDatabase is err, or for catalog.ErrDatabaseNotFound the error that
// tells how to register db; command names the error code.
func unknownDatabase(command, db string, err error) error {
	if !errors.Is(err, catalog.ErrDatabaseNotFound) {
		return err
	}
	return &errclass.Error{
		Class: errclass.ValidationBlock, Code: command + ".unknown_database",
		Message: fmt.Sprintf("database %q is not registered: nl2sql db add %s --dsn DSN", db, db), Err: err,
	}
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
	s.rawModel.Close()
	return err
}

// shutdown drains the service: see worker.Service.Shutdown.
func (s *service) shutdown(drain time.Duration, hurry <-chan struct{}) error {
	err := s.worker.Shutdown(drain, hurry)
	s.targets.Close()
	s.rawModel.Close()
	return err
}

// close stops the service, giving running jobs up to 30s, for commands
// that run it in-process (demo, exam).
func (s *service) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = s.stop(ctx)
}

// stageTimeoutsError refuses a model timeout the generate stage's deadline
// would always cut first: every try of a slow model would end unanswered,
// and its retries cost as much. Only commands that run the stages check
// it (serve, demo, exam): the others make no generation.
func stageTimeoutsError(st *settings) error {
	call, stage := st.LLM.RequestTimeout, st.Worker.GenerateStageTimeout()
	if call < stage {
		return nil
	}
	return &errclass.Error{
		Class: errclass.InfraFailure, Code: "config.env", Permanent: true,
		Message: fmt.Sprintf("bad environment: NL2SQL_LLM_TIMEOUT (%s) must be shorter than the generate stage's timeout (%s: NL2SQL_GENERATE_TIMEOUT, cut at NL2SQL_RESCUE_AFTER); raise NL2SQL_GENERATE_TIMEOUT (and NL2SQL_RESCUE_AFTER if set)",
			worker.FmtDuration(call), worker.FmtDuration(stage)),
	}
}

// startService builds the pipeline on pool and starts its workers.
func startService(ctx context.Context, pool *pgxpool.Pool, st *settings) (_ *service, err error) {
	if err := stageTimeoutsError(st); err != nil {
		return nil, err
	}
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
	defer func() {
		if err != nil {
			targets.Close()
			rawModel.Close()
		}
	}()
	model := mx.Provider(rawModel)
	p, err := parts.New(pool, model, st.Pipeline)
	if err != nil {
		return nil, err
	}
	deps := p.Deps(targets)
	wcfg := instrument(mx, &deps, st.Worker)
	if st.RepairOff {
		deps.Repairer = nil
	}
	w, err := worker.Start(ctx, pool, deps, wcfg)
	if err != nil {
		return nil, err
	}
	return &service{worker: w, targets: targets, metrics: mx, model: model, rawModel: rawModel}, nil
}

func runServe(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "serve")
	drain := fs.Duration("drain-timeout", 2*time.Minute, "on SIGINT/SIGTERM, how long running jobs may finish before they are cancelled (a second signal cancels them at once)")
	httpAddr := fs.String("http", "", "also serve /mcp, /metrics, /healthz, /readyz and /riverui/ over HTTP at this address (host:port; no host: 127.0.0.1)")
	httpPublic := fs.Bool("http-public", false, "allow --http to bind a non-loopback address")
	// An argument is refused, not ignored: `nl2sql serve :8080` would
	// otherwise run without the listener it asks for.
	if err := parseNoArgs(fs, args, "serve takes no arguments: nl2sql serve [--http ADDR [--http-public]] [--drain-timeout D]"); err != nil {
		return err
	}
	if *drain < 0 {
		return usagef("serve: --drain-timeout must not be negative, got %s (0 cancels running jobs at once)", *drain)
	}
	// Before anything starts: a refused address must not leave workers
	// running a stage first (and spending a question's retry).
	if *httpAddr != "" {
		if _, err := opshttp.ListenAddr(*httpAddr, *httpPublic); err != nil {
			return usagef("%v", err)
		}
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	if err := stageTimeoutsError(st); err != nil {
		return err // before connecting: it is the environment's fault
	}
	pool, err := connectMigrated(ctx, st.DatabaseURL, 0)
	if err != nil {
		return err
	}
	defer pool.Close()
	if *httpAddr != "" && !*httpPublic && len(st.Ops.MCP.AllowedOrigins) > 0 {
		// A loopback listener serves pages on this machine only; another
		// origin allowed is a decision made with --http-public.
		return usagef("NL2SQL_MCP_ALLOWED_ORIGINS lets other origins' pages use /mcp: it needs --http-public")
	}

	// Say up front what is missing; the service still starts, and questions
	// wait (with retries) for the model to appear.
	if model, err := llm.Open(st.LLM); err == nil {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := model.CheckModel(cctx, st.LLM.Model)
		cancel()
		model.Close()
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
