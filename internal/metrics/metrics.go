// Package metrics is nl2sql's Prometheus instrumentation, served at
// /metrics by `nl2sql serve --http`. It hooks the boundaries that exist
// instead of rewriting the stages: the worker's Observer (stage durations,
// finished questions), a wrapper around the model provider (calls, tokens,
// durations), a wrapper around the guard (refusals by reason), and River's
// job table read on each scrape (queue depth).
//
// Families:
//
//	nl2sql_questions_total{status,error_class}          counter
//	nl2sql_stage_duration_seconds{stage,outcome}         histogram
//	nl2sql_model_calls_total{provider,op,outcome}        counter
//	nl2sql_model_call_duration_seconds{provider,op}      histogram
//	nl2sql_model_tokens_total{provider,direction}        counter (prompt, reply)
//	nl2sql_guard_refusals_total{stage,reason}            counter
//	nl2sql_queue_jobs{queue,state}                       gauge, read on scrape
//
// plus the Go runtime's and the process's own.
package metrics

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/validate"
	"github.com/nl2sql/nl2sql/jobs"
	"github.com/nl2sql/nl2sql/worker"
)

// Config configures the metrics.
type Config struct {
	// ScrapeTimeout bounds the queue-depth query each scrape runs on
	// nl2sql's database; past it the scrape serves the other families and
	// logs why. Defaults to 2s.
	ScrapeTimeout time.Duration
	// Logger receives scrape errors. Defaults to a discarding logger.
	Logger *slog.Logger
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.ScrapeTimeout == 0 {
		c.ScrapeTimeout = 2 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	if c.ScrapeTimeout < time.Millisecond {
		return errors.New("metrics: ScrapeTimeout must be at least 1ms")
	}
	return nil
}

// Metrics holds nl2sql's collectors in a registry of their own (not the
// global one: tests run several services in one process).
type Metrics struct {
	cfg           Config
	reg           *prometheus.Registry
	questions     *prometheus.CounterVec
	stages        *prometheus.HistogramVec
	modelCalls    *prometheus.CounterVec
	modelSeconds  *prometheus.HistogramVec
	modelTokens   *prometheus.CounterVec
	guardRefusals *prometheus.CounterVec
}

var _ worker.Observer = (*Metrics)(nil)

// New registers the collectors; pool is nl2sql's own database, read for
// the queue depth on each scrape (nil: no queue depth).
func New(pool *pgxpool.Pool, cfg Config) (*Metrics, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	m := &Metrics{
		cfg: cfg,
		reg: prometheus.NewRegistry(),
		questions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "nl2sql_questions_total",
			Help: "Questions this process finished, by final status and error class (empty when it succeeded).",
		}, []string{"status", "error_class"}),
		stages: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "nl2sql_stage_duration_seconds",
			Help: "Run time of pipeline stage jobs (retrieve, generate, validate, execute), by outcome: ok (handed on), retry, failed.",
			// From a catalog read (milliseconds) to a slow model (minutes).
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 180},
		}, []string{"stage", "outcome"}),
		modelCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "nl2sql_model_calls_total",
			Help: "Calls to the model server by provider, operation (chat, embed, models) and outcome: ok, the error kind (unavailable, model_missing, rejected, canceled, context_too_long), or not_sent (the model's breaker was open).",
		}, []string{"provider", "op", "outcome"}),
		modelSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "nl2sql_model_call_duration_seconds",
			Help:    "Duration of calls to the model server, failed ones included.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 20, 40, 80, 160},
		}, []string{"provider", "op"}),
		modelTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "nl2sql_model_tokens_total",
			Help: "Tokens of chat calls as the model server counted them: prompt (evaluated) and reply (generated).",
		}, []string{"provider", "direction"}),
		guardRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "nl2sql_guard_refusals_total",
			Help: "Candidate SQL the guard refused, by stage (parse, policy, lint) and reason (the first violation's code, e.g. policy.not_select).",
		}, []string{"stage", "reason"}),
	}
	cs := []prometheus.Collector{
		m.questions, m.stages, m.modelCalls, m.modelSeconds, m.modelTokens, m.guardRefusals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}
	if pool != nil {
		cs = append(cs, &queueCollector{pool: pool, cfg: cfg})
	}
	for _, c := range cs {
		if err := m.reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Registry is the registry the collectors are in.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus's text format. A failing
// collector (the database away) costs its own families, not the scrape.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorHandling: promhttp.ContinueOnError,
		ErrorLog:      slogPrinter{m.cfg.Logger}, Registry: m.reg,
	})
}

// StageDone implements worker.Observer.
func (m *Metrics) StageDone(stage string, d time.Duration, outcome string) {
	m.stages.WithLabelValues(stage, outcome).Observe(d.Seconds())
}

