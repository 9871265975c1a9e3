package pgsql

import "strings"

// Analysis is what one statement's whole parse tree says about the tables,
// functions, columns and query blocks it uses. It is built from the raw tree
// alone: names are as written (identifiers folded to lower case unless
// quoted), nothing is looked up in a catalog.
//
// Slices are in walk order, which is not always text order; use Location to
// sort. The walk visits a node's fields in their declaration order in
// pg_query's protobuf, the same in every build: a CREATE TABLE's own table
// comes before the tables its constraints and INHERITS name. Indexes stored in the types (Scope, Table, Columns, …) point into the
// slices of the same Analysis.
type Analysis struct {
	// Tables lists every relation the statement names: FROM and JOIN items
	// (ONLY t and TABLE t included), UPDATE/DELETE/INSERT/MERGE targets and
	// sources, and RangeVar nodes of utility statements. References to CTEs
	// are not tables and are not listed. DROP and a few other utility
	// statements name objects by plain strings; those are not listed either.
	Tables []TableRef
	// CTEs lists every WITH query, at any depth.
	CTEs []CTE
	// Functions lists every function call, in any clause and at any depth,
	// including functions called in FROM and those the grammar produces for
	// SQL syntax such as EXTRACT(… FROM …).
	Functions []FuncCall
	// Columns lists every column reference.
	Columns []ColumnRef
	// Fields lists every field selected from a parenthesised expression or
	// a subscript: (x).f, (f(y)).f, arr[1].f. Each may be a function call,
	// see FieldRef.
	Fields []FieldRef
	// Params lists every parameter placeholder ($1).
	Params []Param
	// Types lists every type name written: in casts (x::t, CAST(x AS t),
	// t 'literal'), column definition lists, XMLTABLE columns, ….
	Types []TypeRef
	// Operators lists every operator written (=, +, OPERATOR(s.op), …),
	// in expressions, ANY/ALL and IN comparisons, and ORDER BY … USING.
	Operators []OperatorRef
	// OpExprs lists every operator expression with its operands
	// (comparisons, IN lists, LIKE, BETWEEN, the implicit comparisons of a
	// simple CASE, …), inner ones before the expressions holding them.
	OpExprs []OpExpr
	// SQLValues lists every SQL value function: the key words CURRENT_DATE,
	// CURRENT_USER, SESSION_USER, CURRENT_CATALOG, … that the grammar keeps
	// as nodes of their own rather than calls (Functions does not list
	// them).
	SQLValues []SQLValue
	// Collations lists every collation named with COLLATE, in expressions
	// and column definitions.
	Collations []CollationRef
	// Scopes lists the query blocks; Scopes[0] is the statement itself.
	Scopes []*Scope
	// Into is the target of SELECT … INTO (or of CREATE TABLE AS); nil if none.
	Into *TableRef
	// Locking lists every FOR UPDATE/NO KEY UPDATE/SHARE/KEY SHARE clause.
	Locking []Locking
	// HasLimit reports whether the statement is a query with a top-level
	// LIMIT or FETCH FIRST that bounds the row count. LIMIT ALL and LIMIT
	// NULL do not count; a LIMIT inside a subquery or a UNION branch does not
	// either.
	HasLimit bool
	// ConstDepth is the deepest nesting of calls and casts in an expression
	// that reads no row (see Arg.Fixed), and ConstLocation where that
	// expression starts: the planner folds such an expression while
	// EXPLAIN plans, and a chain of calls or casts that each double what
	// they are given (encode(x, 'hex'), x::bytea::text) builds 2^depth
	// times its literal.
	ConstDepth, ConstLocation int
}

// Role says how a statement uses a table it names.
type Role string

const (
	RoleRead  Role = "read"  // FROM/JOIN/USING items, TABLE t, MERGE source
	RoleWrite Role = "write" // INSERT/UPDATE/DELETE/MERGE target, SELECT INTO target
	RoleOther Role = "other" // named by a utility or DDL statement (COPY t, LOCK t, CREATE TABLE t, …)
)

// TableRef is one mention of a relation.
type TableRef struct {
	// Catalog is the database of a three-part name (db.schema.table), which
	// Postgres refuses unless it is the current database; usually "".
	Catalog string
	// Schema is "" when the name is unqualified (the search path decides).
	Schema string
	Name   string
	Alias  string
	// Only is true for ONLY t (inheritance children excluded).
	Only bool
	Role Role
	// Scope is the query block whose FROM (or target) holds the reference.
	Scope int
	// Location is the byte offset of the name; -1 if unknown.
	Location int
}

