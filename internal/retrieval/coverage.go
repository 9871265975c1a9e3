package retrieval

// cover adds to sel, for each concept of the question (a question word and
// its expansions, schemaindex.Term.Concept) that no selected table matches,
// the best ranked table that matches it, scoring at least CoverageMinScore
// of the best, up to CoverageExtra tables: a question needing four tables
// names four things, and a ranking by score alone fills the context with
// the tables of its strongest word (every table with "building" in its
// name) and drops the one table of its weakest (docs/DESIGN.md, "Concept
// coverage").
func (r *RAG) cover(ev *evidence, ranked []RankedTable, sel Expanded) Expanded {
	if r.cfg.CoverageExtra <= 0 || ev == nil || ev.lexical == nil {
		return sel
	}
	concepts := tableConcepts(ev)
	covered := map[int]bool{}
	in := map[string]bool{}
	for _, t := range sel.Tables {
		in[t.Table.Key()] = true
		for c := range concepts[t.Table.Key()] {
			covered[c] = true
		}
	}
	// Each uncovered concept's best table, in the order of those tables'
	// scores (ranked is best first).
	added := 0
	for _, t := range ranked {
		if added == r.cfg.CoverageExtra || t.Score < r.cfg.CoverageMinScore {
			break
		}
		if in[t.Table.Key()] {
			continue
		}
		var fresh []int
		for c := range concepts[t.Table.Key()] {
			if !covered[c] {
				fresh = append(fresh, c)
			}
		}
		if len(fresh) == 0 {
			continue
		}
		for _, c := range fresh {
			covered[c] = true
		}
		in[t.Table.Key()] = true
		t.Source = "coverage"
		sel.Tables = append(sel.Tables, t)
		added++
	}
	if sel.Extra == nil {
		sel.Extra = map[string]int{}
	}
	sel.Extra["coverage"] = added
	return sel
}

// tableConcepts maps table keys to the question concepts their lexical
// hits matched: the table's own document, its non-generic columns and its
// values.
func tableConcepts(ev *evidence) map[string]map[int]bool {
	concept := map[string]int{}
	for _, t := range ev.lexical.Terms {
		concept[t.Term] = t.Concept
	}
	out := map[string]map[int]bool{}
	add := func(key string, matched []string) {
		for _, m := range matched {
			c, ok := concept[m]
			if !ok {
				continue
			}
			if out[key] == nil {
				out[key] = map[int]bool{}
			}
			out[key][c] = true
		}
	}
	for _, h := range ev.lexical.Tables {
		add(h.TableKey(), h.Matched)
	}
	for _, h := range ev.lexical.Columns {
		if !h.Generic {
			add(h.TableKey(), h.Matched)
		}
	}
	for _, h := range ev.lexical.Values {
		add(h.TableKey(), h.Matched)
	}
	return out
}
