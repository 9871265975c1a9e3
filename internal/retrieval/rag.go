package retrieval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// Searcher is the schema index RAG searches (schemaindex.Searcher).
type Searcher interface {
	Info(ctx context.Context, database string) (*schemaindex.Info, error)
	Lexical(ctx context.Context, database, question string, k schemaindex.TopK) (*schemaindex.Hits, error)
	Vector(ctx context.Context, database string, embedding []float32, k schemaindex.TopK) (*schemaindex.Hits, error)
}

// Embedder embeds the question for vector search (internal/llm's Client).
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// refusalWatch is an Embedder that records whether a call was refused as
// longer than the model's window (llm.ErrContextTooLong): the model
// answered. Used by one question's embedding at a time.
type refusalWatch struct {
	Embedder
	refused bool
}

func (w *refusalWatch) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := w.Embedder.Embed(ctx, texts)
	if errors.Is(err, llm.ErrContextTooLong) {
		w.refused = true
	}
	return vecs, err
}

// RankedTable is a table with its fused relevance to a question.
type RankedTable struct {
	Table *catalog.Table
	// Score is the fused score relative to the best table's (0 to 1]: what
	// the ranking is ordered by and the evidence gates compare.
	Score float64
	// TableScore and ColumnScore are the original design's fusion parts: the table
	// document's relevance and top1 + 0.5·top2 of its columns'.
	TableScore  float64
	ColumnScore float64
	// Source is what found it (see TableScore.Source).
	Source string
}

// Expanded is what an ExpandFunc selected.
type Expanded struct {
	// Tables are the tables to include, best first; added ones carry
	// Source "fk" or "bridge".
	Tables []RankedTable
	// The original design's FK expansion metrics.
	Candidates        int
	Added             int
	BlockedNoEvidence int
	// Extra are other counters worth logging (bridges, hub caps).
	Extra map[string]int
	// JoinPaths are the join planner's paths through its tree; when set,
	// they are the paths of the join hints instead of the shortest paths
	// between included tables.
	JoinPaths []JoinHint
}

// ExpandFunc chooses the tables to include from the fused ranking (best
// first): the original design's top MaxTables, FK expansion with relevance gating, hub
// caps and decay, and the join planner's bridges, within FinalMaxTables.
type ExpandFunc func(ctx context.Context, s *catalog.Snapshot, ranked []RankedTable) (Expanded, error)

// PlanFunc returns the join hints between the included tables in format
// (the original design's edges / paths / both / none).
type PlanFunc func(ctx context.Context, s *catalog.Snapshot, tables []*catalog.Table, format JoinHintFormat) ([]JoinHint, error)

// RAG is the retrieval strategy for large schemas: lexical (BM25) and,
// with an embedding model, vector search of the schema index, fused by
// reciprocal rank per kind, the original design's dual table and column fusion, the
// module router, then selection, FK expansion and join planning (see
// RAGConfig.Expand and PlanJoins), rendered like the full schema.
type RAG struct {
	cfg    RAGConfig
	search Searcher
	links  breaker
	// embeds skips embedding the question for EmbedCooldown after it
	// failed.
	embeds breaker
}

var _ Strategy = (*RAG)(nil)

// NewRAG returns the RAG strategy searching search.
func NewRAG(search Searcher, cfg RAGConfig) (*RAG, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if search == nil {
		return nil, errors.New("retrieval: RAG needs a Searcher")
	}
	return &RAG{cfg: cfg, search: search}, nil
}

// Config returns the effective configuration.
func (r *RAG) Config() RAGConfig { return r.cfg }

