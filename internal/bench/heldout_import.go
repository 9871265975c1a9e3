package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// The held-out importer turns public text-to-SQL benchmarks with
// enterprise-sized schemas into retrieval sets in the dev set's layout
// (<set>/schema.sql, <set>/questions.json) plus a SOURCE note. It reads the
// benchmarks' own formats; the files it writes are fetched data and never go
// into the repository. Nothing here prints a question: an import reports
// numbers only (README: Retrieval evaluation).

// HeldoutSet is one held-out set as the importer makes it.
type HeldoutSet struct {
	// Name is the set's directory and PostgreSQL schema: beaver_dw,
	// beaver_nw, fiben.
	Name      string
	SchemaSQL string
	Questions []exam.Question
	Report    ImportReport
}

// ImportReport is what an import made of one set, in numbers only.
type ImportReport struct {
	Set       string `json:"set"`
	Benchmark string `json:"benchmark"`
	URL       string `json:"url"`
	Licence   string `json:"licence"`
	// Commit is the benchmark repository's commit, when the directory is a
	// git checkout.
	Commit string   `json:"commit"`
	Files  []string `json:"files"`
	// Dialect is the source's type system, mapped to PostgreSQL's.
	Dialect     string `json:"dialect"`
	Tables      int    `json:"tables"`
	Columns     int    `json:"columns"`
	PrimaryKeys int    `json:"primary_keys"`
	ForeignKeys int    `json:"foreign_keys"`
	// UniqueKeysAdded are the unique keys a foreign key needed in
	// PostgreSQL that the source does not declare (addReferencedKeys).
	UniqueKeysAdded int `json:"unique_keys_added"`
	// Shortened counts the names longer than PostgreSQL's 63 bytes.
	Shortened int `json:"shortened"`
	// Dropped counts what the port left out, by kind.
	Dropped map[string]int `json:"dropped,omitempty"`
	// Read is the number of questions in the source; Kept, those written.
	Read int `json:"read"`
	Kept int `json:"kept"`
	// Skipped counts the questions left out, by reason.
	Skipped map[string]int `json:"skipped,omitempty"`
	// ParseErrors counts the gold SQL parse failures by the parser's
	// message (no question is named).
	ParseErrors map[string]int `json:"parse_errors,omitempty"`
	// ExpectedTables says where the expected tables come from.
	ExpectedTables string `json:"expected_tables"`
}

// Reasons a question is skipped.
const (
	SkipOtherDatabase = "asked of a database not imported"
	SkipNoQuestion    = "question empty or longer than 2,000 characters"
	SkipNoGoldSQL     = "gold SQL is empty"
	SkipParse         = "gold SQL does not parse"
	SkipNoTable       = "gold SQL reads no table"
	SkipUnknownTable  = "gold SQL names a table the schema lacks"
)

// sourceFile finds a benchmark file in dir: under its name in the
// benchmark's repository, or with the benchmark's prefix (a flat directory
// of downloads, beaver_dev_tables.json).
func sourceFile(dir, prefix, name string) (string, []byte, error) {
	tried := []string{filepath.Join(dir, name), filepath.Join(dir, prefix+"_"+name)}
	for _, p := range tried {
		data, err := os.ReadFile(p)
		if err == nil {
			return name, data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", nil, err
		}
	}
	return "", nil, fmt.Errorf("bench: %s not found (tried %s)", name, strings.Join(tried, ", "))
}

