package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/migrations"
)

// benchRetrievalJSON is `nl2sql bench retrieval --json`: the runs,
// a summary per group, and what could not run and why.
type benchRetrievalJSON struct {
	Runs    []*bench.RetrievalRun    `json:"runs"`
	Groups  []bench.RetrievalSummary `json:"groups"`
	Skipped []string                 `json:"skipped,omitempty"`
}

// erpScaleTables is the large ERP the bench retrieves from: the demo's core
// tables among distractors.
const erpScaleTables = 2000

func runBenchRetrieval(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "bench retrieval")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	sizes := fs.String("sizes", "75,2000", "ERP sizes to measure at, comma-separated: 75 (the demo) and/or 2000 (with distractors)")
	var dev bool
	fs.BoolVar(&dev, "dev", true, "also measure on the dev set (sap, saas, legacy, clinic, salesdw, party, grid, insure, campus, finance, ehr, citydw, crm: testdata/retrieval)")
	fs.BoolVar(&dev, "unseen", true, "deprecated: the old name of --dev")
	misses := fs.Bool("misses", false, "list the questions of the ERP and the dev set that do not count in full recall (never held-out ones)")
	keyless := fs.Bool("keyless", true, "also measure the dev set registered again without its primary and foreign keys (group dev_keyless)")
	plain := fs.Bool("plain", true, "also measure the ERP registered again without its annotations (group erp_plain), at every size")
	oracle := fs.Bool("oracle-link", true, "also measure with schema linking by an oracle that picks exactly the expected tables among those listed to it (mode oracle_link): the linking design's ceiling, not a model's accuracy")
	heldoutDir := fs.String("heldout", "", "directory of the held-out sets (nl2sql bench heldout import --out); default NL2SQL_BENCH_HELDOUT_DIR")
	if err := parseNoArgs(fs, args, "bench retrieval takes no arguments: nl2sql bench retrieval [--json] [--sizes 75,2000] [--plain=false] [--dev=false] [--keyless=false] [--heldout DIR] [--misses] [--oracle-link=false]"); err != nil {
		return err
	}
	var want []int
	for _, s := range strings.Split(*sizes, ",") {
		switch strings.TrimSpace(s) {
		case "75":
			want = append(want, 0)
		case "2000":
			want = append(want, erpScaleTables)
		default:
			return usagef("--sizes: %q is not 75 or 2000", s)
		}
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	if *heldoutDir != "" {
		st.Bench.HeldoutDir = *heldoutDir
	}
	qs, _, err := loadExamQuestions("", "")
	if err != nil {
		return err
	}
	questions := make([]bench.RetrievalQuestion, len(qs))
	for i, q := range qs {
		questions[i] = bench.RetrievalQuestion{ID: q.ID, Question: q.Question, ExpectedTables: q.ExpectedTables}
	}

	meta, err := benchDatabase(ctx, m, st, "erp")
	if err != nil {
		return err
	}
	defer meta.Close()
	lexical, err := parts.New(meta, nil, st.Pipeline)
	if err != nil {
		return err
	}
	// Hybrid runs need the embedding model: the databases are indexed with
	// it, and questions embedded by it. Without it they are skipped, and
	// the report says why.
	var hybrid *parts.Parts
	var embeddings llm.Provider // the model client, when an embedding model answers
	out := benchRetrievalJSON{Runs: []*bench.RetrievalRun{}}
	model, embedModel, why := embedder(ctx, st.LLM)
	if model != nil {
		client, err := llm.Open(st.LLM)
		if err != nil {
			return err
		}
		embeddings = client
		if hybrid, err = parts.New(meta, client, unlinked(st.Pipeline)); err != nil {
			return err
		}
	} else {
		out.Skipped = append(out.Skipped, "hybrid: skipped: no embedding model ("+why+")")
	}
	// Linked runs (schema linking, linking.go) need a chat model.
	linked, why, err := linkedPipeline(ctx, meta, st)
	if err != nil {
		return err
	} else if linked == nil {
		out.Skipped = append(out.Skipped, "linked: skipped: no chat model ("+why+")")
	}
	// Oracle runs: linking by bench.OracleLinker on top of hybrid search
	// when the embedding model answers (as the linked runs), lexical
	// otherwise, the linking step's settings as configured.
	var oracleParts *parts.Parts
	if *oracle {
		cfg := st.Pipeline
		cfg.RAG.Link.Disabled = false
		cfg.RAG.Link.Linker = bench.OracleLinker{}
		if oracleParts, err = parts.New(meta, embeddings, cfg); err != nil {
			return err
		}
	}
	threshold := st.Pipeline.Strategy.WithDefaults().Threshold
	measure := func(group, set, database string, tables int, questions []bench.RetrievalQuestion) error {
		snap, err := catalog.Load(ctx, meta, database)
		if err != nil {
			return err
		}
		if err := ensureIndexed(ctx, m, st, meta, snap, embedModel); err != nil {
			return err
		}
		if tables == 0 {
			tables = len(snap.Tables)
		}
		// The modes, in the report's order: lexical always, then those whose
		// parts exist.
		type mode struct {
			name     string
			retrieve bench.Retriever
		}
		modes := []mode{{retrieval.ModeLexical, pipelineRetriever(lexical, database)}}
		if hybrid != nil {
			modes = append(modes, mode{retrieval.ModeHybrid, pipelineRetriever(hybrid, database)})
		}
		if oracleParts != nil {
			modes = append(modes, mode{bench.ModeOracleLink, oracleRetriever(oracleParts, database)})
		}
		if linked != nil {
			modes = append(modes, mode{"linked", linkedRetriever(linked, database)})
		}
		spec := bench.RetrievalSpec{Group: group, Set: set, Tables: tables, RAGThreshold: threshold, Joins: joinGraph(snap)}
		for _, md := range modes {
			spec.Mode = md.name
			run, err := bench.RunRetrieval(ctx, spec, questions, md.retrieve)
			if err != nil {
				return err
			}
			out.Runs = append(out.Runs, run)
		}
		return nil
	}

	for _, tables := range want {
		name := "erp"
		if tables > 0 {
			if name, err = ensureScaledERP(ctx, m, st, meta, tables); err != nil {
				return err
			}
		}
		if err := measure(bench.GroupERP, "erp", name, 0, questions); err != nil {
			return err
		}
		if !*plain {
			continue
		}
		plainName, err := ensurePlainERP(ctx, m, meta, name)
		if err != nil {
			return err
		}
		if err := measure(bench.GroupERPPlain, "erp", plainName, 0, questions); err != nil {
			return err
		}
	}
	if dev {
		sets, err := bench.RetrievalSets()
		if err != nil {
			return err
		}
		for _, set := range sets {
			name, tables, err := ensureRetrievalSet(ctx, m, st, meta, set, devStore)
			if err != nil {
				return err
			}
			if err := measure(bench.GroupDev, set.Name, name, tables, set.Questions); err != nil {
				return err
			}
			if !*keyless {
				continue
			}
			bare, err := ensureKeyless(ctx, m, meta, name)
			if err != nil {
				return err
			}
			if err := measure(bench.GroupDevKeyless, set.Name, bare, tables, set.Questions); err != nil {
				return err
			}
		}
	}
	// The held-out sets: aggregate figures only (RunRetrieval lists no
	// miss for them), or a line saying why they were not measured.
	heldout, why, err := bench.ReadHeldoutSets(st.Bench)
	if err != nil {
		return err
	}
	if why != "" {
		out.Skipped = append(out.Skipped, why)
	}
	for _, set := range heldout {
		name, tables, err := ensureRetrievalSet(ctx, m, st, meta, set, heldoutStore)
		if err != nil {
			return err
		}
		if err := measure(bench.GroupHeldout, set.Name, name, tables, set.Questions); err != nil {
			return err
		}
	}
	out.Groups = bench.SummarizeRetrieval(out.Runs)

	if !*misses {
		for _, r := range out.Runs {
			r.Misses = nil
		}
	}
	if *asJSON {
		return m.printJSON(out)
	}
	return printBenchRetrieval(m, out)
}

