// Package sqlguard decides whether SQL produced by the LLM may run. Every
// candidate passes Check before EXPLAIN and execution, and `nl2sql check`
// prints its Verdict.
//
// The checks work on Postgres' own parse tree (through internal/pgsql), not
// on text patterns: exactly one statement, a plain query (SELECT, VALUES,
// TABLE, set operations, WITH … SELECT), no data-modifying WITH, no
// SELECT INTO, no row locks, no parameter placeholders, no denied function
// anywhere in the tree (attribute notation included), no XMLTABLE, no key
// word that reveals the session (CURRENT_USER, CURRENT_CATALOG, …), no
// function, operator, collation or text search configuration named in a
// schema outside pg_catalog and the catalog, no cast to an object
// identifier type or to xml, only tables of the catalog; then lint, and a LIMIT when
// the query has none.
//
// The guard is one layer: execution still runs in a read-only transaction
// with a statement timeout, as a role that can read only the target data.
package sqlguard

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Stage is the check that refused a query.
type Stage string

const (
	StageParse  Stage = "parse"  // the SQL does not parse (or is empty)
	StagePolicy Stage = "policy" // the SQL parses but is not allowed
	StageLint   Stage = "lint"   // allowed, but lint found a certain error
)

// Violation codes. Lint errors that fail a verdict are reported with the
// code "lint.<lint code>", e.g. "lint.undefined_alias".
const (
	CodeSyntax             = "parse.syntax"
	CodeEmpty              = "parse.empty"
	CodeMultipleStatements = "policy.multiple_statements"
	CodeNotSelect          = "policy.not_select"
	CodeDataModifyingCTE   = "policy.data_modifying_cte"
	CodeSelectInto         = "policy.select_into"
	CodeLockingClause      = "policy.locking_clause"
	CodeDeniedFunction     = "policy.denied_function"
	CodeUnknownTable       = "policy.unknown_table"
	// CodeUnknownSchema: a function, operator or type named in a schema
	// that is neither pg_catalog nor one of the catalog's; repairable, like
	// an unknown table.
	CodeUnknownSchema = "policy.unknown_schema"
	// CodeDeniedType: a cast (or column definition) to an object
	// identifier type such as regclass, which looks objects up by name or
	// OID outside the catalog, to aclitem, or to xml, which parses text in
	// libxml2 beyond the statement timeout's reach.
	CodeDeniedType = "policy.denied_type"
	// CodeParameter: a $n placeholder; no parameter values are ever sent,
	// so the model must write literals. Repairable.
	CodeParameter = "policy.parameter"
	// CodeSizeLimit: repeat, lpad, rpad or array_fill asked to make a
	// constant value larger than the guard allows (see maxConstantSize),
	// which Postgres would build in memory while EXPLAIN plans.
	CodeSizeLimit = "policy.size_limit"
	// CodeAddLimit: the LIMIT could not be added safely (a deparser
	// limitation, not the model's fault), or the caller asked for a LIMIT
	// out of range; class unknown, never repaired.
	CodeAddLimit = "policy.add_limit"
)

// SQLSTATE codes of violations.
const (
	sqlstateSyntax       = "42601" // syntax_error
	sqlstateUndefinedTab = "42P01" // undefined_table
	sqlstateUndefinedFn  = "42883" // undefined_function (operators too)
	sqlstateUndefinedObj = "42704" // undefined_object
	sqlstateUndefinedPar = "42P02" // undefined_parameter
	sqlstatePrivilege    = "42501" // insufficient_privilege
	sqlstateProgramLimit = "54000" // program_limit_exceeded
)

// Verdict is the outcome of Check.
type Verdict struct {
	// OK is true when the query may run.
	OK bool `json:"ok"`
	// Stage is the check that refused the query; "" when OK.
	Stage Stage `json:"stage,omitempty"`
	// SQL is what would run: the statement, with LIMIT added when it had
	// none. Set only when OK.
	SQL string `json:"sql,omitempty"`
	// LimitAdded is true when SQL got a LIMIT the input did not have.
	LimitAdded bool `json:"limit_added,omitempty"`
	// Tables are the catalog tables the query reads, resolved to their
	// schema, in order of first mention.
	Tables []TableRef `json:"tables,omitempty"`
	// Errors are the reasons for refusal, in text order.
	Errors []Violation `json:"errors,omitempty"`
	// Shape summarises the query as written, for candidate scoring; zero when
	// it does not parse.
	Shape Shape `json:"shape"`
	// Lint lists lint findings: for a query that parses, errors and
	// warnings (warnings do not fail the verdict); for one that does not,
	// the lexical diagnosis of the syntax error, or syntax_error with the
	// parser's position when the diagnosis cannot name it.
	Lint []LintIssue `json:"lint,omitempty"`
}

