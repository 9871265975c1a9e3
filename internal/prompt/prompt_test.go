package prompt

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

func render(msgs []Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString("=== " + m.Role + "\n" + m.Content + "\n")
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

var req = Request{
	Database:  "erp",
	Question:  "Which employees have pending leave requests?",
	Schema:    "employees (employee_id bigint PK, first_name text, last_name text)\nleave_requests (leave_id bigint PK, employee_id bigint FK→employees, status text IN('pending','approved'))",
	JoinHints: "- leave_requests.employee_id → employees.employee_id",
}

func TestInitial(t *testing.T) {
	t.Parallel()
	msgs := Initial(req)
	require.Len(t, msgs, 2)
	require.Equal(t, "system", msgs[0].Role)
	golden(t, "initial", render(msgs))
}

func TestRepair(t *testing.T) {
	t.Parallel()

	t.Run("ColumnWhitelist", func(t *testing.T) {
		t.Parallel()
		f := Failure{
			SQL:   "SELECT e.employee_name FROM employees e JOIN leave_requests l ON l.employee_id = e.employee_id WHERE l.status = 'pending'",
			Reply: "```sql\nSELECT e.employee_name FROM employees e JOIN leave_requests l ON l.employee_id = e.employee_id WHERE l.status = 'pending'\n```",
			Stage: "explain", SQLSTATE: "42703", Message: "column e.employee_name does not exist",
			Alias: "e", Column: "employee_name",
			Whitelist: []TableColumns{
				{Table: "employees", Columns: []string{"employee_id bigint PK", "first_name text", "last_name text"}},
				{Table: "leave_requests", Columns: []string{"leave_id bigint PK", "employee_id bigint FK→employees", "status text"}},
			},
		}
		require.Equal(t, "column_whitelist", f.Strategy())
		msgs := Repair(req, f)
		require.Len(t, msgs, 4, "system, question, failed reply, repair")
		require.Equal(t, "assistant", msgs[2].Role)
		require.Contains(t, msgs[3].Content, "42703")
		golden(t, "repair_whitelist", render(msgs))
	})

	t.Run("Timeout", func(t *testing.T) {
		t.Parallel()
		f := Failure{SQL: "SELECT 1", Stage: "execute", SQLSTATE: "57014", Message: "canceling statement due to statement timeout", Timeout: true}
		require.Equal(t, "timeout", f.Strategy())
		got := Repair(req, f)[3].Content
		require.Contains(t, got, "cheaper query")
		require.Contains(t, Repair(req, f)[2].Content, "SELECT 1", "the failed SQL is replayed when the raw reply is unknown")
	})

	t.Run("NoSQL", func(t *testing.T) {
		t.Parallel()
		f := Failure{Reply: "I cannot answer that.", Stage: "parse", Message: "the model's reply contained no SQL statement"}
		require.Equal(t, "error_context", f.Strategy())
		require.Contains(t, Repair(req, f)[3].Content, "did not contain a SQL statement")
	})

	t.Run("WideTableStaysUnderTheBound", func(t *testing.T) {
		t.Parallel()
		wide := func(table string, n int) TableColumns {
			tc := TableColumns{Table: table}
			for i := range n {
				tc.Columns = append(tc.Columns, fmt.Sprintf("%s_attribute_%03d character varying(255)", table, i))
			}
			return tc
		}
		f := Failure{
			SQL: "SELECT w.amount_total FROM wide_facts w", Stage: "explain", SQLSTATE: "42703",
			Message: "column w.amount_total does not exist\nHINT: " + strings.Repeat("Perhaps you meant another column. ", 40),
			Alias:   "w", Column: "amount_total",
			Whitelist: []TableColumns{wide("wide_facts", 220), wide("customers", 90), wide("products", 90), wide("regions", 90)},
		}
		got := Repair(req, f)[3].Content
		require.Less(t, utf8.RuneCountInString(got), MaxRepairChars)
		require.Contains(t, got, "`w.amount_total` is not a column of `wide_facts`")
		require.Contains(t, got, "wide_facts_attribute_000", "the failing table's first columns are kept")
		require.Regexp(t, `… \(\d+ more\)`, got, "and the cut is said")
		require.Contains(t, got, "You MUST choose columns from the lists above")
		require.Contains(t, got, "Return only the corrected SQL")

		// A whitelist that fits is rendered whole, types included.
		small := f
		small.Message = "column w.amount_total does not exist"
		small.Whitelist = []TableColumns{wide("wide_facts", 5), wide("customers", 3)}
		got = Repair(req, small)[3].Content
		require.Contains(t, got, "- wide_facts_attribute_004 character varying(255)\n")
		require.Contains(t, got, "- customers: customers_attribute_000 character varying(255), ")
		require.NotContains(t, got, "more)")
	})

	t.Run("QuotedNamesStayWhole", func(t *testing.T) {
		t.Parallel()
		// Cut to names only, a column named with spaces or quotes keeps
		// its whole quoted identifier, not the text up to its first space.
		tc := TableColumns{Table: `sales."sensor log"`}
		for i := range 120 {
			tc.Columns = append(tc.Columns, fmt.Sprintf(`"Sensor ""Reading"" %d" numeric(12,4)`, i))
		}
		f := Failure{
			SQL: `SELECT s.humidity FROM sales."sensor log" s`, Stage: "explain", SQLSTATE: "42703",
			Message: "column s.humidity does not exist", Alias: "s", Column: "humidity",
			Whitelist: []TableColumns{{Table: "sales.readings", Columns: []string{"id bigint PK"}}, tc},
		}
		got := Repair(req, f)[3].Content
		require.Contains(t, got, `- sales."sensor log": "Sensor ""Reading"" 0", "Sensor ""Reading"" 1", `)
		require.NotContains(t, got, `"Sensor,`)
		require.Equal(t, `"a ""b"" c"`, columnName(`"a ""b"" c" text PK`))
		require.Equal(t, "id", columnName("id bigint PK"))
		require.Equal(t, `"open`, columnName(`"open`))
	})

	t.Run("ErrorContext", func(t *testing.T) {
		t.Parallel()
		f := Failure{SQL: "SELECT count(*) FROM employee", Stage: "policy", SQLSTATE: "42P01", Message: `table "employee" is not in the catalog of database erp`}
		golden(t, "repair_error_context", render(Repair(req, f)))
	})
}
