package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// TestRetrievalSets loads every set into its own database and checks that
// its questions can score a retriever: the expected tables exist, a join
// connects them, and they are exactly the tables the gold SQL reads.
func TestRetrievalSets(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, set RetrievalSet) (context.Context, *pgxpool.Pool) {
		t.Helper()
		ctx := context.Background()
		db := dbtest.NewDB(t)
		_, err := db.Pool.Exec(ctx, set.SchemaSQL)
		require.NoError(t, err, "schema.sql loads into an empty database")
		return ctx, db.Pool
	}

	sets, err := RetrievalSets()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(sets), 3, "the issue asks for three or four schemas")
	for _, set := range sets {
		t.Run(set.Name, func(t *testing.T) {
			t.Parallel()
			require.GreaterOrEqual(t, len(set.Questions), 15)
			require.LessOrEqual(t, len(set.Questions), 20)
			ctx, pool := setup(t, set)

			tables := schemaTables(ctx, t, pool, set.Schema)
			require.GreaterOrEqual(t, len(tables), 25, "a schema large enough to need retrieval")
			require.LessOrEqual(t, len(tables), 132, "ehr, a hospital's EHR reporting database, is the largest")
			require.GreaterOrEqual(t, tablesWithRows(ctx, t, pool, set.Schema, tables), 3,
				"a few tables hold values for a value index to find")
			joinable := joinGraph(ctx, t, pool, set.Schema)

			// The retriever sees a schema through the catalog: it must read
			// every table and key these sets rely on, quoted names included.
			snap, err := catalog.Introspect(ctx, pool, []string{set.Schema})
			require.NoError(t, err)
			var seen []string
			for _, tbl := range snap.Tables {
				seen = append(seen, tbl.Name)
			}
			require.ElementsMatch(t, tables, seen)
			for _, fk := range snap.ForeignKeys {
				require.True(t, joinable[[2]string{fk.Table, fk.RefTable}] || fk.Table == fk.RefTable, "catalog foreign key %s", fk.Name)
			}
			require.Equal(t, foreignKeyCount(ctx, t, pool, set.Schema), len(snap.ForeignKeys))
			checkListing(t, set.Name, snap)

			for _, q := range set.Questions {
				for _, name := range q.ExpectedTables {
					require.Contains(t, tables, name, "%s: expected table %s is not in schema %s", q.ID, name, set.Schema)
				}
				require.True(t, connected(q.ExpectedTables, joinable), "%s: no join connects %v through their keys", q.ID, q.ExpectedTables)
				require.Equal(t, q.ExpectedTables, goldTables(ctx, t, pool, set.Schema, q), "%s: expected_tables are the tables the gold SQL reads", q.ID)
				for _, name := range tables {
					require.False(t, namesTable(q.Question, name), "%s: the question names table %s; users do not know table names", q.ID, name)
				}
			}
		})
	}
}

// checkListing holds schemaindex.Format honest over the dev set: what this
// code indexes of its schema, with its keys and without them (the
// dev_keyless registration, whose documents name inferred joins), is
// recorded by digest in testdata/index/<set>.txt beside the format, and a
// listing that changes while the format does not fails. An index built
// before the change would otherwise be searched as if built now
// (docs/DESIGN.md, "Index format").
func checkListing(t *testing.T, set string, snap *catalog.Snapshot) {
	t.Helper()
	keyless := &catalog.Snapshot{Database: snap.Database, Schemas: snap.Schemas}
	for _, tb := range snap.Tables {
		c := *tb
		c.PrimaryKey = nil
		c.Columns = slices.Clone(tb.Columns)
		for i := range c.Columns {
			c.Columns[i].PrimaryKey = false
		}
		keyless.Tables = append(keyless.Tables, &c)
	}
	got := fmt.Sprintf("format %d\nlisting sha256 %s\nwithout keys sha256 %s\n", schemaindex.Format,
		schemaindex.ListingDigest(snap, nil), schemaindex.ListingDigest(keyless, nil))
	path := filepath.Join("testdata", "index", set+".txt")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	if string(want) == got {
		return
	}
	wantFormat, _, _ := strings.Cut(string(want), "\n")
	if wantFormat == fmt.Sprintf("format %d", schemaindex.Format) {
		t.Fatalf("%s: what the index holds of this schema changed but schemaindex.Format did not: bump it, then run go test ./internal/bench -run TestRetrievalSets -update", set)
	}
	t.Fatalf("%s: %s records format %q; run go test ./internal/bench -run TestRetrievalSets -update", set, path, wantFormat)
}