// printBenchRetrieval prints the report as a table, a summary line per
// group, the fallbacks, the misses asked for and what was skipped.
func printBenchRetrieval(m *Main, out benchRetrievalJSON) error {
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "group\tset\ttables\tmode\tquestions\tall expected in ≤%d\tall expected\trecall\tprecision\tF1\ttables returned\tp50 ms\tp95 ms\tempty\tfull schema\t\n", bench.MaxContextTables)
	for _, r := range out.Runs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.1f\t%.2f\t%.2f\t%d\t%d\t\n", r.Group, r.Set, r.Tables, r.Mode, r.Questions,
			r.FullRecall, r.FullRecallAny, r.MeanRecall, r.MeanPrecision, r.MeanF1, r.MeanTables, r.P50MS, r.P95MS, r.Empty, r.FullSchema)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, g := range out.Groups {
		fmt.Fprintf(m.Stdout, "%s (%s): %d/%d questions with every expected table in ≤%d tables (%.1f%%; %d in any size), worst %s %.1f%%; %d empty, %d full schema, %d fallbacks\n",
			g.Group, g.Mode, g.FullRecall, g.Questions, bench.MaxContextTables, 100*g.FullRecallRate, g.FullRecallAny, g.WorstSet, 100*g.WorstRate, g.Empty, g.FullSchema, g.Fallbacks)
	}
	for _, r := range out.Runs {
		for mode, n := range r.Modes {
			fmt.Fprintf(m.Stdout, "%s at %d tables: %d question(s) retrieved in mode %q, not %q\n", r.Set, r.Tables, n, mode, r.Mode)
		}
		for _, x := range r.Misses {
			missing := "none, but more than " + strconv.Itoa(bench.MaxContextTables) + " tables"
			if len(x.Missing) > 0 {
				missing = strings.Join(x.Missing, ", ")
			}
			fmt.Fprintf(m.Stdout, "  %s (%d tables): missing %s\n", x.ID, x.Got, missing)
		}
	}
	for _, s := range out.Skipped {
		fmt.Fprintln(m.Stdout, s)
	}
	return nil
}

