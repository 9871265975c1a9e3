package worker_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/jobs"
	"github.com/nl2sql/nl2sql/worker"
)

// lockedBuffer collects the service's logs for a test to read.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

type catalogCheckBundle struct {
	*env
	svc  *worker.Service
	logs *lockedBuffer
}

// catalogStamp is what a refresh and an index build change: the catalog's
// version and the index's build time and version.
type catalogStamp struct {
	Version      int64
	IndexBuilt   time.Time
	IndexVersion int64
}

// setupCatalogCheck is setup with shop indexed as db add indexes it, and a
// service (not started: the test runs the check) whose logs it keeps.
func setupCatalogCheck(t *testing.T) *catalogCheckBundle {
	t.Helper()
	e := setup(t)
	ctx := context.Background()
	snap, err := catalog.Load(ctx, e.db.Pool, "shop")
	require.NoError(t, err)
	_, err = parts.IndexDatabase(ctx, e.db.Pool, snap, parts.IndexOptions{Model: e.llm})
	require.NoError(t, err)
	logs := &lockedBuffer{}
	e.cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	svc, err := worker.New(e.db.Pool, e.deps, e.cfg)
	require.NoError(t, err)
	return &catalogCheckBundle{env: e, svc: svc, logs: logs}
}

// serviceOn is a service like b's (not started) whose model server is at
// host: the check's view of an embedding model that differs from setup's.
func (b *catalogCheckBundle) serviceOn(t *testing.T, host string) *worker.Service {
	t.Helper()
	client, err := llm.New(llm.Config{Host: host, Model: model, RequestTimeout: 20 * time.Second})
	require.NoError(t, err)
	t.Cleanup(client.Close)
	p, err := parts.New(b.db.Pool, client, parts.Config{})
	require.NoError(t, err)
	targets, err := target.New(target.Config{})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	svc, err := worker.New(b.db.Pool, p.Deps(targets), b.cfg)
	require.NoError(t, err)
	return svc
}

func (b *catalogCheckBundle) stamp(t *testing.T) catalogStamp {
	t.Helper()
	var s catalogStamp
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `
		SELECT d.catalog_version, i.built_at, i.catalog_version
		FROM rag.databases d JOIN rag.schema_indexes i ON i.database_name = d.name WHERE d.name = 'shop'`).
		Scan(&s.Version, &s.IndexBuilt, &s.IndexVersion))
	return s
}

// indexed reports whether shop's schema index has a document for the
// column.
func (b *catalogCheckBundle) indexed(t *testing.T, table, column string) bool {
	t.Helper()
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `
		SELECT count(*) FROM rag.index_docs
		WHERE database_name = 'shop' AND kind = 'column' AND table_name = $1 AND column_name = $2`, table, column).Scan(&n))
	return n > 0
}

// TestCatalogCheck: a check of an unchanged schema changes nothing — not
// the catalog's version, not the index; after a column is added on the
// target, the check refreshes the catalog (a new version, the column in
// it), rebuilds the index (the column in it) and logs which database
// changed and its new version; the next check finds nothing to do.
func TestCatalogCheck(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	before := b.stamp(t)

	require.NoError(t, b.svc.CheckCatalogs(ctx))
	require.Equal(t, before, b.stamp(t), "an unchanged schema is neither refreshed nor re-indexed")

	_, err := b.db.Pool.Exec(ctx, `ALTER TABLE shop.customers ADD COLUMN loyalty_tier text`)
	require.NoError(t, err)
	require.False(t, b.indexed(t, "customers", "loyalty_tier"))
	require.NoError(t, b.svc.CheckCatalogs(ctx))
	after := b.stamp(t)
	require.Equal(t, before.Version+1, after.Version)
	require.Equal(t, after.Version, after.IndexVersion, "the index is rebuilt from the new catalog")
	snap, err := catalog.Load(ctx, b.db.Pool, "shop")
	require.NoError(t, err)
	require.NotNil(t, snap.Table("shop", "customers").Column("loyalty_tier"))
	require.True(t, b.indexed(t, "customers", "loyalty_tier"))
	require.Contains(t, b.logs.String(), "level=INFO msg=\"the schema of database shop changed: catalog refreshed to version 2\"")
	require.Contains(t, b.logs.String(), "database=shop catalog_version=2")

	require.NoError(t, b.svc.CheckCatalogs(ctx))
	require.Equal(t, after, b.stamp(t), "refreshed once")
}

