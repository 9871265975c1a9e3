package target_test

import (
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/target"
)

func TestWithDatabase(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ dsn, want string }{
		{"postgres://u:p%40ss@h:5433/app?sslmode=disable", "postgres://u:p%40ss@h:5433/scratch?sslmode=disable"},
		{"postgresql://h", "postgresql://h/scratch"},
		{"host=h user=u dbname=app", "host=h user=u dbname=app dbname=scratch"},
	} {
		got := target.WithDatabase(tc.dsn, "scratch")
		require.Equal(t, tc.want, got)
		cfg, err := pgx.ParseConfig(got)
		require.NoError(t, err)
		require.Equal(t, "scratch", cfg.Database, "pgx reads the database from %s", got)
	}
}
