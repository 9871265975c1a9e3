package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/intake"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/stage"
)

// retrieveResult is one line of `nl2sql retrieve --json`.
type retrieveResult struct {
	Question string          `json:"question"`
	Strategy string          `json:"strategy,omitempty"`
	Tables   []retrieveTable `json:"tables"`
	// JoinPaths are the join hints the model would get: foreign-key edges
	// between included tables and multi-hop paths, as --join-hints asks.
	JoinPaths []retrieveJoin      `json:"join_paths"`
	Metadata  *retrieval.Metadata `json:"metadata,omitempty"`
	// Error is set, and the rest empty, when this question's retrieval
	// failed (stdin mode goes on with the next line).
	Error *retrieveError `json:"error,omitempty"`
}

type retrieveTable struct {
	Name  string  `json:"name"`
	Score float64 `json:"score"`
	// Source is what brought the table in (retrieval.TableScore.Source);
	// "full" when the whole schema was given.
	Source string `json:"source"`
}

type retrieveJoin struct {
	Tables []string             `json:"tables"`
	Steps  []retrieval.JoinStep `json:"steps"`
	// On is the whole join condition, as the model sees it.
	On string `json:"on"`
	// Inferred is set when a step joins along an edge inferred from names
	// (the schema declares no foreign key there); the step says which.
	Inferred bool `json:"inferred,omitempty"`
}

type retrieveError struct {
	Class   string `json:"class"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message"`
}

func runRetrieve(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "retrieve")
	db := fs.String("db", "", "registered database to retrieve from (required)")
	asJSON := fs.Bool("json", false, "print one JSON object per question")
	strategy := fs.String("strategy", "", "force rag or full; default: by the schema's size (NL2SQL_RETRIEVAL_TABLE_THRESHOLD)")
	hints := fs.String("join-hints", "both", "join hints to compute: edges, paths, both or none")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *db == "" || len(pos) != 1 {
		return usagef(`retrieve needs --db NAME and one question, or - to read one question a line from stdin: nl2sql retrieve --db erp --json "question"`)
	}
	if pos[0] != "-" {
		if err := intake.CheckQuestion(pos[0]); err != nil {
			return usagef("retrieve: %v", err)
		}
	}
	switch *strategy {
	case "", retrieval.StrategyRAG, retrieval.StrategyFull:
	default:
		return usagef("--strategy: %q is not rag or full", *strategy)
	}
	format := retrieval.JoinHintFormat(*hints)
	switch format {
	case retrieval.JoinHintsEdges, retrieval.JoinHintsPaths, retrieval.JoinHintsBoth, retrieval.JoinHintsNone:
	default:
		return usagef("--join-hints: %q is not edges, paths, both or none", *hints)
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := catalog.GetDatabase(ctx, pool, *db); err != nil {
		return unknownDatabase("retrieve", *db, err)
	}
	// The embedding model is used when the index has embeddings of it;
	// when it does not answer, retrieval says so in metadata.modeReason and
	// runs lexical.
	model, err := llm.Open(st.LLM)
	if err != nil {
		return err
	}
	defer model.Close()
	p, err := parts.New(pool, model, st.Pipeline)
	if err != nil {
		return err
	}
	one := func(question string) (*retrieveResult, error) {
		// What rag.queries would refuse (a line of zero-width spaces, one
		// past 2,000 characters) is refused here too, as on the command
		// line: a batch answers only what could be asked.
		if err := intake.CheckQuestion(question); err != nil {
			return nil, &errclass.Error{Class: errclass.ValidationBlock, Code: "question.invalid", Message: err.Error(), Err: err, Permanent: true}
		}
		res, err := p.Retrieval(ctx, stage.RetrieveRequest{Database: *db, Question: question, Retrieval: *strategy}, format)
		if err != nil {
			return nil, err
		}
		return retrieveOutput(question, res), nil
	}

	if pos[0] != "-" {
		out, err := one(pos[0])
		if err != nil {
			return err
		}
		return printRetrieve(m.Stdout, out, *asJSON)
	}
	// One question a line, one catalog load: the pipeline caches the
	// snapshot and the index.
	failed := 0
	sc := bufio.NewScanner(m.Stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		question := strings.TrimSpace(sc.Text())
		if question == "" {
			continue
		}
		out, err := one(question)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failed++
			ce := errclass.Classify(err)
			out = &retrieveResult{
				Question: question, Tables: []retrieveTable{}, JoinPaths: []retrieveJoin{},
				Error: &retrieveError{Class: string(ce.Class), Code: ce.Code, Message: userMessage(err)},
			}
		}
		if err := printRetrieve(m.Stdout, out, *asJSON); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading questions: %w", err)
	}
	if failed > 0 {
		fmt.Fprintf(m.Stderr, "nl2sql retrieve: %d question(s) failed\n", failed)
		return &exitError{code: exitFailure}
	}
	return nil
}