// TestCatalogCheckUnreachableDatabase: a database whose target cannot be
// reached fails its own check, logged and returned, and the databases
// after it are checked all the same.
func TestCatalogCheckUnreachableDatabase(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	// "away" sorts before "shop": it is checked first.
	_, err := catalog.Register(ctx, b.db.Pool, catalog.Database{Name: "away", DSN: "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=2"})
	require.NoError(t, err)
	before := b.stamp(t)

	_, err = b.db.Pool.Exec(ctx, `ALTER TABLE shop.orders ADD COLUMN shipped_at timestamptz`)
	require.NoError(t, err)
	err = b.svc.CheckCatalogs(ctx)
	require.ErrorContains(t, err, `database "away"`)
	require.NotContains(t, err.Error(), `"shop"`)
	require.Contains(t, b.logs.String(), "level=WARN msg=\"catalog check failed; the catalog stays as it is until the next check\" database=away")

	after := b.stamp(t)
	require.Equal(t, before.Version+1, after.Version, "shop was checked after away failed")
	require.True(t, b.indexed(t, "orders", "shipped_at"))
}

// TestCatalogCheckFirstFingerprint: a database refreshed before
// fingerprints were stored has none. When its catalog matches its schema,
// the first check records the fingerprint and refreshes nothing; when the
// schema had already changed, the first check refreshes it.
func TestCatalogCheckFirstFingerprint(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	forget := func() {
		t.Helper()
		_, err := b.db.Pool.Exec(ctx, `UPDATE rag.databases SET catalog_fingerprint = NULL WHERE name = 'shop'`)
		require.NoError(t, err)
	}
	fingerprint := func() string {
		t.Helper()
		d, err := catalog.GetDatabase(ctx, b.db.Pool, "shop")
		require.NoError(t, err)
		return d.Fingerprint
	}
	want := fingerprint()
	require.NotEmpty(t, want)
	before := b.stamp(t)

	forget()
	require.NoError(t, b.svc.CheckCatalogs(ctx))
	require.Equal(t, want, fingerprint(), "recorded")
	require.Equal(t, before, b.stamp(t), "without a refresh")

	forget()
	_, err := b.db.Pool.Exec(ctx, `ALTER TABLE shop.customers DROP COLUMN city`)
	require.NoError(t, err)
	require.NoError(t, b.svc.CheckCatalogs(ctx))
	require.Equal(t, before.Version+1, b.stamp(t).Version, "a schema that changed before the first check is refreshed")
	require.NotEqual(t, want, fingerprint())
	snap, err := catalog.Load(ctx, b.db.Pool, "shop")
	require.NoError(t, err)
	require.Nil(t, snap.Table("shop", "customers").Column("city"))
}