// TableRef is a resolved catalog table.
type TableRef struct {
	Schema string `json:"schema"`
	Name   string `json:"name"`
}

func (t TableRef) String() string { return t.Schema + "." + t.Name }

// Violation is one reason a query was refused.
type Violation struct {
	// Code is a stable machine code, e.g. "policy.denied_function".
	Code string `json:"code"`
	// Message says what was found and where, for people and for the repair
	// prompt.
	Message  string         `json:"message"`
	SQLSTATE string         `json:"sqlstate,omitempty"`
	Class    errclass.Class `json:"class"`
	// Position is the 1-based character offset in the input; 0 if unknown.
	Position int `json:"position,omitempty"`
}

// Err returns the violation as a classified error.
func (v Violation) Err() *errclass.Error {
	return &errclass.Error{Class: v.Class, SQLSTATE: v.SQLSTATE, Code: v.Code, Message: v.Message}
}

// Err returns nil for an OK verdict, else a classified error carrying every
// violation's message (one per line). Its class is validation_block if any
// violation is one (a refusal that repair must not try to talk around),
// else that of the first violation.
func (v *Verdict) Err() error {
	if v.OK || len(v.Errors) == 0 {
		if v.OK {
			return nil
		}
		return &errclass.Error{Class: errclass.Unknown, Message: "sqlguard: refused without a reason"}
	}
	pick := v.Errors[0]
	msgs := make([]string, len(v.Errors))
	for i, e := range v.Errors {
		msgs[i] = e.Message
		if e.Class == errclass.ValidationBlock && pick.Class != errclass.ValidationBlock {
			pick = e
		}
	}
	err := pick.Err()
	err.Message = strings.Join(msgs, "\n")
	return err
}

// Guard checks SQL against a Config.
type Guard struct {
	cfg      Config
	patterns []pattern
}

// New returns a Guard for cfg (defaults applied).
func New(cfg Config) (*Guard, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	g := &Guard{cfg: cfg}
	for _, p := range cfg.DeniedFunctions {
		pt, _ := parsePattern(p) // validated above
		g.patterns = append(g.patterns, pt)
	}
	return g, nil
}

var defaultGuard = func() *Guard {
	g, err := New(Config{})
	if err != nil {
		panic(err)
	}
	return g
}()

// Check checks sql with the default Config.
func Check(sql string, cat Catalog) *Verdict { return defaultGuard.Check(sql, cat) }

// emptyCatalog knows no tables and no schemas.
type emptyCatalog struct{}

func (emptyCatalog) LookupTable(string, string) (Table, bool) { return Table{}, false }
func (emptyCatalog) SearchPath() []string                     { return nil }

// Check decides whether sql may run against the tables of cat (nil: no
// tables at all), adding Config.DefaultLimit to a query without a LIMIT.
func (g *Guard) Check(sql string, cat Catalog) *Verdict {
	return g.CheckLimit(sql, cat, g.cfg.DefaultLimit)
}

