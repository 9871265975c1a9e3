// Package schemaindex is the schema index retrieval searches on large
// databases: one document per table, column and low-cardinality value of a
// registered database, stored in the service database (rag.index_docs) with
// a lexical index and, when an embedding model is reachable, embeddings.
//
// Build makes the documents from a catalog.Snapshot. Names as they are in
// the wild become words: identifiers are split at underscores and case
// changes (CUST_ACCT_BAL, orderLineItems), run-together words by a
// dictionary (SALESREPRESENTATIVE → sales representative; see Dictionary:
// the schema's own words plus a built-in list), and abbreviations are
// expanded (cust → customer). Glosses and comments, annotation synonyms and
// the table's module join them. The value index keeps the distinct values
// of low-cardinality text columns (CHECK lists, enums, and a bounded sample
// of the target) so "pending leave" points at leave_requests.status.
//
// The lexical index is PostgreSQL's: each document's tsvector (English
// stemming, fields weighted A-D) is materialised as BM25 postings with term
// statistics, and Searcher.Lexical scores a question with BM25 in one
// statement (see SearchLexical in sql/schemaindex.sql). Embeddings are
// stored as real[] and, where the pgvector extension is available, copied
// into a vector column with an HNSW index; Searcher.Vector ranks by cosine
// either way, with the same results.
package schemaindex

import (
	"errors"
	"log/slog"
	"time"
)

// Config configures building and searching. WithDefaults sets the zero
// fields of a new Config; a field set to 0 on a Config WithDefaults
// returned stays 0 (K1, B or MinIDF 0 are meaningful BM25 settings).
type Config struct {
	// K1 is BM25's term frequency saturation. Defaults to 1.2.
	K1 float64
	// B is BM25's document length normalisation, 0 to 1. Defaults to 0.75.
	B float64
	// FieldWeights weigh a term by where it occurs in a document: names,
	// synonyms, descriptions (glosses, comments), context (module, the
	// table of a column). Defaults to [1, 0.8, 0.5, 0.3].
	FieldWeights [4]float64
	// MinIDF leaves out of a search, per document kind, the terms whose
	// idf is lower and that are in at least 100 documents: terms in a fifth
	// of a large schema's documents or more (id among columns) add little to
	// the ranking and cost the most postings. Defaults to 1.5.
	MinIDF float64
	// ExpansionWeight is the weight of a question word's synonyms,
	// abbreviation expansions and the parts of a run-together word,
	// against 1 for the word itself. Defaults to 0.6.
	ExpansionWeight float64
	// ThesaurusWeight is the weight of WordNet's words for a question word
	// the index does not know (naming.Synonyms: "supervises" searches for
	// oversee, manage, supervisor), as a share of ExpansionWeight; 0
	// turns them off. Defaults to 0.8 (docs/DESIGN.md, "Identifier words").
	ThesaurusWeight float64
	// FuzzyWeight is the weight of a known term found for an unknown
	// question word by trigram similarity (pg_trgm's measure, in memory).
	// Defaults to 0.5.
	FuzzyWeight float64
	// FuzzyMinSimilarity is the least trigram similarity for such a match.
	// Defaults to 0.5.
	FuzzyMinSimilarity float64
	// MaxValues is the most distinct values a sampled text column may have
	// to be in the value index. Defaults to 50.
	MaxValues int
	// ValueSampleRows is how many rows of a table are read to sample its
	// values. Defaults to 10000.
	ValueSampleRows int
	// MaxValueLength leaves longer values out of the value index (they
	// are prose, not codes or names). Defaults to 64.
	MaxValueLength int
	// ValueTimeout is the statement timeout of one table's sample.
	// Defaults to 5s.
	ValueTimeout time.Duration
	// EmbedBatch is how many texts are embedded per call. Defaults to 50.
	EmbedBatch int
	// VectorExactMax is the most numbers (documents times dimensions, four
	// bytes each in memory) the embeddings of an index built with pgvector
	// may hold for a search to rank them by exact cosine in memory, as an
	// index without pgvector is, rather than through pgvector's HNSW index:
	// up to 2,000 tables of the demo ERP at 768 dimensions the exact
	// ranking is faster and exact, where pgvector's filtered scan visits
	// most of the index and misses hits, but memory bounds it
	// (docs/DESIGN.md, pgvector). 0: every index built with pgvector is
	// searched through it. Defaults to 4,194,304 (16 MiB; the 300-table
	// ERP holds 2.1 million, the 2,000-table one 13.6 million).
	VectorExactMax int
	// Logger receives what a build could not do. Defaults to discarding.
	Logger *slog.Logger
	// Clock returns the current time. Defaults to time.Now.
	Clock func() time.Time

	// defaulted is set by WithDefaults: zero numbers are then explicit.
	defaulted bool
}