// qualified returns "schema.name", or "name" when schema is empty.
func qualified(schema, name string) string {
	if schema == "" {
		return name
	}
	return schema + "." + name
}

// QualifiedName returns "schema.name", or "name" when unqualified.
func (t TableRef) QualifiedName() string { return qualified(t.Schema, t.Name) }

// CTE is one WITH query.
type CTE struct {
	Name string
	// Kind is the kind of the CTE's body: KindSelect, or KindInsert,
	// KindUpdate, KindDelete, KindMerge for a data-modifying CTE.
	Kind      Kind
	Recursive bool
	// Scope is the query block that owns the WITH clause; Body the CTE's own.
	Scope, Body int
	// Columns are the CTE's output column names: its column list, or the
	// body's select list; nil when not determinable (e.g. SELECT *).
	Columns  []string
	Location int
}

// DataModifying reports whether the CTE's body writes (WITH x AS (DELETE …)).
func (c CTE) DataModifying() bool { return c.Kind != KindSelect }

// FuncCall is one function call.
type FuncCall struct {
	// Catalog is the database of a three-part name; usually "".
	Catalog string
	// Schema is "" when the call is unqualified.
	Schema string
	// Name is folded to lower case unless it was quoted.
	Name     string
	Scope    int
	Clause   Clause
	Location int
	// InFrom is true for a function used as a FROM item (FROM f(…),
	// ROWS FROM (…), LATERAL f(…)).
	InFrom   bool
	Star     bool // f(*)
	Distinct bool // f(DISTINCT …)
	Window   bool // has an OVER clause
	// Aggregate is a guess: the call uses aggregate-only syntax (*, DISTINCT,
	// ORDER BY inside the call, FILTER, WITHIN GROUP) or names a built-in
	// aggregate (see BuiltinAggregate), and has no OVER clause. The parser
	// cannot see user-defined aggregates, nor a user function that shadows a
	// built-in aggregate's name.
	Aggregate bool
	// SQLSyntax is true when the grammar produced the call from SQL syntax
	// rather than a written call: EXTRACT(field FROM x), SUBSTRING(x FROM n),
	// x AT TIME ZONE z, JSON_ARRAYAGG(…), ….
	SQLSyntax bool
	// Args are the call's arguments, in order: what each is (a string
	// literal and its text, a column, an expression) and, for a named
	// argument, its name. Aggregate ORDER BY and FILTER are not arguments.
	Args []Arg
	// Columns indexes Analysis.Columns, for an aggregate call not inside
	// another aggregate of its block: the column references in its
	// arguments, ORDER BY and FILTER, outside subqueries. Nil otherwise.
	Columns []int
}

// QualifiedName returns "schema.name", or "name" when unqualified.
func (f FuncCall) QualifiedName() string { return qualified(f.Schema, f.Name) }

// Arg is one argument of a function call.
type Arg struct {
	// Name is the parameter's name for a named argument (name => value);
	// "" for a positional one.
	Name  string
	Value Operand
	// Fixed is true when the argument reads no column, parameter, subquery
	// or aggregate: it is the same for every row, and the planner folds it
	// where it can (while EXPLAIN plans). A column of a subquery, a
	// single-row VALUES list or a CTE in FROM whose expression is fixed
	// counts as that expression: the planner pulls it into the query and
	// folds it the same.
	Fixed bool
	// FixedColumn is true when the argument is Fixed and reads such a
	// column: what the guard sees of its value is not all of it (the
	// column may hold repeat('a', 100000)).
	FixedColumn bool
	// Numbers is the argument's value when the text fixes it as a number
	// (one) or an array of numbers (each element): a numeric literal, a
	// string literal that reads as one ('100000', '{10, 20}'), ARRAY[…],
	// or casts, parentheses, arithmetic (+ - * / % ^), GREATEST, LEAST
	// and abs, ceil, floor, round, trunc, exp, sqrt, power, mod, div over
	// such; NULL counts as 0. Nil when not known.
	Numbers []float64
	// FirstCall and EndCall bound the calls written inside the argument,
	// at any depth: Analysis.Functions[FirstCall:EndCall].
	FirstCall, EndCall int
}

// SQLValue is one SQL value function, a key word that stands for a value
// of the session: CURRENT_DATE, LOCALTIMESTAMP(3), CURRENT_USER, ….
type SQLValue struct {
	// Name is the key word in lower case, without precision:
	// "current_timestamp", "current_role", "user", "session_user",
	// "current_catalog", "current_schema", ….
	Name     string
	Scope    int
	Clause   Clause
	Location int
}

