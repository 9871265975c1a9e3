package erp

import (
	"encoding/json"
	"fmt"
)

// Annotation is the catalog overlay of one table: the business module it
// belongs to, a one-line gloss, synonyms users say instead of its name and
// glosses of some columns. It is the format `nl2sql db add --annotations`
// reads, for any database.
type Annotation struct {
	Schema   string            `json:"schema"`
	Table    string            `json:"table"`
	Module   string            `json:"module"`
	Gloss    string            `json:"gloss"`
	Synonyms []string          `json:"synonyms,omitempty"`
	Columns  map[string]string `json:"columns,omitempty"`
}

// AnnotationFile is the top level of an annotations file.
type AnnotationFile struct {
	Tables []Annotation `json:"tables"`
}

// Annotations returns the annotations of every table Load creates with
// opts: the core tables (AnnotationsJSON) followed by the distractors.
func Annotations(opts LoadOptions) ([]byte, error) {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	var f AnnotationFile
	if err := json.Unmarshal(AnnotationsJSON, &f); err != nil {
		return nil, fmt.Errorf("erp: annotations.json: %w", err)
	}
	ds, err := distractorTables(opts.Tables - CoreTableCount())
	if err != nil {
		return nil, err
	}
	for _, t := range ds {
		a := Annotation{Schema: Schema, Table: t.Name, Module: t.Module, Gloss: t.Comment, Synonyms: t.Synonyms}
		for _, c := range t.Columns {
			if c.Comment != "" {
				if a.Columns == nil {
					a.Columns = map[string]string{}
				}
				a.Columns[c.Name] = c.Comment
			}
		}
		f.Tables = append(f.Tables, a)
	}
	return json.MarshalIndent(f, "", "  ")
}
