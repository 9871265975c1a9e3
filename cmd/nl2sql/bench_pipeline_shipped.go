//go:build !nl2sqlbench

package main

import (
	"context"
	"fmt"
	"slices"
)

// benchPipelineLinked reports whether bench pipeline is in this binary.
const benchPipelineLinked = false

// benchPipelineMissing says why the shipped binary has no bench pipeline
// and how to run it.
const benchPipelineMissing = "bench pipeline is not in this binary: it runs the service against an in-process fake model, " +
	"test code that only a build with the " + benchTag + " tag links; from a checkout run `make bench-pipeline ARGS='[flags]'` " +
	"or `go run -tags " + benchTag + " ./cmd/nl2sql bench pipeline [flags]`"

// runBenchPipeline, in the shipped binary, says how to run the benchmark:
// it needs the in-process fake model (internal/ollamatest), which is test
// code and is linked only with the nl2sqlbench build tag. Asked for help,
// it answers as a command's help does (exit 0, on stderr as the linked
// command's flags are); asked to run, it is a usage error.
func runBenchPipeline(_ context.Context, m *Main, args []string) error {
	if slices.ContainsFunc(args, helpFlag) {
		fmt.Fprintf(m.Stderr, "Usage: nl2sql bench pipeline %s\n"+
			"  measure pipeline throughput with an instant fake model.\n"+
			"  Not in this binary: the fake model is test code, linked only with the build tag %s. From a checkout:\n"+
			"    make bench-pipeline ARGS=--help\n"+
			"    go run -tags %s ./cmd/nl2sql bench pipeline --help\n", benchPipelineArgs, benchTag, benchTag)
		return nil
	}
	return usagef("%s", benchPipelineMissing)
}
