package exam

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/intake"
)

// Question is one exam question with its reference answer. The file format
// is documented in QUESTIONS.md.
type Question struct {
	// ID is unique within the exam, e.g. "q01".
	ID string `json:"id"`
	// Question is asked as written (at most 2,000 characters, the limit of
	// rag.queries).
	Question string `json:"question"`
	// Difficulty is "easy", "medium" or "hard".
	Difficulty string `json:"difficulty"`
	// Modules are the business modules the question touches; they only
	// group results.
	Modules []string `json:"modules,omitempty"`
	// ExpectedTables are the tables the gold SQL reads; they measure
	// retrieval (precision, recall) and classify failures, never
	// correctness.
	ExpectedTables []string `json:"expected_tables,omitempty"`
	// GoldSQL is the reference answer: one read-only statement.
	GoldSQL string `json:"gold_sql"`
	// OrderMatters compares rows in sequence rather than as multisets.
	OrderMatters bool `json:"order_matters,omitempty"`
	// Notes explain the gold SQL; "expects no rows" marks a question whose
	// correct answer is empty.
	Notes string `json:"notes,omitempty"`
}

// Difficulties are the allowed values of Question.Difficulty, in order.
var Difficulties = []string{"easy", "medium", "hard"}

// ExpectsNoRows reports whether the question's correct answer is empty, as
// its notes say, in any case: "Expects no rows." opening a sentence says
// it too.
func (q Question) ExpectsNoRows() bool {
	return strings.Contains(strings.ToLower(q.Notes), "expects no rows")
}

// QuestionError is a problem with one question of an exam file.
type QuestionError struct {
	// Index is the question's 0-based position in the file.
	Index int
	// Line is the question's line in a JSONL file; 0 for JSON.
	Line int
	// ID is the question's id, when it has one.
	ID  string
	Msg string
}

func (e *QuestionError) Error() string {
	var where string
	switch {
	case e.ID != "":
		where = fmt.Sprintf("question %q", e.ID)
	default:
		where = fmt.Sprintf("question #%d", e.Index+1)
	}
	if e.Line > 0 {
		where += fmt.Sprintf(" (line %d)", e.Line)
	}
	return where + ": " + e.Msg
}

// ERPQuestions returns the Enterprise ERP exam (exam/erp): 60 questions.
func ERPQuestions() []Question {
	qs, err := ParseQuestions(erp.QuestionsJSON)
	if err != nil {
		panic("exam: the embedded ERP exam does not parse: " + err.Error())
	}
	return qs
}

// ReadQuestions reads an exam file (JSON or JSONL, see ParseQuestions).
func ReadQuestions(path string) ([]Question, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	qs, err := ParseQuestions(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, nil
}

// ParseQuestions reads an exam: a JSON array of questions, or JSONL (one
// question object per line, blank lines ignored). Unknown fields are
// refused, so a typo does not go unnoticed, and every question is
// validated; the error lists every invalid question (each a
// *QuestionError, reachable with errors.As).
func ParseQuestions(data []byte) ([]Question, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a BOM some editors add
	if !utf8.Valid(data) {
		return nil, errors.New("exam: the questions file is not UTF-8")
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("exam: the questions file is empty")
	}
	var qs []Question
	var lines []int
	var err error
	if trimmed[0] == '[' {
		qs, err = parseJSON(trimmed)
	} else {
		qs, lines, err = parseJSONL(data)
	}
	if err != nil {
		return nil, err
	}
	if len(qs) == 0 {
		return nil, errors.New("exam: the questions file holds no question")
	}
	return qs, validate(qs, lines)
}

func parseJSON(data []byte) ([]Question, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if _, err := dec.Token(); err != nil { // [
		return nil, fmt.Errorf("exam: %w", err)
	}
	var qs []Question
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, &QuestionError{Index: len(qs), Msg: decodeMessage(err)}
		}
		q, err := decodeQuestion(raw)
		if err != nil {
			return nil, &QuestionError{Index: len(qs), Msg: decodeMessage(err)}
		}
		qs = append(qs, q)
	}
	if _, err := dec.Token(); err != nil { // ]
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("exam: the array of questions ends after %d question(s) without its closing ] (a truncated file?)", len(qs))
		}
		return nil, fmt.Errorf("exam: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("exam: unexpected data after the array of questions")
	}
	return qs, nil
}

func parseJSONL(data []byte) ([]Question, []int, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var qs []Question
	var lines []int
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, &QuestionError{Index: len(qs), Line: n, Msg: decodeMessage(err)}
		}
		q, err := decodeQuestion(raw)
		if err != nil {
			return nil, nil, &QuestionError{Index: len(qs), Line: n, Msg: decodeMessage(err)}
		}
		if dec.More() {
			return nil, nil, &QuestionError{Index: len(qs), Line: n, ID: q.ID, Msg: "more than one JSON value on the line (JSONL holds one question per line)"}
		}
		qs = append(qs, q)
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("exam: %w", err)
	}
	return qs, lines, nil
}

