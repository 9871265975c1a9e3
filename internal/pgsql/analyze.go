package pgsql

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Analysis is what one statement's whole parse tree says about the tables,
// functions, columns and query blocks it uses. It is built from the raw tree
// alone: names are as written (identifiers folded to lower case unless
// quoted), nothing is looked up in a catalog.
//
// Slices are in walk order, which is not always text order; use Location to
// sort. Indexes stored in the types (Scope, Table, Columns, …) point into the
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
	// Columns indexes Analysis.Columns, for an aggregate call not inside
	// another aggregate of its block: the column references in its
	// arguments, ORDER BY and FILTER, outside subqueries. Nil otherwise.
	Columns []int
}

// QualifiedName returns "schema.name", or "name" when unqualified.
func (f FuncCall) QualifiedName() string { return qualified(f.Schema, f.Name) }

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

// analyze walks a statement's whole tree.
func analyze(stmt *pg_query.Node) *Analysis {
	w := &walker{a: &Analysis{}}
	if stmt == nil {
		w.newScope(-1, ScopeOther, OriginTop)
		return w.a
	}
	top := w.stmt(stmt, -1, OriginTop)
	if s := w.a.Scopes[top]; s.Kind == ScopeSelect || s.Kind == ScopeSetOp || s.Kind == ScopeValues {
		w.a.HasLimit = s.HasLimit
	}
	return w.a
}

type walker struct {
	a *Analysis
	// conjs are the WHERE-conjunct collectors in effect; a column reference
	// is added to all of them, so an outer conjunct sees the references of
	// the subqueries inside it.
	conjs []*[]int
	// locs caches minLocation by node.
	locs map[proto.Message]int
	// havingAgg is set while a HAVING condition is walked; aggregate calls
	// (and GROUPING()) found meanwhile set it to true.
	havingAgg *bool
}

// ctx is the walking context of an expression.
type ctx struct {
	scope    int
	clause   Clause
	origin   Origin // for statements found inside the expression
	inAgg    bool
	agg      int        // 1 + the Functions index of the outermost aggregate call being walked; 0 outside one
	fromFunc bool       // the FuncCall is a FROM item itself
	target   *Target    // select-list entry being walked; nil elsewhere and inside subqueries
	group    *GroupItem // GROUP BY entry being walked
}

func (w *walker) newScope(parent int, kind ScopeKind, origin Origin) *Scope {
	s := &Scope{ID: len(w.a.Scopes), Parent: parent, Kind: kind, Origin: origin,
		HavingLocation: -1, LimitCount: -1, LimitLocation: -1}
	w.a.Scopes = append(w.a.Scopes, s)
	return s
}

// stmt walks a statement node and returns its scope.
func (w *walker) stmt(n *pg_query.Node, parent int, origin Origin) int {
	switch x := n.GetNode().(type) {
	case *pg_query.Node_SelectStmt:
		return w.selectStmt(x.SelectStmt, parent, origin)
	case *pg_query.Node_InsertStmt:
		return w.insertStmt(x.InsertStmt, parent, origin)
	case *pg_query.Node_UpdateStmt:
		return w.updateStmt(x.UpdateStmt, parent, origin)
	case *pg_query.Node_DeleteStmt:
		return w.deleteStmt(x.DeleteStmt, parent, origin)
	case *pg_query.Node_MergeStmt:
		return w.mergeStmt(x.MergeStmt, parent, origin)
	}
	s := w.newScope(parent, ScopeOther, origin)
	w.walkNode(n, ctx{scope: s.ID, clause: ClauseOther, origin: OriginNested})
	return s.ID
}

func setOpName(s *pg_query.SelectStmt) string {
	var name string
	switch s.GetOp() {
	case pg_query.SetOperation_SETOP_UNION:
		name = "union"
	case pg_query.SetOperation_SETOP_INTERSECT:
		name = "intersect"
	case pg_query.SetOperation_SETOP_EXCEPT:
		name = "except"
	default:
		return ""
	}
	if s.GetAll() {
		name += " all"
	}
	return name
}

