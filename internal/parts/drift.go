package parts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/stage"
)

// catalogChecker implements stage.CatalogChecker over Parts: the catalog
// check refreshes and indexes as `nl2sql db add` does, with the service's
// environment, model and index configuration.
type catalogChecker struct {
	p *Parts
	// defaultRole is NL2SQL_READ_ONLY_ROLE: the role questions run as on a
	// database registered without one, which introspection reads as.
	defaultRole string
	// bound is how long a statement of the check waits for its target
	// (answerBound): a target that stopped answering would otherwise hold
	// the check, and its DB worker, until the job's timeout.
	bound answerBound

	// embedAsked and embedAnswers remember whether the embedding model
	// answered, for embedMemo: a check of many databases asks it once,
	// not once each (a server that does not answer takes its time out).
	mu           sync.Mutex
	embedAsked   time.Time
	embedAnswers bool
	// unembedded is, by database, when a rebuild for embeddings (the model
	// answering) still ended with none: the model lists itself but does
	// not embed the schema (a document longer than its context, ...).
	unembedded map[string]time.Time
}

// embedMemo is how long the embedding model's answer stands.
const embedMemo = time.Minute

// embedRetry is how long after a rebuild for embeddings that got none the
// check tries again: each try rebuilds the whole index, its values sampled
// anew from the target, which every check (and every question that finds
// the catalog stale) would otherwise repeat for nothing.
const embedRetry = time.Hour

// triedEmbedding reports whether a rebuild of database's index for its
// embeddings got none less than embedRetry ago.
func (c *catalogChecker) triedEmbedding(database string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	at, ok := c.unembedded[database]
	return ok && c.p.cfg.Clock().Sub(at) < embedRetry
}

// embedded records how a rebuild of database's index for its embeddings
// ended: with them, or (ok false) without.
func (c *catalogChecker) embedded(database string, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ok {
		delete(c.unembedded, database)
		return
	}
	if c.unembedded == nil {
		c.unembedded = map[string]time.Time{}
	}
	c.unembedded[database] = c.p.cfg.Clock()
}

// embeddingModelAnswers reports whether the embedding model answers now.
func (c *catalogChecker) embeddingModelAnswers(ctx context.Context) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := c.p.cfg.Clock(); now.Sub(c.embedAsked) >= embedMemo {
		e, _, _ := Embedder(ctx, c.p.llm)
		c.embedAsked, c.embedAnswers = now, e != nil
	}
	return c.embedAnswers
}

// Databases implements stage.CatalogChecker.
func (c *catalogChecker) Databases(ctx context.Context) ([]string, error) {
	dbs, err := catalog.ListDatabases(ctx, c.p.meta)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(dbs))
	for i, d := range dbs {
		names[i] = d.Name
	}
	return names, nil
}

