package retrieval

import (
	"github.com/nl2sql/nl2sql/internal/catalog"
)

// historyWords are the question words that ask for the past: a question
// holding one may want a copy (an archive, a history or backup table, a
// shadow table) rather than the live table, so copies are not demoted for
// it. Words that usually bound a time window or flag rows of live data
// (past, previous, last, old, before; deleted, as in "not counting deleted
// customers") are not here: "orders of the past month" is about orders. A
// copy named with such a word (orders_old, deleted_orders) is still not
// demoted when the question says it (asksForCopy).
var historyWords = map[string]bool{
	"history": true, "historical": true, "historic": true,
	"archive": true, "archived": true, "former": true,
	"backup": true, "shadow": true, "audit": true, "snapshot": true,
}

// copyWordAliases are other spellings of catalog.CopyWords' words.
var copyWordAliases = map[string][]string{
	"temporary": {"temp", "tmp"},
	"staging":   {"staged", "stage"},
	"backup":    {"bak"},
	"previous":  {"prev"},
}

// asksForHistory reports whether a question (its words, singular) holds a
// history word.
func asksForHistory(qwords map[string]bool) bool {
	for w := range qwords {
		if historyWords[w] {
			return true
		}
	}
	return false
}

// asksForCopy reports whether a question asks for the kind of copy
// copyWords mark: it asks for history, or holds one of the copy's own words
// (old for orders_old, staging for orders_staging).
func asksForCopy(qwords map[string]bool, history bool, copyWords []string) bool {
	if history {
		return true
	}
	for _, w := range copyWords {
		if qwords[w] {
			return true
		}
		for _, a := range copyWordAliases[w] {
			if qwords[a] {
				return true
			}
		}
	}
	return false
}

// skipCopy reports whether t is a copy (catalog.Snapshot.CopyOf) the
// question does not ask for: one ranking puts below its original, and that
// the join planner and FK expansion never add, since the original joins as
// well.
func skipCopy(s *catalog.Snapshot, ev *evidence, t *catalog.Table) bool {
	return s.CopyOf(t) != nil && !asksForCopy(ev.qwords, ev.history, s.CopyWords(t))
}

// demoteCopies ranks each copy below the table it copies, unless the
// question asks for it: the original takes the better of the two scores
// (a copy's match is evidence for the data it copies, and a copy with
// fewer columns often matches better), and the copy keeps at most
// CopyPenalty times the original's. An original no evidence pointed at
// comes in with Source "copy". It returns the demoted copies, copy key to
// original key.
func (r *RAG) demoteCopies(s *catalog.Snapshot, ev *evidence, ranked []RankedTable) ([]RankedTable, map[string]string) {
	demoted := map[string]string{}
	at := make(map[string]int, len(ranked))
	for i, t := range ranked {
		at[t.Table.Key()] = i
	}
	var copies []int
	for i := range ranked {
		t := ranked[i].Table
		if !skipCopy(s, ev, t) {
			continue
		}
		o := s.CopyOf(t)
		copies = append(copies, i)
		demoted[t.Key()] = o.Key()
		j, ok := at[o.Key()]
		if !ok {
			at[o.Key()] = len(ranked)
			ranked = append(ranked, RankedTable{Table: o, Source: "copy"})
			j = len(ranked) - 1
		}
		ranked[j].Score = max(ranked[j].Score, ranked[i].Score)
	}
	for _, i := range copies {
		orig := ranked[at[demoted[ranked[i].Table.Key()]]]
		ranked[i].Score = min(ranked[i].Score, r.cfg.CopyPenalty*orig.Score)
	}
	return ranked, demoted
}