func (w *walker) selectStmt(s *pg_query.SelectStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeSelect, origin)
	id := sc.ID
	if s == nil {
		return id
	}
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, id)
	}
	c := ctx{scope: id, origin: OriginExpr}
	switch {
	case setOpName(s) != "":
		sc.Kind = ScopeSetOp
		sc.SetOp = setOpName(s)
		l := w.selectStmt(s.GetLarg(), id, OriginSetOp)
		r := w.selectStmt(s.GetRarg(), id, OriginSetOp)
		sc.Branches = []int{l, r}
	case len(s.GetValuesLists()) > 0:
		sc.Kind = ScopeValues
		for i, row := range s.GetValuesLists() {
			w.walkNode(row, c.in(ClauseValues))
			if i == 0 {
				for j := range row.GetList().GetItems() {
					sc.Targets = append(sc.Targets, Target{Name: "column" + strconv.Itoa(j+1), Column: -1, Location: -1})
				}
			}
		}
	default:
		for i, f := range s.GetFromClause() {
			w.fromItem(f, id, i)
		}
		for _, t := range s.GetTargetList() {
			w.target(t, id)
		}
		w.where(s.GetWhereClause(), id)
		if len(s.GetGroupClause()) > 0 {
			sc.HasGroupBy = true
			for _, g := range s.GetGroupClause() {
				w.groupItem(g, id)
			}
		}
		if h := s.GetHavingClause(); h != nil {
			sc.HasHaving = true
			sc.HavingLocation = w.startOf(h)
			outer, agg := w.havingAgg, false
			w.havingAgg = &agg
			w.walkNode(h, c.in(ClauseHaving))
			w.havingAgg = outer
			sc.HavingAggregate = agg
			if agg && outer != nil {
				*outer = true // at any depth, for the enclosing HAVING too
			}
		}
		for _, win := range s.GetWindowClause() {
			w.walkNode(win, c.in(ClauseWindow))
		}
	}
	if dc := s.GetDistinctClause(); len(dc) > 0 {
		sc.Distinct = true
		for _, d := range dc {
			w.walkNode(d, c.in(ClauseDistinct))
		}
	}
	if into := s.GetIntoClause(); into != nil {
		w.into(into, id)
	}
	for _, o := range s.GetSortClause() {
		sc.HasOrderBy = true
		item := SortItem{Location: -1}
		if e := o.GetSortBy().GetNode(); e != nil {
			item.Location = w.startOf(e)
			if iv := e.GetAConst().GetIval(); iv != nil {
				item.Ordinal = int(iv.GetIval())
			}
		}
		sc.OrderBy = append(sc.OrderBy, item)
		w.walkNode(o, c.in(ClauseOrderBy))
	}
	w.walkNode(s.GetLimitOffset(), c.in(ClauseLimit))
	w.walkNode(s.GetLimitCount(), c.in(ClauseLimit))
	if sc.HasLimit = hasLimit(s); sc.HasLimit {
		lc := s.GetLimitCount()
		sc.LimitLocation = w.startOf(lc)
		if iv := lc.GetAConst().GetIval(); iv != nil {
			sc.LimitCount = int64(iv.GetIval())
		}
	}
	for _, l := range s.GetLockingClause() {
		if lc := l.GetLockingClause(); lc != nil {
			w.locking(lc, id)
		}
	}
	return id
}

// hasLimit reports whether a SELECT has a row-bounding LIMIT/FETCH.
func hasLimit(s *pg_query.SelectStmt) bool {
	lc := s.GetLimitCount()
	if lc == nil {
		return false
	}
	if k := lc.GetAConst(); k != nil && k.GetIsnull() {
		return false // LIMIT ALL, LIMIT NULL
	}
	return true
}

func (c ctx) in(cl Clause) ctx {
	c.clause = cl
	return c
}

