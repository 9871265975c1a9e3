package sqlguard

// Table is a table (or view) the guard lets queries read.
type Table struct {
	Schema string
	Name   string
	// Columns are the table's column names, in order. Lint uses them to
	// find ambiguous and misplaced columns; a table without columns is
	// still readable, lint just says less about it.
	Columns []string
	// PrimaryKey lists the primary key columns; nil when unknown. Lint
	// uses it because Postgres accepts, in a grouped query, any column of a
	// table whose primary key is grouped; without it lint assumes any
	// grouped column of the table might be the key.
	PrimaryKey []string
	// Types are the column types, parallel to Columns, as Postgres'
	// format_type() spells them ("integer", "character varying(20)",
	// "numeric(12,2)"). Lint uses them to spot text compared with numbers.
	// Nil, shorter than Columns, or "" for a column means unknown, and lint
	// says nothing about that column's type.
	Types []string
}

// columnType returns the type of the column at index i; "" when unknown.
func (t *Table) columnType(i int) string {
	if i < 0 || i >= len(t.Types) {
		return ""
	}
	return t.Types[i]
}

// Catalog is the set of tables queries may read: the database's registered
// schemas. Names are compared exactly, as Postgres compares identifiers
// after folding (the parser has already folded unquoted names to lower
// case).
type Catalog interface {
	// LookupTable finds a table. An empty schema means the name was
	// unqualified; it resolves through the catalog's search path (the
	// registered schemas, in order), first match wins.
	LookupTable(schema, name string) (Table, bool)
	// SearchPath returns the registered schemas, in the order unqualified
	// names resolve through them. Besides pg_catalog, these are the only
	// schemas a query may name a function or operator in: a function in
	// any other schema (an application's own, an extension's) is outside
	// the catalog, like a table there.
	SearchPath() []string
}

// TableLister is implemented by catalogs that can list their tables. The
// guard then suggests a close name when a query names an unknown table.
type TableLister interface {
	Tables() []Table
}

// MemCatalog is an in-memory Catalog, for tests and for catalogs loaded
// once from the database.
type MemCatalog struct {
	searchPath []string
	tables     []Table
	index      map[[2]string]int
}

var (
	_ Catalog     = (*MemCatalog)(nil)
	_ TableLister = (*MemCatalog)(nil)
)

// NewMemCatalog returns a catalog of tables whose unqualified names resolve
// through searchPath, in order. A nil searchPath means the schemas of tables
// in order of first appearance. A later table with the same schema and name
// replaces an earlier one.
func NewMemCatalog(searchPath []string, tables ...Table) *MemCatalog {
	c := &MemCatalog{index: make(map[[2]string]int, len(tables))}
	seen := map[string]bool{}
	for _, t := range tables {
		k := [2]string{t.Schema, t.Name}
		if i, ok := c.index[k]; ok {
			c.tables[i] = t
			continue
		}
		c.index[k] = len(c.tables)
		c.tables = append(c.tables, t)
		if searchPath == nil && !seen[t.Schema] {
			seen[t.Schema] = true
			c.searchPath = append(c.searchPath, t.Schema)
		}
	}
	if searchPath != nil {
		c.searchPath = append([]string{}, searchPath...)
	}
	return c
}

// LookupTable implements Catalog.
func (c *MemCatalog) LookupTable(schema, name string) (Table, bool) {
	if schema != "" {
		i, ok := c.index[[2]string{schema, name}]
		if !ok {
			return Table{}, false
		}
		return c.tables[i], true
	}
	for _, s := range c.searchPath {
		if i, ok := c.index[[2]string{s, name}]; ok {
			return c.tables[i], true
		}
	}
	return Table{}, false
}

// Tables implements TableLister.
func (c *MemCatalog) Tables() []Table { return append([]Table{}, c.tables...) }

// SearchPath implements Catalog.
func (c *MemCatalog) SearchPath() []string { return append([]string{}, c.searchPath...) }
