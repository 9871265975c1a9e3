package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// Store replaces the catalog of s.Database (rag.tables, rag.columns,
// rag.foreign_keys) with s, in tx, and bumps the database's catalog_version
// so every Cache reloads it. The database must be registered. Concurrent
// refreshes of one database serialise on its rag.databases row.
func Store(ctx context.Context, tx pgx.Tx, s *Snapshot) error {
	if s.Database == "" {
		return errors.New("catalog: store: the snapshot has no Database name")
	}
	if err := s.validate(); err != nil {
		return err
	}
	q := dbsqlc.New()
	// First, so its row lock orders concurrent refreshes before any delete.
	if _, err := q.BumpCatalogVersion(ctx, tx, &dbsqlc.BumpCatalogVersionParams{
		Name: s.Database, TableCount: int32(len(s.Tables)),
	}); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("catalog: store %q: %w", s.Database, ErrDatabaseNotFound)
		}
		return fmt.Errorf("catalog: store %q: %w", s.Database, err)
	}
	// Children first: deleting rag.tables alone would cascade row by row.
	for _, del := range []func(context.Context, dbsqlc.DBTX, string) error{
		q.DeleteCatalogForeignKeys, q.DeleteCatalogColumns, q.DeleteCatalogTables,
	} {
		if err := del(ctx, tx, s.Database); err != nil {
			return fmt.Errorf("catalog: store %q: clear: %w", s.Database, err)
		}
	}

	tables := make([]*dbsqlc.InsertCatalogTablesParams, 0, len(s.Tables))
	var columns []*dbsqlc.InsertCatalogColumnsParams
	for _, t := range s.Tables {
		tables = append(tables, &dbsqlc.InsertCatalogTablesParams{
			DatabaseName:  s.Database,
			SchemaName:    t.Schema,
			TableName:     t.Name,
			Kind:          t.Kind,
			Comment:       nullable(t.Comment),
			Module:        nullable(t.Module),
			Gloss:         nullable(t.Gloss),
			Synonyms:      orEmpty(t.Synonyms),
			EstimatedRows: rowEstimate(t.EstimatedRows),
			PrimaryKey:    orEmpty(t.PrimaryKey),
			Checks:        orEmpty(t.Checks),
		})
		for i, c := range t.Columns {
			var allowed []string
			if len(c.AllowedValues) > 0 {
				allowed = c.AllowedValues
			}
			columns = append(columns, &dbsqlc.InsertCatalogColumnsParams{
				DatabaseName:  s.Database,
				SchemaName:    t.Schema,
				TableName:     t.Name,
				ColumnName:    c.Name,
				Ordinal:       int32(i + 1),
				DataType:      c.Type,
				NotNull:       c.NotNull,
				Comment:       nullable(c.Comment),
				AllowedValues: allowed,
				BaseType:      nullable(c.BaseType),
				Fields:        c.Fields,
				Checks:        orEmpty(c.Checks),
			})
		}
	}
	fks := make([]*dbsqlc.InsertCatalogForeignKeysParams, 0, len(s.ForeignKeys))
	for _, fk := range s.ForeignKeys {
		fks = append(fks, &dbsqlc.InsertCatalogForeignKeysParams{
			DatabaseName:   s.Database,
			SchemaName:     fk.Schema,
			TableName:      fk.Table,
			ConstraintName: fk.Name,
			Columns:        fk.Columns,
			RefSchemaName:  fk.RefSchema,
			RefTableName:   fk.RefTable,
			RefColumns:     fk.RefColumns,
		})
	}
	// COPY: 2,000 tables of ten columns are three round trips.
	if _, err := q.InsertCatalogTables(ctx, tx, tables); err != nil {
		return fmt.Errorf("catalog: store %q: tables: %w", s.Database, err)
	}
	if _, err := q.InsertCatalogColumns(ctx, tx, columns); err != nil {
		return fmt.Errorf("catalog: store %q: columns: %w", s.Database, err)
	}
	if _, err := q.InsertCatalogForeignKeys(ctx, tx, fks); err != nil {
		return fmt.Errorf("catalog: store %q: foreign keys: %w", s.Database, err)
	}
	return nil
}

// validate catches what would otherwise surface as a constraint violation
// in the middle of a COPY.
func (s *Snapshot) validate() error {
	seen := make(map[string]bool, len(s.Tables))
	for _, t := range s.Tables {
		if seen[t.Key()] {
			return fmt.Errorf("catalog: table %s appears twice in the snapshot", t.Key())
		}
		seen[t.Key()] = true
		if !slices.Contains([]string{KindTable, KindPartitionedTable, KindView, KindMaterializedView, KindForeignTable}, t.Kind) {
			return fmt.Errorf("catalog: table %s has unknown kind %q", t.Key(), t.Kind)
		}
		cols := make(map[string]bool, len(t.Columns))
		for _, c := range t.Columns {
			if cols[c.Name] {
				return fmt.Errorf("catalog: column %s.%s appears twice", t.Key(), c.Name)
			}
			cols[c.Name] = true
		}
		// rag.columns keeps no key flag: Load derives Column.PrimaryKey
		// from the table's key, so the two must agree to round-trip.
		for i, name := range t.PrimaryKey {
			if !cols[name] || slices.Contains(t.PrimaryKey[:i], name) {
				return fmt.Errorf("catalog: primary key (%s) of %s does not list distinct columns of the table", strings.Join(t.PrimaryKey, ", "), t.Key())
			}
		}
		for _, c := range t.Columns {
			if c.PrimaryKey != slices.Contains(t.PrimaryKey, c.Name) {
				return fmt.Errorf("catalog: column %s.%s disagrees with the table's primary key (%s) about being part of it", t.Key(), c.Name, strings.Join(t.PrimaryKey, ", "))
			}
		}
	}
	for _, fk := range s.ForeignKeys {
		if fk.Inferred {
			// rag.foreign_keys holds what the database declares; an
			// inferred edge stored there would come back as a constraint.
			return fmt.Errorf("catalog: foreign key %s on %s is inferred, not declared: inferred joins are never stored", fk.Name, fk.TableKey())
		}
		if !seen[fk.TableKey()] {
			return fmt.Errorf("catalog: foreign key %s belongs to %s, which is not in the snapshot", fk.Name, fk.TableKey())
		}
		if len(fk.Columns) == 0 || len(fk.Columns) != len(fk.RefColumns) {
			return fmt.Errorf("catalog: foreign key %s on %s has %d columns referencing %d", fk.Name, fk.TableKey(), len(fk.Columns), len(fk.RefColumns))
		}
	}
	return nil
}

