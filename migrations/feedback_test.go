package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// Feedback from client roles (issue 12): a client judges only its own
// answers, a reader reads every verdict, and a confirmed answer becomes an
// example in the same transaction.
func TestFeedbackFromClients(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := setupClients(t)

	_, err := c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict, note) VALUES ($1, 'correct', 'right')", c.qA)
	require.NoError(t, err, "a client confirms its own answer")
	for _, q := range []int64{c.qB, c.qSvc} {
		_, err = c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'wrong')", q)
		require.ErrorContains(t, err, "no question", "a client judges no one else's question")
	}
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict, given_by) VALUES ($1, 'wrong', $2)", c.qA, c.b)
	require.ErrorContains(t, err, "permission denied", "a client cannot speak for another role")
	// Nor learn of the service's questions by speaking for it (the BEFORE
	// trigger would read given_by before row-level security refused it).
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict, given_by) VALUES ($1, 'correct', current_user)", c.qSvc)
	require.ErrorContains(t, err, "permission denied")
	// Nor choose ids, which would make other roles' feedback collide.
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.feedback (id, query_id, verdict) OVERRIDING SYSTEM VALUE VALUES (1000000, $1, 'wrong')", c.qA)
	require.ErrorContains(t, err, "permission denied")
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict, note) VALUES ($1, 'wrong', repeat('x', 4001))", c.qA)
	require.ErrorContains(t, err, "feedback_note_at_most_4000_chars")
	_, err = c.poolA.Exec(ctx, "INSERT INTO rag.queries (database_name, question, options) VALUES ('shop', 'q', jsonb_build_object('tags', jsonb_build_object('x', repeat('x', 70000))))")
	require.ErrorContains(t, err, "queries_options_at_most_64kb")
	_, err = c.poolR.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'wrong')", c.qA)
	require.Error(t, err, "a reader writes nothing")
	_, err = c.poolB.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'wrong')", c.qB)
	require.NoError(t, err)

	// The reader sees both verdicts, and the BI views count them.
	require.Len(t, ids(t, c.poolR, "SELECT id FROM rag.feedback"), 2)
	var judged, correct int64
	require.NoError(t, c.poolR.QueryRow(ctx, "SELECT sum(judged), sum(correct) FROM rag.feedback_accuracy").Scan(&judged, &correct))
	require.Equal(t, []int64{2, 1}, []int64{judged, correct})
	require.Equal(t, []int64{c.qB}, ids(t, c.poolR, `
		SELECT q.id FROM rag.feedback_wrong_questions w JOIN rag.queries q ON rag.normalize_question(q.question) = w.question_key`))
	var rate float64
	require.NoError(t, c.poolR.QueryRow(ctx, "SELECT feedback_rate FROM rag.feedback_rate WHERE database_name = 'hr'").Scan(&rate))
	require.InDelta(t, 1.0, rate, 1e-9)
	// A client reads its own verdicts only, directly and through the views.
	require.Len(t, ids(t, c.poolA, "SELECT query_id FROM rag.feedback"), 1)
	require.Equal(t, []int64{c.qB}, ids(t, c.poolB, "SELECT query_id FROM rag.feedback"))
	require.NoError(t, c.poolA.QueryRow(ctx, "SELECT sum(judged), sum(correct) FROM rag.feedback_accuracy").Scan(&judged, &correct))
	require.Equal(t, []int64{1, 1}, []int64{judged, correct})
	var status string
	require.NoError(t, c.poolA.QueryRow(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'wrong') RETURNING status", c.qA).Scan(&status))
	require.Equal(t, "recorded", status)

	// a's confirmation made an example of its answer.
	var src, sql string
	var ref *int64
	require.NoError(t, c.svc.QueryRow(ctx, "SELECT source, sql, query_id FROM rag.examples WHERE database_name = 'shop'").Scan(&src, &sql, &ref))
	require.Equal(t, "feedback", src)
	require.Equal(t, "SELECT 1", sql)
	require.Equal(t, c.qA, *ref)

	// A role's verdicts on one question count once, however many rows.
	_, err = c.poolB.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) SELECT $1, 'wrong' FROM generate_series(1, 50)", c.qB)
	require.NoError(t, err)
	var marked int64
	require.NoError(t, c.poolR.QueryRow(ctx, "SELECT marked_wrong FROM rag.feedback_wrong_questions").Scan(&marked))
	require.Equal(t, int64(1), marked)
}

func TestFeedbackRefusedAtInsert(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := setupClients(t)
	queued := ask(t, c.poolA, "shop", "not answered yet")
	for _, tc := range []struct{ sql, want string }{
		{"INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', 'DELETE FROM orders')", "corrected_sql must be one read-only query"},
		{"INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', 'UPDATE orders SET total = 0')", "corrected_sql must be one read-only query"},
		{"INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'correct', 'SELECT 2')", "corrected_sql goes with verdict 'wrong'"},
		{"INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'maybe')", "feedback_verdict_valid"},
	} {
		_, err := c.poolA.Exec(ctx, tc.sql, c.qA)
		require.ErrorContains(t, err, tc.want, tc.sql)
	}
	_, err := c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict) VALUES ($1, 'correct')", queued)
	require.ErrorContains(t, err, "has no answer to confirm")
	require.Empty(t, ids(t, c.svc, "SELECT id FROM rag.feedback"), "nothing stored half-way")
	require.Empty(t, ids(t, c.svc, "SELECT id FROM rag.examples"))

	// A correction that looks like a query waits for the service's check,
	// enqueued in the same transaction.
	var status string
	require.NoError(t, c.svc.QueryRow(ctx,
		"INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', ' SELECT 2 ') RETURNING status", c.qA).Scan(&status))
	require.Equal(t, "pending", status)
	require.Len(t, ids(t, c.svc, "SELECT id FROM river.river_job WHERE kind = 'nl2sql.correction'"), 1)
}

// A correction copied from an editor or a BI tool often starts with a
// comment: it is a query all the same, and the first check, which only
// looks at how the text starts, lets it through to the guard. A comment
// does not hide a statement that is no query.
func TestFeedbackCorrectionStartingWithAComment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := setupClients(t)
	for _, sql := range []string{
		"-- orders of the last month\nSELECT count(*) FROM orders",
		"/* checked against the ledger */ SELECT count(*) FROM orders",
		"/* a */ -- b\n /** c **/ (WITH o AS (SELECT 1) SELECT * FROM o)",
		"/*/ a / b */ -- c\r\nSELECT 1",
	} {
		var status string
		require.NoError(t, c.poolA.QueryRow(ctx,
			"INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', $2) RETURNING status", c.qA, sql).Scan(&status), sql)
		require.Equal(t, "pending", status, sql)
	}
	for _, sql := range []string{
		"-- SELECT\nDELETE FROM orders",
		"/* SELECT */ DELETE FROM orders",
		"/* a */ DELETE FROM orders /* b */ SELECT 1",
		"-- SELECT 1",
		// PostgreSQL nests block comments: all of "/* /* */ SELECT */" is
		// one, and the statement is the DELETE.
		"/* /* */ SELECT */ DELETE FROM orders",
		"/* //* */ SELECT */ DELETE FROM orders",
		// A line comment ends at a carriage return as at a line feed.
		"-- x\rDELETE FROM orders WHERE id IN (--\nSELECT 1)",
	} {
		_, err := c.poolA.Exec(ctx, "INSERT INTO rag.feedback (query_id, verdict, corrected_sql) VALUES ($1, 'wrong', $2)", c.qA, sql)
		require.ErrorContains(t, err, "corrected_sql must be one read-only query", sql)
	}
}
