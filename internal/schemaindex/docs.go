package schemaindex

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
)

// Kind is what a document describes.
type Kind string

// Document kinds, stored in rag.index_docs.kind.
const (
	KindTable  Kind = "table"
	KindColumn Kind = "column"
	KindValue  Kind = "value"
)

// Doc is one retrieval document.
type Doc struct {
	Kind   Kind
	Schema string
	Table  string
	// Column is empty for a table document.
	Column string
	// Value is set for a value document only.
	Value  string
	Module string
	// Generic marks a column that says little about a question: id,
	// status, name, created_at, the table's own key, a plain foreign key.
	Generic bool
	// ValueCount is the number of sampled rows holding Value; nil for a
	// value from a CHECK list or enum.
	ValueCount *int32
	// StableText is the embedded text, MSchema the dense form for prompts
	// (docs/DESIGN.md, Schema documents).
	StableText string
	MSchema    string
	// Lexical is the lexical document by field: names, synonyms,
	// descriptions, context (tsvector weights A to D).
	Lexical [4]string

	hash      []byte
	embedding []float32
}

// Lexical fields.
const (
	fieldNames = iota
	fieldSynonyms
	fieldDescriptions
	fieldContext
)

func (d *Doc) key() string {
	return string(d.Kind) + "\x00" + d.Schema + "\x00" + d.Table + "\x00" + d.Column + "\x00" + d.Value
}

// genericColumns are names that appear in most tables: a question
// mentioning "name" or "status" says little about which table it needs.
var genericColumns = wordSet(`id name status type code description notes note comment comments remarks title
	created_at updated_at deleted_at modified_at created_on updated_on created_by updated_by modified_by
	created updated is_active active enabled version sort_order position`)

// documents builds the table and column documents of s. modules maps table
// keys to their module (see resolveModules).
func documents(s *catalog.Snapshot, dict *Dictionary, modules map[string]string) []*Doc {
	var docs []*Doc
	for _, t := range s.Tables {
		module := modules[t.Key()]
		tableWords := dict.NameWords(t.Name)
		fks := foreignKeysByColumn(s, t)

		td := &Doc{
			Kind: KindTable, Schema: t.Schema, Table: t.Name, Module: module,
			StableText: tableStableText(s, t, module, dict, fks), MSchema: tableMSchema(s, t, fks),
		}
		td.Lexical[fieldNames] = joinWords(tableWords)
		var syn []string
		for _, sy := range t.Synonyms {
			syn = append(syn, naming.TextWords(sy)...)
		}
		td.Lexical[fieldSynonyms] = joinWords(syn)
		td.Lexical[fieldDescriptions] = joinWords(leadingWords(descriptionWords(t.Gloss, t.Comment), descriptionMaxBytes))
		td.Lexical[fieldContext] = joinWords(naming.TextWords(module))
		docs = append(docs, td)

		for _, c := range t.Columns {
			cd := &Doc{
				Kind: KindColumn, Schema: t.Schema, Table: t.Name, Column: c.Name, Module: module,
				Generic:    genericColumn(t, c, fks[c.Name], dict),
				StableText: columnStableText(s, t, c, dict), MSchema: columnMSchema(s, c, fks[c.Name]),
			}
			cd.Lexical[fieldNames] = joinWords(dict.NameWords(c.Name))
			var refWords []string
			for _, fk := range fks[c.Name] {
				refWords = append(refWords, dict.NameWords(fk.RefTable)...)
			}
			cd.Lexical[fieldSynonyms] = joinWords(refWords)
			cd.Lexical[fieldDescriptions] = joinWords(leadingWords(naming.TextWords(c.Comment), descriptionMaxBytes))
			cd.Lexical[fieldContext] = joinWords(tableWords)
			docs = append(docs, cd)
		}
	}
	for _, d := range docs {
		d.hash = hashText(d.StableText)
	}
	return docs
}

// descriptionMaxBytes bounds a document's description field (a table's
// gloss and comment, a column's comment): PostgreSQL refuses a tsvector of
// more than 1 MB, and a comment's words made one (a comment listing
// 70,000 codes), failing every build of the database. 100 kB of words is
// a tsvector of at most ~400 kB, and some 15,000 words of prose, more
// than describe any table.
const descriptionMaxBytes = 100_000

// leadingWords are the first of ws that fit in max bytes, spaces between
// them counted.
func leadingWords(ws []string, max int) []string {
	n := 0
	for i, w := range ws {
		if n += len(w) + 1; n > max+1 {
			return ws[:i]
		}
	}
	return ws
}

func descriptionWords(gloss, comment string) []string {
	ws := naming.TextWords(gloss)
	if comment != "" && comment != gloss {
		ws = append(ws, naming.TextWords(comment)...)
	}
	return ws
}

