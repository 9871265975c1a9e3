// Package repair fixes a failed SQL candidate deterministically, before any
// model retry: it reads the error, places it on the query's parse tree
// (internal/pgsql) and the catalog, and rewrites exactly the mistaken
// names, keeping everything else of the text as written.
//
// Two tiers (docs/DESIGN.md, Repair tiers):
//
//   - Autocorrect fixes what has one reading: identifier case and quoting,
//     typos, table-prefixed or reordered column names, known model habits
//     (employee_name for a first and last name), misspelt tables, wrong or
//     undefined aliases, a plain select column missing from GROUP BY, an
//     ambiguous column whose owners are equi-joined, trailing commas.
//   - The surgical whitelist handles an undefined column autocorrect cannot
//     place: it scores the columns of the reference's table and rewrites
//     only when nine gates pass (Config.Mode "active"); in "observe" mode it
//     records what it would do. When nothing is safe, Result.Whitelist
//     holds the table's columns and its foreign-key neighbours for the
//     model's repair prompt.
//
// Every rewrite keeps the query's meaning except the one mistake: no
// filter, join, aggregate or limit changes (the repaired tree is compared
// with the original), and the caller re-runs the guard and EXPLAIN on
// Result.SQL.
package repair

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// SQLSTATEs the repairer acts on.
const (
	SQLSTATESyntax          = "42601" // syntax_error: trailing commas
	SQLSTATEUndefinedColumn = "42703" // undefined_column
	SQLSTATEUndefinedTable  = "42P01" // undefined_table, missing FROM-clause entry
	SQLSTATEGrouping        = "42803" // grouping_error
	SQLSTATEAmbiguousColumn = "42702" // ambiguous_column
	// SQLSTATEPrivilege is insufficient_privilege: a star over a table whose
	// columns the role may read only some of (expandStars).
	SQLSTATEPrivilege = "42501"
)

// Failure is why the candidate was refused: by the guard (a Violation's
// SQLSTATE, message and position) or by Postgres (EXPLAIN's error).
type Failure struct {
	SQLSTATE string `json:"sqlstate"`
	Message  string `json:"message"`
	// Position is the 1-based character offset of the error in the SQL, as
	// Postgres reports it; 0 if unknown.
	Position int `json:"position,omitempty"`
}

// FailureFrom reads a Failure from an error: a *pgconn.PgError anywhere in
// its chain gives SQLSTATE, message and position; otherwise the error's
// classification gives what it has.
func FailureFrom(err error) Failure {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return Failure{SQLSTATE: pe.Code, Message: pe.Message, Position: int(pe.Position)}
	}
	ce := errclass.Classify(err)
	if ce == nil {
		return Failure{}
	}
	return Failure{SQLSTATE: ce.SQLSTATE, Message: ce.Message}
}

// Kind names a fix.
type Kind string

const (
	KindIdentCase     Kind = "ident_case"        // "First_Name" → first_name, "E".x → e.x
	KindColumnName    Kind = "column_name"       // typo, table-prefixed or reordered column name
	KindNameExpansion Kind = "name_expansion"    // employee_name → first_name, last_name
	KindTableName     Kind = "table_name"        // employee → employees
	KindAlias         Kind = "alias"             // wrong or undefined qualifier re-pointed
	KindTrailingComma Kind = "trailing_comma"    // SELECT a, FROM
	KindGroupBy       Kind = "group_by"          // plain select column added to GROUP BY
	KindQualify       Kind = "qualify_ambiguous" // ambiguous column qualified
	KindJoinKey       Kind = "join_key"          // c.id = so.customer_id → c.customer_id, by the foreign key
	KindSurgical      Kind = "surgical_column"   // the surgical whitelist's rewrite
	KindStarExpansion Kind = "star_expansion"    // SELECT * → the columns the role may read
)

// Fix is one rewrite.
type Fix struct {
	Kind Kind `json:"kind"`
	// From is the text replaced, To what replaced it.
	From string `json:"from"`
	To   string `json:"to"`
	// Position is the 1-based character offset of From in the SQL the fix
	// was applied to.
	Position int `json:"position"`
	// Score is the confidence: 1 for autocorrect's exact rules, the
	// candidate's score for name matches.
	Score float64 `json:"score"`
}

