//go:build nl2sqlbench

// Package bench is the benchmark harness behind `nl2sql bench pipeline` and
// the pipeline's Go benchmark. It runs the real service — River workers,
// catalog, RAG retrieval with schema linking, multi-candidate generation,
// guard, EXPLAIN, execution, the production Ollama client — with the
// production settings, against an INSTANT FAKE MODEL (internal/ollamatest)
// that answers every prompt at once. It measures the pipeline's own
// overhead, latency and memory; it says nothing about accuracy, and never
// claims to.
//
// Each run works in a scratch database it creates and drops: the demo ERP
// with distractor tables (Options.Tables, enough that retrieval is RAG),
// registered and indexed as `nl2sql demo` does. It measures lone questions
// (one in flight: the latency a user sees), then a burst closed-loop
// (Concurrency clients, each INSERTing a question and waiting for its
// rag_query_done notification before the next), then the same for bare
// chains — four no-op River jobs that hand over like the stages — as the
// limit the pipeline's own work is measured against.
//
// The service runs in-process (the Go benchmark), or as a child process
// (Options.Serve: `nl2sql serve` itself), so that its CPU and memory are
// measured apart from the load generator and the fake model.
package bench

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/migrations"
	"github.com/nl2sql/nl2sql/worker"
)

// Options configure a run.
type Options struct {
	// ServerURL is a connection string to the PostgreSQL server to run on;
	// a scratch database is created there and dropped afterwards. Required.
	ServerURL string
	// Questions is how many questions the burst measures. Defaults to 2000.
	Questions int
	// Concurrency is how many clients have a question in flight at once
	// during the burst. Defaults to 128.
	Concurrency int
	// Warmup questions run before measuring (connections, caches, and
	// tables the size of a service's that has run a while); the scratch
	// database is then analyzed (docs/DESIGN.md, Stage hand-off: a bench's
	// steady state). Defaults to 500.
	Warmup int
	// Lone is how many questions are measured one at a time, each asked
	// once the previous one is done. Defaults to 50.
	Lone int
	// Tables is the size of the target: the demo ERP's core tables plus
	// distractor tables up to this count. At least the RAG threshold
	// (Service.Pipeline.Strategy.Threshold) so that retrieval is RAG.
	// Defaults to 300.
	Tables int
	// Service is the service's configuration: pass what `nl2sql serve`
	// reads from the environment. Zero values are the packages' defaults.
	// Only the in-process service uses it; a child process reads its own
	// environment, which is the same one.
	Service Service
	// Serve, when set, is the command that runs the service under test in
	// a child process (`nl2sql serve`), with ServeEnv and the scratch
	// database, the fake model and the target added to this process's
	// environment. Empty: the service runs in this process.
	Serve []string
	// ServeEnv are NAME=value settings given to the child process only.
	ServeEnv []string
	// ServeGCPercent is the GC target Serve runs with when GOGC is unset
	// (its own default), for the report.
	ServeGCPercent int
	// Overrides name the settings given on the command line, for the
	// report.
	Overrides []string
	// CPUProfile, when set, receives a CPU profile of the measured burst
	// (of this process: in-process service, load generator, fake model).
	CPUProfile *os.File
	// KeepDatabase leaves the scratch database in place for inspection.
	KeepDatabase bool
	// Logger receives progress. Defaults to a discarding logger.
	Logger *slog.Logger
}

