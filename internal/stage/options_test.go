package stage

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// TestOptionsAgreeWithInsert: the worker decodes options the way the INSERT
// trigger checks them. Each case goes through rag.check_query_options and,
// as the worker reads it back from jsonb, through parseOptions: both accept
// it, or both refuse it with the same message.
func TestOptionsAgreeWithInsert(t *testing.T) {
	t.Parallel()
	tx := dbtest.TestTx(t)
	ctx := context.Background()
	for _, opts := range []string{
		`{}`,
		// Every integer option spelled as a float, as Python's json.dumps
		// writes one, and as an exponent.
		`{"max_rows": 1.0}`, `{"max_rows": 5000.0}`, `{"max_rows": 1e3}`, `{"max_rows": 1000000.000}`,
		`{"timeout_ms": 5000.0}`, `{"timeout_ms": 100000.0}`, `{"timeout_ms": 2.5e3}`,
		`{"max_attempts": 3.0}`, `{"max_attempts": 10.0}`,
		`{"candidates": 5.0}`, `{"candidates": 1.00}`,
		`{"max_rows": 5000, "timeout_ms": 5000.0, "max_attempts": 3.0, "candidates": 2.0, "temperature": 1.0}`,
		// Not integers, out of range, not numbers.
		`{"max_rows": 1.5}`, `{"timeout_ms": 0.5}`, `{"max_attempts": 2.25}`, `{"candidates": 1.0000000000000000001}`,
		`{"max_rows": 0}`, `{"max_rows": 0.0}`, `{"max_rows": -1.0}`, `{"max_rows": 1000001.0}`, `{"max_rows": 1e7}`,
		`{"timeout_ms": 100001}`, `{"max_attempts": 11.0}`, `{"candidates": 11}`, `{"candidates": 1e400}`,
		`{"max_rows": "5"}`, `{"max_rows": "ten"}`, `{"max_rows": null}`, `{"max_rows": true}`, `{"max_rows": [5]}`,
		`{"max_rows": 99999999999999999999999}`,
		// The other options.
		`{"temperature": 0}`, `{"temperature": 2}`, `{"temperature": 2.0}`, `{"temperature": 0.7}`, `{"temperature": 1e-400}`,
		`{"temperature": 2.0000000000000000001}`, `{"temperature": -0.1}`, `{"temperature": "0.5"}`,
		`{"model": "qwen2.5-coder:7b"}`, `{"model": "  "}`, `{"model": "\t"}`, `{"model": ""}`, `{"model": 7}`,
		`{"schema_format": "mschema"}`, `{"schema_format": "create_table"}`, `{"schema_format": "ddl"}`,
		`{"retrieval": "full"}`, `{"retrieval": "rag"}`, `{"retrieval": "vector"}`, `{"retrieval": 1}`,
		`{"tags": {"team": "bi"}}`, `{"tags": {}}`, `{"tags": []}`, `{"tags": "bi"}`,
		`{"colour": 1}`, `{"max_rows": 5, "colour": 1}`,
		// Of several bad options, both name the same one.
		`{"max_rows": 1.5, "timeout_ms": "x", "model": 1}`,
	} {
		_, err := tx.Exec(ctx, "SAVEPOINT s")
		require.NoError(t, err)
		var stored string
		err = tx.QueryRow(ctx, "SELECT $1::jsonb::text", opts).Scan(&stored)
		require.NoError(t, err, opts)
		_, sqlErr := tx.Exec(ctx, "SELECT rag.check_query_options($1::jsonb)", opts)
		_, err = tx.Exec(ctx, "ROLLBACK TO SAVEPOINT s")
		require.NoError(t, err)

		_, goErr := parseOptions([]byte(stored))
		if sqlErr == nil {
			require.NoError(t, goErr, "INSERT accepts %s, so the worker must", opts)
			continue
		}
		var pgErr *pgconn.PgError
		require.True(t, errors.As(sqlErr, &pgErr), "%s: %v", opts, sqlErr)
		require.Error(t, goErr, "INSERT refuses %s (%s), so must the worker", opts, pgErr.Message)
		require.Contains(t, goErr.Error(), pgErr.Message, opts)
	}
}

