package catalog_test

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

//go:embed testdata/shop.sql
var shopSQL string

// shopDB returns a database holding testdata/shop.sql.
func shopDB(t *testing.T) *dbtest.DB {
	t.Helper()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(context.Background(), shopSQL)
	require.NoError(t, err)
	return db
}

var ignoreUnexported = cmpopts.IgnoreUnexported(catalog.Snapshot{}, catalog.Table{})

// goldenSnapshot compares got with testdata/<name>/snapshot.json, or
// rewrites it with -update.
func goldenSnapshot(t *testing.T, name string, got *catalog.Snapshot) {
	t.Helper()
	path := filepath.Join("testdata", name, "snapshot.json")
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	var want catalog.Snapshot
	require.NoError(t, json.Unmarshal(b, &want))
	if diff := cmp.Diff(&want, got, ignoreUnexported); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

func TestIntrospect(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := shopDB(t)

	for _, tc := range []struct {
		name    string
		schemas []string
	}{
		{"shop", []string{"shop"}},
		// Search path order is kept; the cross-schema foreign key of
		// audit.changes is found.
		{"audit_shop", []string{"audit", "shop"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			snap, err := catalog.Introspect(ctx, db.Pool, tc.schemas)
			require.NoError(t, err)
			goldenSnapshot(t, tc.name, snap)
		})
	}

	t.Run("AllSchemas", func(t *testing.T) {
		t.Parallel()
		snap, err := catalog.Introspect(ctx, db.Pool, nil)
		require.NoError(t, err)
		// rag and river: the test database is also a service database.
		require.Equal(t, []string{"public", "audit", "rag", "river", "shop", "unrelated"}, snap.Schemas)
		require.NotNil(t, snap.Table("unrelated", "noise"))
		require.Nil(t, snap.Table("shop", "events_2024"), "partitions are not tables of their own")
		require.Nil(t, snap.Table("shop", "pg_stat_statements"), "extension objects are left out")
	})

	t.Run("Inheritance", func(t *testing.T) {
		t.Parallel()
		db := dbtest.NewDB(t)
		_, err := db.Pool.Exec(ctx, `
CREATE SCHEMA legacy;
CREATE SCHEMA outside;
-- Partitioned the old way: children that add no column.
CREATE TABLE legacy.measurements (taken_at date NOT NULL, value numeric);
CREATE TABLE legacy.measurements_2019_01 (CHECK (taken_at < '2019-02-01')) INHERITS (legacy.measurements);
CREATE TABLE legacy.measurements_2019_02 (taken_at date NOT NULL) INHERITS (legacy.measurements);
-- A subtype: a child with columns of its own.
CREATE TABLE legacy.cities (name text, population int);
CREATE TABLE legacy.capitals (state text) INHERITS (legacy.cities);
-- A child of a table outside the registered schemas.
CREATE TABLE outside.base (id int);
CREATE TABLE legacy.derived () INHERITS (outside.base);
-- A key of a left-out child: no join to a table the catalog has not.
ALTER TABLE legacy.measurements_2019_01 ADD PRIMARY KEY (taken_at);
CREATE TABLE legacy.readings (taken_at date REFERENCES legacy.measurements_2019_01);`)
		require.NoError(t, err)
		snap, err := catalog.Introspect(ctx, db.Pool, []string{"legacy"})
		require.NoError(t, err)
		var names []string
		for _, tb := range snap.Tables {
			names = append(names, tb.Name)
		}
		require.Equal(t, []string{"capitals", "cities", "derived", "measurements", "readings"}, names,
			"children that add no column are partitions in all but name; a subtype, or the child of a table left out, stays")
		require.Len(t, snap.Table("legacy", "capitals").Columns, 3)
		require.Empty(t, snap.ForeignKeys)
	})

	t.Run("NotValidCheck", func(t *testing.T) {
		t.Parallel()
		db := dbtest.NewDB(t)
		// Rows written before a NOT VALID constraint may break it: 'old'
		// is no allowed value of status, and 'b' none of st after st_only_a.
		_, err := db.Pool.Exec(ctx, `
CREATE SCHEMA legacy;
CREATE DOMAIN legacy.st AS text CHECK (VALUE IN ('a', 'b'));
CREATE TABLE legacy.orders (id int PRIMARY KEY, status text, st legacy.st);
INSERT INTO legacy.orders VALUES (1, 'old', 'b');
ALTER TABLE legacy.orders ADD CONSTRAINT status_new CHECK (status IN ('new', 'paid')) NOT VALID;
ALTER DOMAIN legacy.st ADD CONSTRAINT st_only_a CHECK (VALUE = 'a') NOT VALID;`)
		require.NoError(t, err)
		snap, err := catalog.Introspect(ctx, db.Pool, []string{"legacy"})
		require.NoError(t, err)
		orders := snap.Table("legacy", "orders")
		require.Empty(t, orders.Column("status").AllowedValues, "a NOT VALID list is not what the rows hold")
		require.Equal(t, []string{"a", "b"}, orders.Column("st").AllowedValues, "the domain's valid list, not its NOT VALID one")

		_, err = db.Pool.Exec(ctx, `UPDATE legacy.orders SET status = 'paid', st = 'a';
ALTER TABLE legacy.orders VALIDATE CONSTRAINT status_new;
ALTER DOMAIN legacy.st VALIDATE CONSTRAINT st_only_a;`)
		require.NoError(t, err)
		snap, err = catalog.Introspect(ctx, db.Pool, []string{"legacy"})
		require.NoError(t, err)
		orders = snap.Table("legacy", "orders")
		require.Equal(t, []string{"new", "paid"}, orders.Column("status").AllowedValues, "validated, it is")
		require.Equal(t, []string{"a"}, orders.Column("st").AllowedValues)
	})

	t.Run("SeveralCheckLists", func(t *testing.T) {
		t.Parallel()
		db := dbtest.NewDB(t)
		// Every list holds: a column holds what all of them allow,
		// whichever PostgreSQL lists last.
		_, err := db.Pool.Exec(ctx, `
CREATE SCHEMA lists;
CREATE TYPE lists.mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN lists.code AS text CONSTRAINT a_narrow CHECK (VALUE IN ('b', 'c')) CONSTRAINT b_wide CHECK (VALUE IN ('a', 'b', 'c'));
CREATE DOMAIN lists.code_b AS lists.code CHECK (VALUE IN ('b', 'x'));
CREATE TABLE lists.t (
    domain_two lists.code,
    domain_over_domain lists.code_b,
    domain_and_table lists.code CONSTRAINT z_table CHECK (domain_and_table IN ('c', 'd')),
    two_tables text CONSTRAINT a_two CHECK (two_tables IN ('p', 'q')) CONSTRAINT b_two CHECK (two_tables IN ('q', 'r')),
    enum_and_table lists.mood CHECK (enum_and_table IN ('happy', 'ok')),
    only_null lists.code CHECK (only_null IN ('z')) CHECK (only_null IN ('a')));`)
		require.NoError(t, err)
		snap, err := catalog.Introspect(ctx, db.Pool, []string{"lists"})
		require.NoError(t, err)
		got := map[string][]string{}
		for _, c := range snap.Table("lists", "t").Columns {
			got[c.Name] = c.AllowedValues
		}
		require.Equal(t, map[string][]string{
			"domain_two":         {"b", "c"},
			"domain_over_domain": {"b"},
			"domain_and_table":   {"c"},
			"two_tables":         {"q"},
			"enum_and_table":     {"happy", "ok"},
			"only_null":          nil,
		}, got)
	})

	t.Run("MissingSchema", func(t *testing.T) {
		t.Parallel()
		_, err := catalog.Introspect(ctx, db.Pool, []string{"shop", "nope", "gone"})
		var missing *catalog.SchemaNotFoundError
		require.True(t, errors.As(err, &missing), "got %v", err)
		require.Equal(t, []string{"nope", "gone"}, missing.Missing)
		require.EqualError(t, err, `catalog: schemas "nope", "gone" not found in the database (its schemas: audit, public, rag, river, shop, unrelated)`)

		_, err = catalog.Introspect(ctx, db.Pool, []string{"Shop"})
		require.ErrorContains(t, err, `schema names are case-sensitive: did you mean "shop"?`)

		// Written as in SQL, or as a list: what was meant is said.
		_, err = catalog.Introspect(ctx, db.Pool, []string{`"shop"`})
		require.ErrorContains(t, err, `without SQL's double quotes: did you mean "shop"?`)
		_, err = catalog.Introspect(ctx, db.Pool, []string{"shop, audit"})
		require.ErrorContains(t, err, `"shop, audit" is one name: give each schema on its own ("shop", "audit")`)
	})

	t.Run("SystemSchema", func(t *testing.T) {
		t.Parallel()
		_, err := catalog.Introspect(ctx, db.Pool, []string{"pg_catalog"})
		require.ErrorContains(t, err, `schema "pg_catalog" is a PostgreSQL system schema`)
	})
}

// register adds database name to db's registry.
func register(t testing.TB, pool *pgxpool.Pool, name string, schemas ...string) {
	t.Helper()
	_, err := catalog.Register(context.Background(), pool, catalog.Database{Name: name, DSN: "env:" + name + "_DSN", Schemas: schemas})
	require.NoError(t, err)
}

func store(t testing.TB, pool *pgxpool.Pool, snap *catalog.Snapshot) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return catalog.Store(ctx, tx, snap) }))
}

