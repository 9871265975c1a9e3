package exam_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
)

func TestParseQuestions(t *testing.T) {
	t.Parallel()
	want := []exam.Question{
		{
			ID: "t1", Question: "How many orders?", Difficulty: "easy", Modules: []string{"Sales"}, ExpectedTables: []string{"orders"},
			GoldSQL: "SELECT count(*) FROM orders",
		},
		{
			ID: "t2", Question: "Top customer?", Difficulty: "hard", ExpectedTables: []string{"customers", "orders"},
			GoldSQL: "SELECT 1", OrderMatters: true, Notes: "expects no rows",
		},
	}

	t.Run("JSON", func(t *testing.T) {
		t.Parallel()
		got, err := exam.ParseQuestions([]byte(`
			[{"id": "t1", "question": "How many orders?", "difficulty": "easy", "modules": ["Sales"],
			  "expected_tables": ["orders"], "gold_sql": "SELECT count(*) FROM orders"},
			 {"id": "t2", "question": "Top customer?", "difficulty": "hard", "expected_tables": ["customers", "orders"],
			  "gold_sql": "SELECT 1", "order_matters": true, "notes": "expects no rows"}]`))
		require.NoError(t, err)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("questions (-want +got):\n%s", diff)
		}
		require.False(t, got[0].ExpectsNoRows())
		require.True(t, got[1].ExpectsNoRows())
	})

	t.Run("JSONL", func(t *testing.T) {
		t.Parallel()
		got, err := exam.ParseQuestions([]byte("\xef\xbb\xbf" + `{"id": "t1", "question": "How many orders?", "difficulty": "easy", "modules": ["Sales"], "expected_tables": ["orders"], "gold_sql": "SELECT count(*) FROM orders"}

{"id": "t2", "question": "Top customer?", "difficulty": "hard", "expected_tables": ["customers", "orders"], "gold_sql": "SELECT 1", "order_matters": true, "notes": "expects no rows"}
`))
		require.NoError(t, err)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("questions (-want +got):\n%s", diff)
		}
	})

	t.Run("Truncated", func(t *testing.T) {
		t.Parallel()
		_, err := exam.ParseQuestions([]byte(`[{"id": "t1", "question": "How many orders?", "difficulty": "easy", "gold_sql": "SELECT 1"}`))
		require.EqualError(t, err, "exam: the array of questions ends after 1 question(s) without its closing ] (a truncated file?)")
	})

	t.Run("ERP", func(t *testing.T) {
		t.Parallel()
		qs := exam.ERPQuestions()
		require.Len(t, qs, 60)
		require.Equal(t, "q01", qs[0].ID)
	})

	for _, tc := range []struct {
		name, input string
		want        []string // substrings of the error, in order
	}{
		{
			"UnknownField", `[{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1", "gold": "x"}]`,
			[]string{`question #1: unknown field "gold"`},
		},
		{
			"UnknownFieldJSONL", `{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1"}` + "\n" +
				`{"id": "t2", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1", "expected_table": ["x"]}`,
			[]string{`question #2 (line 2): unknown field "expected_table"`},
		},
		{
			"DuplicateID", `[{"id": "t1", "question": "A?", "difficulty": "easy", "gold_sql": "SELECT 1"},
			{"id": "t1", "question": "B?", "difficulty": "easy", "gold_sql": "SELECT 2"}]`,
			[]string{`question "t1": duplicate id (also question #1)`},
		},
		{
			"BadDifficulty", `{"id": "t7", "question": "Q?", "difficulty": "expert", "gold_sql": "SELECT 1"}`,
			[]string{`question "t7" (line 1): difficulty must be "easy", "medium", "hard", got "expert"`},
		},
		{
			"EveryProblemNamed", `[{"id": "a", "question": " ", "difficulty": "easy", "gold_sql": ""},
			{"question": "Q?", "difficulty": "medium", "gold_sql": "SELECT 1"}]`,
			[]string{`question "a": question is empty`, `question "a": gold_sql is empty`, `question #2: id is missing`},
		},
		{
			"TooLong", `[{"id": "long", "question": "` + strings.Repeat("x", 2001) + `", "difficulty": "easy", "gold_sql": "SELECT 1"}]`,
			[]string{`question "long": question has 2001 characters; at most 2000 are accepted`},
		},
		{
			"WrongType", `[{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1", "order_matters": "yes"}]`,
			[]string{"question #1: cannot unmarshal string"},
		},
		{
			// encoding/json alone would match "Gold_SQL" to gold_sql and keep
			// the last of two keys.
			"KeyCase", `[{"id": "t1", "question": "Q?", "difficulty": "easy", "Gold_SQL": "SELECT 1"}]`,
			[]string{`question #1: unknown field "Gold_SQL"`},
		},
		{
			"KeyTwice", `{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1", "gold_sql": "SELECT 2"}`,
			[]string{`question #1 (line 1): field "gold_sql" given twice`},
		},
		{
			"NUL", `[{"id": "t1", "question": "Q\u0000?", "difficulty": "easy", "gold_sql": "SELECT 1"}]`,
			[]string{`question "t1": question holds a NUL character`},
		},
		{
			// Every field is stored as text: a NUL anywhere would fail the
			// run when its results are recorded.
			"NULEverywhere", `[{"id": "t\u0000", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1\u0000",
			"modules": ["Sales", "CRM\u0000", "HR\u0000"], "expected_tables": ["orders\u0000"], "notes": "n\u0000"}]`,
			[]string{
				`question "t\x00": id holds a NUL character`, `gold_sql holds a NUL character`, `notes holds a NUL character`,
				`modules holds a NUL character, which PostgreSQL text cannot store`, `expected_tables holds a NUL character`,
			},
		},
		{
			// Counted twice in rag.exam_accuracy_by_module otherwise.
			"DuplicateNames", `[{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1",
			"modules": ["Sales", "HR", "Sales"], "expected_tables": ["orders", "orders"]}]`,
			[]string{`question "t1": modules holds "Sales" twice`, `question "t1": expected_tables holds "orders" twice`},
		},
		{
			// rag.queries refuses it (queries_question_not_empty): the whole
			// run would be refused at its INSERT.
			"InvisibleQuestion", `[{"id": "z1", "question": "\u200b\u2060\u00a0", "difficulty": "easy", "gold_sql": "SELECT 1"}]`,
			[]string{`question "z1": question is empty (nothing but spaces or invisible characters)`},
		},
		{"Empty", "  \n", []string{"the questions file is empty"}},
		{"EmptyArray", "[]", []string{"holds no question"}},
		{
			"TrailingData", `[{"id": "t1", "question": "Q?", "difficulty": "easy", "gold_sql": "SELECT 1"}] []`,
			[]string{"unexpected data after the array"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := exam.ParseQuestions([]byte(tc.input))
			require.Error(t, err)
			msg := err.Error()
			for _, w := range tc.want {
				i := strings.Index(msg, w)
				require.GreaterOrEqual(t, i, 0, "error %q does not contain %q", err, w)
				msg = msg[i+len(w):]
			}
		})
	}

	t.Run("ErrorsAs", func(t *testing.T) {
		t.Parallel()
		_, err := exam.ParseQuestions([]byte(`{"id": "t9", "question": "Q?", "difficulty": "hardest", "gold_sql": "SELECT 1"}`))
		var qe *exam.QuestionError
		require.True(t, errors.As(err, &qe))
		require.Equal(t, "t9", qe.ID)
		require.Equal(t, 1, qe.Line)
	})
}

// TestExpectsNoRows: the notes say it in any case, anywhere.
func TestExpectsNoRows(t *testing.T) {
	t.Parallel()
	for notes, want := range map[string]bool{
		"expects no rows":                         true,
		"Expects no rows.":                        true,
		"No order was cancelled: EXPECTS NO ROWS": true,
		"":             false,
		"expects rows": false,
	} {
		require.Equal(t, want, exam.Question{Notes: notes}.ExpectsNoRows(), notes)
	}
}
