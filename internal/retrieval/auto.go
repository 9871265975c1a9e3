package retrieval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// AutoConfig configures the choice between the full schema and RAG (the
// query generator spec's determineStrategy).
type AutoConfig struct {
	// Threshold is the table count from which a database's questions use
	// RAG (RETRIEVAL_TABLE_THRESHOLD); smaller databases get the full
	// schema. Defaults to 100: the 75-table demo ERP (~16k tokens) still
	// fits the model's context whole.
	Threshold int
	// DocRetrievalDisabled makes every question use the full schema unless
	// it asks otherwise (ENABLE_DOC_RETRIEVAL=false). Defaults to false.
	DocRetrievalDisabled bool
	// MaxFullTables bounds the fallback: when RAG fails or finds nothing, a
	// database of at most this many tables gets the full schema; a larger
	// one gets the FallbackTables tables whose names and descriptions best
	// match the question, never a 2,000-table schema. Defaults to 150.
	MaxFullTables int
	// FallbackTables is how many tables that bounded fallback includes.
	// Defaults to 12.
	FallbackTables int
	// Logger receives every fallback, with its reason. Defaults to
	// discarding.
	Logger *slog.Logger
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c AutoConfig) WithDefaults() AutoConfig {
	setDefault(&c.Threshold, 100)
	setDefault(&c.MaxFullTables, 150)
	setDefault(&c.FallbackTables, 12)
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c AutoConfig) validate() error {
	switch {
	case c.Threshold < 1:
		return errors.New("retrieval: Threshold must be positive")
	case c.MaxFullTables < 1:
		return errors.New("retrieval: MaxFullTables must be positive")
	case c.FallbackTables < 1:
		return errors.New("retrieval: FallbackTables must be positive")
	}
	return nil
}

// Auto chooses the strategy per question: the question's override
// (Options.Strategy), else the full schema when document retrieval is
// disabled or the database has fewer than Threshold tables, else RAG. A RAG
// retrieval that fails or finds nothing falls back, with the reason in
// Metadata.FallbackReason and the log: to the full schema up to
// MaxFullTables tables, above that to the tables whose names best match the
// question.
type Auto struct {
	cfg  AutoConfig
	full *Full
	rag  *RAG
}

var _ Strategy = (*Auto)(nil)

// NewAuto returns the chooser over full and rag; rag may be nil (no schema
// index to search), and then every question gets the full schema or its
// bounded fallback.
func NewAuto(full *Full, rag *RAG, cfg AutoConfig) (*Auto, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if full == nil {
		return nil, errors.New("retrieval: Auto needs the full strategy")
	}
	return &Auto{cfg: cfg, full: full, rag: rag}, nil
}

// Config returns the effective configuration.
func (a *Auto) Config() AutoConfig { return a.cfg }

// Choose returns the strategy for req and why.
func (a *Auto) Choose(req Request) (string, string) {
	n := len(req.Snapshot.Tables)
	switch {
	case req.Options.Strategy == StrategyFull || req.Options.Strategy == StrategyRAG:
		return req.Options.Strategy, "the question asks for it (options.retrieval)"
	case a.cfg.DocRetrievalDisabled:
		return StrategyFull, "document retrieval is disabled (ENABLE_DOC_RETRIEVAL=false)"
	case n < a.cfg.Threshold:
		return StrategyFull, fmt.Sprintf("%d tables, below RETRIEVAL_TABLE_THRESHOLD (%d)", n, a.cfg.Threshold)
	}
	return StrategyRAG, fmt.Sprintf("%d tables, at least RETRIEVAL_TABLE_THRESHOLD (%d)", n, a.cfg.Threshold)
}

// Retrieve implements Strategy.
func (a *Auto) Retrieve(ctx context.Context, req Request) (*Result, error) {
	if req.Snapshot == nil {
		return nil, errors.New("retrieval: request has no catalog snapshot")
	}
	if o := req.Options.Strategy; o != "" && o != StrategyFull && o != StrategyRAG {
		return nil, fmt.Errorf("retrieval: strategy %q must be %q or %q", o, StrategyFull, StrategyRAG)
	}
	strategy, why := a.Choose(req)
	if strategy == StrategyFull {
		res, err := a.full.Retrieve(ctx, req)
		if err != nil {
			return nil, err
		}
		res.Metadata.StrategyReason = why
		return res, nil
	}
	var res *Result
	err := errors.New("RAG is not configured (no schema index searcher)")
	if a.rag != nil {
		res, err = a.rag.Retrieve(ctx, req)
	}
	if err == nil {
		res.Metadata.StrategyReason = why
		return res, nil
	}
	if ctx.Err() != nil || errors.Is(err, ErrEmptyCatalog) {
		return nil, err
	}
	reason := fallbackReason(err)
	a.cfg.Logger.WarnContext(ctx, "retrieval falls back", "database", req.Snapshot.Database, "reason", reason)
	return a.fallback(ctx, req, why, reason)
}

