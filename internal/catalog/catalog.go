// Package catalog is nl2sql's picture of a target database's schema: the
// tables, views and columns a question may be answered from, their keys,
// foreign keys, comments, the values CHECK constraints allow, and the
// annotations (module, gloss, synonyms) people add for the model.
//
// A Snapshot is read from a target database's pg_catalog (Introspect),
// stored in the rag.tables/columns/foreign_keys tables of the service
// database (Store) and read back from there (Load, Cache) for every
// question, so the pipeline never introspects a target on the hot path.
// Refresh does the registering, introspecting, annotating and storing of
// `nl2sql db add` in one call.
// The package also keeps the registry of target databases (rag.databases).
package catalog

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// Kinds of relation a Table can be; stored in rag.tables.kind.
const (
	KindTable            = "table"
	KindPartitionedTable = "partitioned_table"
	KindView             = "view"
	KindMaterializedView = "materialized_view"
	KindForeignTable     = "foreign_table"
)

// HubDegree is the number of foreign keys (in and out) above which a table
// is a hub: FK expansion from hubs like employees or customers, which touch
// most of the schema, is capped (docs/DESIGN.md, Retrieval parameters).
const HubDegree = 8

// Snapshot is the schema of one registered database. It is built by
// Introspect or Load and must be treated as read-only once shared (the
// Cache hands the same Snapshot to concurrent questions).
type Snapshot struct {
	// Database is the registered name (rag.databases.name), not the
	// PostgreSQL database name.
	Database string `json:"database"`
	// Schemas is the search path in order: the executor sets search_path to
	// it, and unqualified names resolve through it.
	Schemas []string `json:"schemas"`
	// Tables are ordered by (schema, name).
	Tables []*Table `json:"tables"`
	// ForeignKeys are ordered by (schema, table, name). Only those whose
	// table is in Tables are kept; the referenced table may lie outside the
	// snapshot's schemas.
	ForeignKeys []ForeignKey `json:"foreignKeys"`
	// Version is rag.databases.catalog_version when the snapshot was loaded;
	// 0 for a freshly introspected one.
	Version int64 `json:"version,omitempty"`

	registered time.Time // rag.databases.created_at, set by Load
	once       sync.Once
	idx        *index
	deriveOnce sync.Once
	derived    *derived // copies and inferred joins (copies.go, infer.go, shared.go, party.go)
}

// Table is a table, view, materialized view or foreign table.
type Table struct {
	Schema  string `json:"schema"`
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Comment string `json:"comment,omitempty"`
	// Module, Gloss and Synonyms come from annotations: the business area
	// (e.g. "HR"), a one-line description for the model, and other words
	// people use for the table ("staff" for employees).
	Module   string   `json:"module,omitempty"`
	Gloss    string   `json:"gloss,omitempty"`
	Synonyms []string `json:"synonyms,omitempty"`
	// EstimatedRows is pg_class.reltuples; -1 when unknown (never analysed,
	// or a view).
	EstimatedRows int64    `json:"estimatedRows"`
	Columns       []Column `json:"columns"`
	// PrimaryKey lists the primary key's columns in key order, which may
	// differ from column order; Column.PrimaryKey marks the same columns.
	PrimaryKey []string `json:"primaryKey,omitempty"`
	// Checks are the table's validated CHECK constraints that are not lists
	// of values (Column.AllowedValues says those), as pg_get_constraintdef
	// prints them, by constraint name: CHECK ((price >= (0)::numeric)),
	// CHECK ((ends_at > starts_at)). Shown to the model, which writes
	// literals and filters that agree with them (CheckCondition shortens
	// one).
	Checks []string `json:"checks,omitempty"`

	key string // Key, set by withKey
	// named is Named's answer, set by Snapshot.loaded when nameKnown.
	named, nameKnown bool
}

