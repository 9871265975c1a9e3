package pgsql

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSpans(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, sql string) (*Script, *Analysis) {
		t.Helper()
		s, err := Parse(sql)
		require.NoError(t, err)
		require.Len(t, s.Statements, 1)
		return s, s.Statements[0].Analysis()
	}

	t.Run("ColumnSpans", func(t *testing.T) {
		t.Parallel()
		s, a := setup(t, `SELECT e . /* c */ "First_Name", hr.employees.status, name, e.*, count(*) FROM hr.employees e`)
		st := s.Statements[0]
		var got [][]string
		for _, ref := range a.Columns {
			var parts []string
			for _, sp := range st.ColumnSpans(ref) {
				parts = append(parts, s.Text(sp))
			}
			got = append(got, parts)
		}
		require.Equal(t, [][]string{{"e", `"First_Name"`}, {"hr", "employees", "status"}, {"name"}, {"e"}}, got,
			"quoted names keep their quotes, key words (status, name) are names, a star has no span")
	})

	t.Run("NameSpansAtNoName", func(t *testing.T) {
		t.Parallel()
		s, _ := setup(t, "SELECT 1 + x FROM t")
		require.Nil(t, s.NameSpans(7), "a number starts there")
		require.Nil(t, s.NameSpans(8), "no token starts inside white space")
		require.Nil(t, s.NameSpans(-1))
		require.Equal(t, []Span{{11, 12}}, s.NameSpans(11))
	})

	t.Run("TargetColumnAndAlias", func(t *testing.T) {
		t.Parallel()
		_, a := setup(t, "SELECT e.first_name, e.last_name AS surname, upper(e.email) AS mail, e.* FROM employees e")
		ts := a.Scopes[0].Targets
		require.Len(t, ts, 4)
		require.Equal(t, "first_name", a.Columns[ts[0].Column].Name)
		require.Empty(t, ts[0].Alias)
		require.Equal(t, "last_name", a.Columns[ts[1].Column].Name)
		require.Equal(t, "surname", ts[1].Alias)
		require.Equal(t, -1, ts[2].Column, "an expression is not a bare column")
		require.Equal(t, "mail", ts[2].Alias)
		require.Equal(t, -1, ts[3].Column, "a star is not a column")
	})

	t.Run("Equalities", func(t *testing.T) {
		t.Parallel()
		_, a := setup(t, `SELECT 1 FROM a
JOIN b ON b.id = a.b_id AND b.kind = 'x'
LEFT JOIN c ON a.c_id = c.id
WHERE a.x = b.x AND (a.y = b.y OR a.z = b.z) AND a.n + 1 = b.n AND a.m < b.m`)
		sc := a.Scopes[0]
		type eq struct {
			l, r string
			join int
		}
		var got []eq
		for _, e := range sc.Equalities {
			got = append(got, eq{a.Columns[e.Left].QualifiedName(), a.Columns[e.Right].QualifiedName(), e.Join})
		}
		require.Equal(t, []eq{{"b.id", "a.b_id", 0}, {"a.c_id", "c.id", 1}, {"a.x", "b.x", -1}}, got,
			"only top-level conjuncts column = column count; Left/Right in text order")
		require.Equal(t, "inner", sc.Joins[0].Type)
		require.Equal(t, "left", sc.Joins[1].Type)
		require.Len(t, sc.Where, 4, "WHERE conjuncts are unchanged")
	})
}
