package retrieval

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// RenderSchema renders tables of s in format. Table names are qualified
// only when the database has several schemas (or the table's schema is not
// on its search path), since questions run with search_path set to the
// database's schemas. Column comments longer than maxCommentChars are
// shortened.
func RenderSchema(s *catalog.Snapshot, tables []*catalog.Table, format Format, maxCommentChars int) (string, error) {
	schema, _, err := renderSchema(s, tables, format, maxCommentChars, 0)
	return schema, err
}

// renderSchema is RenderSchema that stops, returning false, once the
// schema is longer than limit characters (0: no limit), so that a schema
// of thousands of tables is not rendered whole only to be refused.
func renderSchema(s *catalog.Snapshot, tables []*catalog.Table, format Format, maxCommentChars, limit int) (string, bool, error) {
	var b strings.Builder
	runes, counted := 0, 0
	over := func() bool {
		if limit <= 0 {
			return false
		}
		runes += utf8.RuneCountInString(b.String()[counted:])
		counted = b.Len()
		return runes > limit
	}
	switch format {
	case FormatMSchema:
		for _, d := range typeDefinitions(tables) {
			b.WriteString("-- type " + d.name + ": " + d.mschema() + "\n")
		}
		for _, t := range tables {
			writeMSchema(&b, s, t, maxCommentChars)
			if over() {
				return "", false, nil
			}
		}
	case FormatCreateTable:
		if defs := typeDefinitions(tables); len(defs) > 0 {
			for _, d := range defs {
				b.WriteString(d.ddl() + "\n")
			}
			b.WriteByte('\n')
		}
		for i, t := range tables {
			if i > 0 {
				b.WriteByte('\n')
			}
			writeCreateTable(&b, s, t, maxCommentChars)
			if over() {
				return "", false, nil
			}
		}
	default:
		return "", false, fmt.Errorf("retrieval: schema format %q must be %q or %q", format, FormatMSchema, FormatCreateTable)
	}
	return b.String(), true, nil
}

// typeDefinition is a domain or composite type the rendered columns use:
// shown once, before the tables, so that a column of type "Flag" reads as
// a boolean and one of type address has fields to select.
type typeDefinition struct {
	name   string   // as the columns show it (format_type)
	base   string   // a domain's type
	fields []string // a composite's "name type"
	checks []string // a domain's CHECK constraints (catalog.Column.Checks)
}

func (d typeDefinition) ddl() string {
	if d.base == "" {
		return "CREATE TYPE " + d.name + " AS (" + shortFields(d.fields) + ");"
	}
	ddl := "CREATE DOMAIN " + d.name + " AS " + shortType(d.base)
	shown, more := boundedChecks(d.checks)
	for _, c := range shown {
		ddl += " " + c.def
	}
	ddl += ";"
	if more > 0 {
		ddl += " -- " + moreChecks(more)
	}
	return ddl
}

func (d typeDefinition) mschema() string {
	if d.base != "" {
		return "domain over " + shortType(d.base) + checksMSchema(d.checks)
	}
	return "composite (" + shortFields(d.fields) + ")"
}

// checksMax is the most characters of CHECK conditions, in their short
// form (catalog.CheckCondition), the schema text shows for one table or
// domain (docs/DESIGN.md, Schema documents): what a reader learns from them
// is a value's form and range, and a few say it; a table of forty must not
// take the context of the tables after it.
const checksMax = 240

// shownCheck is a CHECK constraint the schema text shows: its definition,
// as PostgreSQL prints it, and its short form (catalog.CheckCondition).
type shownCheck struct{ def, cond string }

// boundedChecks are the CHECK constraints of defs the schema text shows,
// in their order, while their short forms fit in checksMax together; more
// is how many did not.
func boundedChecks(defs []string) (shown []shownCheck, more int) {
	n := 0
	for _, d := range defs {
		cond := catalog.CheckCondition(d)
		size := utf8.RuneCountInString(cond) + 2 // and "; "
		if n+size > checksMax {
			more++
			continue
		}
		n += size
		shown = append(shown, shownCheck{def: d, cond: cond})
	}
	return shown, more
}

func moreChecks(n int) string {
	if n == 1 {
		return "1 more CHECK constraint not shown"
	}
	return strconv.Itoa(n) + " more CHECK constraints not shown"
}