// Retrieve chooses the tables of req.Snapshot the question needs. It
// returns ErrNoResults when nothing matches, and the index's errors
// (schemaindex.ErrNotIndexed) as they are: the caller decides on a
// fallback.
func (r *RAG) Retrieve(ctx context.Context, req Request) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := req.Snapshot
	if s == nil {
		return nil, errors.New("retrieval: request has no catalog snapshot")
	}
	if len(s.Tables) == 0 {
		return nil, fmt.Errorf("database %q: %w", s.Database, ErrEmptyCatalog)
	}
	started := r.cfg.Clock()
	ev, err := r.gather(ctx, s, req.Question)
	if err != nil {
		return nil, err
	}
	ranked := r.rank(s, req.Question, ev)
	ranked = withExampleTables(s, ranked, req.ExampleTables)
	if len(ranked) == 0 {
		return nil, ErrNoResults
	}
	expand := r.cfg.Expand
	if expand == nil {
		expand = r.expand(ev)
	}
	// Schema linking (link.go), when a chat model is configured.
	if ranked, err = r.link(ctx, s, req.Question, ev, ranked, expand); err != nil {
		return nil, err
	}
	var sel Expanded
	if ev.link != nil && !ev.link.applied() {
		// The model did not link: the expansion that led its candidates is
		// the selection (expansion reads the evidence, never writes it).
		sel = ev.link.unlinked
	} else if sel, err = expand(ctx, s, ranked); err != nil {
		return nil, fmt.Errorf("retrieval: expand: %w", err)
	}
	if len(sel.Tables) == 0 {
		return nil, ErrNoResults
	}
	tables := make([]*catalog.Table, len(sel.Tables))
	for i, t := range sel.Tables {
		tables[i] = t.Table
	}
	render := tables
	if r.cfg.ColumnPruning {
		render = pruneColumns(s, tables, ev.columnScores, r.cfg.ColumnPruningKeep)
	}
	hintsFor := func(format JoinHintFormat) []JoinHint {
		return defaultHints(r.cfg.Render, s, tables, format, sel.JoinPaths)
	}
	var planErr error
	if r.cfg.PlanJoins != nil {
		hintsFor = func(format JoinHintFormat) []JoinHint {
			h, err := r.cfg.PlanJoins(ctx, s, tables, format)
			planErr = err
			return h
		}
	}
	hints := valueHints(s, req.Question, tables, ev.values, r.cfg.MaxValueHints)
	res, err := assembleWith(r.cfg.Render, req, StrategyRAG, render, hintsFor, renderValueHints(hints), 0)
	if err != nil {
		return nil, err
	}
	if planErr != nil {
		return nil, fmt.Errorf("retrieval: plan joins: %w", planErr)
	}
	res.Tables = tables
	r.describe(res, s, ev, ranked, sel, hints)
	describeLink(res, ev)
	res.Metadata.Metrics.RetrievalMS = millis(r.cfg.Clock().Sub(started) - ev.embedTime)
	return res, nil
}

// evidence is what the searches found for a question.
type evidence struct {
	mode, modeReason string
	info             *schemaindex.Info
	lexical, vector  *schemaindex.Hits
	// Fused per kind: relevance by table key, by "table key.column".
	tables  map[string]fused
	columns map[string]fused
	values  []schemaindex.Hit
	// columnScores[table key][column] is the fused column evidence, for
	// pruning.
	columnScores map[string]map[string]float64
	searchTime   time.Duration
	embedTime    time.Duration
	// questionCut is set when the question was longer than the
	// embedding model's window, and only its front was embedded.
	questionCut *llm.Cut
	// modules maps the tables of the hits to their module (as indexed);
	// moduleNames are the index's modules; routed the router's choice.
	modules     map[string]string
	moduleNames []string
	routed      []string
	// link is the schema linking run, nil when linking is off.
	link *linkRun
	// qwords are the question's words (singular), history whether one is
	// a history word; demoted the copies ranked below their originals,
	// copy key to original key (copies.go).
	qwords  map[string]bool
	history bool
	demoted map[string]string
}

type fused struct {
	hit       schemaindex.Hit
	relevance float64
	lists     int
}

