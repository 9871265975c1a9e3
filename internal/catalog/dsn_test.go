package catalog_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

func TestValidateDSN(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		dsn          string
		hasPassword  bool
		errSubstring string // for other errors
	}{
		{dsn: "postgres://nl2sql@db.internal:5432/erp?sslmode=require"},
		{dsn: "postgresql://db/erp"},
		{dsn: "postgres://nl2sql@h1:5432,h2:5433/erp?target_session_attrs=read-write"},
		{dsn: "postgres://nl2sql@db/erp?passfile=/etc/nl2sql/pgpass"},
		{dsn: "host=db.internal port=5432 dbname=erp user=nl2sql sslmode=require"},
		{dsn: "host = db dbname = 'my erp' user=nl2sql"},
		{dsn: "  host=db dbname=erp  "},
		{dsn: "passfile=/run/pgpass host=db"},
		{dsn: "env:ERP_DSN"},
		{dsn: "env:_x1"},

		{dsn: "postgres://nl2sql:s3cret@db/erp", hasPassword: true},
		{dsn: "postgresql://nl2sql:@db/erp", hasPassword: true},
		{dsn: "postgres://nl2sql@db/erp?sslmode=disable&password=s3cret", hasPassword: true},
		{dsn: "host=db password=s3cret dbname=erp", hasPassword: true},
		{dsn: "host=db password = 's3 cret' dbname=erp", hasPassword: true},
		{dsn: "host=db PASSWORD=x", hasPassword: true},
		{dsn: "password=x", hasPassword: true},

		{dsn: "", errSubstring: "empty"},
		{dsn: "   ", errSubstring: "empty"},
		{dsn: "env:", errSubstring: "environment variable name"},
		{dsn: "env:ERP-DSN", errSubstring: "environment variable name"},
		{dsn: "mysql://root@db/erp", errSubstring: "must be a postgres:// URL"},
		{dsn: "db.internal", errSubstring: "must be a postgres:// URL"},
		{dsn: "host=db dbname", errSubstring: "key=value"},
		{dsn: "host=db dbname='erp", errSubstring: "unterminated"},
		{dsn: "postgres://nl2sql:s3cret@db:port/erp", errSubstring: "not a valid postgres:// URL"},
	} {
		t.Run(tc.dsn, func(t *testing.T) {
			t.Parallel()
			err := catalog.ValidateDSN(tc.dsn)
			switch {
			case tc.hasPassword:
				require.ErrorIs(t, err, catalog.ErrDSNHasPassword)
				require.Contains(t, err.Error(), "PGPASSFILE")
				require.Contains(t, err.Error(), "env:VAR")
				require.NotContains(t, err.Error(), "s3")
			case tc.errSubstring != "":
				require.ErrorContains(t, err, tc.errSubstring)
				require.NotErrorIs(t, err, catalog.ErrDSNHasPassword)
				require.NotContains(t, err.Error(), "s3cret", "an error must not repeat a password")
			default:
				require.NoError(t, err)
			}
		})
	}
}

func TestResolveDSN(t *testing.T) {
	t.Parallel()

	env := map[string]string{
		"ERP_DSN": "postgres://nl2sql:s3cret@db/erp",
		"BLANK":   "  ",
	}
	getenv := func(k string) string { return env[k] }

	got, err := catalog.ResolveDSN("env:ERP_DSN", getenv)
	require.NoError(t, err)
	require.Equal(t, "postgres://nl2sql:s3cret@db/erp", got, "a password in the environment is fine: it is never stored")

	got, err = catalog.ResolveDSN(" host=db dbname=erp ", getenv)
	require.NoError(t, err)
	require.Equal(t, "host=db dbname=erp", got)

	_, err = catalog.ResolveDSN("env:MISSING", getenv)
	require.ErrorContains(t, err, "environment variable MISSING, which is unset or empty")

	_, err = catalog.ResolveDSN("env:BLANK", getenv)
	require.ErrorContains(t, err, "environment variable BLANK, which is unset or empty")

	_, err = catalog.ResolveDSN("postgres://u:p@db/erp", getenv)
	require.ErrorIs(t, err, catalog.ErrDSNHasPassword)
}

// Not parallel: t.Setenv changes the process environment.
func TestResolveDSNFromProcessEnvironment(t *testing.T) {
	t.Setenv("NL2SQL_CATALOG_TEST_DSN", "host=db dbname=erp")
	got, err := catalog.ResolveDSN("env:NL2SQL_CATALOG_TEST_DSN", nil)
	require.NoError(t, err)
	require.Equal(t, "host=db dbname=erp", got)
}