// checksMSchema is the short form of a table's or domain's CHECK
// constraints: " CHECK (price >= 0; ends_at > starts_at)", "" for none.
func checksMSchema(defs []string) string {
	shown, more := boundedChecks(defs)
	if len(shown) == 0 && more == 0 {
		return ""
	}
	conds := make([]string, 0, len(shown)+1)
	for _, c := range shown {
		conds = append(conds, c.cond)
	}
	if more > 0 {
		conds = append(conds, strconv.Itoa(more)+" more")
	}
	return " CHECK (" + strings.Join(conds, "; ") + ")"
}

func shortFields(fields []string) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		// "name type": the name is quote_ident's, so the first space ends
		// it unless the name is quoted.
		name, typ := f, ""
		if strings.HasPrefix(f, `"`) {
			if j := strings.Index(f[1:], `" `); j >= 0 {
				name, typ = f[:j+2], f[j+3:]
			}
		} else if j := strings.IndexByte(f, ' '); j >= 0 {
			name, typ = f[:j], f[j+1:]
		}
		out[i] = strings.TrimSpace(name + " " + shortType(typ))
	}
	return strings.Join(out, ", ")
}

// typeDefinitions are the domains and composite types of tables' columns,
// in the order they first appear.
func typeDefinitions(tables []*catalog.Table) []typeDefinition {
	var out []typeDefinition
	seen := map[string]bool{}
	for _, t := range tables {
		for _, c := range t.Columns {
			if (c.BaseType == "" && len(c.Fields) == 0) || seen[c.Type] {
				continue
			}
			seen[c.Type] = true
			out = append(out, typeDefinition{name: c.Type, base: c.BaseType, fields: c.Fields, checks: c.Checks})
		}
	}
	return out
}

// writeMSchema writes one table in M-Schema, preceded by its note, its
// CHECK constraints after its columns:
//
//	-- [HR] Employee master data (also: staff, workers)
//	employees (employee_id bigint PK, department_id bigint FK→departments, status text IN('active','terminated'))
//	contracts (contract_id bigint PK, starts_on date, ends_on date) CHECK (ends_on > starts_on)
func writeMSchema(b *strings.Builder, s *catalog.Snapshot, t *catalog.Table, maxComment int) {
	if note := tableNote(t, true); note != "" {
		b.WriteString("-- " + note + "\n")
	}
	fks := columnFKs(s, t)
	b.WriteString(s.TableSQLName(t) + " (")
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(catalog.QuoteIdent(c.Name) + " " + shortType(c.Type))
		if c.PrimaryKey {
			b.WriteString(" PK")
		}
		for _, ref := range fks[c.Name] {
			if ref.fk.Inferred {
				// Not a constraint: a join the names suggest.
				b.WriteString(" likely FK→" + ref.mschema(s))
				continue
			}
			b.WriteString(" FK→" + ref.mschema(s))
		}
		if len(c.AllowedValues) > 0 {
			b.WriteString(" IN(" + valueList(c, ",") + ")")
		}
		if cm := shorten(c.Comment, maxComment); cm != "" {
			// A block comment: the line must stay one line, and the
			// comment must end where the column does.
			b.WriteString(" /* " + blockCommentText(cm) + " */")
		}
	}
	b.WriteString(")" + checksMSchema(t.Checks) + "\n")
}

