// Package retrieval is the retrieve stage of the pipeline: it chooses the
// tables of a database a question is answered from and renders them, with
// join hints, into the schema context the model is prompted with.
//
// A Strategy chooses the tables. Full, shipped here, takes every table of
// the database, as the original design does for small schemas
// (docs/DESIGN.md, Retrieval); a RAG
// strategy (lexical and embedding retrieval) comes behind the same
// interface for large ones. Whatever the strategy, rendering is shared, so
// the model sees one format, and Metadata records what was chosen and why in
// rag.queries.retrieval.
package retrieval

import (
	"context"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// Format is how tables are rendered for the model.
type Format string

const (
	// FormatMSchema renders one dense line per table, the prompt form of
	// docs/DESIGN.md, Schema documents: "employees (employee_id bigint PK, ...)".
	FormatMSchema Format = "mschema"
	// FormatCreateTable renders CREATE TABLE statements with keys, CHECK
	// lists and comments, the format the query generator spec asks for.
	FormatCreateTable Format = "create_table"
)

// Formats lists the valid formats.
var Formats = []Format{FormatMSchema, FormatCreateTable}

func (f Format) valid() bool { return f == FormatMSchema || f == FormatCreateTable }

// JoinHintFormat selects the join hints given with the schema
// (docs/DESIGN.md, Join hints).
type JoinHintFormat string

const (
	// JoinHintsEdges lists the foreign keys between included tables.
	JoinHintsEdges JoinHintFormat = "edges"
	// JoinHintsPaths suggests multi-hop join sequences, with their ON
	// clauses, between included tables no foreign key links directly.
	JoinHintsPaths JoinHintFormat = "paths"
	// JoinHintsBoth gives edges, then paths.
	JoinHintsBoth JoinHintFormat = "both"
	// JoinHintsNone gives no join hints.
	JoinHintsNone JoinHintFormat = "none"
)

func (f JoinHintFormat) valid() bool {
	return f == JoinHintsEdges || f == JoinHintsPaths || f == JoinHintsBoth || f == JoinHintsNone
}

func (f JoinHintFormat) edges() bool { return f == JoinHintsEdges || f == JoinHintsBoth }
func (f JoinHintFormat) paths() bool { return f == JoinHintsPaths || f == JoinHintsBoth }

// Config configures retrieval and rendering.
type Config struct {
	// Format is the schema rendering. Defaults to FormatMSchema.
	Format Format
	// JoinHints selects the join hints. Defaults to JoinHintsEdges.
	JoinHints JoinHintFormat
	// MaxContextChars is the size of rendered context (schema plus join
	// hints, in characters) above which Metadata carries a warning: the
	// full strategy still includes every table, but a model with a small
	// context window will lose part of it. Defaults to 60000 (about 15k
	// tokens).
	MaxContextChars int
	// MaxCommentChars shortens longer column comments, which would
	// otherwise crowd out the columns themselves. Defaults to 80.
	MaxCommentChars int
	// MaxFullChars bounds the full strategy: a schema that renders to more
	// characters is not given whole, whoever asks (options.retrieval=full,
	// ENABLE_DOC_RETRIEVAL=false), and the question's tables are chosen as
	// for a large database (docs/DESIGN.md, "Never empty, never
	// everything"). No model a service reaches holds more: at about 4
	// characters a token it is 125k tokens, the longest window of the
	// models Ollama commonly serves (128k). Defaults to 500000.
	MaxFullChars int
	// MaxPathHops is the most joins a suggested join path may take.
	// Defaults to 3.
	MaxPathHops int
	// MaxPaths is the most join paths suggested. Defaults to 10.
	MaxPaths int
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Format == "" {
		c.Format = FormatMSchema
	}
	if c.JoinHints == "" {
		c.JoinHints = JoinHintsEdges
	}
	if c.MaxContextChars == 0 {
		c.MaxContextChars = 60000
	}
	if c.MaxCommentChars == 0 {
		c.MaxCommentChars = 80
	}
	if c.MaxFullChars == 0 {
		c.MaxFullChars = 500000
	}
	if c.MaxPathHops == 0 {
		c.MaxPathHops = 3
	}
	if c.MaxPaths == 0 {
		c.MaxPaths = 10
	}
	return c
}

func (c Config) validate() error {
	switch {
	case !c.Format.valid():
		return fmt.Errorf("retrieval: Format %q must be %q or %q", c.Format, FormatMSchema, FormatCreateTable)
	case !c.JoinHints.valid():
		return fmt.Errorf("retrieval: JoinHints %q must be edges, paths, both or none", c.JoinHints)
	case c.MaxContextChars < 1:
		return errors.New("retrieval: MaxContextChars must be positive")
	case c.MaxCommentChars < 1:
		return errors.New("retrieval: MaxCommentChars must be positive")
	case c.MaxFullChars < 1:
		return errors.New("retrieval: MaxFullChars must be positive")
	case c.MaxPathHops < 2:
		return errors.New("retrieval: MaxPathHops must be at least 2 (one join is an edge)")
	case c.MaxPaths < 1:
		return errors.New("retrieval: MaxPaths must be positive")
	}
	return nil
}

// Options are a question's overrides of Config (rag.queries.options).
type Options struct {
	// Format overrides Config.Format (options.schema_format).
	Format Format
	// JoinHints overrides Config.JoinHints.
	JoinHints JoinHintFormat
	// Strategy forces StrategyFull or StrategyRAG for the question
	// (options.retrieval; docs/DESIGN.md, Retrieval parameters); empty lets Auto
	// choose by the database's size.
	Strategy string
}

// Request is what a Strategy retrieves for.
type Request struct {
	Question string
	Snapshot *catalog.Snapshot
	Options  Options
	// ExampleTables are the tables the SQL of the question's most similar
	// verified examples reads, as written there: strong candidates
	// (examples.go).
	ExampleTables []string
}

// Strategy chooses the tables a question is answered from and renders
// them.
type Strategy interface {
	Retrieve(ctx context.Context, req Request) (*Result, error)
}

// Result is what retrieval hands to generation.
type Result struct {
	// Tables are the included tables, in the order they are rendered.
	Tables []*catalog.Table
	// JoinHints are the foreign-key edges between included tables, then
	// the suggested paths, as far as the join hint format asks for them.
	JoinHints []JoinHint
	// Metadata is stored as rag.queries.retrieval.
	Metadata Metadata
	// Context is the rendered text, stored in rag.query_contexts.
	Context Context
	// Scores are the included tables' relevance, in the order of Tables;
	// nil for the full schema.
	Scores []TableScore
	// Link is what schema linking asked and was answered, stored in
	// rag.query_contexts.linking; nil when linking was off.
	Link *LinkRecord
}

// TableScore is an included table's relevance to the question.
type TableScore struct {
	// Name is the table's SQL name, as in Metadata.TablesIncluded.
	Name string `json:"name"`
	// Score is its fused score relative to the best table's (0 to 1).
	Score float64 `json:"score"`
	// Source says what brought it in: "table" (its own document matched),
	// "column" or "value" (only its columns or values did), "fk" (foreign
	// key expansion), "bridge" (the join planner), "neighbour" (joined to
	// an included table: the fill), "ranked" (next in the ranking, in
	// room the fill's joins left), "farther" (two joins or more from the
	// evidence, in room the ranking left), "copy" (the ranking of
	// a copy of it, see RAGConfig.CopyPenalty), "keyword" (the fallback
	// name match), "link" (the chat model picked it, see Linking),
	// "example" (a similar verified example's SQL reads it).
	Source string `json:"source"`
}

// Context is the rendered schema context of a question.
type Context struct {
	Format    Format
	Schema    string
	JoinHints string // empty when the format is none or there are no hints
}

// Metadata records how the context was chosen (the query generator spec's
// retrievalMetadata).
type Metadata struct {
	// Strategy is "full" or "rag".
	Strategy string `json:"strategy"`
	// TablesIncluded are the included tables as the model sees them.
	TablesIncluded []string `json:"tablesIncluded"`
	// ChunksRetrieved and AvgRelevanceScore are set by RAG retrieval only:
	// the documents (table, column, value) the searches returned, and how
	// well the included tables explain the question, 0 to 1 (below 0.4
	// lowers the answer's confidence).
	ChunksRetrieved   *int     `json:"chunksRetrieved,omitempty"`
	AvgRelevanceScore *float64 `json:"avgRelevanceScore,omitempty"`
	// FallbackReason says why RAG was attempted but not used as such: the
	// full schema was used instead, or, for a schema too large to include
	// whole, the tables whose names best match the question.
	FallbackReason string `json:"fallbackReason,omitempty"`
	// StrategyReason says why the strategy was chosen: the database's size
	// against the threshold, configuration, or the question's override.
	StrategyReason string `json:"strategyReason,omitempty"`
	// Mode is how RAG searched: "hybrid" (lexical and embeddings),
	// "lexical" (no embedding model: ModeReason says why) or "keyword" (the
	// bounded fallback's name match). A hybrid search has a ModeReason when
	// an index built with pgvector was ranked by exact cosine because
	// pgvector failed (schemaindex.Hits.VectorsReason).
	Mode       string `json:"mode,omitempty"`
	ModeReason string `json:"modeReason,omitempty"`
	// Modules are the modules the router boosted, best first.
	Modules []string `json:"modules,omitempty"`
	// ValueHints are the column values the question names, as given to
	// the model: "departments.name = 'Engineering'".
	ValueHints []string `json:"valueHints,omitempty"`
	// Warning flags a context above Config.MaxContextChars, or a stale
	// schema index.
	Warning string `json:"warning,omitempty"`
	// Metrics are the retrieval metrics (RAG only; docs/DESIGN.md,
	// Retrieval parameters).
	Metrics *Metrics `json:"metrics,omitempty"`
	// Linking is what schema linking with the chat model did (RAG only;
	// absent when linking is off).
	Linking *Linking `json:"linking,omitempty"`
}

// Metrics are the retrieval metrics (docs/DESIGN.md, Retrieval
// parameters), logged for every RAG
// retrieval, with timings.
type Metrics struct {
	// Table retrieval: the tables the searches returned, with their
	// similarity (relevance 0-1: BM25 over the question's ideal score for
	// lexical hits, cosine for vector hits; the better of the two).
	TableRetrievalCount int               `json:"table_retrieval_count"`
	TableSimilarities   []TableSimilarity `json:"table_similarities"`
	// Column retrieval, and how many column (and value) hits each table
	// had.
	ColumnRetrievalCount int            `json:"column_retrieval_count"`
	ColumnHitsPerTable   map[string]int `json:"column_hits_per_table"`
	ValueRetrievalCount  int            `json:"value_retrieval_count"`
	// Score fusion: included tables found by their own document, and
	// those found only through their columns or values.
	TablesFromTableRetrieval int `json:"tables_from_table_retrieval"`
	TablesFromColumnOnly     int `json:"tables_from_column_only"`
	// FK expansion (see RAGConfig.Expand).
	FKExpansionCandidates        int `json:"fk_expansion_candidates"`
	FKExpansionAdded             int `json:"fk_expansion_added"`
	FKExpansionBlockedNoEvidence int `json:"fk_expansion_blocked_no_evidence"`
	// Expansion holds whatever else the expansion reports (join
	// planner bridges, hub caps), and with every RAG retrieval
	// copies_demoted (see DemotedCopies) and inferred_edges_used (join
	// edges inferred from names between the included tables, marked
	// inferred in the join hints).
	Expansion map[string]int `json:"expansion,omitempty"`
	// DemotedCopies are the copies ranked below the tables they copy
	// (RAGConfig.CopyPenalty), copy to original, as SQL names.
	DemotedCopies map[string]string `json:"demoted_copies,omitempty"`
	// Ranking is the head of the fused ranking the selection was made
	// from (RankingShown tables, best first, scores relative to the
	// best): why a table was left out, when one was.
	Ranking []TableSimilarity `json:"ranking,omitempty"`
	// Final selection.
	FinalTableCount int      `json:"final_table_count"`
	FinalTables     []string `json:"final_tables"`
	// FinalSources says what brought each of FinalTables in
	// (TableScore.Source), in the same order.
	FinalSources []string `json:"final_sources"`
	// Coverage is the share of the question's (idf-weighted) terms the
	// included tables' documents hold.
	Coverage float64 `json:"coverage"`
	// UnknownWords are the question's words no document of the schema
	// index holds, even through a synonym, WordNet or a partial match:
	// what only embeddings or the model's linking can place.
	UnknownWords []string `json:"unknown_words,omitempty"`
	// Timings in milliseconds: the searches (SQL), the question's
	// embedding (not counted in RetrievalMS), and the whole retrieval.
	SearchMS    float64 `json:"search_ms"`
	EmbedMS     float64 `json:"embed_ms,omitempty"`
	RetrievalMS float64 `json:"retrieval_ms"`
}

// RankingShown is how many tables of the fused ranking Metrics.Ranking
// holds: the selection never looks further than the evidence set's top 20
// and TableTopK's 30, so a table ranked below that had no chance.
const RankingShown = 30

// TableSimilarity is a table hit of the searches.
type TableSimilarity struct {
	Table      string  `json:"table"`
	Similarity float64 `json:"similarity"`
}

// Strategy names stored in Metadata.Strategy.
const (
	StrategyFull = "full"
	StrategyRAG  = "rag"
)

// ErrEmptyCatalog is returned for a database whose catalog holds no tables:
// never refreshed, or its schemas are empty.
var ErrEmptyCatalog = errors.New("retrieval: the database's catalog has no tables; refresh it, and check its schemas")

// SchemaTooLargeError is the full strategy's refusal of a schema that
// renders to more than Config.MaxFullChars characters.
type SchemaTooLargeError struct {
	Database string
	Tables   int
	// Limit is Config.MaxFullChars.
	Limit int
}

func (e *SchemaTooLargeError) Error() string {
	return fmt.Sprintf("database %q: its %d tables render to more than %d characters (NL2SQL_RETRIEVAL_FULL_MAX_CHARS), more than a model's context window holds", e.Database, e.Tables, e.Limit)
}

// assemble builds a Result for the tables a strategy chose: join hints
// between them, the rendered context and the metadata's tables; the
// strategy fills in the rest of Metadata.
func assemble(cfg Config, req Request, strategy string, tables []*catalog.Table) (*Result, error) {
	return assembleWith(cfg, req, strategy, tables, func(hintFormat JoinHintFormat) []JoinHint {
		return defaultHints(cfg, req.Snapshot, tables, hintFormat, nil)
	}, "", 0)
}

// defaultHints are the foreign keys between tables and the join paths, as
// hintFormat asks: planned (the join planner's) when not nil, else the
// shortest paths between the tables.
func defaultHints(cfg Config, s *catalog.Snapshot, tables []*catalog.Table, hintFormat JoinHintFormat, planned []JoinHint) []JoinHint {
	var hints []JoinHint
	if hintFormat.edges() {
		hints = append(hints, Edges(s, tables)...)
	}
	if hintFormat.paths() {
		if planned == nil {
			planned = Paths(s, tables, cfg.MaxPathHops, cfg.MaxPaths)
		}
		hints = append(hints, planned...)
	}
	return hints
}

// formats returns the question's schema and join hint formats.
func formats(cfg Config, req Request) (Format, JoinHintFormat, error) {
	format, hintFormat := cfg.Format, cfg.JoinHints
	if req.Options.Format != "" {
		format = req.Options.Format
	}
	if req.Options.JoinHints != "" {
		hintFormat = req.Options.JoinHints
	}
	if !format.valid() {
		return "", "", fmt.Errorf("retrieval: schema format %q must be %q or %q", format, FormatMSchema, FormatCreateTable)
	}
	if !hintFormat.valid() {
		return "", "", fmt.Errorf("retrieval: join hint format %q must be edges, paths, both or none", hintFormat)
	}
	return format, hintFormat, nil
}

// assembleWith is assemble with the join hints from hintsFor and notes (a
// comment block) after the schema. A schema longer than limit characters
// (0: no limit) is a *SchemaTooLargeError.
func assembleWith(cfg Config, req Request, strategy string, tables []*catalog.Table, hintsFor func(JoinHintFormat) []JoinHint, notes string, limit int) (*Result, error) {
	format, hintFormat, err := formats(cfg, req)
	if err != nil {
		return nil, err
	}
	s := req.Snapshot
	schema, ok, err := renderSchema(s, tables, format, cfg.MaxCommentChars, limit)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &SchemaTooLargeError{Database: s.Database, Tables: len(tables), Limit: limit}
	}
	schema += notes
	hints := hintsFor(hintFormat)
	res := &Result{
		Tables:    tables,
		JoinHints: hints,
		Metadata:  Metadata{Strategy: strategy, TablesIncluded: make([]string, len(tables))},
		Context:   Context{Format: format, Schema: schema, JoinHints: RenderJoinHints(hints, hintFormat)},
	}
	for i, t := range tables {
		res.Metadata.TablesIncluded[i] = s.TableSQLName(t)
	}
	if n := utf8.RuneCountInString(schema) + utf8.RuneCountInString(res.Context.JoinHints); n > cfg.MaxContextChars {
		res.Metadata.Warning = fmt.Sprintf("schema context is %d characters, above the %d configured (MaxContextChars); a model with a small context window will not see all of it", n, cfg.MaxContextChars)
	}
	return res, nil
}