// CheckLimit is Check with the LIMIT to add given per call (e.g. a
// question's max_rows+1), so that one Guard serves every limit. A limit
// outside 1…2147483647 refuses the query with CodeAddLimit, class unknown.
func (g *Guard) CheckLimit(sql string, cat Catalog, limit int) *Verdict {
	if cat == nil {
		cat = emptyCatalog{}
	}
	v := &Verdict{}
	if limit < 1 || limit > math.MaxInt32 {
		v.Stage = StagePolicy
		v.Errors = []Violation{{
			Code: CodeAddLimit, Class: errclass.Unknown,
			Message: fmt.Sprintf("cannot add LIMIT %d: the limit must be between 1 and %d", limit, math.MaxInt32),
		}}
		return v
	}
	script, err := pgsql.Parse(sql)
	if err != nil {
		var se *pgsql.SyntaxError
		if !errors.As(err, &se) {
			se = &pgsql.SyntaxError{Message: err.Error(), Offset: -1, SQLSTATE: sqlstateSyntax}
		}
		v.Stage = StageParse
		msg := se.Message
		if se.Line > 0 {
			msg = fmt.Sprintf("%s (line %d, column %d)", se.Message, se.Line, se.Column)
		}
		v.Errors = []Violation{{
			Code: CodeSyntax, Message: msg, SQLSTATE: se.SQLSTATE, Class: errclass.SQLError, Position: se.Position,
		}}
		issues := diagnose(sql, se)
		if len(issues) == 0 {
			// Every parse error gets a syntax code, with the parser's
			// position, even when the lexical diagnosis cannot name it.
			issues = []LintIssue{{Code: LintSyntaxError, Severity: SeverityError, Message: msg, Position: se.Position}}
		}
		v.Lint = g.filter(issues)
		return v
	}
	switch len(script.Statements) {
	case 0:
		v.Stage = StageParse
		v.Errors = []Violation{{
			Code: CodeEmpty, Message: "no SQL statement found", SQLSTATE: sqlstateSyntax, Class: errclass.SQLError,
		}}
		return v
	case 1:
	default:
		tags := make([]string, len(script.Statements))
		for i, st := range script.Statements {
			tags[i] = st.Tag
		}
		v.Stage = StagePolicy
		v.Errors = []Violation{block(CodeMultipleStatements, fmt.Sprintf(
			"found %d statements (%s); exactly one SELECT is allowed",
			len(script.Statements), strings.Join(tags, ", ")), script, script.Statements[1].Location)}
		return v
	}
	st := script.Statements[0]
	if st.Kind != pgsql.KindSelect {
		v.Stage = StagePolicy
		v.Errors = []Violation{block(CodeNotSelect, at(script, st.Location,
			"only SELECT queries are allowed; found %s", st.Tag), script, st.Location)}
		return v
	}

	a := st.Analysis()
	v.Shape = shapeOf(a)
	l := newLinter(script, a, cat)
	violations, tables := g.policy(l)
	v.Tables = tables
	issues := l.lint()
	v.Lint = g.filter(issues)
	if len(violations) > 0 {
		v.Stage = StagePolicy
		v.Errors = violations
		return v
	}
	for _, is := range issues {
		if is.Severity == SeverityError {
			v.Errors = append(v.Errors, Violation{
				Code: "lint." + is.Code, Message: is.Message, SQLSTATE: lintSQLSTATE[is.Code],
				Class: errclass.SQLError, Position: is.Position,
			})
		}
	}
	if len(v.Errors) > 0 {
		v.Stage = StageLint
		return v
	}
	out, added, err := st.WithLimit(limit)
	if err != nil {
		v.Stage = StagePolicy
		v.Errors = []Violation{{
			Code: CodeAddLimit, Class: errclass.Unknown,
			Message: "cannot add a LIMIT to this query safely: " + err.Error(),
		}}
		return v
	}
	v.OK, v.SQL, v.LimitAdded = true, endLineComment(out), added
	return v
}

// endLineComment appends a newline to SQL that ends inside a -- comment, so
// that callers can append to or wrap the SQL without commenting part of it
// out.
func endLineComment(sql string) string {
	toks, err := pgsql.Scan(sql)
	if err != nil || len(toks) == 0 {
		return sql
	}
	last := toks[len(toks)-1]
	if last.Kind == pgsql.TokenComment && strings.HasPrefix(last.Text, "--") && last.End == len(sql) {
		return sql + "\n"
	}
	return sql
}

// lintSQLSTATE maps lint error codes to the SQLSTATE Postgres would raise.
var lintSQLSTATE = map[string]string{
	LintUndefinedAlias:       "42P01", // missing FROM-clause entry
	LintJoinWithoutCondition: "",      // valid SQL; a probable mistake
	LintNullComparison:       "",      // valid SQL; never true
	LintOrderByOrdinal:       "42P10", // invalid_column_reference
	LintGroupByOrdinal:       "42P10",
	LintAggregateInWhere:     "42803", // grouping_error
	LintWindowInWhere:        "42P20", // windowing_error
}

