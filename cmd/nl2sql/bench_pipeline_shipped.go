//go:build !nl2sqlbench

package main

import (
	"context"
)

// runBenchPipeline, in the shipped binary, says how to run the benchmark:
// it needs the in-process fake model (internal/ollamatest), which is test
// code and is linked only with the nl2sqlbench build tag.
// benchPipelineLinked reports whether bench pipeline is in this binary.
const benchPipelineLinked = false

func runBenchPipeline(context.Context, *Main, []string) error {
	return usagef("bench pipeline runs the service against an in-process fake model, which this binary leaves out; "+
		"from a checkout run `make bench-pipeline` or `go run -tags %s ./cmd/nl2sql bench pipeline [flags]`", benchTag)
}