func conjuncts(n *pg_query.Node) []*pg_query.Node {
	if b := n.GetBoolExpr(); b != nil && b.GetBoolop() == pg_query.BoolExprType_AND_EXPR {
		var out []*pg_query.Node
		for _, a := range b.GetArgs() {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []*pg_query.Node{n}
}

func (w *walker) target(n *pg_query.Node, scope int) {
	rt := n.GetResTarget()
	if rt == nil {
		w.walkNode(n, ctx{scope: scope, clause: ClauseSelect, origin: OriginExpr})
		return
	}
	t := &Target{Name: rt.GetName(), Alias: rt.GetName(), Column: -1, Location: int(rt.GetLocation())}
	if t.Name == "" {
		t.Name = figureColname(rt.GetVal())
	}
	if cr := rt.GetVal().GetColumnRef(); cr != nil {
		if f := cr.GetFields(); len(f) > 0 && f[len(f)-1].GetAStar() != nil {
			t.Star = true
			t.Name = ""
		}
	}
	if ind := rt.GetVal().GetAIndirection(); ind != nil {
		// (x).* expands to every field of x.
		if l := ind.GetIndirection(); len(l) > 0 && l[len(l)-1].GetAStar() != nil {
			t.Star = true
			t.Name = ""
		}
	}
	first := len(w.a.Columns)
	w.walkNode(rt.GetVal(), ctx{scope: scope, clause: ClauseSelect, origin: OriginExpr, target: t})
	if rt.GetVal().GetColumnRef() != nil && !t.Star && len(w.a.Columns) == first+1 {
		t.Column = first
	}
	t.Key = exprKey(rt.GetVal())
	w.a.Scopes[scope].Targets = append(w.a.Scopes[scope].Targets, *t)
}

func (w *walker) groupItem(n *pg_query.Node, scope int) {
	if gs := n.GetGroupingSet(); gs != nil {
		for _, c := range gs.GetContent() {
			w.groupItem(c, scope)
		}
		return
	}
	if l := n.GetList(); l != nil { // a row of a GROUPING SETS entry
		for _, c := range l.GetItems() {
			w.groupItem(c, scope)
		}
		return
	}
	g := &GroupItem{Key: exprKey(n), Column: -1, Location: nodeLocation(n)}
	if k := n.GetAConst(); k != nil {
		if iv := k.GetIval(); iv != nil {
			g.Ordinal = int(iv.GetIval())
		}
	}
	w.walkNode(n, ctx{scope: scope, clause: ClauseGroupBy, origin: OriginExpr, group: g})
	if n.GetColumnRef() != nil && len(g.Columns) == 1 {
		g.Column = g.Columns[0]
	}
	w.a.Scopes[scope].GroupBy = append(w.a.Scopes[scope].GroupBy, *g)
}

func (w *walker) with(wc *pg_query.WithClause, scope int) {
	sc := w.a.Scopes[scope]
	type pending struct {
		idx int
		cte *pg_query.CommonTableExpr
	}
	var list []pending
	for _, n := range wc.GetCtes() {
		cte := n.GetCommonTableExpr()
		if cte == nil {
			continue
		}
		kind, _ := classify(cte.GetCtequery())
		idx := len(w.a.CTEs)
		w.a.CTEs = append(w.a.CTEs, CTE{
			Name: cte.GetCtename(), Kind: kind, Recursive: wc.GetRecursive(), Scope: scope, Body: -1,
			Columns: stringList(cte.GetAliascolnames()), Location: int(cte.GetLocation()),
		})
		list = append(list, pending{idx, cte})
		if wc.GetRecursive() {
			// WITH RECURSIVE: every CTE of the list is visible in every body.
			sc.CTEs = append(sc.CTEs, idx)
		}
	}
	for _, p := range list {
		body := w.stmt(p.cte.GetCtequery(), scope, OriginCTE)
		w.a.Scopes[body].CTE = p.cte.GetCtename()
		w.a.CTEs[p.idx].Body = body
		if w.a.CTEs[p.idx].Columns == nil {
			w.a.CTEs[p.idx].Columns = w.a.OutputColumns(body)
		}
		if !wc.GetRecursive() {
			sc.CTEs = append(sc.CTEs, p.idx)
		}
	}
}

// lookupCTE finds a WITH query visible from scope by name.
func (w *walker) lookupCTE(scope int, name string) (int, bool) {
	for s := scope; s >= 0; s = w.a.Scopes[s].Parent {
		ctes := w.a.Scopes[s].CTEs
		for i := len(ctes) - 1; i >= 0; i-- {
			if w.a.CTEs[ctes[i]].Name == name {
				return ctes[i], true
			}
		}
	}
	return 0, false
}

func (w *walker) table(rv *pg_query.RangeVar, scope int, role Role) int {
	idx := len(w.a.Tables)
	w.a.Tables = append(w.a.Tables, TableRef{
		Catalog: rv.GetCatalogname(), Schema: rv.GetSchemaname(), Name: rv.GetRelname(),
		Alias: rv.GetAlias().GetAliasname(), Only: !rv.GetInh(), Role: role, Scope: scope,
		Location: int(rv.GetLocation()),
	})
	return idx
}

func (w *walker) addItem(scope int, it FromItem) int {
	sc := w.a.Scopes[scope]
	sc.Items = append(sc.Items, it)
	return len(sc.Items) - 1
}

// rangeVarItem adds a FROM item for a relation name: a CTE reference when an
// unqualified name matches a visible WITH query, else a table.
func (w *walker) rangeVarItem(rv *pg_query.RangeVar, scope, group int, role Role) int {
	alias := rv.GetAlias()
	it := FromItem{
		Schema: rv.GetSchemaname(), Name: rv.GetRelname(), Alias: alias.GetAliasname(),
		AliasColumns: stringList(alias.GetColnames()), Group: group, Table: -1, Body: -1,
		Location: int(rv.GetLocation()),
	}
	if rv.GetSchemaname() == "" && rv.GetCatalogname() == "" {
		if ci, ok := w.lookupCTE(scope, rv.GetRelname()); ok {
			it.Kind = ItemCTE
			it.Body = w.a.CTEs[ci].Body
			it.Columns = renamed(w.a.CTEs[ci].Columns, it.AliasColumns)
			return w.addItem(scope, it)
		}
	}
	it.Kind = ItemTable
	it.Table = w.table(rv, scope, role)
	return w.addItem(scope, it)
}

// renamed applies column aliases to known columns.
func renamed(cols, aliases []string) []string {
	if len(aliases) == 0 {
		return cols
	}
	if cols == nil {
		return nil
	}
	out := append([]string{}, cols...)
	for i, a := range aliases {
		if i < len(out) {
			out[i] = a
		}
	}
	return out
}

// fromItem walks one FROM entry and returns the indexes of the items added.
func (w *walker) fromItem(n *pg_query.Node, scope, group int) []int {
	c := ctx{scope: scope, clause: ClauseFrom, origin: OriginExpr}
	switch x := n.GetNode().(type) {
	case *pg_query.Node_RangeVar:
		return []int{w.rangeVarItem(x.RangeVar, scope, group, RoleRead)}
	case *pg_query.Node_RangeSubselect:
		rs := x.RangeSubselect
		body := w.stmt(rs.GetSubquery(), scope, OriginFrom)
		w.a.Scopes[body].Lateral = rs.GetLateral()
		alias := rs.GetAlias()
		it := FromItem{
			Kind: ItemSubquery, Alias: alias.GetAliasname(), AliasColumns: stringList(alias.GetColnames()),
			Lateral: rs.GetLateral(), Group: group, Table: -1, Body: body, Location: w.firstLocation(body),
		}
		it.Columns = w.a.OutputColumns(body)
		if len(it.AliasColumns) > 0 {
			if it.Columns == nil {
				it.Columns = it.AliasColumns
			} else {
				it.Columns = renamed(it.Columns, it.AliasColumns)
			}
		}
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_RangeFunction:
		rf := x.RangeFunction
		alias := rf.GetAlias()
		it := FromItem{
			Kind: ItemFunction, Alias: alias.GetAliasname(), AliasColumns: stringList(alias.GetColnames()),
			Lateral: rf.GetLateral(), Group: group, Table: -1, Body: -1, Location: -1,
		}
		fc := c
		fc.fromFunc = true
		for i, f := range rf.GetFunctions() {
			items := f.GetList().GetItems()
			if len(items) == 0 {
				w.walkNode(f, fc)
				continue
			}
			if call := items[0].GetFuncCall(); call != nil && i == 0 {
				it.Schema, it.Name = funcName(call.GetFuncname())
				it.Location = int(call.GetLocation())
			}
			w.walkNode(items[0], fc)
			for _, rest := range items[1:] {
				w.walkNode(rest, c)
			}
		}
		for _, cd := range rf.GetColdeflist() {
			w.walkNode(cd, c)
		}
		switch {
		case len(it.AliasColumns) > 0:
			// The aliases rename the first columns, the ordinality
			// column among them when they outnumber the function's.
			it.Columns = it.AliasColumns
		case len(rf.GetColdeflist()) > 0:
			for _, cd := range rf.GetColdeflist() {
				it.Columns = append(it.Columns, cd.GetColumnDef().GetColname())
			}
			if rf.GetOrdinality() {
				it.Columns = append(it.Columns, "ordinality")
			}
		}
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_JoinExpr:
		j := x.JoinExpr
		left := w.fromItem(j.GetLarg(), scope, group)
		right := w.fromItem(j.GetRarg(), scope, group)
		join := Join{
			Natural: j.GetIsNatural(), Using: stringList(j.GetUsingClause()), On: j.GetQuals() != nil,
			Alias: j.GetAlias().GetAliasname(), Left: left, Right: right,
		}
		switch j.GetJointype() {
		case pg_query.JoinType_JOIN_LEFT:
			join.Type = "left"
		case pg_query.JoinType_JOIN_RIGHT:
			join.Type = "right"
		case pg_query.JoinType_JOIN_FULL:
			join.Type = "full"
		default:
			join.Type = "inner"
			if !join.Natural && !join.On && len(join.Using) == 0 {
				join.Type = "cross"
			}
		}
		sc := w.a.Scopes[scope]
		if q := j.GetQuals(); q != nil {
			for _, conj := range conjuncts(q) {
				first := len(w.a.Columns)
				w.walkNode(conj, c.in(ClauseOn))
				w.equality(sc, conj, first, len(sc.Joins))
			}
		}
		sc.Joins = append(sc.Joins, join)
		items := append(append([]int{}, left...), right...)
		for _, a := range []*pg_query.Alias{j.GetJoinUsingAlias(), j.GetAlias()} {
			if a.GetAliasname() == "" {
				continue
			}
			items = append(items, w.addItem(scope, FromItem{
				Kind: ItemJoin, Alias: a.GetAliasname(), AliasColumns: stringList(a.GetColnames()),
				Columns: stringList(a.GetColnames()), Group: group, Table: -1, Body: -1, Location: -1,
			}))
		}
		return items
	case *pg_query.Node_RangeTableFunc:
		tf := x.RangeTableFunc
		w.walkNode(tf.GetDocexpr(), c)
		w.walkNode(tf.GetRowexpr(), c)
		for _, ns := range tf.GetNamespaces() {
			w.walkNode(ns, c)
		}
		it := FromItem{
			Kind: ItemFunction, Name: "xmltable", Alias: tf.GetAlias().GetAliasname(),
			AliasColumns: stringList(tf.GetAlias().GetColnames()), Lateral: tf.GetLateral(),
			Group: group, Table: -1, Body: -1, Location: int(tf.GetLocation()),
		}
		for _, col := range tf.GetColumns() {
			w.walkNode(col, c)
			if rc := col.GetRangeTableFuncCol(); rc != nil {
				it.Columns = append(it.Columns, rc.GetColname())
			}
		}
		it.Columns = renamed(it.Columns, it.AliasColumns)
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_RangeTableSample:
		ts := x.RangeTableSample
		items := w.fromItem(ts.GetRelation(), scope, group)
		for _, a := range ts.GetArgs() {
			w.walkNode(a, c)
		}
		w.walkNode(ts.GetRepeatable(), c)
		return items
	}
	w.walkNode(n, c)
	return nil
}

// firstLocation returns a location inside a scope (its first item or
// target) for messages about items that carry none.
func (w *walker) firstLocation(scope int) int {
	s := w.a.Scopes[scope]
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
		if l := w.firstLocation(b); l >= 0 {
			return l
		}
	}
	return -1
}

func (w *walker) into(ic *pg_query.IntoClause, scope int) {
	if rel := ic.GetRel(); rel != nil {
		w.a.Into = &TableRef{
			Catalog: rel.GetCatalogname(), Schema: rel.GetSchemaname(), Name: rel.GetRelname(),
			Role: RoleWrite, Scope: scope, Location: int(rel.GetLocation()),
		}
	}
	for _, o := range ic.GetOptions() {
		w.walkNode(o, ctx{scope: scope, clause: ClauseOther, origin: OriginNested})
	}
	w.walkNode(ic.GetViewQuery(), ctx{scope: scope, clause: ClauseOther, origin: OriginNested})
}

func (w *walker) locking(lc *pg_query.LockingClause, scope int) {
	l := Locking{Scope: scope}
	switch lc.GetStrength() {
	case pg_query.LockClauseStrength_LCS_FORKEYSHARE:
		l.Strength = "FOR KEY SHARE"
	case pg_query.LockClauseStrength_LCS_FORSHARE:
		l.Strength = "FOR SHARE"
	case pg_query.LockClauseStrength_LCS_FORNOKEYUPDATE:
		l.Strength = "FOR NO KEY UPDATE"
	default:
		l.Strength = "FOR UPDATE"
	}
	switch lc.GetWaitPolicy() {
	case pg_query.LockWaitPolicy_LockWaitSkip:
		l.Wait = "SKIP LOCKED"
	case pg_query.LockWaitPolicy_LockWaitError:
		l.Wait = "NOWAIT"
	}
	for _, r := range lc.GetLockedRels() {
		if rv := r.GetRangeVar(); rv != nil {
			l.Of = append(l.Of, rv.GetRelname())
		}
	}
	w.a.Locking = append(w.a.Locking, l)
}

func (w *walker) dmlTarget(rv *pg_query.RangeVar, scope int) {
	if rv == nil {
		return
	}
	w.rangeVarItem(rv, scope, 0, RoleWrite)
}

func (w *walker) returning(list []*pg_query.Node, scope int) {
	for _, r := range list {
		w.walkNode(r, ctx{scope: scope, clause: ClauseReturning, origin: OriginExpr})
	}
}

func (w *walker) where(n *pg_query.Node, scope int) {
	if n == nil {
		return
	}
	sc := w.a.Scopes[scope]
	for _, conj := range conjuncts(n) {
		var cols []int
		w.conjs = append(w.conjs, &cols)
		first := len(w.a.Columns)
		w.walkNode(conj, ctx{scope: scope, clause: ClauseWhere, origin: OriginExpr})
		w.equality(sc, conj, first, -1)
		w.conjs = w.conjs[:len(w.conjs)-1]
		sc.Where = append(sc.Where, cols)
	}
}

// equality records conj as an Equality of sc when it is "column = column";
// first is len(Analysis.Columns) before conj was walked.
func (w *walker) equality(sc *Scope, conj *pg_query.Node, first, join int) {
	e := conj.GetAExpr()
	if e == nil || e.GetKind() != pg_query.A_Expr_Kind_AEXPR_OP || e.GetLexpr().GetColumnRef() == nil ||
		e.GetRexpr().GetColumnRef() == nil || len(w.a.Columns) != first+2 {
		return
	}
	if _, op := funcName(e.GetName()); op != "=" {
		return
	}
	if w.a.Columns[first].Star || w.a.Columns[first+1].Star {
		return
	}
	l, r := first, first+1
	if w.a.Columns[r].Location < w.a.Columns[l].Location {
		l, r = r, l
	}
	sc.Equalities = append(sc.Equalities, Equality{Left: l, Right: r, Join: join})
}

func (w *walker) insertStmt(s *pg_query.InsertStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeInsert, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	if sel := s.GetSelectStmt(); sel != nil {
		w.stmt(sel, sc.ID, OriginInsert)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	c := ctx{scope: sc.ID, clause: ClauseOther, origin: OriginExpr}
	for _, col := range s.GetCols() {
		w.walkNode(col, c)
	}
	if oc := s.GetOnConflictClause(); oc != nil {
		w.walk(oc.ProtoReflect(), c)
	}
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) updateStmt(s *pg_query.UpdateStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeUpdate, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	for i, f := range s.GetFromClause() {
		w.fromItem(f, sc.ID, i+1)
	}
	for _, t := range s.GetTargetList() {
		w.walkNode(t, ctx{scope: sc.ID, clause: ClauseSet, origin: OriginExpr})
	}
	w.where(s.GetWhereClause(), sc.ID)
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) deleteStmt(s *pg_query.DeleteStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeDelete, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	for i, f := range s.GetUsingClause() {
		w.fromItem(f, sc.ID, i+1)
	}
	w.where(s.GetWhereClause(), sc.ID)
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) mergeStmt(s *pg_query.MergeStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeMerge, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	if src := s.GetSourceRelation(); src != nil {
		w.fromItem(src, sc.ID, 1)
	}
	w.walkNode(s.GetJoinCondition(), ctx{scope: sc.ID, clause: ClauseOn, origin: OriginExpr})
	for _, wh := range s.GetMergeWhenClauses() {
		w.walkNode(wh, ctx{scope: sc.ID, clause: ClauseOther, origin: OriginExpr})
	}
	return sc.ID
}

func (w *walker) walkNode(n *pg_query.Node, c ctx) {
	if n == nil {
		return
	}
	if m := nodeMessage(n); m != nil {
		w.walk(m, c)
	}
}

// walk visits an expression (or any other message) and everything below it.
func (w *walker) walk(m protoreflect.Message, c ctx) {
	switch x := m.Interface().(type) {
	case *pg_query.SelectStmt:
		w.selectStmt(x, c.scope, c.origin)
		return
	case *pg_query.InsertStmt:
		w.insertStmt(x, c.scope, c.origin)
		return
	case *pg_query.UpdateStmt:
		w.updateStmt(x, c.scope, c.origin)
		return
	case *pg_query.DeleteStmt:
		w.deleteStmt(x, c.scope, c.origin)
		return
	case *pg_query.MergeStmt:
		w.mergeStmt(x, c.scope, c.origin)
		return
	case *pg_query.WithClause:
		w.with(x, c.scope)
		return
	case *pg_query.RangeVar:
		// Outside FROM lists (which fromItem handles) a RangeVar is named by
		// a utility statement: COPY t, LOCK t, CREATE TABLE t, ….
		w.table(x, c.scope, RoleOther)
		return
	case *pg_query.IntoClause:
		w.into(x, c.scope)
		return
	case *pg_query.LockingClause:
		w.locking(x, c.scope)
		return
	case *pg_query.FuncCall:
		w.funcCall(x, c)
		return
	case *pg_query.JsonArrayAgg:
		w.jsonAgg("json_arrayagg", x.GetConstructor(), x, c)
		return
	case *pg_query.JsonObjectAgg:
		w.jsonAgg("json_objectagg", x.GetConstructor(), x, c)
		return
	case *pg_query.ColumnRef:
		w.columnRef(x, c)
		return
	case *pg_query.A_Indirection:
		w.indirection(x, c)
		return
	case *pg_query.ParamRef:
		w.a.Params = append(w.a.Params, Param{
			Number: int(x.GetNumber()), Scope: c.scope, Clause: c.clause, Location: int(x.GetLocation()),
		})
		return
	// The nodes below are recorded, then walked like any other.
	case *pg_query.TypeName:
		schema, name := funcName(x.GetNames())
		w.a.Types = append(w.a.Types, TypeRef{Schema: schema, Name: name, Location: int(x.GetLocation())})
	case *pg_query.A_Expr:
		kind := opKinds[x.GetKind()]
		if kind != OpBetween {
			// BETWEEN is named by key word; its comparisons are implicit.
			w.operator(x.GetName(), c, int(x.GetLocation()))
		}
		if kind != "" {
			w.opExpr(x, kind, c)
			return
		}
	case *pg_query.SubLink:
		w.subLink(x, c)
		return
	case *pg_query.CaseExpr:
		if x.GetArg() != nil {
			w.simpleCase(x, c)
			return
		}
	case *pg_query.GroupingFunc:
		if w.havingAgg != nil {
			*w.havingAgg = true
		}
	case *pg_query.SortBy:
		w.operator(x.GetUseOp(), c, int(x.GetLocation()))
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
		case fd.IsList():
			if fd.Message() == nil {
				return true
			}
			l := v.List()
			for i := 0; i < l.Len(); i++ {
				w.walk(l.Get(i).Message(), c)
			}
		case fd.Message() != nil:
			w.walk(v.Message(), c)
		}
		return true
	})
}