func TestStoreLoad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := shopDB(t)
	register(t, db.Pool, "shop", "shop")

	snap, err := catalog.Introspect(ctx, db.Pool, []string{"shop"})
	require.NoError(t, err)
	snap.Database = "shop"
	a, err := catalog.ParseAnnotations([]byte(`{"tables": [{"table": "customers", "module": "Sales", "gloss": "Buyers",
		"synonyms": ["clients", "buyers"], "columns": {"full_name": "Name as printed on invoices"}}]}`))
	require.NoError(t, err)
	require.NoError(t, snap.Annotate(a))

	before, err := catalog.GetDatabase(ctx, db.Pool, "shop")
	require.NoError(t, err)
	require.Zero(t, before.CatalogVersion)
	require.Nil(t, before.RefreshedAt)

	store(t, db.Pool, snap)
	loaded, err := catalog.Load(ctx, db.Pool, "shop")
	require.NoError(t, err)
	require.Equal(t, int64(1), loaded.Version)
	snap.Version = 1 // all that Load adds
	if diff := cmp.Diff(snap, loaded, ignoreUnexported); diff != "" {
		t.Fatalf("Load after Store (-want +got):\n%s", diff)
	}
	stock := loaded.Table("shop", "stock")
	require.Equal(t, []string{"product_id", "warehouse"}, stock.PrimaryKey, "key order, not column order")
	require.Equal(t, "warehouse", stock.Columns[0].Name)
	require.True(t, stock.Column("warehouse").PrimaryKey)
	require.False(t, stock.Column("quantity").PrimaryKey)
	require.True(t, loaded.Table("shop", "customers").Named(), "full_name, made once at load")
	require.False(t, stock.Named())
	d, err := catalog.GetDatabase(ctx, db.Pool, "shop")
	require.NoError(t, err)
	require.Equal(t, len(snap.Tables), d.TableCount)
	require.NotNil(t, d.RefreshedAt)

	t.Run("RefreshReplaces", func(t *testing.T) {
		_, err := db.Pool.Exec(ctx, `DROP VIEW shop.customer_totals; DROP TABLE shop.shipments;
			ALTER TABLE shop.products ADD COLUMN weight_kg real; COMMENT ON TABLE shop.products IS 'What we sell.'`)
		require.NoError(t, err)
		again, err := catalog.Introspect(ctx, db.Pool, []string{"shop"})
		require.NoError(t, err)
		again.Database = "shop"
		store(t, db.Pool, again)

		loaded, err := catalog.Load(ctx, db.Pool, "shop")
		require.NoError(t, err)
		require.Equal(t, int64(2), loaded.Version)
		require.Nil(t, loaded.Table("shop", "shipments"))
		require.Nil(t, loaded.Table("shop", "customer_totals"))
		require.Equal(t, "What we sell.", loaded.Table("shop", "products").Comment)
		require.NotNil(t, loaded.Table("shop", "products").Column("weight_kg"))
		require.Empty(t, loaded.Table("shop", "customers").Gloss, "a refresh stores what it is given")

		var tables, columns, fks int
		require.NoError(t, db.Pool.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM rag.tables WHERE database_name = 'shop'),
			(SELECT count(*) FROM rag.columns WHERE database_name = 'shop'),
			(SELECT count(*) FROM rag.foreign_keys WHERE database_name = 'shop')`).Scan(&tables, &columns, &fks))
		require.Equal(t, len(snap.Tables)-2, tables)
		require.Equal(t, len(again.ForeignKeys), fks)
		require.Equal(t, len(snap.ForeignKeys)-1, fks, "the shipments foreign key went with its table")
		n := 0
		for _, tb := range again.Tables {
			n += len(tb.Columns)
		}
		require.Equal(t, n, columns)
		d, err := catalog.GetDatabase(ctx, db.Pool, "shop")
		require.NoError(t, err)
		require.Equal(t, tables, d.TableCount)
	})

	t.Run("OtherDatabaseUntouched", func(t *testing.T) {
		register(t, db.Pool, "other", "shop")
		other := &catalog.Snapshot{Database: "other", Schemas: []string{"shop"}, Tables: []*catalog.Table{
			{Schema: "shop", Name: "x", Kind: catalog.KindTable, EstimatedRows: -1, Columns: []catalog.Column{{Name: "id", Type: "integer"}}},
		}}
		store(t, db.Pool, other)
		loaded, err := catalog.Load(ctx, db.Pool, "shop")
		require.NoError(t, err)
		require.NotNil(t, loaded.Table("shop", "products"))
		o, err := catalog.Load(ctx, db.Pool, "other")
		require.NoError(t, err)
		require.Len(t, o.Tables, 1)
	})
}

func TestStoreErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := dbtest.TestTx(t)

	err := catalog.Store(ctx, tx, &catalog.Snapshot{Database: "unregistered"})
	require.ErrorIs(t, err, catalog.ErrDatabaseNotFound)

	err = catalog.Store(ctx, tx, &catalog.Snapshot{})
	require.ErrorContains(t, err, "no Database name")

	_, err = catalog.Register(ctx, tx, catalog.Database{Name: "bad", DSN: "host=db"})
	require.NoError(t, err)
	tbl := func(name string) *catalog.Table {
		return &catalog.Table{Schema: "public", Name: name, Kind: catalog.KindTable, Columns: []catalog.Column{{Name: "id", Type: "int"}}}
	}
	for _, tc := range []struct {
		snap *catalog.Snapshot
		want string
	}{
		{&catalog.Snapshot{Tables: []*catalog.Table{tbl("a"), tbl("a")}}, "public.a appears twice"},
		{&catalog.Snapshot{Tables: []*catalog.Table{{Schema: "public", Name: "a", Kind: "index"}}}, `unknown kind "index"`},
		{&catalog.Snapshot{Tables: []*catalog.Table{{
			Schema: "public", Name: "a", Kind: catalog.KindTable,
			Columns: []catalog.Column{{Name: "id"}, {Name: "id"}},
		}}}, "column public.a.id appears twice"},
		{&catalog.Snapshot{Tables: []*catalog.Table{tbl("a")}, ForeignKeys: []catalog.ForeignKey{{
			Name: "fk", Schema: "public", Table: "b",
			Columns: []string{"id"}, RefSchema: "public", RefTable: "a", RefColumns: []string{"id"},
		}}}, "belongs to public.b, which is not in the snapshot"},
		{&catalog.Snapshot{Tables: []*catalog.Table{tbl("a")}, ForeignKeys: []catalog.ForeignKey{{
			Name: "fk", Schema: "public", Table: "a",
			Columns: []string{"id"}, RefSchema: "public", RefTable: "a",
		}}}, "has 1 columns referencing 0"},
		{&catalog.Snapshot{Tables: []*catalog.Table{tbl("a")}, ForeignKeys: []catalog.ForeignKey{{
			Name: "inferred:a.id", Schema: "public", Table: "a",
			Columns: []string{"id"}, RefSchema: "public", RefTable: "a", RefColumns: []string{"id"}, Inferred: true,
		}}}, "is inferred, not declared"},
		{&catalog.Snapshot{Tables: []*catalog.Table{{
			Schema: "public", Name: "a", Kind: catalog.KindTable, PrimaryKey: []string{"nope"},
			Columns: []catalog.Column{{Name: "id"}},
		}}}, "primary key (nope) of public.a does not list distinct columns"},
		{&catalog.Snapshot{Tables: []*catalog.Table{{
			Schema: "public", Name: "a", Kind: catalog.KindTable, PrimaryKey: []string{"id", "id"},
			Columns: []catalog.Column{{Name: "id", PrimaryKey: true}},
		}}}, "primary key (id, id) of public.a does not list distinct columns"},
		{&catalog.Snapshot{Tables: []*catalog.Table{{
			Schema: "public", Name: "a", Kind: catalog.KindTable,
			Columns: []catalog.Column{{Name: "id", PrimaryKey: true}},
		}}}, "column public.a.id disagrees with the table's primary key ()"},
		{&catalog.Snapshot{Tables: []*catalog.Table{{
			Schema: "public", Name: "a", Kind: catalog.KindTable, PrimaryKey: []string{"id"},
			Columns: []catalog.Column{{Name: "id"}},
		}}}, "column public.a.id disagrees with the table's primary key (id)"},
	} {
		tc.snap.Database = "bad"
		require.ErrorContains(t, catalog.Store(ctx, tx, tc.snap), tc.want)
	}
}

func TestLoad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := dbtest.TestTx(t)

	_, err := catalog.Load(ctx, tx, "nope")
	require.ErrorIs(t, err, catalog.ErrDatabaseNotFound)

	_, err = catalog.Register(ctx, tx, catalog.Database{Name: "fresh", DSN: "env:FRESH", Schemas: []string{"erp", "public"}})
	require.NoError(t, err)
	s, err := catalog.Load(ctx, tx, "fresh")
	require.NoError(t, err)
	require.Equal(t, "fresh", s.Database)
	require.Equal(t, []string{"erp", "public"}, s.Schemas)
	require.Empty(t, s.Tables, "never refreshed")
	require.Zero(t, s.Version)
}

func TestCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	register(t, db.Pool, "erp", "public")
	snap := func(tables ...string) *catalog.Snapshot {
		s := &catalog.Snapshot{Database: "erp", Schemas: []string{"public"}}
		for _, name := range tables {
			s.Tables = append(s.Tables, &catalog.Table{
				Schema: "public", Name: name, Kind: catalog.KindTable,
				Columns: []catalog.Column{{Name: "id", Type: "integer"}},
			})
		}
		return s
	}
	store(t, db.Pool, snap("a"))
	cache := catalog.NewCache(db.Pool)

	first, err := cache.Get(ctx, "erp")
	require.NoError(t, err)
	require.Equal(t, int64(1), first.Version)
	require.NotNil(t, first.Table("public", "a"))

	second, err := cache.Get(ctx, "erp")
	require.NoError(t, err)
	require.Same(t, first, second, "no reload while catalog_version is unchanged")

	store(t, db.Pool, snap("a", "b"))
	third, err := cache.Get(ctx, "erp")
	require.NoError(t, err)
	require.NotSame(t, first, third, "reloaded after a refresh")
	require.Equal(t, int64(2), third.Version)
	require.NotNil(t, third.Table("public", "b"))

	t.Run("Concurrent", func(t *testing.T) {
		store(t, db.Pool, snap("a", "b", "c"))
		var wg sync.WaitGroup
		got := make([]*catalog.Snapshot, 16)
		for i := range got {
			wg.Go(func() {
				s, err := cache.Get(ctx, "erp")
				if err == nil {
					got[i] = s
				}
			})
		}
		wg.Wait()
		require.NotNil(t, got[0])
		for _, s := range got {
			require.Same(t, got[0], s, "one reload shared by every Get")
		}
		require.Equal(t, int64(3), got[0].Version)
	})

	t.Run("SchemasChanged", func(t *testing.T) {
		before, err := cache.Get(ctx, "erp")
		require.NoError(t, err)
		register(t, db.Pool, "erp", "public", "extra")
		after, err := cache.Get(ctx, "erp")
		require.NoError(t, err)
		require.NotSame(t, before, after)
		require.Equal(t, []string{"public", "extra"}, after.Schemas)
	})

	t.Run("Reregistered", func(t *testing.T) {
		register(t, db.Pool, "temp", "public")
		s := snap("old")
		s.Database = "temp"
		store(t, db.Pool, s)
		old, err := cache.Get(ctx, "temp")
		require.NoError(t, err)

		_, err = db.Pool.Exec(ctx, "DELETE FROM rag.databases WHERE name = 'temp'")
		require.NoError(t, err)
		register(t, db.Pool, "temp", "public")
		s = snap("new")
		s.Database = "temp"
		store(t, db.Pool, s)
		cur, err := cache.Get(ctx, "temp")
		require.NoError(t, err)
		require.Equal(t, old.Version, cur.Version, "same version number, different registration")
		require.NotNil(t, cur.Table("public", "new"))
	})

	t.Run("Unregistered", func(t *testing.T) {
		_, err := cache.Get(ctx, "nope")
		require.ErrorIs(t, err, catalog.ErrDatabaseNotFound)
	})
}

func TestRegistry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tx := dbtest.TestTx(t)

	d, err := catalog.Register(ctx, tx, catalog.Database{Name: "erp", DSN: " host=db dbname=erp user=nl2sql "})
	require.NoError(t, err)
	require.Equal(t, "host=db dbname=erp user=nl2sql", d.DSN)
	require.Equal(t, []string{"public"}, d.Schemas, "default search path")
	require.Zero(t, d.CatalogVersion)

	_, err = catalog.Register(ctx, tx, catalog.Database{Name: "crm", DSN: "env:CRM_DSN", Schemas: []string{"crm", "public"}})
	require.NoError(t, err)

	got, err := catalog.GetDatabase(ctx, tx, "crm")
	require.NoError(t, err)
	require.Equal(t, "env:CRM_DSN", got.DSN)
	require.Equal(t, []string{"crm", "public"}, got.Schemas)
	require.False(t, got.CreatedAt.IsZero())

	// Same schemas: the catalog version stays; new schemas: it moves.
	d, err = catalog.Register(ctx, tx, catalog.Database{Name: "erp", DSN: "postgres://nl2sql@db2/erp"})
	require.NoError(t, err)
	require.Zero(t, d.CatalogVersion)
	require.Equal(t, "postgres://nl2sql@db2/erp", d.DSN)
	d, err = catalog.Register(ctx, tx, catalog.Database{Name: "erp", DSN: "postgres://nl2sql@db2/erp", Schemas: []string{"erp"}})
	require.NoError(t, err)
	require.Equal(t, int64(1), d.CatalogVersion)

	list, err := catalog.ListDatabases(ctx, tx)
	require.NoError(t, err)
	var names []string
	for _, d := range list {
		names = append(names, d.Name)
	}
	require.Equal(t, []string{"crm", "erp"}, names)

	_, err = catalog.GetDatabase(ctx, tx, "nope")
	require.ErrorIs(t, err, catalog.ErrDatabaseNotFound)
	require.ErrorContains(t, err, `"nope"`)

	for _, tc := range []struct {
		d    catalog.Database
		want string
	}{
		{catalog.Database{Name: "erp", DSN: "postgres://nl2sql:pw@db/erp"}, "contains a password"},
		{catalog.Database{Name: "erp", DSN: "host=db password=pw"}, "contains a password"},
		{catalog.Database{Name: "1erp", DSN: "host=db"}, "must start with a letter"},
		{catalog.Database{Name: "erp db", DSN: "host=db"}, "must start with a letter"},
		{catalog.Database{Name: "", DSN: "host=db"}, "must start with a letter"},
		{catalog.Database{Name: "erp", DSN: "host=db", Schemas: []string{"a", "a"}}, `schema "a" is listed twice`},
		{catalog.Database{Name: "erp", DSN: "host=db", Schemas: []string{"information_schema"}}, "system schema"},
		{catalog.Database{Name: "erp", DSN: "host=db", Schemas: []string{" "}}, "schema name is empty"},
	} {
		_, err := catalog.Register(ctx, tx, tc.d)
		require.ErrorContains(t, err, tc.want, "%+v", tc.d)
	}
	got, err = catalog.GetDatabase(ctx, tx, "erp")
	require.NoError(t, err)
	require.Equal(t, "postgres://nl2sql@db2/erp", got.DSN, "refused registrations change nothing")
}

// TestIntrospectTypes: a column of a domain carries the type the domain
// stands for (through a domain over a domain) and the domain's CHECK list
// or enum labels; one of a composite type carries its fields; all of it
// survives Store and Load, and a key column typed by a domain over an
// integer joins like an integer.
func TestIntrospectTypes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, `CREATE SCHEMA dw;
		CREATE DOMAIN dw."Flag" AS boolean NOT NULL;
		CREATE DOMAIN dw.name50 AS varchar(50);
		CREATE DOMAIN dw.short_name AS dw.name50 CHECK (length(VALUE) < 10);
		CREATE DOMAIN dw.status_t AS text CHECK (VALUE IN ('open', 'closed'));
		CREATE TYPE dw.mood AS ENUM ('sad', 'ok', 'happy');
		CREATE DOMAIN dw.mood_d AS dw.mood;
		CREATE TYPE dw.address AS (street text, "Post Code" varchar(10));
		CREATE DOMAIN dw.key_t AS bigint;
		CREATE TABLE dw.customer (customer_key dw.key_t PRIMARY KEY, online dw."Flag", nick dw.short_name,
			status dw.status_t, mood dw.mood_d, home dw.address, credit numeric(10,2));
		CREATE TABLE dw.sale (sale_key dw.key_t PRIMARY KEY, customer_key dw.key_t, amount numeric);`)
	require.NoError(t, err)
	register(t, db.Pool, "dw", "dw")
	snap, err := catalog.Introspect(ctx, db.Pool, []string{"dw"})
	require.NoError(t, err)
	snap.Database = "dw"

	check := func(t *testing.T, snap *catalog.Snapshot) {
		c := snap.Table("dw", "customer")
		require.NotNil(t, c)
		want := map[string]catalog.Column{
			"customer_key": {Name: "customer_key", Type: "dw.key_t", BaseType: "bigint", NotNull: true, PrimaryKey: true},
			"online":       {Name: "online", Type: `dw."Flag"`, BaseType: "boolean", NotNull: true},
			"nick": {
				Name: "nick", Type: "dw.short_name", BaseType: "character varying(50)",
				Checks: []string{"CHECK ((length((VALUE)::text) < 10))"},
			},
			"status": {Name: "status", Type: "dw.status_t", BaseType: "text", AllowedValues: []string{"open", "closed"}},
			"mood":   {Name: "mood", Type: "dw.mood_d", BaseType: "dw.mood", AllowedValues: []string{"sad", "ok", "happy"}},
			"home":   {Name: "home", Type: "dw.address", Fields: []string{"street text", `"Post Code" character varying(10)`}},
			"credit": {Name: "credit", Type: "numeric(10,2)"},
		}
		for name, w := range want {
			if diff := cmp.Diff(w, *c.Column(name)); diff != "" {
				t.Errorf("column %s (-want +got):\n%s", name, diff)
			}
		}
		var joined bool
		for _, fk := range snap.JoinsFrom(snap.Table("dw", "sale")) {
			joined = joined || (fk.Inferred && fk.RefTable == "customer")
		}
		require.True(t, joined, "sale.customer_key (a domain over bigint) joins customer")
	}
	t.Run("Introspect", func(t *testing.T) { check(t, snap) })
	t.Run("StoreLoad", func(t *testing.T) {
		store(t, db.Pool, snap)
		loaded, err := catalog.Load(ctx, db.Pool, "dw")
		require.NoError(t, err)
		check(t, loaded)
	})
}

// TestIntrospectChecks: the CHECK constraints that are no list of values (a
// table's over one column or several, a domain's, through domains over
// domains) are kept as PostgreSQL prints them, for the schema text to show;
// lists the allowed values say whole, NOT VALID ones, and those over a
// column the reader may not read are not, and a line break in a literal
// stays escaped in one line. They round-trip through Store and Load.
func TestIntrospectChecks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, `CREATE SCHEMA ev;
		CREATE DOMAIN ev.code AS char(3) CHECK (VALUE ~ '^[A-Z]{3}$');
		CREATE DOMAIN ev.amount AS numeric(12,2) CONSTRAINT amount_positive CHECK (VALUE > 0);
		CREATE DOMAIN ev.small_amount AS ev.amount CONSTRAINT small CHECK (VALUE < 1000) CONSTRAINT listed CHECK (VALUE IN (1, 2, 500));
		CREATE TABLE ev.events (
			id int PRIMARY KEY,
			currency ev.code,
			fee ev.small_amount,
			starts_at timestamptz NOT NULL,
			ends_at timestamptz NOT NULL,
			status text CHECK (status IN ('draft', 'live')),
			seats int CHECK (seats IS NULL OR seats IN (10, 20)),
			kind text,
			capacity int,
			note text,
			secret int,
			CONSTRAINT ends_after_start CHECK (ends_at > starts_at),
			CONSTRAINT kind_and_capacity CHECK (kind IN ('talk', 'workshop') AND capacity >= 0),
			CONSTRAINT note_line CHECK (note <> E'a\nb'),
			CONSTRAINT secret_small CHECK (secret < 10),
			CONSTRAINT twice CHECK (ends_at > starts_at));
		INSERT INTO ev.events (id, starts_at, ends_at, capacity) VALUES (1, now(), now() + interval '1 hour', 5000);
		ALTER TABLE ev.events ADD CONSTRAINT capacity_bounded CHECK (capacity < 1000) NOT VALID;
		ALTER DOMAIN ev.code ADD CONSTRAINT code_not_xxx CHECK (VALUE <> 'XXX') NOT VALID;`)
	require.NoError(t, err)
	register(t, db.Pool, "ev", "ev")

	check := func(t *testing.T, snap *catalog.Snapshot) {
		t.Helper()
		events := snap.Table("ev", "events")
		require.Equal(t, []string{
			"CHECK ((ends_at > starts_at))",
			"CHECK (((kind = ANY (ARRAY['talk'::text, 'workshop'::text])) AND (capacity >= 0)))",
			`CHECK ((note <> E'a\nb'::text))`,
			"CHECK ((secret < 10))",
		}, events.Checks, "by name, once; not the lists, not the NOT VALID one")
		require.Equal(t, []string{"CHECK ((VALUE ~ '^[A-Z]{3}$'::text))"}, events.Column("currency").Checks,
			"not the domain's NOT VALID one")
		require.Equal(t, []string{"CHECK ((VALUE > (0)::numeric))", "CHECK (((VALUE)::numeric < (1000)::numeric))"},
			events.Column("fee").Checks, "the domains' below it too, not their list")
		require.Equal(t, []string{"1", "2", "500"}, events.Column("fee").AllowedValues)
		require.Empty(t, events.Column("status").Checks)
		require.Equal(t, []string{"talk", "workshop"}, events.Column("kind").AllowedValues)
	}
	snap, err := catalog.Introspect(ctx, db.Pool, []string{"ev"})
	require.NoError(t, err)
	snap.Database = "ev"
	t.Run("Introspect", func(t *testing.T) { check(t, snap) })
	t.Run("StoreLoad", func(t *testing.T) {
		store(t, db.Pool, snap)
		loaded, err := catalog.Load(ctx, db.Pool, "ev")
		require.NoError(t, err)
		check(t, loaded)
		require.Equal(t, snap.Fingerprint(), loaded.Fingerprint())
	})
	t.Run("UnreadableColumn", func(t *testing.T) {
		role := db.NewRole(t, "reader")
		_, err := db.Pool.Exec(ctx, fmt.Sprintf(`GRANT USAGE ON SCHEMA ev TO %[1]s;
			GRANT SELECT (id, starts_at, ends_at, kind, capacity, note) ON ev.events TO %[1]s`, pgx.Identifier{role}.Sanitize()))
		require.NoError(t, err)
		snap, _, err := catalog.IntrospectAs(ctx, db.Pool, []string{"ev"}, role)
		require.NoError(t, err)
		require.Nil(t, snap.Table("ev", "events").Column("secret"))
		require.NotContains(t, snap.Table("ev", "events").Checks, "CHECK ((secret < 10))", "it names a column the reader may not read")
		require.Len(t, snap.Table("ev", "events").Checks, 3)
	})
}