// Result is the outcome of Repair.
type Result struct {
	// Applied is true when SQL differs from the input and parses.
	Applied bool `json:"applied"`
	// SQL is the repaired SQL when Applied; the input otherwise.
	SQL   string `json:"sql"`
	Fixes []Fix  `json:"fixes,omitempty"`
	// Observed is what the surgical tier made of an undefined column: its
	// candidates, the nine gates and whether it rewrote.
	Observed *Observation `json:"observed,omitempty"`
	// Reason says what was done, or why nothing was.
	Reason string `json:"reason"`
	// Whitelist is set for an undefined column nothing could rewrite: the
	// columns the model must choose from.
	Whitelist *Whitelist `json:"whitelist,omitempty"`
	// Stale lists the columns the catalog holds that the database said it
	// does not ("shop.products.unit_cost"): the catalog is older than the
	// database, and the repair went on as if they were gone.
	Stale []string `json:"stale,omitempty"`
}

// Repairer repairs SQL; it is safe for concurrent use.
type Repairer struct {
	cfg   Config
	mu    sync.Mutex
	vocab map[*catalog.Snapshot]map[string]bool
}

// New returns a Repairer for cfg (defaults applied); a bad config is an
// error wrapping ErrConfig.
func New(cfg Config) (*Repairer, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Repairer{cfg: cfg, vocab: map[*catalog.Snapshot]map[string]bool{}}, nil
}

// Config returns the effective configuration.
func (r *Repairer) Config() Config { return r.cfg }

// Repair tries to fix sql, which failed with f, against the catalog s. It
// never returns SQL that does not parse; whether the repaired SQL is valid
// is for the caller to check (guard and EXPLAIN), and to call Repair again
// with the next error.
func (r *Repairer) Repair(sql string, f Failure, s *catalog.Snapshot) Result {
	res := Result{SQL: sql}
	if s == nil {
		res.Reason = "no catalog"
		return res
	}
	script, err := pgsql.Parse(sql)
	if err != nil {
		var se *pgsql.SyntaxError
		if !errors.As(err, &se) {
			res.Reason = err.Error()
			return res
		}
		if r.cfg.NoAutocorrect {
			res.Reason = "syntax error; autocorrect is off"
			return res
		}
		return r.syntax(sql, se)
	}
	if len(script.Statements) != 1 || script.Statements[0].Kind != pgsql.KindSelect {
		// The guard refuses anything else, and that is never repaired.
		res.Reason = fmt.Sprintf("%d statement(s); only one query is repaired", len(script.Statements))
		return res
	}
	q := newQuery(r, script, s)
	var reason string
	switch f.SQLSTATE {
	case SQLSTATEUndefinedColumn:
		reason = q.undefinedColumn(f, &res)
		if len(res.Stale) > 0 {
			reason = fmt.Sprintf("stale catalog: the database has no %s (refresh it with nl2sql db add); %s", strings.Join(res.Stale, ", "), reason)
		}
	case SQLSTATEUndefinedTable:
		if r.cfg.NoAutocorrect {
			reason = "autocorrect is off"
		} else {
			reason = q.undefinedTables()
		}
		if res.Stale = q.staleTables(f); len(res.Stale) > 0 {
			reason = fmt.Sprintf("stale catalog: the database has no table %s (refresh it with nl2sql db add); %s", strings.Join(res.Stale, ", "), reason)
		}
	case SQLSTATEGrouping:
		if r.cfg.NoAutocorrect {
			reason = "autocorrect is off"
		} else {
			reason = q.grouping(f)
		}
	case SQLSTATEAmbiguousColumn:
		if r.cfg.NoAutocorrect {
			reason = "autocorrect is off"
		} else {
			reason = q.ambiguous(f)
		}
	case SQLSTATEPrivilege:
		if r.cfg.NoAutocorrect {
			reason = "autocorrect is off"
		} else {
			reason = q.expandStars()
		}
	case "":
		reason = "no SQLSTATE: nothing to place the error on"
	default:
		reason = fmt.Sprintf("no deterministic repair for SQLSTATE %s", f.SQLSTATE)
	}
	if len(q.edits) == 0 {
		res.Reason = reason
		return res
	}
	out, err := applyEdits(sql, q.edits)
	if err == nil && out == sql {
		res.Reason = reason + "; the rewrite changes nothing"
		return res
	}
	if err == nil {
		err = sameShape(script.Statements[0].Analysis(), out, q.fixes)
	}
	if err != nil {
		res.Reason = "rewrite rejected: " + err.Error()
		res.Whitelist = nil
		return res
	}
	res.Applied, res.SQL, res.Fixes, res.Reason = true, out, q.fixes, reason
	res.Whitelist = nil
	return res
}