// Column is a column of a Table.
type Column struct {
	Name       string `json:"name"`
	Type       string `json:"type"` // format_type(), e.g. "character varying(20)"
	NotNull    bool   `json:"notNull,omitempty"`
	PrimaryKey bool   `json:"primaryKey,omitempty"`
	Comment    string `json:"comment,omitempty"`
	// AllowedValues are the values a CHECK (col IN (...)) constraint or an
	// enum type allows, as text; shown to the model so it filters on
	// 'terminated' rather than inventing 'inactive'.
	AllowedValues []string `json:"allowedValues,omitempty"`
	// BaseType is, for a column of a domain, the type the domain stands for
	// (format_type(), through domains over domains): Type "Flag", BaseType
	// boolean. Empty for other columns.
	BaseType string `json:"baseType,omitempty"`
	// Fields are, for a column of a composite type, its attributes as
	// "name type", in order.
	Fields []string `json:"fields,omitempty"`
	// Checks are, for a column of a domain, the validated CHECK constraints
	// of the domain (and the domains it is over) that are not lists of
	// values, on VALUE as pg_get_constraintdef prints them: CHECK ((VALUE ~
	// '^[A-Z]{3}$'::text)). Every column of the domain has the same; the
	// schema text shows them once, with the domain.
	Checks []string `json:"checks,omitempty"`
}

// ValueType is the type c's values have: a domain's base type, else Type.
// Type families (joins, numbers, text) are read from it.
func (c *Column) ValueType() string {
	if c.BaseType != "" {
		return c.BaseType
	}
	return c.Type
}

// Text reports whether c holds character data: text, character varying,
// character, citext, name (not an array of them).
func (c *Column) Text() bool { return typeFamily(c.ValueType()) == "text" }

// ForeignKey is a foreign key constraint; Columns and RefColumns pair up in
// key order.
type ForeignKey struct {
	Name       string   `json:"name"`
	Schema     string   `json:"schema"`
	Table      string   `json:"table"`
	Columns    []string `json:"columns"`
	RefSchema  string   `json:"refSchema"`
	RefTable   string   `json:"refTable"`
	RefColumns []string `json:"refColumns"`
	// Inferred marks a join edge nl2sql inferred from column names and
	// types where the schema declares no foreign key (InferredForeignKeys),
	// not a constraint of the database. Snapshot.ForeignKeys never holds
	// one.
	Inferred bool `json:"inferred,omitempty"`
	// Through names the supertype whose key both tables hold when the edge
	// joins a table referencing that supertype to one of its subtypes
	// (subtypeJoins); empty otherwise.
	Through string `json:"through,omitempty"`
}

// Key returns the table's TableKey: its identity in maps and logs. A
// snapshot's tables hold it made once (retrieval's join planner asks for it
// in its inner loops); a Table built by hand makes it each time.
func (t *Table) Key() string {
	if t.key != "" {
		return t.key
	}
	return TableKey(t.Schema, t.Name)
}

// withKey sets t's Key once, before t is shared; Schema and Name do not
// change after.
func (t *Table) withKey() *Table {
	t.key = TableKey(t.Schema, t.Name)
	return t
}

// TableKey returns the key of the table schema.name: "schema.name", a part
// written in double quotes (its quotes doubled) when it holds a dot or a
// quote. Joined bare, sales."a.b" and "sales.a".b would be one key, and a
// lookup of a table in a schema never registered would find a registered
// one (the guard looks tables up by key); quoted, the key names one table,
// and names without dots keep their plain form.
func TableKey(schema, name string) string { return keyPart(schema) + "." + keyPart(name) }

