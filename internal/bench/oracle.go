package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/nl2sql/nl2sql/internal/retrieval"
)

// ModeOracleLink is the retrieval bench's mode with schema linking done by
// OracleLinker: a perfect model's ceiling, never a model's accuracy.
const ModeOracleLink = "oracle_link"

// OracleLinker is a schema linker that knows the answer: of the candidate
// tables listed to it, it picks exactly the question's expected ones. The
// rest of retrieval (the kept lexical tables, expansion, the join planner)
// runs as with a model. Its run measures what the linking step's design
// allows, which no model here can: a table the candidates leave out is one
// no model can pick, and a question counts only if what follows the picks
// keeps them within the context. It is a ceiling, never an accuracy figure.
type OracleLinker struct{}

var _ retrieval.Linker = OracleLinker{}

// question is what RunRetrieval hands the retriever about the question it
// asks, for OracleLinker: the expected tables, and what the linking call
// saw of them.
type question struct {
	expected []string
	// linked is set when a linking call was made, listed when it listed
	// every expected table.
	linked, listed bool
}

// questionKey carries a *question in a context.
type questionKey struct{}

// withQuestion is ctx carrying q, for OracleLinker; RunRetrieval sets it
// for every question.
func withQuestion(ctx context.Context, q *question) context.Context {
	return context.WithValue(ctx, questionKey{}, q)
}

// Link picks, among the candidates listed, those whose bare name is an
// expected table of the question in ctx, and notes whether every one of
// them was listed.
func (OracleLinker) Link(ctx context.Context, req retrieval.LinkRequest) (*retrieval.LinkReply, error) {
	q, ok := ctx.Value(questionKey{}).(*question)
	if !ok {
		return nil, fmt.Errorf("bench: the oracle linker needs the question's expected tables (RunRetrieval)")
	}
	picked := []string{}
	found := map[string]bool{}
	for _, name := range req.Candidates {
		if slices.Contains(q.expected, bareName(name)) {
			picked = append(picked, name)
			found[bareName(name)] = true
		}
	}
	q.linked, q.listed = true, len(found) == len(q.expected)
	reply, err := json.Marshal(map[string][]string{"tables": picked})
	if err != nil {
		return nil, err
	}
	return &retrieval.LinkReply{Content: string(reply), Model: "oracle"}, nil
}