// CollationRef is one collation name as written after COLLATE.
type CollationRef struct {
	// Catalog is the database of a three-part name; usually "".
	Catalog string
	// Schema is "" when the name is unqualified.
	Schema   string
	Name     string
	Location int
}

// QualifiedName returns the name as written, "schema.name" or "name"
// (quoting left out).
func (c CollationRef) QualifiedName() string {
	if c.Catalog != "" {
		return c.Catalog + "." + qualified(c.Schema, c.Name)
	}
	return qualified(c.Schema, c.Name)
}

// Clause is the part of a query block an expression sits in.
type Clause string

const (
	ClauseSelect    Clause = "select"    // the select list
	ClauseFrom      Clause = "from"      // inside a FROM item (function arguments, TABLESAMPLE, XMLTABLE)
	ClauseOn        Clause = "on"        // JOIN … ON, MERGE … ON
	ClauseWhere     Clause = "where"     // WHERE
	ClauseGroupBy   Clause = "group_by"  // GROUP BY
	ClauseHaving    Clause = "having"    // HAVING
	ClauseWindow    Clause = "window"    // WINDOW w AS (…)
	ClauseOrderBy   Clause = "order_by"  // ORDER BY
	ClauseLimit     Clause = "limit"     // LIMIT, OFFSET, FETCH
	ClauseDistinct  Clause = "distinct"  // DISTINCT ON (…)
	ClauseValues    Clause = "values"    // VALUES lists
	ClauseSet       Clause = "set"       // UPDATE … SET
	ClauseReturning Clause = "returning" // RETURNING
	ClauseOther     Clause = "other"     // anything else (utility statements, ON CONFLICT, MERGE actions)
)

// ColumnRef is one column reference: name, qualifier.name, qualifier.* or *.
//
// A qualified reference q.name is not always a column: when the item q
// names has no column name, Postgres reads it as the function call
// name(q) ("attribute notation"), e.g. e.row_to_json for row_to_json(e).
// Only the item's columns can tell, and the parser does not know a table's
// columns; see Analysis.ResolveAll and FromItem.Columns.
type ColumnRef struct {
	// Qualifier holds the names before the column: [] for "name",
	// ["e"] for "e.name", ["hr", "employees"] for "hr.employees.name".
	Qualifier []string
	// Name is the column name; "" for a star.
	Name string
	Star bool
	// Scope is the query block the reference is written in (not necessarily
	// the one it resolves to: correlated references point outwards).
	Scope  int
	Clause Clause
	// InAggregate is true inside the arguments of an aggregate call (see
	// FuncCall.Aggregate) of the same query block.
	InAggregate bool
	Location    int
}

// QualifiedName returns the reference as written, e.g. "e.name" or "e.*".
func (c ColumnRef) QualifiedName() string {
	parts := append([]string{}, c.Qualifier...)
	if c.Star {
		parts = append(parts, "*")
	} else {
		parts = append(parts, c.Name)
	}
	return strings.Join(parts, ".")
}

// FieldRef is a field selected from a parenthesised expression or a
// subscript: (x).name, (f(y)).name, arr[1].name. Postgres reads it as the
// field of a composite value or, when the value has no field of that name,
// as the call name(x) (attribute notation), for a value of any type: so
// (email).upper is upper(email). Only the value's type can tell, which the
// parser does not know.
type FieldRef struct {
	Name string
	// Of is the expression the field is selected from when that is a
	// column reference or a field of one, as written: "w.url" for
	// (w.url).f, "(e.addr).city" for the second field of (e.addr).city.f;
	// "" for any other expression.
	Of     string
	Scope  int
	Clause Clause
	// Location is the byte offset where the expression the field is
	// selected from starts; -1 if unknown.
	Location int
}

// Param is a parameter placeholder: $1, $2, ….
type Param struct {
	Number   int
	Scope    int
	Clause   Clause
	Location int
}

// TypeRef is a type name as written. The grammar qualifies the built-in
// types that SQL spells with key words: int is pg_catalog.int4, and
// timestamp with time zone is pg_catalog.timestamptz.
type TypeRef struct {
	// Catalog is the database of a three-part name; usually "".
	Catalog string
	// Schema is "" when the name is unqualified.
	Schema string
	// Name is the type's name without array brackets.
	Name     string
	Location int
}

