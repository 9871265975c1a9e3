package schemaindex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/naming"
)

// Source is what an index is built from.
type Source struct {
	// Snapshot is the database's catalog, annotations applied, as
	// catalog.Refresh or catalog.Load return it. Required.
	Snapshot *catalog.Snapshot
	// Modules maps tables to modules (ParseModules), overriding
	// annotations. Optional: nil reuses the mapping of the previous build.
	Modules map[string]string
	// Target is the database itself, for the value sample. Optional:
	// without it only CHECK and enum values are indexed.
	Target Target
	// NoTargetReason says why there is no Target, for the stats.
	NoTargetReason string
	// Role is the role questions on the database run as (its registered
	// read-only role, else NL2SQL_READ_ONLY_ROLE): the sample reads as it
	// (SET LOCAL ROLE), so no value the role may not read reaches the
	// index or a prompt. "" reads as the connecting role.
	Role string
	// Embedder and EmbedModel embed the table and column documents.
	// Optional: without them the index is lexical only.
	Embedder   Embedder
	EmbedModel string
	// NoEmbedderReason says why there is no Embedder ("embedding model
	// nomic-embed-text: cannot reach Ollama ..."), for the stats.
	NoEmbedderReason string
}

// Stats is what a build indexed; stored in rag.schema_indexes.stats.
type Stats struct {
	Database       string `json:"database"`
	CatalogVersion int64  `json:"catalogVersion"`
	// Format is the Format of the code that built the index; 0 for an
	// index built before the stamp existed.
	Format  int `json:"format"`
	Tables  int `json:"tables"`
	Columns int `json:"columns"`
	// Modules counts the tables of each module; UnknownModuleTables are
	// tables of the mapping file the catalog does not have.
	Modules             map[string]int `json:"modules"`
	UnknownModuleTables []string       `json:"unknownModuleTables,omitempty"`
	// ModulesReused reports that the previous build's mapping file was
	// applied.
	ModulesReused bool `json:"modulesReused,omitempty"`
	Vocabulary    int  `json:"vocabulary"`
	// Listing is ListingDigest of the snapshot and module mapping built:
	// what the build's table and column documents hold.
	Listing    string     `json:"listing,omitempty"`
	Values     ValueStats `json:"values"`
	Embeddings EmbedStats `json:"embeddings"`
	// Vectors is where embeddings are searched: "pgvector", "array" (exact
	// cosine over real[]) or "none".
	Vectors string `json:"vectors"`
	// VectorsReason says why an index with embeddings searches them on the
	// exact path rather than with pgvector.
	VectorsReason string  `json:"vectorsReason,omitempty"`
	Terms         int64   `json:"terms"`
	Postings      int64   `json:"postings"`
	Millis        float64 `json:"ms"`
}

// Vector storage, as in rag.schema_indexes.vectors.
const (
	VectorsNone     = "none"
	VectorsArray    = "array"
	VectorsPgvector = "pgvector"
)