// pipelineRetriever retrieves through the pipeline's retrieve stage, the
// path questions take, and reads the tables from its metadata.
func pipelineRetriever(p *parts.Parts, database string) bench.Retriever {
	return func(ctx context.Context, question string) (*bench.Retrieved, error) {
		// RAG forced: below NL2SQL_RETRIEVAL_TABLE_THRESHOLD the pipeline would
		// give small schemas in full, and that measures nothing.
		res, err := p.Retrieve(ctx, stage.RetrieveRequest{Database: database, Question: question, Retrieval: "rag"})
		if errors.Is(err, retrieval.ErrNoResults) {
			// Nothing matched, not even by name: the question gets no
			// table, which the report counts.
			return &bench.Retrieved{Mode: "none", Strategy: retrieval.StrategyRAG}, nil
		}
		if err != nil {
			return nil, err
		}
		var md struct {
			Strategy       string   `json:"strategy"`
			Mode           string   `json:"mode"`
			TablesIncluded []string `json:"tablesIncluded"`
			FallbackReason string   `json:"fallbackReason"`
			Linking        *struct {
				Outcome string `json:"outcome"`
			} `json:"linking"`
			Metrics struct {
				EmbedMS      float64                     `json:"embed_ms"`
				Ranking      []retrieval.TableSimilarity `json:"ranking"`
				FinalTables  []string                    `json:"final_tables"`
				FinalSources []string                    `json:"final_sources"`
				UnknownWords []string                    `json:"unknown_words"`
			} `json:"metrics"`
		}
		if err := json.Unmarshal(res.Metadata, &md); err != nil {
			return nil, fmt.Errorf("retrieval metadata: %w", err)
		}
		mode := md.Mode
		if md.Strategy != retrieval.StrategyRAG || mode == "" {
			mode = md.Strategy
		}
		got := &bench.Retrieved{
			Tables: md.TablesIncluded, Mode: mode, Strategy: md.Strategy, FallbackReason: md.FallbackReason,
			Embedding:    time.Duration(md.Metrics.EmbedMS * float64(time.Millisecond)),
			UnknownWords: md.Metrics.UnknownWords,
		}
		if md.Linking != nil {
			got.Linking = md.Linking.Outcome
		}
		for _, t := range md.Metrics.Ranking {
			got.Ranking = append(got.Ranking, t.Table)
		}
		if len(md.Metrics.FinalSources) == len(md.Metrics.FinalTables) {
			got.Sources = map[string]string{}
			for i, t := range md.Metrics.FinalTables {
				got.Sources[t] = md.Metrics.FinalSources[i]
			}
		}
		return got, nil
	}
}