// writeCreateTable writes one table as DDL with its keys, CHECK lists, other
// CHECK constraints (as PostgreSQL prints them, up to checksMax) and
// comments.
func writeCreateTable(b *strings.Builder, s *catalog.Snapshot, t *catalog.Table, maxComment int) {
	if note := tableNote(t, false); note != "" {
		b.WriteString("-- " + note + "\n")
	}
	b.WriteString(createKeyword(t.Kind) + " " + s.TableSQLName(t) + " (\n")

	type item struct{ text, comment string }
	var items []item
	singlePK := len(t.PrimaryKey) == 1
	fks := columnFKs(s, t)
	for _, c := range t.Columns {
		var d strings.Builder
		d.WriteString("    " + catalog.QuoteIdent(c.Name) + " " + shortType(c.Type))
		switch {
		case singlePK && t.PrimaryKey[0] == c.Name:
			d.WriteString(" PRIMARY KEY")
		case c.NotNull:
			d.WriteString(" NOT NULL")
		}
		for _, ref := range fks[c.Name] {
			if ref.single() && !ref.fk.Inferred {
				d.WriteString(" REFERENCES " + ref.refName(s) + " (" + catalog.QuoteIdent(ref.fk.RefColumns[0]) + ")")
			}
		}
		if len(c.AllowedValues) > 0 {
			d.WriteString(" CHECK (" + catalog.QuoteIdent(c.Name) + " IN (" + valueList(c, ", ") + "))")
		}
		items = append(items, item{d.String(), shorten(c.Comment, maxComment)})
	}
	if len(t.PrimaryKey) > 1 {
		items = append(items, item{text: "    PRIMARY KEY (" + identList(t.PrimaryKey) + ")"})
	}
	for _, fk := range s.Outgoing(t) {
		if len(fk.Columns) > 1 && s.Table(fk.RefSchema, fk.RefTable) != nil {
			items = append(items, item{text: "    FOREIGN KEY (" + identList(fk.Columns) + ") REFERENCES " +
				s.SQLName(fk.RefSchema, fk.RefTable) + " (" + identList(fk.RefColumns) + ")"})
		}
	}
	checks, more := boundedChecks(t.Checks)
	for _, c := range checks {
		items = append(items, item{text: "    " + c.def})
	}
	if last := len(items) - 1; more > 0 && last >= 0 {
		items[last].comment = strings.TrimPrefix(items[last].comment+"; "+moreChecks(more), "; ")
	}
	for i, it := range items {
		b.WriteString(it.text)
		if i < len(items)-1 {
			b.WriteByte(',')
		}
		if it.comment != "" {
			b.WriteString(" -- " + it.comment)
		}
		b.WriteByte('\n')
	}
	b.WriteString(");\n")
	// Inferred joins are no constraint of the table: a comment says them.
	for _, fk := range s.JoinsFrom(t) {
		if fk.Inferred && fk.Through == "" {
			b.WriteString("-- likely joins " + s.SQLName(fk.RefSchema, fk.RefTable) + " on (" + identList(fk.Columns) + ") = (" +
				identList(fk.RefColumns) + "): inferred from names, no foreign key declared\n")
		}
	}
}

func createKeyword(kind string) string {
	switch kind {
	case catalog.KindView:
		return "CREATE VIEW"
	case catalog.KindMaterializedView:
		return "CREATE MATERIALIZED VIEW"
	case catalog.KindForeignTable:
		return "CREATE FOREIGN TABLE"
	}
	return "CREATE TABLE"
}

// tableNote is the comment line above a table: "[module, kind] gloss (also:
// synonyms)". The gloss, written for the model, wins over the database
// comment.
func tableNote(t *catalog.Table, withKind bool) string {
	var tags []string
	if t.Module != "" {
		tags = append(tags, t.Module)
	}
	if withKind {
		switch t.Kind {
		case catalog.KindView:
			tags = append(tags, "view")
		case catalog.KindMaterializedView:
			tags = append(tags, "materialized view")
		case catalog.KindForeignTable:
			tags = append(tags, "foreign table")
		}
	}
	var parts []string
	if len(tags) > 0 {
		parts = append(parts, "["+strings.Join(tags, ", ")+"]")
	}
	desc := t.Gloss
	if desc == "" {
		desc = t.Comment
	}
	// A comment is the database owner's text, at any length (a review's
	// was 560 kB, in every prompt): the first few sentences describe the
	// table.
	if desc = shorten(desc, tableNoteMax); desc != "" {
		parts = append(parts, desc)
	}
	if len(t.Synonyms) > 0 {
		parts = append(parts, "(also: "+strings.Join(t.Synonyms, ", ")+")")
	}
	return strings.Join(parts, " ")
}

// columnRef is one column's part in a foreign key.
type columnRef struct {
	fk  catalog.ForeignKey
	pos int // index of the column in fk.Columns
}

func (r columnRef) single() bool { return len(r.fk.Columns) == 1 }

func (r columnRef) refName(s *catalog.Snapshot) string {
	return s.SQLName(r.fk.RefSchema, r.fk.RefTable)
}