// Build (re)builds the schema index of src.Snapshot's database in meta,
// replacing the previous one in one transaction. Embeddings are reused for
// documents whose stable text and model are unchanged; a model that cannot
// embed, or a target that cannot be sampled, leaves the index without
// embeddings or sampled values and Stats says why: only the service
// database failing, or ctx, fails a build.
func Build(ctx context.Context, meta *pgxpool.Pool, src Source, cfg Config) (*Stats, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := src.Snapshot
	if s == nil {
		return nil, errors.New("schemaindex: Source.Snapshot is required")
	}
	started := cfg.Clock()
	st := &Stats{
		Database: s.Database, CatalogVersion: s.Version, Format: Format, Tables: len(s.Tables), Modules: map[string]int{},
		Vectors: VectorsNone,
	}

	dict := schemaDictionary(s)
	st.Vocabulary = len(dict.Words())
	mapping := src.Modules
	if mapping == nil {
		stored, err := dbsqlc.New().GetSchemaIndexModules(ctx, meta, s.Database)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return nil, fmt.Errorf("schemaindex: read the module mapping of %q: %w", s.Database, err)
		case stored != nil:
			if err := json.Unmarshal(stored, &mapping); err != nil {
				return nil, fmt.Errorf("schemaindex: the stored module mapping of %q: %w", s.Database, err)
			}
			st.ModulesReused = true
		}
	}
	modules, unknown := resolveModules(s, mapping)
	st.UnknownModuleTables = unknown
	for _, t := range s.Tables {
		if m := modules[t.Key()]; m != "" {
			st.Modules[m]++
		}
	}
	docs := documents(s, dict, modules)
	st.Listing = listingDigest(dict, docs)
	st.Columns = len(docs) - len(s.Tables)

	prevValues, err := previousValues(ctx, meta, s.Database)
	if err != nil {
		return nil, err
	}
	target := src.Target
	if target != nil && src.Role != "" {
		target = asRole{Target: target, role: src.Role}
	}
	values, vst, err := valueDocs(ctx, target, s, dict, modules, prevValues, cfg)
	if err != nil {
		return nil, err
	}
	if src.Target == nil && src.NoTargetReason != "" {
		vst.Skipped = src.NoTargetReason
	}
	st.Values = vst
	if vst.Failed > 0 {
		cfg.Logger.WarnContext(ctx, "value index: some tables could not be sampled", "database", s.Database,
			"failed", vst.Failed, "first", vst.Errors[0])
	}

	prev, err := previousEmbeddings(ctx, meta, s.Database)
	if err != nil {
		return nil, err
	}
	model := src.EmbedModel
	if src.Embedder != nil && model == "" {
		return nil, errors.New("schemaindex: Source.EmbedModel is required with an Embedder")
	}
	st.Embeddings, err = embedDocs(ctx, docs, prev, src.Embedder, model, cfg.EmbedBatch)
	if err != nil {
		return nil, err
	}
	if src.Embedder == nil && src.NoEmbedderReason != "" {
		st.Embeddings.Skipped = src.NoEmbedderReason
	}
	if cut := st.Embeddings.Cut; len(cut) > 0 {
		cfg.Logger.WarnContext(ctx, "schema documents longer than the embedding model's context window were embedded by their front",
			"database", s.Database, "model", model, "documents", len(cut), "first", cut[0])
	}
	if st.Embeddings.Skipped != "" && src.Embedder != nil {
		cfg.Logger.WarnContext(ctx, "schema index built without embeddings; retrieval runs lexical", "database", s.Database,
			"reason", st.Embeddings.Skipped)
	}

	var mappingJSON []byte
	if mapping != nil {
		if mappingJSON, err = json.Marshal(mapping); err != nil {
			return nil, err
		}
	}
	err = pgx.BeginFunc(ctx, meta, func(tx pgx.Tx) error {
		return store(ctx, tx, s, dict, mappingJSON, docs, values, st, cfg)
	})
	if err != nil {
		return nil, fmt.Errorf("schemaindex: store the index of %q: %w", s.Database, err)
	}
	// Index-only scans need the visibility map; a failure only slows
	// searches until autovacuum passes.
	if err := dbsqlc.New().VacuumIndex(ctx, meta); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		cfg.Logger.WarnContext(ctx, "vacuum of the schema index failed", "database", s.Database, "err", err)
	}
	st.Millis = durationMillis(cfg.Clock().Sub(started))
	return st, nil
}

// schemaDictionary builds the dictionary of s: its prose (comments,
// glosses, synonyms, modules) and its identifiers' parts.
func schemaDictionary(s *catalog.Snapshot) *Dictionary {
	var prose, parts []string
	for _, t := range s.Tables {
		parts = append(parts, naming.Parts(t.Name)...)
		prose = append(prose, naming.TextWords(t.Comment)...)
		prose = append(prose, naming.TextWords(t.Gloss)...)
		prose = append(prose, naming.TextWords(t.Module)...)
		for _, sy := range t.Synonyms {
			prose = append(prose, naming.TextWords(sy)...)
		}
		for _, c := range t.Columns {
			parts = append(parts, naming.Parts(c.Name)...)
			prose = append(prose, naming.TextWords(c.Comment)...)
		}
	}
	return NewDictionary(prose, parts)
}

// ErrSuperseded is a build that found the stored index built from a newer
// catalog than its own (a refresh and its build committed while it ran):
// the newer index stays, and this one is dropped.
var ErrSuperseded = errors.New("schemaindex: an index built from a newer catalog committed while this build ran; it is kept, and this build is dropped")

