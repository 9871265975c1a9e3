package schemaindex_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// oddValuesSQL holds the values real data has: month names as
// to_char(d, 'Month') writes them, padded with blanks ('April    '), next to
// the same names unpadded, a blank value, and text far from ASCII.
const oddValuesSQL = `
CREATE TABLE crm.calendar (day date PRIMARY KEY, month text NOT NULL);
INSERT INTO crm.calendar SELECT d, to_char(d, 'Month') FROM generate_series(date '2024-01-01', date '2024-12-01', interval '1 month') d;
INSERT INTO crm.calendar VALUES (date '2025-04-01', 'April'), (date '2025-04-02', '   '), (date '2025-04-03', 'Ünïcödé ✓ — «quoted»');
CREATE TABLE crm.secrets (id integer PRIMARY KEY, label text, hidden text);
INSERT INTO crm.secrets VALUES (1, 'alpha', 'x'), (2, 'beta', 'y');
`

// asRole is a sample target that works as role: as a registered --role
// with SELECT on only some columns of a table would.
type asRole struct {
	pool *pgxpool.Pool
	role string
}

func (a asRole) Begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, "SET LOCAL ROLE "+pgx.Identifier{a.role}.Sanitize()); err != nil {
		_ = tx.Rollback(ctx)
		return nil, err
	}
	return tx, nil
}

// TestBuildOddValues: values that differ only by trailing blanks are one
// value (with the rows of both), a blank one is left out and counted, and a
// column the target will not let us read is skipped while the rest of its
// table is indexed: no value, column or table fails the index.
func TestBuildOddValues(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	_, err := db.Pool.Exec(ctx, oddValuesSQL)
	require.NoError(t, err)

	role := fmt.Sprintf("nl2sql_test_colpriv_%d", time.Now().UnixNano())
	_, err = db.Pool.Exec(ctx, fmt.Sprintf(`CREATE ROLE %[1]s;
		GRANT USAGE ON SCHEMA crm TO %[1]s;
		GRANT SELECT ON ALL TABLES IN SCHEMA crm TO %[1]s;
		REVOKE SELECT ON crm.secrets FROM %[1]s;
		GRANT SELECT (id, label) ON crm.secrets TO %[1]s`, role))
	require.NoError(t, err)
	t.Cleanup(func() {
		_, err := db.Pool.Exec(context.Background(), fmt.Sprintf("DROP OWNED BY %[1]s; DROP ROLE %[1]s", role))
		require.NoError(t, err)
	})

	st := build(t, schemaindex.Source{Target: asRole{pool: db.Pool, role: role}})
	v := st.Values
	require.Zero(t, v.Failed, "no table failed: %v", v.Errors)
	require.Equal(t, 1, v.ColumnsFailed, "crm.secrets.hidden cannot be read")
	require.Len(t, v.Errors, 1)
	require.Contains(t, v.Errors[0], "crm.secrets.hidden")
	require.Contains(t, v.Errors[0], "permission denied")
	require.Equal(t, 1, v.SkippedValues["duplicate"], "'April' and 'April    '")
	require.Equal(t, 1, v.SkippedValues["empty"])
	require.Equal(t, 5, v.TablesSampled, "CUST_MASTER, SALESREPRESENTATIVE, tickets, calendar, secrets")

	rows, err := db.Pool.Query(ctx, `SELECT value, value_count FROM rag.index_docs
		WHERE database_name = 'crm' AND kind = 'value' AND table_name IN ('calendar', 'secrets') ORDER BY table_name, value`)
	require.NoError(t, err)
	got := map[string]int32{}
	var order []string
	for rows.Next() {
		var value string
		var n int32
		require.NoError(t, rows.Scan(&value, &n))
		got[value] = n
		order = append(order, value)
	}
	require.NoError(t, rows.Err())
	require.Len(t, order, 15, "12 months, the odd value, alpha and beta: %v", order)
	require.EqualValues(t, 2, got["April"], "one value with the rows of both spellings")
	require.Contains(t, got, "Ünïcödé ✓ — «quoted»")
	require.Contains(t, got, "September", "trimmed")
	require.Contains(t, got, "alpha", "the readable column of crm.secrets is indexed")
	require.NotContains(t, got, "x")

	// The value is found as the question spells it.
	hits, err := searcher(t, db).Lexical(ctx, "crm", "bookings in april", top)
	require.NoError(t, err)
	require.Contains(t, names(hits.Values), "calendar.month=April")
}

// TestBuildValuesXMLUnsafe: the sample travels as XML, which cannot hold
// most control characters (a stray \x01 or \x0b pasted into a text column)
// nor U+FFFE. Such values are sampled as any other, and so are the other
// values of their column and table: one odd row must not cost the whole
// column, or the whole table when it has one text column. What XML
// escapes (R&amp;D, <b>) and long values come back as the data holds them.
func TestBuildValuesXMLUnsafe(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	long := strings.Repeat("ü", 40) // 80 bytes: base64 breaks the line
	_, err := db.Pool.Exec(ctx, `CREATE TABLE crm.event_log (id integer PRIMARY KEY, kind text)`)
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, `INSERT INTO crm.event_log VALUES (1, 'login'), (2, 'logout'), (3, E'ctl\x01char'),
			(4, E'tab\x0bbed'), (5, E'odd\uFFFEone'), (6, 'login'), (7, 'R&amp;D <b>'), (8, $1)`, long)
	require.NoError(t, err)

	st := build(t, schemaindex.Source{Target: db.Pool})
	require.Zero(t, st.Values.Failed, "no table failed: %v", st.Values.Errors)
	require.Zero(t, st.Values.ColumnsFailed, "no column failed: %v", st.Values.Errors)
	require.Equal(t, map[string]int32{
		"login": 2, "logout": 1, "ctl\x01char": 1, "tab\x0bbed": 1, "odd\uFFFEone": 1, "R&amp;D <b>": 1, long: 1,
	}, sampled(t, db, "event_log"))
}

// sampled are the values the index holds of table, with their row counts.
func sampled(t *testing.T, db *dbtest.DB, table string) map[string]int32 {
	t.Helper()
	rows, err := db.Pool.Query(context.Background(), `SELECT value, value_count FROM rag.index_docs
		WHERE database_name = 'crm' AND kind = 'value' AND table_name = $1`, table)
	require.NoError(t, err)
	got := map[string]int32{}
	for rows.Next() {
		var value string
		var n int32
		require.NoError(t, rows.Scan(&value, &n))
		got[value] = n
	}
	require.NoError(t, rows.Err())
	return got
}