func hashText(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func foreignKeysByColumn(s *catalog.Snapshot, t *catalog.Table) map[string][]catalog.ForeignKey {
	out := map[string][]catalog.ForeignKey{}
	// Declared and inferred joins alike: a column of a schema without
	// foreign keys (FCLT_BUILDING_KEY) still says which table it is about.
	for _, fk := range s.JoinsFrom(t) {
		for _, c := range fk.Columns {
			out[c] = append(out[c], fk)
		}
	}
	return out
}

// genericColumn reports whether a column is weak evidence: a name from
// genericColumns, the table's own single-column key, or a foreign key whose
// name says nothing the referenced table's name does not (employee_id →
// employees; sales_rep_id → employees says more).
func genericColumn(t *catalog.Table, c catalog.Column, fks []catalog.ForeignKey, dict *Dictionary) bool {
	if genericColumns[strings.ToLower(c.Name)] {
		return true
	}
	if len(t.PrimaryKey) == 1 && t.PrimaryKey[0] == c.Name {
		return true
	}
	for _, fk := range fks {
		ref := map[string]bool{}
		for _, w := range naming.Parts(fk.RefTable) {
			ref[naming.Singular(w)] = true
		}
		plain := true
		for _, w := range naming.Parts(c.Name) {
			if w != "id" && w != "code" && w != "key" && w != "no" && !ref[naming.Singular(w)] {
				plain = false
			}
		}
		if plain {
			return true
		}
	}
	return false
}

// tableStableText is the embedded text of a table (docs/DESIGN.md,
// Schema documents):
//
//	employees: Employee master data
//	Module: HR
//	Synonyms: staff, workers
//	Key columns: employee_id PK, first_name, department_id FK, ...
//
// with a "Words:" line when the name is not plain words (CUST_ACCT_BAL:
// cust acct bal customer account balance), so an embedding model sees them.
func tableStableText(s *catalog.Snapshot, t *catalog.Table, module string, dict *Dictionary, fks map[string][]catalog.ForeignKey) string {
	var b strings.Builder
	b.WriteString(t.Name)
	if desc := oneLine(firstNonEmpty(t.Gloss, t.Comment)); desc != "" {
		b.WriteString(": " + desc)
	}
	b.WriteByte('\n')
	if ws := dict.NameWords(t.Name); !plainName(t.Name, ws) {
		b.WriteString("Words: " + strings.Join(ws, " ") + "\n")
	}
	if module != "" {
		b.WriteString("Module: " + module + "\n")
	}
	if len(t.Synonyms) > 0 {
		b.WriteString("Synonyms: " + strings.Join(t.Synonyms, ", ") + "\n")
	}
	var cols []string
	for i, c := range t.Columns {
		if i == maxKeyColumns {
			cols = append(cols, "...")
			break
		}
		x := c.Name
		if c.PrimaryKey {
			x += " PK"
		}
		if len(fks[c.Name]) > 0 {
			x += " FK"
		}
		cols = append(cols, x)
	}
	b.WriteString("Key columns: " + strings.Join(cols, ", "))
	return b.String()
}

// maxKeyColumns bounds the columns listed in a table's stable text.
const maxKeyColumns = 16

// columnStableText is the embedded text of a column (docs/DESIGN.md,
// Schema documents):
//
//	employees.first_name
//	Type: text
//	Table: employees (Employee master data)
//	Description: Given name
func columnStableText(s *catalog.Snapshot, t *catalog.Table, c catalog.Column, dict *Dictionary) string {
	var b strings.Builder
	b.WriteString(t.Name + "." + c.Name + "\n")
	b.WriteString("Type: " + c.Type + "\n")
	b.WriteString("Table: " + t.Name)
	if desc := oneLine(firstNonEmpty(t.Gloss, t.Comment)); desc != "" {
		b.WriteString(" (" + truncateRunes(desc, 80) + ")")
	}
	b.WriteByte('\n')
	desc := oneLine(c.Comment)
	if desc == "" {
		desc = strings.Join(dict.NameWords(c.Name), " ")
	}
	b.WriteString("Description: " + desc)
	if len(c.AllowedValues) > 0 {
		vs := c.AllowedValues
		if len(vs) > 12 {
			vs = vs[:12]
		}
		b.WriteString("\nValues: " + strings.Join(vs, ", "))
	}
	return b.String()
}

// plainName reports whether words are just the name's parts.
func plainName(name string, words []string) bool {
	return slices.Equal(naming.Parts(name), words)
}

// tableMSchema is the prompt form of a table (docs/DESIGN.md, Schema
// documents):
// "leave_requests (leave_id bigint PK, employee_id bigint FK→employees, ...)".
func tableMSchema(s *catalog.Snapshot, t *catalog.Table, fks map[string][]catalog.ForeignKey) string {
	cols := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = columnMSchema(s, c, fks[c.Name])
	}
	return s.TableSQLName(t) + " (" + strings.Join(cols, ", ") + ")"
}

func columnMSchema(s *catalog.Snapshot, c catalog.Column, fks []catalog.ForeignKey) string {
	x := catalog.QuoteIdent(c.Name) + " " + c.Type
	if c.PrimaryKey {
		x += " PK"
	}
	for _, fk := range fks {
		x += " FK→" + s.SQLName(fk.RefSchema, fk.RefTable)
	}
	return x
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// valueDoc is the document of one value of a column: its words are the
// value's own; the table's and column's names are context, so "pending
// leave" prefers leave_requests.status = 'pending' among the many columns
// holding 'pending'.
func valueDoc(t *catalog.Table, column, value, module string, count *int32, dict *Dictionary) *Doc {
	d := &Doc{Kind: KindValue, Schema: t.Schema, Table: t.Name, Column: column, Value: value, Module: module, ValueCount: count}
	// on_leave, partiallyPaid, "Standard USD 2025": the words of a value.
	ws := naming.Parts(value)
	for _, w := range naming.TextWords(value) {
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	d.Lexical[fieldNames] = joinWords(ws)
	d.Lexical[fieldContext] = joinWords(append(dict.NameWords(t.Name), dict.NameWords(column)...))
	return d
}

// describe names a document for messages: "erp.employees.first_name".
func (d *Doc) describe() string {
	s := d.Schema + "." + d.Table
	if d.Column != "" {
		s += "." + d.Column
	}
	if d.Kind == KindValue {
		s += fmt.Sprintf(" = %q", d.Value)
	}
	return s
}
