package retrieval

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// JoinHint is a way to join included tables: a foreign-key edge (one step)
// or a suggested path through several foreign keys.
type JoinHint struct {
	// Tables are the tables' SQL names in join order.
	Tables []string `json:"tables"`
	// Steps join Tables[i] to Tables[i+1].
	Steps []JoinStep `json:"steps"`
}

// JoinStep is one join along a foreign key. From is the table already
// joined; for an edge it is the referencing table.
type JoinStep struct {
	From        string   `json:"from"`
	FromColumns []string `json:"fromColumns"`
	To          string   `json:"to"`
	ToColumns   []string `json:"toColumns"`
	ForeignKey  string   `json:"foreignKey"`
	// Inferred marks a join inferred from column names and types where the
	// schema declares no foreign key (catalog.ForeignKey.Inferred).
	Inferred bool `json:"inferred,omitempty"`
}

// IsPath reports whether h is a multi-hop path rather than an edge.
func (h JoinHint) IsPath() bool { return len(h.Steps) > 1 }

// On returns the join condition of the step:
// "employees.department_id = departments.department_id".
func (st JoinStep) On() string {
	conds := make([]string, len(st.FromColumns))
	for i := range st.FromColumns {
		conds[i] = st.From + "." + catalog.QuoteIdent(st.FromColumns[i]) + " = " + st.To + "." + catalog.QuoteIdent(st.ToColumns[i])
	}
	return strings.Join(conds, " AND ")
}

func stepAlong(s *catalog.Snapshot, fk catalog.ForeignKey, forward bool) JoinStep {
	from, to := s.SQLName(fk.Schema, fk.Table), s.SQLName(fk.RefSchema, fk.RefTable)
	if forward {
		return JoinStep{From: from, FromColumns: fk.Columns, To: to, ToColumns: fk.RefColumns, ForeignKey: fk.Name, Inferred: fk.Inferred}
	}
	return JoinStep{From: to, FromColumns: fk.RefColumns, To: from, ToColumns: fk.Columns, ForeignKey: fk.Name, Inferred: fk.Inferred}
}

// Edges returns the foreign keys between tables (self-references
// included), in the order of tables, then by constraint name, then the
// join edges inferred from names (catalog.Snapshot.JoinsFrom), marked.
func Edges(s *catalog.Snapshot, tables []*catalog.Table) []JoinHint {
	in := make(map[string]bool, len(tables))
	for _, t := range tables {
		in[t.Key()] = true
	}
	var out []JoinHint
	for _, t := range tables {
		for _, fk := range s.JoinsFrom(t) {
			if !in[fk.RefKey()] {
				continue
			}
			st := stepAlong(s, fk, true)
			out = append(out, JoinHint{Tables: []string{st.From, st.To}, Steps: []JoinStep{st}})
		}
	}
	return out
}

// Paths suggests join sequences between tables that no foreign key links
// directly: the shortest path through the other tables (at most maxHops
// joins), longest first, leaving out a path that is part of one already
// suggested, at most maxPaths of them. Multi-hop joins are where models
// failed most (docs/DESIGN.md, Join hints), and an explicit ON chain fixes
// them.
func Paths(s *catalog.Snapshot, tables []*catalog.Table, maxHops, maxPaths int) []JoinHint {
	n := len(tables)
	pos := make(map[string]int, n)
	for i, t := range tables {
		pos[t.Key()] = i
	}
	// link[i][j]: the foreign key joining tables i and j, and its direction.
	type link struct {
		fk      catalog.ForeignKey
		forward bool // i is the referencing table
	}
	links := make([]map[int]link, n)
	adj := make([][]int, n)
	for i, t := range tables {
		for _, fk := range s.JoinsFrom(t) {
			j, ok := pos[fk.RefKey()]
			if !ok || j == i {
				continue
			}
			if links[i] == nil {
				links[i] = map[int]link{}
			}
			if links[j] == nil {
				links[j] = map[int]link{}
			}
			if prev, ok := links[i][j]; ok && !betterFK(fk, prev.fk) {
				continue
			}
			if _, ok := links[i][j]; !ok {
				adj[i] = append(adj[i], j)
				adj[j] = append(adj[j], i)
			}
			links[i][j] = link{fk, true}
			links[j][i] = link{fk, false}
		}
	}
	for i := range adj {
		slices.Sort(adj[i])
	}

	type candidate struct{ nodes []int }
	var cands []candidate
	parent := make([]int, n)
	dist := make([]int, n)
	for src := range n {
		// Breadth-first, neighbours in table order: the path found is the
		// same every time.
		for i := range parent {
			parent[i], dist[i] = -1, -1
		}
		dist[src] = 0
		queue := []int{src}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			if dist[u] == maxHops {
				continue
			}
			for _, v := range adj[u] {
				if dist[v] < 0 {
					dist[v], parent[v] = dist[u]+1, u
					queue = append(queue, v)
				}
			}
		}
		for dst := src + 1; dst < n; dst++ {
			if dist[dst] < 2 {
				continue
			}
			nodes := make([]int, dist[dst]+1)
			for k, v := len(nodes)-1, dst; k >= 0; k, v = k-1, parent[v] {
				nodes[k] = v
			}
			cands = append(cands, candidate{nodes})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return len(b.nodes) - len(a.nodes) })

	var chosen [][]int
	for _, c := range cands {
		if len(chosen) == maxPaths {
			break
		}
		if slices.ContainsFunc(chosen, func(p []int) bool { return contains(p, c.nodes) }) {
			continue
		}
		chosen = append(chosen, c.nodes)
	}

	out := make([]JoinHint, 0, len(chosen))
	for _, nodes := range chosen {
		h := JoinHint{}
		for k, v := range nodes {
			h.Tables = append(h.Tables, s.TableSQLName(tables[v]))
			if k > 0 {
				l := links[nodes[k-1]][v]
				h.Steps = append(h.Steps, stepAlong(s, l.fk, l.forward))
			}
		}
		out = append(out, h)
	}
	return out
}

