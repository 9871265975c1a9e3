package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

func TestConfigDefaults(t *testing.T) {
	t.Parallel()

	cfg := Config{}.WithDefaults()
	require.Equal(t, 1000, cfg.DefaultLimit)
	require.Equal(t, DefaultDeniedFunctions(), cfg.DeniedFunctions)
	require.False(t, cfg.SkipLintWarnings)
	require.NoError(t, cfg.validate())

	kept := Config{DefaultLimit: 50, DeniedFunctions: []string{}}.WithDefaults()
	require.Equal(t, 50, kept.DefaultLimit)
	require.Empty(t, kept.DeniedFunctions, "an empty non-nil list denies nothing")

	// DefaultDeniedFunctions hands out copies.
	d := DefaultDeniedFunctions()
	d[0] = "changed"
	require.NotEqual(t, "changed", DefaultDeniedFunctions()[0])
	for _, p := range DefaultDeniedFunctions() {
		require.NotEmpty(t, defaultReason(p), "every default pattern says why: %s", p)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()

	for name, cfg := range map[string]Config{
		"negative limit":     {DefaultLimit: -1},
		"limit too large":    {DefaultLimit: 1 << 40},
		"upper case pattern": {DeniedFunctions: []string{"PG_SLEEP"}},
		"only stars":         {DeniedFunctions: []string{"**"}},
		"empty pattern":      {DeniedFunctions: []string{""}},
		"bare star":          {DeniedFunctions: []string{"*"}},
		"schema star":        {DeniedFunctions: []string{"*.x"}},
		"too many dots":      {DeniedFunctions: []string{"a.b.c"}},
	} {
		_, err := New(cfg)
		require.Error(t, err, name)
		require.ErrorContains(t, err, "sqlguard: invalid config", name)
	}
}

func TestPatternMatch(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		pattern, schema, name string
		want                  bool
	}{
		{"pg_sleep", "", "pg_sleep", true},
		{"pg_sleep", "pg_catalog", "pg_sleep", true},
		{"pg_sleep", "", "PG_SLEEP", true},
		{"pg_sleep", "", "pg_sleep_for", false},
		{"pg_sleep*", "", "pg_sleep_for", true},
		{"pg_ls_*", "", "pg_ls_waldir", true},
		{"pg_ls_*", "", "pg_lsn", false},
		{"cron.*", "cron", "schedule", true},
		{"cron.*", "", "schedule", false},
		{"dblink.dblink", "dblink", "dblink", true},
		{"dblink.dblink", "public", "dblink", false},
		{"pg_*_is_visible", "", "pg_table_is_visible", true},
		{"pg_*_is_visible", "", "pg_is_visible", false},
		{"pg_*_is_visible", "", "pg_table_is_visible_x", false},
		{"has_*_privilege", "pg_catalog", "has_table_privilege", true},
		{"has_*_privilege", "", "has_privilege", false},
		{"a*b*c", "", "abc", true},
		{"a*b*c", "", "axxbyyc", true},
		{"a*b*c", "", "acb", false},
		{"a*bc*bc", "", "abc", false},
		{"*_size", "", "pg_table_size", true},
	} {
		p, err := parsePattern(tc.pattern)
		require.NoError(t, err)
		require.Equal(t, tc.want, p.match(tc.schema, tc.name), "%s vs %s.%s", tc.pattern, tc.schema, tc.name)
	}
}

func TestCustomConfig(t *testing.T) {
	t.Parallel()

	g, err := New(Config{DefaultLimit: 25, DeniedFunctions: append(DefaultDeniedFunctions(), "md5", "audit.*")})
	require.NoError(t, err)
	cat := testCatalog()

	v := g.Check("SELECT id FROM customers", cat)
	require.True(t, v.OK)
	require.Equal(t, "SELECT id FROM customers\nLIMIT 25", v.SQL)

	v = g.Check("SELECT md5(name) FROM customers", cat)
	require.False(t, v.OK)
	require.Equal(t, "function md5 is not allowed (line 1)", v.Errors[0].Message, "custom patterns carry no reason")

	v = g.Check("SELECT audit.stamp(id) FROM customers", cat)
	require.Equal(t, CodeDeniedFunction, v.Errors[0].Code)

	open, err := New(Config{DeniedFunctions: []string{}})
	require.NoError(t, err)
	require.True(t, open.Check("SELECT pg_sleep(0)", cat).OK, "an empty deny list denies nothing")
}

func TestVerdictErr(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	require.NoError(t, Check("SELECT 1", cat).Err())

	// A denied function outranks a repairable unknown table: the whole
	// verdict must not be repaired.
	err := Check("SELECT * FROM nowhere WHERE pg_sleep(1) IS NULL", cat).Err()
	var ce *errclass.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, errclass.ValidationBlock, ce.Class)
	require.Equal(t, CodeDeniedFunction, ce.Code)
	require.Equal(t, "42501", ce.SQLSTATE)
	require.Contains(t, ce.Message, "table nowhere is not in the catalog")
	require.Contains(t, ce.Message, "function pg_sleep is not allowed")
	require.False(t, ce.Class.Repairable())

	err = Check("SELECT * FROM nowhere", cat).Err()
	require.ErrorAs(t, err, &ce)
	require.Equal(t, errclass.SQLError, ce.Class)
	require.Equal(t, "42P01", ce.SQLSTATE)
	require.True(t, ce.Class.Repairable(), "a hallucinated table can be repaired")

	err = Check("SELECT (", cat).Err()
	require.ErrorAs(t, err, &ce)
	require.Equal(t, errclass.SQLError, ce.Class)
	require.Equal(t, CodeSyntax, ce.Code)
}

func TestCheckInputEdgeCases(t *testing.T) {
	t.Parallel()

	cat := testCatalog()

	v := Check("SELECT 1\x00; DROP TABLE customers", cat)
	require.False(t, v.OK, "the C parser would stop at the NUL byte")
	require.Equal(t, StageParse, v.Stage)
	require.Equal(t, "22021", v.Errors[0].SQLSTATE)

	v = Check("SELECT id FROM customers", nil)
	require.False(t, v.OK, "a nil catalog has no tables")
	require.Equal(t, CodeUnknownTable, v.Errors[0].Code)
	require.True(t, Check("SELECT 1", nil).OK)

	v = Check("SELECT id FROM customers c\nWHERE c.id = 1\n  AND pg_sleep(1) IS NULL", cat)
	require.Equal(t, "function pg_sleep is not allowed: it stalls the connection (line 3)", v.Errors[0].Message)
	require.Equal(t, 49, v.Errors[0].Position)
}
