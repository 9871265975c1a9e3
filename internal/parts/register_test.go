package parts

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// TestRegisterLatin1Database: a target database encoded in LATIN1 is
// registered and indexed with its names and values as written. pgx asks
// for no client_encoding, so a connection left at the database's own would
// read "Größe" as LATIN1 bytes, which the catalog cannot store, and its
// values could not be sampled.
func TestRegisterLatin1Database(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	meta := dbtest.NewDB(t)
	tgt := dbtest.NewEncodedDB(t, "LATIN1")
	for _, stmt := range []string{
		`CREATE TABLE public."Größe" ("Straße" text, stadt text)`,
		`COMMENT ON TABLE public."Größe" IS 'Maße und Gewichte'`,
		`INSERT INTO public."Größe" VALUES ('Hauptstraße', 'München'), ('Ringstraße', 'Köln'), ('Hauptstraße', 'Köln')`,
	} {
		_, err := tgt.Pool.Exec(ctx, stmt)
		require.NoError(t, err)
	}

	res, err := RefreshDatabase(ctx, meta.Pool, catalog.Database{Name: "lat", DSN: tgt.URL, Schemas: []string{"public"}}, nil, nil)
	require.NoError(t, err)
	tab := res.Snapshot.Table("public", "Größe")
	require.NotNil(t, tab, "tables: %v", res.Snapshot.Tables)
	require.Equal(t, "Maße und Gewichte", tab.Comment)
	require.NotNil(t, tab.Column("Straße"))

	st, err := IndexDatabase(ctx, meta.Pool, res.Snapshot, IndexOptions{})
	require.NoError(t, err)
	require.Zero(t, st.Values.Failed, "no table failed: %v", st.Values.Errors)
	require.Equal(t, 1, st.Values.TablesSampled)

	rows, err := meta.Pool.Query(ctx, `SELECT column_name || '=' || value FROM rag.index_docs
		WHERE database_name = 'lat' AND kind = 'value' ORDER BY 1`)
	require.NoError(t, err)
	var values []string
	for rows.Next() {
		var v string
		require.NoError(t, rows.Scan(&v))
		values = append(values, v)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"Straße=Hauptstraße", "Straße=Ringstraße", "stadt=Köln", "stadt=München"}, values)
}
