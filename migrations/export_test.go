package migrations

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// MigrateWithLockTimeout is Migrate with its table-lock bounds given.
func MigrateWithLockTimeout(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, timeout time.Duration, attempts int) (*Result, error) {
	return migrate(ctx, pool, logger, tableLocks{timeout: timeout, attempts: attempts})
}