// joinGraph is snap's join graph, declared and inferred edges, by
// lower-case bare name as the bench's expected tables are written.
func joinGraph(snap *catalog.Snapshot) *bench.JoinGraph {
	var edges [][2]string
	for _, t := range snap.Tables {
		for _, fk := range snap.JoinsFrom(t) {
			edges = append(edges, [2]string{strings.ToLower(fk.Table), strings.ToLower(fk.RefTable)})
		}
	}
	return bench.NewJoinGraph(edges)
}

// ensureIndexed indexes snap's database when it has no schema index, one
// older than the catalog, built by code of another index format or whose
// documents this code would write otherwise (the listing's digest: a
// change to how names are read or joins inferred, which Format may miss),
// or, when embedModel answers, one without its embeddings: a bench over a
// missing index would measure the fallback, not retrieval, and one over an
// outdated index the code that built it.
func ensureIndexed(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, snap *catalog.Snapshot, embedModel string) error {
	searcher, err := schemaindex.NewSearcher(meta, st.Index)
	if err != nil {
		return err
	}
	info, err := searcher.Info(ctx, snap.Database)
	switch {
	case err == nil && info.CatalogVersion >= snap.Version && !info.Outdated() && (embedModel == "" || info.EmbedModel == embedModel) &&
		info.Stats.Listing == schemaindex.ListingDigest(snap, nil):
		return nil
	case err != nil && !errors.Is(err, schemaindex.ErrNotIndexed):
		return err
	}
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: indexing %s (%d tables)\n", snap.Database, len(snap.Tables))
	_, err = indexDatabase(ctx, m, st, meta, snap, nil, nil)
	return err
}

// ensureScaledERP makes sure a copy of the demo ERP with tables tables (the
// core ones among distractors) is loaded in a database of its own and
// registered as erp<tables>, and returns that name. An existing one of the
// right size is reused: loading takes a while.
func ensureScaledERP(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, tables int) (string, error) {
	name := fmt.Sprintf("erp%d", tables)
	if snap, err := catalog.Load(ctx, meta, name); err == nil && len(snap.Tables) == tables {
		return name, nil
	} else if err != nil && !errors.Is(err, catalog.ErrDatabaseNotFound) {
		return "", err
	}
	cfg, err := pgx.ParseConfig(st.DatabaseURL)
	if err != nil {
		return "", err
	}
	url := target.WithDatabase(st.DatabaseURL, cfg.Database+"_"+name)
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: loading the demo ERP with %d tables into %s (once)\n", tables, redactURL(url))
	if _, err := migrations.EnsureDatabase(ctx, url); err != nil {
		return "", dbUnreachable(url, err)
	}
	target, err := connect(ctx, url)
	if err != nil {
		return "", err
	}
	defer target.Close()
	if _, err := exam.LoadDemo(ctx, meta, target, exam.DemoOptions{
		Name: name, DSN: selfDSN(url), Tables: tables,
		Warn: func(w string) { fmt.Fprintf(m.Stderr, "warning: %s\n", w) },
	}); err != nil {
		return "", err
	}
	return name, nil
}

// ensurePlainERP registers the database registered as annotated (the demo
// ERP at some size) a second time, as <annotated>_plain, without its
// annotations: the same tables, comments and keys, no modules, glosses or
// synonyms, as a database nobody annotated. It returns the name.
func ensurePlainERP(ctx context.Context, m *Main, meta *pgxpool.Pool, annotated string) (string, error) {
	return registerAgain(ctx, m, meta, annotated, annotated+"_plain", "without its annotations", nil)
}

// ensureKeyless registers the dev set's database src again, as
// <src>_keyless, with a catalog that has no primary or foreign key: what
// retrieval makes of a schema that declares none (a warehouse, a migrated
// system), from its names alone, on a set it may be tuned on. The target
// is the same; only nl2sql's catalog of it forgets the keys.
func ensureKeyless(ctx context.Context, m *Main, meta *pgxpool.Pool, src string) (string, error) {
	return registerAgain(ctx, m, meta, src, src+"_keyless", "without its keys", func(name string) error {
		q := dbsqlc.New()
		if err := q.BenchForgetKeys(ctx, meta, name); err != nil {
			return err
		}
		return q.BenchForgetPrimaryKeys(ctx, meta, name)
	})
}

