package catalog

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// RefreshResult is what Refresh stored.
type RefreshResult struct {
	// Database is the registration after the refresh: its CatalogVersion,
	// TableCount and RefreshedAt are the new ones.
	Database *Database
	// Snapshot is the catalog as stored, annotations applied.
	Snapshot *Snapshot

	Tables      int
	Columns     int
	ForeignKeys int
	// AnnotatedTables is the number of tables an annotation matched.
	AnnotatedTables int
	// AnnotationsReused reports that no annotations file was given and the
	// stored one was applied.
	AnnotationsReused bool
	// Unreadable lists the tables left out because the role questions run
	// as may not SELECT them, or no role may yet (a materialized view not
	// populated), schema-qualified; nil when none.
	Unreadable []string
	// UnknownAnnotations lists annotations that matched no table or column;
	// nil when all matched. The refresh is stored regardless (and the file
	// kept, for a table that comes back): print it as a warning.
	UnknownAnnotations *UnknownAnnotationError
}

// Refresh registers d (or updates the registration of that name) and
// replaces its catalog with a fresh introspection of target, the database
// d.DSN resolves to, which the caller connects to (see ResolveDSN). It is
// the one entry point of `nl2sql db add`, for the first registration and
// every later refresh; d is the whole registration, so empty Schemas mean
// ["public"], as with Register.
//
// annotations is an annotations file (see ParseAnnotations): it is
// validated, stored in rag.databases.annotations and applied. When nil, the
// stored file, if any, is applied again, so a refresh does not lose what
// people annotated.
//
// Target is introspected before anything is written; the registration and
// the catalog are then written in one transaction on meta. A refresh that
// fails, in introspection or after, leaves the registration, the catalog
// and its version as they were, and a first registration that fails leaves
// no database behind.
func Refresh(ctx context.Context, meta *pgxpool.Pool, target dbsqlc.DBTX, d Database, annotations []byte) (*RefreshResult, error) {
	return refresh(ctx, meta, target, d, annotations, false)
}

// ErrRegistrationChanged is wrapped by RefreshRegistered's error when the
// registration it was given is no longer the stored one.
var ErrRegistrationChanged = errors.New("the registration changed meanwhile")

// RefreshRegistered is Refresh of the registration d, as GetDatabase
// returned it, with its stored annotations: the refresh of the catalog
// check, which finds the schema changed. A db add (or another check) that
// committed since d was read would be undone by it (its DSN, schemas or
// role put back, its catalog replaced by one of the old registration's), so
// then it stores nothing and returns an error wrapping
// ErrRegistrationChanged; the catalog is as fresh as that refresh left it.
func RefreshRegistered(ctx context.Context, meta *pgxpool.Pool, target dbsqlc.DBTX, d *Database) (*RefreshResult, error) {
	return refresh(ctx, meta, target, *d, nil, true)
}

// refresh is Refresh; with registered, d is a registration as read, which
// must still be the stored one.
func refresh(ctx context.Context, meta *pgxpool.Pool, target dbsqlc.DBTX, d Database, annotations []byte, registered bool) (*RefreshResult, error) {
	d = d.withDefaults()
	if err := d.validate(); err != nil {
		return nil, err
	}
	var given *Annotations
	if annotations != nil {
		var err error
		if given, err = ParseAnnotations(annotations); err != nil {
			return nil, err
		}
	}
	// Introspecting first keeps the row lock on rag.databases (and the
	// transaction) as short as the writes.
	snap, unreadable, err := IntrospectAs(ctx, target, d.Schemas, cmp.Or(d.ReadOnlyRole, d.DefaultRole))
	if err != nil {
		return nil, fmt.Errorf("catalog: refresh %q: %w", d.Name, err)
	}
	snap.Database = d.Name
	// Before annotations: they are nl2sql's, not the schema's.
	fingerprint := snap.Fingerprint()

	res := &RefreshResult{Snapshot: snap, Tables: len(snap.Tables), ForeignKeys: len(snap.ForeignKeys), Unreadable: unreadable}
	for _, t := range snap.Tables {
		res.Columns += len(t.Columns)
	}
	err = pgx.BeginFunc(ctx, meta, func(tx pgx.Tx) error {
		if registered {
			if err := stillRegistered(ctx, tx, d); err != nil {
				return err
			}
		}
		// The upsert locks the database's row until commit, so concurrent
		// refreshes of it take turns, and returns the stored annotations.
		reg, err := register(ctx, tx, d, annotations)
		if err != nil {
			return err
		}
		a := given
		if a == nil && reg.Annotations != nil {
			if a, err = ParseAnnotations(reg.Annotations); err != nil {
				return fmt.Errorf("catalog: refresh %q: the stored annotations no longer parse; give the file again: %w", d.Name, err)
			}
			res.AnnotationsReused = true
		}
		if a != nil {
			res.AnnotatedTables = len(a.Tables)
			if err := snap.Annotate(a); err != nil {
				if !errors.As(err, &res.UnknownAnnotations) {
					return err
				}
				res.AnnotatedTables -= len(res.UnknownAnnotations.Tables)
			}
		}
		if err := Store(ctx, tx, snap); err != nil {
			return err
		}
		if err := dbsqlc.New().SetCatalogFingerprint(ctx, tx, &dbsqlc.SetCatalogFingerprintParams{Name: d.Name, Fingerprint: &fingerprint}); err != nil {
			return fmt.Errorf("catalog: refresh %q: %w", d.Name, err)
		}
		res.Database, err = GetDatabase(ctx, tx, d.Name)
		return err
	})
	if err != nil {
		return nil, err
	}
	snap.Version = res.Database.CatalogVersion
	snap.registered = res.Database.CreatedAt
	return res, nil
}

// stillRegistered locks d's row in tx and checks that it holds the
// registration d was read as.
func stillRegistered(ctx context.Context, tx pgx.Tx, d Database) error {
	row, err := dbsqlc.New().LockDatabaseRegistration(ctx, tx, d.Name)
	if err != nil {
		return fmt.Errorf("catalog: refresh %q: %w", d.Name, notFound(d.Name, err))
	}
	if row.Dsn != d.DSN || !slices.Equal(row.Schemas, d.Schemas) || deref(row.ReadOnlyRole) != d.ReadOnlyRole ||
		row.CatalogVersion != d.CatalogVersion || !row.CreatedAt.Equal(d.CreatedAt) {
		return fmt.Errorf("catalog: refresh %q: %w", d.Name, ErrRegistrationChanged)
	}
	return nil
}