// betterFK prefers, between two foreign keys joining the same tables, a
// declared one over an inferred one, then the one whose columns are named
// like the referenced ones (leave_requests.employee_id over
// leave_requests.approved_by), then the first by name.
func betterFK(a, b catalog.ForeignKey) bool {
	if a.Inferred != b.Inferred {
		return !a.Inferred
	}
	na, nb := slices.Equal(a.Columns, a.RefColumns), slices.Equal(b.Columns, b.RefColumns)
	if na != nb {
		return na
	}
	return a.Name < b.Name
}

// contains reports whether sub occurs in p as a contiguous run, in either
// direction.
func contains(p, sub []int) bool {
	if len(sub) > len(p) {
		return false
	}
	rev := slices.Clone(sub)
	slices.Reverse(rev)
	for i := 0; i+len(sub) <= len(p); i++ {
		if slices.Equal(p[i:i+len(sub)], sub) || slices.Equal(p[i:i+len(sub)], rev) {
			return true
		}
	}
	return false
}

// RenderJoinHints renders hints as format asks: edges as
// "- employees.department_id → departments.department_id", paths as
// "- employees → leave_requests → leave_types" with an "ON:" line. With
// both, each part gets a heading.
func RenderJoinHints(hints []JoinHint, format JoinHintFormat) string {
	var edges, paths strings.Builder
	for _, h := range hints {
		switch {
		case !h.IsPath() && format.edges():
			st := h.Steps[0]
			if len(st.FromColumns) == 1 {
				edges.WriteString("- " + st.From + "." + catalog.QuoteIdent(st.FromColumns[0]) + " → " + st.To + "." + catalog.QuoteIdent(st.ToColumns[0]))
			} else {
				edges.WriteString("- " + st.From + " (" + identList(st.FromColumns) + ") → " + st.To + " (" + identList(st.ToColumns) + ")")
			}
			edges.WriteString(inferredMark(st.Inferred) + "\n")
		case h.IsPath() && format.paths():
			on := make([]string, len(h.Steps))
			var inferred []string
			for i, st := range h.Steps {
				on[i] = st.On()
				if st.Inferred {
					inferred = append(inferred, on[i])
				}
			}
			paths.WriteString("- " + strings.Join(h.Tables, " → ") + "\n  ON: " + strings.Join(on, " AND ") + "\n")
			if len(inferred) > 0 {
				paths.WriteString("  (inferred from names, no foreign key declared: " + strings.Join(inferred, " AND ") + ")\n")
			}
		}
	}
	if edges.Len() > 0 && paths.Len() > 0 {
		return "Foreign keys:\n" + edges.String() + "\nSuggested join paths:\n" + paths.String()
	}
	return edges.String() + paths.String()
}

// inferredMark marks an inferred join in the hints: the model should know
// it is a likely join, not a constraint.
func inferredMark(inferred bool) string {
	if inferred {
		return " (inferred)"
	}
	return ""
}
