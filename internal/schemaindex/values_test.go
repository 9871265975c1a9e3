package schemaindex

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
)

func TestNormalizeValue(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]string{
		"April":                     {"April", ""},
		"April    ":                 {"April", ""},
		"\t New York \n":            {"New York", ""},
		"Straße – Süd":              {"Straße – Süd", ""},
		"   ":                       {"", SkipEmpty},
		"":                          {"", SkipEmpty},
		"42":                        {"", SkipNumber},
		" -1.5 ":                    {"", SkipNumber},
		strings.Repeat("x", 65):     {"", SkipTooLong},
		strings.Repeat("é", 64):     {strings.Repeat("é", 64), ""},
		"bad \xff byte":             {"", SkipInvalidText},
		"nul \x00 inside":           {"", SkipInvalidText},
		"   \x00":                   {"", SkipInvalidText},
		strings.Repeat("ü", 600):    {"", SkipTooLong},
		"line one\nline two":        {"line one\nline two", ""},
		"\u00a0non-breaking\u00a0 ": {"non-breaking", ""},
	} {
		got, reason := normalizeValue(in, 64)
		require.Equal(t, want, [2]string{got, reason}, "%q", in)
	}
	// Bytes bound the value whatever the character limit says.
	_, reason := normalizeValue(strings.Repeat("ü", 600), 10_000)
	require.Equal(t, SkipTooLong, reason)
}

// TestStoreValuesOneByOne: when storing the values at once fails, each is
// stored in its own savepoint; the one the database refuses is left out and
// counted, the others are kept, and the transaction goes on.
func TestStoreValuesOneByOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	tx, err := db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	_, err = tx.Exec(ctx, "CREATE TEMP TABLE stored (v text)")
	require.NoError(t, err)

	values := []*Doc{
		{Kind: KindValue, Schema: "s", Table: "t", Column: "a", Value: "one"},
		{Kind: KindValue, Schema: "s", Table: "t", Column: "a", Value: "odd"},
		{Kind: KindValue, Schema: "s", Table: "t", Column: "b", Value: "two"},
	}
	insert := func(sp pgx.Tx, docs []*Doc) error {
		for _, d := range docs {
			if d.Value == "odd" {
				// A statement error aborts the transaction unless the
				// savepoint is rolled back.
				_, err := sp.Exec(ctx, "SELECT 1/0")
				return err
			}
			if _, err := sp.Exec(ctx, "INSERT INTO stored VALUES ($1)", d.Value); err != nil {
				return err
			}
		}
		return nil
	}
	st := ValueStats{Values: 3, Columns: 2}
	require.NoError(t, storeValues(ctx, tx, values, insert, &st, Config{}.WithDefaults()))
	require.Equal(t, 2, st.Values)
	require.Equal(t, 2, st.Columns)
	require.Equal(t, map[string]int{SkipStoreFailed: 1}, st.SkippedValues)
	require.Len(t, st.Errors, 1)
	require.Contains(t, st.Errors[0], `s.t.a = "odd": not stored: `)
	require.Contains(t, st.Errors[0], "division by zero")

	var stored []string
	rows, err := tx.Query(ctx, "SELECT v FROM stored ORDER BY v")
	require.NoError(t, err)
	stored, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"one", "two"}, stored, "the first, failed, batch left nothing behind")

	// A failure of the transaction itself still fails.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	err = storeValues(cctx, tx, values, insert, &st, Config{}.WithDefaults())
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
}
