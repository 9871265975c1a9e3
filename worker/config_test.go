package worker

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRescueAfterBoundsEveryStage: River takes a job over only once both
// RescueAfter and the job's own timeout have passed, so no stage may have a
// timeout above RescueAfter: the generate stage's is cut to it, and a
// RescueAfter below the database stages' timeout is refused.
func TestRescueAfterBoundsEveryStage(t *testing.T) {
	t.Parallel()

	c := Config{}.WithDefaults()
	require.NoError(t, c.validate())
	require.Equal(t, 3*time.Minute+30*time.Second, c.RescueAfter)
	require.Equal(t, 3*time.Minute, c.GenerateStageTimeout(), "the default leaves generation its 3m")

	c = Config{RescueAfter: 2*time.Minute + 30*time.Second}.WithDefaults()
	require.NoError(t, c.validate())
	require.Equal(t, 2*time.Minute+30*time.Second, c.GenerateStageTimeout(), "a killed generation waits RescueAfter, not 3m")
	require.Equal(t, 2*time.Minute, c.StageTimeout)

	require.Equal(t, 2*time.Minute, Config{}.MinRescueAfter())
	c = Config{RescueAfter: time.Minute}.WithDefaults()
	require.EqualError(t, c.validate(), "worker: RescueAfter must be at least 2m (StageTimeout), got 1m: a running stage is never taken over before its timeout")
}

func TestFmtDuration(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		2 * time.Minute: "2m", 210 * time.Second: "3m30s", time.Hour: "1h", 300 * time.Millisecond: "300ms", 90 * time.Second: "1m30s",
	} {
		require.Equal(t, want, FmtDuration(d))
	}
}

// TestCatalogCheckIntervalZeroIsOff: unset, the catalog check runs every
// 10m; 0 set on a Config WithDefaults returned (as the environment does)
// stays 0, which turns it off, however often defaults are applied again.
func TestCatalogCheckIntervalZeroIsOff(t *testing.T) {
	t.Parallel()
	require.Equal(t, 10*time.Minute, Config{}.WithDefaults().CatalogCheckInterval)
	c := Config{}.WithDefaults()
	c.CatalogCheckInterval = 0
	c = c.WithDefaults().WithDefaults()
	require.Zero(t, c.CatalogCheckInterval)
	require.NoError(t, c.validate())
	c.CatalogCheckInterval = -time.Second
	require.Error(t, c.validate())
}
