package pgsql

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseKindAndTag(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		sql  string
		kind Kind
		tag  string
	}{
		{"SELECT 1", KindSelect, "SELECT"},
		{"VALUES (1), (2)", KindSelect, "SELECT"},
		{"TABLE t", KindSelect, "SELECT"},
		{"SELECT 1 UNION SELECT 2", KindSelect, "SELECT"},
		{"WITH x AS (SELECT 1) SELECT * FROM x", KindSelect, "SELECT"},
		{"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", KindSelect, "SELECT"},
		{"SELECT * INTO t2 FROM t", KindSelect, "SELECT"},
		{"INSERT INTO t VALUES (1)", KindInsert, "INSERT"},
		{"UPDATE t SET a = 1", KindUpdate, "UPDATE"},
		{"DELETE FROM t", KindDelete, "DELETE"},
		{"MERGE INTO t USING u ON t.id = u.id WHEN MATCHED THEN DELETE", KindMerge, "MERGE"},
		{"CREATE TABLE t (a int)", KindDDL, "CREATE TABLE"},
		{"CREATE TABLE t2 AS SELECT 1", KindDDL, "CREATE TABLE AS"},
		{"CREATE VIEW v AS SELECT 1", KindDDL, "CREATE VIEW"},
		{"ALTER TABLE t ADD COLUMN b int", KindDDL, "ALTER TABLE"},
		{"DROP TABLE t", KindDDL, "DROP TABLE"},
		{"DROP FUNCTION f()", KindDDL, "DROP FUNCTION"},
		{"TRUNCATE t", KindDDL, "TRUNCATE"},
		{"GRANT SELECT ON t TO bob", KindDDL, "GRANT"},
		{"REVOKE SELECT ON t FROM bob", KindDDL, "REVOKE"},
		{"COMMENT ON TABLE t IS 'x'", KindDDL, "COMMENT"},
		{"SET statement_timeout = 0", KindUtility, "SET"},
		{"RESET ALL", KindUtility, "RESET"},
		{"SHOW search_path", KindUtility, "SHOW"},
		{"COPY t TO STDOUT", KindUtility, "COPY"},
		{"DO $$ BEGIN END $$", KindUtility, "DO"},
		{"CALL p()", KindUtility, "CALL"},
		{"EXPLAIN SELECT 1", KindUtility, "EXPLAIN"},
		{"EXPLAIN ANALYZE DELETE FROM t", KindUtility, "EXPLAIN ANALYZE"},
		{"BEGIN", KindUtility, "BEGIN"},
		{"COMMIT", KindUtility, "COMMIT"},
		{"VACUUM t", KindUtility, "VACUUM"},
		{"ANALYZE t", KindUtility, "ANALYZE"},
		{"NOTIFY ch", KindUtility, "NOTIFY"},
		{"LOCK TABLE t", KindUtility, "LOCK"},
		{"REFRESH MATERIALIZED VIEW mv", KindUtility, "REFRESH MATERIALIZED VIEW"},
	} {
		s, err := Parse(tc.sql)
		require.NoError(t, err, tc.sql)
		require.Len(t, s.Statements, 1, tc.sql)
		require.Equal(t, tc.kind, s.Statements[0].Kind, tc.sql)
		require.Equal(t, tc.tag, s.Statements[0].Tag, tc.sql)
	}
}

func TestParseStatementText(t *testing.T) {
	t.Parallel()

	sql := "  SELECT 1 ;\n/* two */ SELECT 2; -- three\nDELETE FROM t  "
	s, err := Parse(sql)
	require.NoError(t, err)
	require.Len(t, s.Statements, 3)

	require.Equal(t, "SELECT 1", s.Statements[0].Text)
	require.Equal(t, 2, s.Statements[0].Location)
	require.Equal(t, "/* two */ SELECT 2", s.Statements[1].Text)
	require.Equal(t, "-- three\nDELETE FROM t", s.Statements[2].Text)
	for _, st := range s.Statements {
		require.Equal(t, st.Text, sql[st.Location:st.Location+len(st.Text)], "Location points at Text")
		require.Same(t, s, st.Script())
	}

	empty, err := Parse(" ; -- nothing\n")
	require.NoError(t, err)
	require.Empty(t, empty.Statements)
}