func fallbackReason(err error) string {
	switch {
	case errors.Is(err, ErrNoResults):
		return "no relevant tables found in the schema index"
	case errors.Is(err, schemaindex.ErrNotIndexed):
		return "retrieval failed: the database has no schema index (nl2sql index)"
	}
	return "retrieval failed: " + err.Error()
}

// fallback gives the full schema when it is small enough, else the tables
// whose names best match the question.
func (a *Auto) fallback(ctx context.Context, req Request, why, reason string) (*Result, error) {
	s := req.Snapshot
	if len(s.Tables) <= a.cfg.MaxFullTables {
		res, err := a.full.Retrieve(ctx, req)
		if err != nil {
			return nil, err
		}
		res.Metadata.StrategyReason, res.Metadata.FallbackReason = why, reason
		return res, nil
	}
	ranked := keywordTables(s, req.Question, a.cfg.FallbackTables)
	if len(ranked) == 0 {
		return nil, fmt.Errorf("%s, and no table name of the %d-table schema matches the question either (it is too large to include whole): %w",
			reason, len(s.Tables), ErrNoResults)
	}
	tables := make([]*catalog.Table, len(ranked))
	for i, t := range ranked {
		tables[i] = t.Table
	}
	res, err := assemble(a.full.cfg, req, StrategyRAG, tables)
	if err != nil {
		return nil, err
	}
	for _, t := range ranked {
		res.Scores = append(res.Scores, TableScore{Name: s.TableSQLName(t.Table), Score: round3(t.Score), Source: "keyword"})
	}
	md := &res.Metadata
	md.StrategyReason = why
	md.Mode = ModeKeyword
	md.FallbackReason = fmt.Sprintf("%s; the schema's %d tables are too many to include whole (more than %d), so the %d whose names and descriptions best match the question are included",
		reason, len(s.Tables), a.cfg.MaxFullTables, len(tables))
	return res, nil
}

// keywordTables ranks the tables of s by the question's words in their
// names (split into words), synonyms, glosses and comments, each word
// weighted by its rarity among the tables: the fallback that needs no
// index. At most n, best first, scores relative to the best.
func keywordTables(s *catalog.Snapshot, question string, n int) []RankedTable {
	type doc struct {
		t     *catalog.Table
		words map[string]float64 // word → field weight
	}
	docs := make([]doc, len(s.Tables))
	df := map[string]int{}
	for i, t := range s.Tables {
		d := doc{t: t, words: map[string]float64{}}
		put := func(w string, weight float64) {
			w = singularWord(w)
			if d.words[w] < weight {
				d.words[w] = weight
			}
		}
		for _, w := range schemaindex.IdentifierParts(t.Name) {
			put(w, 2)
		}
		for _, sy := range t.Synonyms {
			for _, w := range words(sy) {
				put(w, 1.5)
			}
		}
		for _, w := range words(t.Gloss + " " + t.Comment) {
			put(w, 1)
		}
		for w := range d.words {
			df[w]++
		}
		docs[i] = d
	}
	q := map[string]bool{}
	for _, w := range words(question) {
		q[w] = true
	}
	var out []RankedTable
	for _, d := range docs {
		var score float64
		for w := range q {
			if f, ok := d.words[w]; ok && len(w) > 2 && !stopWords[w] {
				score += f * math.Log(1+float64(len(docs))/float64(df[w]))
			}
		}
		if score > 0 {
			out = append(out, RankedTable{Table: d.t, Score: score, Source: "keyword"})
		}
	}
	slices.SortStableFunc(out, func(a, b RankedTable) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return strings.Compare(a.Table.Key(), b.Table.Key())
	})
	out = out[:min(len(out), n)]
	if len(out) > 0 {
		top := out[0].Score
		for i := range out {
			out[i].Score /= top
		}
	}
	return out
}

// stopWords carry no meaning for the keyword fallback.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the and for with from that this what which who whom how are was were has have
		had per each all any our their its into than then them they been being does did show list give many much`) {
		stopWords[w] = true
	}
}