func (w *walker) funcCall(f *pg_query.FuncCall, c ctx) {
	schema, name := funcName(f.GetFuncname())
	fc := FuncCall{
		Schema: schema, Name: name, Scope: c.scope, Clause: c.clause, Location: int(f.GetLocation()),
		InFrom: c.fromFunc, Star: f.GetAggStar(), Distinct: f.GetAggDistinct(), Window: f.GetOver() != nil,
		SQLSyntax: f.GetFuncformat() == pg_query.CoercionForm_COERCE_SQL_SYNTAX,
	}
	fc.Aggregate = !fc.Window && (f.GetAggStar() || f.GetAggDistinct() || len(f.GetAggOrder()) > 0 ||
		f.GetAggFilter() != nil || f.GetAggWithinGroup() || BuiltinAggregate(schema, name))
	idx := w.recordFunc(fc, c)
	inner := c
	inner.fromFunc = false
	if fc.Aggregate {
		inner.inAgg = true
		if c.agg == 0 {
			inner.agg = idx + 1
		}
	}
	for _, a := range f.GetArgs() {
		w.walkNode(a, inner)
	}
	for _, o := range f.GetAggOrder() {
		w.walkNode(o, inner)
	}
	w.walkNode(f.GetAggFilter(), inner)
	if over := f.GetOver(); over != nil {
		w.walk(over.ProtoReflect(), inner)
	}
}

