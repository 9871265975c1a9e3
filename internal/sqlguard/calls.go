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

// xmlType reports whether a type name is xml or its array: a cast to it
// (or a column definition of it) parses text in libxml2 (xmlParseReason).
func xmlType(name string) bool { return strings.TrimPrefix(name, "_") == "xml" }

// allowedSchemas are the schemas a query may name functions, operators and
// types in: pg_catalog and the catalog's own.
func allowedSchemas(cat Catalog) map[string]bool {
	out := map[string]bool{"pg_catalog": true}
	for _, s := range cat.SearchPath() {
		out[s] = true
	}
	return out
}

// sqlValueFunctions maps the SQL value functions that describe the session
// (pgsql.SQLValue names) to the function each stands for, whose
// DeniedFunctions pattern refuses it: Postgres computes CURRENT_ROLE as
// current_user(), CURRENT_CATALOG as current_database(). The others
// (CURRENT_DATE, LOCALTIMESTAMP, …) are the query's clock.
var sqlValueFunctions = map[string]string{
	"current_user": "current_user", "current_role": "current_user", "user": "current_user",
	"session_user": "session_user", "current_catalog": "current_database", "current_schema": "current_schema",
}

// nameArgs are the built-in functions whose first argument, when a string
// literal, names a text search configuration, dictionary or parser, and the
// fewest arguments a call has when it does (to_tsvector('x') is a document,
// to_tsvector('english', 'x') a configuration and a document). Postgres
// looks the name up before the function runs, and its errors tell a schema
// that does not exist ('secret.nope') from one that does, at any schema of
// the server. The named parameters of that argument are in nameParams.
var nameArgs = map[string]int{
	"to_tsvector": 2, "to_tsquery": 2, "plainto_tsquery": 2, "phraseto_tsquery": 2, "websearch_to_tsquery": 2,
	"ts_debug": 2, "json_to_tsvector": 3, "jsonb_to_tsvector": 3, "ts_headline": 3, "ts_lexize": 1,
	"ts_parse": 1, "ts_token_type": 1,
	"unaccent": 2, // the unaccent extension's unaccent(dictionary, text)
}

var nameParams = map[string]bool{"config": true, "parser_name": true}

// nameArg returns the argument of a call to a text search function that
// names a configuration, dictionary or parser as a string literal.
func nameArg(f pgsql.FuncCall) (pgsql.Operand, bool) {
	min, ok := nameArgs[f.Name]
	if !ok || (f.Schema != "" && f.Schema != "pg_catalog") {
		return pgsql.Operand{}, false
	}
	for _, a := range f.Args {
		if a.Name != "" && nameParams[a.Name] && a.Value.Kind == pgsql.OperandString {
			return a.Value, true
		}
	}
	if len(f.Args) >= min && f.Args[0].Name == "" && f.Args[0].Value.Kind == pgsql.OperandString {
		return f.Args[0].Value, true
	}
	return pgsql.Operand{}, false
}

// qualifiedName splits a name given as text the way Postgres reads it
// (stringToQualifiedNameList): dot-separated identifiers, each double-quoted
// or folded to lower case, white space around them ignored. ok is false for
// text Postgres would refuse as a name, whatever exists.
func qualifiedName(s string) (parts []string, ok bool) {
	const space = " \t\n\r\f\v"
	rest := strings.TrimLeft(s, space)
	for {
		var part string
		if strings.HasPrefix(rest, `"`) {
			var b strings.Builder
			i := 1
			for {
				j := strings.IndexByte(rest[i:], '"')
				if j < 0 {
					return nil, false // unterminated quote
				}
				b.WriteString(rest[i : i+j])
				i += j + 1
				if !strings.HasPrefix(rest[i:], `"`) {
					break
				}
				b.WriteByte('"')
				i++
			}
			part, rest = b.String(), rest[i:]
			if part == "" {
				return nil, false
			}
		} else {
			i := strings.IndexAny(rest, "."+space)
			if i < 0 {
				i = len(rest)
			}
			part, rest = strings.ToLower(rest[:i]), rest[i:] // Postgres folds ASCII letters only; close enough for a schema test
			if part == "" {
				return nil, false
			}
		}
		parts = append(parts, part)
		rest = strings.TrimLeft(rest, space)
		if rest == "" {
			return parts, true
		}
		if rest[0] != '.' {
			return nil, false
		}
		rest = strings.TrimLeft(rest[1:], space)
	}
}

// unknownSchema is the violation for a function, operator, type, collation
// or text search configuration named in a schema outside the catalog. It is
// repairable: the schema is most often a guess (public.round, math.sqrt),
// and the model can drop it.
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
	if kind != "function" && kind != "operator" {
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