// store writes the index in tx: documents, then postings and term
// statistics computed from them in PostgreSQL, then vectors. values are
// stored apart, so that a value the database refuses costs only itself.
func store(ctx context.Context, tx pgx.Tx, s *catalog.Snapshot, dict *Dictionary, modules []byte, docs, values []*Doc, st *Stats, cfg Config) error {
	q := dbsqlc.New()
	started, err := q.StartSchemaIndex(ctx, tx, &dbsqlc.StartSchemaIndexParams{
		DatabaseName: s.Database, CatalogVersion: s.Version,
		Vocabulary: dict.Words(), Modules: modules,
	})
	if err != nil {
		return err
	}
	if started == 0 {
		return fmt.Errorf("%w (this build's catalog is version %d)", ErrSuperseded, s.Version)
	}
	for _, del := range []func(context.Context, dbsqlc.DBTX, string) error{q.DeleteIndexPostings, q.DeleteIndexTerms, q.DeleteIndexDocs} {
		if err := del(ctx, tx, s.Database); err != nil {
			return err
		}
	}
	var model *string
	if st.Embeddings.Model != "" {
		model = &st.Embeddings.Model
	}
	rows := func(docs []*Doc) []*dbsqlc.InsertIndexDocsParams {
		out := make([]*dbsqlc.InsertIndexDocsParams, len(docs))
		for i, d := range docs {
			r := &dbsqlc.InsertIndexDocsParams{
				DatabaseName: s.Database, Kind: string(d.Kind), SchemaName: d.Schema, TableName: d.Table,
				ColumnName: d.Column, Value: d.Value, Module: d.Module, Generic: d.Generic, ValueCount: d.ValueCount,
				StableText: d.StableText, MSchema: d.MSchema, Lexical: d.Lexical[:], TextHash: d.hash,
			}
			if d.embedding != nil {
				r.Embedding, r.EmbedModel = d.embedding, model
			}
			out[i] = r
		}
		return out
	}
	if _, err := q.InsertIndexDocs(ctx, tx, rows(docs)); err != nil {
		return err
	}
	if err := storeValues(ctx, tx, values, func(sp pgx.Tx, docs []*Doc) error {
		_, err := q.InsertIndexDocs(ctx, sp, rows(docs))
		return err
	}, &st.Values, cfg); err != nil {
		return err
	}
	w := cfg.FieldWeights
	n, err := q.BuildIndexPostings(ctx, tx, &dbsqlc.BuildIndexPostingsParams{DatabaseName: s.Database, WeightA: w[0], WeightB: w[1], WeightC: w[2], WeightD: w[3]})
	if err != nil {
		return err
	}
	st.Postings = n
	// Statistics first: with the fresh postings estimated at a handful of
	// rows, the planner re-ran the per-kind document count for every
	// posting (minutes at 2,000 tables instead of a second).
	if err := q.AnalyzeIndexPostings(ctx, tx); err != nil {
		return err
	}
	if st.Terms, err = q.BuildIndexTerms(ctx, tx, s.Database); err != nil {
		return err
	}
	// The terms alone: the documents and postings have not changed since,
	// and analysing them again cost ~0.5 s at 10,000 tables (docs/DESIGN.md,
	// Indexing a large schema).
	if err := q.AnalyzeIndexTerms(ctx, tx); err != nil {
		return err
	}

	var dims *int32
	if st.Embeddings.Model != "" {
		d := int32(st.Embeddings.Dims)
		dims = &d
		st.Vectors = VectorsArray
		ok, reason, err := enableVectors(ctx, tx, d)
		if err != nil {
			return err
		}
		if ok {
			st.Vectors = VectorsPgvector
		} else {
			st.VectorsReason = reason
			cfg.Logger.InfoContext(ctx, "embeddings are ranked by exact cosine", "database", s.Database, "reason", reason)
		}
	}
	// Also clears the vectors of a previous build when this one has none.
	if _, err := q.StoreVectors(ctx, tx, s.Database); err != nil {
		return err
	}
	stats, err := json.Marshal(st)
	if err != nil {
		return err
	}
	_, err = q.FinishSchemaIndex(ctx, tx, &dbsqlc.FinishSchemaIndexParams{
		DatabaseName: s.Database, EmbedModel: model,
		EmbedDims: dims, Vectors: st.Vectors, Stats: stats,
	})
	return err
}