func (w *walker) jsonAgg(name string, con *pg_query.JsonAggConstructor, m proto.Message, c ctx) {
	fc := FuncCall{
		Name: name, Scope: c.scope, Clause: c.clause, Location: int(con.GetLocation()),
		Window: con.GetOver() != nil, SQLSyntax: true,
	}
	fc.Aggregate = !fc.Window
	idx := w.recordFunc(fc, c)
	inner := c
	inner.fromFunc = false
	inner.inAgg = inner.inAgg || fc.Aggregate
	if fc.Aggregate && c.agg == 0 {
		inner.agg = idx + 1
	}
	m.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Message() != nil && !fd.IsList() && !fd.IsMap() {
			w.walk(v.Message(), inner)
		}
		return true
	})
}

// recordFunc adds fc to the analysis and returns its index.
func (w *walker) recordFunc(fc FuncCall, c ctx) int {
	idx := len(w.a.Functions)
	w.a.Functions = append(w.a.Functions, fc)
	if fc.Aggregate && w.havingAgg != nil {
		*w.havingAgg = true
	}
	if c.target != nil {
		if fc.Aggregate && !c.inAgg {
			c.target.Aggregates = append(c.target.Aggregates, idx)
		}
		if fc.Window {
			c.target.Window = true
		}
	}
	return idx
}