// registerAgain registers the database registered as src a second time, as
// name, from the same target without annotations, then lets alter change
// its catalog (before it is indexed). It is registered anew when src was
// refreshed (reloaded) since, and returns name.
func registerAgain(ctx context.Context, m *Main, meta *pgxpool.Pool, src, name, how string, alter func(name string) error) (string, error) {
	source, err := catalog.GetDatabase(ctx, meta, src)
	if err != nil {
		return "", err
	}
	d, err := catalog.GetDatabase(ctx, meta, name)
	switch {
	case err == nil && d.TableCount == source.TableCount && d.RefreshedAt != nil && source.RefreshedAt != nil && !d.RefreshedAt.Before(*source.RefreshedAt):
		return name, nil
	case err != nil && !errors.Is(err, catalog.ErrDatabaseNotFound):
		return "", err
	}
	conn, err := parts.ConnectTarget(ctx, source, m.getenv)
	if err != nil {
		return "", fmt.Errorf("registering %s %s: %s", src, how, errclass.Classify(err).Message)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: registering %s again as %s, %s\n", src, name, how)
	if _, err := catalog.Refresh(ctx, meta, conn, catalog.Database{Name: name, DSN: source.DSN, Schemas: source.Schemas, ReadOnlyRole: source.ReadOnlyRole}, nil); err != nil {
		return "", err
	}
	if alter != nil {
		if err := alter(name); err != nil {
			return "", err
		}
	}
	return name, nil
}

// setStore says where the bench loads a kind of retrieval set: the
// database beside nl2sql's (<db>_<suffix>) and the registration prefix.
type setStore struct {
	suffix, prefix, kind string
}

var (
	devStore     = setStore{suffix: "rageval", prefix: "rageval_", kind: "dev set"}
	heldoutStore = setStore{suffix: "heldout", prefix: "heldout_", kind: "held-out set"}
)

// ensureRetrievalSet makes sure a set's schema is loaded into the bench's
// scratch database for its kind and registered as <prefix><set>, and
// returns that name and its table count. A load whose tables are not the
// set's (an older schema.sql) is refused rather than measured.
func ensureRetrievalSet(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, set bench.RetrievalSet, store setStore) (string, int, error) {
	name := store.prefix + set.Name
	want, err := set.TableNames()
	if err != nil {
		return "", 0, err
	}
	cfg, err := pgx.ParseConfig(st.DatabaseURL)
	if err != nil {
		return "", 0, err
	}
	url := target.WithDatabase(st.DatabaseURL, cfg.Database+"_"+store.suffix)
	stale := func(snap *catalog.Snapshot) error {
		got := make([]string, len(snap.Tables))
		for i, t := range snap.Tables {
			got[i] = t.Name
		}
		slices.Sort(got)
		if slices.Equal(got, want) {
			return nil
		}
		return usagef("%s %s: schema %s in %s holds %d tables, not the %d its schema.sql creates (an older import?): drop that schema or database and run again",
			store.kind, set.Name, set.Schema, redactURL(url), len(got), len(want))
	}
	if snap, err := catalog.Load(ctx, meta, name); err == nil && len(snap.Tables) > 0 {
		return name, len(snap.Tables), stale(snap)
	} else if err != nil && !errors.Is(err, catalog.ErrDatabaseNotFound) {
		return "", 0, err
	}
	if _, err := migrations.EnsureDatabase(ctx, url); err != nil {
		return "", 0, dbUnreachable(url, err)
	}
	target, err := connect(ctx, url)
	if err != nil {
		return "", 0, err
	}
	defer target.Close()
	conn, err := target.Acquire(ctx)
	if err != nil {
		return "", 0, err
	}
	defer conn.Release()
	d := catalog.Database{Name: name, DSN: selfDSN(url), Schemas: []string{set.Schema}}
	res, err := catalog.Refresh(ctx, meta, conn, d, nil)
	if err == nil && res.Tables > 0 {
		return name, res.Tables, stale(res.Snapshot) // loaded by an earlier run, registration lost
	}
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: loading %s schema %s into %s (once)\n", store.kind, set.Schema, redactURL(url))
	// The set's schema file is data, several statements: the simple protocol.
	if _, err := conn.Exec(ctx, set.SchemaSQL); err != nil {
		return "", 0, fmt.Errorf("loading %s schema %s: %w", store.kind, set.Schema, err)
	}
	if res, err = catalog.Refresh(ctx, meta, conn, d, nil); err != nil {
		return "", 0, err
	}
	return name, res.Tables, nil
}