// storeValues inserts the value documents with insert: all at once, or,
// when that fails, one by one, each in a savepoint, leaving out (and
// counting in st) those the database refuses. valueDocs already leaves out
// what it knows cannot be stored; this is for what it does not know.
func storeValues(ctx context.Context, tx pgx.Tx, values []*Doc, insert func(pgx.Tx, []*Doc) error, st *ValueStats, cfg Config) error {
	if len(values) == 0 {
		return nil
	}
	refused, err := inSavepoint(ctx, tx, func(sp pgx.Tx) error { return insert(sp, values) })
	if err != nil || refused == nil {
		return err
	}
	cfg.Logger.WarnContext(ctx, "value index: storing the values at once failed; storing them one by one", "err", refused.Error())
	columns := map[string]bool{}
	kept := 0
	for _, d := range values {
		refused, err := inSavepoint(ctx, tx, func(sp pgx.Tx) error { return insert(sp, []*Doc{d}) })
		if err != nil {
			return err
		}
		if refused != nil {
			st.skip(SkipStoreFailed)
			st.addError("%s: not stored: %v", d.describe(), refused)
			continue
		}
		kept++
		columns[d.Schema+"."+d.Table+"."+d.Column] = true
	}
	st.Values, st.Columns = kept, len(columns)
	return nil
}

// inSavepoint runs fn in a savepoint of tx. refused is fn's error, after
// which tx goes on as if fn never ran; err is a failure of tx itself (or
// ctx), which ends the build.
func inSavepoint(ctx context.Context, tx pgx.Tx, fn func(pgx.Tx) error) (refused, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if ferr := fn(sp); ferr != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err := sp.Rollback(ctx); err != nil {
			return nil, err
		}
		return ferr, nil
	}
	return nil, sp.Commit(ctx)
}

// enableVectors sets pgvector up for dims, in a savepoint: a server that
// refuses (no privilege to create the extension) leaves the build on the
// real[] path instead of failing it. Builds that store vectors take turns
// from here to commit (LockVectorSetup, the row of rag.vector_setup_turn,
// which no client may lock): rag.enable_vectors holds a SHARE lock on
// rag.index_vectors to commit, and two builds that both held it
// deadlocked in rag.store_vectors.
func enableVectors(ctx context.Context, tx pgx.Tx, dims int32) (ok bool, reason string, err error) {
	q := dbsqlc.New()
	// In tx, not the savepoint: held to commit, past store_vectors.
	if err := q.LockVectorSetup(ctx, tx); err != nil {
		return false, "", err
	}
	sp, err := tx.Begin(ctx)
	if err != nil {
		return false, "", err
	}
	ok, err = q.EnableVectors(ctx, sp, dims)
	if err != nil {
		_ = sp.Rollback(ctx)
		if ctx.Err() != nil {
			return false, "", ctx.Err()
		}
		// Say why: more than pgvector's 2000 dimensions for HNSW, a
		// rag.index_vectors left without its column by DROP EXTENSION
		// vector CASCADE, ...
		return false, fmt.Sprintf("pgvector could not be set up for %d dimensions: %v", dims, err), nil
	}
	if err := sp.Commit(ctx); err != nil {
		return false, "", err
	}
	if ok {
		return true, "", nil
	}
	available, err := q.VectorExtensionAvailable(ctx, tx)
	switch {
	case err != nil:
		return false, "", err
	case available:
		return false, "the vector extension is on the server but could not be created in this database (CREATE EXTENSION vector needs a superuser)", nil
	}
	return false, "pgvector is not installed on the PostgreSQL server", nil
}

// previousValues are the values the current index sampled, by table key.
func previousValues(ctx context.Context, meta dbsqlc.DBTX, database string) (map[string][]*dbsqlc.ListIndexSampledValuesRow, error) {
	rows, err := dbsqlc.New().ListIndexSampledValues(ctx, meta, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: read the sampled values of %q: %w", database, err)
	}
	out := map[string][]*dbsqlc.ListIndexSampledValuesRow{}
	for _, r := range rows {
		k := catalog.TableKey(r.SchemaName, r.TableName)
		out[k] = append(out[k], r)
	}
	return out, nil
}
