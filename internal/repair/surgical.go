package repair

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Gate names, in the order of docs/DESIGN.md, Repair tiers.
const (
	GateKeyword     = "keyword"              // 1: the name is no SQL function or date part
	GateAlias       = "alias_resolves"       // 2: the reference's table is known
	GateAutocorrect = "autocorrect_failed"   // 3: autocorrect was tried and found nothing
	GateCandidates  = "has_candidates"       // 4
	GateScore       = "score_floor"          // 5: best >= Gate.MinScore
	GateDominance   = "dominance"            // 6: best - second >= Gate.MinDominance
	GateSeparation  = "separation"           // 7: delta >= MinScoreDelta or ratio >= MinScoreRatio
	GateContainment = "containment_or_exact" // 8
	GateRisk        = "risk_blacklist"       // 9
)

// Candidate is a column the surgical tier considered.
type Candidate struct {
	// Table is the item's table ("erp.products") or kind and name.
	Table    string   `json:"table"`
	Column   string   `json:"column"`
	Score    float64  `json:"score"`
	Relation Relation `json:"relation"`
	// Risk is the blacklisted pair the rewrite would trade ("amount/total").
	Risk string `json:"risk,omitempty"`

	item pgsql.ItemRef
}

// Gate is one gate's outcome.
type Gate struct {
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	Detail string `json:"detail,omitempty"`
}

// Observation is what the surgical tier made of an undefined column, in
// either mode: for telemetry (how precise the gates are) and for the
// decision to switch modes.
type Observation struct {
	Mode Mode `json:"mode"`
	// Reference is the failing reference as written ("e.employee_name").
	Reference string `json:"reference"`
	// Table is the reference's table; "" when it names none.
	Table string `json:"table,omitempty"`
	// Candidates are the columns scoring at least MinCandidateScore, best
	// first (at most five).
	Candidates []Candidate `json:"candidates,omitempty"`
	// Gates are the nine gates, in order; all evaluated.
	Gates []Gate `json:"gates"`
	// Passed is true when every gate passed: the tier would rewrite the
	// reference to Rewrite.
	Passed  bool   `json:"passed"`
	Rewrite string `json:"rewrite,omitempty"`
	// Applied is true when it did (active mode).
	Applied bool `json:"applied"`
}

// verdict summarises the observation for Result.Reason.
func (o *Observation) verdict() string {
	if o.Passed {
		if o.Mode == ModeObserve {
			return fmt.Sprintf("would rewrite to %s (observe mode)", o.Rewrite)
		}
		return "rewrote to " + o.Rewrite
	}
	var failed []string
	for _, g := range o.Gates {
		if !g.Passed {
			failed = append(failed, g.Name)
		}
	}
	return "blocked by " + strings.Join(failed, ", ")
}