// OperatorRef is one operator as written.
type OperatorRef struct {
	// Schema is set for OPERATOR(schema.op); "" otherwise.
	Schema   string
	Name     string
	Scope    int
	Location int
}

// QualifiedName returns "schema.name", or "name" when unqualified.
func (o OperatorRef) QualifiedName() string { return qualified(o.Schema, o.Name) }

// ScopeKind is the kind of a query block.
type ScopeKind string

const (
	ScopeSelect ScopeKind = "select" // SELECT … FROM …
	ScopeSetOp  ScopeKind = "setop"  // UNION/INTERSECT/EXCEPT; its branches are child scopes
	ScopeValues ScopeKind = "values" // VALUES (…), (…)
	ScopeInsert ScopeKind = "insert"
	ScopeUpdate ScopeKind = "update"
	ScopeDelete ScopeKind = "delete"
	ScopeMerge  ScopeKind = "merge"
	ScopeOther  ScopeKind = "other" // a utility or DDL statement
)

// Origin says where a query block sits in its parent.
type Origin string

const (
	OriginTop    Origin = "top"    // the statement itself
	OriginCTE    Origin = "cte"    // body of a WITH query
	OriginFrom   Origin = "from"   // subquery in FROM
	OriginExpr   Origin = "expr"   // subquery in an expression (scalar, EXISTS, IN, ARRAY)
	OriginSetOp  Origin = "setop"  // branch of a set operation
	OriginInsert Origin = "insert" // source query of an INSERT
	OriginNested Origin = "nested" // query inside a utility statement (EXPLAIN, CREATE TABLE AS, COPY (…))
)

// Scope is one query block and what is visible in it.
type Scope struct {
	ID int
	// Parent is the enclosing block; -1 for the statement's top block.
	Parent int
	Kind   ScopeKind
	Origin Origin
	// CTE is the name of the WITH query whose body this block is.
	CTE string
	// SetOp is "union", "intersect" or "except" (with " all") for ScopeSetOp.
	SetOp string
	// Branches are the two child scopes of a set operation.
	Branches []int
	// Lateral is true for a LATERAL subquery.
	Lateral bool
	// SubLink is how the enclosing expression uses the block when Origin is
	// OriginExpr (EXISTS, a scalar subquery, IN, …); "" otherwise.
	SubLink SubLinkKind
	// Items are the FROM items (for DML: the target and USING/FROM items)
	// with the names they can be referred to by. Items inside explicit
	// JOINs are listed one by one; an aliased join adds an ItemJoin as well.
	Items []FromItem
	// Joins lists the explicit JOINs in the FROM clause.
	Joins []Join
	// CTEs are indexes into Analysis.CTEs of the WITH queries this block
	// defines.
	CTEs []int
	// Targets is the select list (VALUES: one target per column).
	Targets []Target
	// HasGroupBy is true when a GROUP BY clause exists (GROUP BY () too).
	HasGroupBy bool
	// GroupBy lists the grouping expressions, grouping sets flattened.
	GroupBy   []GroupItem
	HasHaving bool
	// HavingAggregate is true when the HAVING condition calls an aggregate
	// (see FuncCall.Aggregate) or GROUPING(), at any depth, subqueries
	// included.
	HavingAggregate bool
	// HavingLocation is where the HAVING condition starts; -1 without one.
	HavingLocation int
	// Where is the WHERE clause split on top-level AND; each conjunct lists
	// indexes into Analysis.Columns of every column reference inside it,
	// subqueries included.
	Where [][]int
	// Equalities are the conditions "column = column" that are top-level
	// conjuncts of WHERE or of a JOIN's ON: the equi-joins of the block.
	Equalities []Equality
	// Distinct is true for SELECT DISTINCT and DISTINCT ON.
	Distinct bool
	// HasOrderBy is true when this block has an ORDER BY.
	HasOrderBy bool
	// OrderBy lists the ORDER BY entries.
	OrderBy []SortItem
	// HasLimit is true when this block has a LIMIT/FETCH bounding its rows
	// (LIMIT ALL and LIMIT NULL do not count).
	HasLimit bool
	// LimitCount is the row count of that LIMIT/FETCH when it is an integer
	// constant (FETCH FIRST ROW ONLY: 1); -1 otherwise.
	LimitCount int64
	// LimitLocation is where the LIMIT/FETCH count starts; -1 without a
	// LIMIT, and for FETCH FIRST ROW ONLY, which writes no count.
	LimitLocation int
}