func keyPart(s string) string {
	if !strings.ContainsAny(s, `."`) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// SplitTableKey returns the schema and name a TableKey was made of; ok is
// false for a string no TableKey returns. A key reads as a qualified name
// does (splitQualified).
func SplitTableKey(key string) (schema, name string, ok bool) {
	schema, name, qualified := splitQualified(key)
	if !qualified || TableKey(schema, name) != key {
		return "", "", false
	}
	return schema, name, true
}

// Column returns the column called name, or nil.
func (t *Table) Column(name string) *Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// IsView reports whether t is a view or materialized view (no keys, no
// row estimate worth showing).
func (t *Table) IsView() bool { return t.Kind == KindView || t.Kind == KindMaterializedView }

// RefKey returns the referenced table's Key.
func (fk ForeignKey) RefKey() string { return TableKey(fk.RefSchema, fk.RefTable) }

// TableKey returns the referencing table's Key.
func (fk ForeignKey) TableKey() string { return TableKey(fk.Schema, fk.Table) }

type index struct {
	tables   map[string]*Table
	byID     map[pair]*Table     // by (schema, name): Table without building a key
	byName   map[string][]*Table // unqualified name -> tables, in search path order first
	outgoing map[string][]int    // table key -> indexes into ForeignKeys it declares
	incoming map[string][]int    // table key -> indexes into ForeignKeys referencing it
}

func (s *Snapshot) index() *index {
	s.once.Do(func() {
		idx := &index{
			tables:   make(map[string]*Table, len(s.Tables)),
			byID:     make(map[pair]*Table, len(s.Tables)),
			byName:   make(map[string][]*Table, len(s.Tables)),
			outgoing: map[string][]int{},
			incoming: map[string][]int{},
		}
		for _, t := range s.Tables {
			idx.tables[t.Key()] = t
			idx.byID[tableID(t)] = t
		}
		// Unqualified lookups follow the search path; tables of schemas not
		// on it are not reachable without a qualifier.
		for _, schema := range s.Schemas {
			for _, t := range s.Tables {
				if t.Schema == schema {
					idx.byName[t.Name] = append(idx.byName[t.Name], t)
				}
			}
		}
		for i, fk := range s.ForeignKeys {
			idx.outgoing[fk.TableKey()] = append(idx.outgoing[fk.TableKey()], i)
			idx.incoming[fk.RefKey()] = append(idx.incoming[fk.RefKey()], i)
		}
		s.idx = idx
	})
	return s.idx
}

// Table returns the table schema.name, or nil.
func (s *Snapshot) Table(schema, name string) *Table {
	return s.index().byID[pair{schema, name}]
}

// Lookup finds the table a query's reference names the way PostgreSQL
// resolves it: schema.name exactly, an unqualified name (schema "") in the
// first schema of the search path (Schemas) that has it. Unlike Resolve it
// does not fold case: the parser already did. It returns nil when nothing
// matches.
func (s *Snapshot) Lookup(schema, name string) *Table {
	if schema != "" {
		return s.Table(schema, name)
	}
	for _, sc := range s.Schemas {
		if t := s.Table(sc, name); t != nil {
			return t
		}
	}
	return nil
}

// Resolve finds a table by the name a query would use: "schema.table", or an
// unqualified "table" looked up through the search path (Schemas), as
// PostgreSQL would. Names are matched exactly first, then case-insensitively
// (an unquoted identifier in SQL folds to lower case). It returns nil when
// nothing matches.
func (s *Snapshot) Resolve(name string) *Table {
	idx := s.index()
	schema, table, qualified := splitQualified(name)
	if qualified {
		if t := idx.tables[TableKey(schema, table)]; t != nil {
			return t
		}
		return idx.tables[TableKey(strings.ToLower(schema), strings.ToLower(table))]
	}
	if ts := idx.byName[table]; len(ts) > 0 {
		return ts[0]
	}
	if ts := idx.byName[strings.ToLower(table)]; len(ts) > 0 {
		return ts[0]
	}
	return nil
}

// splitQualified splits "schema.table" (either part may be double-quoted).
func splitQualified(name string) (schema, table string, qualified bool) {
	inQuote := false
	for i, r := range name {
		switch {
		case r == '"':
			inQuote = !inQuote
		case r == '.' && !inQuote:
			return unquote(name[:i]), unquote(name[i+1:]), true
		}
	}
	return "", unquote(name), false
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return s
}

// Outgoing returns the foreign keys t declares, ordered by name.
func (s *Snapshot) Outgoing(t *Table) []ForeignKey {
	return s.fks(s.index().outgoing[t.Key()])
}

// Incoming returns the foreign keys that reference t, ordered by
// (schema, table, name) of the referencing table.
func (s *Snapshot) Incoming(t *Table) []ForeignKey {
	return s.fks(s.index().incoming[t.Key()])
}

func (s *Snapshot) fks(idxs []int) []ForeignKey {
	out := make([]ForeignKey, len(idxs))
	for i, j := range idxs {
		out[i] = s.ForeignKeys[j]
	}
	return out
}

// Neighbors returns the tables of the snapshot linked to t by a foreign key
// in either direction, without t itself, ordered by (schema, name).
func (s *Snapshot) Neighbors(t *Table) []*Table {
	idx := s.index()
	seen := map[string]bool{t.Key(): true}
	var out []*Table
	add := func(key string) {
		if seen[key] {
			return
		}
		seen[key] = true
		if n := idx.tables[key]; n != nil {
			out = append(out, n)
		}
	}
	for _, i := range idx.outgoing[t.Key()] {
		add(s.ForeignKeys[i].RefKey())
	}
	for _, i := range idx.incoming[t.Key()] {
		add(s.ForeignKeys[i].TableKey())
	}
	slices.SortFunc(out, compareTables)
	return out
}

// Degree is the number of foreign keys declared by or referencing t, a
// self-reference counted once.
func (s *Snapshot) Degree(t *Table) int {
	idx := s.index()
	n := len(idx.outgoing[t.Key()])
	for _, i := range idx.incoming[t.Key()] {
		if s.ForeignKeys[i].TableKey() != t.Key() {
			n++
		}
	}
	return n
}

// IsHub reports whether t has more than HubDegree foreign keys.
func (s *Snapshot) IsHub(t *Table) bool { return s.Degree(t) > HubDegree }

// Qualify reports whether names in SQL and prompts should carry their
// schema for a table of schema: always when the database has several
// schemas (clearer for the model, and immune to search path shadowing), and
// for a schema that is not on the search path.
func (s *Snapshot) Qualify(schema string) bool {
	return len(s.Schemas) != 1 || s.Schemas[0] != schema
}

// SQLName returns how to write the table schema.name in SQL run with the
// database's search path: "orders", or "sales.orders" when Qualify says so,
// each part quoted only when it must be.
func (s *Snapshot) SQLName(schema, name string) string {
	if s.Qualify(schema) {
		return QuoteIdent(schema) + "." + QuoteIdent(name)
	}
	return QuoteIdent(name)
}

// TableSQLName is SQLName for t.
func (s *Snapshot) TableSQLName(t *Table) string { return s.SQLName(t.Schema, t.Name) }

// sortAll puts tables, columns' owners and foreign keys in their canonical
// order, byte-wise, so that snapshots compare equal whatever the collation
// of the database they came from.
// loaded finishes a snapshot its loader has filled, before it is shared:
// tables and keys in order, and what each table holds worked out once
// (Table.Named).
func (s *Snapshot) loaded() {
	s.sortAll()
	for _, t := range s.Tables {
		t.named, t.nameKnown = hasNameColumn(t), true
	}
}

func (s *Snapshot) sortAll() {
	slices.SortFunc(s.Tables, compareTables)
	slices.SortFunc(s.ForeignKeys, func(a, b ForeignKey) int {
		if c := strings.Compare(a.Schema, b.Schema); c != 0 {
			return c
		}
		if c := strings.Compare(a.Table, b.Table); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}

func compareTables(a, b *Table) int {
	if c := strings.Compare(a.Schema, b.Schema); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

// QuoteIdent double-quotes an identifier when SQL needs it to: upper case or
// other characters outside [a-z0-9_$], a leading digit, or a reserved word.
func QuoteIdent(s string) string {
	if s != "" && !reserved[s] && plainIdent(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

func plainIdent(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r == '_':
		case (r >= '0' && r <= '9') || r == '$':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// reserved are PostgreSQL's reserved key words (and the non-reserved ones
// that cannot be column or table names), which must be quoted as names.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`all analyse analyze and any array as asc asymmetric authorization between
		binary both case cast check collate collation column concurrently constraint create cross current_catalog
		current_date current_role current_schema current_time current_timestamp current_user default deferrable
		desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in
		initially inner intersect into is isnull join lateral leading left like limit localtime localtimestamp
		natural not notnull null offset on only or order outer overlaps placing primary references returning
		right select session_user similar some symmetric system_user table tablesample then to trailing true
		union unique user using variadic verbose when where window with`) {
		reserved[w] = true
	}
}
