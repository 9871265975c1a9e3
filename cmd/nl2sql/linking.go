package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/stage"
)

// unlinked is cfg with schema linking off: the bench's lexical and hybrid
// runs measure retrieval without the chat model.
func unlinked(cfg parts.Config) parts.Config {
	cfg.RAG.Link.Disabled = true
	return cfg
}

// linkedPipeline is the pipeline of the bench's linked runs (schema linking
// on, with embeddings when the index has them), or nil and why there is
// none: linking is off, or no chat model answers.
func linkedPipeline(ctx context.Context, meta *pgxpool.Pool, st *settings) (*parts.Parts, string, error) {
	if st.Pipeline.RAG.Link.Disabled {
		return nil, "linking is off (NL2SQL_RAG_LINKING=false)", nil
	}
	client, err := llm.New(st.LLM)
	if err != nil {
		return nil, "", err
	}
	model := cmp.Or(st.Pipeline.RAG.Link.Model, st.LLM.Model)
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	err = client.CheckModel(cctx, model)
	cancel()
	if err != nil {
		msg := err.Error()
		var le *llm.Error
		if errors.As(err, &le) {
			msg = le.Message
		}
		return nil, fmt.Sprintf("chat model %s: %s", model, msg), nil
	}
	p, err := parts.New(meta, client, st.Pipeline)
	return p, "", err
}

// linkedRetriever retrieves through the retrieve stage with linking on. A
// question the model did not link (it failed, timed out, named no table)
// reports its search mode and the linking outcome instead of "linked", so
// the run counts it apart.
func linkedRetriever(p *parts.Parts, database string) bench.Retriever {
	return func(ctx context.Context, question string) (*bench.Retrieved, error) {
		res, err := p.Retrieve(ctx, stage.RetrieveRequest{Database: database, Question: question, Retrieval: "rag"})
		if err != nil {
			return nil, err
		}
		var md retrieval.Metadata
		if err := json.Unmarshal(res.Metadata, &md); err != nil {
			return nil, fmt.Errorf("retrieval metadata: %w", err)
		}
		got := &bench.Retrieved{Tables: md.TablesIncluded, Mode: "linked"}
		if md.Metrics != nil {
			got.Embedding = time.Duration(md.Metrics.EmbedMS * float64(time.Millisecond))
		}
		switch {
		case md.Linking == nil:
			got.Mode = cmp.Or(md.Mode, md.Strategy) + " (not linked)"
		case md.Linking.Outcome != retrieval.LinkLinked:
			got.Mode = cmp.Or(md.Mode, md.Strategy) + " (linking: " + md.Linking.Outcome + ")"
		}
		return got, nil
	}
}

// oracleRetriever retrieves with bench.OracleLinker as the linker: the
// pipeline retriever's figures, and the mode oracle_link when the oracle's
// picks were applied. A question it did not link (it picks nothing when no
// expected table is listed; no linking runs on a fallback) says why, and
// one that found nothing keeps the mode "none".
func oracleRetriever(p *parts.Parts, database string) bench.Retriever {
	retrieve := pipelineRetriever(p, database)
	return func(ctx context.Context, question string) (*bench.Retrieved, error) {
		got, err := retrieve(ctx, question)
		if err != nil {
			return nil, err
		}
		switch {
		case got.Linking == retrieval.LinkLinked:
			got.Mode = bench.ModeOracleLink
		case got.Mode != "none":
			got.Mode = bench.ModeOracleLink + " (" + cmp.Or(got.Linking, "not linked") + ")"
		}
		return got, nil
	}
}

// linkingSummary is the linking line of `nl2sql retrieve`.
func linkingSummary(l *retrieval.Linking) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s; %d candidates, %d prompt characters", l.Outcome, cmp.Or(l.Model, "the generation model"), l.Candidates, l.PromptChars)
	if l.Outcome != retrieval.LinkSkipped {
		fmt.Fprintf(&b, ", %.0f ms", l.DurationMS)
	}
	if l.PromptTokens+l.ReplyTokens > 0 {
		fmt.Fprintf(&b, ", %d+%d tokens", l.PromptTokens, l.ReplyTokens)
	}
	b.WriteString(")")
	if l.Outcome == retrieval.LinkLinked {
		fmt.Fprintf(&b, ": picked %s", namesOrNone(l.Picked))
		fmt.Fprintf(&b, "; added %s; dropped %s", namesOrNone(l.Added), namesOrNone(l.Dropped))
	}
	if l.Reason != "" {
		b.WriteString("\n  " + l.Reason)
	}
	return b.String()
}

func namesOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
