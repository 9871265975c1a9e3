package jobs_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/jobs"
)

// TestArgsJSON pins the args' JSON: jobs already queued in a user's
// database were written in this shape (the trigger's RetrieveArgs, and
// Generate/Validate/Execute args from before AttemptRef) and must decode
// after an upgrade; new jobs must be written the same way.
func TestArgsJSON(t *testing.T) {
	t.Parallel()
	// What River stored for a job before AttemptRef existed: flat fields.
	const queued = `{"query_id":42,"step":5,"attempt":2}`
	decode := func(t *testing.T, args jobs.Args) {
		t.Helper()
		require.NoError(t, json.Unmarshal([]byte(queued), args))
		require.Equal(t, jobs.Ref{QueryID: 42, Step: 5}, args.Chain())
		require.Equal(t, int32(2), args.AttemptNumber())
		out, err := json.Marshal(args)
		require.NoError(t, err)
		require.JSONEq(t, queued, string(out))
	}
	t.Run("Generate", func(t *testing.T) { t.Parallel(); decode(t, &jobs.GenerateArgs{}) })
	t.Run("Validate", func(t *testing.T) { t.Parallel(); decode(t, &jobs.ValidateArgs{}) })
	t.Run("Execute", func(t *testing.T) { t.Parallel(); decode(t, &jobs.ExecuteArgs{}) })

	t.Run("Retrieve", func(t *testing.T) {
		t.Parallel()
		// migrations/00002_rag_queries.sql: jsonb_build_object('query_id', n.id, 'step', 1)
		var a jobs.RetrieveArgs
		require.NoError(t, json.Unmarshal([]byte(`{"query_id": 7, "step": 1}`), &a))
		require.Equal(t, jobs.Ref{QueryID: 7, Step: 1}, a.Chain())
		require.Equal(t, int32(0), a.AttemptNumber())
	})
}