func TestReadRetrievalSets(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, sets map[string][]RetrievalQuestion) fstest.MapFS {
		t.Helper()
		fsys := fstest.MapFS{"README.md": {Data: []byte("not a set")}}
		for name, qs := range sets {
			data, err := json.Marshal(qs)
			require.NoError(t, err)
			fsys[name+"/schema.sql"] = &fstest.MapFile{Data: []byte("CREATE SCHEMA " + name + ";")}
			fsys[name+"/questions.json"] = &fstest.MapFile{Data: data}
		}
		return fsys
	}
	question := func(id string, tables ...string) RetrievalQuestion {
		return RetrievalQuestion{ID: id, Question: "Q?", Difficulty: "easy", ExpectedTables: tables, GoldSQL: "SELECT 1"}
	}

	got, err := readRetrievalSets(setup(t, map[string][]RetrievalQuestion{
		"b": {question("b1", "x")},
		"a": {question("a1", "p", "q"), question("a2", "q")},
	}), false)
	require.NoError(t, err)
	require.Len(t, got, 2)
	require.Equal(t, "a", got[0].Name)
	require.Equal(t, "a", got[0].Schema)
	require.Equal(t, "CREATE SCHEMA a;", got[0].SchemaSQL)
	require.Equal(t, []string{"a1", "a2"}, []string{got[0].Questions[0].ID, got[0].Questions[1].ID})

	for name, tc := range map[string]struct {
		sets map[string][]RetrievalQuestion
		msg  string
	}{
		"id in two sets":  {map[string][]RetrievalQuestion{"a": {question("q1", "t")}, "b": {question("q1", "t")}}, "also used in set a"},
		"unsorted":        {map[string][]RetrievalQuestion{"a": {question("q1", "u", "t")}}, "sorted"},
		"duplicate table": {map[string][]RetrievalQuestion{"a": {question("q1", "t", "t")}}, `expected_tables holds "t" twice`},
		"no tables":       {map[string][]RetrievalQuestion{"a": {question("q1")}}, "expected_tables is empty"},
		"six tables":      {map[string][]RetrievalQuestion{"a": {question("q1", "a", "b", "c", "d", "e", "f")}}, "at most 5"},
	} {
		_, err := readRetrievalSets(setup(t, tc.sets), false)
		require.ErrorContains(t, err, tc.msg, name)
		var setErr *RetrievalSetError
		require.ErrorAs(t, err, &setErr, name)
		var qErr *exam.QuestionError
		require.ErrorAs(t, err, &qErr, name)
		require.Equal(t, "q1", qErr.ID, name)
	}

	fsys := setup(t, map[string][]RetrievalQuestion{"a": {question("q1", "t")}})
	delete(fsys, "a/schema.sql")
	_, err = readRetrievalSets(fsys, false)
	var setErr *RetrievalSetError
	require.ErrorAs(t, err, &setErr)
	require.Equal(t, "a", setErr.Set)

	// Held-out sets keep every question of their benchmark, and say where
	// they came from.
	sixTables := map[string][]RetrievalQuestion{"h": {question("h1", "a", "b", "c", "d", "e", "f")}}
	_, err = readRetrievalSets(setup(t, sixTables), true)
	require.ErrorContains(t, err, "no SOURCE note")
	fsys = setup(t, sixTables)
	fsys["h/SOURCE"] = &fstest.MapFile{Data: []byte("made up")}
	got, err = readRetrievalSets(fsys, true)
	require.NoError(t, err)
	require.Len(t, got[0].Questions[0].ExpectedTables, 6)
	fsys = setup(t, map[string][]RetrievalQuestion{"h": {question("h1")}})
	fsys["h/SOURCE"] = &fstest.MapFile{Data: []byte("made up")}
	_, err = readRetrievalSets(fsys, true)
	require.ErrorContains(t, err, "expected_tables is empty", "a held-out question still needs a table to be scored")
}

