package erp_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
)

func decodeAnnotations(t *testing.T, b []byte) []erp.Annotation {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f erp.AnnotationFile
	require.NoError(t, dec.Decode(&f))
	return f.Tables
}

func TestAnnotations(t *testing.T) {
	t.Parallel()

	t.Run("CoreTables", func(t *testing.T) {
		t.Parallel()
		as := decodeAnnotations(t, erp.AnnotationsJSON)
		var tables []string
		seen := map[string]bool{}
		for _, a := range as {
			require.Equal(t, "erp", a.Schema)
			require.False(t, seen[a.Table], "%s annotated twice", a.Table)
			seen[a.Table] = true
			tables = append(tables, a.Table)
			require.Contains(t, modules, a.Module, a.Table)
			require.NotEmpty(t, a.Gloss, a.Table)
		}
		// Every table in schema.sql has an annotation, and vice versa.
		slices.Sort(tables)
		want := erp.CoreTables()
		slices.Sort(want)
		require.Equal(t, want, tables)
		var used []string
		for _, a := range as {
			if !slices.Contains(used, a.Module) {
				used = append(used, a.Module)
			}
		}
		slices.Sort(used)
		require.Equal(t, modules, used, "eight modules")
	})

	t.Run("ColumnsExist", func(t *testing.T) {
		t.Parallel()
		ctx, pool := setup(t)
		for _, a := range decodeAnnotations(t, erp.AnnotationsJSON) {
			for c := range a.Columns {
				var n int
				require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.columns
					WHERE table_schema = 'erp' AND table_name = $1 AND column_name = $2`, a.Table, c).Scan(&n))
				require.Equal(t, 1, n, "%s.%s", a.Table, c)
			}
		}
	})

	t.Run("WithDistractors", func(t *testing.T) {
		t.Parallel()
		b, err := erp.Annotations(erp.LoadOptions{Tables: 2000})
		require.NoError(t, err)
		as := decodeAnnotations(t, b)
		require.Len(t, as, 2000)
		seen := map[string]bool{}
		mods := map[string]bool{}
		for _, a := range as {
			require.False(t, seen[a.Table], a.Table)
			seen[a.Table] = true
			mods[a.Module] = true
			require.NotEmpty(t, a.Module, a.Table)
			require.NotEmpty(t, a.Gloss, a.Table)
		}
		require.GreaterOrEqual(t, len(mods), 20, "distractors add modules")

		core, err := erp.Annotations(erp.LoadOptions{})
		require.NoError(t, err)
		require.Len(t, decodeAnnotations(t, core), erp.CoreTableCount())
	})
}