// retrieveOutput turns a retrieval result into the command's output.
func retrieveOutput(question string, res *retrieval.Result) *retrieveResult {
	out := &retrieveResult{
		Question: question, Strategy: res.Metadata.Strategy, Metadata: &res.Metadata,
		Tables: []retrieveTable{}, JoinPaths: []retrieveJoin{},
	}
	if res.Scores != nil {
		for _, s := range res.Scores {
			out.Tables = append(out.Tables, retrieveTable{Name: s.Name, Score: s.Score, Source: s.Source})
		}
	} else {
		for _, name := range res.Metadata.TablesIncluded {
			out.Tables = append(out.Tables, retrieveTable{Name: name, Source: "full"})
		}
	}
	for _, h := range res.JoinHints {
		on := make([]string, len(h.Steps))
		inferred := false
		for i, st := range h.Steps {
			on[i] = st.On()
			inferred = inferred || st.Inferred
		}
		out.JoinPaths = append(out.JoinPaths, retrieveJoin{Tables: h.Tables, Steps: h.Steps, On: strings.Join(on, " AND "), Inferred: inferred})
	}
	return out
}

func printRetrieve(w io.Writer, out *retrieveResult, asJSON bool) error {
	if asJSON {
		// One object a line, so that a stream of questions is JSON Lines.
		return json.NewEncoder(w).Encode(out)
	}
	fmt.Fprintf(w, "question: %s\n", out.Question)
	if out.Error != nil {
		_, err := fmt.Fprintf(w, "error: %s: %s\n\n", out.Error.Class, out.Error.Message)
		return err
	}
	md := out.Metadata
	fmt.Fprintf(w, "strategy: %s", out.Strategy)
	if md.Mode != "" {
		fmt.Fprintf(w, " (%s)", md.Mode)
	}
	fmt.Fprintln(w)
	if md.FallbackReason != "" {
		fmt.Fprintf(w, "fallback: %s\n", md.FallbackReason)
	}
	if md.ModeReason != "" {
		fmt.Fprintf(w, "mode: %s\n", md.ModeReason)
	}
	if md.Linking != nil {
		fmt.Fprintf(w, "linking: %s\n", linkingSummary(md.Linking))
	}
	fmt.Fprintf(w, "tables (%d):\n", len(out.Tables))
	for _, t := range out.Tables {
		fmt.Fprintf(w, "  %-40s %.3f  %s\n", t.Name, t.Score, t.Source)
	}
	if len(out.JoinPaths) > 0 {
		fmt.Fprintln(w, "joins:")
		for _, j := range out.JoinPaths {
			mark := ""
			if j.Inferred {
				mark = "  (inferred from names: no foreign key declared)"
			}
			fmt.Fprintf(w, "  %s\n    ON %s%s\n", strings.Join(j.Tables, " → "), j.On, mark)
		}
	}
	if md.Metrics != nil {
		fmt.Fprintf(w, "retrieval: %.1f ms\n", md.Metrics.RetrievalMS)
	}
	_, err := fmt.Fprintln(w)
	return err
}
