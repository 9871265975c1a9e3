//go:build nl2sqlbench

package main

import (
	"context"
	"encoding/json"
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
	questions := fs.Int("questions", 2000, "questions to measure")
	conc := fs.Int("concurrency", 128, "clients with a question in flight")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the measured phase to FILE")
	keep := fs.Bool("keep", false, "keep the scratch database for inspection")
	cooldown := fs.Duration("fetch-cooldown", 0, "River fetch cooldown of the service under test (default 5ms)")
	workers := fs.Int("workers", 0, "workers per queue (default 20)")
	if _, err := parseFlags(fs, args); err != nil {
		return flagError(err)
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	opts := bench.Options{ServerURL: st.DatabaseURL, Questions: *questions, Concurrency: *conc, KeepDatabase: *keep, Logger: st.Logger}
	opts.Worker.FetchCooldown = *cooldown
	opts.Worker.RetrieveWorkers, opts.Worker.LLMWorkers, opts.Worker.DBWorkers = *workers, *workers, *workers
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
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(m.Stdout, "%d questions, %d in flight, %d cores (%s)\n", rep.Questions, rep.Concurrency, rep.Cores, rep.Model)
	fmt.Fprintf(m.Stdout, "pipeline:   %.0f questions/s, INSERT→done p50 %.1f ms, p99 %.1f ms, %d failed\n", rep.QPS, rep.P50MS, rep.P99MS, rep.Failed)
	fmt.Fprintf(m.Stdout, "bare chain: %.0f chains/s, p50 %.1f ms, p99 %.1f ms (4 no-op River jobs: the limit)\n", rep.BareChainQPS, rep.BareChainP50MS, rep.BareChainP99MS)
	fmt.Fprintf(m.Stdout, "pipeline / bare chain: %.0f%%\n", 100*rep.OfBareChain)
	for _, c := range []struct {
		name string
		cpu  *bench.CPU
	}{{"pipeline", rep.CPU}, {"bare chain", rep.BareChainCPU}} {
		if c.cpu != nil {
			fmt.Fprintf(m.Stdout, "CPU, %s: %.1fs wall, nl2sql %.1fs, postgres %.1fs: %.1f ms per item\n",
				c.name, c.cpu.WallSeconds, c.cpu.NL2SQLSeconds, c.cpu.PostgresSeconds, c.cpu.PerItemMS)
		}
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "stage\truns\tqueue p50 ms\trun p50 ms\trun p99 ms")
	for _, s := range rep.Stages {
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\n", s.Name, s.Runs, s.QueueP50MS, s.RunP50MS, s.RunP99MS)
	}
	return tw.Flush()
}
