// Package candidate scores the SQL candidates of an attempt and selects the
// one to execute. Scoring is deterministic — no LLM judge — as docs/DESIGN.md,
// Multi-candidate generation, sets out: a base of 100, penalties for lint findings, a
// failed EXPLAIN and a guard refusal, small bonuses when the SQL's shape matches the question
// (GROUP BY for "by/per/each", ORDER BY + LIMIT for "top/highest", DISTINCT
// for "distinct/unique").
package candidate

import (
	"regexp"
	"sort"
	"strings"
)

// Score parts, the keys of rag.candidates.breakdown.
const (
	PartBase          = "base"
	PartLintError     = "lint_error"
	PartLintWarning   = "lint_warning"
	PartExplainFailed = "explain_failed"
	PartRefused       = "refused_by_guard"
	PartGroupBy       = "group_by_matches_question"
	PartTopN          = "order_limit_matches_question"
	PartDistinct      = "distinct_matches_question"
	PartRepaired      = "deterministic_repair"
)

// Points of each part.
const (
	Base             = 100.0
	LintErrorPenalty = -25.0
	LintWarnPenalty  = -5.0
	ExplainPenalty   = -50.0
	RefusedPenalty   = -100.0
	GroupByBonus     = 10.0
	TopNBonus        = 10.0
	DistinctBonus    = 5.0
	// RepairedPenalty: a candidate that passed only after deterministic
	// repair ranks just below an equal one the model wrote correctly.
	RepairedPenalty = -5.0
)

// Evaluation is what validation found out about one candidate.
type Evaluation struct {
	Ordinal       int
	Rejected      bool // refused by parse, policy or lint errors, or EXPLAIN failed
	Refused       bool // refused by the guard before EXPLAIN: unparsable or against policy
	LintErrors    int
	LintWarnings  int
	ExplainFailed bool
	HasGroupBy    bool
	HasOrderBy    bool
	HasLimit      bool // a LIMIT written by the model, not one the guard added
	HasDistinct   bool
	// Repaired: the SQL passed after deterministic repair rewrote it.
	Repaired bool
	// Votes is how many of the attempt's model calls produced this query
	// (see Dedupe); it breaks score ties.
	Votes int
}

// Breakdown maps score parts to points.
type Breakdown map[string]float64

// Total sums the parts.
func (b Breakdown) Total() float64 {
	t := 0.0
	for _, v := range b {
		t += v
	}
	return t
}

var (
	groupWords    = regexp.MustCompile(`(?i)\b(by|per|each|every|breakdown|grouped)\b`)
	topWords      = regexp.MustCompile(`(?i)\b(top|highest|lowest|most|least|largest|smallest|best|worst|biggest|first \d+|last \d+)\b`)
	distinctWords = regexp.MustCompile(`(?i)\b(distinct|unique|different)\b`)
)

// Score returns the score of e for question, with its breakdown.
func Score(question string, e Evaluation) (float64, Breakdown) {
	b := Breakdown{PartBase: Base}
	if e.LintErrors > 0 {
		b[PartLintError] = LintErrorPenalty * float64(e.LintErrors)
	}
	if e.LintWarnings > 0 {
		b[PartLintWarning] = LintWarnPenalty * float64(e.LintWarnings)
	}
	if e.ExplainFailed {
		b[PartExplainFailed] = ExplainPenalty
	}
	if e.Repaired {
		b[PartRepaired] = RepairedPenalty
	}
	if e.Refused {
		// Further from working than SQL that only failed EXPLAIN: when no
		// candidate passes, the repair starts from the closest one.
		b[PartRefused] = RefusedPenalty
	}
	q := strings.TrimSpace(question)
	if e.HasGroupBy && groupWords.MatchString(q) {
		b[PartGroupBy] = GroupByBonus
	}
	if e.HasOrderBy && e.HasLimit && topWords.MatchString(q) {
		b[PartTopN] = TopNBonus
	}
	if e.HasDistinct && distinctWords.MatchString(q) {
		b[PartDistinct] = DistinctBonus
	}
	return b.Total(), b
}

// Select returns the index in evals of the best candidate that was not
// rejected, or -1 when all were. Higher scores win; among equal scores the
// query more calls agreed on, then the earlier candidate, so selection is
// stable.
func Select(evals []Evaluation, scores []float64) int {
	idx := make([]int, 0, len(evals))
	for i, e := range evals {
		if !e.Rejected {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return -1
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if scores[idx[a]] != scores[idx[b]] {
			return scores[idx[a]] > scores[idx[b]]
		}
		if evals[idx[a]].Votes != evals[idx[b]].Votes {
			return evals[idx[a]].Votes > evals[idx[b]].Votes
		}
		return evals[idx[a]].Ordinal < evals[idx[b]].Ordinal
	})
	return idx[0]
}

// Confidence for a selected candidate: 1, less 0.1 per extra attempt it took
// (docs/DESIGN.md, Multi-candidate generation) and 0.05 per lint warning, floored at
// 0.05 — a number for ranking answers, not a probability.
func Confidence(attempt int, lintWarnings int) float64 {
	c := 1.0 - 0.1*float64(attempt-1) - 0.05*float64(lintWarnings)
	if c < 0.05 {
		c = 0.05
	}
	return c
}

// LowRelevance is the average retrieval relevance (retrievalMetadata's
// avgRelevanceScore) below which the schema context may lack what the
// question needs (the query generator spec: < 0.4).
const LowRelevance = 0.4

// LowRelevanceFactor scales the confidence of an answer written from such
// a context.
const LowRelevanceFactor = 0.8

// WithRetrieval lowers confidence c for the schema context it was written
// from: by LowRelevanceFactor when retrieval chose the context with an
// average relevance below LowRelevance. avgRelevance is nil for the full
// schema, which holds every table. The floor of Confidence holds.
func WithRetrieval(c float64, avgRelevance *float64) float64 {
	if avgRelevance == nil || *avgRelevance >= LowRelevance {
		return c
	}
	return max(c*LowRelevanceFactor, 0.05)
}