// gitCommit is the commit checked out in dir, or "unknown (…)" when dir is
// not a git checkout: read from .git, no git binary needed.
func gitCommit(dir string) string {
	gitDir := filepath.Join(dir, ".git")
	if b, err := os.ReadFile(gitDir); err == nil { // a worktree: "gitdir: …"
		if rest, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: "); ok {
			gitDir = rest
			if !filepath.IsAbs(gitDir) {
				gitDir = filepath.Join(dir, gitDir)
			}
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "unknown (not a git checkout)"
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	if !ok {
		return strings.TrimSpace(string(head))
	}
	if b, err := os.ReadFile(filepath.Join(gitDir, filepath.FromSlash(ref))); err == nil {
		return strings.TrimSpace(string(b))
	}
	common := gitDir
	if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = filepath.Join(gitDir, strings.TrimSpace(string(b)))
	}
	if b, err := os.ReadFile(filepath.Join(common, filepath.FromSlash(ref))); err == nil {
		return strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile(filepath.Join(common, "packed-refs")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if sha, name, ok := strings.Cut(strings.TrimSpace(line), " "); ok && name == ref {
				return sha
			}
		}
	}
	return "unknown (" + ref + " not found)"
}

// difficulty is a held-out question's difficulty by its expected tables:
// the benchmarks grade differently or not at all, and the exam format needs
// one.
func difficulty(tables int) string {
	switch {
	case tables <= 1:
		return "easy"
	case tables <= 3:
		return "medium"
	}
	return "hard"
}

const difficultyNote = "by the number of expected tables (1 easy, 2-3 medium, 4 or more hard), not the benchmark's"

// questionOK says whether a question can be asked through rag.queries.
func questionOK(q string) bool {
	return strings.TrimSpace(q) != "" && utf8.RuneCountInString(q) <= 2000
}

func (r *ImportReport) skip(reason string) {
	if r.Skipped == nil {
		r.Skipped = map[string]int{}
	}
	r.Skipped[reason]++
}

// skipUnusable counts a question without text or without gold SQL as
// skipped, and reports whether it did.
func (r *ImportReport) skipUnusable(question, sql string) bool {
	switch {
	case !questionOK(question):
		r.skip(SkipNoQuestion)
	case strings.TrimSpace(sql) == "":
		r.skip(SkipNoGoldSQL)
	default:
		return false
	}
	return true
}

func (r *ImportReport) fromSchema(s *hoSchema) {
	r.Tables, r.Columns, r.PrimaryKeys, r.ForeignKeys = s.counts()
	r.Shortened = len(s.shortened)
	if len(s.dropped) > 0 {
		r.Dropped = maps.Clone(s.dropped)
	}
}

// BEAVER (github.com/peterbaile/beaver): dev_tables.json holds every
// database's tables, dev_dw.json and dev_nw.json the questions.

type beaverTable struct {
	DB         string   `json:"db_id"`
	Name       string   `json:"table_name_original"`
	Columns    []string `json:"column_names_original"`
	Types      []string `json:"column_types"`
	PrimaryKey []string `json:"primary_key"`
	ForeignKey []struct {
		Column    string `json:"column_name"`
		RefTable  string `json:"referenced_table_name"`
		RefColumn string `json:"referenced_column_name"`
	} `json:"foreign_key"`
}

type beaverQuestion struct {
	Question   string   `json:"question"`
	SQL        string   `json:"sql"`
	DB         string   `json:"db_id"`
	GoldTables []string `json:"gold_tables"`
}

// beaverSep separates the database from the table in BEAVER's names.
const beaverSep = "#sep#"

// beaverSets are the BEAVER databases imported: the data warehouse (its
// schema file keeps Oracle's types) and OpenStack nova (MySQL).
var beaverSets = []struct {
	name, db, questions, idPrefix string
	dialect                       dialect
}{
	{"beaver_dw", "dw", "dev_dw.json", "bdw", dialectOracle},
	{"beaver_nw", "csail_stata_nova", "dev_nw.json", "bnw", dialectMySQL},
}