// Load reads the stored catalog of database. A registered database that
// was never refreshed loads as a snapshot without tables. It returns an
// error wrapping ErrDatabaseNotFound for an unregistered name.
//
// The catalog is read in several statements; if a refresh commits between
// them (catalog_version moved), Load reads again, so it never returns a mix
// of two refreshes even on a pool.
func Load(ctx context.Context, db dbsqlc.DBTX, database string) (*Snapshot, error) {
	q := dbsqlc.New()
	for range 5 {
		s, err := load(ctx, q, db, database)
		if err != nil {
			return nil, err
		}
		after, err := q.GetCatalogVersion(ctx, db, database)
		if err != nil {
			return nil, notFound(database, err)
		}
		if after.CatalogVersion == s.Version && after.CreatedAt.Equal(s.registered) {
			return s, nil
		}
	}
	return nil, fmt.Errorf("catalog: load %q: the catalog kept changing while it was read", database)
}

func load(ctx context.Context, q *dbsqlc.Queries, db dbsqlc.DBTX, database string) (*Snapshot, error) {
	d, err := q.GetCatalogDatabase(ctx, db, database)
	if err != nil {
		return nil, notFound(database, err)
	}
	tables, err := q.ListCatalogTables(ctx, db, database)
	if err != nil {
		return nil, fmt.Errorf("catalog: load %q: tables: %w", database, err)
	}
	columns, err := q.ListCatalogColumns(ctx, db, database)
	if err != nil {
		return nil, fmt.Errorf("catalog: load %q: columns: %w", database, err)
	}
	fks, err := q.ListCatalogForeignKeys(ctx, db, database)
	if err != nil {
		return nil, fmt.Errorf("catalog: load %q: foreign keys: %w", database, err)
	}

	s := &Snapshot{
		Database:    database,
		Schemas:     d.Schemas,
		Tables:      make([]*Table, 0, len(tables)),
		ForeignKeys: make([]ForeignKey, 0, len(fks)),
		Version:     d.CatalogVersion,
		registered:  d.CreatedAt,
	}
	byKey := make(map[string]*Table, len(tables))
	for _, r := range tables {
		t := &Table{
			Schema:        r.SchemaName,
			Name:          r.TableName,
			Kind:          r.Kind,
			Comment:       deref(r.Comment),
			Module:        deref(r.Module),
			Gloss:         deref(r.Gloss),
			EstimatedRows: -1,
			Columns:       []Column{},
		}
		if len(r.Synonyms) > 0 {
			t.Synonyms = r.Synonyms
		}
		if len(r.PrimaryKey) > 0 {
			t.PrimaryKey = r.PrimaryKey
		}
		if len(r.Checks) > 0 {
			t.Checks = r.Checks
		}
		if r.EstimatedRows != nil {
			t.EstimatedRows = *r.EstimatedRows
		}
		s.Tables = append(s.Tables, t.withKey())
		byKey[t.Key()] = t
	}
	// Columns arrive ordered by (schema, table, ordinal).
	for _, r := range columns {
		t := byKey[TableKey(r.SchemaName, r.TableName)]
		if t == nil {
			continue
		}
		c := Column{
			Name:          r.ColumnName,
			Type:          r.DataType,
			NotNull:       r.NotNull,
			PrimaryKey:    slices.Contains(t.PrimaryKey, r.ColumnName),
			Comment:       deref(r.Comment),
			AllowedValues: r.AllowedValues,
			BaseType:      deref(r.BaseType),
			Fields:        r.Fields,
		}
		if len(r.Checks) > 0 {
			c.Checks = r.Checks
		}
		t.Columns = append(t.Columns, c)
	}
	for _, r := range fks {
		s.ForeignKeys = append(s.ForeignKeys, ForeignKey{
			Name: r.ConstraintName, Schema: r.SchemaName, Table: r.TableName, Columns: r.Columns,
			RefSchema: r.RefSchemaName, RefTable: r.RefTableName, RefColumns: r.RefColumns,
		})
	}
	s.loaded()
	return s, nil
}

func notFound(database string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("catalog: database %q: %w", database, ErrDatabaseNotFound)
	}
	return fmt.Errorf("catalog: database %q: %w", database, err)
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// orEmpty stands in {} for nil, for text[] NOT NULL DEFAULT '{}' columns.
func orEmpty(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

func rowEstimate(n int64) *int64 {
	if n < 0 {
		return nil
	}
	return &n
}
