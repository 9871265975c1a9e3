package catalog

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// fingerprintFormat names what Fingerprint hashes. Changing what it hashes
// changes it, so every database is refreshed once by the next catalog
// check, which is the right outcome for a new notion of "changed". A field
// added as omitempty need not change it: a schema without the thing keeps
// its fingerprint, and one with it, whose stored catalog lacks it, is
// refreshed (the CHECK constraints, migration 00033).
const fingerprintFormat = "nl2sql.catalog.v1"

// Fingerprint is a hash of the schema s shows questions: its search path,
// tables with their kind, comment, primary key, CHECK constraints and
// columns (name, type, base type, fields, nullability, comment, allowed
// values, domain CHECKs, in column order), and its foreign keys. Row estimates change with the data, not the
// schema, and are left out; so are annotations (module, gloss, synonyms),
// which are nl2sql's and not the database's. Take it from a freshly
// introspected snapshot, before Annotate: an annotation fills the comment
// of a column the database has none for.
//
// Tables and foreign keys are hashed in key order, so a snapshot Load read
// back from the catalog has the fingerprint of the introspection it stored
// (when no annotation filled a column's comment).
func (s *Snapshot) Fingerprint() string {
	type column struct {
		Name          string   `json:"n"`
		Type          string   `json:"t"`
		BaseType      string   `json:"b,omitempty"`
		Fields        []string `json:"f,omitempty"`
		NotNull       bool     `json:"nn,omitempty"`
		Comment       string   `json:"c,omitempty"`
		AllowedValues []string `json:"v,omitempty"`
		Checks        []string `json:"ck,omitempty"`
	}
	type table struct {
		Schema     string   `json:"s"`
		Name       string   `json:"n"`
		Kind       string   `json:"k"`
		Comment    string   `json:"c,omitempty"`
		PrimaryKey []string `json:"pk,omitempty"`
		Checks     []string `json:"ck,omitempty"`
		Columns    []column `json:"cols"`
	}
	type foreignKey struct {
		Name       string   `json:"n"`
		Schema     string   `json:"s"`
		Table      string   `json:"t"`
		Columns    []string `json:"c"`
		RefSchema  string   `json:"rs"`
		RefTable   string   `json:"rt"`
		RefColumns []string `json:"rc"`
	}
	v := struct {
		Format      string       `json:"format"`
		Schemas     []string     `json:"schemas"`
		Tables      []table      `json:"tables"`
		ForeignKeys []foreignKey `json:"fks"`
	}{Format: fingerprintFormat, Schemas: s.Schemas, Tables: make([]table, 0, len(s.Tables)), ForeignKeys: make([]foreignKey, 0, len(s.ForeignKeys))}
	for _, t := range s.Tables {
		ft := table{
			Schema: t.Schema, Name: t.Name, Kind: t.Kind, Comment: t.Comment, PrimaryKey: t.PrimaryKey, Checks: t.Checks,
			Columns: make([]column, len(t.Columns)),
		}
		for i, c := range t.Columns {
			ft.Columns[i] = column{
				Name: c.Name, Type: c.Type, BaseType: c.BaseType, Fields: c.Fields, NotNull: c.NotNull,
				Comment: c.Comment, AllowedValues: c.AllowedValues, Checks: c.Checks,
			}
		}
		v.Tables = append(v.Tables, ft)
	}
	slices.SortFunc(v.Tables, func(a, b table) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
	})
	for _, fk := range s.ForeignKeys {
		v.ForeignKeys = append(v.ForeignKeys, foreignKey{
			Name: fk.Name, Schema: fk.Schema, Table: fk.Table, Columns: fk.Columns,
			RefSchema: fk.RefSchema, RefTable: fk.RefTable, RefColumns: fk.RefColumns,
		})
	}
	slices.SortFunc(v.ForeignKeys, func(a, b foreignKey) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Table, b.Table), cmp.Compare(a.Name, b.Name))
	})
	b, err := json.Marshal(v)
	if err != nil {
		panic("catalog: fingerprint: " + err.Error()) // strings and bools only
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// AdoptFingerprint records fingerprint as database's when none is stored
// and its catalog is still at version, without refreshing: for the catalog
// check's first look at a database refreshed before fingerprints were
// stored, whose catalog it found to match the schema. It reports whether
// the fingerprint was recorded; false when a refresh came first (which
// stored its own).
func AdoptFingerprint(ctx context.Context, db dbsqlc.DBTX, database string, version int64, fingerprint string) (bool, error) {
	n, err := dbsqlc.New().AdoptCatalogFingerprint(ctx, db, &dbsqlc.AdoptCatalogFingerprintParams{
		Name: database, CatalogVersion: version, Fingerprint: &fingerprint,
	})
	if err != nil {
		return false, fmt.Errorf("catalog: record the fingerprint of %q: %w", database, err)
	}
	return n == 1, nil
}
