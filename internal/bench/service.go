//go:build nl2sqlbench

package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// service is the nl2sql service under test.
type service interface {
	// name says how it runs, for the report.
	name() string
	// pid is the child process's id; 0 when the service runs in this
	// process.
	pid() int
	// resetPeak starts a new peak resident memory measurement.
	resetPeak()
	// peakRSSMB is the peak resident memory since resetPeak, in MB.
	peakRSSMB() float64
	// stop stops the service; later calls do nothing.
	stop() error
}

// startService starts the service: as Options.Serve's child process, or
// in this process. cancel is called when a child exits before stop, so
// that nothing waits for answers that will not come.
func startService(ctx context.Context, pool *pgxpool.Pool, dbURL, ollamaURL string, model *llm.Client, opts Options,
	cancel context.CancelCauseFunc,
) (service, error) {
	if len(opts.Serve) > 0 {
		return startChild(opts, dbURL, ollamaURL, cancel)
	}
	return startInProcess(ctx, pool, dbURL, model, opts)
}

// inProcess runs the service in this process: the Go benchmark's way.
// Its CPU and memory cannot be told apart from the load generator's.
type inProcess struct {
	w       *worker.Service
	targets *target.Registry
	done    bool
}

func startInProcess(ctx context.Context, pool *pgxpool.Pool, dbURL string, model *llm.Client, opts Options) (_ *inProcess, err error) {
	targets, err := target.New(opts.Service.Target)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			targets.Close()
		}
	}()
	pcfg := opts.Service.Pipeline
	pcfg.Getenv = func(k string) string {
		if k == targetDSNVar {
			return dbURL
		}
		return ""
	}
	p, err := parts.New(pool, model, pcfg)
	if err != nil {
		return nil, err
	}
	wcfg := opts.Service.Worker
	wcfg.Logger = opts.Logger
	w, err := worker.Start(ctx, pool, p.Deps(targets), wcfg)
	if err != nil {
		return nil, err
	}
	return &inProcess{w: w, targets: targets}, nil
}

func (s *inProcess) name() string       { return "in-process (with the load generator and the fake model)" }
func (s *inProcess) pid() int           { return 0 }
func (s *inProcess) resetPeak()         { resetPeak("self") }
func (s *inProcess) peakRSSMB() float64 { return peakRSSMB("self") }

func (s *inProcess) stop() error {
	if s.done {
		return nil
	}
	s.done = true
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := s.w.Stop(ctx)
	s.targets.Close()
	return err
}

// child runs the service as its own process: `nl2sql serve`, unchanged,
// reading its settings from the environment as in production.
type child struct {
	cmd     *exec.Cmd
	logPath string
	exited  chan struct{}
	err     error // the process's exit, valid once exited is closed
	done    bool
}

// serveStopWait bounds the drain of the child at stop.
const serveStopWait = 2 * time.Minute

func startChild(opts Options, dbURL, ollamaURL string, cancel context.CancelCauseFunc) (*child, error) {
	logf, err := os.CreateTemp("", "nl2sql-bench-serve-*.log")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(opts.Serve[0], opts.Serve[1:]...) //nolint:gosec // the caller's own binary
	cmd.Env = append(os.Environ(), opts.ServeEnv...)
	cmd.Env = append(cmd.Env, "NL2SQL_DATABASE_URL="+dbURL, "NL2SQL_LLM_PROVIDER=ollama", "OLLAMA_HOST="+ollamaURL,
		"NL2SQL_MODEL="+opts.Service.LLM.Model, "NL2SQL_EMBED_MODEL="+opts.Service.LLM.EmbedModel, targetDSNVar+"="+dbURL)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("bench: start %s: %w", strings.Join(opts.Serve, " "), err)
	}
	c := &child{cmd: cmd, logPath: logf.Name(), exited: make(chan struct{})}
	opts.Logger.Info("service started", "pid", cmd.Process.Pid, "log", c.logPath)
	go func() {
		c.err = cmd.Wait()
		logf.Close()
		close(c.exited)
		if !c.done {
			cancel(fmt.Errorf("bench: the service exited (%v); its log: %s", c.err, c.logPath))
		}
	}()
	return c, nil
}

func (c *child) name() string       { return "child process: " + strings.Join(c.cmd.Args, " ") }
func (c *child) pid() int           { return c.cmd.Process.Pid }
func (c *child) resetPeak()         { resetPeak(strconv.Itoa(c.pid())) }
func (c *child) peakRSSMB() float64 { return peakRSSMB(strconv.Itoa(c.pid())) }