// ImportBEAVER converts a BEAVER checkout (or a directory of its files,
// prefixed beaver_) into the sets beaver_dw and beaver_nw.
func ImportBEAVER(dir string) ([]HeldoutSet, error) {
	tablesFile, data, err := sourceFile(dir, "beaver", "dev_tables.json")
	if err != nil {
		return nil, err
	}
	var all map[string]beaverTable
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("bench: BEAVER %s: %w", tablesFile, err)
	}
	commit := gitCommit(dir)
	var out []HeldoutSet
	for _, bs := range beaverSets {
		qFile, qData, err := sourceFile(dir, "beaver", bs.questions)
		if err != nil {
			return nil, err
		}
		var qs []beaverQuestion
		if err := json.Unmarshal(qData, &qs); err != nil {
			return nil, fmt.Errorf("bench: BEAVER %s: %w", qFile, err)
		}
		s, err := beaverSchema(bs.name, bs.db, bs.dialect, all)
		if err != nil {
			return nil, fmt.Errorf("bench: BEAVER database %s: %w", bs.db, err)
		}
		rep := ImportReport{
			Set: bs.name, Benchmark: "BEAVER", URL: "https://github.com/peterbaile/beaver", Licence: "MIT",
			Commit: commit, Files: []string{fmt.Sprintf("%s (database %q)", tablesFile, bs.db), qFile}, Dialect: string(bs.dialect),
			ExpectedTables: "BEAVER's gold_tables, folded to lower case as the tables are", Read: len(qs),
		}
		rep.UniqueKeysAdded = s.addReferencedKeys()
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("bench: BEAVER database %s: %w", bs.db, err)
		}
		rep.fromSchema(s)
		var questions []exam.Question
		for i, q := range qs {
			var expected []string
			switch {
			case q.DB != bs.db:
				rep.skip(SkipOtherDatabase)
				continue
			case rep.skipUnusable(q.Question, q.SQL):
				continue
			case len(q.GoldTables) == 0:
				rep.skip(SkipNoTable)
				continue
			}
			known := true
			for _, gt := range q.GoldTables {
				db, name, ok := strings.Cut(gt, beaverSep)
				if !ok || db != bs.db || s.table(s.pgName(name)) == nil {
					known = false
					break
				}
				expected = append(expected, s.pgName(name))
			}
			if !known {
				rep.skip(SkipUnknownTable)
				continue
			}
			slices.Sort(expected)
			expected = slices.Compact(expected)
			questions = append(questions, exam.Question{
				ID: fmt.Sprintf("%s%03d", bs.idPrefix, i+1), Question: q.Question, Difficulty: difficulty(len(expected)),
				ExpectedTables: expected, GoldSQL: q.SQL,
				Notes: fmt.Sprintf("BEAVER %s #%d; gold SQL in MySQL's dialect, for reference only", qFile, i+1),
			})
		}
		rep.Kept = len(questions)
		out = append(out, HeldoutSet{Name: bs.name, SchemaSQL: s.sql(schemaHeader(rep)), Questions: questions, Report: rep})
	}
	return out, nil
}

func beaverSchema(name, db string, d dialect, all map[string]beaverTable) (*hoSchema, error) {
	s := newSchema(name)
	keys := slices.Sorted(maps.Keys(all))
	var errs []error
	for _, k := range keys {
		bt := all[k]
		if bt.DB != db {
			continue
		}
		if len(bt.Columns) != len(bt.Types) {
			errs = append(errs, fmt.Errorf("table %s: %d columns but %d types", bt.Name, len(bt.Columns), len(bt.Types)))
			continue
		}
		t := &hoTable{name: s.pgName(bt.Name)}
		for i, col := range bt.Columns {
			c := hoColumn{name: s.pgName(col)}
			w, err := scanTokens(bt.Types[i])
			if err == nil {
				err = s.columnSpec(w, d, t, &c)
			}
			if err == nil && !w.done() {
				err = fmt.Errorf("unexpected %q", w.peek().Text)
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("table %s column %s: type %q: %w", bt.Name, col, bt.Types[i], err))
				continue
			}
			t.columns = append(t.columns, c)
		}
		for _, c := range bt.PrimaryKey {
			t.pk = append(t.pk, s.pgName(c))
		}
		for _, fk := range bt.ForeignKey {
			refDB, ref, ok := strings.Cut(fk.RefTable, beaverSep)
			if !ok || refDB != db {
				s.dropped["foreign keys to another database"]++
				continue
			}
			s.fks = append(s.fks, hoForeignKey{
				table: t.name, columns: []string{s.pgName(fk.Column)},
				ref: s.pgName(ref), refCols: []string{s.pgName(fk.RefColumn)},
			})
		}
		s.tables = append(s.tables, t)
	}
	if len(s.tables) == 0 {
		errs = append(errs, errors.New("no table"))
	}
	slices.SortStableFunc(s.tables, func(a, b *hoTable) int { return strings.Compare(a.name, b.name) })
	return s, errors.Join(errs...)
}

