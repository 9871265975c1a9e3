package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// TestDBAddOddValues: a text column holding 'April' and 'April    ' (as
// to_char(d, 'Month') writes it) used to fail `db add` on index_docs'
// unique key, leaving the database without an index. The values are one
// value now, and what was left out is said.
func TestDBAddOddValues(t *testing.T) {
	t.Parallel()
	c := setup(t)
	_, err := c.db.Pool.Exec(context.Background(), `
		CREATE TABLE shop.calendar (day date PRIMARY KEY, month text NOT NULL);
		INSERT INTO shop.calendar SELECT d, to_char(d, 'Month') FROM generate_series(date '2024-01-01', date '2024-12-01', interval '1 month') d;
		INSERT INTO shop.calendar VALUES ('2025-04-01', 'April'), ('2025-04-02', '  '), ('2025-04-03', E'Ünïcödé ✓ «tab\there»')`)
	require.NoError(t, err)

	r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "values left out: 1 duplicate (the same once trimmed: merged), 1 empty (blank)")

	r = c.run("", "index", "--db", "shop", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var st schemaindex.Stats
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &st))
	require.Equal(t, map[string]int{schemaindex.SkipDuplicate: 1, schemaindex.SkipEmpty: 1}, st.Values.SkippedValues)

	var n, april int
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), `SELECT count(*), sum(value_count) FILTER (WHERE value = 'April')
		FROM rag.index_docs WHERE database_name = 'shop' AND kind = 'value' AND table_name = 'calendar'`).Scan(&n, &april))
	require.Equal(t, 13, n, "12 months and the odd value")
	require.Equal(t, 2, april, "'April' holds the rows of both spellings")
}
