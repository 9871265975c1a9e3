package retrieval

import "github.com/nl2sql/nl2sql/internal/catalog"

// ExampleScore is the least relative score a table read by a similar
// verified example's SQL ranks with: people confirmed that SQL answers a
// question like this one, which is stronger evidence than any word match
// short of the best (docs/DESIGN.md, "Examples and feedback").
const ExampleScore = 0.9

// withExampleTables raises the tables the examples' SQL reads to at least
// ExampleScore, adding those the searches missed (source "example"), and
// orders the ranking again. Names the catalog lacks are skipped: the
// example was checked against the catalog, so only a refresh in between
// can cause that, and its re-check will mark the example stale.
func withExampleTables(s *catalog.Snapshot, ranked []RankedTable, names []string) []RankedTable {
	if len(names) == 0 {
		return ranked
	}
	at := make(map[string]int, len(ranked))
	for i, t := range ranked {
		at[t.Table.Key()] = i
	}
	changed := false
	for _, name := range names {
		t := s.Resolve(name)
		if t == nil {
			continue
		}
		if i, ok := at[t.Key()]; ok {
			if ranked[i].Score < ExampleScore {
				ranked[i].Score, ranked[i].Source, changed = ExampleScore, "example", true
			}
			continue
		}
		at[t.Key()] = len(ranked)
		ranked = append(ranked, RankedTable{Table: t, Score: ExampleScore, Source: "example"})
		changed = true
	}
	if changed {
		sortRanked(ranked)
	}
	return ranked
}
