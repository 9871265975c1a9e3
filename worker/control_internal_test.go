package worker

import (
	"context"
	"log/slog"
	"testing"

	"github.com/riverqueue/river/riverdriver"
	"github.com/stretchr/testify/require"
)

// TestLeadershipPayloads: a request that the leader resign is dropped
// whatever else its payload holds (River's elector reads only action and
// leader_id, so a field the guard cannot read must not make it pass); a
// leader's own resignation passes.
func TestLeadershipPayloads(t *testing.T) {
	t.Parallel()
	g := &controlGuard{log: slog.New(slog.DiscardHandler)}
	for payload, want := range map[string]bool{
		`{"action": "resigned", "leader_id": "a"}`:     true,
		`{"action": "request_resign"}`:                 false,
		`{"action": "request_resign", "job_id": "x"}`:  false,
		`{"action": "request_resign", "leader_id": 7}`: false,
		`not json`: false,
	} {
		got := g.admits(context.Background(), &riverdriver.Notification{Topic: topicLeadership, Payload: payload})
		require.Equal(t, want, got, payload)
	}
	require.True(t, g.admits(context.Background(), &riverdriver.Notification{Topic: "river_insert", Payload: `{"queue": "x"}`}))
}
