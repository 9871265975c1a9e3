// Package parts builds the real parts a question's stages use — the
// catalog cache, retrieval, the model client, the SQL guard and the
// deterministic repairer — and adapts each to the interface its stage
// declares (stage.Deps). Keeping the adapters here keeps the stages free of
// how each part is built, and each part free of the job chain.
package parts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/internal/validate"
)

// Config configures the adapters.
type Config struct {
	// Retrieval configures schema rendering and join hints, for the full
	// schema and RAG alike. Defaults to retrieval.Config{}.WithDefaults().
	Retrieval retrieval.Config
	// RAG configures retrieval on large schemas; its Render is Retrieval,
	// and without an Embedder it embeds questions with the model client's
	// embedding model. Defaults to retrieval.RAGConfig{}.WithDefaults().
	RAG retrieval.RAGConfig
	// Strategy configures the choice between the full schema and RAG.
	// Defaults to retrieval.AutoConfig{}.WithDefaults().
	Strategy retrieval.AutoConfig
	// Index configures searching the schema index. Defaults to
	// schemaindex.Config{}.WithDefaults().
	Index schemaindex.Config
	// Guard configures the SQL guard; its DefaultLimit is replaced per
	// question by max_rows+1. Defaults to sqlguard.Config{}.WithDefaults().
	Guard sqlguard.Config
	// Repair configures the deterministic repair of failed candidates.
	// Defaults to repair.Config{}.WithDefaults().
	Repair repair.Config
	// Getenv resolves env: DSN references. Defaults to os.Getenv.
	Getenv func(string) string
	// CatalogTTL is how long a database's registration and catalog are used
	// before checking rag.databases again: a refresh or a DSN change is seen
	// within this time. Defaults to 1s.
	CatalogTTL time.Duration
	// Clock returns the current time. Defaults to time.Now.
	Clock func() time.Time
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.CatalogTTL == 0 {
		c.CatalogTTL = time.Second
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

func (c Config) validate() error {
	if c.CatalogTTL < 0 {
		return errors.New("parts: CatalogTTL must not be negative")
	}
	return nil
}

// Parts implements stage.Catalog, stage.Retriever, stage.Model and
// stage.Guard.
type Parts struct {
	cfg   Config
	meta  *pgxpool.Pool
	cache *catalog.Cache
	full  *retrieval.Full
	auto  *retrieval.Auto
	llm   llm.Provider
	guard *sqlguard.Guard
	fix   *repair.Repairer

	mu      sync.Mutex
	targets map[string]cached[target.Database]
	snaps   map[string]cached[*catalog.Snapshot]
}

type cached[T any] struct {
	v       T
	fetched time.Time
}

// cachedFetch returns m[name] when it was fetched within CatalogTTL, and
// otherwise what fetch returns, kept in m when it is no error.
func cachedFetch[T any](p *Parts, m map[string]cached[T], name string, fetch func() (T, error)) (T, error) {
	now := p.cfg.Clock()
	p.mu.Lock()
	c, ok := m[name]
	p.mu.Unlock()
	if ok && now.Sub(c.fetched) < p.cfg.CatalogTTL {
		return c.v, nil
	}
	v, err := fetch()
	if err != nil {
		return v, err
	}
	p.mu.Lock()
	m[name] = cached[T]{v: v, fetched: now}
	p.mu.Unlock()
	return v, nil
}

// New returns the Parts reading the catalog from meta and generating with
// model (Ollama or an OpenAI-compatible server: llm.Open).
func New(meta *pgxpool.Pool, model llm.Provider, cfg Config) (*Parts, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	full, err := retrieval.NewFull(cfg.Retrieval)
	if err != nil {
		return nil, err
	}
	search, err := schemaindex.NewSearcher(meta, cfg.Index)
	if err != nil {
		return nil, err
	}
	ragCfg := cfg.RAG
	ragCfg.Render = cfg.Retrieval
	if ragCfg.Embedder == nil && model != nil {
		ragCfg.Embedder, ragCfg.EmbedModel = model, model.Config().EmbedModel
	}
	// Schema linking asks the chat model (link.go); RAG.Link.Disabled
	// turns it off.
	if ragCfg.Link.Linker == nil && model != nil {
		ragCfg.Link.Linker = NewLinker(model)
	}
	rag, err := retrieval.NewRAG(search, ragCfg)
	if err != nil {
		return nil, err
	}
	auto, err := retrieval.NewAuto(full, rag, cfg.Strategy)
	if err != nil {
		return nil, err
	}
	guard, err := sqlguard.New(cfg.Guard)
	if err != nil {
		return nil, err
	}
	fix, err := repair.New(cfg.Repair)
	if err != nil {
		return nil, err
	}
	return &Parts{
		cfg: cfg, meta: meta, cache: catalog.NewCache(meta), full: full, auto: auto, llm: model, guard: guard, fix: fix,
		targets: map[string]cached[target.Database]{}, snaps: map[string]cached[*catalog.Snapshot]{},
	}, nil
}

// Deps returns the stages' parts backed by p and targets, and the catalog
// check the worker runs.
func (p *Parts) Deps(targets *target.Registry) stage.Deps {
	d := stage.Deps{Catalog: p, Retriever: p, Model: p, Guard: p, Targets: targets, Repairer: p}
	if targets != nil {
		tc := targets.Config()
		d.CatalogChecker = &catalogChecker{p: p, defaultRole: tc.ReadOnlyRole, bound: answerBound{
			// A table's value sample sets its own statement timeout.
			statement: max(tc.StatementTimeout, p.cfg.Index.WithDefaults().ValueTimeout),
			connect:   tc.ConnectTimeout,
		}}
	}
	if p.llm != nil {
		d.Embedder, d.EmbedModel = p.llm, p.llm.Config().EmbedModel
	}
	return d
}

// Repair implements validate.Repairer with internal/repair over the
// database's catalog. The report is the repair's Result as JSON.
func (p *Parts) Repair(ctx context.Context, database, sql string, in validate.Failure) (validate.RepairResult, error) {
	s, err := p.snapshot(ctx, database)
	if err != nil {
		return validate.RepairResult{}, err
	}
	res := p.fix.Repair(sql, repair.Failure{SQLSTATE: in.SQLSTATE, Message: in.Message, Position: in.Position}, s)
	report, err := json.Marshal(res)
	if err != nil {
		return validate.RepairResult{}, err
	}
	return validate.RepairResult{SQL: res.SQL, OK: res.Applied, Report: report, Stale: res.Stale}, nil
}

// Target resolves a registered database to a connectable one.
func (p *Parts) Target(ctx context.Context, name string) (target.Database, error) {
	return cachedFetch(p, p.targets, name, func() (target.Database, error) { return p.target(ctx, name) })
}

func (p *Parts) target(ctx context.Context, name string) (target.Database, error) {
	d, err := catalog.GetDatabase(ctx, p.meta, name)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return target.Database{}, &errclass.Error{
				Class: errclass.ValidationBlock, Code: "catalog.unknown_database",
				Message: fmt.Sprintf("database %q is not registered (nl2sql db add %s --dsn ...)", name, name), Err: err,
			}
		}
		return target.Database{}, err
	}
	dsn, err := catalog.ResolveDSN(d.DSN, p.cfg.Getenv)
	if err != nil {
		// The service's environment lacks the variable: configuration, not
		// something a retry or the model can fix.
		return target.Database{}, &errclass.Error{
			Class: errclass.InfraFailure, Code: "catalog.dsn", Permanent: true,
			Message: fmt.Sprintf("database %q: %v", name, err), Err: err,
		}
	}
	return target.Database{Name: d.Name, DSN: dsn, Schemas: d.Schemas, Role: d.ReadOnlyRole}, nil
}

