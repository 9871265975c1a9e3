package main

import "context"

// benchTag is the build tag that links `nl2sql bench pipeline` (and with it
// the fake model) into the binary.
const benchTag = "nl2sqlbench"

// benchPipelineArgs are `nl2sql bench pipeline`'s main flags, for the usage
// lines of both builds.
const benchPipelineArgs = "[--json] [--questions N] [--concurrency C] [--lone N] [--tables N] [--in-process] [--cpuprofile FILE]"

func runBench(ctx context.Context, m *Main, args []string) error {
	if len(args) == 0 {
		return benchUsage()
	}
	switch args[0] {
	case "pipeline":
		return runBenchPipeline(ctx, m, args[1:])
	case "repair":
		return runBenchRepair(ctx, m, args[1:])
	case "retrieval":
		return runBenchRetrieval(ctx, m, args[1:])
	case "heldout":
		return runBenchHeldout(ctx, m, args[1:])
	}
	return benchUsage()
}

func benchUsage() error {
	return usagef("usage: nl2sql bench pipeline " + benchPipelineArgs + " | nl2sql bench repair [--json] [--db erp] [--mode active|observe] | nl2sql bench retrieval [--json] [--sizes 75,2000] [--heldout DIR] | nl2sql bench heldout import [--beaver DIR] [--fiben DIR] --out DIR")
}
