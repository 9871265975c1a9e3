package catalog_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// fuzzParts are the pieces fuzzed names are made of: the words, key
// suffixes, roles and cases the inference rules read, so that random
// schemas reach them.
var fuzzParts = []string{
	"id", "ID", "Id", "key", "KEY", "cd", "code", "no", "nbr", "num", "sk",
	"customer", "order", "line", "person", "agent", "natural", "party", "owner",
	"parent", "child", "approved", "by", "manager", "employee", "dept", "department",
	"bldg", "building", "fclt", "room", "hist", "shadow", "bak", "old", "type", "status",
	"_", "__", "", "x", "ÄÖ", "2",
}

var fuzzTypes = []string{"integer", "bigint", "text", "varchar(10)", "uuid", "date", "numeric(12,2)", "char(4)"}

// fuzzSchema builds a database from data, a byte a choice, so that the fuzzer
// can grow and mutate schemas: tables with names and columns made of
// fuzzParts, some columns primary keys, and some declared foreign keys.
func fuzzSchema(data []byte) *catalog.Snapshot {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	name := func() string {
		var b strings.Builder
		for n := next()%3 + 1; n > 0; n-- {
			b.WriteString(fuzzParts[next()%len(fuzzParts)])
		}
		return b.String()
	}
	// Two schemas, so that one name may stand in both (sales.customers,
	// crm.customers).
	s := &catalog.Snapshot{Database: "d", Schemas: []string{"s", "t"}}
	seen := map[string]bool{}
	for n := next() % 12; n > 0 && len(data) > 0; n-- {
		t := &catalog.Table{Schema: s.Schemas[next()%3/2], Name: name(), Kind: catalog.KindTable, EstimatedRows: -1}
		if seen[t.Key()] {
			continue
		}
		seen[t.Key()] = true
		cols := map[string]bool{}
		for c := next()%6 + 1; c > 0; c-- {
			cn := name()
			if cn == "" || cols[cn] {
				continue
			}
			cols[cn] = true
			pk := next()%3 == 0
			t.Columns = append(t.Columns, catalog.Column{Name: cn, Type: fuzzTypes[next()%len(fuzzTypes)], PrimaryKey: pk})
			if pk {
				t.PrimaryKey = append(t.PrimaryKey, cn)
			}
		}
		s.Tables = append(s.Tables, t)
	}
	slices.SortFunc(s.Tables, func(a, b *catalog.Table) int { return strings.Compare(a.Key(), b.Key()) })
	for n := next() % 4; n > 0 && len(s.Tables) > 0; n-- {
		from, to := s.Tables[next()%len(s.Tables)], s.Tables[next()%len(s.Tables)]
		if len(from.Columns) == 0 || len(to.PrimaryKey) != 1 {
			continue
		}
		col := from.Columns[next()%len(from.Columns)].Name
		s.ForeignKeys = append(s.ForeignKeys, catalog.ForeignKey{
			Name: fmt.Sprintf("fk%d", n), Schema: from.Schema, Table: from.Name, Columns: []string{col},
			RefSchema: to.Schema, RefTable: to.Name, RefColumns: slices.Clone(to.PrimaryKey),
		})
	}
	return s
}

// FuzzInferredForeignKeys asserts that inferring join edges from any schema
// never panics, gives the same edges every time, and that every edge joins
// columns that exist, pairwise, between two tables of the schema, and is
// never a declared key: a user's database can be named anyhow, and an edge
// to a column that is not there would become a join hint the model trusts.
func FuzzInferredForeignKeys(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x05\x01\x0b\x00\x03\x01\x00\x00\x00\x02\x0c\x01\x01\x00\x01\x01\x0c\x00\x05\x02\x0b\x01\x01\x00\x01\x01\x0c\x01\x01\x0b\x02\x00\x0d\x02"))
	f.Add([]byte("person_agent_id natural_person agent_id owner_id approved_by bldg fclt_room_hist"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := fuzzSchema(data)
		got := s.InferredForeignKeys()
		require.Equal(t, edges(got), edges(fuzzSchema(data).InferredForeignKeys()), "inference is deterministic")
		declared := map[string]bool{}
		for _, fk := range s.ForeignKeys {
			declared[edgeKey(fk)] = true
		}
		for _, fk := range got {
			require.True(t, fk.Inferred)
			require.NotEmpty(t, fk.Columns)
			require.Len(t, fk.RefColumns, len(fk.Columns))
			from, to := s.Table(fk.Schema, fk.Table), s.Table(fk.RefSchema, fk.RefTable)
			require.NotNil(t, from, fk.Table)
			require.NotNil(t, to, fk.RefTable)
			for i, c := range fk.Columns {
				require.True(t, hasColumn(from, c), "%s has no column %s", fk.Table, c)
				require.True(t, hasColumn(to, fk.RefColumns[i]), "%s has no column %s", fk.RefTable, fk.RefColumns[i])
			}
			require.False(t, from == to && slices.Equal(fk.Columns, fk.RefColumns), "a column joined to itself")
			require.False(t, declared[edgeKey(fk)], "an inferred edge that is declared")
		}
		for _, tb := range s.Tables {
			for _, fk := range append(s.JoinsFrom(tb), s.JoinsTo(tb)...) {
				_ = s.NamedLikeKey(fk)
				_ = s.SubtypeKey(fk)
			}
			_ = s.CopyOf(tb)
			_ = s.CopyWords(tb)
			_ = s.Catalogue(tb)
			_ = s.JoinedTables(tb)
			_ = s.IsHub(tb)
		}
	})
}

// edgeKey names fk by what it joins.
func edgeKey(fk catalog.ForeignKey) string {
	return fmt.Sprintf("%s(%s)>%s(%s)", fk.TableKey(), strings.Join(fk.Columns, ","), fk.RefKey(), strings.Join(fk.RefColumns, ","))
}

func hasColumn(t *catalog.Table, name string) bool {
	return slices.ContainsFunc(t.Columns, func(c catalog.Column) bool { return c.Name == name })
}