// FIBEN (github.com/IBM/fiben-benchmark): FIBEN.sql is DDL for DB2 and
// PostgreSQL, FIBEN_Queries.json the questions with their gold SQL.

type fibenQuery struct {
	ID          int    `json:"uniqueQueryID"`
	Question    string `json:"question"`
	Paraphrased bool   `json:"isParaphrased"`
	SQL         string `json:"SQL"`
	Type        string `json:"queryType"`
}

// ImportFIBEN converts a FIBEN checkout (or a directory of its files,
// prefixed fiben_) into the set fiben.
func ImportFIBEN(dir string) (*HeldoutSet, error) {
	ddlFile, ddl, err := sourceFile(dir, "fiben", "FIBEN.sql")
	if err != nil {
		return nil, err
	}
	qFile, qData, err := sourceFile(dir, "fiben", "FIBEN_Queries.json")
	if err != nil {
		return nil, err
	}
	var qs []fibenQuery
	if err := json.Unmarshal(qData, &qs); err != nil {
		return nil, fmt.Errorf("bench: FIBEN %s: %w", qFile, err)
	}
	s, err := db2Schema("fiben", string(ddl))
	if err != nil {
		return nil, fmt.Errorf("bench: FIBEN %s: %w", ddlFile, err)
	}
	rep := ImportReport{
		Set: "fiben", Benchmark: "FIBEN", URL: "https://github.com/IBM/fiben-benchmark", Licence: "Apache-2.0",
		Commit: gitCommit(dir), Files: []string{ddlFile, qFile}, Dialect: string(dialectDB2), Read: len(qs),
		ExpectedTables: "the tables the gold SQL reads, parsed by nl2sql's parser (internal/pgsql): CTE names left out, schema qualifiers dropped, folded to lower case",
	}
	rep.UniqueKeysAdded = s.addReferencedKeys()
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("bench: FIBEN %s: %w", ddlFile, err)
	}
	rep.fromSchema(s)
	var questions []exam.Question
	for i, q := range qs {
		if rep.skipUnusable(q.Question, q.SQL) {
			continue
		}
		sql, expected, err := goldSQLTables(s, q.SQL)
		if err != nil {
			rep.skip(SkipParse)
			if rep.ParseErrors == nil {
				rep.ParseErrors = map[string]int{}
			}
			msg := err.Error()
			var se *pgsql.SyntaxError
			if errors.As(err, &se) {
				msg = se.Message // without the line and column
			}
			rep.ParseErrors[msg]++
			continue
		}
		switch {
		case len(expected) == 0:
			rep.skip(SkipNoTable)
			continue
		case slices.ContainsFunc(expected, func(t string) bool { return s.table(t) == nil }):
			rep.skip(SkipUnknownTable)
			continue
		}
		notes := fmt.Sprintf("FIBEN uniqueQueryID %d, %s", q.ID, q.Type)
		if q.Paraphrased {
			notes += ", paraphrased"
		}
		questions = append(questions, exam.Question{
			ID: fmt.Sprintf("fib%03d", i+1), Question: q.Question, Difficulty: difficulty(len(expected)),
			ExpectedTables: expected, GoldSQL: sql, Notes: notes,
		})
	}
	rep.Kept = len(questions)
	return &HeldoutSet{Name: "fiben", SchemaSQL: s.sql(schemaHeader(rep)), Questions: questions, Report: rep}, nil
}