// gather runs the searches: lexical unless disabled, vector when the
// question can be embedded with the index's model.
func (r *RAG) gather(ctx context.Context, s *catalog.Snapshot, question string) (*evidence, error) {
	ev := &evidence{mode: ModeLexical}
	// The three searches below check the index's build once between them.
	ctx = schemaindex.WithOneCheck(ctx)
	info, err := r.search.Info(ctx, s.Database)
	if err != nil {
		return nil, err
	}
	ev.info = info
	k := schemaindex.TopK{Tables: r.cfg.TableTopK, Columns: r.cfg.ColumnTopK, Values: r.cfg.ValueTopK}
	// The lexical search runs while the question is embedded and searched
	// by vector: the searches are independent.
	type lexicalResult struct {
		hits *schemaindex.Hits
		err  error
		took time.Duration
	}
	lexDone := make(chan lexicalResult, 1)
	if !r.cfg.LexicalDisabled {
		go func() {
			t0 := r.cfg.Clock()
			hits, err := r.search.Lexical(ctx, s.Database, question, k)
			lexDone <- lexicalResult{hits, err, r.cfg.Clock().Sub(t0)}
		}()
	}
	switch {
	case r.cfg.Embedder == nil:
		ev.modeReason = "no embedding model configured: lexical search and the foreign-key graph only"
	case !info.HasEmbeddings():
		ev.modeReason = "the schema index has no embeddings"
		if info.Stats.Embeddings.Skipped != "" {
			ev.modeReason += " (" + info.Stats.Embeddings.Skipped + ")"
		}
		ev.modeReason += ": lexical search and the foreign-key graph only"
	case info.EmbedModel != r.cfg.EmbedModel:
		ev.modeReason = fmt.Sprintf("the schema index was embedded with %s, not %s: re-index; lexical search and the foreign-key graph only", info.EmbedModel, r.cfg.EmbedModel)
	default:
		if skip, why := r.embeds.open(r.cfg.Clock(), r.cfg.EmbedCooldown, "embedding the question"); skip {
			ev.modeReason = why + ": lexical search and the foreign-key graph only"
			break
		}
		t0 := r.cfg.Clock()
		ectx, cancel := context.WithTimeout(ctx, r.cfg.EmbedTimeout)
		// A question longer than the embedding model's window is embedded
		// by its front and said so (Metadata.Warning): refused, it would
		// trip the circuit that keeps every other question from the model.
		watch := &refusalWatch{Embedder: r.cfg.Embedder}
		vecs, cuts, err := llm.EmbedFitting(ectx, watch, []string{question})
		cancel()
		if len(cuts) > 0 {
			ev.questionCut = &cuts[0]
		}
		ev.embedTime = r.cfg.Clock().Sub(t0)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				break // reported below, once the lexical search is back
			}
			timedOut := errors.Is(ectx.Err(), context.DeadlineExceeded)
			if timedOut {
				err = fmt.Errorf("no reply within %s (NL2SQL_RAG_EMBED_TIMEOUT)", r.cfg.EmbedTimeout)
			}
			if timedOut && watch.refused {
				// The model answered, refusing the whole question as too
				// long: the time went to finding the front it takes, a
				// call per try. That says nothing of the model, and the
				// questions after this one are embedded as usual.
				ev.modeReason = fmt.Sprintf("embedding the front of the question, longer than the context window of the embedding model %s, failed (%v): lexical search and the foreign-key graph only", r.cfg.EmbedModel, err)
			} else {
				r.embeds.trip(r.cfg.Clock(), err.Error())
				ev.modeReason = fmt.Sprintf("embedding the question failed (%v): lexical search and the foreign-key graph only", err)
			}
			r.cfg.Logger.WarnContext(ctx, "retrieval falls back to lexical search", "database", s.Database, "reason", ev.modeReason)
		case len(vecs) != 1:
			ev.modeReason = "the embedding model returned no embedding: lexical search and the foreign-key graph only"
		default:
			t0 := r.cfg.Clock()
			ev.vector, err = r.search.Vector(ctx, s.Database, vecs[0], k)
			ev.searchTime = r.cfg.Clock().Sub(t0)
			if err != nil {
				if ctx.Err() != nil {
					break
				}
				ev.modeReason = fmt.Sprintf("vector search failed (%v): lexical search and the foreign-key graph only", err)
				r.cfg.Logger.WarnContext(ctx, "retrieval falls back to lexical search", "database", s.Database, "reason", ev.modeReason)
				ev.vector = nil
			} else {
				// Hybrid still, an index built with pgvector ranked exactly.
				ev.mode, ev.modeReason = ModeHybrid, ev.vector.VectorsReason
			}
		}
	}
	if !r.cfg.LexicalDisabled {
		lr := <-lexDone
		if lr.err != nil {
			return nil, lr.err
		}
		ev.lexical = lr.hits
		ev.searchTime = max(ev.searchTime, lr.took)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if r.cfg.LexicalDisabled {
		if ev.vector == nil {
			return nil, fmt.Errorf("retrieval: BM25 search is disabled and %s", ev.modeReason)
		}
		ev.mode, ev.modeReason = ModeVector, "BM25 search is disabled (BM25_SEARCH_ENABLED=false)"
	}
	r.fuse(ev)
	return ev, nil
}

