//go:build nl2sqlbench

package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/nl2sql/nl2sql/internal/bench"
)

// benchPipelineLinked reports whether bench pipeline is in this binary.
const benchPipelineLinked = true

// runBenchPipeline is `nl2sql bench pipeline`. It runs the service against
// an in-process fake model (internal/ollamatest), so it is built only with
// the nl2sqlbench tag: the shipped binary links no fake (see
// bench_pipeline_shipped.go).
func runBenchPipeline(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "bench pipeline")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	questions := fs.Int("questions", 2000, "questions of the burst")
	conc := fs.Int("concurrency", 128, "clients with a question in flight during the burst")
	lone := fs.Int("lone", 50, "questions asked one at a time")
	tables := fs.Int("tables", 300, "tables of the target: the demo ERP and distractor tables (RAG from RETRIEVAL_TABLE_THRESHOLD)")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the burst (of the bench process) to FILE")
	keep := fs.Bool("keep", false, "keep the scratch database for inspection")
	inProcess := fs.Bool("in-process", false, "run the service in the bench's process instead of a child nl2sql serve")
	cooldown := fs.Duration("fetch-cooldown", 0, "override NL2SQL_FETCH_COOLDOWN")
	poll := fs.Duration("fetch-poll-interval", 0, "override NL2SQL_FETCH_POLL_INTERVAL")
	workers := fs.Int("workers", 0, "override NL2SQL_RETRIEVE_WORKERS, NL2SQL_LLM_WORKERS and NL2SQL_DB_WORKERS")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	// The service runs with serve's settings; the overrides reach a child
	// `nl2sql serve` through its environment, read as serve reads it.
	var serveEnv, overrides []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "fetch-cooldown":
			serveEnv = append(serveEnv, "NL2SQL_FETCH_COOLDOWN="+f.Value.String())
		case "fetch-poll-interval":
			serveEnv = append(serveEnv, "NL2SQL_FETCH_POLL_INTERVAL="+f.Value.String())
		case "workers":
			for _, q := range []string{"RETRIEVE", "LLM", "DB"} {
				serveEnv = append(serveEnv, "NL2SQL_"+q+"_WORKERS="+f.Value.String())
			}
		default:
			return
		}
		overrides = append(overrides, "--"+f.Name+"="+f.Value.String())
	})
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	svc := bench.Service{LLM: st.LLM, Worker: st.Worker, Pipeline: st.Pipeline, Target: st.Target, Index: st.Index}
	if *cooldown != 0 {
		svc.Worker.FetchCooldown = *cooldown
	}
	if *poll != 0 {
		svc.Worker.FetchPollInterval = *poll
	}
	if *workers != 0 {
		svc.Worker.RetrieveWorkers, svc.Worker.LLMWorkers, svc.Worker.DBWorkers = *workers, *workers, *workers
	}
	opts := bench.Options{
		ServerURL: st.DatabaseURL, Questions: *questions, Concurrency: *conc, Lone: *lone, Tables: *tables,
		Service: svc, ServeEnv: serveEnv, Overrides: overrides, KeepDatabase: *keep, Logger: st.Logger,
	}
	if !*inProcess {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		opts.Serve, opts.ServeGCPercent = []string{exe, "serve"}, defaultGCPercent
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		defer f.Close()
		opts.CPUProfile = f
	}
	fmt.Fprintf(m.Stderr, "nl2sql bench: %s\n", bench.InstantModelNote)
	rep, err := bench.Run(ctx, opts)
	if err != nil {
		return err
	}
	if *asJSON {
		return m.printJSON(rep)
	}
	fmt.Fprintf(m.Stdout, "%d questions, %d in flight, %d cores (%s)\n", rep.Questions, rep.Concurrency, rep.Cores, rep.Model)
	fmt.Fprintf(m.Stdout, "service: %s; target: %s; warm-up: %d questions, then ANALYZE\n", rep.Settings.Serving, rep.Settings.Target, rep.Settings.Warmup)
	if l := rep.Lone; l != nil {
		fmt.Fprintf(m.Stdout, "lone:       %d questions one at a time, INSERT→done p50 %.1f ms, p95 %.1f ms\n", l.Questions, l.P50MS, l.P95MS)
	}
	if l := rep.LoneBareChain; l != nil {
		fmt.Fprintf(m.Stdout, "lone bare:  p50 %.1f ms, p95 %.1f ms\n", l.P50MS, l.P95MS)
	}
	fmt.Fprintf(m.Stdout, "pipeline:   %.0f questions/s, INSERT→done p50 %.1f ms, p99 %.1f ms, %d failed, peak RSS %.0f MB\n",
		rep.QPS, rep.P50MS, rep.P99MS, rep.Failed, rep.PeakRSSMB)
	fmt.Fprintf(m.Stdout, "bare chain: %.0f chains/s, p50 %.1f ms, p99 %.1f ms (4 no-op River jobs: the limit)\n", rep.BareChainQPS, rep.BareChainP50MS, rep.BareChainP99MS)
	fmt.Fprintf(m.Stdout, "pipeline / bare chain: %.0f%%\n", 100*rep.OfBareChain)
	for _, c := range []struct {
		name string
		cpu  *bench.CPU
	}{{"pipeline", rep.CPU}, {"bare chain", rep.BareChainCPU}} {
		if c.cpu != nil {
			fmt.Fprintf(m.Stdout, "CPU, %s: %.1fs wall, service %.1fs, harness %.1fs, postgres %.1fs (all postgres %.1fs): %.1f ms per item\n",
				c.name, c.cpu.WallSeconds, c.cpu.ServiceSeconds, c.cpu.HarnessSeconds, c.cpu.PostgresSeconds, c.cpu.PostgresAllSeconds, c.cpu.PerItemMS)
		}
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "phase\tstage\truns\tqueue p50 ms\trun p50 ms\trun p99 ms")
	phases := []struct {
		name   string
		stages []bench.Stage
	}{{"burst", rep.Stages}}
	if rep.Lone != nil {
		phases = append(phases, struct {
			name   string
			stages []bench.Stage
		}{"lone", rep.Lone.Stages})
	}
	for _, p := range phases {
		for _, s := range p.stages {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%.1f\t%.1f\n", p.name, s.Name, s.Runs, s.QueueP50MS, s.RunP50MS, s.RunP99MS)
		}
	}
	return tw.Flush()
}