func TestConnected(t *testing.T) {
	t.Parallel()
	edges := map[[2]string]bool{{"a", "b"}: true, {"b", "c"}: true, {"d", "e"}: true}
	require.True(t, connected([]string{"a"}, edges))
	require.True(t, connected([]string{"a", "b", "c"}, edges))
	require.False(t, connected([]string{"a", "c"}, edges), "the bridge b is not in the set")
	require.False(t, connected([]string{"a", "b", "d"}, edges))
}

func TestNamesTable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		question, table string
		want            bool
	}{
		{"Which support tickets are open?", "supportTickets", true},
		{"Which support requests are open?", "supportTickets", false},
		{"Show every kna1 row", "kna1", true},
		{"Which warehouse locations are empty?", "WHSE_LOC", false},
		{"List whse loc codes", "WHSE_LOC", true},
		{"How many CUST_MSTR rows?", "CUST_MSTR", true},
		// A plain word is how users speak; only identifiers are banned.
		{"Which patients are allergic?", "patients", false},
		{"Sales per region", "REGION", false},
		{"How many lab results came back high?", "lab_results", true},
		{"Which lab tests came back high?", "lab_results", false},
	} {
		require.Equal(t, tc.want, namesTable(tc.question, tc.table), "%q vs %s", tc.question, tc.table)
	}
}

// schemaTables lists the ordinary tables of schema.
func schemaTables(ctx context.Context, t *testing.T, pool *pgxpool.Pool, schema string) []string {
	t.Helper()
	rows, err := pool.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY c.relname`, schema)
	require.NoError(t, err)
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return names
}

func foreignKeyCount(ctx context.Context, t *testing.T, pool *pgxpool.Pool, schema string) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
		WHERE c.contype = 'f' AND n.nspname = $1`, schema).Scan(&n))
	return n
}

func tablesWithRows(ctx context.Context, t *testing.T, pool *pgxpool.Pool, schema string, tables []string) int {
	t.Helper()
	n := 0
	for _, name := range tables {
		var has bool
		require.NoError(t, pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM "+pgx.Identifier{schema, name}.Sanitize()+")").Scan(&has))
		if has {
			n++
		}
	}
	return n
}

// joinGraph returns the pairs of tables of schema that a join on key
// columns connects: a foreign key, or two columns holding the same key
// because their foreign keys lead to the same column, when one of them is
// in its table's primary key (makt.matnr and vbap.matnr both reference
// mara.matnr, and makt's key holds matnr; two tables that merely share a
// country code are not joined). Pairs hold both orders.
func joinGraph(ctx context.Context, t *testing.T, pool *pgxpool.Pool, schema string) map[[2]string]bool {
	t.Helper()
	type column struct{ table, name string }
	rows, err := pool.Query(ctx, `SELECT c.conrelid::regclass::text, a.attname, c.contype = 'p', c.confrelid::regclass::text, r.attname
		FROM pg_constraint c
		JOIN pg_namespace n ON n.oid = c.connamespace
		CROSS JOIN LATERAL unnest(c.conkey, coalesce(c.confkey, c.conkey)) AS k(col, refcol)
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
		LEFT JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = k.refcol
		WHERE c.contype IN ('f', 'p') AND n.nspname = $1`, schema)
	require.NoError(t, err)
	refs := map[column][]column{}
	inKey := map[column]bool{}
	edges := map[[2]string]bool{}
	var cols []column
	var table, col string
	var primary bool
	var refTable, refCol *string
	_, err = pgx.ForEachRow(rows, []any{&table, &col, &primary, &refTable, &refCol}, func() error {
		// regclass text is qualified and quoted outside the search path.
		from := column{unqualify(table), col}
		if primary {
			inKey[from] = true
			return nil
		}
		to := column{unqualify(*refTable), *refCol}
		refs[from] = append(refs[from], to)
		cols = append(cols, from, to)
		edges[[2]string{from.table, to.table}] = true
		edges[[2]string{to.table, from.table}] = true
		return nil
	})
	require.NoError(t, err)

	// origins are the columns a column's values finally come from.
	var origins func(c column, seen map[column]bool) []column
	origins = func(c column, seen map[column]bool) []column {
		if seen[c] {
			return nil
		}
		seen[c] = true
		if len(refs[c]) == 0 {
			return []column{c}
		}
		var out []column
		for _, r := range refs[c] {
			out = append(out, origins(r, seen)...)
		}
		return out
	}
	byOrigin := map[column][]column{}
	for _, c := range cols {
		for _, o := range origins(c, map[column]bool{}) {
			byOrigin[o] = append(byOrigin[o], c)
		}
	}
	for _, same := range byOrigin {
		for _, a := range same {
			for _, b := range same {
				if a.table != b.table && (inKey[a] || inKey[b]) {
					edges[[2]string{a.table, b.table}] = true
				}
			}
		}
	}
	return edges
}

