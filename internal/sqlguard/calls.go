package sqlguard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// oidTypes are the object identifier types whose input and output
// functions look objects up by name or OID: 'rag.queries'::regclass tells
// whether a table exists, and n::regclass names the table with OID n, for
// any n. Casting to them is refused like to_regclass is.
var oidTypes = map[string]bool{
	"regclass": true, "regcollation": true, "regconfig": true, "regdictionary": true,
	"regnamespace": true, "regoper": true, "regoperator": true, "regproc": true,
	"regprocedure": true, "regrole": true, "regtype": true,
}

// oidType reports whether a type name is an object identifier type or an
// array of one: Postgres also names regclass[] _regclass, and
// '{pg_authid}'::_regclass looks the table up like 'pg_authid'::regclass.
func oidType(name string) bool { return oidTypes[strings.TrimPrefix(name, "_")] }

// aclType reports whether a type name is aclitem or its array, whose text
// names roles: 'x=r/y'::aclitem fails for a role that does not exist.
func aclType(name string) bool { return strings.TrimPrefix(name, "_") == "aclitem" }

// allowedSchemas are the schemas a query may name functions, operators and
// types in: pg_catalog and the catalog's own.
func allowedSchemas(cat Catalog) map[string]bool {
	out := map[string]bool{"pg_catalog": true}
	for _, s := range cat.SearchPath() {
		out[s] = true
	}
	return out
}

// unknownSchema is the violation for a function, operator or type named in
// a schema outside the catalog. It is repairable: the schema is most often
// a guess (public.round, math.sqrt), and the model can drop it.
func unknownSchema(kind, name, schema string, cat Catalog, script *pgsql.Script, loc int) Violation {
	allowed := []string{"pg_catalog"}
	for _, s := range cat.SearchPath() { // never modify it: it may be the catalog's own slice
		if !slices.Contains(allowed, s) {
			allowed = append(allowed, s)
		}
	}
	list := allowed[0]
	if n := len(allowed); n > 1 {
		list = strings.Join(allowed[:n-1], ", ") + " or " + allowed[n-1]
	}
	state := sqlstateUndefinedFn
	if kind == "type" {
		state = sqlstateUndefinedObj
	}
	return Violation{
		Code: CodeUnknownSchema, SQLSTATE: state, Class: errclass.SQLError, Position: script.CharPos(loc),
		Message: at(script, loc, "%s %s is in schema %s, which is not part of the catalog; write %ss unqualified or qualified with %s",
			kind, name, schema, kind, list),
	}
}

// attrCall is a name Postgres may read as a function call in attribute
// notation.
type attrCall struct {
	name    string
	written string // e.g. "e.http", "(…).http"
	arg     string // e.g. "e", "…"
	loc     int
}

// attributeCalls returns the names of the statement that Postgres may read
// as function calls although they are not written as calls: the last name
// of a qualified column reference q.name unless name is a known column of
// every item q may refer to (Postgres reads q.name as name(q) when q has no
// such column), and every field selected from an expression ((x).name is
// name(x) when x has no such field, for a value of any type). Where the
// columns are unknown (a table without columns, SELECT * in a subquery, a
// function's result), the name counts as a possible call.
func (l *linter) attributeCalls() []attrCall {
	var out []attrCall
	for _, ref := range l.a.Columns {
		if ref.Star || len(ref.Qualifier) == 0 || l.knownColumn(ref) {
			continue
		}
		q := strings.Join(ref.Qualifier, ".")
		out = append(out, attrCall{name: ref.Name, written: ref.QualifiedName(), arg: q, loc: ref.Location})
	}
	for _, f := range l.a.Fields {
		c := attrCall{name: f.Name, written: "(…)." + f.Name, arg: "…", loc: f.Location}
		switch {
		case strings.HasPrefix(f.Of, "("): // (e.addr).city
			c.written, c.arg = f.Of+"."+f.Name, f.Of
		case f.Of != "": // e.addr
			c.written, c.arg = "("+f.Of+")."+f.Name, f.Of
		}
		out = append(out, c)
	}
	return out
}

// knownColumn reports whether a qualified reference is certainly a column:
// every FROM item its qualifier may name has a column of that name. The
// resolver is permissive (it also finds items Postgres hides from the
// reference), so all of them must agree.
func (l *linter) knownColumn(ref pgsql.ColumnRef) bool {
	items := l.a.ResolveAll(ref.Scope, ref.Qualifier)
	if len(items) == 0 {
		return false // Postgres refuses the reference; still, be sure
	}
	for _, r := range items {
		cols, known := l.columns(l.a.Item(r))
		if !known || !slices.Contains(cols, ref.Name) {
			return false
		}
	}
	return true
}

// clauseName names a clause for messages.
func clauseName(c pgsql.Clause) string {
	switch c {
	case pgsql.ClauseSelect:
		return "the SELECT list"
	case pgsql.ClauseFrom:
		return "FROM"
	case pgsql.ClauseOn:
		return "a JOIN condition"
	case pgsql.ClauseGroupBy:
		return "GROUP BY"
	case pgsql.ClauseOrderBy:
		return "ORDER BY"
	case pgsql.ClauseLimit:
		return "LIMIT/OFFSET"
	case pgsql.ClauseDistinct:
		return "DISTINCT ON"
	case pgsql.ClauseValues:
		return "VALUES"
	case pgsql.ClauseWhere, pgsql.ClauseHaving, pgsql.ClauseWindow:
		return strings.ToUpper(string(c))
	}
	return fmt.Sprintf("the %s clause", c)
}
