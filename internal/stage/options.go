package stage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// options are the per-question settings clients may put in
// rag.queries.options. The BEFORE INSERT trigger refuses unknown keys and
// bad values (rag.check_query_options); parseOptions applies the same rules
// with the same messages (TestOptionsAgreeWithInsert holds the two
// together), so what INSERT accepts the worker decodes: an integer written
// as 5000.0, as Python's json.dumps writes a float, included.
type options struct {
	MaxRows      int
	TimeoutMS    int
	MaxAttempts  int
	Candidates   int
	Temperature  *float64
	Model        string
	SchemaFormat string
	Retrieval    string
	Examples     string
	Tags         json.RawMessage
}

// knownOptions in the order of the hint of rag.check_query_options.
var knownOptions = []string{"max_rows", "timeout_ms", "max_attempts", "candidates", "temperature", "model", "schema_format", "retrieval", "examples", "tags"}

// intLimits are the upper bounds of the integer options, as in
// rag.check_query_options: rows held in one jsonb value, a statement that
// finishes within the stage timeout, a bounded repair loop.
var intLimits = map[string]int64{"max_rows": 1000000, "timeout_ms": 100000, "max_attempts": 10, "candidates": 10}

// parseOptions decodes rag.queries.options. A row that fails here was
// written around the INSERT check (by the service's role, or before a
// migration): the question fails at once, class unknown — nothing about
// its SQL was refused, and trying again cannot help.
func parseOptions(raw []byte) (options, error) {
	var o options
	if len(raw) == 0 {
		return o, nil
	}
	if err := o.decode(raw); err != nil {
		return o, &errclass.Error{
			Class: errclass.Unknown, Code: "options.invalid", Permanent: true,
			Message: "rag.queries.options is not valid: " + err.Error(), Err: err,
		}
	}
	return o, nil
}

func (o *options) decode(raw []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return fmt.Errorf("not a JSON object: %s", bytes.TrimSpace(raw))
	}
	// jsonb_each's order (shorter keys first, then bytewise), so that of
	// several bad options both sides name the same one.
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	for _, k := range keys {
		v := m[k]
		var err error
		switch k {
		case "max_rows", "timeout_ms", "max_attempts", "candidates":
			var n int
			if n, err = positiveInt(k, v); err == nil {
				switch k {
				case "max_rows":
					o.MaxRows = n
				case "timeout_ms":
					o.TimeoutMS = n
				case "max_attempts":
					o.MaxAttempts = n
				default:
					o.Candidates = n
				}
			}
		case "temperature":
			r, ok := number(v)
			if !ok || r.Sign() < 0 || r.Cmp(big.NewRat(2, 1)) > 0 {
				err = fmt.Errorf("options.temperature must be a number between 0 and 2, got %s", v)
			} else {
				f, _ := r.Float64()
				o.Temperature = &f
			}
		case "model":
			// btrim without characters trims spaces only.
			s, ok := str(v)
			if !ok || strings.Trim(s, " ") == "" {
				err = fmt.Errorf("options.model must be a non-empty string, got %s", v)
			}
			o.Model = s
		case "schema_format":
			o.SchemaFormat, err = either(k, v, "mschema", "create_table")
		case "retrieval":
			o.Retrieval, err = either(k, v, "full", "rag")
		case "examples":
			o.Examples, err = either(k, v, "on", "off")
		case "tags":
			if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '{' {
				err = fmt.Errorf("options.tags must be a JSON object, got %s", v)
			}
			o.Tags = v
		default:
			err = fmt.Errorf("unknown option %q (known options: %s)", k, strings.Join(knownOptions, ", "))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// positiveInt accepts a JSON number with an integral value, 5000 or 5000.0
// or 5e3, from 1 to the option's limit.
func positiveInt(k string, v json.RawMessage) (int, error) {
	r, ok := number(v)
	if !ok || r.Sign() <= 0 || !r.IsInt() {
		return 0, fmt.Errorf("options.%s must be a positive integer, got %s", k, v)
	}
	lim := intLimits[k]
	if r.Cmp(new(big.Rat).SetInt64(lim)) > 0 {
		return 0, fmt.Errorf("options.%s must be at most %d, got %s", k, lim, v)
	}
	return int(r.Num().Int64()), nil
}

// either accepts a string option that is a or b.
func either(k string, v json.RawMessage, a, b string) (string, error) {
	s, ok := str(v)
	if !ok || (s != a && s != b) {
		return s, fmt.Errorf("options.%s must be %q or %q, got %s", k, a, b, v)
	}
	return s, nil
}

// number reads a JSON number exactly, as PostgreSQL's numeric does: a
// float64 would call 5000.0000000000000001 an integer.
func number(v json.RawMessage) (*big.Rat, bool) {
	// json.Number would also take a string holding a number ("5"), which
	// jsonb_typeof calls a string.
	t := bytes.TrimSpace(v)
	if len(t) == 0 || (t[0] != '-' && (t[0] < '0' || t[0] > '9')) {
		return nil, false
	}
	var n json.Number
	if err := json.Unmarshal(t, &n); err != nil {
		return nil, false
	}
	return new(big.Rat).SetString(n.String())
}

func str(v json.RawMessage) (string, bool) {
	var s string
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '"' {
		return "", false
	}
	return s, json.Unmarshal(v, &s) == nil
}

func (o options) timeout() time.Duration { return time.Duration(o.TimeoutMS) * time.Millisecond }

// maxAttempts is the question's generations: the operator's def, or the
// options' own, which a client's may lower and not raise (each is a model
// call or more; migration 00017's rule for max_rows and timeout_ms).
func (o options) maxAttempts(def int, asClient bool) int {
	if o.MaxAttempts > 0 && (!asClient || o.MaxAttempts < def) {
		return o.MaxAttempts
	}
	return def
}
