package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// generatedSQL creates n tables of ten columns in schema bench, each but
// the first referencing its "parent", with a CHECK list and comments: one
// script a batch of 200 tables, since one transaction creating thousands
// exhausts the server's lock table.
func generatedSQL(n int) []string {
	var (
		out []string
		b   strings.Builder
	)
	b.WriteString("CREATE SCHEMA bench;\n")
	for i := range n {
		if i > 0 && i%200 == 0 {
			out = append(out, b.String())
			b.Reset()
		}
		fmt.Fprintf(&b, `CREATE TABLE bench.t%04d (
	id bigint PRIMARY KEY,
	parent_id bigint%s,
	name text NOT NULL,
	status text NOT NULL CHECK (status IN ('new', 'open', 'closed')),
	amount numeric(12,2),
	created_at timestamptz NOT NULL DEFAULT now(),
	code varchar(20),
	active boolean,
	note text,
	qty integer
);
COMMENT ON TABLE bench.t%04d IS 'Generated table %d';
COMMENT ON COLUMN bench.t%04d.amount IS 'Amount in EUR';
`, i, parentRef(i), i, i, i)
	}
	return append(out, b.String())
}

func parentRef(i int) string {
	if i == 0 {
		return ""
	}
	return fmt.Sprintf(" REFERENCES bench.t%04d", i/2)
}

// generatedSnapshot is the Snapshot generatedSQL's schema introspects to,
// built without a database.
func generatedSnapshot(database string, n int) *catalog.Snapshot {
	s := &catalog.Snapshot{Database: database, Schemas: []string{"bench"}}
	for i := range n {
		name := fmt.Sprintf("t%04d", i)
		s.Tables = append(s.Tables, &catalog.Table{
			Schema: "bench", Name: name, Kind: catalog.KindTable, Comment: fmt.Sprintf("Generated table %d", i),
			EstimatedRows: -1, PrimaryKey: []string{"id"},
			Columns: []catalog.Column{
				{Name: "id", Type: "bigint", NotNull: true, PrimaryKey: true},
				{Name: "parent_id", Type: "bigint"},
				{Name: "name", Type: "text", NotNull: true},
				{Name: "status", Type: "text", NotNull: true, AllowedValues: []string{"new", "open", "closed"}},
				{Name: "amount", Type: "numeric(12,2)", Comment: "Amount in EUR"},
				{Name: "created_at", Type: "timestamp with time zone", NotNull: true},
				{Name: "code", Type: "character varying(20)"},
				{Name: "active", Type: "boolean"},
				{Name: "note", Type: "text"},
				{Name: "qty", Type: "integer"},
			},
		})
		if i > 0 {
			s.ForeignKeys = append(s.ForeignKeys, catalog.ForeignKey{
				Name: name + "_parent_id_fkey", Schema: "bench", Table: name, Columns: []string{"parent_id"},
				RefSchema: "bench", RefTable: fmt.Sprintf("t%04d", i/2), RefColumns: []string{"id"},
			})
		}
	}
	return s
}

// BenchmarkIntrospect reads the generated schema's catalog, as a refresh
// and every catalog check do (the check under a statement timeout).
func BenchmarkIntrospect(b *testing.B) {
	for _, n := range []int{500, 2000} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			ctx := context.Background()
			db := dbtest.NewDB(b)
			for _, script := range generatedSQL(n) {
				_, err := db.Pool.Exec(ctx, script)
				require.NoError(b, err)
			}

			for b.Loop() {
				s, err := catalog.Introspect(ctx, db.Pool, []string{"bench"})
				if err != nil || len(s.Tables) != n {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIntrospectDomains: the generated schema with a column of its own
// domain in every table, the catalog's constraints 1,000 domain CHECKs more.
func BenchmarkIntrospectDomains(b *testing.B) {
	const n = 1000
	ctx := context.Background()
	db := dbtest.NewDB(b)
	scripts := generatedSQL(n)
	for i := range n {
		scripts[i/200] += fmt.Sprintf(`CREATE DOMAIN bench.pct%04d AS numeric CHECK (VALUE BETWEEN 0 AND %d);
ALTER TABLE bench.t%04d ADD COLUMN share bench.pct%04d;
`, i, 100+i, i, i)
	}
	for _, script := range scripts {
		_, err := db.Pool.Exec(ctx, script)
		require.NoError(b, err)
	}

	for b.Loop() {
		s, err := catalog.Introspect(ctx, db.Pool, []string{"bench"})
		if err != nil || len(s.Tables) != n || len(s.Tables[n-1].Columns[10].Checks) != 1 {
			b.Fatal(err)
		}
	}
}

func BenchmarkStore(b *testing.B) {
	for _, n := range []int{500, 2000} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			db := dbtest.NewDB(b)
			register(b, db.Pool, "bench", "bench")
			snap := generatedSnapshot("bench", n)
			for b.Loop() {
				store(b, db.Pool, snap)
			}
		})
	}
}

func BenchmarkLoad(b *testing.B) {
	ctx := context.Background()
	db := dbtest.NewDB(b)
	register(b, db.Pool, "bench", "bench")
	store(b, db.Pool, generatedSnapshot("bench", 500))

	for b.Loop() {
		if _, err := catalog.Load(ctx, db.Pool, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCacheGet is the per-question cost of the catalog: a version
// check against an unchanged catalog.
func BenchmarkCacheGet(b *testing.B) {
	ctx := context.Background()
	db := dbtest.NewDB(b)
	register(b, db.Pool, "bench", "bench")
	store(b, db.Pool, generatedSnapshot("bench", 500))
	cache := catalog.NewCache(db.Pool)
	_, err := cache.Get(ctx, "bench")
	require.NoError(b, err)

	for b.Loop() {
		if _, err := cache.Get(ctx, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDerive is the once-per-snapshot cost of copies and inferred
// joins on 2,000 tables that declare no foreign keys: the generated tables
// with keys named for their tables (t0001_id), each referencing its parent
// by name, and every fourth with a _bak copy.
func BenchmarkDerive(b *testing.B) {
	gen := generatedSnapshot("bench", 2000)
	var tables []*catalog.Table
	for i, t := range gen.Tables {
		t := *t
		t.Columns = append([]catalog.Column(nil), t.Columns...)
		t.Columns[0].Name = t.Name + "_id"
		t.PrimaryKey = []string{t.Columns[0].Name}
		if i > 0 {
			t.Columns[1].Name = fmt.Sprintf("t%04d_id", i/2)
		}
		tables = append(tables, &t)
		if i%4 == 0 {
			c := t
			c.Name += "_bak"
			c.PrimaryKey, c.Columns = nil, append([]catalog.Column(nil), t.Columns...)
			c.Columns[0].PrimaryKey = false
			tables = append(tables, &c)
		}
	}
	for b.Loop() {
		s := &catalog.Snapshot{Database: "bench", Schemas: []string{"bench"}, Tables: tables}
		if n := len(s.InferredForeignKeys()); n < 1999 {
			b.Fatalf("%d inferred", n)
		}
	}
}
