package errclass

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
)

func TestFromSQLSTATE(t *testing.T) {
	t.Parallel()

	for code, want := range map[string]Class{
		"08006": InfraFailure, "08001": InfraFailure, "53300": InfraFailure, "53100": InfraFailure,
		"54000": InfraFailure, "58030": InfraFailure, "XX000": InfraFailure, "F0000": InfraFailure,
		"57P01": InfraFailure, "3D000": InfraFailure,
		// database_dropped (a standby replaying DROP DATABASE) and
		// idle_session_timeout end the connection, as a shutdown does.
		"57P04": InfraFailure, "57P05": InfraFailure,
		"57014": QueryTimeout,
		"42501": ValidationBlock, "25006": ValidationBlock,
		"42601": SQLError, "42703": SQLError, "42P01": SQLError, "42804": SQLError, "42883": SQLError,
		"42803": SQLError, "42P09": SQLError, "22012": SQLError, "21000": SQLError,
		"99999": Unknown, "": Unknown, "4270": Unknown,
	} {
		require.Equal(t, want, FromSQLSTATE(code), "SQLSTATE %q", code)
	}
}

func TestRepairable(t *testing.T) {
	t.Parallel()

	require.True(t, SQLError.Repairable())
	require.True(t, QueryTimeout.Repairable())
	require.False(t, InfraFailure.Repairable(), "infra failures are never sent back to the LLM")
	require.False(t, ValidationBlock.Repairable())
	require.False(t, Unknown.Repairable())
}

func TestClassify(t *testing.T) {
	t.Parallel()

	t.Run("PgError", func(t *testing.T) {
		t.Parallel()
		pgErr := &pgconn.PgError{Code: "42703", Message: `column e.employee_name does not exist`, Hint: `Perhaps you meant to reference the column "e.first_name".`}
		got := Classify(fmt.Errorf("explain: %w", pgErr))
		require.Equal(t, SQLError, got.Class)
		require.Equal(t, "42703", got.SQLSTATE)
		require.Contains(t, got.Message, "HINT: Perhaps")
		require.ErrorIs(t, got, pgErr)
	})

	t.Run("AlreadyClassified", func(t *testing.T) {
		t.Parallel()
		orig := New(ValidationBlock, "policy.function", "function pg_sleep is not allowed")
		require.Same(t, orig, Classify(fmt.Errorf("wrapped: %w", orig)))
	})

	t.Run("Plain", func(t *testing.T) {
		t.Parallel()
		require.Equal(t, Unknown, ClassOf(errors.New("boom")))
		require.Equal(t, Class(""), ClassOf(nil))
	})

	t.Run("ErrorString", func(t *testing.T) {
		t.Parallel()
		e := &Error{Class: SQLError, SQLSTATE: "42P01", Message: `relation "x" does not exist`}
		require.Equal(t, `sql_error (SQLSTATE 42P01): relation "x" does not exist`, e.Error())
	})
}
