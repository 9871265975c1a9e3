// Package pgsql is nl2sql's only door to the PostgreSQL parser
// (github.com/pganalyze/pg_query_go, which embeds Postgres' own grammar). It
// turns pg_query's protobuf trees and errors into small types of our own, so
// that the guard, the lint and the repair step never see protobuf nodes and
// the parser could be swapped without touching them.
//
// What it knows comes from the raw parse tree only: there is no catalog here.
// Where the answer depends on the catalog (is this function an aggregate? does
// this table have that column?) the types say so instead of guessing.
//
// Locations are byte offsets into the parsed input (Script.SQL), -1 when
// pg_query records none. Positions shown to people are 1-based characters,
// as Postgres reports them.
package pgsql

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// SQLSTATE codes used by this package.
const (
	SQLSTATESyntaxError        = "42601" // syntax_error
	SQLSTATECharacterNotInRepr = "22021" // character_not_in_repertoire (invalid UTF-8, NUL)
)

// SyntaxError is a failure to parse SQL. Postgres' raw parser reports every
// grammar and lexer failure as syntax_error, and so does this type.
type SyntaxError struct {
	// Message is Postgres' wording, e.g. `syntax error at or near "FROM"`.
	Message string
	// Position is the 1-based character offset of the error in the input, as
	// Postgres reports it; one past the last character for "at end of input";
	// 0 if unknown.
	Position int
	// Offset is Position as a 0-based byte offset into the input; -1 if unknown.
	Offset int
	// Line and Column locate Position (both 1-based); 0 if unknown.
	Line, Column int
	// SQLSTATE is "42601", or "22021" for input that is not valid UTF-8 or
	// contains a NUL byte.
	SQLSTATE string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s (line %d, column %d)", e.Message, e.Line, e.Column)
	}
	return e.Message
}

// newSyntaxError converts a pg_query error into a *SyntaxError for input sql.
func newSyntaxError(sql string, err error) *SyntaxError {
	se := &SyntaxError{Message: err.Error(), Offset: -1, SQLSTATE: SQLSTATESyntaxError}
	var pe *pgparser.Error
	if errors.As(err, &pe) {
		se.Message = pe.Message
		if pe.Cursorpos > 0 {
			se.Position = pe.Cursorpos
			se.Offset = ByteOffset(sql, pe.Cursorpos)
			se.Line, se.Column = LineCol(sql, se.Offset)
		}
	} else {
		// Not from the grammar (e.g. the protobuf tree was too deep to
		// decode); still a refusal to parse, so it is reported the same way.
		se.Message = "cannot parse: " + err.Error()
	}
	return se
}

// callParser calls fn, one of pg_query's entry points, on caller input:
// input the C parser would misread or could not survive (MaxDepth) is
// refused first, and its errors become
// a *SyntaxError, the same for Parse, Fingerprint and Normalize (Scan,
// which is flat, checks only the input).
func callParser[T any](sql string, fn func(string) (T, error)) (T, error) {
	var zero T
	if se := checkInput(sql); se != nil {
		return zero, se
	}
	if se := checkDepth(sql); se != nil {
		return zero, se
	}
	out, err := fn(sql)
	if err != nil {
		return zero, newSyntaxError(sql, err)
	}
	return out, nil
}