func (w *walker) columnRef(cr *pg_query.ColumnRef, c ctx) {
	ref := ColumnRef{Scope: c.scope, Clause: c.clause, InAggregate: c.inAgg, Location: int(cr.GetLocation())}
	var parts []string
	for _, f := range cr.GetFields() {
		switch {
		case f.GetString_() != nil:
			parts = append(parts, f.GetString_().GetSval())
		case f.GetAStar() != nil:
			ref.Star = true
		}
	}
	if ref.Star {
		ref.Qualifier = parts
	} else if len(parts) > 0 {
		ref.Qualifier = parts[:len(parts)-1]
		ref.Name = parts[len(parts)-1]
	}
	if len(ref.Qualifier) == 0 {
		ref.Qualifier = nil
	}
	idx := len(w.a.Columns)
	w.a.Columns = append(w.a.Columns, ref)
	if c.agg > 0 {
		f := &w.a.Functions[c.agg-1]
		f.Columns = append(f.Columns, idx)
	}
	if c.target != nil && !c.inAgg {
		c.target.Columns = append(c.target.Columns, idx)
	}
	if c.group != nil {
		c.group.Columns = append(c.group.Columns, idx)
	}
	for _, cols := range w.conjs {
		*cols = append(*cols, idx)
	}
}

// indirection walks (x).f, (x)[i] and the like, recording the field names.
func (w *walker) indirection(ind *pg_query.A_Indirection, c ctx) {
	loc := w.minLocation(ind.GetArg().ProtoReflect())
	var of string
	if cr := ind.GetArg().GetColumnRef(); cr != nil {
		names := stringList(cr.GetFields())
		if len(names) == len(cr.GetFields()) { // no star
			of = strings.Join(names, ".")
		}
	}
	for i, n := range ind.GetIndirection() {
		s := n.GetString_()
		if s == nil {
			of = "" // a subscript or star: no longer a plain path
			continue
		}
		w.a.Fields = append(w.a.Fields, FieldRef{Name: s.GetSval(), Of: of, Scope: c.scope, Clause: c.clause, Location: loc})
		if of != "" {
			if i == 0 {
				of = "(" + of + ")"
			}
			of += "." + s.GetSval()
		}
	}
	w.walkNode(ind.GetArg(), c)
	for _, n := range ind.GetIndirection() {
		w.walkNode(n, c) // subscripts hold expressions
	}
}

