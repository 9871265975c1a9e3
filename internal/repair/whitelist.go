package repair

import (
	"cmp"
	"slices"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/pgsql"
	"github.com/nl2sql/nl2sql/internal/prompt"
)

// Whitelist is the minimal whitelist (docs/DESIGN.md, Repair tiers) for
// an undefined column no
// rewrite could fix: the reference's table and its 1-hop foreign-key
// neighbours, for prompt.Failure (whose repair message stays under
// prompt.MaxRepairChars and tells the model to choose only from these).
type Whitelist struct {
	// Alias and Column name the failing reference.
	Alias  string `json:"alias,omitempty"`
	Column string `json:"column"`
	// Tables holds the reference's table first, then its neighbours, those
	// with a column most like the reference first.
	Tables []prompt.TableColumns `json:"tables"`
}

// ColumnWhitelist is the Whitelist of an undefined-column failure of sql
// (f's message and, when known, position), whether or not a rewrite could
// fix it: what the model's repair prompt shows (docs/DESIGN.md, Validation
// and repair). ok is false when the failure is not an undefined column of
// a single query, or the reference cannot be placed on a table.
func (r *Repairer) ColumnWhitelist(sql string, f Failure, s *catalog.Snapshot) (*Whitelist, bool) {
	if f.SQLSTATE != SQLSTATEUndefinedColumn || s == nil {
		return nil, false
	}
	script, err := pgsql.Parse(sql)
	if err != nil || len(script.Statements) != 1 || script.Statements[0].Kind != pgsql.KindSelect {
		return nil, false
	}
	q := newQuery(r, script, s)
	idx, ok := q.undefinedRef(f)
	if !ok {
		return nil, false
	}
	ref := q.a.Columns[idx]
	p := q.place(ref)
	q.forgetColumn(ref, p)
	w := q.whitelist(ref, p, q.surgical(ref, p, false, false))
	return w, w != nil
}

// whitelist builds the Whitelist of ref: on its own table, else on the
// table of the best surgical candidate, else on the query's only table.
func (q *query) whitelist(ref pgsql.ColumnRef, p placement, obs *Observation) *Whitelist {
	var t *catalog.Table
	switch {
	case p.placed:
		t = q.table(q.a.Item(p.item))
	case len(obs.Candidates) > 0:
		t = q.table(q.a.Item(obs.Candidates[0].item))
	default:
		var only []*catalog.Table
		for _, ir := range p.items {
			if tt := q.table(q.a.Item(ir)); tt != nil {
				only = append(only, tt)
			}
		}
		if len(only) == 1 {
			t = only[0]
		}
	}
	if t == nil {
		return nil
	}
	cfg := q.r.cfg
	w := &Whitelist{Column: ref.Name}
	if len(ref.Qualifier) > 0 {
		w.Alias = q.qualifierText(ref)
		w.Alias = w.Alias[:len(w.Alias)-1]
	}
	w.Tables = append(w.Tables, prompt.TableColumns{Table: q.snap.TableSQLName(t), Columns: q.columnList(t, ref.Name)})
	if cfg.NoFKNeighbors {
		return w
	}
	type ranked struct {
		t    *catalog.Table
		best float64
	}
	var ns []ranked
	for _, n := range q.snap.Neighbors(t) {
		r := ranked{t: n}
		for _, c := range n.Columns {
			s, _ := score(ref.Name, c.Name, n.Name)
			r.best = max(r.best, s)
		}
		ns = append(ns, r)
	}
	// Neighbours come sorted by name; the stable sort keeps that order
	// among equals.
	slices.SortStableFunc(ns, func(a, b ranked) int { return cmp.Compare(b.best, a.best) })
	limit := min(cfg.MaxNeighborTables, cfg.MaxTablesTotal-1)
	for _, n := range ns[:min(len(ns), max(limit, 0))] {
		w.Tables = append(w.Tables, prompt.TableColumns{Table: q.snap.TableSQLName(n.t), Columns: q.columnList(n.t, ref.Name)})
	}
	return w
}

// columnList renders t's columns as "name type [PK] [FK→table]". A table
// wider than MaxColumnsPerTable keeps its key columns and the columns most
// like name, in table order.
func (q *query) columnList(t *catalog.Table, name string) []string {
	fks := map[string]string{}
	for _, fk := range q.snap.Outgoing(t) {
		if len(fk.Columns) == 1 {
			fks[fk.Columns[0]] = q.snap.SQLName(fk.RefSchema, fk.RefTable)
		}
	}
	keep := make([]bool, len(t.Columns))
	if n := q.r.cfg.MaxColumnsPerTable; len(t.Columns) > n {
		type ranked struct {
			i     int
			score float64
		}
		var rs []ranked
		for i, c := range t.Columns {
			s, _ := score(name, c.Name, t.Name)
			if c.PrimaryKey || fks[c.Name] != "" {
				s += 2 // keys first: they are how the model joins
			}
			rs = append(rs, ranked{i, s})
		}
		slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
		for _, r := range rs[:n] {
			keep[r.i] = true
		}
	} else {
		for i := range keep {
			keep[i] = true
		}
	}
	var out []string
	for i, c := range t.Columns {
		if !keep[i] {
			continue
		}
		x := catalog.QuoteIdent(c.Name) + " " + c.Type
		if c.PrimaryKey {
			x += " PK"
		}
		if ref, ok := fks[c.Name]; ok {
			x += " FK→" + ref
		}
		out = append(out, x)
	}
	return out
}
