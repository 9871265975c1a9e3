package retrieval

import (
	"cmp"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// route is the module router (docs/DESIGN.md, Retrieval parameters): it scores each module by the share
// of the question's evidence its tables hold (the ten best tables' fused
// scores), by whether the question names it ("payroll"), and in hybrid
// mode by its tables' embedding similarity, then boosts the tables of the
// best modules (those within half the best score, at most
// RouterMaxModules). It drops other modules' tables only when confident:
// the question names the best module and it holds RouterConfidence of the
// evidence. Tables without a module are never dropped.
func (r *RAG) route(question string, ranked []RankedTable, ev *evidence) ([]RankedTable, []string) {
	moduleOf := func(t *catalog.Table) string {
		if m, ok := ev.modules[t.Key()]; ok {
			return m
		}
		return t.Module // a table no hit names, found through a reference
	}
	sortRanked(ranked)
	top := ranked[:min(len(ranked), 10)]
	var total float64
	for _, t := range top {
		total += t.Score
	}
	if total == 0 {
		return ranked, nil
	}
	score := map[string]float64{}
	share := map[string]float64{}
	for _, t := range top {
		if m := moduleOf(t.Table); m != "" {
			share[m] += t.Score / total
		}
	}
	qwords := map[string]bool{}
	for _, w := range words(question) {
		qwords[w] = true
	}
	mentioned := map[string]bool{}
	for _, m := range ev.moduleNames {
		ws := words(m)
		named := len(ws) > 0
		for _, w := range ws {
			named = named && qwords[w]
		}
		if named {
			mentioned[m] = true
			score[m] += 1
		}
	}
	for m, v := range share {
		score[m] += v
	}
	if ev.vector != nil {
		sims := map[string][]float64{}
		for _, h := range ev.vector.Tables {
			if h.Module != "" {
				sims[h.Module] = append(sims[h.Module], h.Relevance)
			}
		}
		var best float64
		emb := map[string]float64{}
		for m, s := range sims {
			s = s[:min(len(s), 3)]
			var sum float64
			for _, x := range s {
				sum += x
			}
			emb[m] = sum / float64(len(s))
			best = max(best, emb[m])
		}
		for m, v := range emb {
			if best > 0 {
				score[m] += v / best
			}
		}
	}
	modules := make([]string, 0, len(score))
	for m, v := range score {
		if v > 0 {
			modules = append(modules, m)
		}
	}
	if len(modules) == 0 {
		return ranked, nil
	}
	slices.SortFunc(modules, func(a, b string) int {
		if c := cmp.Compare(score[b], score[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	best := score[modules[0]]
	var routed []string
	for _, m := range modules {
		if len(routed) == r.cfg.RouterMaxModules || score[m] < best/2 {
			break
		}
		routed = append(routed, m)
	}
	confident := mentioned[modules[0]] && share[modules[0]] >= r.cfg.RouterConfidence
	out := ranked[:0]
	for _, t := range ranked {
		m := moduleOf(t.Table)
		switch {
		case m != "" && slices.Contains(routed, m):
			t.Score *= 1 + r.cfg.ModuleBoost
		case m != "" && confident:
			continue
		}
		out = append(out, t)
	}
	return out, routed
}

// nameCoverage is the share of a table name's words the question holds
// (question: singular, lower-case words). The name is read as words
// (naming.Read: run-together names taken apart, function words left out);
// an abbreviation counts as held when the question holds what it stands
// for. Digits-only parts (address2, t1) do not count.
func nameCoverage(name string, question map[string]bool) float64 {
	ws := naming.Read(name)
	held := 0
	for _, w := range ws {
		if question[naming.Singular(w.Text)] {
			held++
			continue
		}
		for _, m := range w.Means {
			if question[naming.Singular(m)] {
				held++
				break
			}
		}
	}
	if len(ws) == 0 {
		return 0
	}
	return float64(held) / float64(len(ws))
}

// words are the lower-case, singular words of s.
func words(s string) []string {
	ws := naming.TextWords(s)
	for i, w := range ws {
		ws[i] = naming.Singular(w)
	}
	return ws
}

// valueHint is a column value the question names.
type valueHint struct {
	table  *catalog.Table
	column string
	value  string
	text   string
}

// valueHints are the value hits on included tables whose words the
// question holds every one of ("the Marketing department" names
// departments.name = 'Marketing'), best first, at most max: one per value,
// the best-ranked column holding it (the question names 'pending' once,
// however many included tables have a pending status), and one per column.
func valueHints(s *catalog.Snapshot, question string, tables []*catalog.Table, values []schemaindex.Hit, max int) []valueHint {
	in := map[string]*catalog.Table{}
	for _, t := range tables {
		in[t.Key()] = t
	}
	qwords := map[string]bool{}
	for _, w := range words(question) {
		qwords[w] = true
	}
	var out []valueHint
	seen := map[string]bool{}
	for _, h := range values {
		t := in[h.TableKey()]
		value := "\x00" + strings.ToLower(h.Value)
		if t == nil || len(out) == max || seen[h.TableKey()+"."+h.Column] || seen[value] {
			continue
		}
		if t.Column(h.Column) == nil {
			// The index is older than the catalog: the column is gone or
			// renamed, and a hint naming it is SQL that cannot run.
			continue
		}
		ws := words(strings.NewReplacer("_", " ", "-", " ").Replace(h.Value))
		all := len(ws) > 0
		for _, w := range ws {
			all = all && qwords[w]
		}
		if !all {
			continue
		}
		seen[h.TableKey()+"."+h.Column], seen[value] = true, true
		out = append(out, valueHint{
			table: t, column: h.Column, value: h.Value,
			text: s.TableSQLName(t) + "." + catalog.QuoteIdent(h.Column) + " = " + catalog.SQLLiteral(h.Value),
		})
	}
	return out
}

// renderValueHints renders hints as SQL comment lines after the schema.
func renderValueHints(hints []valueHint) string {
	if len(hints) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("-- Values named in the question:\n")
	for _, h := range hints {
		b.WriteString("--   " + h.text + "\n")
	}
	return b.String()
}

// bestColumns returns the columns of scores not in skip, highest score
// first (ties by name), at most n.
func bestColumns(scores map[string]float64, skip map[string]bool, n int) []string {
	var best []string
	for c := range scores {
		if !skip[c] {
			best = append(best, c)
		}
	}
	slices.SortFunc(best, func(a, b string) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return best[:min(len(best), n)]
}

// pruneColumns returns copies of tables keeping, in their order, the key
// columns, the columns of foreign keys (to join on), and the keep columns
// with the best evidence (docs/DESIGN.md, Retrieval parameters: column
// pruning).
func pruneColumns(s *catalog.Snapshot, tables []*catalog.Table, evidence map[string]map[string]float64, keep int) []*catalog.Table {
	out := make([]*catalog.Table, len(tables))
	for i, t := range tables {
		must := map[string]bool{}
		for _, c := range t.PrimaryKey {
			must[c] = true
		}
		for _, fk := range s.Outgoing(t) {
			for _, c := range fk.Columns {
				must[c] = true
			}
		}
		for _, fk := range s.Incoming(t) {
			for _, c := range fk.RefColumns {
				must[c] = true
			}
		}
		for _, c := range bestColumns(evidence[t.Key()], must, keep) {
			must[c] = true
		}
		cp := *t
		cp.Columns = nil
		for _, c := range t.Columns {
			if must[c.Name] {
				cp.Columns = append(cp.Columns, c)
			}
		}
		if len(cp.Columns) == 0 {
			cp.Columns = t.Columns
		}
		out[i] = &cp
	}
	return out
}