// mschema is "departments" when the column references the referenced
// table's primary key on its own (docs/DESIGN.md, Schema documents), else
// "departments.code", so the model never has to guess the target column.
func (r columnRef) mschema(s *catalog.Snapshot) string {
	refCol := r.fk.RefColumns[r.pos]
	if r.single() {
		if rt := s.Table(r.fk.RefSchema, r.fk.RefTable); rt != nil && len(rt.PrimaryKey) == 1 && rt.PrimaryKey[0] == refCol {
			return r.refName(s)
		}
	}
	return r.refName(s) + "." + catalog.QuoteIdent(refCol)
}

// columnFKs are the foreign keys of t's columns, declared and then
// inferred (catalog.Snapshot.JoinsFrom; rendered as likely joins, never as
// constraints). A key to a table outside the snapshot's schemas is left
// out: the guard refuses any query reading that table, so the join it
// shows could never be written.
func columnFKs(s *catalog.Snapshot, t *catalog.Table) map[string][]columnRef {
	out := map[string][]columnRef{}
	for _, fk := range s.JoinsFrom(t) {
		if fk.Through != "" {
			// The key to the supertype says it (catalog.ForeignKey.Through).
			continue
		}
		if s.Table(fk.RefSchema, fk.RefTable) == nil {
			continue
		}
		for i, c := range fk.Columns {
			out[c] = append(out[c], columnRef{fk: fk, pos: i})
		}
	}
	return out
}

// shortType shortens the verbose spellings format_type prints to the
// equivalent names people write (all valid PostgreSQL types).
func shortType(t string) string {
	for _, r := range typeAbbreviations {
		if strings.HasPrefix(t, r[0]) {
			return r[1] + t[len(r[0]):]
		}
	}
	return t
}

var typeAbbreviations = [][2]string{
	{"timestamp with time zone", "timestamptz"},
	{"timestamp without time zone", "timestamp"},
	{"time with time zone", "timetz"},
	{"time without time zone", "time"},
	{"character varying", "varchar"},
	{"character", "char"},
	{"double precision", "float8"},
}

// valuesMax is the most characters of one column's allowed values the
// schema text shows: an enum of 3,000 labels, or a CHECK list as long,
// took 36,000 characters on every column of its type, as a table of forty
// CHECKs would without checksMax. A question naming a value finds it
// through the value index (its hint) whether or not it is shown.
const valuesMax = 600

// valueList renders allowed values as SQL literals: bare numbers for a
// numeric column, quoted strings otherwise; past valuesMax characters, the
// first values and a comment saying how many more there are.
func valueList(c catalog.Column, sep string) string {
	numeric := isNumeric(c.ValueType())
	vs := make([]string, 0, len(c.AllowedValues))
	n := 0
	for i, v := range c.AllowedValues {
		if _, err := strconv.ParseFloat(v, 64); !numeric || err != nil {
			v = catalog.SQLLiteral(v)
		}
		if n += utf8.RuneCountInString(v) + len(sep); n > valuesMax && i > 0 {
			return strings.Join(vs, sep) + " /* " + strconv.Itoa(len(c.AllowedValues)-i) + " more */"
		}
		vs = append(vs, v)
	}
	return strings.Join(vs, sep)
}

func isNumeric(t string) bool {
	for _, p := range []string{"smallint", "integer", "bigint", "numeric", "decimal", "real", "double precision"} {
		if strings.HasPrefix(t, p) && !strings.HasSuffix(t, "]") {
			return true
		}
	}
	return false
}

func identList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = catalog.QuoteIdent(n)
	}
	return strings.Join(q, ", ")
}

// oneLine collapses whitespace (comments may hold newlines, which would
// break a one-line-per-table format).
// tableNoteMax is the most characters of a table's description in the
// schema text: twice the longest gloss of the demo ERP (161), so no
// hand-written description is cut.
const tableNoteMax = 320

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// shorten makes s one line of at most max characters (no limit when max
// is not positive), cutting at a word boundary when there is one and marking
// the cut with "…".
func shorten(s string, max int) string {
	s = oneLine(s)
	if max < 1 || utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}

// blockCommentText is s made safe inside /* ... */: PostgreSQL's block
// comments nest, so "/*" in a column's comment would open one that swallows
// the rest of the table, and "*/" would end it early. Spaces part them,
// again until none is left ("*/*" is both).
func blockCommentText(s string) string {
	for strings.Contains(s, "*/") || strings.Contains(s, "/*") {
		s = blockCommentMarks.Replace(s)
	}
	return s
}

var blockCommentMarks = strings.NewReplacer("*/", "* /", "/*", "/ *")