// Search modes, as in Metadata.Mode.
const (
	ModeHybrid  = "hybrid"
	ModeLexical = "lexical"
	ModeVector  = "vector"
	ModeKeyword = "keyword"
)

// fuse merges the lexical and vector hits of each kind by reciprocal rank,
// the vector list weighing VectorWeight against the lexical list's 1: an
// entity's fused relevance is its relevance in the lexical list (in the
// vector list when only that found it) times its RRF score over the best
// RRF score possible. With one list that is the relevance decaying gently
// with rank ((k+1)/(k+rank)); with two, an entity both lists found
// outranks one only a single list did. A cosine similarity is not on
// BM25's scale (a model's similarities may all sit between 0.4 and 0.8),
// so it never replaces the lexical relevance of a hit lexical search made
// (docs/DESIGN.md, Fusing the vector list).
func (r *RAG) fuse(ev *evidence) {
	type list struct {
		hits   *schemaindex.Hits
		weight float64
	}
	var lists []list
	if ev.lexical != nil {
		lists = append(lists, list{ev.lexical, 1})
	}
	if ev.vector != nil {
		lists = append(lists, list{ev.vector, r.cfg.VectorWeight})
	}
	k := float64(r.cfg.RRFK)
	var best float64
	for _, l := range lists {
		best += l.weight / (k + 1)
	}
	merge := func(get func(*schemaindex.Hits) []schemaindex.Hit, key func(schemaindex.Hit) string, threshold float64) map[string]fused {
		rrf := map[string]float64{}
		out := map[string]fused{}
		lexical := map[string]bool{} // found by lexical search
		for _, l := range lists {
			vector := l.hits == ev.vector
			for _, h := range get(l.hits) {
				if vector && h.Relevance < threshold {
					continue
				}
				key := key(h)
				rrf[key] += l.weight / (k + float64(h.Rank))
				f := out[key]
				if !vector {
					lexical[key] = true
					f.hit, f.relevance = h, h.Relevance
				} else if !lexical[key] && h.Relevance > f.relevance {
					f.hit, f.relevance = h, h.Relevance
				}
				f.lists++
				out[key] = f
			}
		}
		for key, f := range out {
			if best > 0 {
				f.relevance *= rrf[key] / best
			}
			out[key] = f
		}
		return out
	}
	tableKey := func(h schemaindex.Hit) string { return h.TableKey() }
	columnKey := func(h schemaindex.Hit) string { return h.TableKey() + "." + h.Column }
	ev.tables = merge(func(h *schemaindex.Hits) []schemaindex.Hit { return h.Tables }, tableKey, r.cfg.TableThreshold)
	ev.columns = merge(func(h *schemaindex.Hits) []schemaindex.Hit { return h.Columns }, columnKey, r.cfg.ColumnThreshold)
	if ev.lexical != nil {
		ev.values = ev.lexical.Values
	}
	ev.modules = map[string]string{}
	for _, l := range lists {
		for _, h := range slices.Concat(l.hits.Tables, l.hits.Columns, l.hits.Values) {
			if h.Module != "" {
				ev.modules[h.TableKey()] = h.Module
			}
		}
	}
	for m := range ev.info.Stats.Modules {
		ev.moduleNames = append(ev.moduleNames, m)
	}
	slices.Sort(ev.moduleNames)
}