// checkInput refuses input the C parser would misread: it stops at a NUL byte
// (so "SELECT 1\x00; DROP ..." would parse as "SELECT 1"), and Postgres
// itself rejects invalid UTF-8.
func checkInput(sql string) *SyntaxError {
	if i := strings.IndexByte(sql, 0); i >= 0 {
		return posError(sql, i, "input contains a NUL byte", SQLSTATECharacterNotInRepr)
	}
	if !utf8.ValidString(sql) {
		i := 0
		for i < len(sql) {
			r, size := utf8.DecodeRuneInString(sql[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return posError(sql, i, "input is not valid UTF-8", SQLSTATECharacterNotInRepr)
	}
	return nil
}

func posError(sql string, off int, msg, state string) *SyntaxError {
	line, col := LineCol(sql, off)
	return &SyntaxError{Message: msg, Position: utf8.RuneCountInString(sql[:off]) + 1, Offset: off, Line: line, Column: col, SQLSTATE: state}
}

// ByteOffset converts a 1-based character position (as Postgres reports
// errors) into a byte offset, clamped to len(sql).
func ByteOffset(sql string, pos int) int {
	n := 1
	for i := range sql {
		if n == pos {
			return i
		}
		n++
	}
	return len(sql)
}

// LineCol returns the 1-based line and character column of byte offset off
// in sql; (0, 0) for a negative offset.
func LineCol(sql string, off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	if off > len(sql) {
		off = len(sql)
	}
	line, col = 1, 1
	for _, r := range sql[:off] {
		if r == '\n' {
			line++
			col = 1
			continue
		}
		col++
	}
	return line, col
}

// Kind is the broad class of a statement.
type Kind string

const (
	KindSelect Kind = "select" // SELECT, VALUES, TABLE t, set operations, WITH … SELECT
	KindInsert Kind = "insert"
	KindUpdate Kind = "update"
	KindDelete Kind = "delete"
	KindMerge  Kind = "merge"
	// KindDDL: CREATE/ALTER/DROP of any object, GRANT/REVOKE, TRUNCATE,
	// COMMENT, SECURITY LABEL, … (statements that change the schema or
	// privileges, or wipe tables).
	KindDDL Kind = "ddl"
	// KindUtility: everything else: SET, SHOW, COPY, DO, CALL, EXPLAIN,
	// transaction control, VACUUM, LISTEN/NOTIFY, PREPARE/EXECUTE, ….
	KindUtility Kind = "utility"
)

// Script is a parsed input: zero or more statements.
type Script struct {
	// SQL is the input exactly as given.
	SQL        string
	Statements []*Statement

	version int32

	tokOnce sync.Once
	toks    []Token
	tokErr  error

	// Where each line starts, by byte and by character: a refusal reports
	// positions for every violation, and counting from the start each time
	// made refusing N violations cost N times the text (posIndex).
	posOnce             sync.Once
	lineByte, lineChars []int
}

// Statement is one statement of a Script.
type Statement struct {
	Kind Kind
	// Tag names the command the way Postgres' command tags do: "SELECT",
	// "DELETE", "DROP TABLE", "EXPLAIN ANALYZE", "SET", "COPY", ….
	Tag string
	// Text is the statement's source text with surrounding white space and
	// the terminating semicolon removed; comments inside and before it are
	// kept.
	Text string
	// Location is the byte offset of Text in Script.SQL.
	Location int

	script   *Script
	raw      *pg_query.RawStmt
	once     sync.Once
	analysis *Analysis
}

// Parse parses sql into statements. A parse failure is a *SyntaxError.
func Parse(sql string) (*Script, error) {
	tree, err := callParser(sql, pg_query.Parse)
	if err != nil {
		return nil, err
	}
	s := &Script{SQL: sql, version: tree.GetVersion()}
	for _, raw := range tree.GetStmts() {
		start := int(raw.GetStmtLocation())
		end := len(sql)
		if l := int(raw.GetStmtLen()); l > 0 {
			end = start + l
		}
		if start < 0 || start > end || end > len(sql) {
			start, end = 0, len(sql) // never seen; keep the statement rather than guess a slice
		}
		text := sql[start:end]
		trimmed := strings.TrimLeft(text, " \t\r\n\f\v")
		loc := start + len(text) - len(trimmed)
		text = strings.TrimRight(trimmed, " \t\r\n\f\v;")
		kind, tag := classify(raw.GetStmt())
		s.Statements = append(s.Statements, &Statement{
			Kind: kind, Tag: tag, Text: text, Location: loc, script: s, raw: raw,
		})
	}
	return s, nil
}

// Script returns the script the statement belongs to.
func (s *Statement) Script() *Script { return s.script }

// LineCol returns the 1-based line and column of byte offset off in the
// script's SQL; (0, 0) when off is negative (unknown).
func (s *Script) LineCol(off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	off = min(off, len(s.SQL))
	i := s.lineOf(off)
	return i + 1, utf8.RuneCountInString(s.SQL[s.lineByte[i]:off]) + 1
}

// Line returns the 1-based line of byte offset off; 0 when unknown.
func (s *Script) Line(off int) int {
	if off < 0 {
		return 0
	}
	return s.lineOf(min(off, len(s.SQL))) + 1
}

// CharPos returns the 1-based character position of byte offset off, as
// Postgres reports positions; 0 when unknown (negative or past the end).
func (s *Script) CharPos(off int) int {
	if off < 0 || off > len(s.SQL) {
		return 0
	}
	i := s.lineOf(off)
	return s.lineChars[i] + utf8.RuneCountInString(s.SQL[s.lineByte[i]:off]) + 1
}

// lineOf returns the 0-based line holding byte offset off (0..len(SQL)).
func (s *Script) lineOf(off int) int {
	s.posOnce.Do(func() {
		s.lineByte, s.lineChars = []int{0}, []int{0}
		chars := 0
		for i, r := range s.SQL {
			chars++
			if r == '\n' {
				s.lineByte = append(s.lineByte, i+1)
				s.lineChars = append(s.lineChars, chars)
			}
		}
	})
	i, _ := slices.BinarySearch(s.lineByte, off+1)
	return i - 1
}

// Analysis returns the statement's analysis, computed on first use.
func (s *Statement) Analysis() *Analysis {
	s.once.Do(func() { s.analysis = analyze(s.raw.GetStmt()) })
	return s.analysis
}

// Fingerprint returns pg_query's fingerprint of sql: equal for statements
// that differ only in constants, white space, comments and letter case of
// keywords. Use it to deduplicate candidate queries.
func Fingerprint(sql string) (string, error) {
	return callParser(sql, pg_query.Fingerprint)
}

// Normalize returns sql with constants replaced by $n parameters (comments
// and formatting are kept).
func Normalize(sql string) (string, error) {
	return callParser(sql, pg_query.Normalize)
}

// nodeName returns the protobuf message name of the node held by n, e.g.
// "SelectStmt"; "" for an empty node.
func nodeName(n *pg_query.Node) string {
	if n == nil {
		return ""
	}
	m := n.ProtoReflect()
	od := m.Descriptor().Oneofs().ByName("node")
	if od == nil {
		return ""
	}
	fd := m.WhichOneof(od)
	if fd == nil || fd.Message() == nil {
		return ""
	}
	return string(fd.Message().Name())
}

func nodeMessage(n *pg_query.Node) protoreflect.Message {
	m := n.ProtoReflect()
	od := m.Descriptor().Oneofs().ByName("node")
	if od == nil {
		return nil
	}
	fd := m.WhichOneof(od)
	if fd == nil || fd.Message() == nil {
		return nil
	}
	return m.Get(fd).Message()
}

var ddlNames = map[string]bool{
	"DefineStmt": true, "ViewStmt": true, "IndexStmt": true, "RuleStmt": true, "RenameStmt": true,
	"CommentStmt": true, "GrantStmt": true, "GrantRoleStmt": true, "TruncateStmt": true,
	"SecLabelStmt": true, "CompositeTypeStmt": true, "ImportForeignSchemaStmt": true,
	"ReassignOwnedStmt": true, "DropOwnedStmt": true, "AlterDefaultPrivilegesStmt": true,
}

var tags = map[string]string{
	"SelectStmt": "SELECT", "InsertStmt": "INSERT", "UpdateStmt": "UPDATE", "DeleteStmt": "DELETE",
	"MergeStmt": "MERGE", "CreateStmt": "CREATE TABLE", "CreateTableAsStmt": "CREATE TABLE AS",
	"ViewStmt": "CREATE VIEW", "IndexStmt": "CREATE INDEX", "VariableSetStmt": "SET",
	"VariableShowStmt": "SHOW", "CopyStmt": "COPY", "DoStmt": "DO", "CallStmt": "CALL",
	"TruncateStmt": "TRUNCATE", "CreateFunctionStmt": "CREATE FUNCTION", "VacuumStmt": "VACUUM",
	"RefreshMatViewStmt": "REFRESH MATERIALIZED VIEW", "LockStmt": "LOCK", "NotifyStmt": "NOTIFY",
	"ListenStmt": "LISTEN", "UnlistenStmt": "UNLISTEN", "PrepareStmt": "PREPARE",
	"ExecuteStmt": "EXECUTE", "DeallocateStmt": "DEALLOCATE", "DeclareCursorStmt": "DECLARE CURSOR",
	"ClosePortalStmt": "CLOSE", "LoadStmt": "LOAD", "CheckPointStmt": "CHECKPOINT",
	"DiscardStmt": "DISCARD", "RuleStmt": "CREATE RULE", "CreateTrigStmt": "CREATE TRIGGER",
	"DefineStmt": "CREATE", "CommentStmt": "COMMENT", "GrantRoleStmt": "GRANT ROLE",
	"CreateSchemaStmt": "CREATE SCHEMA", "CreateRoleStmt": "CREATE ROLE", "AlterTableStmt": "ALTER TABLE",
}

// classify returns the kind and command tag of a statement node.
func classify(n *pg_query.Node) (Kind, string) {
	name := nodeName(n)
	tag, ok := tags[name]
	if !ok {
		tag = deriveTag(name)
	}
	switch x := n.GetNode().(type) {
	case *pg_query.Node_VariableSetStmt:
		if x.VariableSetStmt.GetKind() >= pg_query.VariableSetKind_VAR_RESET {
			tag = "RESET"
		}
	case *pg_query.Node_DropStmt:
		obj := strings.TrimPrefix(x.DropStmt.GetRemoveType().String(), "OBJECT_")
		tag = "DROP " + strings.ReplaceAll(obj, "_", " ")
	case *pg_query.Node_GrantStmt:
		if !x.GrantStmt.GetIsGrant() {
			tag = "REVOKE"
		} else {
			tag = "GRANT"
		}
	case *pg_query.Node_TransactionStmt:
		tag = strings.ReplaceAll(strings.TrimPrefix(x.TransactionStmt.GetKind().String(), "TRANS_STMT_"), "_", " ")
	case *pg_query.Node_ExplainStmt:
		for _, o := range x.ExplainStmt.GetOptions() {
			if d := o.GetDefElem(); d != nil && d.GetDefname() == "analyze" {
				tag = "EXPLAIN ANALYZE"
			}
		}
	case *pg_query.Node_VacuumStmt:
		if !x.VacuumStmt.GetIsVacuumcmd() {
			tag = "ANALYZE"
		}
	case *pg_query.Node_FetchStmt:
		if x.FetchStmt.GetIsmove() {
			tag = "MOVE"
		} else {
			tag = "FETCH"
		}
	}
	switch name {
	case "SelectStmt":
		return KindSelect, tag
	case "InsertStmt":
		return KindInsert, tag
	case "UpdateStmt":
		return KindUpdate, tag
	case "DeleteStmt":
		return KindDelete, tag
	case "MergeStmt":
		return KindMerge, tag
	}
	if ddlNames[name] || strings.HasPrefix(name, "Create") || strings.HasPrefix(name, "Alter") || strings.HasPrefix(name, "Drop") {
		return KindDDL, tag
	}
	return KindUtility, tag
}

// deriveTag turns a node name such as "AlterSeqStmt" into "ALTER SEQ".
func deriveTag(name string) string {
	name = strings.TrimSuffix(name, "Stmt")
	if name == "" {
		return "UNKNOWN"
	}
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}
