package schemaindex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
)

// ParseModules reads a module mapping file (`nl2sql index --modules`): a
// JSON object from table to module, tables written "schema.table" or, looked
// up through the search path, "table":
//
//	{"employees": "HR", "erp.payslips": "Payroll"}
func ParseModules(data []byte) (map[string]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var m map[string]string
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("schemaindex: module mapping: %w (want a JSON object of table to module)", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("schemaindex: module mapping: unexpected data after the JSON object")
	}
	for t, mod := range m {
		if strings.TrimSpace(t) == "" || strings.TrimSpace(mod) == "" {
			return nil, fmt.Errorf("schemaindex: module mapping: %q: %q: table and module must not be empty", t, mod)
		}
	}
	return m, nil
}

// minPrefixTables is how many tables must share a name prefix for it to
// be taken as their module.
const minPrefixTables = 3

// resolveModules returns the module of each table (by Key), in order of
// precedence: the mapping file, the annotations (catalog.Table.Module), then
// one derived from the schema's shape: the table's schema when the database
// has several, else a name prefix several tables share (fleet_vehicles,
// fleet_drivers, fleet_trips → "fleet"). Tables the mapping names but the
// snapshot lacks are returned as unknown.
func resolveModules(s *catalog.Snapshot, mapping map[string]string) (modules map[string]string, unknown []string) {
	modules = map[string]string{}
	for name, mod := range mapping {
		t := s.Resolve(name)
		if t == nil {
			unknown = append(unknown, name)
			continue
		}
		modules[t.Key()] = mod
	}
	slices.Sort(unknown)
	prefixCount := map[string]int{}
	for _, t := range s.Tables {
		if p := namePrefix(t.Name); p != "" {
			prefixCount[p]++
		}
	}
	for _, t := range s.Tables {
		if _, ok := modules[t.Key()]; ok {
			continue
		}
		switch {
		case t.Module != "":
			modules[t.Key()] = t.Module
		case len(s.Schemas) > 1 && t.Schema != "public":
			modules[t.Key()] = t.Schema
		default:
			if p := namePrefix(t.Name); p != "" && prefixCount[p] >= minPrefixTables {
				modules[t.Key()] = p
			}
		}
	}
	return modules, unknown
}

// namePrefix is the first word of a name of several words, singular.
func namePrefix(name string) string {
	parts := naming.Parts(name)
	if len(parts) < 2 {
		return ""
	}
	return naming.Singular(parts[0])
}