func (g *Guard) filter(issues []LintIssue) []LintIssue {
	if !g.cfg.SkipLintWarnings {
		return issues
	}
	var out []LintIssue
	for _, is := range issues {
		if is.Severity != SeverityWarning {
			out = append(out, is)
		}
	}
	return out
}

// policy applies the rules to a single SELECT and resolves its tables.
func (g *Guard) policy(l *linter) ([]Violation, []TableRef) {
	script, a, cat := l.script, l.a, l.cat
	type located struct {
		v   Violation
		loc int
	}
	var found []located
	add := func(v Violation, loc int) { found = append(found, located{v, loc}) }

	for _, c := range a.CTEs {
		if c.DataModifying() {
			add(block(CodeDataModifyingCTE, at(script, c.Location,
				"WITH query %s is a%s %s; data-modifying WITH queries are not allowed",
				c.Name, article(string(c.Kind)), strings.ToUpper(string(c.Kind))), script, c.Location), c.Location)
		}
	}
	if a.Into != nil {
		add(block(CodeSelectInto, at(script, a.Into.Location,
			"SELECT INTO would create table %s; only plain SELECT is allowed", a.Into.QualifiedName()),
			script, a.Into.Location), a.Into.Location)
	}
	for _, l := range a.Locking {
		msg := l.Strength
		if l.Wait != "" {
			msg += " " + l.Wait
		}
		add(block(CodeLockingClause, fmt.Sprintf("%s locks rows; locking clauses are not allowed", msg),
			script, -1), 1<<62)
	}
	params := map[int]bool{}
	for _, p := range a.Params {
		if params[p.Number] {
			continue
		}
		params[p.Number] = true
		add(Violation{
			Code: CodeParameter, SQLSTATE: sqlstateUndefinedPar, Class: errclass.SQLError,
			Position: script.CharPos(p.Location),
			Message: at(script, p.Location,
				"$%d in %s is a parameter placeholder, but no parameter values are sent; write the literal value instead of $%d",
				p.Number, clauseName(p.Clause), p.Number),
		}, p.Location)
	}
	schemas := allowedSchemas(cat)
	for _, f := range a.Functions {
		if p, ok := g.denied(f.Schema, f.Name); ok {
			add(block(CodeDeniedFunction, at(script, f.Location, "%s", deniedMessage(f.QualifiedName(), p)),
				script, f.Location), f.Location)
			continue
		}
		if f.Catalog != "" {
			// db.schema.f: PostgreSQL's refusal of another database names
			// the current one ("cross-database references are not
			// implemented"), a fact about the server the catalog does not
			// hold.
			add(unknownSchema("function", f.Catalog+"."+f.QualifiedName(), f.Catalog+"."+f.Schema, cat, script, f.Location), f.Location)
			continue
		}
		if f.Schema != "" && !schemas[f.Schema] {
			add(unknownSchema("function", f.QualifiedName(), f.Schema, cat, script, f.Location), f.Location)
			continue
		}
		if arg, ok := nameArg(f); ok {
			if parts, ok := qualifiedName(arg.Value); ok && len(parts) > 1 && (len(parts) > 2 || !schemas[parts[0]]) {
				kind := "text search configuration"
				switch f.Name {
				case "ts_lexize", "unaccent":
					kind = "text search dictionary"
				case "ts_parse", "ts_token_type":
					kind = "text search parser"
				}
				add(unknownSchema(kind, quoteLiteral(arg.Value), strings.Join(parts[:len(parts)-1], "."), cat, script, arg.Location),
					arg.Location)
			}
		}
	}
	for _, v := range a.SQLValues {
		fn, ok := sqlValueFunctions[v.Name]
		if !ok {
			continue
		}
		if p, ok := g.denied("pg_catalog", fn); ok {
			msg := strings.ToUpper(v.Name) + " is not allowed"
			if r := defaultReason(p.raw); r != "" {
				msg += ": " + r
			}
			add(block(CodeDeniedFunction, at(script, v.Location, "%s", msg), script, v.Location), v.Location)
		}
	}
	for _, c := range a.Collations {
		if c.Catalog != "" || (c.Schema != "" && !schemas[c.Schema]) {
			schema := c.Schema
			if c.Catalog != "" {
				schema = c.Catalog + "." + c.Schema
			}
			add(unknownSchema("collation", c.QualifiedName(), schema, cat, script, c.Location), c.Location)
		}
	}
	for _, c := range l.attributeCalls() {
		p, ok := g.denied("", c.name)
		if !ok {
			continue
		}
		msg := deniedMessage(c.name, p) + fmt.Sprintf("; %s is attribute notation for %s(%s)", c.written, c.name, c.arg)
		add(block(CodeDeniedFunction, at(script, c.loc, "%s", msg), script, c.loc), c.loc)
	}
	sizes(script, a, add)
	for _, sc := range a.Scopes {
		for _, it := range sc.Items {
			if it.XMLTable {
				add(block(CodeDeniedFunction, at(script, it.Location, "XMLTABLE is not allowed: %s", xpathReason),
					script, it.Location), it.Location)
			}
		}
	}
	for _, o := range a.Operators {
		if o.Schema != "" && !schemas[o.Schema] {
			add(unknownSchema("operator", o.QualifiedName(), o.Schema, cat, script, o.Location), o.Location)
		}
	}
	for _, t := range a.Types {
		if t.Catalog != "" {
			add(unknownSchema("type", t.Catalog+"."+t.Schema+"."+t.Name, t.Catalog+"."+t.Schema, cat, script, t.Location), t.Location)
			continue
		}
		if t.Schema != "" && !schemas[t.Schema] {
			add(unknownSchema("type", t.Schema+"."+t.Name, t.Schema, cat, script, t.Location), t.Location)
			continue
		}
		if (t.Schema == "" || t.Schema == "pg_catalog") && oidType(t.Name) {
			add(block(CodeDeniedType, at(script, t.Location,
				"type %s is not allowed: it looks database objects up by name or OID, including those outside the catalog", t.Name),
				script, t.Location), t.Location)
		}
		if (t.Schema == "" || t.Schema == "pg_catalog") && xmlType(t.Name) {
			add(block(CodeDeniedType, at(script, t.Location,
				"type %s is not allowed: text read as xml is parsed in libxml2, which neither the statement timeout nor a cancel interrupts", t.Name),
				script, t.Location), t.Location)
		}
		if (t.Schema == "" || t.Schema == "pg_catalog") && aclType(t.Name) {
			add(block(CodeDeniedType, at(script, t.Location,
				"type %s is not allowed: its text names the server's roles", t.Name),
				script, t.Location), t.Location)
		}
	}

	var tables []TableRef
	seen := map[TableRef]bool{}
	reported := map[string]bool{}
	for _, t := range a.Tables {
		if t.Role == pgsql.RoleWrite {
			continue // targets of data-modifying CTEs and INTO, reported above
		}
		if t.Catalog != "" {
			name := t.Catalog + "." + t.QualifiedName()
			if !reported[name] {
				reported[name] = true
				add(unknownTable(at(script, t.Location, "table %s is in another database; only tables of the catalog are allowed", name),
					script, t.Location), t.Location)
			}
			continue
		}
		tab, ok := cat.LookupTable(t.Schema, t.Name)
		if ok && t.Schema == "" && strings.HasPrefix(t.Name, "pg_") {
			// PostgreSQL searches pg_catalog before the search path: an
			// unqualified pg_shadow or pg_stat_activity reads the system's
			// relation, whatever registered table shares its name.
			name := sqlName("", t.Name)
			if !reported[name] {
				reported[name] = true
				add(unknownTable(at(script, t.Location, "table %s would read PostgreSQL's system catalog of that name: write the registered one with its schema, %s",
					name, sqlName(tab.Schema, tab.Name)), script, t.Location), t.Location)
			}
			continue
		}
		if !ok {
			name := sqlName(t.Schema, t.Name)
			if !reported[name] {
				reported[name] = true
				msg := at(script, t.Location, "table %s is not in the catalog", name)
				if s := suggest(cat, t.Schema, t.Name); s != "" {
					msg += "; did you mean " + s + "?"
				}
				add(unknownTable(msg, script, t.Location), t.Location)
			}
			continue
		}
		r := TableRef{Schema: tab.Schema, Name: tab.Name}
		if !seen[r] {
			seen[r] = true
			tables = append(tables, r)
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].loc < found[j].loc })
	out := make([]Violation, len(found))
	for i, f := range found {
		out[i] = f.v
	}
	return out, tables
}

