package candidate

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
	require.InDelta(t, 0.3, c.Temperature, 1e-9, "zero in a new Config is the default")
	c.Temperature, c.Budget = 0, 0
	c = c.WithDefaults()
	require.Zero(t, c.Temperature, "0 set after WithDefaults is greedy sampling, not the default")
	require.Zero(t, c.Budget, "0 set after WithDefaults is no budget")
	require.NoError(t, c.Validate())

	c = setup(t)
	c.K = 0
	require.Error(t, c.WithDefaults().Validate(), "a zero that means nothing is refused, not replaced")
}