func TestSyntaxError(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		name, sql, msg string
		pos, line, col int
		state          string
	}{
		{"trailing comma", "SELECT a, FROM t", `syntax error at or near "FROM"`, 11, 1, 11, "42601"},
		{"positions count characters", "SELECT 'é', FROM t", `syntax error at or near "FROM"`, 13, 1, 13, "42601"},
		{"second line", "SELECT a\nFROM t WHER x", `syntax error at or near "x"`, 22, 2, 13, "42601"},
		{"end of input", "SELECT (1", "syntax error at end of input", 10, 1, 10, "42601"},
		{"unterminated string", "SELECT 'abc", `unterminated quoted string at or near "'abc"`, 8, 1, 8, "42601"},
		{"NUL byte", "SELECT 1\x00; DROP TABLE t", "input contains a NUL byte", 9, 1, 9, "22021"},
		{"invalid UTF-8", "SELECT '\xff'", "input is not valid UTF-8", 9, 1, 9, "22021"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()

			_, err := Parse(tc.sql)
			var se *SyntaxError
			require.True(t, errors.As(err, &se), "%T", err)
			require.Equal(t, tc.msg, se.Message)
			require.Equal(t, tc.pos, se.Position)
			require.Equal(t, tc.line, se.Line)
			require.Equal(t, tc.col, se.Column)
			require.Equal(t, tc.state, se.SQLSTATE)
			require.Contains(t, se.Error(), tc.msg)
			// Offset is the byte form of Position.
			require.Equal(t, tc.pos, len([]rune(tc.sql[:se.Offset]))+1)
		})
	}
}

func TestFingerprintNormalize(t *testing.T) {
	t.Parallel()

	a, err := Fingerprint("SELECT id FROM t WHERE a = 1")
	require.NoError(t, err)
	b, err := Fingerprint("select id\n  from t -- note\n where a = 42")
	require.NoError(t, err)
	c, err := Fingerprint("SELECT id FROM t WHERE b = 1")
	require.NoError(t, err)
	require.Equal(t, a, b, "constants, case, white space and comments do not matter")
	require.NotEqual(t, a, c)

	n, err := Normalize("SELECT id FROM t WHERE a = 1 AND b = 'x'")
	require.NoError(t, err)
	require.Equal(t, "SELECT id FROM t WHERE a = $1 AND b = $2", n)

	var se *SyntaxError
	_, err = Fingerprint("SELECT FROM WHERE")
	require.ErrorAs(t, err, &se)
	_, err = Normalize("SELECT 'x")
	require.ErrorAs(t, err, &se)
}

func TestScan(t *testing.T) {
	t.Parallel()

	toks, err := Scan(`SELECT a, "Q"(1.5) FROM t -- c` + "\nWHERE $1 = 'x' /* d */")
	require.NoError(t, err)
	var kinds []TokenKind
	var texts []string
	for _, tk := range toks {
		kinds = append(kinds, tk.Kind)
		texts = append(texts, tk.Text)
	}
	require.Equal(t, []string{"SELECT", "a", ",", `"Q"`, "(", "1.5", ")", "FROM", "t", "-- c", "WHERE", "$1", "=", "'x'", "/* d */"}, texts)
	require.Equal(t, []TokenKind{
		TokenKeyword, TokenIdent, TokenPunct, TokenIdent, TokenPunct, TokenNumber, TokenPunct, TokenKeyword,
		TokenIdent, TokenComment, TokenKeyword, TokenParam, TokenOperator, TokenString, TokenComment,
	}, kinds)
	require.Equal(t, "select", toks[0].Keyword)

	_, err = Scan("SELECT 'open")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
}

func TestLineCol(t *testing.T) {
	t.Parallel()

	sql := "ab\nçd\ne"
	for off, want := range map[int][2]int{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, 5: {2, 2}, 7: {3, 1}, 8: {3, 2}, 99: {3, 2}, -1: {0, 0}} {
		l, c := LineCol(sql, off)
		require.Equal(t, want, [2]int{l, c}, "offset %d", off)
	}
}

func TestBuiltinAggregate(t *testing.T) {
	t.Parallel()

	require.True(t, BuiltinAggregate("", "count"))
	require.True(t, BuiltinAggregate("pg_catalog", "string_agg"))
	require.False(t, BuiltinAggregate("myschema", "count"), "a qualified user function is not the built-in")
	require.False(t, BuiltinAggregate("", "lower"))
}

// TestScriptPositions: a script's lines and character positions, from its
// index of line starts, are what counting from the start gives.
func TestScriptPositions(t *testing.T) {
	t.Parallel()
	sql := "SELECT 'größe',\n  é.x -- ✓ note\n\nFROM t é\r\nWHERE x = '\n'"
	s, err := Parse(sql)
	require.NoError(t, err)
	for off := -1; off <= len(sql)+1; off++ {
		line, col := LineCol(sql, off)
		gl, gc := s.LineCol(off)
		require.Equal(t, [2]int{line, col}, [2]int{gl, gc}, "offset %d", off)
		require.Equal(t, line, s.Line(off), "offset %d", off)
		want := 0
		if off >= 0 && off <= len(sql) {
			want = len([]rune(sql[:off])) + 1
		}
		require.Equal(t, want, s.CharPos(off), "offset %d", off)
	}
}