func unqualify(regclass string) string {
	name := regclass[strings.LastIndex(regclass, ".")+1:]
	return strings.ReplaceAll(strings.Trim(name, `"`), `""`, `"`)
}

// connected reports whether tables form one component using only edges
// between tables of the set: a correct query needs no table outside it.
func connected(tables []string, edges map[[2]string]bool) bool {
	reached := map[string]bool{tables[0]: true}
	for grew := true; grew; {
		grew = false
		for _, a := range tables {
			for _, b := range tables {
				if reached[a] && !reached[b] && (edges[[2]string{a, b}] || edges[[2]string{b, a}]) {
					reached[b], grew = true, true
				}
			}
		}
	}
	return len(reached) == len(tables)
}

// goldTables returns the tables of schema the plan of q's gold SQL scans,
// sorted: the planner has resolved every name, view and CTE by then.
func goldTables(ctx context.Context, t *testing.T, pool *pgxpool.Pool, schema string, q RetrievalQuestion) []string {
	t.Helper()
	tx, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	// Gold SQL is unqualified, as it runs with the search path of the
	// registered database.
	_, err = tx.Exec(ctx, "SET LOCAL search_path TO "+pgx.Identifier{schema}.Sanitize())
	require.NoError(t, err)
	var plan []byte
	require.NoError(t, tx.QueryRow(ctx, "EXPLAIN (VERBOSE, FORMAT JSON) "+q.GoldSQL).Scan(&plan), "%s: gold SQL", q.ID)
	// Running it too catches what only execution reports (casts, division).
	_, err = tx.Exec(ctx, q.GoldSQL)
	require.NoError(t, err, "%s: gold SQL runs", q.ID)
	var root any
	require.NoError(t, json.Unmarshal(plan, &root))
	var names []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if rel, ok := v["Relation Name"].(string); ok && v["Schema"] == schema {
				names = append(names, rel)
			}
			for _, child := range v {
				walk(child)
			}
		case []any:
			for _, child := range v {
				walk(child)
			}
		}
	}
	walk(root)
	slices.Sort(names)
	return slices.Compact(names)
}

var identifierBoundary = regexp.MustCompile(`([a-z0-9])([A-Z])`)

// namesTable reports whether question spells out the identifier table,
// whole or split into its words ("support tickets" for supportTickets,
// "whse loc" for WHSE_LOC). A name of one word such as "patients" or
// "REGION" is how anyone would ask, so it does not count.
func namesTable(question, table string) bool {
	words := strings.Fields(strings.ToLower(strings.ReplaceAll(identifierBoundary.ReplaceAllString(table, "$1 $2"), "_", " ")))
	if len(words) == 1 && strings.Trim(words[0], "abcdefghijklmnopqrstuvwxyz") == "" {
		return false
	}
	q := " " + strings.Join(strings.FieldsFunc(strings.ToLower(question), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}), " ") + " "
	return strings.Contains(q, " "+strings.ToLower(table)+" ") || strings.Contains(q, " "+strings.Join(words, " ")+" ")
}
