package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// TestFingerprint: the fingerprint moves with what the catalog shows of the
// schema and with nothing else — not row estimates, not annotations, not
// the order tables and keys were read in.
func TestFingerprint(t *testing.T) {
	t.Parallel()
	snap := func() *catalog.Snapshot {
		return &catalog.Snapshot{Database: "d", Schemas: []string{"shop"}, Tables: []*catalog.Table{
			{
				Schema: "shop", Name: "customers", Kind: catalog.KindTable, EstimatedRows: 10, PrimaryKey: []string{"id"},
				Columns: []catalog.Column{{Name: "id", Type: "integer", NotNull: true, PrimaryKey: true}, {Name: "name", Type: "text"}},
			},
			{
				Schema: "shop", Name: "orders", Kind: catalog.KindTable, EstimatedRows: 100,
				Columns: []catalog.Column{{Name: "customer_id", Type: "integer"}, {Name: "status", Type: "text", AllowedValues: []string{"open", "shipped"}}},
			},
		}, ForeignKeys: []catalog.ForeignKey{{
			Name: "orders_customer_id_fkey", Schema: "shop", Table: "orders", Columns: []string{"customer_id"},
			RefSchema: "shop", RefTable: "customers", RefColumns: []string{"id"},
		}}}
	}
	base := snap().Fingerprint()
	require.Len(t, base, 64)
	// What it was before CHECK constraints were hashed: a schema without
	// any is not refreshed for them, one with some is (migration 00033).
	require.Equal(t, "9a46449026e89ccdc29d68edeac488069856ad159320f586d85e5386e58fae91", base)

	same := map[string]func(s *catalog.Snapshot){
		"row estimates": func(s *catalog.Snapshot) { s.Tables[0].EstimatedRows = 12345 },
		"annotations": func(s *catalog.Snapshot) {
			s.Tables[0].Module, s.Tables[0].Gloss, s.Tables[0].Synonyms = "Sales", "Buyers", []string{"clients"}
		},
		"table order":       func(s *catalog.Snapshot) { s.Tables[0], s.Tables[1] = s.Tables[1], s.Tables[0] },
		"nil or empty keys": func(s *catalog.Snapshot) { s.Tables[1].PrimaryKey = []string{} },
		"database name":     func(s *catalog.Snapshot) { s.Database = "other" },
		"nil or empty checks": func(s *catalog.Snapshot) {
			s.Tables[0].Checks, s.Tables[0].Columns[0].Checks = []string{}, []string{}
		},
	}
	for name, change := range same {
		s := snap()
		change(s)
		require.Equal(t, base, s.Fingerprint(), name)
	}

	differs := map[string]func(s *catalog.Snapshot){
		"column added": func(s *catalog.Snapshot) {
			s.Tables[0].Columns = append(s.Tables[0].Columns, catalog.Column{Name: "city", Type: "text"})
		},
		"column renamed":     func(s *catalog.Snapshot) { s.Tables[0].Columns[1].Name = "full_name" },
		"column type":        func(s *catalog.Snapshot) { s.Tables[0].Columns[1].Type = "character varying(50)" },
		"base type":          func(s *catalog.Snapshot) { s.Tables[0].Columns[1].BaseType = "text" },
		"fields":             func(s *catalog.Snapshot) { s.Tables[0].Columns[1].Fields = []string{"first text"} },
		"nullability":        func(s *catalog.Snapshot) { s.Tables[0].Columns[1].NotNull = true },
		"column comment":     func(s *catalog.Snapshot) { s.Tables[0].Columns[1].Comment = "as printed" },
		"allowed values":     func(s *catalog.Snapshot) { s.Tables[1].Columns[1].AllowedValues = []string{"open"} },
		"column order":       func(s *catalog.Snapshot) { c := s.Tables[1].Columns; c[0], c[1] = c[1], c[0] },
		"table comment":      func(s *catalog.Snapshot) { s.Tables[0].Comment = "People who buy" },
		"kind":               func(s *catalog.Snapshot) { s.Tables[1].Kind = catalog.KindView },
		"table dropped":      func(s *catalog.Snapshot) { s.Tables = s.Tables[:1]; s.ForeignKeys = nil },
		"table renamed":      func(s *catalog.Snapshot) { s.Tables[1].Name = "purchases"; s.ForeignKeys[0].Table = "purchases" },
		"primary key":        func(s *catalog.Snapshot) { s.Tables[0].PrimaryKey = nil },
		"foreign key gone":   func(s *catalog.Snapshot) { s.ForeignKeys = nil },
		"foreign key column": func(s *catalog.Snapshot) { s.ForeignKeys[0].RefColumns = []string{"name"} },
		"search path":        func(s *catalog.Snapshot) { s.Schemas = []string{"shop", "public"} },
		"table check":        func(s *catalog.Snapshot) { s.Tables[0].Checks = []string{"CHECK ((id > 0))"} },
		"domain check":       func(s *catalog.Snapshot) { s.Tables[0].Columns[1].Checks = []string{"CHECK ((VALUE <> ''::text))"} },
	}
	for name, change := range differs {
		s := snap()
		change(s)
		require.NotEqual(t, base, s.Fingerprint(), name)
	}
}