// rank scores every table the evidence points at (the original design's dual fusion,
// then the module router) and returns them best first, scores relative to
// the best.
func (r *RAG) rank(s *catalog.Snapshot, question string, ev *evidence) []RankedTable {
	type score struct {
		table        *catalog.Table
		tableScore   float64
		columns      []float64
		fromTable    bool
		fromValue    bool
		columnScores map[string]float64
		// references are the columns elsewhere that point here and matched
		// (see ReferenceWeight), by "table.column".
		references map[string]float64
	}
	scores := map[string]*score{}
	get := func(key string) *score {
		sc := scores[key]
		if sc == nil {
			t := s.Table(splitKey(key))
			if t == nil {
				return nil // the index is older than the catalog
			}
			sc = &score{table: t, columnScores: map[string]float64{}, references: map[string]float64{}}
			scores[key] = sc
		}
		return sc
	}
	for key, f := range ev.tables {
		if sc := get(key); sc != nil {
			sc.tableScore, sc.fromTable = f.relevance, true
		}
	}
	colEvidence := func(h schemaindex.Hit, v float64, fromValue bool) {
		sc := get(h.TableKey())
		if sc == nil || sc.table.Column(h.Column) == nil {
			return
		}
		if h.Generic {
			v *= r.cfg.GenericDownweight
		}
		if v > sc.columnScores[h.Column] {
			sc.columnScores[h.Column] = v
		}
		if fromValue && !sc.fromTable {
			sc.fromValue = true
		}
	}
	for _, f := range ev.columns {
		colEvidence(f.hit, f.relevance, false)
		if f.hit.Generic {
			continue
		}
		t := s.Table(f.hit.Schema, f.hit.Table)
		if t == nil {
			continue
		}
		for _, fk := range s.JoinsFrom(t) {
			if len(fk.Columns) != 1 || fk.Columns[0] != f.hit.Column || fk.RefKey() == t.Key() {
				continue
			}
			if ref := get(fk.RefKey()); ref != nil {
				key := t.Key() + "." + f.hit.Column
				ref.references[key] = max(ref.references[key], f.relevance*r.cfg.ReferenceWeight)
			}
		}
	}
	for _, h := range ev.values {
		colEvidence(h, h.Relevance*r.cfg.ValueWeight, true)
	}
	ev.columnScores = map[string]map[string]float64{}
	qwords := map[string]bool{}
	for _, w := range words(question) {
		qwords[w] = true
	}
	var out []RankedTable
	for key, sc := range scores {
		ev.columnScores[key] = sc.columnScores
		for _, v := range sc.columnScores {
			sc.columns = append(sc.columns, v)
		}
		for _, v := range sc.references {
			sc.columns = append(sc.columns, v)
		}
		slices.SortFunc(sc.columns, func(a, b float64) int { return cmp.Compare(b, a) })
		col := 0.0
		if len(sc.columns) > 0 {
			col = sc.columns[0]
		}
		if len(sc.columns) > 1 {
			col += 0.5 * sc.columns[1]
		}
		source := "table"
		switch {
		case !sc.fromTable && sc.fromValue:
			source = "value"
		case !sc.fromTable:
			source = "column"
		}
		score := r.cfg.TableWeight*sc.tableScore + r.cfg.ColumnWeight*col
		score *= 1 + r.cfg.NameBoost*nameCoverage(sc.table.Name, qwords)
		out = append(out, RankedTable{Table: sc.table, TableScore: sc.tableScore, ColumnScore: col, Source: source, Score: score})
	}
	if !r.cfg.RouterDisabled {
		out, ev.routed = r.route(question, out, ev)
	}
	ev.qwords, ev.history = qwords, asksForHistory(qwords)
	out, ev.demoted = r.demoteCopies(s, ev, out)
	sortRanked(out)
	if len(out) > 0 && out[0].Score > 0 {
		top := out[0].Score
		for i := range out {
			out[i].Score /= top
		}
	}
	return slices.DeleteFunc(out, func(t RankedTable) bool { return t.Score <= 0 })
}

