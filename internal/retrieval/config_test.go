package retrieval

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestConfigExplicitZero(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) (RAGConfig, AutoConfig) {
		t.Helper()
		return RAGConfig{}.WithDefaults(), AutoConfig{}.WithDefaults()
	}
	rag, auto := setup(t)
	require.Equal(t, 3, rag.CoverageExtra, "zero in a new RAGConfig is the default")
	require.InDelta(t, 0.15, rag.VectorWeight, 1e-9)
	require.Equal(t, 99, auto.MaxFullTables)

	rag.CoverageExtra, rag.FKExpansionCap, rag.TableThreshold, rag.CopyPenalty, rag.VectorWeight = 0, 0, 0, 0, 0
	rag.Logger = nil
	rag = rag.WithDefaults()
	require.Zero(t, rag.CoverageExtra)
	require.Zero(t, rag.FKExpansionCap)
	require.Zero(t, rag.TableThreshold)
	require.Zero(t, rag.CopyPenalty)
	require.Zero(t, rag.VectorWeight)
	require.NotNil(t, rag.Logger, "a nil Logger still gets the default")
	require.NoError(t, rag.validate())
	rag.VectorWeight = 1.5
	require.ErrorContains(t, rag.validate(), "VectorWeight")
	rag.VectorWeight = 0

	auto.MaxFullTables = 0
	require.Zero(t, auto.WithDefaults().MaxFullTables)
	auto.MaxFullTables, auto.Threshold = 99, 40
	require.Equal(t, 39, auto.WithDefaults().MaxFullTables, "the cap applies whatever set the fields")
}