// stop drains the service the way a deploy does (SIGTERM), then kills it
// if it has not exited after serveStopWait.
func (c *child) stop() error {
	if c.done {
		return nil
	}
	c.done = true
	select {
	case <-c.exited:
		return fmt.Errorf("bench: the service had exited (%v); its log: %s", c.err, c.logPath)
	default:
	}
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.exited:
	case <-time.After(serveStopWait):
		_ = c.cmd.Process.Kill()
		<-c.exited
		return fmt.Errorf("bench: the service did not stop within %s; its log: %s", serveStopWait, c.logPath)
	}
	var ee *exec.ExitError
	if c.err != nil && !errors.As(c.err, &ee) {
		return c.err
	}
	if c.err != nil {
		return fmt.Errorf("bench: the service stopped with %v; its log: %s", c.err, c.logPath)
	}
	_ = os.Remove(c.logPath)
	return nil
}

// resetPeak resets the peak resident memory (VmHWM) of /proc/<proc>
// (Linux ≥ 4.0); without it the peak covers the process's whole life.
func resetPeak(proc string) { _ = os.WriteFile("/proc/"+proc+"/clear_refs", []byte("5"), 0) }

// peakRSSMB reads VmHWM of /proc/<proc>/status in MB (10^6 bytes); 0 when
// it cannot be read.
func peakRSSMB(proc string) float64 {
	b, err := os.ReadFile("/proc/" + proc + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb * 1024 / 1e6
		}
	}
	return 0
}

// Settings are the settings a run used: the service's, as `nl2sql serve`
// reads them, and the target's.
type Settings struct {
	Serving string `json:"serving"`
	// Target is the target database; Tables its table count and
	// RAGThreshold the count from which retrieval is RAG.
	Target          string `json:"target"`
	Tables          int    `json:"tables"`
	RAGThreshold    int    `json:"rag_threshold"`
	RetrieveWorkers int    `json:"retrieve_workers"`
	LLMWorkers      int    `json:"llm_workers"`
	DBWorkers       int    `json:"db_workers"`
	FetchCooldown   string `json:"fetch_cooldown"`
	FetchPoll       string `json:"fetch_poll_interval"`
	MaxAttempts     int    `json:"max_attempts"`
	// Warmup is the questions asked before measuring, after which the
	// scratch database is analyzed.
	Warmup int `json:"warmup_then_analyze"`
	// StageSynchronousCommit is worker.Config.SynchronousCommit, which the
	// bare chain's hand-offs follow too.
	StageSynchronousCommit bool `json:"stage_synchronous_commit"`
	// Candidates is the model calls per question by difficulty
	// (easy/medium/hard), or "off".
	Candidates     string `json:"candidates"`
	Linking        bool   `json:"schema_linking"`
	TargetMaxConns int32  `json:"target_max_conns"`
	GOGC           string `json:"gogc"`
	GOMEMLIMIT     string `json:"gomemlimit"`
	// Overrides are the settings given on the command line.
	Overrides []string `json:"overrides"`
}

func settingsOf(opts Options, serving string) Settings {
	w := opts.Service.Worker.WithDefaults()
	cands := "off"
	if !w.Candidates.Disabled {
		cands = fmt.Sprintf("%d/%d/%d", w.Candidates.KEasy, w.Candidates.K, w.Candidates.KHard)
	}
	gogc := os.Getenv("GOGC")
	if gogc == "" {
		switch {
		case len(opts.Serve) > 0 && opts.ServeGCPercent > 0:
			gogc = fmt.Sprintf("%d (nl2sql's default)", opts.ServeGCPercent)
		case len(opts.Serve) > 0:
			gogc = "the child's own default (not given to the bench)"
		default:
			old := debug.SetGCPercent(100)
			debug.SetGCPercent(old)
			gogc = strconv.Itoa(old)
		}
	}
	return Settings{
		Serving: serving, Target: fmt.Sprintf("demo ERP: %d core tables + %d distractor tables", erp.CoreTableCount(), opts.Tables-erp.CoreTableCount()),
		Tables: opts.Tables, RAGThreshold: retrieval.AutoConfig{Threshold: opts.Service.Pipeline.Strategy.Threshold}.WithDefaults().Threshold,
		RetrieveWorkers: w.RetrieveWorkers, LLMWorkers: w.LLMWorkers, DBWorkers: w.DBWorkers,
		FetchCooldown: w.FetchCooldown.String(), FetchPoll: w.FetchPollInterval.String(), MaxAttempts: w.MaxAttempts,
		Warmup:                 opts.Warmup,
		StageSynchronousCommit: w.SynchronousCommit,
		Candidates:             cands, Linking: !opts.Service.Pipeline.RAG.Link.Disabled,
		TargetMaxConns: opts.Service.Target.WithDefaults().MaxConns,
		GOGC:           gogc, GOMEMLIMIT: cmp.Or(os.Getenv("GOMEMLIMIT"), "unset"),
		Overrides: append([]string{}, opts.Overrides...),
	}
}
