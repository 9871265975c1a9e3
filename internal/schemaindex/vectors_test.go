package schemaindex_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// pgvectorAvailable reports whether the server can create the vector
// extension: the tests of the pgvector path skip where it cannot (CI).
func pgvectorAvailable(t *testing.T, db *dbtest.DB) bool {
	t.Helper()
	var ok bool
	require.NoError(t, db.Pool.QueryRow(context.Background(),
		"SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')").Scan(&ok))
	return ok
}

// pgvectorIndex is setup's database with an index built on pgvector, and
// the build's stats; the test is skipped where pgvector is not installed.
func pgvectorIndex(t *testing.T) (context.Context, *dbtest.DB, func(t *testing.T, src schemaindex.Source) *schemaindex.Stats, *schemaindex.Stats) {
	t.Helper()
	ctx, db, build := setup(t)
	if !pgvectorAvailable(t, db) {
		t.Skip("pgvector is not available here")
	}
	st := build(t, schemaindex.Source{Embedder: &counting{}, EmbedModel: "fake-embed"})
	require.Equal(t, schemaindex.VectorsPgvector, st.Vectors, st.VectorsReason)
	return ctx, db, build, st
}

// TestConcurrentVectorBuilds: a build that stores vectors while another
// build of the same service database is between rag.enable_vectors and
// rag.store_vectors waits for it instead of deadlocking with it
// (enable_vectors' CREATE INDEX IF NOT EXISTS holds a SHARE lock on
// rag.index_vectors to commit, store_vectors needs ROW EXCLUSIVE).
func TestConcurrentVectorBuilds(t *testing.T) {
	t.Parallel()
	ctx, db, _, st := pgvectorIndex(t)

	// The other build, of another database, paused after enabling.
	other, err := db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer other.Rollback(ctx) //nolint:errcheck
	_, err = other.Exec(ctx, "SELECT only_row FROM rag.vector_setup_turn FOR UPDATE")
	require.NoError(t, err)
	_, err = other.Exec(ctx, "SELECT rag.enable_vectors($1)", dims)
	require.NoError(t, err)

	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "crm", DSN: "env:CRM_DSN", Schemas: []string{"crm"}}, nil)
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Embedder: &counting{}, EmbedModel: "fake-embed"}, schemaindex.Config{})
		done <- err
	}()
	require.Eventually(t, func() bool {
		var waiting bool
		require.NoError(t, db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid())`).Scan(&waiting))
		return waiting
	}, 10*time.Second, 10*time.Millisecond, "the build waits for the other one")

	// The other build goes on: stores and commits.
	_, err = other.Exec(ctx, "SELECT rag.store_vectors('crm')")
	require.NoError(t, err, "no deadlock")
	require.NoError(t, other.Commit(ctx))
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("the build did not finish")
	}
	var n int
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT count(*) FROM rag.index_vectors WHERE database_name = 'crm'").Scan(&n))
	require.Equal(t, st.Tables+st.Columns, n)
}

// TestClientCannotHoldUpVectorBuilds: no role without the service's
// privileges can make a build that stores vectors wait. Builds took turns
// on a fixed advisory lock, which any role that may connect can take: a
// client holding it in its session held `nl2sql index`, `db add` and the
// catalog check up for as long as it liked (migration 00043).
func TestClientCannotHoldUpVectorBuilds(t *testing.T) {
	t.Parallel()
	ctx, db, _ := setup(t)
	client := db.PoolAs(t, db.NewRole(t, "client"))
	conn, err := client.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	// The key the builds took (schemaindex.vectorsLockKey, "nl2sqlv"),
	// held for the session's life.
	_, err = conn.Exec(ctx, "SELECT pg_advisory_lock(31081211379149942)")
	require.NoError(t, err)
	tx, err := conn.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = tx.Exec(ctx, "SELECT only_row FROM rag.vector_setup_turn FOR UPDATE")
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr, "the turn is the owner's")
	require.Equal(t, "42501", pgErr.Code, "the turn is the owner's: %v", err)

	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "crm", DSN: "env:CRM_DSN", Schemas: []string{"crm"}}, nil)
	require.NoError(t, err)
	bctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	st, err := schemaindex.Build(bctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Embedder: &counting{}, EmbedModel: "fake-embed"}, schemaindex.Config{})
	require.NoError(t, err, "the build does not wait for the client")
	require.NotEqual(t, schemaindex.VectorsNone, st.Vectors, "the build stored vectors: it took the turn")
}

// TestVectorLargeTopK: a top K above 500 (NL2SQL_RAG_TABLE_TOP_K,
// NL2SQL_RAG_COLUMN_TOP_K) is searched through pgvector and ranks as the
// exact path does: rag.search_vectors set hnsw.ef_search to twice k, above
// the 1000 pgvector accepts, and failed on every connection that had
// loaded pgvector before (00031 clamps it).
func TestVectorLargeTopK(t *testing.T) {
	t.Parallel()
	ctx, db, _, st := pgvectorIndex(t)
	// One connection, as a pool's: one that has not loaded pgvector yet
	// only warns about the value and searches with pgvector's default.
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	// Through pgvector however small the index (VectorExactMax).
	cfg := schemaindex.Config{}.WithDefaults()
	cfg.VectorExactMax = 0
	s, err := schemaindex.NewSearcher(conn, cfg)
	require.NoError(t, err)
	q := ollamatest.Embedding("customer account balance", dims)
	_, err = schemaindex.VectorPgvector(ctx, s, "crm", q, top)
	require.NoError(t, err)

	large := schemaindex.TopK{Tables: 501, Columns: 1200, Values: 1}
	hnsw, err := schemaindex.VectorPgvector(ctx, s, "crm", q, large)
	require.NoError(t, err)
	require.Len(t, hnsw.Tables, st.Tables)
	require.Len(t, hnsw.Columns, st.Columns)
	exact, err := schemaindex.VectorExact(ctx, s, "crm", q, large)
	require.NoError(t, err)
	require.Equal(t, names(related(exact.Tables)), names(related(hnsw.Tables)))
	require.Equal(t, names(related(exact.Columns)), names(related(hnsw.Columns)))

	// What Searcher.Vector returns for it.
	h, err := s.Vector(ctx, "crm", q, large)
	require.NoError(t, err)
	require.Equal(t, names(related(hnsw.Columns)), names(related(h.Columns)))
}

// pgvectorSearcher is a Searcher that searches every index built with
// pgvector through it, however small.
func pgvectorSearcher(t *testing.T, db *dbtest.DB) *schemaindex.Searcher {
	t.Helper()
	cfg := schemaindex.Config{}.WithDefaults()
	cfg.VectorExactMax = 0
	s, err := schemaindex.NewSearcher(db.Pool, cfg)
	require.NoError(t, err)
	return s
}

// TestVectorSmallIndexRanksExactly: an index built with pgvector whose
// embeddings hold at most Config.VectorExactMax numbers ranks as an index
// without pgvector does: the exact path's hits, in its order, with its
// scores. Through rag.search_vectors it ranked equal similarities by
// another order, rounded the scores otherwise and, on larger schemas,
// missed hits the exact path finds (docs/DESIGN.md, pgvector). Past the
// limit the search goes through pgvector, whose failure then says so.
func TestVectorSmallIndexRanksExactly(t *testing.T) {
	t.Parallel()
	ctx, db, _, st := pgvectorIndex(t)
	s := searcher(t, db)
	all := schemaindex.TopK{Tables: st.Tables, Columns: st.Columns}
	for _, question := range []string{"customer account balance", "open tickets of enterprise customers", "quantity ordered by region"} {
		q := ollamatest.Embedding(question, dims)
		for _, k := range []schemaindex.TopK{top, all} {
			exact, err := schemaindex.VectorExact(ctx, s, "crm", q, k)
			require.NoError(t, err)
			h, err := s.Vector(ctx, "crm", q, k)
			require.NoError(t, err)
			require.Equal(t, exact, h, question)
		}
	}

	// The limit: at crm's size exact, one number less through pgvector
	// (which fails once the extension is dropped, and says so).
	_, err := db.Pool.Exec(ctx, "DROP EXTENSION vector CASCADE")
	require.NoError(t, err)
	numbers := (st.Tables + st.Columns) * dims
	for _, limit := range []int{numbers, numbers - 1} {
		cfg := schemaindex.Config{VectorExactMax: limit}
		s, err := schemaindex.NewSearcher(db.Pool, cfg)
		require.NoError(t, err)
		h, err := s.Vector(ctx, "crm", ollamatest.Embedding("customer account balance", dims), top)
		require.NoError(t, err)
		if limit == numbers {
			require.Empty(t, h.VectorsReason)
		} else {
			require.Contains(t, h.VectorsReason, "pgvector could not search the index")
		}
	}
}

// TestVectorsReason: a build that ranks its embeddings by exact cosine says
// why: no pgvector on the server, or pgvector refusing the embeddings
// (more than the 2000 dimensions its HNSW index takes), which the index
// used to report as "pgvector is not installed" where it was.
func TestVectorsReason(t *testing.T) {
	t.Parallel()
	_, db, build := setup(t)
	st := build(t, schemaindex.Source{Embedder: &counting{}, EmbedModel: "fake-embed"})
	if !pgvectorAvailable(t, db) {
		require.Equal(t, schemaindex.VectorsArray, st.Vectors)
		require.Equal(t, "pgvector is not installed on the PostgreSQL server", st.VectorsReason)
		return
	}
	require.Equal(t, schemaindex.VectorsPgvector, st.Vectors)
	require.Empty(t, st.VectorsReason)

	st = build(t, schemaindex.Source{Embedder: &counting{dims: 2001}, EmbedModel: "big-embed"})
	require.Equal(t, schemaindex.VectorsArray, st.Vectors)
	require.Contains(t, st.VectorsReason, "pgvector could not be set up for 2001 dimensions")
	require.Contains(t, st.VectorsReason, "2000 dimensions")
}

// TestRebuildAfterDropExtension: DROP EXTENSION vector CASCADE drops
// rag.index_vectors' embedding column and its HNSW indexes and leaves the
// table. A rebuild with the extension back (rag.enable_vectors creates it
// where the server has it) sets the table up again and stores the
// embeddings of every index built with pgvector, not only its own; before
// 00032 rag.enable_vectors found the table, failed on its index, and
// rag.store_vectors failed the build on the missing column.
func TestRebuildAfterDropExtension(t *testing.T) {
	t.Parallel()
	ctx, db, build, _ := pgvectorIndex(t)
	// A second index built with pgvector, of the same schema.
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "crm2", DSN: "env:CRM_DSN", Schemas: []string{"crm"}}, nil)
	require.NoError(t, err)
	st2, err := schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Embedder: &counting{}, EmbedModel: "fake-embed"}, schemaindex.Config{})
	require.NoError(t, err)
	require.Equal(t, schemaindex.VectorsPgvector, st2.Vectors, st2.VectorsReason)

	_, err = db.Pool.Exec(ctx, "DROP EXTENSION vector CASCADE")
	require.NoError(t, err)
	st := build(t, schemaindex.Source{Embedder: &counting{}, EmbedModel: "fake-embed"})
	require.Equal(t, schemaindex.VectorsPgvector, st.Vectors, st.VectorsReason)

	s := searcher(t, db)
	q := ollamatest.Embedding("customer account balance", dims)
	all := schemaindex.TopK{Tables: 100, Columns: 100}
	for _, database := range []string{"crm", "crm2"} {
		h, err := schemaindex.VectorPgvector(ctx, s, database, q, all)
		require.NoError(t, err, database)
		require.Len(t, h.Tables, st.Tables, database)
		require.Len(t, h.Columns, st.Columns, database)
	}
}

// TestVectorWithoutExtension: an index built with pgvector whose extension
// is gone (DROP EXTENSION vector CASCADE; created again, but the index not
// yet rebuilt) is searched by exact cosine, and the hits say why: the
// search failed, and retrieval fell back to lexical search.
func TestVectorWithoutExtension(t *testing.T) {
	t.Parallel()
	ctx, db, _, _ := pgvectorIndex(t)
	s := pgvectorSearcher(t, db)
	q := ollamatest.Embedding("customer account balance", dims)
	exact, err := schemaindex.VectorExact(ctx, s, "crm", q, top)
	require.NoError(t, err)
	h, err := s.Vector(ctx, "crm", q, top)
	require.NoError(t, err)
	require.Empty(t, h.VectorsReason)

	for _, step := range []struct{ sql, reason string }{
		{"DROP EXTENSION vector CASCADE", "the vector extension is not in this database"},
		{"CREATE EXTENSION vector", "rag.index_vectors lost its embeddings (DROP EXTENSION vector CASCADE)"},
	} {
		_, err := db.Pool.Exec(ctx, step.sql)
		require.NoError(t, err)
		h, err := s.Vector(ctx, "crm", q, top)
		require.NoError(t, err, step.sql)
		require.Equal(t, names(exact.Tables), names(h.Tables), step.sql)
		require.Equal(t, names(exact.Columns), names(h.Columns), step.sql)
		require.Contains(t, h.VectorsReason, step.reason, step.sql)
		require.Contains(t, h.VectorsReason, "embeddings ranked by exact cosine; nl2sql index --db crm sets pgvector up again", step.sql)
	}
}