func sortRanked(ts []RankedTable) {
	slices.SortStableFunc(ts, func(a, b RankedTable) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return strings.Compare(a.Table.Key(), b.Table.Key())
	})
}

// splitKey splits a table key (catalog.TableKey).
func splitKey(key string) (string, string) {
	schema, name, _ := catalog.SplitTableKey(key)
	return schema, name
}

// selectTop is the default selection: the MaxTables best, past the
// MinTables first only those scoring at least MinRelativeScore of the best.
// A copy ranked below its original (demoteCopies) never fills the
// MinTables: its original is the table meant. With MaxKinds set, at most
// that many kinds of one catalogue (catalog.Snapshot.Catalogue) are
// selected: where they share the catalogue's words, a question about one
// kind of document ranks every kind alike, and they crowd out the other
// things it names.
func (r *RAG) selectTop(s *catalog.Snapshot, ev *evidence, ranked []RankedTable) Expanded {
	var out Expanded
	kinds := map[string]int{} // selected kinds, by catalogue
	for _, t := range ranked {
		if len(out.Tables) == r.cfg.MaxTables {
			break
		}
		if r.cfg.MaxKinds > 0 {
			if c := s.Catalogue(t.Table); c != nil {
				if kinds[c.Key()] == r.cfg.MaxKinds {
					continue
				}
				kinds[c.Key()]++
			}
		}
		if t.Score < r.cfg.MinRelativeScore {
			if len(out.Tables) >= r.cfg.MinTables {
				break
			}
			if ev.demoted[t.Table.Key()] != "" {
				continue
			}
		}
		out.Tables = append(out.Tables, t)
	}
	return out
}

// describe fills in the metadata of a RAG result.
func (r *RAG) describe(res *Result, s *catalog.Snapshot, ev *evidence, ranked []RankedTable, sel Expanded, hints []valueHint) {
	md := &res.Metadata
	md.Mode, md.ModeReason = ev.mode, ev.modeReason
	md.Modules = ev.routed
	if ev.info.CatalogVersion < s.Version {
		md.Warning = strings.TrimSpace(md.Warning + fmt.Sprintf(" the schema index was built from catalog version %d, the catalog is at %d: tables added since are not found (nl2sql index --db %s)",
			ev.info.CatalogVersion, s.Version, s.Database))
	}
	if ev.info.Outdated() {
		md.Warning = strings.TrimSpace(md.Warning + fmt.Sprintf(" the schema index was built by another version of nl2sql (index format %d, this one builds %d): rebuild it with nl2sql index --db %s",
			ev.info.Stats.Format, schemaindex.Format, s.Database))
	}
	if c := ev.questionCut; c != nil {
		md.Warning = strings.TrimSpace(md.Warning + fmt.Sprintf(" the question is longer than the context window of the embedding model %s: vector search read its first %d of %d characters, lexical search all of it",
			r.cfg.EmbedModel, c.Kept, c.Runes))
	}
	for _, h := range hints {
		md.ValueHints = append(md.ValueHints, h.text)
	}
	m := &Metrics{
		ColumnHitsPerTable: map[string]int{}, Expansion: sel.Extra,
		FKExpansionCandidates: sel.Candidates, FKExpansionAdded: sel.Added, FKExpansionBlockedNoEvidence: sel.BlockedNoEvidence,
		SearchMS: millis(ev.searchTime), EmbedMS: millis(ev.embedTime),
	}
	chunks := 0
	for _, l := range []*schemaindex.Hits{ev.lexical, ev.vector} {
		if l == nil {
			continue
		}
		chunks += len(l.Tables) + len(l.Columns) + len(l.Values)
		m.TableRetrievalCount += len(l.Tables)
		m.ColumnRetrievalCount += len(l.Columns)
		m.ValueRetrievalCount += len(l.Values)
		for _, h := range slices.Concat(l.Columns, l.Values) {
			m.ColumnHitsPerTable[s.SQLName(h.Schema, h.Table)]++
		}
	}
	for _, f := range sortedFused(ev.tables) {
		m.TableSimilarities = append(m.TableSimilarities, TableSimilarity{Table: s.SQLName(f.hit.Schema, f.hit.Table), Similarity: round3(f.hit.Relevance)})
	}
	md.ChunksRetrieved = &chunks
	for _, t := range ranked[:min(len(ranked), RankingShown)] {
		m.Ranking = append(m.Ranking, TableSimilarity{Table: s.TableSQLName(t.Table), Similarity: round3(t.Score)})
	}
	for _, t := range sel.Tables {
		name := s.TableSQLName(t.Table)
		res.Scores = append(res.Scores, TableScore{Name: name, Score: round3(t.Score), Source: t.Source})
		m.FinalTables = append(m.FinalTables, name)
		m.FinalSources = append(m.FinalSources, t.Source)
		switch t.Source {
		case "table":
			m.TablesFromTableRetrieval++
		case "column", "value":
			m.TablesFromColumnOnly++
		}
	}
	m.FinalTableCount = len(sel.Tables)
	describeJoins(m, s, ev, res.Tables)
	m.Coverage = round3(coverage(ev, res.Tables))
	if ev.lexical != nil {
		m.UnknownWords = ev.lexical.Unknown
	}
	avg := avgRelevance(ev, res.Tables, m.Coverage)
	md.AvgRelevanceScore = &avg
	md.Metrics = m
}