// query is one parsed statement being repaired.
type query struct {
	r      *Repairer
	sql    string
	script *pgsql.Script
	st     *pgsql.Statement
	a      *pgsql.Analysis
	snap   *catalog.Snapshot
	tables []*catalog.Table // per a.Tables; nil when not in the catalog
	cols   pgsql.ColumnResolver
	edits  []edit
	fixes  []Fix
}

func newQuery(r *Repairer, script *pgsql.Script, s *catalog.Snapshot) *query {
	st := script.Statements[0]
	q := &query{r: r, sql: script.SQL, script: script, st: st, a: st.Analysis(), snap: s}
	q.tables = make([]*catalog.Table, len(q.a.Tables))
	for i, t := range q.a.Tables {
		q.tables[i] = s.Lookup(t.Schema, t.Name)
	}
	// Only the scopes a reference can see: a fix must name what Postgres
	// will find.
	q.cols = pgsql.ColumnResolver{Analysis: q.a, Columns: q.columns, Visible: true}
	return q
}

// forgetColumn drops ref's column from the catalog tables the database
// has just said lack it: the reference's own table, or every table in
// reach of an unqualified one. The database is right and the catalog is
// older (a column dropped since the last refresh); kept, the column
// would come back as its own fix and as a choice in the model's
// whitelist. It returns the columns dropped, as "schema.table.column".
func (q *query) forgetColumn(ref pgsql.ColumnRef, p placement) []string {
	items := p.items
	if p.placed {
		items = []pgsql.ItemRef{p.item}
	}
	var gone []string
	for _, ir := range items {
		it := q.a.Item(ir)
		t := q.table(it)
		if t == nil {
			continue
		}
		i := slices.IndexFunc(t.Columns, func(c catalog.Column) bool { return c.Name == ref.Name })
		if i < 0 {
			continue
		}
		c := *t
		c.Columns = slices.Delete(slices.Clone(t.Columns), i, i+1)
		q.tables[it.Table] = &c
		gone = append(gone, t.Key()+"."+catalog.QuoteIdent(ref.Name))
	}
	return gone
}

// relationMissing is PostgreSQL's undefined_table message for a relation
// (42P01 is also "missing FROM-clause entry", an alias's).
var relationMissing = regexp.MustCompile(`^relation "([^"]+)" does not exist`)

// staleTables lists the catalog tables the query reads that the database
// said do not exist (f's message names the relation as the query wrote
// it): the catalog is older than the database.
func (q *query) staleTables(f Failure) []string {
	m := relationMissing.FindStringSubmatch(f.Message)
	if m == nil {
		return nil
	}
	var gone []string
	for i, tr := range q.a.Tables {
		t := q.tables[i]
		if t == nil || (m[1] != tr.QualifiedName() && m[1] != tr.Name) || slices.Contains(gone, t.Key()) {
			continue
		}
		gone = append(gone, t.Key())
	}
	return gone
}

// table returns the catalog table of a FROM item; nil for anything else.
func (q *query) table(it pgsql.FromItem) *catalog.Table {
	if it.Kind != pgsql.ItemTable || it.Table < 0 {
		return nil
	}
	return q.tables[it.Table]
}

// columns returns a FROM item's column names and whether they are known.
func (q *query) columns(it pgsql.FromItem) ([]string, bool) {
	var names []string
	if t := q.table(it); t != nil {
		names = make([]string, len(t.Columns))
		for i, c := range t.Columns {
			names[i] = c.Name
		}
	}
	return it.KnownColumns(names)
}

// itemName is the name a reference's table goes by in scoring and
// messages: the catalog table's, the CTE's, else the alias.
func (q *query) itemName(it pgsql.FromItem) string {
	if t := q.table(it); t != nil {
		return t.Name
	}
	if it.Name != "" {
		return it.Name
	}
	return it.Alias
}

