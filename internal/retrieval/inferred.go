package retrieval

import (
	"github.com/nl2sql/nl2sql/internal/catalog"
)

// describeJoins records in the metrics what copies and inferred joins did:
// the copies demoted, and the inferred edges between the included tables
// (those the join hints give the model as inferred).
func describeJoins(m *Metrics, s *catalog.Snapshot, ev *evidence, tables []*catalog.Table) {
	if m.Expansion == nil {
		m.Expansion = map[string]int{}
	}
	m.Expansion["copies_demoted"] = len(ev.demoted)
	for c, o := range ev.demoted {
		if m.DemotedCopies == nil {
			m.DemotedCopies = map[string]string{}
		}
		m.DemotedCopies[s.SQLName(splitKey(c))] = s.SQLName(splitKey(o))
	}
	m.Expansion["inferred_edges_used"] = len(inferredBetween(s, tables))
}

// inferredBetween returns the inferred join edges between tables.
func inferredBetween(s *catalog.Snapshot, tables []*catalog.Table) []catalog.ForeignKey {
	in := make(map[string]bool, len(tables))
	for _, t := range tables {
		in[t.Key()] = true
	}
	var out []catalog.ForeignKey
	for _, t := range tables {
		for _, fk := range s.JoinsFrom(t) {
			if fk.Inferred && in[fk.RefKey()] {
				out = append(out, fk)
			}
		}
	}
	return out
}