// goldSQLTables returns sql with its names longer than 63 bytes shortened as
// the schema's are, and the tables it reads: sorted, unique, lower case,
// without schema, CTEs left out.
func goldSQLTables(s *hoSchema, sql string) (string, []string, error) {
	toks, err := pgsql.Scan(sql)
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	last := 0
	for _, t := range toks {
		if t.Kind != pgsql.TokenIdent {
			continue
		}
		name := t.Text
		if strings.HasPrefix(name, `"`) {
			name = strings.ReplaceAll(name[1:len(name)-1], `""`, `"`)
		}
		if len(name) <= maxIdentBytes {
			continue
		}
		b.WriteString(sql[last:t.Start])
		b.WriteString(quoteIdent(s.pgName(name)))
		last = t.End
	}
	b.WriteString(sql[last:])
	sql = b.String()
	script, err := pgsql.Parse(sql)
	if err != nil {
		return "", nil, err
	}
	var tables []string
	for _, st := range script.Statements {
		for _, t := range st.Analysis().Tables {
			if t.Role == pgsql.RoleRead {
				tables = append(tables, s.pgName(t.Name))
			}
		}
	}
	slices.Sort(tables)
	return sql, slices.Compact(tables), nil
}

// db2Schema reads DB2 DDL: CREATE TABLE and ALTER TABLE … ADD constraints.
// Table options after a table's columns (IN tablespace, ORGANIZE BY, …),
// constraint options (ENFORCED, ENABLE QUERY OPTIMIZATION), CHECK
// constraints and other statements are left out and counted.
func db2Schema(name, ddl string) (*hoSchema, error) {
	s := newSchema(name)
	all, err := scanTokens(ddl)
	if err != nil {
		return nil, err
	}
	var stmts [][]pgsql.Token
	start := 0
	for i, t := range all.toks {
		if t.Text == ";" {
			if i > start {
				stmts = append(stmts, all.toks[start:i])
			}
			start = i + 1
		}
	}
	if start < len(all.toks) {
		stmts = append(stmts, all.toks[start:])
	}
	var errs []error
	for _, st := range stmts {
		w := &tokens{toks: st}
		var err error
		switch {
		case w.is("create", "table"):
			err = s.db2CreateTable(w)
		case w.is("alter", "table"):
			err = s.db2AlterTable(w)
		default:
			kind := strings.ToUpper(st[0].Text)
			if len(st) > 1 {
				kind += " " + strings.ToUpper(st[1].Text)
			}
			s.dropped[kind+" statements"]++
		}
		if err != nil {
			line, _ := pgsql.LineCol(ddl, st[0].Start)
			errs = append(errs, fmt.Errorf("statement at line %d: %w", line, err))
		}
	}
	if len(s.tables) == 0 && len(errs) == 0 {
		errs = append(errs, errors.New("no CREATE TABLE"))
	}
	return s, errors.Join(errs...)
}

func (s *hoSchema) db2CreateTable(w *tokens) error {
	raw, err := w.qualifiedIdent()
	if err != nil {
		return err
	}
	t := &hoTable{name: s.pgName(raw)}
	if !w.is("(") {
		return fmt.Errorf("table %s: expected (, got %q", raw, w.peek().Text)
	}
	for {
		if err := s.db2Element(w, t); err != nil {
			return fmt.Errorf("table %s: %w", raw, err)
		}
		if w.is(")") {
			break
		}
		if !w.is(",") {
			return fmt.Errorf("table %s: expected , or ), got %q", raw, w.peek().Text)
		}
	}
	if !w.done() {
		s.dropped["DB2 table options (IN tablespace, ORGANIZE BY, …)"]++
	}
	s.tables = append(s.tables, t)
	return nil
}

