package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/mcpserver"
	"github.com/nl2sql/nl2sql/internal/metrics"
	"github.com/nl2sql/nl2sql/internal/opshttp"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/worker"
)

// opsSettings configure how nl2sql is reached besides SQL: the MCP server,
// the metrics and the HTTP listener of `serve --http`.
type opsSettings struct {
	MCP          mcpserver.Config
	Metrics      metrics.Config
	ReadyTimeout time.Duration
}

// version is the module version the binary was built from, or "dev".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// instrument wires the metrics into the worker: guard refusals and the
// observer of stages and questions (model calls are counted by the
// provider mx.Provider wraps).
func instrument(mx *metrics.Metrics, deps *stage.Deps, cfg worker.Config) worker.Config {
	deps.Guard = mx.Guard(deps.Guard)
	cfg.Observer = mx
	return cfg
}

// newMCPServer is the MCP server over pool; retrieve_tables answers as
// `nl2sql retrieve --json` does.
func newMCPServer(pool *pgxpool.Pool, st *settings, model llm.Provider) (*mcpserver.Server, error) {
	p, err := parts.New(pool, model, st.Pipeline)
	if err != nil {
		return nil, err
	}
	retrieve := func(ctx context.Context, database, question string) (any, error) {
		res, err := p.Retrieval(ctx, stage.RetrieveRequest{Database: database, Question: question}, retrieval.JoinHintsBoth)
		if err != nil {
			return nil, err
		}
		return retrieveOutput(question, res), nil
	}
	cfg := st.Ops.MCP
	cfg.RowCap = st.Target.MaxRows // /mcp asks as the service's owner: max_rows must not raise it
	return mcpserver.New(pool, retrieve, cfg)
}

// serveHTTP starts the listener of `serve --http` for svc; the returned
// function stops it, waiting up to grace for requests in progress. With no
// address it does nothing.
func serveHTTP(ctx context.Context, m *Main, st *settings, pool *pgxpool.Pool, svc *service, addr string, public bool) (func(grace time.Duration), error) {
	if addr == "" {
		return func(time.Duration) {}, nil
	}
	// /mcp has a pool of its own: a question it asks holds a connection
	// until answered, and on River's pool enough of them would leave the
	// workers none to answer with.
	mcpPool, err := connectMax(ctx, st.DatabaseURL, st.Ops.MCP.PoolConns())
	if err != nil {
		return nil, err
	}
	mcpSrv, err := newMCPServer(mcpPool, st, svc.model)
	if err != nil {
		mcpPool.Close()
		return nil, err
	}
	uiCtx, stopUI := context.WithCancel(context.WithoutCancel(ctx))
	routes := opshttp.Routes{Metrics: svc.metrics.Handler(), MCP: mcpSrv.Handler()}
	if ui, err := opshttp.RiverUI(uiCtx, svc.worker.Client(), st.Logger); err != nil {
		st.Logger.WarnContext(ctx, "River's web UI is not available", "err", err.Error())
	} else {
		routes.RiverUI = ui
	}
	checks := []opshttp.Check{
		{Name: "database", Run: func(ctx context.Context) error {
			if err := pool.Ping(ctx); err != nil {
				return fmt.Errorf("nl2sql's database %s: %w", redactURL(st.DatabaseURL), err)
			}
			return nil
		}},
		{Name: "river", Run: svc.worker.Healthy},
		{Name: "model", Run: func(ctx context.Context) error { return modelCheck(ctx, svc.rawModel, st.LLM.Model) }},
	}
	srv, err := opshttp.Start(opshttp.Config{Addr: addr, AllowRemote: public, ReadyTimeout: st.Ops.ReadyTimeout, Logger: st.Logger}, checks, routes)
	if err != nil {
		stopUI()
		mcpPool.Close()
		return nil, err
	}
	st.Logger.InfoContext(ctx, "http: serving /healthz /readyz /metrics /mcp /riverui/", "addr", srv.Addr())
	fmt.Fprintf(m.Stderr, "nl2sql: http on http://%s (/mcp, /metrics, /healthz, /readyz, /riverui/)\n", srv.Addr())
	return func(grace time.Duration) {
		// An nl_query waiting for its answer is told at once that its
		// question stays queued: the drain that follows may leave it
		// unanswered, and a request cut at the grace gets no reply at all.
		mcpSrv.StopWaiting()
		sctx, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			st.Logger.Warn("http: requests cut off at shutdown", "err", err.Error())
		}
		stopUI()
		// Close waits for every connection back; a question still waited
		// for past the grace must not hold the exit.
		go mcpPool.Close()
	}, nil
}

// modelCheck says whether the model answers, in the provider's words.
func modelCheck(ctx context.Context, model llm.Provider, name string) error {
	err := model.CheckModel(ctx, name)
	var le *llm.Error
	if errors.As(err, &le) {
		return errors.New(le.Message)
	}
	return err
}

// modelHelp says where the model comes from and how to get it, for
// commands that stop without one (demo, exam).
func modelHelp(cfg llm.Config) (where, fix string) {
	cfg = cfg.WithDefaults()
	if cfg.Provider == llm.ProviderOpenAI {
		return fmt.Sprintf("server:      %s (NL2SQL_OPENAI_BASE_URL)", llm.Describe(cfg)),
			fmt.Sprintf("start the server (vLLM, llama.cpp's server, LM Studio, ...) serving %s, or set NL2SQL_OPENAI_BASE_URL / NL2SQL_OPENAI_API_KEY / NL2SQL_MODEL to a server, key and model you have", cfg.Model)
	}
	return fmt.Sprintf("Ollama host: %s (NL2SQL_OLLAMA_HOST)", llm.DisplayHost(cfg.Host)),
		fmt.Sprintf("start Ollama at that host and run \"ollama pull %s\", or set NL2SQL_OLLAMA_HOST / NL2SQL_MODEL to a server and a model you have (or NL2SQL_LLM_PROVIDER=openai for an OpenAI-compatible server)", cfg.Model)
}