// avgRelevance is retrievalMetadata.avgRelevanceScore: how well the
// included tables explain the question. The original design averages their chunks'
// cosine similarity; a lexical index has no such absolute scale (BM25
// scores depend on the question), so with lexical search it is the
// coverage: the share of the question's schema words, weighted by rarity,
// the included tables' documents hold. Low coverage is how a retrieval
// that missed a table shows: a question word the schema knows, held by no
// included table. With embeddings alone it is the mean cosine similarity of
// the included tables found by vector search, and so it is when the
// question holds no word of the schema.
func avgRelevance(ev *evidence, tables []*catalog.Table, coverage float64) float64 {
	if ev.vector == nil || (ev.lexical != nil && len(ev.lexical.Terms) > 0) {
		return coverage
	}
	sim := map[string]float64{}
	for _, h := range ev.vector.Tables {
		sim[h.TableKey()] = h.Relevance
	}
	var sum float64
	n := 0
	for _, t := range tables {
		if v, ok := sim[t.Key()]; ok {
			sum += v
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return round3(sum / float64(n))
}

// coverage is the share of the question's words, weighted by rarity (the
// idf of their best term), that the included tables' table, column or
// value hits hold. Words the index does not know at all (each, compare,
// growth) are left out: no table could hold them. Without lexical search
// it is 1: nothing tells the words apart. When no word of the question is a
// word of the schema it is 0: nothing the tables hold explains it (before,
// 1, and a question of nonsense found by embeddings alone was answered
// with full confidence).
func coverage(ev *evidence, tables []*catalog.Table) float64 {
	if ev.lexical == nil {
		return 1
	}
	if len(ev.lexical.Terms) == 0 {
		return 0
	}
	in := map[string]bool{}
	for _, t := range tables {
		in[t.Key()] = true
	}
	held := map[string]bool{}
	for _, h := range slices.Concat(ev.lexical.Tables, ev.lexical.Columns, ev.lexical.Values) {
		if in[h.TableKey()] {
			for _, t := range h.Matched {
				held[t] = true
			}
		}
	}
	weight := map[int]float64{}
	got := map[int]bool{}
	for _, t := range ev.lexical.Terms {
		weight[t.Concept] = max(weight[t.Concept], t.IDF)
		if held[t.Term] {
			got[t.Concept] = true
		}
	}
	var total, sum float64
	for c, w := range weight {
		total += w
		if got[c] {
			sum += w
		}
	}
	if total == 0 {
		return 1
	}
	return sum / total
}

func sortedFused(m map[string]fused) []fused {
	out := make([]fused, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b fused) int {
		if c := cmp.Compare(b.hit.Relevance, a.hit.Relevance); c != 0 {
			return c
		}
		return strings.Compare(a.hit.TableKey(), b.hit.TableKey())
	})
	return out
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func round3(x float64) float64 { return float64(int64(x*1000+0.5)) / 1000 }
