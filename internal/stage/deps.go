package stage

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/internal/validate"
)

// Deps are the parts the stages call, as the stages see them. They are
// interfaces so the stages stay independent of how retrieval, the model and
// the guard are built (internal/parts builds the real ones).
type Deps struct {
	Catalog   Catalog
	Retriever Retriever
	Model     Model
	Guard     Guard
	Targets   Targets
	// Repairer fixes failed candidates without a model call; nil turns
	// deterministic repair off.
	Repairer validate.Repairer
	// Embedder and EmbedModel find verified examples by meaning as well as
	// by words (Config.Examples, when it names none); nil: by words.
	Embedder   examples.Embedder
	EmbedModel string
	// CatalogChecker keeps the catalogs in step with the databases'
	// schemas: the worker's periodic catalog check asks it. nil: no check.
	CatalogChecker CatalogChecker
}

func (d Deps) validate() error {
	if d.Catalog == nil || d.Retriever == nil || d.Model == nil || d.Guard == nil || d.Targets == nil {
		return errors.New("stage: Deps needs Catalog, Retriever, Model, Guard and Targets")
	}
	return nil
}

// Catalog resolves a registered database to something to connect to.
type Catalog interface {
	// Target returns the database with its DSN resolved (env: references
	// expanded). An unknown database or an unset variable is an error.
	Target(ctx context.Context, database string) (target.Database, error)
}

// CatalogChecker keeps the registered databases' catalogs in step with
// their schemas, for the worker's periodic catalog check.
type CatalogChecker interface {
	// Databases lists the registered databases by name.
	Databases(ctx context.Context) ([]string, error)
	// CheckCatalog compares database's schema with its catalog and, when
	// the schema changed, refreshes the catalog and rebuilds the schema
	// index as `nl2sql db add` does. An error means nothing was refreshed:
	// the database could not be reached or read, or the service database
	// failed.
	CheckCatalog(ctx context.Context, database string) (*CatalogCheck, error)
}

// CatalogCheck is what a catalog check of one database found and did.
type CatalogCheck struct {
	// Refreshed reports that the schema differed from the catalog, which
	// was refreshed: CatalogVersion is the new version, Tables and
	// Columns what the catalog now holds.
	Refreshed bool
	// Adopted reports the first check of a database refreshed before
	// schema fingerprints were stored: its catalog matched the schema, so
	// the fingerprint was recorded without a refresh.
	Adopted        bool
	CatalogVersion int64
	Tables         int
	Columns        int
	// Indexed reports that the schema index was rebuilt: after a refresh,
	// or, with IndexReason saying which, because it was built from an
	// older catalog (a rebuild that failed) or without embeddings while
	// the embedding model could not be reached. IndexError says why a
	// rebuild failed; the refreshed catalog stands, and the next check
	// tries the index again.
	Indexed     bool
	IndexReason string
	IndexError  string
}

// Retriever builds a question's schema context.
type Retriever interface {
	Retrieve(ctx context.Context, req RetrieveRequest) (*RetrieveResult, error)
}

// RetrieveRequest is a retrieval for one question.
type RetrieveRequest struct {
	Database string
	Question string
	// SchemaFormat is "mschema" or "create_table"; empty means the
	// configured default.
	SchemaFormat string
	// Retrieval is "full" or "rag" to force the strategy (options.retrieval);
	// empty lets the database's size decide.
	Retrieval string
	// ExampleTables are the tables read by the SQL of the question's most
	// similar verified examples: strong candidates for its context.
	ExampleTables []string
}

// RetrieveResult is the context handed to generation.
type RetrieveResult struct {
	Format    string
	Schema    string
	JoinHints string
	// Metadata is retrievalMetadata, stored as rag.queries.retrieval.
	Metadata json.RawMessage
	// Linking is what schema linking asked the model and was answered,
	// stored as rag.query_contexts.linking; nil when it did not run.
	Linking json.RawMessage
}

// Model generates SQL candidates.
type Model interface {
	Generate(ctx context.Context, req GenerateRequest) (*Generation, error)
}

// GenerateRequest is one call to the model.
type GenerateRequest struct {
	Messages []prompt.Message
	// Model and Temperature override the configured ones when set.
	Model       string
	Temperature *float64
	// Seed is the sampling seed; nil leaves it to the model's
	// configuration.
	Seed *int
}

// Generation is the model's reply and the SQL found in it.
type Generation struct {
	Model        string
	Raw          string
	SQL          []string // candidates in reply order; empty when the reply held none
	ExtractError string   // why no SQL was found, when SQL is empty
	PromptTokens int
	ReplyTokens  int
	Duration     time.Duration

	seed *int // set by the stage: the seed it asked for
}

// Guard checks candidate SQL against policy and the database's catalog
// (the validate stage's guard), and explains undefined columns to the
// repair prompt.
type Guard interface {
	validate.Guard
	// Whitelist explains an undefined-column error: the table the failing
	// reference belongs to and its neighbours' columns. ok is false when the
	// reference cannot be resolved.
	Whitelist(ctx context.Context, database, sql, message string) (f prompt.Failure, ok bool, err error)
}

// Targets runs SQL on target databases.
type Targets interface {
	Explain(ctx context.Context, db target.Database, sql string) (*target.Plan, error)
	Execute(ctx context.Context, db target.Database, sql string, opts target.ExecOptions) (*target.Result, error)
	Config() target.Config
}
