package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// SchemaNotFoundError is returned by Introspect when a requested schema does
// not exist in the target database.
type SchemaNotFoundError struct {
	Missing   []string // requested schemas that do not exist
	Available []string // the database's user schemas
}

func (e *SchemaNotFoundError) Error() string {
	noun := "schema"
	if len(e.Missing) > 1 {
		noun = "schemas"
	}
	avail := "none"
	if len(e.Available) > 0 {
		avail = strings.Join(e.Available, ", ")
	}
	return fmt.Sprintf("catalog: %s %s not found in the database (its schemas: %s)", noun, quoteList(e.Missing), avail)
}

// systemSchemas hold PostgreSQL's own objects; questions are never asked of
// them.
func isSystemSchema(s string) bool {
	return s == "pg_catalog" || s == "information_schema" || s == "pg_toast" ||
		strings.HasPrefix(s, "pg_temp_") || strings.HasPrefix(s, "pg_toast_temp_")
}

var relkinds = map[string]string{
	"r": KindTable, "p": KindPartitionedTable, "v": KindView, "m": KindMaterializedView, "f": KindForeignTable,
}

// Introspect reads the schema of a target database from pg_catalog: the
// tables, partitioned tables, views, materialized views and foreign tables
// of schemas (in search path order; all user schemas when empty, public
// first), with columns, keys, comments, row estimates and the values CHECK
// constraints and enum types allow. Partitions and objects owned by
// extensions are left out. The snapshot's Database is left empty for the
// caller to set to the registered name.
func Introspect(ctx context.Context, db dbsqlc.DBTX, schemas []string) (*Snapshot, error) {
	q := dbsqlc.New()
	existing, err := q.IntrospectSchemas(ctx, db)
	if err != nil {
		return nil, fmt.Errorf("catalog: list schemas: %w", err)
	}
	if len(schemas) == 0 {
		schemas = slices.Clone(existing)
		slices.SortStableFunc(schemas, func(a, b string) int {
			// public first: it is where unqualified names usually live.
			switch {
			case a == b:
				return 0
			case a == "public":
				return -1
			case b == "public":
				return 1
			}
			return 0
		})
	}
	var missing []string
	for _, s := range schemas {
		if isSystemSchema(s) {
			return nil, fmt.Errorf("catalog: schema %q is a PostgreSQL system schema; questions cannot be asked of it", s)
		}
		if !slices.Contains(existing, s) {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return nil, &SchemaNotFoundError{Missing: missing, Available: existing}
	}

	snap := &Snapshot{Schemas: slices.Clone(schemas), Tables: []*Table{}, ForeignKeys: []ForeignKey{}}
	tables, err := q.IntrospectTables(ctx, db, schemas)
	if err != nil {
		return nil, fmt.Errorf("catalog: read tables: %w", err)
	}
	byKey := make(map[string]*Table, len(tables))
	for _, r := range tables {
		t := &Table{
			Schema:        r.SchemaName,
			Name:          r.TableName,
			Kind:          relkinds[r.Relkind],
			Comment:       r.Comment,
			EstimatedRows: r.EstimatedRows,
			Columns:       []Column{},
		}
		if t.Kind == KindView || t.EstimatedRows < 0 {
			// A view has no rows of its own; -1 is "never analysed".
			t.EstimatedRows = -1
		}
		snap.Tables = append(snap.Tables, t.withKey())
		byKey[t.Key()] = t
	}

	columns, err := q.IntrospectColumns(ctx, db, schemas)
	if err != nil {
		return nil, fmt.Errorf("catalog: read columns: %w", err)
	}
	for _, r := range columns {
		t := byKey[TableKey(r.SchemaName, r.TableName)]
		if t == nil {
			continue // an extension object, left out above
		}
		c := Column{Name: r.ColumnName, Type: r.DataType, NotNull: r.NotNull, Comment: r.Comment}
		if len(r.EnumValues) > 0 {
			c.AllowedValues = r.EnumValues
		}
		t.Columns = append(t.Columns, c)
	}

	constraints, err := q.IntrospectConstraints(ctx, db, schemas)
	if err != nil {
		return nil, fmt.Errorf("catalog: read constraints: %w", err)
	}
	for _, r := range constraints {
		t := byKey[TableKey(r.SchemaName, r.TableName)]
		if t == nil {
			continue
		}
		switch r.Contype {
		case "p":
			t.PrimaryKey = r.Columns
			for _, name := range r.Columns {
				if c := t.Column(name); c != nil {
					c.PrimaryKey = true
				}
			}
		case "f":
			snap.ForeignKeys = append(snap.ForeignKeys, ForeignKey{
				Name: r.ConstraintName, Schema: r.SchemaName, Table: r.TableName, Columns: r.Columns,
				RefSchema: r.RefSchemaName, RefTable: r.RefTableName, RefColumns: r.RefColumns,
			})
		case "c":
			for name, values := range checkValues(r.Definition) {
				// A CHECK list is what the data may hold, narrower than an
				// enum type's labels when both exist.
				if c := t.Column(name); c != nil {
					c.AllowedValues = values
				}
			}
		}
	}
	snap.loaded()
	return snap, nil
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