// questionKeys are the JSON names of Question's fields.
var questionKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[Question]()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}()

// decodeQuestion decodes one question object. encoding/json matches keys
// without regard to case and keeps the last of two alike, so "Gold_SQL"
// or a gold_sql given twice would pass unseen: keys must be the fields'
// names exactly, once each.
func decodeQuestion(raw json.RawMessage) (Question, error) {
	var q Question
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return q, err
	}
	seen := map[string]bool{}
	kd := json.NewDecoder(bytes.NewReader(raw))
	if _, err := kd.Token(); err != nil { // {
		return q, err
	}
	for kd.More() {
		tok, err := kd.Token()
		if err != nil {
			return q, err
		}
		key, _ := tok.(string)
		switch {
		case !questionKeys[key]:
			return q, fmt.Errorf("unknown field %q (field names are lower case: id, question, gold_sql, ...)", key)
		case seen[key]:
			return q, fmt.Errorf("field %q given twice", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := kd.Decode(&skip); err != nil {
			return q, err
		}
	}
	return q, nil
}

// decodeMessage words a decoding error: "json: unknown field" becomes
// `unknown field "x"`.
func decodeMessage(err error) string {
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "incomplete JSON object"
	}
	return msg
}

func validate(qs []Question, lines []int) error {
	var errs []error
	seen := map[string]int{}
	for i := range qs {
		q := &qs[i]
		fail := func(format string, args ...any) {
			e := &QuestionError{Index: i, ID: q.ID, Msg: fmt.Sprintf(format, args...)}
			if lines != nil {
				e.Line = lines[i]
			}
			errs = append(errs, e)
		}
		switch {
		case strings.TrimSpace(q.ID) == "":
			fail("id is missing")
		case strings.TrimSpace(q.ID) != q.ID:
			fail("id has leading or trailing spaces")
		}
		if j, dup := seen[q.ID]; dup && q.ID != "" {
			fail("duplicate id (also question #%d)", j+1)
		} else {
			seen[q.ID] = i
		}
		// Every field is stored as PostgreSQL text, which cannot hold NUL: one
		// let through here would fail the run only when its results are
		// recorded, after every question was answered.
		nul := map[string]bool{}
		for _, f := range q.texts() {
			if strings.ContainsRune(f.text, 0) && !nul[f.field] {
				nul[f.field] = true
				fail("%s holds a NUL character, which PostgreSQL text cannot store", f.field)
			}
		}
		switch n := utf8.RuneCountInString(q.Question); {
		case intake.BlankQuestion(q.Question):
			// As rag.queries holds it: invisible characters are no question,
			// and one would have the whole run refused at its INSERT.
			fail("question is empty (nothing but spaces or invisible characters)")
		case n > intake.MaxQuestionChars:
			fail("question has %d characters; at most %d are accepted", n, intake.MaxQuestionChars)
		}
		if !slices.Contains(Difficulties, q.Difficulty) {
			fail("difficulty must be %s, got %q", strings.Join(quoteAll(Difficulties), ", "), q.Difficulty)
		}
		if strings.TrimSpace(q.GoldSQL) == "" {
			fail("gold_sql is empty")
		}
		// A name given twice would count the question twice in
		// rag.exam_accuracy_by_module, which unnests modules.
		for _, list := range []struct {
			field string
			names []string
		}{{"modules", q.Modules}, {"expected_tables", q.ExpectedTables}} {
			if slices.ContainsFunc(list.names, func(n string) bool { return strings.TrimSpace(n) == "" }) {
				fail("%s holds an empty name", list.field)
			}
			for j, n := range list.names {
				if slices.Contains(list.names[:j], n) {
					fail("%s holds %q twice", list.field, n)
					break
				}
			}
		}
	}
	return errors.Join(errs...)
}

// fieldText is one string of a question and the field it is in.
type fieldText struct{ field, text string }

// texts are every string of q, each with its field's JSON name.
func (q *Question) texts() []fieldText {
	out := []fieldText{{"id", q.ID}, {"question", q.Question}, {"difficulty", q.Difficulty}, {"gold_sql", q.GoldSQL}, {"notes", q.Notes}}
	for _, m := range q.Modules {
		out = append(out, fieldText{"modules", m})
	}
	for _, t := range q.ExpectedTables {
		out = append(out, fieldText{"expected_tables", t})
	}
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