// TestCatalogCheckEnvDSN: a database registered with env:VAR is reached
// through the service's environment (parts.Config.Getenv), as db add
// reaches it.
func TestCatalogCheckEnvDSN(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	_, err := catalog.Refresh(ctx, b.db.Pool, b.db.Pool, catalog.Database{Name: "viaenv", DSN: "env:VIAENV_DSN", Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	p, err := parts.New(b.db.Pool, nil, parts.Config{Getenv: func(k string) string {
		if k == "VIAENV_DSN" {
			return b.db.URL
		}
		return ""
	}})
	require.NoError(t, err)
	targets, err := target.New(target.Config{})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	svc, err := worker.New(b.db.Pool, p.Deps(targets), b.cfg)
	require.NoError(t, err)

	_, err = b.db.Pool.Exec(ctx, `ALTER TABLE shop.customers ADD COLUMN email text`)
	require.NoError(t, err)
	require.NoError(t, svc.CheckCatalogs(ctx))
	snap, err := catalog.Load(ctx, b.db.Pool, "viaenv")
	require.NoError(t, err)
	require.Equal(t, int64(2), snap.Version)
	require.NotNil(t, snap.Table("shop", "customers").Column("email"))
}

// TestStaleCatalogIsCheckedAtOnce: when the database says a column the
// catalog holds does not exist, the validate stage asks for a check of
// that database in its own transaction, and the catalog is refreshed now
// rather than at the next periodic check.
func TestStaleCatalogIsCheckedAtOnce(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	before := b.stamp(t)
	_, err := b.db.Pool.Exec(ctx, `ALTER TABLE shop.customers DROP COLUMN city`)
	require.NoError(t, err)
	b.ollama.Answer(ollamatest.Contains("per city"), fence("SELECT city, count(*) AS customers FROM customers GROUP BY city"))
	b.cfg.MaxAttempts = 1
	b.start(t)

	id := b.askSQL(t, "How many customers per city?", "{}")
	require.Equal(t, "failed", query(t, b.db.Pool, id).Status, "the SQL reads a column that is gone")
	require.Eventually(t, func() bool { return b.stamp(t).Version == before.Version+1 }, 20*time.Second, 20*time.Millisecond,
		"the catalog is refreshed long before the periodic check (%s)", b.cfg.WithDefaults().CatalogCheckInterval)
	snap, err := catalog.Load(ctx, b.db.Pool, "shop")
	require.NoError(t, err)
	require.Nil(t, snap.Table("shop", "customers").Column("city"))
	require.Contains(t, b.logs.String(), `msg="the catalog is older than the database: it holds what the database says does not exist" database=shop`)
}

// TestStaleCatalogCheckOncePerMinute: however many questions find a
// database's catalog stale, one check of it is asked for a minute (one
// per database, the periodic check of all apart).
func TestStaleCatalogCheckOncePerMinute(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	client, err := river.NewClient(riverpgxv5.New(e.db.Pool), &river.Config{Schema: e.cfg.WithDefaults().Schema})
	require.NoError(t, err)
	insert := func(args jobs.CatalogCheckArgs, opts *river.InsertOpts) bool {
		t.Helper()
		res, err := client.Insert(ctx, args, opts)
		require.NoError(t, err)
		return res.UniqueSkippedAsDuplicate
	}
	require.False(t, insert(jobs.CatalogCheckArgs{Database: "shop"}, jobs.StaleCatalogCheckOpts()))
	require.True(t, insert(jobs.CatalogCheckArgs{Database: "shop"}, jobs.StaleCatalogCheckOpts()), "shop's check is asked for already")
	_, err = e.db.Pool.Exec(ctx, `UPDATE river.river_job SET state = 'completed', finalized_at = now() WHERE kind = 'nl2sql.catalog_check'`)
	require.NoError(t, err)
	require.True(t, insert(jobs.CatalogCheckArgs{Database: "shop"}, jobs.StaleCatalogCheckOpts()), "shop was checked within the minute")
	require.False(t, insert(jobs.CatalogCheckArgs{Database: "other"}, jobs.StaleCatalogCheckOpts()), "another database's check")
	require.False(t, insert(jobs.CatalogCheckArgs{}, nil), "the periodic check of all")
}

// TestCatalogCheckEmbedsWhenTheModelIsBack: an index built while the
// embedding model could not be reached holds no embeddings; the check
// leaves it so while the model is still missing, and rebuilds it, with
// embeddings, once the model answers, without a refresh; then it is left
// alone.
func TestCatalogCheckEmbedsWhenTheModelIsBack(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	vectors := func() string {
		t.Helper()
		var v string
		require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT vectors FROM rag.schema_indexes WHERE database_name = 'shop'`).Scan(&v))
		return v
	}
	require.NotEqual(t, "none", vectors(), "db add's index, with the model")
	snap, err := catalog.Load(ctx, b.db.Pool, "shop")
	require.NoError(t, err)
	_, err = parts.IndexDatabase(ctx, b.db.Pool, snap, parts.IndexOptions{NoModelReason: "the model server is down"})
	require.NoError(t, err)
	require.Equal(t, "none", vectors(), "rebuilt while the model was away")
	before := b.stamp(t)

	// A service whose model server serves no embedding model yet.
	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{Models: []string{model}, EmbedModels: []string{}}})
	away := b.serviceOn(t, srv.URL())
	require.NoError(t, away.CheckCatalogs(ctx))
	require.Equal(t, before, b.stamp(t), "the embedding model still missing: nothing to gain")

	// The setup's model server serves it.
	require.NoError(t, b.svc.CheckCatalogs(ctx))
	after := b.stamp(t)
	require.Equal(t, before.Version, after.Version, "no refresh")
	require.True(t, after.IndexBuilt.After(before.IndexBuilt), "rebuilt")
	require.NotEqual(t, "none", vectors())
	require.Contains(t, b.logs.String(), `msg="catalog check: rebuilt the schema index (built without embeddings, and the embedding model answers now)" database=shop`)

	require.NoError(t, b.svc.CheckCatalogs(ctx))
	require.Equal(t, after, b.stamp(t), "embedded once")
}

// TestCatalogCheckLeavesAnIndexItCouldNotEmbed: when the embedding model
// answers but cannot embed the schema (every /api/embed call fails: a
// document longer than its context, say), the check's rebuild still holds
// no embeddings. The next checks leave it alone instead of rebuilding the
// whole index, values sampled again, every time.
func TestCatalogCheckLeavesAnIndexItCouldNotEmbed(t *testing.T) {
	t.Parallel()
	b := setupCatalogCheck(t)
	ctx := context.Background()
	snap, err := catalog.Load(ctx, b.db.Pool, "shop")
	require.NoError(t, err)
	_, err = parts.IndexDatabase(ctx, b.db.Pool, snap, parts.IndexOptions{NoModelReason: "the model server is down"})
	require.NoError(t, err)

	// The model server lists the embedding model, but refuses to embed.
	u, err := url.Parse(b.ollama.URL())
	require.NoError(t, err)
	proxy := httputil.NewSingleHostReverseProxy(u)
	var embeds atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/embed" {
			embeds.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"error":"the input length exceeds the context length"}`))
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	svc := b.serviceOn(t, front.URL)

	before := b.stamp(t)
	require.NoError(t, svc.CheckCatalogs(ctx))
	tried := b.stamp(t)
	require.True(t, tried.IndexBuilt.After(before.IndexBuilt), "the model answers: the check tries to embed")
	require.Positive(t, embeds.Load())
	n := embeds.Load()
	for range 2 {
		require.NoError(t, svc.CheckCatalogs(ctx))
	}
	require.Equal(t, tried, b.stamp(t), "the index is not rebuilt at every check")
	require.Equal(t, n, embeds.Load())
}

// TestCatalogCheckOfATargetThatStopsAnswering: a check of a database whose
// target stops answering once connected (a network partition, a frozen
// host) fails at the target statement's bound, as a question's statement
// does, and frees its DB worker: before the bound it waited for the job's
// timeout (NL2SQL_CATALOG_CHECK_INTERVAL, 10m), and with every DB worker
// so held, the questions about healthy databases waited behind it.
func TestCatalogCheckOfATargetThatStopsAnswering(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	fr := dbtest.NewFreezer(t, e.db.URL)
	fr.FreezeAtReady()
	_, err := catalog.Register(ctx, e.db.Pool, catalog.Database{Name: "away", DSN: fr.DSN, Schemas: []string{"shop"}})
	require.NoError(t, err)
	targets, err := target.New(target.Config{StatementTimeout: 500 * time.Millisecond, ConnectTimeout: time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(e.db.Pool, e.llm, parts.Config{Index: schemaindex.Config{ValueTimeout: 500 * time.Millisecond}})
	require.NoError(t, err)
	e.deps = p.Deps(targets)
	logs := &lockedBuffer{}
	e.cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	e.cfg.DBWorkers = 1 // the check's, then the question's
	e.ollama.Answer(ollamatest.Contains("How many customers"), fence("SELECT count(*) FROM customers"))
	e.start(t)
	// Before the service stops: the check's connection, closed, sends a
	// cancel request that waits up to 15s on the frozen proxy.
	t.Cleanup(fr.Close)

	client, err := river.NewClient(riverpgxv5.New(e.db.Pool), &river.Config{Schema: e.cfg.WithDefaults().Schema})
	require.NoError(t, err)
	_, err = client.Insert(ctx, jobs.CatalogCheckArgs{Database: "away"}, jobs.StaleCatalogCheckOpts())
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		var running bool
		require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT FROM river.river_job WHERE kind = 'nl2sql.catalog_check' AND state = 'running')`).Scan(&running))
		return running
	}, 10*time.Second, 10*time.Millisecond)

	start := time.Now()
	id := e.askSQL(t, "How many customers are there?", "{}")
	require.Equal(t, "succeeded", query(t, e.db.Pool, id).Status)
	require.Less(t, time.Since(start), 10*time.Second, "the question waited for the check's bound, not its job's timeout")
	require.Contains(t, logs.String(), `level=WARN msg="catalog check failed; the catalog stays as it is until the next check" database=away class=infra_failure err="database \"away\" did not answer within 1.5s (the statement's timeout and 1s more): the server or the network to it is not responding"`)
}
