package stage

import (
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/jobs"
)

// The chain's routing without River or PostgreSQL: where a question goes
// after validation or execution, and which job continues it.
func TestDecide(t *testing.T) {
	t.Parallel()
	sqlErr := &errclass.Error{Class: errclass.SQLError, SQLSTATE: "42703", Message: `column "nme" does not exist`}
	blocked := &errclass.Error{Class: errclass.ValidationBlock, Message: "DELETE is not allowed"}

	t.Run("PassedGoesToExecution", func(t *testing.T) {
		t.Parallel()
		d := decide(true, nil, 1, 3)
		require.Equal(t, statusExecuting, d.status)
		require.Equal(t, jobs.ExecuteArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: 7, Step: 4}, Attempt: 1}}, d.next(7, 4, 1))
		require.Nil(t, d.done(), "the question is not finished")
		require.Nil(t, d.errorClass())
	})

	t.Run("RepairableWithAttemptsLeftGoesBackToGeneration", func(t *testing.T) {
		t.Parallel()
		d := decide(false, sqlErr, 1, 3)
		require.Equal(t, statusGenerating, d.status)
		require.Equal(t, jobs.GenerateArgs{AttemptRef: jobs.AttemptRef{Ref: jobs.Ref{QueryID: 7, Step: 4}, Attempt: 2}}, d.next(7, 4, 1),
			"the next generation is the next attempt")
		require.Nil(t, d.done())
	})

	t.Run("RepairableOnTheLastAttemptFails", func(t *testing.T) {
		t.Parallel()
		d := decide(false, sqlErr, 3, 3)
		require.Equal(t, StatusFailed, d.status)
		require.Nil(t, d.next(7, 4, 3), "no job continues a failed question")
		require.Equal(t, &Done{Status: StatusFailed, Class: "sql_error"}, d.done())
		require.Equal(t, "sql_error", *d.errorClass())
		require.Equal(t, "42703", *d.sqlstate())
		require.Equal(t, `no valid SQL after 3 attempt(s); last error: column "nme" does not exist`, *d.message())
	})

	t.Run("NotRepairableFailsAtOnce", func(t *testing.T) {
		t.Parallel()
		d := decide(false, blocked, 1, 3)
		require.Equal(t, StatusFailed, d.status, "a guard refusal is never sent back to the model")
		require.Equal(t, "DELETE is not allowed", *d.message(), "its message as the guard gave it")
		require.Nil(t, d.sqlstate(), "no SQLSTATE: NULL, not an empty string")
	})
}

func TestAdmit(t *testing.T) {
	t.Parallel()
	ref := jobs.Ref{QueryID: 7, Step: 2}

	_, err := admit(ref, 2, statusGenerating, []byte(`{}`))
	require.NoError(t, err, "the question waits for this job")

	for _, tc := range []struct {
		name   string
		step   int32
		status string
	}{
		{"MovedOn", 3, statusValidating},
		{"Succeeded", 2, StatusSucceeded},
		{"Failed", 2, StatusFailed},
	} {
		_, err := admit(ref, tc.step, tc.status, []byte(`{}`))
		require.ErrorIs(t, err, ErrStale, tc.name)
	}

	_, err = admit(ref, 2, statusGenerating, []byte(`{"max_rows": "many"}`))
	require.Error(t, err, "options that do not decode are the question's error, not a stale job")
	require.NotErrorIs(t, err, ErrStale)

	require.ErrorIs(t, noRowsIsStale(pgx.ErrNoRows), ErrStale, "a deleted question leaves its job nothing to do")
}