// db2Element reads one column or table constraint of CREATE TABLE.
func (s *hoSchema) db2Element(w *tokens, t *hoTable) error {
	constraint, err := s.constraintName(w)
	if err != nil {
		return err
	}
	if ok, err := s.keyConstraint(w, t, constraint); ok {
		return err
	}
	switch {
	case w.is("check"):
		s.skipParens(w)
		s.dropped["CHECK constraints"]++
		return nil
	case constraint != "":
		return fmt.Errorf("constraint %s: unknown kind %q", constraint, w.peek().Text)
	}
	raw, err := w.ident()
	if err != nil {
		return err
	}
	c := hoColumn{name: s.pgName(raw)}
	if err := s.columnSpec(w, dialectDB2, t, &c); err != nil {
		return fmt.Errorf("column %s: %w", raw, err)
	}
	t.columns = append(t.columns, c)
	return nil
}

func (s *hoSchema) db2AlterTable(w *tokens) error {
	raw, err := w.qualifiedIdent()
	if err != nil {
		return err
	}
	t := s.table(s.pgName(raw))
	if t == nil {
		return fmt.Errorf("ALTER TABLE %s before its CREATE TABLE", raw)
	}
	if !w.is("add") {
		s.dropped["ALTER TABLE statements other than ADD constraint"]++
		return nil
	}
	constraint, err := s.constraintName(w)
	if err != nil {
		return err
	}
	if ok, err := s.keyConstraint(w, t, constraint); ok {
		return err
	}
	s.dropped["ALTER TABLE statements other than ADD constraint"]++
	return nil
}

// constraintName reads an optional CONSTRAINT name.
func (s *hoSchema) constraintName(w *tokens) (string, error) {
	if !w.is("constraint") {
		return "", nil
	}
	n, err := w.ident()
	if err != nil {
		return "", err
	}
	return s.pgName(n), nil
}

// keyConstraint reads a PRIMARY KEY, UNIQUE or FOREIGN KEY constraint of
// t, in CREATE TABLE or ALTER TABLE ... ADD; ok is false when the next
// words are none of them.
func (s *hoSchema) keyConstraint(w *tokens, t *hoTable, constraint string) (ok bool, err error) {
	switch {
	case w.is("primary", "key"):
		cols, err := w.identList()
		t.pk = s.pgNames(cols)
		return true, err
	case w.is("unique"):
		cols, err := w.identList()
		t.uniques = append(t.uniques, s.pgNames(cols))
		return true, err
	case w.is("foreign", "key"):
		return true, s.db2ForeignKey(w, t.name, constraint)
	}
	return false, nil
}

// db2ForeignKey reads (cols) REFERENCES t [(cols)] and the options after.
func (s *hoSchema) db2ForeignKey(w *tokens, table, constraint string) error {
	cols, err := w.identList()
	if err != nil {
		return err
	}
	if !w.is("references") {
		return fmt.Errorf("expected REFERENCES, got %q", w.peek().Text)
	}
	raw, err := w.qualifiedIdent()
	if err != nil {
		return err
	}
	fk := hoForeignKey{name: constraint, table: table, columns: s.pgNames(cols), ref: s.pgName(raw)}
	if w.peek().Text == "(" {
		ref, err := w.identList()
		if err != nil {
			return err
		}
		fk.refCols = s.pgNames(ref)
	} else if rt := s.table(fk.ref); rt != nil {
		fk.refCols = slices.Clone(rt.pk)
	}
	// ON DELETE …, ENFORCED, ENABLE QUERY OPTIMIZATION: nothing retrieval
	// reads.
	if !w.done() && w.peek().Text != "," && w.peek().Text != ")" {
		s.dropped["foreign key options (ON DELETE, ENFORCED, …)"]++
		for !w.done() && w.peek().Text != "," && w.peek().Text != ")" {
			w.next()
		}
	}
	s.fks = append(s.fks, fk)
	return nil
}

func (s *hoSchema) pgNames(raw []string) []string {
	out := make([]string, len(raw))
	for i, r := range raw {
		out[i] = s.pgName(r)
	}
	return out
}

func (s *hoSchema) skipParens(w *tokens) {
	if !w.is("(") {
		return
	}
	for depth := 1; depth > 0 && !w.done(); {
		switch w.next().Text {
		case "(":
			depth++
		case ")":
			depth--
		}
	}
}