// CheckCatalog implements stage.CatalogChecker: it introspects the
// database as a refresh does and compares the schema's fingerprint with
// the one the last refresh stored.
//
// A database refreshed before fingerprints were stored has none: its
// stored catalog is then compared with the schema instead, and when they
// match the fingerprint is recorded without a refresh. Refreshing every
// such database once would be correct too, but costs each a new catalog
// version, a re-check of its examples and an index rebuild with its
// embeddings, all at once after an upgrade; recording the fingerprint
// blindly would be cheap but would take a schema that had already drifted
// for current, and never refresh it. A catalog that differs only by an
// annotation that filled a column comment is refreshed once, harmlessly.
func (c *catalogChecker) CheckCatalog(ctx context.Context, name string) (*stage.CatalogCheck, error) {
	p := c.p
	d, err := catalog.GetDatabase(ctx, p.meta, name)
	if err != nil {
		return nil, err
	}
	d.DefaultRole = c.defaultRole
	conn, err := connectTarget(ctx, d, p.cfg.Getenv, &c.bound)
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	snap, _, err := catalog.IntrospectAs(ctx, conn, d.Schemas, cmp.Or(d.ReadOnlyRole, c.defaultRole))
	if err != nil {
		return nil, targetError(name, conn, fmt.Errorf("catalog check %q: %w", name, err))
	}
	fingerprint := snap.Fingerprint()
	out := &stage.CatalogCheck{CatalogVersion: d.CatalogVersion, Tables: d.TableCount}

	changed := fingerprint != d.Fingerprint
	if changed && d.Fingerprint == "" {
		stored, err := catalog.Load(ctx, p.meta, name)
		if err != nil {
			return nil, err
		}
		if stored.Version == d.CatalogVersion && stored.Fingerprint() == fingerprint {
			if out.Adopted, err = catalog.AdoptFingerprint(ctx, p.meta, name, d.CatalogVersion, fingerprint); err != nil {
				return nil, err
			}
			changed = false
		}
	}

	var index *catalog.Snapshot
	if changed {
		res, err := catalog.RefreshRegistered(ctx, p.meta, conn, d)
		if errors.Is(err, catalog.ErrRegistrationChanged) {
			// A db add refreshed (and indexed) it meanwhile; the next
			// check compares with what that stored.
			return out, nil
		}
		if err != nil {
			return nil, targetError(name, conn, err)
		}
		out.Refreshed, out.CatalogVersion, out.Tables, out.Columns = true, res.Database.CatalogVersion, res.Tables, res.Columns
		index = res.Snapshot
	} else if index, out.IndexReason, err = c.staleIndex(ctx, d); err != nil {
		return nil, err
	}
	if index == nil {
		return out, nil
	}
	o := IndexOptions{Target: conn, DefaultRole: c.defaultRole, Getenv: p.cfg.Getenv, Index: p.cfg.Index, NoModelReason: "no model client"}
	if p.llm != nil {
		o.Model = p.llm
	}
	st, err := IndexDatabase(ctx, p.meta, index, o)
	if err != nil {
		out.IndexError = err.Error()
	} else {
		out.Indexed = true
		if out.IndexReason == reasonEmbeddings {
			c.embedded(name, st.Vectors != schemaindex.VectorsNone)
		}
	}
	return out, nil
}

// targetError is err, or an infra_failure saying database did not answer
// when a statement on conn waited the check's bound (boundedConn).
func targetError(database string, conn *pgx.Conn, err error) error {
	var na *noAnswerError
	if !errors.As(err, &na) {
		na = metBound(conn)
	}
	if na != nil {
		return &errclass.Error{
			Class: errclass.InfraFailure, Code: "target.no_answer",
			Message: fmt.Sprintf("database %q %s: the server or the network to it is not responding", database, na), Err: err,
		}
	}
	return schemaError(err)
}

// reasonEmbeddings is staleIndex's reason for an index built without
// embeddings.
const reasonEmbeddings = "built without embeddings, and the embedding model answers now"

// staleIndex is d's catalog, and why, when its schema index wants a
// rebuild without a refresh: it was built from an older catalog (the
// rebuild after a refresh failed), or without embeddings while the
// embedding model now answers. A build whose model was unreachable keeps
// no embedding (schemaindex: a half-embedded index would rank half the
// schema out of vector search), and without this the index stayed
// lexical until the schema next changed, however long ago the model came
// back. A rebuild for embeddings that got none is not tried again for
// embedRetry. Else nil. A database never indexed is left alone: indexing is db
// add's and nl2sql index's to start.
func (c *catalogChecker) staleIndex(ctx context.Context, d *catalog.Database) (*catalog.Snapshot, string, error) {
	state, err := dbsqlc.New().GetSchemaIndexState(ctx, c.p.meta, d.Name)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("catalog check %q: read the schema index: %w", d.Name, err)
	}
	reason := ""
	switch {
	case state.CatalogVersion < d.CatalogVersion:
		reason = "built from an older catalog"
	case state.Vectors == schemaindex.VectorsNone && c.p.llm != nil && !c.triedEmbedding(d.Name) && c.embeddingModelAnswers(ctx):
		reason = reasonEmbeddings
	}
	if reason == "" {
		return nil, "", nil
	}
	snap, err := catalog.Load(ctx, c.p.meta, d.Name)
	return snap, reason, err
}