// SortItem is one ORDER BY entry.
type SortItem struct {
	// Ordinal is n for ORDER BY n (an integer constant, which Postgres reads
	// as a select-list position; negative ones too), else 0.
	Ordinal int
	// Location is where the expression starts; -1 if unknown.
	Location int
}

// ItemKind is the kind of a FROM item.
type ItemKind string

const (
	ItemTable    ItemKind = "table"    // a relation (table, view, …)
	ItemCTE      ItemKind = "cte"      // a reference to a WITH query
	ItemSubquery ItemKind = "subquery" // (SELECT …) or (VALUES …)
	ItemFunction ItemKind = "function" // f(…), ROWS FROM (…), XMLTABLE(…)
	ItemJoin     ItemKind = "join"     // an aliased join: (a JOIN b …) AS j, or JOIN … USING (…) AS j
)

// FromItem is something a query block reads rows from, with its name.
type FromItem struct {
	Kind ItemKind
	// Schema and Name name the table, CTE or (first) function; "" for a
	// subquery or join.
	Schema, Name string
	Alias        string
	// AliasColumns are the column aliases of AS x(a, b, …); for a table they
	// rename its first columns.
	AliasColumns []string
	// Columns are the item's output column names when the tree tells them
	// (subquery and CTE select lists, column definition lists, column
	// aliases); nil when unknown, and always nil for a table, whose columns
	// live in the catalog. Every name listed is a column of the item, but
	// the list may be short: column aliases of an item whose columns are
	// otherwise unknown name only its first columns.
	Columns []string
	Lateral bool
	// XMLTable is true for XMLTABLE(…), SQL syntax the grammar keeps as its
	// own node (Kind ItemFunction, Name "xmltable"), not a call: a function
	// called "xmltable"(…) has it false.
	XMLTable bool
	// Group is the position of the top-level, comma-separated FROM entry the
	// item belongs to; items joined by explicit JOINs share a group.
	Group int
	// Table indexes Analysis.Tables for an ItemTable; -1 otherwise.
	Table int
	// Body is the scope of a subquery's or CTE's body; -1 otherwise.
	Body     int
	Location int
}

// RefName is the name columns of the item are qualified with: the alias if
// there is one, else the table, CTE or function name; "" when the item
// cannot be referred to (an unaliased subquery or join).
func (f FromItem) RefName() string {
	if f.Alias != "" {
		return f.Alias
	}
	switch f.Kind {
	case ItemTable, ItemCTE, ItemFunction:
		return f.Name
	}
	return ""
}

// Equality is a condition a.x = b.y between two column references (in
// either order, no casts), a top-level conjunct of WHERE or of a JOIN's ON.
type Equality struct {
	// Left and Right index Analysis.Columns, in text order.
	Left, Right int
	// Join indexes Scope.Joins for an ON condition; -1 for WHERE.
	Join int
}

// Join is one explicit JOIN.
type Join struct {
	// Type is "inner", "left", "right", "full", or "cross" for an inner join
	// without any condition (CROSS JOIN; the grammar accepts no other form).
	Type    string
	Natural bool
	// Using lists the USING (…) columns.
	Using []string
	// On is true when the join has an ON condition.
	On    bool
	Alias string
	// Left and Right index Scope.Items: the items on each side.
	Left, Right []int
}

// Target is one entry of a select list.
type Target struct {
	// Name is the output column name: the alias, or the name Postgres gives
	// the common expression forms (column name, function name, "case", …),
	// else "?column?".
	Name string
	// Alias is the alias written with AS (or without it); "" when none.
	Alias string
	// Column indexes Analysis.Columns when the expression is a bare column
	// reference (not a star); -1 otherwise.
	Column int
	// Star is true for *, t.* and (x).*: entries that expand to any number
	// of columns.
	Star bool
	// Aggregates indexes Analysis.Functions: the aggregate calls in the
	// expression (outside subqueries).
	Aggregates []int
	// Window is true when the expression calls a window function.
	Window bool
	// Columns indexes Analysis.Columns: the column references of the
	// expression outside aggregate calls and subqueries.
	Columns []int
	// Key identifies the expression's structure (locations ignored), for
	// comparison with GroupItem.Key.
	Key      string
	Location int
}

// GroupItem is one GROUP BY expression.
type GroupItem struct {
	// Key identifies the expression's structure, see Target.Key.
	Key string
	// Ordinal is n for GROUP BY n (a select-list position), else 0.
	Ordinal int
	// Columns indexes Analysis.Columns: the column references inside.
	Columns []int
	// Column indexes Analysis.Columns when the expression is a bare column
	// reference; -1 otherwise.
	Column   int
	Location int
}

