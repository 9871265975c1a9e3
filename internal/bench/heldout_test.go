package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestImportHeldout imports the made-up fixtures in each benchmark's format
// and compares what it writes with testdata/heldout/want; then the sets
// load into PostgreSQL, the catalog reads their keys, and the bench reads
// them back.
func TestImportHeldout(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) string {
		t.Helper()
		out := t.TempDir()
		sets, err := ImportBEAVER(filepath.Join("testdata", "heldout", "beaver"))
		require.NoError(t, err)
		fiben, err := ImportFIBEN(filepath.Join("testdata", "heldout", "fiben"))
		require.NoError(t, err)
		for _, s := range append(sets, *fiben) {
			require.NoError(t, WriteHeldoutSet(out, s))
		}
		return out
	}
	out := setup(t)

	want := filepath.Join("testdata", "heldout", "want")
	for _, set := range []string{"beaver_dw", "beaver_nw", "fiben"} {
		for _, file := range []string{"schema.sql", "questions.json", "SOURCE"} {
			got, err := os.ReadFile(filepath.Join(out, set, file))
			require.NoError(t, err)
			path := filepath.Join(want, set, file)
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
				continue
			}
			golden, err := os.ReadFile(path)
			require.NoError(t, err, "go test -run TestImportHeldout -update writes it")
			if diff := cmp.Diff(string(golden), string(got)); diff != "" {
				t.Errorf("%s/%s (-want +got):\n%s", set, file, diff)
			}
		}
	}

	sets, why, err := ReadHeldoutSets(RetrievalConfig{HeldoutDir: out})
	require.NoError(t, err)
	require.Empty(t, why)
	require.Len(t, sets, 3)
	ctx := context.Background()
	db := dbtest.NewDB(t)
	fks := map[string]int{}
	for _, s := range sets {
		_, err := db.Pool.Exec(ctx, s.SchemaSQL)
		require.NoError(t, err, "%s: schema.sql loads", s.Name)
		snap, err := catalog.Introspect(ctx, db.Pool, []string{s.Schema})
		require.NoError(t, err)
		names, err := s.TableNames()
		require.NoError(t, err)
		require.Len(t, snap.Tables, len(names), s.Name)
		fks[s.Name] = len(snap.ForeignKeys)
		have := map[string]bool{}
		for _, tbl := range snap.Tables {
			have[tbl.Name] = true
		}
		for _, q := range s.Questions {
			for _, name := range q.ExpectedTables {
				require.True(t, have[name], "%s: expected table %s is in the schema", q.ID, name)
			}
		}
	}
	require.Equal(t, map[string]int{"beaver_dw": 0, "beaver_nw": 2, "fiben": 4}, fks,
		"dw declares no key; a foreign key to another database is left out")
}

func TestImportHeldoutErrors(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, files map[string]string) string {
		t.Helper()
		dir := t.TempDir()
		for name, data := range files {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644))
		}
		return dir
	}

	_, err := ImportBEAVER(setup(t, nil))
	require.ErrorContains(t, err, "dev_tables.json not found")
	_, err = ImportFIBEN(setup(t, map[string]string{"fiben_FIBEN.sql": "CREATE TABLE A (X INT);"}))
	require.ErrorContains(t, err, "FIBEN_Queries.json not found", "a flat directory of prefixed downloads is read too")

	queries := `[{"uniqueQueryID": 1, "question": "q?", "isParaphrased": false, "SQL": "SELECT * FROM A", "queryType": "non-nested"}]`
	for ddl, msg := range map[string]string{
		"CREATE TABLE A (X GRAPHIC(3));":                             "db2 type graphic(3) has no PostgreSQL mapping",
		"CREATE TABLE A (X INT COMPRESS SYSTEM DEFAULT);":            `column modifier "COMPRESS"`,
		"CREATE TABLE A (X INT); CREATE TABLE a (Y INT);":            "table a is defined twice",
		"CREATE TABLE A (X INT); ALTER TABLE B ADD PRIMARY KEY (X);": "ALTER TABLE B before its CREATE TABLE",
		"CREATE TABLE A (X INT, FOREIGN KEY (X) REFERENCES B (Y));":  "foreign key to unknown table b",
	} {
		_, err := ImportFIBEN(setup(t, map[string]string{"FIBEN.sql": ddl, "FIBEN_Queries.json": queries}))
		require.ErrorContains(t, err, msg, ddl)
	}

	tables := `{"dw#sep#A": {"db_id": "dw", "table_name_original": "A", "column_names_original": ["X"], "column_types": ["%s"]}}`
	_, err = ImportBEAVER(setup(t, map[string]string{"dev_tables.json": fmtJSON(tables, "VARCHAR2"), "dev_dw.json": "[]", "dev_nw.json": "[]"}))
	require.ErrorContains(t, err, "database csail_stata_nova: no table")
	_, err = ImportBEAVER(setup(t, map[string]string{"dev_tables.json": fmtJSON(tables, "SDO_GEOMETRY"), "dev_dw.json": "[]", "dev_nw.json": "[]"}))
	require.ErrorContains(t, err, `table A column X: type "SDO_GEOMETRY": oracle type sdo_geometry has no PostgreSQL mapping`)
}

func fmtJSON(format, arg string) string { return fmt.Sprintf(format, arg) }

func TestReadHeldoutSetsSkipped(t *testing.T) {
	t.Parallel()
	sets, why, err := ReadHeldoutSets(RetrievalConfig{})
	require.NoError(t, err)
	require.Empty(t, sets)
	require.Equal(t, "held-out: skipped: NL2SQL_BENCH_HELDOUT_DIR not set (see README: Retrieval evaluation)", why)

	missing := filepath.Join(t.TempDir(), "nowhere")
	_, why, err = ReadHeldoutSets(RetrievalConfig{HeldoutDir: missing})
	require.NoError(t, err)
	require.Equal(t, "held-out: skipped: "+missing+" does not exist (NL2SQL_BENCH_HELDOUT_DIR; see README: Retrieval evaluation)", why)

	empty := t.TempDir()
	_, why, err = ReadHeldoutSets(RetrievalConfig{HeldoutDir: empty})
	require.NoError(t, err)
	require.Contains(t, why, "holds no held-out set")

	require.NoError(t, os.Mkdir(filepath.Join(empty, "x"), 0o755))
	_, _, err = ReadHeldoutSets(RetrievalConfig{HeldoutDir: empty})
	require.ErrorContains(t, err, "retrieval set x", "a broken set is an error, not a skip")
}