// deniedMessage says that function name is denied by p, and why when p is
// a default pattern.
func deniedMessage(name string, p pattern) string {
	msg := fmt.Sprintf("function %s is not allowed", name)
	if r := defaultReason(p.raw); r != "" {
		msg += ": " + r
	}
	return msg
}

func (g *Guard) denied(schema, name string) (pattern, bool) {
	for _, p := range g.patterns {
		if p.match(schema, name) {
			return p, true
		}
	}
	return pattern{}, false
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "n"
	}
	return ""
}

// block is a policy violation that must never be repaired.
func block(code, msg string, script *pgsql.Script, loc int) Violation {
	return Violation{
		Code: code, Message: msg, SQLSTATE: sqlstatePrivilege, Class: errclass.ValidationBlock,
		Position: script.CharPos(loc),
	}
}

// unknownTable is repairable: the model can fix a hallucinated table name.
func unknownTable(msg string, script *pgsql.Script, loc int) Violation {
	return Violation{
		Code: CodeUnknownTable, Message: msg, SQLSTATE: sqlstateUndefinedTab, Class: errclass.SQLError,
		Position: script.CharPos(loc),
	}
}

// at formats a message and appends "(line N)" when loc is known.
func at(script *pgsql.Script, loc int, format string, args ...any) string {
	msg := fmt.Sprintf(format, args...)
	if line := script.Line(loc); line > 0 {
		msg += fmt.Sprintf(" (line %d)", line)
	}
	return msg
}

