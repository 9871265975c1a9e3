package worker

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// options are the per-question settings clients may put in
// rag.queries.options. The BEFORE INSERT trigger already refuses unknown
// keys and bad values (rag.check_query_options); decoding here can still
// fail for rows written around it, and then the question fails with a
// clear message instead of running with defaults.
type options struct {
	MaxRows      int             `json:"max_rows"`
	TimeoutMS    int             `json:"timeout_ms"`
	MaxAttempts  int             `json:"max_attempts"`
	Candidates   int             `json:"candidates"`
	Temperature  *float64        `json:"temperature"`
	Model        string          `json:"model"`
	SchemaFormat string          `json:"schema_format"`
	Retrieval    string          `json:"retrieval"`
	Tags         json.RawMessage `json:"tags"`
}

func parseOptions(raw []byte) (options, error) {
	var o options
	if len(raw) == 0 {
		return o, nil
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return o, &errclass.Error{Class: errclass.ValidationBlock, Code: "options.invalid",
			Message: fmt.Sprintf("rag.queries.options is not valid: %v", err), Err: err}
	}
	return o, nil
}

func (o options) timeout() time.Duration { return time.Duration(o.TimeoutMS) * time.Millisecond }

func (o options) maxAttempts(def int) int {
	if o.MaxAttempts > 0 {
		return o.MaxAttempts
	}
	return def
}
