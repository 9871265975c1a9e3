package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

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
	msg := fmt.Sprintf("catalog: %s %s not found in the database (its schemas: %s)", noun, quoteList(e.Missing), avail)
	for _, m := range e.Missing {
		for _, a := range e.Available {
			if strings.EqualFold(m, a) {
				msg += fmt.Sprintf("; schema names are case-sensitive: did you mean %q?", a)
			}
		}
		// A name written as in SQL ("Sales Data", with its double quotes)
		// or a list in one name (public,archive).
		if u, ok := unquoteIdent(m); ok && slices.Contains(e.Available, u) {
			msg += fmt.Sprintf("; a schema is named as it is, without SQL's double quotes: did you mean %q?", u)
		}
		if parts := strings.Split(m, ","); len(parts) > 1 && !slices.Contains(e.Available, m) {
			all := true
			for i, p := range parts {
				parts[i] = strings.TrimSpace(p)
				all = all && slices.Contains(e.Available, parts[i])
			}
			if all {
				msg += fmt.Sprintf("; %q is one name: give each schema on its own (%s)", m, quoteList(parts))
			}
		}
	}
	return msg
}

// unquoteIdent is the name a double-quoted SQL identifier ("Sales Data")
// stands for; ok is false for a name not so quoted.
func unquoteIdent(s string) (string, bool) {
	if len(s) < 3 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`), true
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
// first), with columns, keys, comments, row estimates, the values CHECK
// constraints and enum types allow and the other validated CHECK
// constraints of tables and domains. Partitions and objects owned by
// extensions are left out. The snapshot's Database is left empty for the
// caller to set to the registered name. Objects and columns the connecting
// role may not SELECT are left out (IntrospectAs).
func Introspect(ctx context.Context, db dbsqlc.DBTX, schemas []string) (*Snapshot, error) {
	s, _, err := IntrospectAs(ctx, db, schemas, "")
	return s, err
}

// IntrospectAs is Introspect for questions that run as role reader ("" for
// the connecting role): the tables and columns reader may not SELECT are
// left out, since the model would only be offered what EXPLAIN then
// refuses, and sampling would read for the index what the role may not.
// unreadable lists the tables left out, schema-qualified.
func IntrospectAs(ctx context.Context, db dbsqlc.DBTX, schemas []string, reader string) (snap *Snapshot, unreadable []string, err error) {
	// In a transaction of its own, so that JIT is off for these queries
	// (IntrospectWithoutJIT) and not for the connection's later ones. In a
	// caller's transaction it is a savepoint, and JIT stays off until that
	// transaction ends.
	b, ok := db.(interface {
		Begin(ctx context.Context) (pgx.Tx, error)
	})
	if !ok {
		return introspectAs(ctx, db, schemas, reader)
	}
	err = pgx.BeginFunc(ctx, b, func(tx pgx.Tx) error {
		if err := dbsqlc.New().IntrospectWithoutJIT(ctx, tx); err != nil {
			return fmt.Errorf("catalog: turn JIT off: %w", err)
		}
		snap, unreadable, err = introspectAs(ctx, tx, schemas, reader)
		return err
	})
	return snap, unreadable, err
}

func introspectAs(ctx context.Context, db dbsqlc.DBTX, schemas []string, reader string) (*Snapshot, []string, error) {
	q := dbsqlc.New()
	existing, err := q.IntrospectSchemas(ctx, db)
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: list schemas: %w", err)
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
			return nil, nil, fmt.Errorf("catalog: schema %q is a PostgreSQL system schema; questions cannot be asked of it", s)
		}
		if !slices.Contains(existing, s) {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return nil, nil, &SchemaNotFoundError{Missing: missing, Available: existing}
	}

	snap := &Snapshot{Schemas: slices.Clone(schemas), Tables: []*Table{}, ForeignKeys: []ForeignKey{}}
	tables, err := q.IntrospectTables(ctx, db, &dbsqlc.IntrospectTablesParams{Reader: reader, Schemas: schemas})
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: read tables: %w", err)
	}
	byKey := make(map[string]*Table, len(tables))
	var unreadable, inherited []string
	relids := make([]pgtype.Uint32, 0, len(tables)) // the tables kept, whose columns and constraints are read
	for _, r := range tables {
		if !r.Readable {
			unreadable = append(unreadable, TableKey(r.SchemaName, r.TableName))
			continue
		}
		if r.InheritancePartition {
			// Its parent's rows include it, as a partition's do: listed, it
			// would be one more table for retrieval and the model to choose
			// wrongly, a hundred for a table partitioned by month.
			inherited = append(inherited, TableKey(r.SchemaName, r.TableName))
			continue
		}
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
		relids = append(relids, r.Relid)
	}

	columns, err := q.IntrospectColumns(ctx, db, &dbsqlc.IntrospectColumnsParams{Reader: reader, Relids: relids})
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: read columns: %w", err)
	}
	// The columns some list restricts (an enum's labels, a CHECK list): a
	// CHECK list narrows what they hold.
	type columnKey struct {
		t    *Table
		name string
	}
	restricted := map[columnKey]bool{}
	for _, r := range columns {
		t := byKey[TableKey(r.SchemaName, r.TableName)]
		if t == nil || !r.Readable {
			// An extension object or a table reader may not read, left out
			// above, or a column it may not read.
			continue
		}
		c := Column{Name: r.ColumnName, Type: r.DataType, NotNull: r.NotNull, Comment: r.Comment, BaseType: r.BaseType}
		ref := columnKey{t, c.Name}
		if len(r.EnumValues) > 0 {
			c.AllowedValues = r.EnumValues
			restricted[ref] = true
		}
		if len(r.Fields) > 0 {
			c.Fields = r.Fields
		}
		for _, def := range r.DomainChecks {
			// CHECK (VALUE IN (...)) on the domain: printed VALUE, it reads as a column
			// so named. A table's own CHECK list, below, narrows it.
			if values, ok := checkValues(def)["VALUE"]; ok {
				c.AllowedValues = narrowed(c.AllowedValues, restricted[ref], values)
				restricted[ref] = true
			}
			if shown, ok := shownCheck(def); ok && !slices.Contains(c.Checks, shown) {
				c.Checks = append(c.Checks, shown)
			}
		}
		t.Columns = append(t.Columns, c)
	}

	constraints, err := q.IntrospectConstraints(ctx, db, relids)
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: read constraints: %w", err)
	}
	for _, r := range constraints {
		t := byKey[TableKey(r.SchemaName, r.TableName)]
		if t == nil {
			continue
		}
		switch r.Contype {
		case "p":
			if !hasColumns(t, r.Columns) {
				continue // a key column reader may not read
			}
			t.PrimaryKey = r.Columns
			for _, name := range r.Columns {
				if c := t.Column(name); c != nil {
					c.PrimaryKey = true
				}
			}
		case "f":
			refKey := TableKey(r.RefSchemaName, r.RefTableName)
			if ref := byKey[refKey]; !hasColumns(t, r.Columns) ||
				(ref == nil && (slices.Contains(unreadable, refKey) || slices.Contains(inherited, refKey))) ||
				(ref != nil && !hasColumns(ref, r.RefColumns)) {
				continue // a join through what reader may not read, or a table left out
			}
			snap.ForeignKeys = append(snap.ForeignKeys, ForeignKey{
				Name: r.ConstraintName, Schema: r.SchemaName, Table: r.TableName, Columns: r.Columns,
				RefSchema: r.RefSchemaName, RefTable: r.RefTableName, RefColumns: r.RefColumns,
			})
		case "c":
			// conkey lists the columns a CHECK reads: one reader may not
			// read leaves the constraint out, as the column is.
			if shown, ok := shownCheck(r.Definition); ok && hasColumns(t, r.Columns) && !slices.Contains(t.Checks, shown) {
				t.Checks = append(t.Checks, shown)
			}
			for name, values := range checkValues(r.Definition) {
				// A CHECK list is what the data may hold, narrower than an
				// enum type's labels or a domain's list when both exist.
				if c := t.Column(name); c != nil {
					ref := columnKey{t, name}
					c.AllowedValues = narrowed(c.AllowedValues, restricted[ref], values)
					restricted[ref] = true
				}
			}
		}
	}
	snap.loaded()
	return snap, unreadable, nil
}

// narrowed is what a column holds when a list of values (an enum's labels,
// a CHECK list) restricts it, restricted telling whether prev is another
// such list: a value every list allows, in the order of values, the newer
// and usually narrower list. Several lists all hold: a domain's two CHECKs,
// a domain's and the table's; whichever PostgreSQL listed last was shown,
// values the others forbid among them. Nil when no value is left (the
// column can only be NULL, or lists spell one value otherwise: 1 and 1.0):
// no list rather than a wrong one.
func narrowed(prev []string, restricted bool, values []string) []string {
	if !restricted {
		return values
	}
	out := slices.DeleteFunc(slices.Clone(values), func(v string) bool { return !slices.Contains(prev, v) })
	if len(out) == 0 {
		return nil
	}
	return out
}

// hasColumns reports whether t has every column of names.
func hasColumns(t *Table, names []string) bool {
	for _, n := range names {
		if t.Column(n) == nil {
			return false
		}
	}
	return true
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