// charPos converts a byte offset to a 1-based character position; 0 when
// unknown.
func charPos(sql string, off int) int {
	if off < 0 || off > len(sql) {
		return 0
	}
	return utf8.RuneCountInString(sql[:off]) + 1
}

// suggest returns the closest catalog table to an unknown name, "" if none
// is close or the catalog cannot list its tables.
func suggest(cat Catalog, schema, name string) string {
	l, ok := cat.(TableLister)
	if !ok {
		return ""
	}
	best, bestD := "", -1
	for _, t := range l.Tables() {
		d := naming.Distance(strings.ToLower(name), strings.ToLower(t.Name))
		if schema != "" && schema != t.Schema {
			d++ // the name may be right and the schema wrong
		}
		limit := max(2, len(name)/3)
		if d <= limit && (bestD < 0 || d < bestD) {
			best, bestD = sqlName(t.Schema, t.Name), d
		}
	}
	return best
}

// sqlName writes a table's name as SQL must, each part quoted only where
// it needs to be: the guard's messages reach the model's repair prompt, and
// a name it copies from them must name the table (sales.VENDORS folds to
// sales.vendors; sales."VENDORS" does not).
func sqlName(schema, name string) string {
	if schema == "" {
		return catalog.QuoteIdent(name)
	}
	return catalog.QuoteIdent(schema) + "." + catalog.QuoteIdent(name)
}

// Shape is what candidate scoring reads from a query: whether any block
// groups, orders or is DISTINCT, and whether the statement (as the model
// wrote it, before a LIMIT is added) has a top-level LIMIT.
type Shape struct {
	GroupBy  bool `json:"group_by,omitempty"`
	OrderBy  bool `json:"order_by,omitempty"`
	Distinct bool `json:"distinct,omitempty"`
	Limit    bool `json:"limit,omitempty"`
}

func shapeOf(a *pgsql.Analysis) Shape {
	sh := Shape{Limit: a.HasLimit}
	for _, sc := range a.Scopes {
		sh.GroupBy = sh.GroupBy || sc.HasGroupBy
		sh.OrderBy = sh.OrderBy || sc.HasOrderBy
		sh.Distinct = sh.Distinct || sc.Distinct
	}
	return sh
}
