package schemaindex

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestConfigExplicitZero(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) Config {
		t.Helper()
		return Config{}.WithDefaults()
	}
	c := setup(t)
	require.InDelta(t, 0.75, c.B, 1e-9, "zero in a new Config is the default")
	c.B, c.MinIDF, c.Logger = 0, 0, nil
	c = c.WithDefaults()
	require.Zero(t, c.B, "0 set after WithDefaults is no length normalisation")
	require.Zero(t, c.MinIDF)
	require.NotNil(t, c.Logger)
	require.NoError(t, c.validate())
}