// snapshot returns the database's catalog. The catalog cache checks the
// version on every call; within CatalogTTL the last snapshot is used as is.
func (p *Parts) snapshot(ctx context.Context, database string) (*catalog.Snapshot, error) {
	return cachedFetch(p, p.snaps, database, func() (*catalog.Snapshot, error) {
		s, err := p.cache.Get(ctx, database)
		if err == nil {
			return s, nil
		}
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return nil, &errclass.Error{
				Class: errclass.ValidationBlock, Code: "catalog.unknown_database",
				Message: fmt.Sprintf("database %q is not registered", database), Err: err,
			}
		}
		return nil, err
	})
}

// Retrieve builds the schema context: the full schema for small
// databases, RAG over the schema index for large ones (retrieval.Auto).
func (p *Parts) Retrieve(ctx context.Context, req stage.RetrieveRequest) (*stage.RetrieveResult, error) {
	res, err := p.Retrieval(ctx, req, "")
	if err != nil {
		return nil, err
	}
	meta, err := json.Marshal(res.Metadata)
	if err != nil {
		return nil, err
	}
	out := &stage.RetrieveResult{Format: string(res.Context.Format), Schema: res.Context.Schema, JoinHints: res.Context.JoinHints, Metadata: meta}
	if res.Link != nil {
		if out.Linking, err = json.Marshal(res.Link); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Retrieval is Retrieve's whole result, tables, scores and join hints
// included (nl2sql retrieve); joinHints overrides the configured join hint
// format when not empty.
func (p *Parts) Retrieval(ctx context.Context, req stage.RetrieveRequest, joinHints retrieval.JoinHintFormat) (*retrieval.Result, error) {
	s, err := p.snapshot(ctx, req.Database)
	if err != nil {
		return nil, err
	}
	res, err := p.auto.Retrieve(ctx, retrieval.Request{
		Question: req.Question, Snapshot: s, ExampleTables: req.ExampleTables,
		Options: retrieval.Options{Format: retrieval.Format(req.SchemaFormat), Strategy: req.Retrieval, JoinHints: joinHints},
	})
	if err != nil {
		switch {
		case errors.Is(err, retrieval.ErrEmptyCatalog):
			return nil, &errclass.Error{
				Class: errclass.ValidationBlock, Code: "retrieval.empty_catalog",
				Message: fmt.Sprintf("database %q has no tables in its registered schemas %v; refresh it with nl2sql db add", req.Database, s.Schemas), Err: err,
			}
		case errors.Is(err, retrieval.ErrNoResults):
			// Only for a schema too large to include whole: nothing in it
			// matches the question.
			return nil, &errclass.Error{
				Class: errclass.ValidationBlock, Code: "retrieval.no_match",
				Message: fmt.Sprintf("database %q: %v", req.Database, err), Err: err,
			}
		}
		return nil, err
	}
	return res, nil
}

// Generate calls the model and extracts the SQL candidates of its reply.
func (p *Parts) Generate(ctx context.Context, req stage.GenerateRequest) (*stage.Generation, error) {
	msgs := make([]llm.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = llm.Message(m)
	}
	reply, err := p.llm.Chat(ctx, llm.ChatRequest{Messages: msgs, Model: req.Model, Temperature: req.Temperature, Seed: req.Seed})
	if err != nil {
		if req.Model != "" {
			// The question chose the model (options.model); whoever
			// asked cannot set the service's variables.
			return nil, modelNamedBy(err, "ask with another options.model")
		}
		return nil, err
	}
	g := &stage.Generation{
		Model: reply.Model, Raw: reply.Content, PromptTokens: reply.PromptTokens,
		ReplyTokens: reply.ReplyTokens, Duration: reply.Duration,
	}
	extract := llm.ExtractCandidates
	if reply.Truncated() {
		// A statement the token limit cut can still parse and run, and
		// answer something else (its WHERE lost): only closed blocks count.
		extract = llm.ExtractCandidatesCut
	}
	sqls, err := extract(reply.Content, "")
	if err != nil {
		g.ExtractError = errclass.Classify(err).Message
	}
	g.SQL = sqls
	return g, nil
}

// Check implements validate.Guard: the guard with the database's catalog.
func (p *Parts) Check(ctx context.Context, database, sql string, limit int) (*validate.Verdict, error) {
	s, err := p.snapshot(ctx, database)
	if err != nil {
		return nil, err
	}
	v := p.guard.CheckLimit(sql, Catalog{s}, limit)
	out := &validate.Verdict{OK: v.OK, Stage: string(v.Stage), SQL: v.SQL, LimitAdded: v.LimitAdded}
	for _, e := range v.Errors {
		out.Violations = append(out.Violations, validate.Violation{Code: e.Code, Message: e.Message, SQLSTATE: e.SQLSTATE, Class: string(e.Class), Position: e.Position})
	}
	for _, l := range v.Lint {
		out.Lint = append(out.Lint, validate.Lint{Code: l.Code, Severity: string(l.Severity), Message: l.Message, Position: l.Position})
		if l.Severity == sqlguard.SeverityError {
			out.LintErrors++
		} else {
			out.LintWarnings++
		}
	}
	out.Shape = validate.Shape{HasGroupBy: v.Shape.GroupBy, HasOrderBy: v.Shape.OrderBy, HasLimit: v.Shape.Limit, HasDistinct: v.Shape.Distinct}
	return out, nil
}

// Whitelist resolves an undefined-column error to the table the reference
// was meant for and lists its columns and its FK neighbours' columns: the
// repairer's whitelist (repair.Repairer.ColumnWhitelist), the one resolver
// of undefined columns.
func (p *Parts) Whitelist(ctx context.Context, database, sql, message string) (prompt.Failure, bool, error) {
	s, err := p.snapshot(ctx, database)
	if err != nil {
		return prompt.Failure{}, false, err
	}
	w, ok := p.fix.ColumnWhitelist(sql, repair.Failure{SQLSTATE: repair.SQLSTATEUndefinedColumn, Message: message}, s)
	if !ok {
		return prompt.Failure{}, false, nil
	}
	return prompt.Failure{Whitelist: w.Tables, Alias: w.Alias, Column: w.Column}, true, nil
}

// Catalog adapts a catalog snapshot to the guard's view of it. Unqualified
// names resolve through the snapshot's schemas in order and compare exactly,
// as Postgres does.
type Catalog struct{ S *catalog.Snapshot }

// LookupTable implements sqlguard.Catalog.
func (c Catalog) LookupTable(schema, name string) (sqlguard.Table, bool) {
	t := c.S.Lookup(schema, name)
	if t == nil {
		return sqlguard.Table{}, false
	}
	return guardTable(t), true
}

// SearchPath implements sqlguard.Catalog: the registered schemas, in order.
func (c Catalog) SearchPath() []string { return c.S.Schemas }

// Tables implements sqlguard.TableLister (for "did you mean" suggestions).
func (c Catalog) Tables() []sqlguard.Table {
	out := make([]sqlguard.Table, len(c.S.Tables))
	for i, t := range c.S.Tables {
		out[i] = guardTable(t)
	}
	return out
}

func guardTable(t *catalog.Table) sqlguard.Table {
	cols := make([]string, len(t.Columns))
	types := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		cols[i], types[i] = c.Name, c.Type
	}
	return sqlguard.Table{Schema: t.Schema, Name: t.Name, Columns: cols, PrimaryKey: t.PrimaryKey, Types: types}
}