// operator records an operator name list (["="], ["s", "op"]); an empty
// list records nothing.
func (w *walker) operator(names []*pg_query.Node, c ctx, loc int) {
	schema, name := funcName(names)
	if name == "" {
		return
	}
	w.a.Operators = append(w.a.Operators, OperatorRef{Schema: schema, Name: name, Scope: c.scope, Location: loc})
}

// minLocation returns the smallest location below m (where the
// expression starts in the text); -1 if there is none. Results are kept,
// so that nested field selections ((((x).a).b).c) cost linear time.
func (w *walker) minLocation(m protoreflect.Message) int {
	key := m.Interface()
	if loc, ok := w.locs[key]; ok {
		return loc
	}
	best := -1
	// Read directly: Range skips a location of 0, the proto3 zero value.
	if fd := m.Descriptor().Fields().ByName("location"); fd != nil && fd.Kind() == protoreflect.Int32Kind {
		best = max(int(m.Get(fd).Int()), -1)
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
		case fd.IsList():
			if fd.Message() != nil {
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					if loc := w.minLocation(l.Get(i).Message()); loc >= 0 && (best < 0 || loc < best) {
						best = loc
					}
				}
			}
		case fd.Message() != nil:
			if loc := w.minLocation(v.Message()); loc >= 0 && (best < 0 || loc < best) {
				best = loc
			}
		}
		return true
	})
	if w.locs == nil {
		w.locs = map[proto.Message]int{}
	}
	w.locs[key] = best
	return best
}

