package catalog

import (
	"context"
	"sync"
	"time"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// Cache keeps the last loaded Snapshot of each database and reloads it only
// when rag.databases.catalog_version has moved, so a question costs one
// primary-key lookup instead of reading the whole catalog. It is safe for
// concurrent use; concurrent Gets of a stale database share one reload.
type Cache struct {
	db dbsqlc.DBTX
	q  *dbsqlc.Queries

	mu      sync.Mutex
	entries map[string]*cacheEntry
}

type cacheEntry struct {
	load sync.Mutex // held while loading: one Get reloads, the others wait for it
	snap *Snapshot  // guarded by Cache.mu
}

// NewCache returns a Cache reading through db, which must be safe for
// concurrent use (a *pgxpool.Pool).
func NewCache(db dbsqlc.DBTX) *Cache {
	return &Cache{db: db, q: dbsqlc.New(), entries: map[string]*cacheEntry{}}
}

// Get returns the current Snapshot of database. The Snapshot is shared with
// other callers and must not be modified. An unregistered database is an
// error wrapping ErrDatabaseNotFound.
func (c *Cache) Get(ctx context.Context, database string) (*Snapshot, error) {
	cur, err := c.q.GetCatalogVersion(ctx, c.db, database)
	if err != nil {
		c.Invalidate(database)
		return nil, notFound(database, err)
	}
	e, s := c.entry(database)
	if fresh(s, cur.CatalogVersion, cur.CreatedAt) {
		return s, nil
	}

	e.load.Lock()
	defer e.load.Unlock()
	// Another Get may have reloaded while this one waited.
	if _, s := c.entry(database); fresh(s, cur.CatalogVersion, cur.CreatedAt) {
		return s, nil
	}
	s, err = Load(ctx, c.db, database)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if e.snap == nil || !e.snap.registered.Equal(s.registered) || e.snap.Version < s.Version {
		e.snap = s
	}
	c.mu.Unlock()
	return s, nil
}

func (c *Cache) entry(database string) (*cacheEntry, *Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[database]
	if e == nil {
		e = &cacheEntry{}
		c.entries[database] = e
	}
	return e, e.snap
}

// fresh reports whether s is at least the version read from rag.databases
// (a newer one loaded by a concurrent Get is as good) of the same
// registration.
func fresh(s *Snapshot, version int64, registered time.Time) bool {
	return s != nil && s.registered.Equal(registered) && s.Version >= version
}

// Invalidate drops the cached Snapshot of database.
func (c *Cache) Invalidate(database string) {
	c.mu.Lock()
	delete(c.entries, database)
	c.mu.Unlock()
}
