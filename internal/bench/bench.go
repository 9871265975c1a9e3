//go:build nl2sqlbench

// Package bench is the benchmark harness behind `nl2sql bench pipeline` and
// the pipeline's Go benchmark. It runs the real service — River workers,
// catalog, retrieval, guard, EXPLAIN, execution, the production Ollama
// client — against an INSTANT FAKE MODEL (internal/ollamatest) that answers
// every prompt with ready SQL. It measures the pipeline's own overhead and
// throughput; it says nothing about accuracy, and never claims to.
//
// Each run works in a scratch database it creates and drops, measures
// questions closed-loop (Concurrency clients, each INSERTing a question and
// waiting for its rag_query_done notification before the next), then runs
// the same number of bare chains — four no-op River jobs that hand over
// with InsertTx + JobCompleteTx like the pipeline's stages — as the limit
// the pipeline's own work is measured against.
package bench

import (
	"context"
	"crypto/rand"
	_ "embed"
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

	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/pipeline"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/migrations"
	"github.com/nl2sql/nl2sql/worker"
)

//go:embed target.sql
var targetSQL string

// Options configure a run.
type Options struct {
	// ServerURL is a connection string to the PostgreSQL server to run on;
	// a scratch database is created there and dropped afterwards. Required.
	ServerURL string
	// Questions is how many questions are measured. Defaults to 2000.
	Questions int
	// Concurrency is how many clients have a question in flight at once.
	// Defaults to 128.
	Concurrency int
	// Warmup questions run before measuring (connections, caches).
	// Defaults to 100.
	Warmup int
	// Worker configures the service under test. Defaults to 20 retrieve,
	// 20 LLM and 20 DB workers, 5ms fetch cooldown.
	Worker worker.Config
	// PoolSize is the service's connection pool size. Defaults to 40.
	PoolSize int32
	// CPUProfile, when set, receives a CPU profile of the measured phase.
	CPUProfile *os.File
	// KeepDatabase leaves the scratch database in place for inspection.
	KeepDatabase bool
	// Logger receives progress. Defaults to a discarding logger.
	Logger *slog.Logger
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
		o.Warmup = 100
	}
	if o.Worker.RetrieveWorkers == 0 {
		o.Worker.RetrieveWorkers = 20
	}
	if o.Worker.LLMWorkers == 0 {
		o.Worker.LLMWorkers = 20
	}
	if o.Worker.DBWorkers == 0 {
		o.Worker.DBWorkers = 20
	}
	if o.Worker.FetchCooldown == 0 {
		o.Worker.FetchCooldown = 5 * time.Millisecond
	}
	if o.PoolSize == 0 {
		o.PoolSize = 40
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func (o Options) validate() error {
	switch {
	case o.ServerURL == "":
		return errors.New("bench: ServerURL is required")
	case o.Questions < 1 || o.Concurrency < 1 || o.Warmup < 0:
		return errors.New("bench: Questions and Concurrency must be positive")
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
	// Stages is where a question's time went, from rag.stage_timings.
	Stages []Stage `json:"stages"`
	// CPU splits the measured phase's CPU time between this process and the
	// PostgreSQL server's processes (best effort, Linux /proc).
	CPU *CPU `json:"cpu,omitempty"`
	// BareChainCPU is the same for the bare chain phase.
	BareChainCPU *CPU   `json:"bare_chain_cpu,omitempty"`
	Model        string `json:"model"`
}

// Stage is the per-stage latency of the measured questions.
type Stage struct {
	Name       string  `json:"stage"`
	Runs       int64   `json:"runs"`
	QueueP50MS float64 `json:"queue_p50_ms"`
	RunP50MS   float64 `json:"run_p50_ms"`
	RunP99MS   float64 `json:"run_p99_ms"`
}

// CPU is CPU seconds used during the measured phase.
type CPU struct {
	WallSeconds     float64 `json:"wall_seconds"`
	NL2SQLSeconds   float64 `json:"nl2sql_seconds"`
	PostgresSeconds float64 `json:"postgres_seconds"`
	// PerItemMS is CPU milliseconds (both processes) per question or chain.
	PerItemMS float64 `json:"cpu_ms_per_item"`
}

// InstantModelNote is what reports say about the model.
const InstantModelNote = "instant fake model (internal/ollamatest): measures pipeline overhead, not accuracy"

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

	pcfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return nil, err
	}
	pcfg.MaxConns = opts.PoolSize
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	clients, err := newClientPool(ctx, dbURL, opts.Concurrency)
	if err != nil {
		return nil, err
	}
	defer clients.Close()

	if _, err := migrations.Migrate(ctx, pool, log); err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, targetSQL); err != nil {
		return nil, fmt.Errorf("bench: target schema: %w", err)
	}
	const dsnVar = "NL2SQL_BENCH_TARGET_DSN"
	getenv := func(k string) string {
		if k == dsnVar {
			return dbURL
		}
		return ""
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	_, err = catalog.Refresh(ctx, pool, conn, catalog.Database{Name: "bench", DSN: catalog.EnvPrefix + dsnVar, Schemas: []string{"bench"}}, nil)
	conn.Release()
	if err != nil {
		return nil, err
	}

	srv, err := ollamatest.New(ollamatest.Config{Models: []string{"instant"}, DisableRecording: true})
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	srv.OnChat(instantModel)
	model, err := llm.New(llm.Config{Host: srv.URL(), Model: "instant"})
	if err != nil {
		return nil, err
	}
	targets, err := target.New(target.Config{MaxConns: int32(opts.Worker.DBWorkers)})
	if err != nil {
		return nil, err
	}
	defer targets.Close()
	p, err := pipeline.New(pool, model, pipeline.Config{Getenv: getenv})
	if err != nil {
		return nil, err
	}
	wcfg := opts.Worker
	wcfg.Logger = log
	svc, err := worker.New(pool, p.Deps(targets), wcfg)
	if err != nil {
		return nil, err
	}
	if err := svc.Start(ctx); err != nil {
		return nil, err
	}

	rep := &Report{Questions: opts.Questions, Concurrency: opts.Concurrency, Cores: runtime.NumCPU(), Model: InstantModelNote}
	log.Info("warming up", "questions", opts.Warmup)
	if _, err := closedLoop(ctx, clients, opts.Warmup, opts.Concurrency, submitQuestion); err != nil {
		return nil, err
	}

	log.Info("measuring the pipeline", "questions", opts.Questions, "concurrency", opts.Concurrency)
	if opts.CPUProfile != nil {
		if err := pprof.StartCPUProfile(opts.CPUProfile); err != nil {
			return nil, err
		}
	}
	cpu0 := readCPU()
	res, err := closedLoop(ctx, clients, opts.Questions, opts.Concurrency, submitQuestion)
	if opts.CPUProfile != nil {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return nil, err
	}
	rep.CPU = readCPU().since(cpu0, res.wall, len(res.latencies))
	rep.QPS, rep.P50MS, rep.P99MS = res.qps(), res.quantile(0.50), res.quantile(0.99)

	q := dbsqlc.New()
	failed, err := q.CountUnsucceeded(ctx, pool, res.ids)
	if err != nil {
		return nil, err
	}
	rep.Failed = int(failed)
	stages, err := q.StageLatencySummary(ctx, pool, res.ids)
	if err != nil {
		return nil, err
	}
	for _, s := range stages {
		rep.Stages = append(rep.Stages, Stage{Name: s.Stage, Runs: s.Runs, QueueP50MS: s.QueueP50Ms, RunP50MS: s.RunP50Ms, RunP99MS: s.RunP99Ms})
	}

	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	err = svc.Stop(sctx)
	cancel()
	if err != nil {
		return nil, err
	}

	log.Info("measuring the bare chain", "chains", opts.Questions)
	bare, err := startBareChain(ctx, pool, wcfg)
	if err != nil {
		return nil, err
	}
	if _, err := closedLoop(ctx, clients, opts.Warmup, opts.Concurrency, bare.submit); err != nil {
		return nil, err
	}
	cpu1 := readCPU()
	bres, err := closedLoop(ctx, clients, opts.Questions, opts.Concurrency, bare.submit)
	bare.stop()
	if err != nil {
		return nil, err
	}
	rep.BareChainCPU = readCPU().since(cpu1, bres.wall, len(bres.latencies))
	rep.BareChainQPS, rep.BareChainP50MS, rep.BareChainP99MS = bres.qps(), bres.quantile(0.50), bres.quantile(0.99)
	if rep.BareChainQPS > 0 {
		rep.OfBareChain = rep.QPS / rep.BareChainQPS
	}
	return rep, nil
}

// instantModel answers at once with SQL over the bench schema, varied by
// the question's number so results differ.
func instantModel(req ollamatest.ChatRequest) ollamatest.Response {
	n := 1
	if i := strings.LastIndex(req.LastUser(), "#"); i >= 0 {
		digits := req.LastUser()[i+1:]
		if j := strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
			digits = digits[:j]
		}
		n, _ = strconv.Atoi(digits)
	}
	return ollamatest.Response{Content: "```sql\nSELECT c.name, count(o.order_id) AS orders, sum(o.total_amount) AS total\n" +
		"FROM customers c JOIN orders o ON o.customer_id = c.customer_id\nWHERE c.customer_id = " + strconv.Itoa(1+n%500) +
		"\nGROUP BY c.name\n```", ChunkSize: 64}
}

func submitQuestion(ctx context.Context, c *client, n int) (int64, error) {
	return intake.Submit(ctx, c.conn, "bench", fmt.Sprintf("What did customer #%d order, in total?", n), nil)
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