// withNumberDefaults sets the zero numbers of a Config WithDefaults has
// not seen; after it, a zero is the caller's.
func (c Config) withNumberDefaults() Config {
	c.defaulted = true
	if c.K1 == 0 {
		c.K1 = 1.2
	}
	if c.B == 0 {
		c.B = 0.75
	}
	if c.FieldWeights == [4]float64{} {
		c.FieldWeights = [4]float64{1, 0.8, 0.5, 0.3}
	}
	if c.MinIDF == 0 {
		c.MinIDF = 1.5
	}
	if c.ExpansionWeight == 0 {
		c.ExpansionWeight = 0.6
	}
	if c.ThesaurusWeight == 0 {
		c.ThesaurusWeight = 0.8
	}
	if c.FuzzyWeight == 0 {
		c.FuzzyWeight = 0.5
	}
	if c.FuzzyMinSimilarity == 0 {
		c.FuzzyMinSimilarity = 0.5
	}
	if c.MaxValues == 0 {
		c.MaxValues = 50
	}
	if c.ValueSampleRows == 0 {
		c.ValueSampleRows = 10000
	}
	if c.MaxValueLength == 0 {
		c.MaxValueLength = 64
	}
	if c.ValueTimeout == 0 {
		c.ValueTimeout = 5 * time.Second
	}
	if c.EmbedBatch == 0 {
		c.EmbedBatch = 50
	}
	if c.VectorExactMax == 0 {
		c.VectorExactMax = 1 << 22
	}
	return c
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if !c.defaulted {
		c = c.withNumberDefaults()
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.K1 < 0:
		return errors.New("schemaindex: K1 must not be negative")
	case c.B < 0 || c.B > 1:
		return errors.New("schemaindex: B must be between 0 and 1")
	case c.FieldWeights[0] <= 0 || c.FieldWeights[1] < 0 || c.FieldWeights[2] < 0 || c.FieldWeights[3] < 0:
		return errors.New("schemaindex: FieldWeights must not be negative, and names must weigh something")
	case c.MinIDF < 0:
		return errors.New("schemaindex: MinIDF must not be negative")
	case c.ExpansionWeight < 0 || c.ExpansionWeight > 1:
		return errors.New("schemaindex: ExpansionWeight must be between 0 and 1")
	case c.ThesaurusWeight < 0 || c.ThesaurusWeight > 1:
		return errors.New("schemaindex: ThesaurusWeight must be between 0 and 1")
	case c.FuzzyWeight < 0 || c.FuzzyWeight > 1:
		return errors.New("schemaindex: FuzzyWeight must be between 0 and 1")
	case c.FuzzyMinSimilarity <= 0 || c.FuzzyMinSimilarity > 1:
		return errors.New("schemaindex: FuzzyMinSimilarity must be in (0, 1]")
	case c.MaxValues < 1:
		return errors.New("schemaindex: MaxValues must be positive")
	case c.ValueSampleRows < 1:
		return errors.New("schemaindex: ValueSampleRows must be positive")
	case c.MaxValueLength < 1:
		return errors.New("schemaindex: MaxValueLength must be positive")
	case c.ValueTimeout < time.Millisecond:
		return errors.New("schemaindex: ValueTimeout must be at least 1ms")
	case c.EmbedBatch < 1:
		return errors.New("schemaindex: EmbedBatch must be positive")
	case c.VectorExactMax < 0:
		return errors.New("schemaindex: VectorExactMax must not be negative")
	}
	return nil
}

// ErrNotIndexed is wrapped by errors about a database that has no index
// (never indexed, or registered before indexing existed): run `nl2sql index`.
var ErrNotIndexed = errors.New("schemaindex: the database has no schema index")