// TestOptionsSpelledAsFloats: one case per integer option written as a
// float (what Python's json.dumps writes for 5000.0), decoded to the
// integer the client meant.
func TestOptionsSpelledAsFloats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		opts string
		get  func(options) int
		want int
	}{
		{`{"max_rows": 1.0}`, func(o options) int { return o.MaxRows }, 1},
		{`{"max_rows": 5000.0}`, func(o options) int { return o.MaxRows }, 5000},
		{`{"timeout_ms": 5000.0}`, func(o options) int { return o.TimeoutMS }, 5000},
		{`{"max_attempts": 3.0}`, func(o options) int { return o.MaxAttempts }, 3},
		{`{"candidates": 5.0}`, func(o options) int { return o.Candidates }, 5},
	} {
		o, err := parseOptions([]byte(tc.opts))
		require.NoError(t, err, tc.opts)
		require.Equal(t, tc.want, tc.get(o), tc.opts)
	}
	o, err := parseOptions([]byte(`{"temperature": 1.0, "model": "m", "schema_format": "create_table", "retrieval": "rag", "tags": {"a": 1}}`))
	require.NoError(t, err)
	require.Equal(t, 1.0, *o.Temperature)
	require.Equal(t, "m", o.Model)
	require.Equal(t, "create_table", o.SchemaFormat)
	require.Equal(t, "rag", o.Retrieval)
	require.JSONEq(t, `{"a": 1}`, string(o.Tags))
}

// TestUndecodableOptions: a row written around the INSERT check fails its
// question at once, as unknown — not validation_block, the class of SQL the
// guard refused.
func TestUndecodableOptions(t *testing.T) {
	t.Parallel()
	_, err := parseOptions([]byte(`{"max_rows": 1.5}`))
	var ce *errclass.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, errclass.Unknown, ce.Class)
	require.False(t, ce.Retryable())
	require.Equal(t, "rag.queries.options is not valid: options.max_rows must be a positive integer, got 1.5", ce.Message)

	_, err = parseOptions([]byte(`[1]`))
	require.ErrorContains(t, err, "not a JSON object")
}

// TestKnownOptionsMatchInsert: the options the worker knows are the ones
// the INSERT trigger lists, so adding one to either side alone fails here.
func TestKnownOptionsMatchInsert(t *testing.T) {
	t.Parallel()
	tx := dbtest.TestTx(t)
	_, err := tx.Exec(context.Background(), `SELECT rag.check_query_options('{"no such option": 1}')`)
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	m := regexp.MustCompile(`^Known options: (.*)\.$`).FindStringSubmatch(pgErr.Hint)
	require.NotNil(t, m, pgErr.Hint)
	require.Equal(t, strings.Join(knownOptions, ", "), m[1])
}

// TestClientMayName: NL2SQL_CLIENT_MODELS allows a model under every name
// Ollama gives it ("llama3" is "llama3:latest", case aside), and no other
// model.
func TestClientMayName(t *testing.T) {
	t.Parallel()
	c := Config{ClientModels: " llama3, sqlcoder:latest,,HridaAI/hrida-t2sql "}
	for _, name := range []string{"llama3", "llama3:latest", "Llama3", "sqlcoder", "SQLCoder:latest", "hridaai/hrida-t2sql:latest"} {
		require.True(t, c.clientMayName(name), name)
	}
	for _, name := range []string{"llama3:70b", "llama3.1", "sqlcoder:15b", "other/llama3", "hrida-t2sql", ""} {
		require.False(t, c.clientMayName(name), name)
	}
	require.False(t, Config{}.clientMayName("llama3"), "none allowed by default")
}