// candidates scores the columns of items as what ref meant, best first,
// keeping those at least MinCandidateScore.
func (q *query) candidates(ref pgsql.ColumnRef, items []pgsql.ItemRef) []Candidate {
	cfg := q.r.cfg
	applyRisk := !cfg.Blacklist.Disabled && (cfg.Mode == ModeActive || cfg.Blacklist.ApplyToObserve)
	var out []Candidate
	for _, ir := range items {
		it := q.a.Item(ir)
		cols, ok := q.columns(it)
		if !ok {
			continue
		}
		table := q.itemName(it)
		for _, c := range cols {
			s, rel := score(ref.Name, c, table)
			cand := Candidate{Table: q.itemLabel(it), Column: c, Score: s, Relation: rel, item: ir}
			if !cfg.Blacklist.Disabled {
				cand.Risk = riskyPair(ref.Name, c, cfg.Blacklist.Pairs)
			}
			if cand.Risk != "" && applyRisk && cfg.Blacklist.Action == ActionPenalize {
				cand.Score = math.Max(0, cand.Score-cfg.Blacklist.Penalty)
			}
			cand.Score = math.Round(cand.Score*1e4) / 1e4
			if cand.Score >= cfg.MinCandidateScore {
				out = append(out, cand)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(a.Column, b.Column)
	})
	return out
}

// surgical evaluates the nine gates for ref. The candidates are those of
// the reference's own table; when it names none (an unqualified column in
// a query of several tables), those of all the query's tables, for the
// record: gate 2 then fails.
func (q *query) surgical(ref pgsql.ColumnRef, p placement, acTried, acOK bool) *Observation {
	cfg := q.r.cfg
	o := &Observation{Mode: cfg.Mode, Reference: q.refText(ref)}
	items := p.items
	if p.placed {
		items = []pgsql.ItemRef{p.item}
		o.Table = q.itemLabel(q.a.Item(p.item))
	}
	all := q.candidates(ref, items)
	o.Candidates = all[:min(len(all), 5)]

	const eps = 1e-9
	var best, second Candidate
	if len(all) > 0 {
		best = all[0]
	}
	if len(all) > 1 {
		second = all[1]
	}
	gate := func(name string, passed bool, format string, args ...any) {
		o.Gates = append(o.Gates, Gate{Name: name, Passed: passed, Detail: fmt.Sprintf(format, args...)})
	}
	gate(GateKeyword, !isSQLWord(ref.Name), "%s", ref.Name)
	switch elsewhere := q.elsewhere(ref, p); {
	case !p.placed:
		gate(GateAlias, false, "%s names none of the query's %d tables", o.Reference, len(p.items))
	case len(elsewhere) > 0:
		// d.first_name when employees e has first_name: the qualifier is
		// the likelier mistake, and renaming the column would hide it.
		gate(GateAlias, false, "%s is a column of %s: the qualifier may be the mistake", ref.Name, strings.Join(elsewhere, ", "))
	default:
		gate(GateAlias, true, "%s", o.Table)
	}
	switch {
	case !acTried:
		gate(GateAutocorrect, false, "autocorrect was not tried")
	case acOK:
		gate(GateAutocorrect, false, "autocorrect fixed it")
	default:
		gate(GateAutocorrect, true, "")
	}
	gate(GateCandidates, len(all) > 0, "%d candidate(s)", len(all))
	gate(GateScore, len(all) > 0 && best.Score >= cfg.Gate.MinScore-eps, "best %.2f, floor %.2f", best.Score, cfg.Gate.MinScore)
	if len(all) < 2 {
		gate(GateDominance, true, "one candidate")
		gate(GateSeparation, true, "one candidate")
	} else {
		d := best.Score - second.Score
		gate(GateDominance, d >= cfg.Gate.MinDominance-eps, "%s %.2f vs %s %.2f", best.Column, best.Score, second.Column, second.Score)
		ratio := math.Inf(1)
		if second.Score > 0 {
			ratio = best.Score / second.Score
		}
		gate(GateSeparation, cfg.Gate.NoScoreSeparation || d >= cfg.Gate.MinScoreDelta-eps || ratio >= cfg.Gate.MinScoreRatio-eps,
			"delta %.2f, ratio %.2f", d, ratio)
	}
	contained := best.Relation == RelationExact || best.Relation == RelationSameTokens ||
		best.Relation == RelationContainment || best.Relation == RelationContained
	gate(GateContainment, len(all) > 0 && (contained || cfg.Gate.AllowNonContainment), "%s", best.Relation)
	switch {
	case cfg.Blacklist.Disabled:
		gate(GateRisk, true, "blacklist disabled")
	case cfg.Mode == ModeObserve && !cfg.Blacklist.ApplyToObserve:
		gate(GateRisk, true, "not applied in observe mode (risk: %s)", orNone(best.Risk))
	case best.Risk != "" && cfg.Blacklist.Action == ActionBlock:
		gate(GateRisk, false, "%s → %s trades %s", ref.Name, best.Column, best.Risk)
	case best.Risk != "":
		gate(GateRisk, true, "penalized for %s", best.Risk)
	default:
		gate(GateRisk, true, "")
	}
	o.Passed = true
	for _, g := range o.Gates {
		o.Passed = o.Passed && g.Passed
	}
	if o.Passed {
		o.Rewrite = best.Column
	}
	return o
}

// elsewhere lists the other FROM items in reach of ref that have its
// column name verbatim.
func (q *query) elsewhere(ref pgsql.ColumnRef, p placement) []string {
	if !p.placed || len(ref.Qualifier) == 0 {
		return nil
	}
	var out []string
	for s := ref.Scope; s >= 0; s = q.a.Scopes[s].Parent {
		for i, it := range q.a.Scopes[s].Items {
			ir := pgsql.ItemRef{Scope: s, Item: i}
			if ir == p.item || it.Kind == pgsql.ItemJoin {
				continue
			}
			if cols, ok := q.columns(it); ok && slices.Contains(cols, ref.Name) {
				out = append(out, q.itemLabel(it)+" ("+it.RefName()+")")
			}
		}
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