// QuestionDone implements worker.Observer.
func (m *Metrics) QuestionDone(status, errorClass string) {
	m.questions.WithLabelValues(status, errorClass).Inc()
}

// queueCollector reads the queue depth from River's job table on scrape.
type queueCollector struct {
	pool *pgxpool.Pool
	cfg  Config
}

var queueDesc = prometheus.NewDesc("nl2sql_queue_jobs",
	"Unfinished River jobs per queue and state (available, pending, retryable, running, scheduled), read from river.river_job on scrape.",
	[]string{"queue", "state"}, nil)

// queueStates are reported for nl2sql's queues even when empty, so a
// dashboard sees zeros rather than gaps.
var queueStates = []string{"available", "pending", "retryable", "running", "scheduled"}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- queueDesc }

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.ScrapeTimeout)
	defer cancel()
	rows, err := dbsqlc.New().CountRiverJobsByQueue(ctx, c.pool)
	if err != nil {
		c.cfg.Logger.Warn("metrics: cannot read the queue depth", "err", err.Error())
		ch <- prometheus.NewInvalidMetric(queueDesc, err)
		return
	}
	type key struct{ queue, state string }
	counts := map[key]int64{}
	for _, q := range []string{jobs.QueueRetrieve, jobs.QueueLLM, jobs.QueueDB} {
		for _, s := range queueStates {
			counts[key{q, s}] = 0
		}
	}
	for _, r := range rows {
		counts[key{r.Queue, r.State}] = r.Jobs
	}
	for k, n := range counts {
		ch <- prometheus.MustNewConstMetric(queueDesc, prometheus.GaugeValue, float64(n), k.queue, k.state)
	}
}

// Guard counts the refusals of g.
func (m *Metrics) Guard(g stage.Guard) stage.Guard { return &guard{Guard: g, m: m} }

type guard struct {
	stage.Guard
	m *Metrics
}

func (g *guard) Check(ctx context.Context, database, sql string, limit int) (*validate.Verdict, error) {
	v, err := g.Guard.Check(ctx, database, sql, limit)
	if err == nil && v != nil && !v.OK && !stage.ExampleCheck(ctx) {
		reason := v.Stage
		if len(v.Violations) > 0 && v.Violations[0].Code != "" {
			reason = v.Violations[0].Code
		}
		g.m.guardRefusals.WithLabelValues(v.Stage, reason).Inc()
	}
	return v, err
}

// Provider counts the calls of p.
func (m *Metrics) Provider(p llm.Provider) llm.Provider {
	return &provider{Provider: p, m: m, name: string(p.Config().Provider)}
}

type provider struct {
	llm.Provider
	m    *Metrics
	name string
}

// observe counts a call. One the model's breaker did not send (llm.ErrBreakerOpen)
// is counted as "not_sent", and its duration, none, is not observed.
func (p *provider) observe(op string, started time.Time, err error) {
	if errors.Is(err, llm.ErrBreakerOpen) {
		p.m.modelCalls.WithLabelValues(p.name, op, "not_sent").Inc()
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
		var le *llm.Error
		if errors.As(err, &le) {
			outcome = string(le.Kind)
		}
	}
	p.m.modelCalls.WithLabelValues(p.name, op, outcome).Inc()
	p.m.modelSeconds.WithLabelValues(p.name, op).Observe(time.Since(started).Seconds())
}

func (p *provider) Chat(ctx context.Context, req llm.ChatRequest) (*llm.Reply, error) {
	started := time.Now()
	r, err := p.Provider.Chat(ctx, req)
	p.observe("chat", started, err)
	if err == nil {
		p.m.modelTokens.WithLabelValues(p.name, "prompt").Add(float64(r.PromptTokens))
		p.m.modelTokens.WithLabelValues(p.name, "reply").Add(float64(r.ReplyTokens))
	}
	return r, err
}

func (p *provider) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return p.Provider.Embed(ctx, texts)
	}
	started := time.Now()
	v, err := p.Provider.Embed(ctx, texts)
	p.observe("embed", started, err)
	return v, err
}

func (p *provider) Models(ctx context.Context) ([]llm.Model, error) {
	started := time.Now()
	v, err := p.Provider.Models(ctx)
	p.observe("models", started, err)
	return v, err
}

// CheckModel counts as one models call; a missing model is the server's
// answer, not a failed call.
func (p *provider) CheckModel(ctx context.Context, name string) error {
	started := time.Now()
	err := p.Provider.CheckModel(ctx, name)
	var le *llm.Error
	if errors.As(err, &le) && le.Kind == llm.ModelMissing {
		p.observe("models", started, nil) // the server answered
	} else {
		p.observe("models", started, err)
	}
	return err
}

// slogPrinter adapts a slog.Logger to promhttp's error log.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) { p.log.Warn("metrics: scrape", "err", v) }
