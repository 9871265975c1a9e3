package parts

import (
	"context"
	"errors"
	"strings"

	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

// Linker implements retrieval.Linker with the model provider: the same
// chat call, error classification and token counts as generation, at
// temperature 0, with the request's seed, reply bound and JSON schema
// (Ollama's structured outputs).
type Linker struct{ Client llm.Provider }

var _ retrieval.Linker = Linker{}

// NewLinker returns the linker of client, or nil for a nil client (no
// model: no linking).
func NewLinker(client llm.Provider) retrieval.Linker {
	if client == nil {
		return nil
	}
	return Linker{Client: client}
}

// Link asks the model; an empty req.Model is the client's (NL2SQL_MODEL).
func (l Linker) Link(ctx context.Context, req retrieval.LinkRequest) (*retrieval.LinkReply, error) {
	msgs := make([]llm.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = llm.Message{Role: m.Role, Content: m.Content}
	}
	zero, seed := 0.0, req.Seed
	reply, err := l.Client.Chat(ctx, llm.ChatRequest{
		Messages: msgs, Model: req.Model, Temperature: &zero, Seed: &seed,
		Format: req.Format, MaxTokens: req.MaxTokens,
	})
	if req.Model != "" {
		// The client names the generation model's variable; this model
		// came from the linking one.
		err = modelNamedBy(err, "set NL2SQL_RAG_LINKING_MODEL")
	}
	if err != nil {
		return nil, err
	}
	return &retrieval.LinkReply{
		Content: reply.Content, Model: reply.Model, PromptTokens: reply.PromptTokens,
		ReplyTokens: reply.ReplyTokens, Truncated: reply.Truncated(),
	}, nil
}

// modelNamedBy rewrites a ModelMissing error's advice ("or set
// NL2SQL_MODEL", the client's for any chat model) to say what named the
// model the call asked for; other errors pass unchanged.
func modelNamedBy(err error, advice string) error {
	var le *llm.Error
	if !errors.As(err, &le) || le.Kind != llm.ModelMissing {
		return err
	}
	cp := *le
	cp.Message = strings.Replace(cp.Message, "set NL2SQL_MODEL", advice, 1)
	return &cp
}