// funcName splits a qualified name (function, type, operator).
func funcName(names []*pg_query.Node) (schema, name string) {
	parts := stringList(names)
	switch len(parts) {
	case 0:
		return "", ""
	case 1:
		return "", parts[0]
	}
	return parts[len(parts)-2], parts[len(parts)-1]
}

// stringList returns the String values of a node list.
func stringList(nodes []*pg_query.Node) []string {
	var out []string
	for _, n := range nodes {
		if s := n.GetString_(); s != nil {
			out = append(out, s.GetSval())
		}
	}
	return out
}

// figureColname names an unaliased select-list expression the way Postgres'
// FigureColname does for the common forms.
func figureColname(n *pg_query.Node) string {
	switch x := n.GetNode().(type) {
	case *pg_query.Node_ColumnRef:
		f := stringList(x.ColumnRef.GetFields())
		if len(f) > 0 {
			return f[len(f)-1]
		}
	case *pg_query.Node_FuncCall:
		_, name := funcName(x.FuncCall.GetFuncname())
		return name
	case *pg_query.Node_TypeCast:
		if name := figureColname(x.TypeCast.GetArg()); name != "?column?" {
			return name
		}
		if names := stringList(x.TypeCast.GetTypeName().GetNames()); len(names) > 0 {
			return names[len(names)-1]
		}
	case *pg_query.Node_AIndirection:
		if f := stringList(x.AIndirection.GetIndirection()); len(f) > 0 {
			return f[len(f)-1]
		}
		return figureColname(x.AIndirection.GetArg())
	case *pg_query.Node_CaseExpr:
		return "case"
	case *pg_query.Node_CoalesceExpr:
		return "coalesce"
	case *pg_query.Node_MinMaxExpr:
		if x.MinMaxExpr.GetOp() == pg_query.MinMaxOp_IS_LEAST {
			return "least"
		}
		return "greatest"
	case *pg_query.Node_AArrayExpr:
		return "array"
	case *pg_query.Node_RowExpr:
		return "row"
	case *pg_query.Node_JsonArrayAgg:
		return "json_arrayagg"
	case *pg_query.Node_JsonObjectAgg:
		return "json_objectagg"
	case *pg_query.Node_SubLink:
		switch x.SubLink.GetSubLinkType() {
		case pg_query.SubLinkType_EXISTS_SUBLINK:
			return "exists"
		case pg_query.SubLinkType_ARRAY_SUBLINK:
			return "array"
		case pg_query.SubLinkType_EXPR_SUBLINK:
			if sel := x.SubLink.GetSubselect().GetSelectStmt(); sel != nil && len(sel.GetTargetList()) > 0 {
				rt := sel.GetTargetList()[0].GetResTarget()
				if rt.GetName() != "" {
					return rt.GetName()
				}
				return figureColname(rt.GetVal())
			}
		}
	}
	return "?column?"
}

// startOf returns where the expression n starts in the text; -1 if unknown.
func (w *walker) startOf(n *pg_query.Node) int {
	m := nodeMessage(n)
	if m == nil {
		return -1
	}
	return w.minLocation(m)
}

// nodeLocation returns the location field of the node's message, -1 if none.
func nodeLocation(n *pg_query.Node) int {
	m := nodeMessage(n)
	if m == nil {
		return -1
	}
	fd := m.Descriptor().Fields().ByName("location")
	if fd == nil || fd.Kind() != protoreflect.Int32Kind {
		return -1
	}
	return int(m.Get(fd).Int())
}

// exprKey identifies an expression's structure, locations ignored.
func exprKey(n *pg_query.Node) string {
	if n == nil {
		return ""
	}
	c := proto.Clone(n)
	clearLocations(c.ProtoReflect())
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(c)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// clearLocations zeroes every location field below m, so that trees parsed
// from differently formatted text compare equal.
func clearLocations(m protoreflect.Message) {
	var clear []protoreflect.FieldDescriptor
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
		case fd.IsList():
			if fd.Message() != nil {
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					clearLocations(l.Get(i).Message())
				}
			}
		case fd.Message() != nil:
			clearLocations(v.Message())
		case fd.Kind() == protoreflect.Int32Kind:
			switch fd.Name() {
			case "location", "stmt_location", "stmt_len":
				clear = append(clear, fd)
			}
		}
		return true
	})
	for _, fd := range clear {
		m.Clear(fd)
	}
}
