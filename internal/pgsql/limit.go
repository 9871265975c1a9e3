package pgsql

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// ErrNotQuery is returned by WithLimit and AddLimit for a statement that is
// not a query (SELECT, VALUES, TABLE, set operation).
var ErrNotQuery = errors.New("pgsql: not a query")

// WithLimit returns the statement's SQL with LIMIT n added at the top level
// (after ORDER BY, around the whole of a UNION/INTERSECT/EXCEPT) and
// added=true; or, when the statement already has a row-bounding LIMIT or
// FETCH FIRST, its Text unchanged and added=false. LIMIT ALL and LIMIT NULL
// are replaced.
//
// The new SQL is deparsed from the modified tree, so formatting and comments
// are not preserved. It is re-parsed and must yield exactly the original
// tree plus the LIMIT; if pg_query's deparser falls short of that, the
// statement text with "\nLIMIT n" appended is tried the same way, and if
// that fails too an error is returned rather than SQL that could mean
// something else.
func (s *Statement) WithLimit(n int) (sql string, added bool, err error) {
	sel := s.raw.GetStmt().GetSelectStmt()
	if sel == nil {
		return "", false, fmt.Errorf("%w: %s", ErrNotQuery, s.Tag)
	}
	if n < 0 || n > math.MaxInt32 {
		return "", false, fmt.Errorf("pgsql: limit %d out of range", n)
	}
	if hasLimit(sel) {
		return s.Text, false, nil
	}
	if text, ok := s.appendLimit(n); ok {
		return text, true, nil
	}
	want := proto.Clone(s.raw.GetStmt()).(*pg_query.Node)
	ws := want.GetSelectStmt()
	ws.LimitCount = pg_query.MakeAConstIntNode(int64(n), -1)
	ws.LimitOption = pg_query.LimitOption_LIMIT_OPTION_COUNT

	bare := proto.Clone(want).(*pg_query.Node) // want without locations, for comparison
	clearLocations(bare.ProtoReflect())

	out, derr := pg_query.Deparse(&pg_query.ParseResult{
		Version: s.script.version,
		Stmts:   []*pg_query.RawStmt{{Stmt: want}},
	})
	if derr == nil && sameTree(out, bare) {
		return out, true, nil
	}
	text := s.Text + "\nLIMIT " + strconv.Itoa(n)
	if sameTree(text, bare) {
		return text, true, nil
	}
	if derr != nil {
		return "", false, fmt.Errorf("pgsql: cannot add LIMIT: deparse: %w", derr)
	}
	return "", false, errors.New("pgsql: cannot add LIMIT: the rewritten SQL does not parse back to the same query")
}

// appendLimit is WithLimit's fast path, for the first statement of its
// script: the text with "\nLIMIT n" appended (formatting and comments kept;
// the newline ends a trailing -- comment), accepted when it parses to the
// original tree plus exactly that LIMIT. Appending leaves every earlier
// location where it was, so the trees compare without the cloning and
// location clearing the general path needs (most of the guard's time).
func (s *Statement) appendLimit(n int) (string, bool) {
	if len(s.script.Statements) == 0 || s.script.Statements[0] != s {
		return "", false
	}
	// From the start of the input, so locations match the original tree;
	// what precedes the first statement is white space and comments.
	text := s.script.SQL[:s.Location] + s.Text + "\nLIMIT " + strconv.Itoa(n)
	got, err := pg_query.Parse(text)
	if err != nil || len(got.GetStmts()) != 1 {
		return "", false
	}
	sel := got.GetStmts()[0].GetStmt().GetSelectStmt()
	orig := s.raw.GetStmt().GetSelectStmt()
	if sel == nil || orig == nil || sel.GetLimitOption() != pg_query.LimitOption_LIMIT_OPTION_COUNT {
		return "", false
	}
	c := sel.GetLimitCount().GetAConst()
	if c == nil || c.GetIsnull() || c.GetIval() == nil || int(c.GetIval().GetIval()) != n {
		return "", false
	}
	// Put the original's (absent or ALL/NULL) limit back and compare.
	sel.LimitCount, sel.LimitOption = orig.GetLimitCount(), orig.GetLimitOption()
	if !proto.Equal(got.GetStmts()[0].GetStmt(), s.raw.GetStmt()) {
		return "", false
	}
	return strings.TrimLeft(text, " \t\r\n\f\v"), true
}

// AddLimit parses sql, which must hold exactly one query, and returns
// WithLimit(n) of it.
func AddLimit(sql string, n int) (string, bool, error) {
	script, err := Parse(sql)
	if err != nil {
		return "", false, err
	}
	if len(script.Statements) != 1 {
		return "", false, fmt.Errorf("pgsql: AddLimit needs exactly one statement, got %d", len(script.Statements))
	}
	return script.Statements[0].WithLimit(n)
}

// sameTree reports whether sql parses to exactly one statement whose tree
// equals want (whose locations must be cleared), locations ignored.
func sameTree(sql string, want *pg_query.Node) bool {
	if checkInput(sql) != nil {
		return false
	}
	got, err := pg_query.Parse(sql)
	if err != nil || len(got.GetStmts()) != 1 {
		return false
	}
	stmt := got.GetStmts()[0].GetStmt()
	if stmt == nil {
		return false
	}
	clearLocations(stmt.ProtoReflect())
	return proto.Equal(stmt, want)
}
