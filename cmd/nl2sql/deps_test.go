package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fakeModels are the test-only model servers and what they share; the
// shipped binary must not link them (they answer any prompt with scripted
// replies).
var fakeModels = []string{
	"github.com/nl2sql/nl2sql/internal/ollamatest",
	"github.com/nl2sql/nl2sql/internal/openaitest",
	"github.com/nl2sql/nl2sql/internal/fakeserver",
	"github.com/nl2sql/nl2sql/internal/fakeserver",
}

// TestShippedBinaryHasNoFakeModel: `go list -deps ./cmd/nl2sql` without
// build tags names neither fake model server; with the nl2sqlbench tag
// (`nl2sql bench pipeline`) the fake Ollama is there, which shows the check
// would see it.
func TestShippedBinaryHasNoFakeModel(t *testing.T) {
	t.Parallel()
	deps := func(tags ...string) []string {
		t.Helper()
		args := append([]string{"list", "-deps"}, tags...)
		// go test puts its own go first on PATH.
		out, err := exec.Command("go", append(args, ".")...).Output()
		require.NoError(t, err)
		return strings.Fields(string(out))
	}
	shipped := deps()
	require.Contains(t, shipped, "github.com/nl2sql/nl2sql/internal/bench", "bench repair and retrieval stay in the binary")
	for _, fake := range fakeModels {
		require.NotContains(t, shipped, fake)
	}
	require.Contains(t, deps("-tags", benchTag), fakeModels[0])
}

// TestBenchPipelineShipped: the shipped binary's `bench pipeline` says how to
// run it from a checkout instead of failing obscurely; asked for help, it
// says so too and exits as help does, not with a usage error (it exited 2).
func TestBenchPipelineShipped(t *testing.T) {
	t.Parallel()
	if benchPipelineLinked {
		t.Skip("built with the " + benchTag + " tag: bench pipeline is linked")
	}
	c := setup(t)
	r := c.run("", "bench", "pipeline", "--questions", "1")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "go run -tags "+benchTag+" ./cmd/nl2sql bench pipeline")
	for _, h := range []string{"-h", "-help", "--help"} {
		r = c.run("", "bench", "pipeline", h)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stderr, "Usage: nl2sql bench pipeline [--json]")
		require.Contains(t, r.stderr, "linked only with the build tag "+benchTag)
		require.Contains(t, r.stderr, "go run -tags "+benchTag+" ./cmd/nl2sql bench pipeline --help")
	}
}