// Service is the configuration of the service under test.
type Service struct {
	LLM      llm.Config
	Worker   worker.Config
	Pipeline parts.Config
	Target   target.Config
	Index    schemaindex.Config
}

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o Options) WithDefaults() Options {
	if o.Questions == 0 {
		o.Questions = 2000
	}
	if o.Concurrency == 0 {
		o.Concurrency = 128
	}
	if o.Warmup == 0 {
		o.Warmup = 500
	}
	if o.Lone == 0 {
		o.Lone = 50
	}
	if o.Tables == 0 {
		o.Tables = 300
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	o.Service.LLM = o.Service.LLM.WithDefaults()
	return o
}

func (o Options) validate() error {
	switch {
	case o.ServerURL == "":
		return errors.New("bench: ServerURL is required")
	case o.Questions < 1 || o.Concurrency < 1 || o.Warmup < 0 || o.Lone < 0:
		return errors.New("bench: Questions and Concurrency must be positive")
	case o.Tables < erp.CoreTableCount() || o.Tables > erp.MaxTables():
		return fmt.Errorf("bench: Tables must be between %d and %d", erp.CoreTableCount(), erp.MaxTables())
	}
	return nil
}

// Report is one run's figures. Latencies are INSERT→done as a client sees
// them: from before its INSERT to the rag_query_done notification.
type Report struct {
	Questions      int     `json:"questions"`
	QPS            float64 `json:"qps"`
	P50MS          float64 `json:"p50_ms"`
	P99MS          float64 `json:"p99_ms"`
	BareChainQPS   float64 `json:"bare_chain_qps"`
	BareChainP50MS float64 `json:"bare_chain_p50_ms"`
	BareChainP99MS float64 `json:"bare_chain_p99_ms"`
	// OfBareChain is QPS / BareChainQPS: how close the pipeline gets to the
	// job queue's own limit.
	OfBareChain float64 `json:"qps_of_bare_chain"`
	Failed      int     `json:"failed"`
	Concurrency int     `json:"concurrency"`
	Cores       int     `json:"cores"`
	// Lone is the questions asked one at a time; LoneBareChain the bare
	// chains run so.
	Lone          *Lone `json:"lone,omitempty"`
	LoneBareChain *Lone `json:"lone_bare_chain,omitempty"`
	// Stages is where a burst question's time went, from rag.stage_timings.
	Stages []Stage `json:"stages"`
	// Strategies counts the burst's questions by retrieval strategy.
	Strategies map[string]int64 `json:"strategies"`
	// CPU splits the burst's CPU time between the service, the load
	// generator and PostgreSQL (best effort, Linux /proc).
	CPU *CPU `json:"cpu,omitempty"`
	// BareChainCPU is the same for the bare chain's burst; its River client
	// runs in the load generator's process.
	BareChainCPU *CPU `json:"bare_chain_cpu,omitempty"`
	// PeakRSSMB is the service process's peak resident memory (VmHWM)
	// over the burst; in-process it includes the load generator and the
	// fake model.
	PeakRSSMB float64  `json:"peak_rss_mb,omitempty"`
	Settings  Settings `json:"settings"`
	Model     string   `json:"model"`
}

// Lone is the latency of questions asked one at a time.
type Lone struct {
	Questions int     `json:"questions"`
	P50MS     float64 `json:"p50_ms"`
	P95MS     float64 `json:"p95_ms"`
	// Stages is where the time went; the queue times are the hand-offs.
	Stages []Stage `json:"stages,omitempty"`
}

// Stage is the per-stage latency of the measured questions.
type Stage struct {
	Name       string  `json:"stage"`
	Runs       int64   `json:"runs"`
	QueueP50MS float64 `json:"queue_p50_ms"`
	RunP50MS   float64 `json:"run_p50_ms"`
	RunP99MS   float64 `json:"run_p99_ms"`
}

// InstantModelNote is what reports say about the model.
const InstantModelNote = "instant fake model (internal/ollamatest): measures pipeline overhead, not accuracy"

// targetDSNVar is the variable the target's registration names (env:),
// as a user's `nl2sql db add --dsn env:VAR` would.
const targetDSNVar = "NL2SQL_BENCH_TARGET_DSN"

// Run performs one benchmark run.
func Run(ctx context.Context, opts Options) (*Report, error) {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	log := opts.Logger

	dbURL, drop, err := scratchDatabase(ctx, opts.ServerURL)
	if err != nil {
		return nil, err
	}
	if !opts.KeepDatabase {
		defer drop()
	} else {
		log.Info("keeping the scratch database", "url", dbURL)
	}
	// The service's own pool is sized as serve's (pgxpool's default);
	// the harness has its own.
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	if _, err := migrations.Migrate(ctx, pool, log); err != nil {
		return nil, err
	}

	srv, err := ollamatest.New(ollamatest.Config{
		Config:           fakeserver.Config{Models: chatModels(opts.Service), EmbedModels: []string{opts.Service.LLM.EmbedModel}},
		DisableRecording: true,
	})
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	srv.OnChat(instantModel)
	lcfg := opts.Service.LLM
	lcfg.Host = srv.URL()
	model, err := llm.New(lcfg)
	if err != nil {
		return nil, err
	}
	log.Info("loading the target", "tables", opts.Tables)
	if err := loadTarget(ctx, pool, dbURL, model, opts); err != nil {
		return nil, err
	}

	clients, err := newClientPool(ctx, dbURL, opts.Concurrency)
	if err != nil {
		return nil, err
	}
	defer clients.Close()

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	svc, err := startService(ctx, pool, dbURL, srv.URL(), model, opts, cancel)
	if err != nil {
		return nil, err
	}
	defer svc.stop() //nolint:errcheck // stopped explicitly on success
	rep, err := measure(ctx, pool, clients, svc, dbURL, opts)
	if cause := context.Cause(ctx); err != nil && cause != nil && !errors.Is(cause, ctx.Err()) {
		return nil, cause
	}
	return rep, err
}

// measure runs the phases on a started service.
func measure(ctx context.Context, pool *pgxpool.Pool, clients *clientPool, svc service, dbURL string, opts Options) (*Report, error) {
	log := opts.Logger

	rep := &Report{
		Questions: opts.Questions, Concurrency: opts.Concurrency, Cores: runtime.NumCPU(), Model: InstantModelNote,
		Settings: settingsOf(opts, svc.name()),
	}
	log.Info("warming up", "questions", opts.Warmup)
	if _, err := closedLoop(ctx, clients, opts.Warmup, min(opts.Concurrency, 8), submitQuestion); err != nil {
		return nil, err
	}
	q := dbsqlc.New()
	// Statistics as autovacuum would have gathered them by now; plans
	// cached for the empty tables are made again.
	if err := q.BenchAnalyze(ctx, pool); err != nil {
		return nil, err
	}
	if opts.Lone > 0 {
		log.Info("measuring lone questions", "questions", opts.Lone)
		lone, err := closedLoop(ctx, clients, opts.Lone, 1, submitQuestion)
		if err != nil {
			return nil, err
		}
		if rep.Lone, err = loneReport(ctx, pool, lone, true); err != nil {
			return nil, err
		}
	}

	log.Info("measuring the burst", "questions", opts.Questions, "concurrency", opts.Concurrency)
	if opts.CPUProfile != nil {
		if err := pprof.StartCPUProfile(opts.CPUProfile); err != nil {
			return nil, err
		}
	}
	svc.resetPeak()
	cpu0 := readCPU(svc.pid(), dbName(dbURL))
	res, err := closedLoop(ctx, clients, opts.Questions, opts.Concurrency, submitQuestion)
	if opts.CPUProfile != nil {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return nil, err
	}
	rep.CPU = readCPU(svc.pid(), dbName(dbURL)).since(cpu0, res.wall, len(res.latencies))
	rep.PeakRSSMB = svc.peakRSSMB()
	rep.QPS, rep.P50MS, rep.P99MS = res.qps(), res.quantile(0.50), res.quantile(0.99)

	failed, err := q.CountUnsucceeded(ctx, pool, res.ids)
	if err != nil {
		return nil, err
	}
	rep.Failed = int(failed)
	if rep.Stages, err = stageSummary(ctx, pool, res.ids); err != nil {
		return nil, err
	}
	strategies, err := q.CountByStrategy(ctx, pool, res.ids)
	if err != nil {
		return nil, err
	}
	rep.Strategies = map[string]int64{}
	for _, s := range strategies {
		rep.Strategies[s.Strategy] = s.Questions
	}
	if err := svc.stop(); err != nil {
		return nil, err
	}

	log.Info("measuring the bare chain", "chains", opts.Questions)
	bare, err := startBareChain(ctx, pool, opts.Service.Worker)
	if err != nil {
		return nil, err
	}
	defer bare.stop()
	if _, err := closedLoop(ctx, clients, opts.Warmup, min(opts.Concurrency, 8), bare.submit); err != nil {
		return nil, err
	}
	if opts.Lone > 0 {
		lone, err := closedLoop(ctx, clients, opts.Lone, 1, bare.submit)
		if err != nil {
			return nil, err
		}
		if rep.LoneBareChain, err = loneReport(ctx, pool, lone, false); err != nil {
			return nil, err
		}
	}
	cpu1 := readCPU(0, dbName(dbURL))
	bres, err := closedLoop(ctx, clients, opts.Questions, opts.Concurrency, bare.submit)
	if err != nil {
		return nil, err
	}
	rep.BareChainCPU = readCPU(0, dbName(dbURL)).since(cpu1, bres.wall, len(bres.latencies))
	rep.BareChainQPS, rep.BareChainP50MS, rep.BareChainP99MS = bres.qps(), bres.quantile(0.50), bres.quantile(0.99)
	if rep.BareChainQPS > 0 {
		rep.OfBareChain = rep.QPS / rep.BareChainQPS
	}
	return rep, nil
}

// chatModels are the models the fake server has pulled: the generation
// model and the linking one when it differs.
func chatModels(s Service) []string {
	models := []string{s.LLM.Model}
	if m := s.Pipeline.RAG.Link.Model; m != "" && m != s.LLM.Model {
		models = append(models, m)
	}
	return models
}

// loadTarget loads the demo ERP with distractor tables into the scratch
// database, registers it as database "bench" and builds its schema index
// with the fake model's embeddings: what `nl2sql demo` and `nl2sql index`
// do for a user.
func loadTarget(ctx context.Context, pool *pgxpool.Pool, dbURL string, model *llm.Client, opts Options) error {
	reg, err := exam.LoadDemo(ctx, pool, pool, exam.DemoOptions{Name: "bench", DSN: catalog.EnvPrefix + targetDSNVar, Tables: opts.Tables})
	if err != nil {
		return err
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	_, err = schemaindex.Build(ctx, pool, schemaindex.Source{
		Snapshot: reg.Snapshot, Target: conn, Embedder: model,
		EmbedModel: model.Config().EmbedModel,
	}, opts.Service.Index)
	return err
}

func loneReport(ctx context.Context, pool *pgxpool.Pool, r *result, stages bool) (*Lone, error) {
	l := &Lone{Questions: len(r.latencies), P50MS: r.quantile(0.50), P95MS: r.quantile(0.95)}
	if stages {
		var err error
		if l.Stages, err = stageSummary(ctx, pool, r.ids); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func stageSummary(ctx context.Context, pool *pgxpool.Pool, ids []int64) ([]Stage, error) {
	rows, err := dbsqlc.New().StageLatencySummary(ctx, pool, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Stage, 0, len(rows))
	for _, s := range rows {
		out = append(out, Stage{Name: s.Stage, Runs: s.Runs, QueueP50MS: s.QueueP50Ms, RunP50MS: s.RunP50Ms, RunP99MS: s.RunP99Ms})
	}
	return out, nil
}

// dbName is the database name of a connection URL.
func dbName(u string) string {
	cfg, err := pgx.ParseConfig(u)
	if err != nil {
		return ""
	}
	return cfg.Database
}

// instantModel answers at once: schema linking with two of the ERP's
// tables, generation with SQL over them, varied by the question's number so
// results differ.
func instantModel(req ollamatest.ChatRequest) ollamatest.Response {
	if strings.Contains(string(req.Format), `"tables"`) {
		return ollamatest.Response{Content: `{"tables": ["customers", "sales_orders"]}`}
	}
	n := 1
	if i := strings.LastIndex(req.LastUser(), "#"); i >= 0 {
		digits := req.LastUser()[i+1:]
		if j := strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
			digits = digits[:j]
		}
		n, _ = strconv.Atoi(digits)
	}
	return ollamatest.Response{Content: "```sql\nSELECT c.company_name, count(o.sales_order_id) AS orders, sum(o.total_amount) AS total\n" +
		"FROM customers c JOIN sales_orders o ON o.customer_id = c.customer_id\nWHERE c.customer_id = " + strconv.Itoa(1+n%50) +
		"\nGROUP BY c.company_name\n```", ChunkSize: 64}
}

func submitQuestion(ctx context.Context, c *client, n int) (int64, error) {
	return intake.Submit(ctx, c.conn, "bench", fmt.Sprintf("What did customer #%d order in total, and how many sales orders?", n), nil)
}

// result is a closed-loop phase's measurements.
type result struct {
	ids       []int64
	latencies []time.Duration
	wall      time.Duration
}

func (r *result) qps() float64 { return float64(len(r.latencies)) / r.wall.Seconds() }

func (r *result) quantile(q float64) float64 {
	if len(r.latencies) == 0 {
		return 0
	}
	ms := make([]float64, len(r.latencies))
	for i, l := range r.latencies {
		ms[i] = float64(l.Microseconds()) / 1000
	}
	slices.Sort(ms)
	return report.Quantile(ms, q)
}

// closedLoop runs n submissions with conc clients, each waiting for its
// previous one to finish before submitting the next.
func closedLoop(ctx context.Context, cp *clientPool, n, conc int, submit func(context.Context, *client, int) (int64, error)) (*result, error) {
	if n == 0 {
		return &result{}, nil
	}
	var (
		mu   sync.Mutex
		res  = &result{}
		next int
		errs = make(chan error, conc)
		wg   sync.WaitGroup
	)
	start := time.Now()
	for range min(conc, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := cp.get()
			defer cp.put(c)
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				t0 := time.Now()
				id, err := submit(ctx, c, i)
				if err != nil {
					errs <- err
					return
				}
				if err := cp.wait(ctx, id); err != nil {
					errs <- err
					return
				}
				d := time.Since(t0)
				mu.Lock()
				res.ids = append(res.ids, id)
				res.latencies = append(res.latencies, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.wall = time.Since(start)
	select {
	case err := <-errs:
		return nil, err
	default:
	}
	return res, nil
}

// CREATE/DROP DATABASE take the name as syntax, never as a parameter; it is
// generated here and quoted.
const (
	createDatabase = "CREATE DATABASE "
	dropDatabase   = "DROP DATABASE IF EXISTS "
	dropForce      = " WITH (FORCE)"
)

// scratchDatabase creates an empty database on the server of serverURL and
// returns its URL and a function that drops it.
func scratchDatabase(ctx context.Context, serverURL string) (string, func(), error) {
	name := "nl2sql_bench_" + randomHex(6)
	admin, err := adminConn(ctx, serverURL)
	if err != nil {
		return "", nil, err
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, createDatabase+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, fmt.Errorf("bench: create scratch database: %w", err)
	}
	drop := func() {
		dctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		a, err := adminConn(dctx, serverURL)
		if err != nil {
			return
		}
		defer a.Close(dctx)
		_, _ = a.Exec(dctx, dropDatabase+pgx.Identifier{name}.Sanitize()+dropForce)
	}
	return target.WithDatabase(serverURL, name), drop, nil
}

// adminConn connects to the server's postgres database.
func adminConn(ctx context.Context, serverURL string) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(serverURL)
	if err != nil {
		return nil, err
	}
	cfg.Database = "postgres"
	return pgx.ConnectConfig(ctx, cfg)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
