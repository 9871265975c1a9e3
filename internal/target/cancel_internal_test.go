package target

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// TestCancelBeforeTheTimeout: a cancel (57014) that comes before the
// statement timeout could have passed is someone's cancel on the server,
// also when the server's messages are not English (lc_messages); one that
// comes after it stays a query_timeout, and the worker's own cancel stays
// its own.
func TestCancelBeforeTheTimeout(t *testing.T) {
	t.Parallel()
	db := Database{Name: "shop"}
	german := &pgconn.PgError{Severity: "FEHLER", Code: "57014", Message: "storniere Anfrage wegen Benutzeranforderung"}
	timedOut := &pgconn.PgError{Severity: "FEHLER", Code: "57014", Message: "storniere Anfrage wegen Zeitüberschreitung"}

	classify := statementErrorWithin(time.Now(), time.Hour)
	ce := errclass.Classify(classify(db, german))
	require.Equal(t, errclass.InfraFailure, ce.Class, "%v", ce)
	require.Contains(t, ce.Message, "cancelled on the server, not by its timeout")

	classify = statementErrorWithin(time.Now().Add(-2*time.Second), time.Second)
	require.Equal(t, errclass.QueryTimeout, errclass.Classify(classify(db, timedOut)).Class)

	// The worker stopped waiting: pgx wraps the context's error.
	ours := fmt.Errorf("timeout: %w: %w", context.DeadlineExceeded, german)
	ce = errclass.Classify(statementErrorWithin(time.Now(), time.Hour)(db, ours))
	require.Equal(t, errclass.InfraFailure, ce.Class)
	require.Contains(t, ce.Message, "the worker stopped waiting")
}
