package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Annotations is what people know about a schema that pg_catalog does not:
// the module a table belongs to, a gloss for the model, synonyms, and column
// descriptions. Its JSON form:
//
//	{"tables": [{"schema": "erp", "table": "employees", "module": "HR",
//	  "gloss": "Employee master data", "synonyms": ["staff"],
//	  "columns": {"first_name": "Given name"}}]}
type Annotations struct {
	Tables []TableAnnotation `json:"tables"`
}

// TableAnnotation annotates one table. Schema may be omitted: the table is
// then looked up through the search path.
type TableAnnotation struct {
	Schema   string            `json:"schema,omitempty"`
	Table    string            `json:"table"`
	Module   string            `json:"module,omitempty"`
	Gloss    string            `json:"gloss,omitempty"`
	Synonyms []string          `json:"synonyms,omitempty"`
	Columns  map[string]string `json:"columns,omitempty"` // column name -> description
}

func (a TableAnnotation) name() string {
	if a.Schema == "" {
		return a.Table
	}
	return a.Schema + "." + a.Table
}

// ParseAnnotations parses the JSON annotation format. It is strict about
// field names, since a misspelt "glos" would otherwise vanish silently.
func ParseAnnotations(data []byte) (*Annotations, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var a Annotations
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("catalog: annotations: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("catalog: annotations: unexpected data after the JSON object")
	}
	seen := map[string]bool{}
	for i, t := range a.Tables {
		if strings.TrimSpace(t.Table) == "" {
			return nil, fmt.Errorf("catalog: annotations: tables[%d] has no \"table\"", i)
		}
		if seen[t.name()] {
			return nil, fmt.Errorf("catalog: annotations: table %q is annotated twice", t.name())
		}
		seen[t.name()] = true
	}
	return &a, nil
}

// UnknownAnnotationError lists annotations that name tables or columns the
// snapshot does not have, typically a renamed table or a file written for
// another database.
type UnknownAnnotationError struct {
	Tables  []string // as written in the file
	Columns []string // "table.column"
}

func (e *UnknownAnnotationError) Error() string {
	var parts []string
	if len(e.Tables) > 0 {
		parts = append(parts, "unknown tables "+quoteList(e.Tables))
	}
	if len(e.Columns) > 0 {
		parts = append(parts, "unknown columns "+quoteList(e.Columns))
	}
	return "catalog: annotations name " + strings.Join(parts, " and ")
}

// Annotate applies a to the snapshot's tables: module, gloss and synonyms
// (when set in a), and column descriptions where the column has no comment
// of its own. Every annotation that matches is applied; those that match
// nothing are reported as an *UnknownAnnotationError.
func (s *Snapshot) Annotate(a *Annotations) error {
	unknown := &UnknownAnnotationError{}
	for _, ta := range a.Tables {
		var t *Table
		if ta.Schema != "" {
			t = s.Table(ta.Schema, ta.Table)
		} else {
			t = s.Resolve(QuoteIdent(ta.Table))
		}
		if t == nil {
			unknown.Tables = append(unknown.Tables, ta.name())
			continue
		}
		if ta.Module != "" {
			t.Module = ta.Module
		}
		if ta.Gloss != "" {
			t.Gloss = ta.Gloss
		}
		if len(ta.Synonyms) > 0 {
			t.Synonyms = slices.Clone(ta.Synonyms)
		}
		names := make([]string, 0, len(ta.Columns))
		for name := range ta.Columns {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			c := t.Column(name)
			if c == nil {
				unknown.Columns = append(unknown.Columns, ta.name()+"."+name)
				continue
			}
			if c.Comment == "" {
				c.Comment = ta.Columns[name]
			}
		}
	}
	if len(unknown.Tables) > 0 || len(unknown.Columns) > 0 {
		return unknown
	}
	return nil
}