// schemaHeader is the comment at the top of a set's schema.sql.
func schemaHeader(r ImportReport) string {
	return fmt.Sprintf(`Held-out retrieval set %s, made by nl2sql bench heldout import from %s
(%s, %s licence, commit %s); see SOURCE. Fetched data: never commit it.`, r.Set, r.Benchmark, r.URL, r.Licence, r.Commit)
}

// SourceNote is a set's SOURCE file: where it came from and what the
// import did, in numbers.
func (r ImportReport) SourceNote() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a held-out retrieval set (README: Retrieval evaluation).\n", r.Set)
	b.WriteString("Never read its questions one by one, never take words from them for a lexicon or synonyms,\n")
	b.WriteString("and never commit these files: they are fetched data.\n\n")
	fmt.Fprintf(&b, "Made by:         nl2sql bench heldout import\n")
	fmt.Fprintf(&b, "Benchmark:       %s, %s\n", r.Benchmark, r.URL)
	fmt.Fprintf(&b, "Licence:         %s (the LICENSE file of the repository)\n", r.Licence)
	fmt.Fprintf(&b, "Commit:          %s\n", r.Commit)
	fmt.Fprintf(&b, "Files:           %s\n", strings.Join(r.Files, ", "))
	fmt.Fprintf(&b, "Schema:          schema %s: %d tables, %d columns, %d with a primary key, %d foreign keys\n",
		r.Set, r.Tables, r.Columns, r.PrimaryKeys, r.ForeignKeys)
	fmt.Fprintf(&b, "Port:            %s types mapped to PostgreSQL's; tables and columns created unquoted (lower case)\n", r.Dialect)
	if r.Shortened > 0 {
		fmt.Fprintf(&b, "Long names:      %d longer than PostgreSQL's 63 bytes, cut to 54 and given _ and 8 hex digits of their FNV-1a hash (in the gold SQL too)\n", r.Shortened)
	}
	if r.UniqueKeysAdded > 0 {
		fmt.Fprintf(&b, "Unique keys:     %d added where a foreign key references columns the source does not declare a key\n", r.UniqueKeysAdded)
	}
	if len(r.Dropped) > 0 {
		fmt.Fprintf(&b, "Left out:        %s\n", countList(r.Dropped))
	}
	fmt.Fprintf(&b, "Questions:       %d read, %d kept\n", r.Read, r.Kept)
	skipped := "none"
	if len(r.Skipped) > 0 {
		skipped = countList(r.Skipped)
	}
	fmt.Fprintf(&b, "Skipped:         %s\n", skipped)
	if len(r.ParseErrors) > 0 {
		fmt.Fprintf(&b, "Parse errors:    %s\n", countList(r.ParseErrors))
	}
	fmt.Fprintf(&b, "Expected tables: %s\n", r.ExpectedTables)
	fmt.Fprintf(&b, "Difficulty:      %s\n", difficultyNote)
	return b.String()
}

// countList writes counts as "reason: n; reason: n", largest first.
func countList(m map[string]int) string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return strings.Join(parts, "; ")
}

// WriteHeldoutSet writes set into out/<set>: schema.sql, questions.json and
// SOURCE. The questions file is checked as the bench will read it.
func WriteHeldoutSet(out string, set HeldoutSet) error {
	if len(set.Questions) == 0 {
		return fmt.Errorf("bench: held-out set %s: no question kept (%s)", set.Name, countList(set.Report.Skipped))
	}
	var qs bytes.Buffer
	enc := json.NewEncoder(&qs)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(set.Questions); err != nil {
		return err
	}
	if _, err := exam.ParseQuestions(qs.Bytes()); err != nil {
		return fmt.Errorf("bench: held-out set %s: %w", set.Name, err)
	}
	dir := filepath.Join(out, set.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		"schema.sql":     []byte(set.SchemaSQL),
		"questions.json": qs.Bytes(),
		"SOURCE":         []byte(set.Report.SourceNote()),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