// itemLabel names an item for observations: "erp.employees", "cte t".
func (q *query) itemLabel(it pgsql.FromItem) string {
	if t := q.table(it); t != nil {
		return t.Key()
	}
	return string(it.Kind) + " " + q.itemName(it)
}

// nearestItems returns the scope whose FROM items an unqualified column
// written in scope is searched in first, and those items (joins left out).
func (q *query) nearestItems(scope int) (int, []pgsql.ItemRef) {
	for _, s := range q.a.VisibleScopes(scope) {
		var out []pgsql.ItemRef
		for i, it := range q.a.Scopes[s].Items {
			if it.Kind != pgsql.ItemJoin {
				out = append(out, pgsql.ItemRef{Scope: s, Item: i})
			}
		}
		if len(out) > 0 {
			return s, out
		}
	}
	return -1, nil
}

// refAt finds the column reference an error is about: the one at the
// error's position, if it is written as the message says (a position into
// other text, such as the guard's deparsed SQL, matches nothing), else the
// first written as the message says. A nil qualifier matches any; name ""
// trusts the position alone.
func (q *query) refAt(f Failure, qualifier []string, name string) (int, bool) {
	if f.Position > 0 {
		off := pgsql.ByteOffset(q.sql, f.Position)
		for i, c := range q.a.Columns {
			if c.Location == off && !c.Star && (name == "" || c.Name == name) &&
				qualifies(c.Qualifier, qualifier) {
				return i, true
			}
		}
	}
	if name == "" {
		return -1, false
	}
	best := -1
	for i, c := range q.a.Columns {
		if c.Star || c.Name != name || !qualifies(c.Qualifier, qualifier) {
			continue
		}
		if best < 0 || c.Location < q.a.Columns[best].Location {
			best = i
		}
	}
	return best, best >= 0
}

// qualifies reports whether a reference's qualifier matches the one a
// message shows: nil matches any, [] only none, and Postgres names a
// schema-qualified table by its name alone.
func qualifies(ref, msg []string) bool {
	if msg == nil {
		return true
	}
	if len(msg) == 0 {
		return len(ref) == 0
	}
	return len(ref) >= len(msg) && slices.Equal(ref[len(ref)-len(msg):], msg)
}

// charPos converts a byte offset into a 1-based character position.
func charPos(s string, off int) int {
	if off < 0 {
		return 0
	}
	return utf8.RuneCountInString(s[:min(off, len(s))]) + 1
}

// edit replaces sql[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// replace records a rewrite of sp with text as a fix of kind.
func (q *query) replace(kind Kind, sp pgsql.Span, text string, score float64) {
	if q.sql[sp.Start:sp.End] == text {
		return
	}
	q.edits = append(q.edits, edit{sp.Start, sp.End, text})
	q.fixes = append(q.fixes, Fix{Kind: kind, From: q.sql[sp.Start:sp.End], To: text, Position: charPos(q.sql, sp.Start), Score: score})
}

// applyEdits applies non-overlapping edits to sql; identical duplicates
// (the same reference reached twice) count once.
func applyEdits(sql string, edits []edit) (string, error) {
	es := slices.Clone(edits)
	sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
	es = slices.Compact(es)
	var b strings.Builder
	pos := 0
	for _, e := range es {
		if e.start < pos || e.end < e.start || e.end > len(sql) {
			return "", errors.New("overlapping edits")
		}
		b.WriteString(sql[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.WriteString(sql[pos:])
	return b.String(), nil
}

// refText is a column reference as written: "e.first_name".
func (q *query) refText(ref pgsql.ColumnRef) string {
	sp := q.st.ColumnSpans(ref)
	if len(sp) == 0 {
		return ref.QualifiedName()
	}
	return q.sql[sp[0].Start:sp[len(sp)-1].End]
}

// qualifierText is a reference's qualifier as written, with its dot
// ("e."), or "" for an unqualified one.
func (q *query) qualifierText(ref pgsql.ColumnRef) string {
	sp := q.st.ColumnSpans(ref)
	if len(sp) < 2 {
		return ""
	}
	return q.sql[sp[0].Start:sp[len(sp)-2].End] + "."
}
