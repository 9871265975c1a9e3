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
	"github.com/nl2sql/nl2sql/internal/naming"
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
	// MaxFullTables bounds the fallback: when RAG fails or finds nothing and
	// no table's name or description matches the question even in part, a
	// database of at most this many tables gets the full schema; a larger
	// one its FallbackTables most connected tables, never a 2,000-table
	// schema. Never more than Threshold - 1: a schema too large for the
	// full strategy is too large for its fallback (issue 10). 0, set on an
	// AutoConfig WithDefaults returned, is never the full schema. Defaults
	// to Threshold - 1.
	MaxFullTables int
	// FallbackTables is how many tables that bounded fallback includes.
	// Defaults to 12.
	FallbackTables int
	// Logger receives every fallback, with its reason. Defaults to
	// discarding.
	Logger *slog.Logger

	// defaulted is set by WithDefaults: zero numbers are then explicit.
	defaulted bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c AutoConfig) WithDefaults() AutoConfig {
	if !c.defaulted {
		setDefault(&c.Threshold, 100)
		setDefault(&c.MaxFullTables, c.Threshold-1)
		setDefault(&c.FallbackTables, 12)
		c.defaulted = true
	}
	c.MaxFullTables = min(c.MaxFullTables, c.Threshold-1)
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c AutoConfig) validate() error {
	switch {
	case c.Threshold < 1:
		return errors.New("retrieval: Threshold must be positive")
	case c.MaxFullTables < 0:
		return errors.New("retrieval: MaxFullTables must not be negative")
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
		var large *SchemaTooLargeError
		if !errors.As(err, &large) {
			if err != nil {
				return nil, err
			}
			res.Metadata.StrategyReason = why
			return res, nil
		}
		// Never everything: a schema no model's window holds is answered
		// as a large database's (docs/DESIGN.md, "Never empty, never
		// everything").
		why = fmt.Sprintf("%s, but its %d tables render to more than %d characters (NL2SQL_RETRIEVAL_FULL_MAX_CHARS), more than a model's context window holds",
			why, large.Tables, large.Limit)
		if a.cfg.DocRetrievalDisabled && req.Options.Strategy != StrategyRAG {
			return a.fallback(ctx, req, why, "document retrieval is disabled (ENABLE_DOC_RETRIEVAL=false)")
		}
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

// fallback gives the tables whose names and descriptions best match the
// question, wholly or in part; when nothing matches at all, the full
// schema of a database small enough for it (MaxFullTables, always below
// RETRIEVAL_TABLE_THRESHOLD), else its most connected tables. A question
// always gets a ranked list, never an empty one, and never the whole of a
// large schema (docs/DESIGN.md, "Never empty, never everything").
func (a *Auto) fallback(ctx context.Context, req Request, why, reason string) (*Result, error) {
	s := req.Snapshot
	ranked := keywordTables(s, req.Question, a.cfg.FallbackTables)
	how := fmt.Sprintf("the %d tables whose names and descriptions best match the question, wholly or in part, are included", len(ranked))
	if len(ranked) == 0 {
		if len(s.Tables) <= a.cfg.MaxFullTables {
			res, err := a.full.Retrieve(ctx, req)
			var large *SchemaTooLargeError
			switch {
			case err == nil:
				res.Metadata.StrategyReason = why
				res.Metadata.FallbackReason = fmt.Sprintf("%s, and no table's name or description matches the question even in part; the schema's %d tables are few enough to include whole (at most %d)",
					reason, len(s.Tables), a.cfg.MaxFullTables)
				return res, nil
			case !errors.As(err, &large):
				return nil, err
			}
		}
		ranked = centralTables(s, a.cfg.FallbackTables)
		tooMany := fmt.Sprintf("too many to include whole (more than %d)", a.cfg.MaxFullTables)
		if len(s.Tables) <= a.cfg.MaxFullTables {
			tooMany = fmt.Sprintf("too large to include whole (more than %d characters)", a.full.cfg.MaxFullChars)
		}
		how = fmt.Sprintf("no table's name or description matches the question even in part, and the schema's %d tables are %s, so its %d most connected tables are included",
			len(s.Tables), tooMany, len(ranked))
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
		res.Scores = append(res.Scores, TableScore{Name: s.TableSQLName(t.Table), Score: round3(t.Score), Source: t.Source})
	}
	md := &res.Metadata
	md.StrategyReason = why
	md.Mode = ModeKeyword
	md.FallbackReason = reason + "; " + how
	return res, nil
}

// keywordTables ranks the tables of s by the question's words in their
// names (read as words: naming.Read, abbreviations by what they stand
// for), synonyms, glosses and comments, each word weighted by its rarity
// among the tables: the fallback that needs no index. A question word no
// table holds counts, at partialWeight, for the table words at least
// partialSimilarity alike by character trigrams (naming.Similarity):
// "warehousing" for warehouse, a misspelt name. Stop words and the words
// that ask for an answer's shape are left out, as the index's search leaves
// them (naming.StopWord, schemaindex.Instruction). At most n, best first,
// scores relative to the best.
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
			w = naming.Singular(w)
			if d.words[w] < weight {
				d.words[w] = weight
			}
		}
		for _, w := range naming.Read(t.Name) {
			put(w.Text, 2)
			for _, m := range w.Means {
				put(m, 1.5)
			}
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
	q := map[string]float64{} // question word → weight
	for _, w := range words(question) {
		if len(w) > 2 && !naming.StopWord(w) && !schemaindex.Instruction(w) {
			q[w] = 1
		}
	}
	// Partial matches for the question words no table holds.
	for w := range q {
		if df[w] > 0 || len(w) < 4 {
			continue
		}
		for tw := range df {
			if len(tw) >= 4 && naming.Similarity(w, tw) >= partialSimilarity && q[tw] < partialWeight {
				q[tw] = partialWeight
			}
		}
	}
	var out []RankedTable
	for _, d := range docs {
		var score float64
		partial := true
		for w, qw := range q {
			if f, ok := d.words[w]; ok {
				score += qw * f * math.Log(1+float64(len(docs))/float64(df[w]))
				if qw == 1 {
					partial = false
				}
			}
		}
		if score > 0 {
			src := "keyword"
			if partial {
				src = "partial"
			}
			out = append(out, RankedTable{Table: d.t, Score: score, Source: src})
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

// partialSimilarity and partialWeight: a question word no table name holds
// matches the table words at least this alike (pg_trgm's own default
// threshold is 0.3; 0.4 keeps "order" from matching "border"), at this
// weight of an exact match.
const (
	partialSimilarity = 0.4
	partialWeight     = 0.5
)

// centralTables are the n tables with the most foreign keys in and out,
// best first: when nothing in a question matches a large schema, the tables
// most questions join through are the best guess (scores relative to the
// most connected).
func centralTables(s *catalog.Snapshot, n int) []RankedTable {
	out := make([]RankedTable, 0, len(s.Tables))
	for _, t := range s.Tables {
		out = append(out, RankedTable{Table: t, Score: float64(s.Degree(t)), Source: "central"})
	}
	slices.SortStableFunc(out, func(a, b RankedTable) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return strings.Compare(a.Table.Key(), b.Table.Key())
	})
	out = out[:min(len(out), n)]
	top := max(out[0].Score, 1)
	for i := range out {
		out[i].Score /= top
	}
	return out
}
