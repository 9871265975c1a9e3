package bench

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// The retrieval dev set: schemas and questions written apart from the ERP
// exam, so that retrieval is also measured on names and wording other than
// the exam's. It is a dev set: retrieval may be tuned on it, question by
// question, so its figures do not say how retrieval generalizes; the
// held-out sets (README: Retrieval evaluation) do. testdata/retrieval/README.md
// describes them.
//
//go:embed testdata/retrieval
var retrievalFS embed.FS

// RetrievalSet is one schema of the retrieval evaluation with its questions:
// a set of the dev set, or a held-out set.
type RetrievalSet struct {
	// Name is the set's directory under testdata/retrieval, e.g. "sap".
	Name string
	// Schema is the PostgreSQL schema SchemaSQL creates; it is Name.
	Schema string
	// SchemaSQL creates Schema in an empty database: tables, keys,
	// comments and a few rows in low-cardinality text columns. It holds
	// several statements, so run it with the simple protocol (pgx's Exec
	// without arguments).
	SchemaSQL string
	// Questions are in file order.
	Questions []RetrievalQuestion
}

// RetrievalQuestion is an exam question: the files use the exam format
// (exam/QUESTIONS.md). ExpectedTables are unqualified, sorted, and the
// minimal set the gold SQL reads, bridge tables included. The sets hold
// almost no rows, so GoldSQL proves the expected tables, not an answer.
type RetrievalQuestion = exam.Question

// errNoRetrievalSet: a directory without a set.
var errNoRetrievalSet = errors.New("bench: no retrieval set")

// maxExpectedTables bounds a question's tables: the issue asks for questions
// spanning one to five tables.
const maxExpectedTables = 5

// RetrievalSetError is a problem with the files of one retrieval set. It
// wraps the cause; a problem with one question wraps an *exam.QuestionError.
type RetrievalSetError struct {
	Set string
	Err error
}

func (e *RetrievalSetError) Error() string {
	return fmt.Sprintf("retrieval set %s: %v", e.Set, e.Err)
}

func (e *RetrievalSetError) Unwrap() error { return e.Err }

// RetrievalSets returns the sets of the embedded dev set, ordered by name.
func RetrievalSets() ([]RetrievalSet, error) {
	sub, err := fs.Sub(retrievalFS, "testdata/retrieval")
	if err != nil {
		return nil, err
	}
	return readRetrievalSets(sub, false)
}

// readRetrievalSets reads every directory of fsys as a set holding
// schema.sql and questions.json. Question ids are unique across sets, so a
// result can be traced to its question without naming the set. Held-out
// sets also hold a SOURCE note, and keep every question of their benchmark:
// the dev set's one to five tables do not apply to them.
func readRetrievalSets(fsys fs.FS, heldout bool) ([]RetrievalSet, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var sets []RetrievalSet
	owner := map[string]string{} // question id → set
	for _, e := range entries {
		if !e.IsDir() {
			continue // README.md
		}
		set, err := readRetrievalSet(fsys, e.Name(), heldout)
		if err != nil {
			return nil, err
		}
		for i, q := range set.Questions {
			if other, dup := owner[q.ID]; dup {
				return nil, &RetrievalSetError{Set: set.Name, Err: &exam.QuestionError{Index: i, ID: q.ID, Msg: "id is also used in set " + other}}
			}
			owner[q.ID] = set.Name
		}
		sets = append(sets, set)
	}
	if len(sets) == 0 {
		return nil, errNoRetrievalSet
	}
	return sets, nil
}

func readRetrievalSet(fsys fs.FS, name string, heldout bool) (RetrievalSet, error) {
	fail := func(err error) (RetrievalSet, error) {
		return RetrievalSet{}, &RetrievalSetError{Set: name, Err: err}
	}
	if heldout {
		if _, err := fs.Stat(fsys, path.Join(name, "SOURCE")); err != nil {
			return fail(fmt.Errorf("no SOURCE note: is it a set made by nl2sql bench heldout import? %w", err))
		}
	}
	schemaSQL, err := fs.ReadFile(fsys, path.Join(name, "schema.sql"))
	if err != nil {
		return fail(err)
	}
	data, err := fs.ReadFile(fsys, path.Join(name, "questions.json"))
	if err != nil {
		return fail(err)
	}
	qs, err := exam.ParseQuestions(data)
	if err != nil {
		return fail(err)
	}
	var errs []error
	for i, q := range qs {
		bad := func(msg string) { errs = append(errs, &exam.QuestionError{Index: i, ID: q.ID, Msg: msg}) }
		switch n := len(q.ExpectedTables); {
		case n == 0:
			bad("expected_tables is empty: retrieval cannot be scored without them")
		case n > maxExpectedTables && !heldout:
			bad(fmt.Sprintf("expected_tables has %d tables; at most %d", n, maxExpectedTables))
		}
		// Sorted and unique, so a diff against retrieved tables reads the
		// same way every time.
		if !slices.IsSorted(q.ExpectedTables) || len(slices.Compact(slices.Clone(q.ExpectedTables))) != len(q.ExpectedTables) {
			bad("expected_tables must be sorted and without duplicates")
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fail(err)
	}
	return RetrievalSet{Name: name, Schema: name, SchemaSQL: string(schemaSQL), Questions: qs}, nil
}

// TableNames lists the tables SchemaSQL creates, sorted: what a database
// the set was loaded into must hold (an older load is stale).
func (s RetrievalSet) TableNames() ([]string, error) {
	script, err := pgsql.Parse(s.SchemaSQL)
	if err != nil {
		return nil, &RetrievalSetError{Set: s.Name, Err: err}
	}
	var out []string
	for _, st := range script.Statements {
		if st.Tag != "CREATE TABLE" {
			continue
		}
		for _, t := range st.Analysis().Tables {
			out = append(out, t.Name)
			break
		}
	}
	slices.Sort(out)
	return out, nil
}