// TestRefreshStoresFingerprint: a refresh stores the fingerprint of the
// schema as introspected, before annotations, so the catalog check finds
// an annotated database unchanged; the catalog read back has the same
// fingerprint when no annotation filled a comment. AdoptFingerprint records
// one only where none is stored and the catalog is at the version given.
func TestRefreshStoresFingerprint(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := shopDB(t)
	shop := catalog.Database{Name: "shop", DSN: "env:SHOP_DSN", Schemas: []string{"shop"}}

	fresh, err := catalog.Introspect(ctx, db.Pool, []string{"shop"})
	require.NoError(t, err)
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, shop, []byte(`{"tables": [{"table": "customers", "gloss": "Buyers", "columns": {"full_name": "Name as printed"}}]}`))
	require.NoError(t, err)
	require.Equal(t, fresh.Fingerprint(), res.Database.Fingerprint, "annotations are not part of it")
	stored, err := catalog.Load(ctx, db.Pool, "shop")
	require.NoError(t, err)
	require.NotEqual(t, res.Database.Fingerprint, stored.Fingerprint(), "an annotation filled a column's comment")

	res, err = catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "plain", DSN: "env:SHOP_DSN", Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	stored, err = catalog.Load(ctx, db.Pool, "plain")
	require.NoError(t, err)
	require.Equal(t, res.Database.Fingerprint, stored.Fingerprint(), "the catalog read back is the schema introspected")

	_, err = db.Pool.Exec(ctx, "UPDATE rag.databases SET catalog_fingerprint = NULL WHERE name = 'plain'")
	require.NoError(t, err)
	ok, err := catalog.AdoptFingerprint(ctx, db.Pool, "plain", res.Database.CatalogVersion-1, "x")
	require.NoError(t, err)
	require.False(t, ok, "a refresh came between")
	ok, err = catalog.AdoptFingerprint(ctx, db.Pool, "plain", res.Database.CatalogVersion, "y")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = catalog.AdoptFingerprint(ctx, db.Pool, "plain", res.Database.CatalogVersion, "z")
	require.NoError(t, err)
	require.False(t, ok, "one is stored")
	d, err := catalog.GetDatabase(ctx, db.Pool, "plain")
	require.NoError(t, err)
	require.Equal(t, "y", d.Fingerprint)
	require.Equal(t, res.Database.CatalogVersion, d.CatalogVersion, "adopting is no refresh")
}

// TestRefreshRegistered: the catalog check's refresh refreshes the
// registration it read, and stores nothing once a db add changed it.
func TestRefreshRegistered(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := shopDB(t)
	_, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "shop", DSN: "env:SHOP_DSN", Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	read, err := catalog.GetDatabase(ctx, db.Pool, "shop")
	require.NoError(t, err)

	_, err = db.Pool.Exec(ctx, `ALTER TABLE shop.customers ADD COLUMN phone text`)
	require.NoError(t, err)
	res, err := catalog.RefreshRegistered(ctx, db.Pool, db.Pool, read)
	require.NoError(t, err)
	require.Equal(t, read.CatalogVersion+1, res.Database.CatalogVersion)
	require.NotNil(t, res.Snapshot.Table("shop", "customers").Column("phone"))
	require.NotEqual(t, read.Fingerprint, res.Database.Fingerprint)

	// A db add with another DSN commits after the check read the
	// registration: the check's refresh must not put the old DSN back.
	_, err = catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "shop", DSN: "env:OTHER_DSN", Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	_, err = catalog.RefreshRegistered(ctx, db.Pool, db.Pool, res.Database)
	require.ErrorIs(t, err, catalog.ErrRegistrationChanged)
	d, err := catalog.GetDatabase(ctx, db.Pool, "shop")
	require.NoError(t, err)
	require.Equal(t, "env:OTHER_DSN", d.DSN)
}

// TestRefreshRegisteredBesideAnOpenQuestion: the catalog check's refresh
// does not wait for a transaction that asked a question about the
// database and stays open. Its lock on the registration was FOR UPDATE,
// which waits for the foreign key's FOR KEY SHARE of every question
// inserted and not yet committed: a client's psql left idle in a
// transaction after an INSERT held the refresh (and the checks of the
// databases after it in that run) until the check's timeout, every run,
// so a changed schema was never picked up.
func TestRefreshRegisteredBesideAnOpenQuestion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := shopDB(t)
	_, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "shop", DSN: "env:SHOP_DSN", Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	read, err := catalog.GetDatabase(ctx, db.Pool, "shop")
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, `ALTER TABLE shop.customers ADD COLUMN phone text`)
	require.NoError(t, err)

	asking, err := db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer asking.Rollback(ctx) //nolint:errcheck
	_, err = asking.Exec(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'How many customers?')")
	require.NoError(t, err)

	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	res, err := catalog.RefreshRegistered(rctx, db.Pool, db.Pool, read)
	require.NoError(t, err, "the refresh does not wait for the open question")
	require.NotNil(t, res.Snapshot.Table("shop", "customers").Column("phone"))
}