// Locking is one row-locking clause. pg_query records no location for
// locking clauses, so there is none here either.
type Locking struct {
	// Strength is "FOR UPDATE", "FOR NO KEY UPDATE", "FOR SHARE" or
	// "FOR KEY SHARE".
	Strength string
	// Wait is "", "NOWAIT" or "SKIP LOCKED".
	Wait string
	// Of lists the names after OF.
	Of    []string
	Scope int
}

// ItemRef points at a FROM item: Analysis.Scopes[Scope].Items[Item].
type ItemRef struct{ Scope, Item int }

// ScopeLocation is a location inside a query block for messages about
// things that carry none of their own: its first select-list entry or FROM
// item, else the first of its set operation's branches; -1 if none.
func (a *Analysis) ScopeLocation(scope int) int {
	s := a.Scopes[scope]
	for _, t := range s.Targets {
		if t.Location >= 0 {
			return t.Location
		}
	}
	for _, it := range s.Items {
		if it.Location >= 0 {
			return it.Location
		}
	}
	for _, b := range s.Branches {
		if l := a.ScopeLocation(b); l >= 0 {
			return l
		}
	}
	return -1
}

// Item returns the FROM item r points at.
func (a *Analysis) Item(r ItemRef) FromItem { return a.Scopes[r.Scope].Items[r.Item] }

// Resolve finds the FROM item a column qualifier names, searching scope and
// then its enclosing scopes, the way Postgres does: an aliased item answers
// only to its alias; a table also answers to schema.table. A qualifier
// longer than three names is never resolved.
//
// Resolution is permissive where Postgres is strict (a non-LATERAL
// subquery in FROM may not see its siblings; a CTE body may not see the
// outer FROM), so a reference Resolve cannot place is certainly invalid,
// but one it places may still be rejected by Postgres.
func (a *Analysis) Resolve(scope int, qualifier []string) (ItemRef, bool) {
	if len(qualifier) == 0 || len(qualifier) > 3 {
		return ItemRef{}, false
	}
	for s := scope; s >= 0 && s < len(a.Scopes); s = a.Scopes[s].Parent {
		for i, it := range a.Scopes[s].Items {
			if it.answers(qualifier) {
				return ItemRef{Scope: s, Item: i}, true
			}
		}
	}
	return ItemRef{}, false
}

// ResolveAll returns every FROM item in scope and its enclosing scopes
// that answers to qualifier, innermost first. Resolve returns the first;
// Postgres picks the innermost one the reference can see, which is among
// these (Resolve is permissive, see there). A caller that must be right
// about what q.name means (a column, or the call name(q) in attribute
// notation) checks all of them.
func (a *Analysis) ResolveAll(scope int, qualifier []string) []ItemRef {
	if len(qualifier) == 0 || len(qualifier) > 3 {
		return nil
	}
	var out []ItemRef
	for s := scope; s >= 0 && s < len(a.Scopes); s = a.Scopes[s].Parent {
		for i, it := range a.Scopes[s].Items {
			if it.answers(qualifier) {
				out = append(out, ItemRef{Scope: s, Item: i})
			}
		}
	}
	return out
}

func (f FromItem) answers(q []string) bool {
	if len(q) == 1 {
		return f.RefName() != "" && f.RefName() == q[0]
	}
	if f.Kind != ItemTable || f.Alias != "" {
		return false
	}
	q = q[len(q)-2:]
	return f.Name == q[1] && (f.Schema == "" || f.Schema == q[0])
}

// DataModifyingCTEs returns the CTEs whose bodies write.
func (a *Analysis) DataModifyingCTEs() []CTE {
	var out []CTE
	for _, c := range a.CTEs {
		if c.DataModifying() {
			out = append(out, c)
		}
	}
	return out
}

// OutputColumns returns the output column names of a query block when the
// tree tells them, nil otherwise (a star, a utility statement).
func (a *Analysis) OutputColumns(scope int) []string {
	if scope < 0 || scope >= len(a.Scopes) {
		return nil
	}
	s := a.Scopes[scope]
	switch s.Kind {
	case ScopeSetOp:
		if len(s.Branches) > 0 {
			return a.OutputColumns(s.Branches[0])
		}
		return nil
	case ScopeSelect, ScopeValues:
		out := make([]string, 0, len(s.Targets))
		for _, t := range s.Targets {
			if t.Star {
				return nil
			}
			out = append(out, t.Name)
		}
		return out
	}
	return nil
}
