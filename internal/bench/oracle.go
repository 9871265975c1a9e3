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

// expectedKey carries a question's expected tables to OracleLinker.
type expectedKey struct{}

// withExpected is ctx carrying the question's expected tables, for
// OracleLinker; RunRetrieval sets it for every question.
func withExpected(ctx context.Context, tables []string) context.Context {
	return context.WithValue(ctx, expectedKey{}, tables)
}

// Link picks, among the candidates listed, those whose bare name is an expected table of the question in ctx.
func (OracleLinker) Link(ctx context.Context, req retrieval.LinkRequest) (*retrieval.LinkReply, error) {
	expected, ok := ctx.Value(expectedKey{}).([]string)
	if !ok {
		return nil, fmt.Errorf("bench: the oracle linker needs the question's expected tables (RunRetrieval)")
	}
	picked := []string{}
	for _, name := range req.Candidates {
		if slices.Contains(expected, bareName(name)) {
			picked = append(picked, name)
		}
	}
	reply, err := json.Marshal(map[string][]string{"tables": picked})
	if err != nil {
		return nil, err
	}
	return &retrieval.LinkReply{Content: string(reply), Model: "oracle"}, nil
}
