package validate

import (
	"context"
	"errors"
	"slices"
	"sort"
	"sync"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// explainAll EXPLAINs the candidates the guard passed, best pre-EXPLAIN
// score first, MaxExplain at a time in parallel (each under the target's
// explain timeout). Once a batch holds a candidate that passed, the rest
// are skipped: they could not outrank it, as a candidate's score only
// falls when EXPLAIN fails. An infrastructure failure fails the whole
// run: it says nothing about the SQL.
func (v *Validator) explainAll(ctx context.Context, req Request, cands []*Candidate) error {
	var todo []*Candidate
	for _, c := range cands {
		if !c.Eval.Rejected {
			todo = append(todo, c)
		}
	}
	sort.SliceStable(todo, func(a, b int) bool {
		if todo[a].Score != todo[b].Score {
			return todo[a].Score > todo[b].Score
		}
		return todo[a].Eval.Votes > todo[b].Eval.Votes
	})
	for len(todo) > 0 {
		n := min(len(todo), v.maxExplain)
		batch := todo[:n]
		todo = todo[n:]
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i, c := range batch {
			wg.Go(func() { errs[i] = v.explain(ctx, req, c) })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
		if slices.ContainsFunc(batch, func(c *Candidate) bool { return !c.Eval.Rejected }) {
			for _, c := range todo {
				c.Skipped, c.Eval.Rejected = true, true
			}
			return nil
		}
	}
	return nil
}

// selectBest picks the candidate to execute (candidate.Select) or, when
// none passed, the failure that decides what happens next.
func selectBest(cands []*Candidate) *Outcome {
	scores := make([]float64, len(cands))
	evals := make([]candidate.Evaluation, len(cands))
	for i, c := range cands {
		scores[i], evals[i] = c.Score, c.Eval
	}
	out := &Outcome{Candidates: cands, Selected: candidate.Select(evals, scores)}
	if out.Selected >= 0 {
		return out
	}
	out.Failed = worst(cands)
	out.Failure, out.FailStage = failureError(out.Failed, len(cands)), failureStage(out.Failed)
	return out
}

// worst picks the failure that decides what happens next when no
// candidate passed: a non-repairable one (a policy denial) wins, so a
// refused statement is never sent back to the model; otherwise the
// best-scored candidate's error, the one closest to working.
func worst(cands []*Candidate) *Candidate {
	var pick *Candidate
	for _, c := range cands {
		if c.Err == nil {
			continue
		}
		switch {
		case pick == nil:
			pick = c
		case !c.Err.Class.Repairable() && pick.Err.Class.Repairable():
			pick = c
		case c.Err.Class.Repairable() == pick.Err.Class.Repairable() && c.Score > pick.Score:
			pick = c
		}
	}
	return pick
}

func failureError(c *Candidate, candidates int) *errclass.Error {
	if c == nil || c.Err == nil {
		if candidates == 0 {
			return &errclass.Error{Class: errclass.SQLError, Code: "generate.no_sql", Message: "the model's reply contained no SQL statement"}
		}
		return &errclass.Error{Class: errclass.Unknown, Message: "no candidate passed validation"}
	}
	return c.Err
}

func failureStage(c *Candidate) string {
	if c == nil || c.Stage == "" {
		return "parse"
	}
	return c.Stage
}
