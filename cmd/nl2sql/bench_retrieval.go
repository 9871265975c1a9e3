package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/bench"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/pipeline"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/migrations"
	"github.com/nl2sql/nl2sql/worker"
)

// benchRetrievalJSON is `nl2sql bench retrieval --json`: the runs,
// plus what could not run and why.
type benchRetrievalJSON struct {
	Runs    []*bench.RetrievalRun `json:"runs"`
	Skipped []string              `json:"skipped,omitempty"`
}

// erpScaleTables is the large ERP the bench retrieves from: the demo's core
// tables among distractors.
const erpScaleTables = 2000

func runBenchRetrieval(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "bench retrieval")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	sizes := fs.String("sizes", "75,2000", "ERP sizes to measure at, comma-separated: 75 (the demo) and/or 2000 (with distractors)")
	unseen := fs.Bool("unseen", true, "also measure on the evaluation schemas the retriever was never tuned on (sap, saas, legacy, clinic)")
	misses := fs.Bool("misses", false, "list the questions whose retrieval left out an expected table")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(pos) > 0 {
		return usagef("bench retrieval takes no arguments: nl2sql bench retrieval [--json] [--sizes 75,2000]")
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
	qs, _, err := loadExamQuestions("")
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
	lexical, err := pipeline.New(meta, nil, st.Pipeline)
	if err != nil {
		return err
	}
	// Hybrid runs need the embedding model: the databases are indexed with
	// it, and questions embedded by it. Without it they are skipped, and
	// the report says why.
	var hybrid *pipeline.Pipeline
	out := benchRetrievalJSON{Runs: []*bench.RetrievalRun{}}
	model, embedModel, why := embedder(ctx, st.LLM)
	if model != nil {
		client, err := llm.New(st.LLM)
		if err != nil {
			return err
		}
		if hybrid, err = pipeline.New(meta, client, unlinked(st.Pipeline)); err != nil {
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
	measure := func(set, database string, tables int, questions []bench.RetrievalQuestion) error {
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
		run, err := bench.RunRetrieval(ctx, set, tables, retrieval.ModeLexical, questions, pipelineRetriever(lexical, database))
		if err != nil {
			return err
		}
		out.Runs = append(out.Runs, run)
		if hybrid != nil {
			run, err = bench.RunRetrieval(ctx, set, tables, retrieval.ModeHybrid, questions, pipelineRetriever(hybrid, database))
			if err != nil {
				return err
			}
			out.Runs = append(out.Runs, run)
		}
		if linked != nil {
			run, err = bench.RunRetrieval(ctx, set, tables, "linked", questions, linkedRetriever(linked, database))
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
		if err := measure("erp", name, 0, questions); err != nil {
			return err
		}
	}
	if *unseen {
		sets, err := bench.RetrievalSets()
		if err != nil {
			return err
		}
		for _, set := range sets {
			name, tables, err := ensureRetrievalSet(ctx, m, st, meta, set)
			if err != nil {
				return err
			}
			if err := measure(set.Name, name, tables, set.Questions); err != nil {
				return err
			}
		}
	}

	if *asJSON {
		if !*misses {
			for _, r := range out.Runs {
				r.Misses = nil
			}
		}
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "set\ttables\tmode\tquestions\tall expected\trecall\tprecision\tF1\ttables returned\tp50 ms\tp95 ms\t")
	for _, r := range out.Runs {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.1f\t%.2f\t%.2f\t\n", r.Set, r.Tables, r.Mode, r.Questions,
			r.FullRecall, r.MeanRecall, r.MeanPrecision, r.MeanF1, r.MeanTables, r.P50MS, r.P95MS)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range out.Runs {
		for mode, n := range r.Modes {
			fmt.Fprintf(m.Stdout, "%s at %d tables: %d question(s) retrieved in mode %q, not %q\n", r.Set, r.Tables, n, mode, r.Mode)
		}
		if *misses {
			for _, x := range r.Misses {
				fmt.Fprintf(m.Stdout, "  %s (%d tables): missing %s\n", x.ID, x.Got, strings.Join(x.Missing, ", "))
			}
		}
	}
	for _, s := range out.Skipped {
		fmt.Fprintln(m.Stdout, s)
	}
	return nil
}

// pipelineRetriever retrieves through the pipeline's retrieve stage, the
// path questions take, and reads the tables from its metadata.
func pipelineRetriever(p *pipeline.Pipeline, database string) bench.Retriever {
	return func(ctx context.Context, question string) (*bench.Retrieved, error) {
		// RAG forced: below RETRIEVAL_TABLE_THRESHOLD the pipeline would
		// give small schemas in full, and that measures nothing.
		res, err := p.Retrieve(ctx, worker.RetrieveRequest{Database: database, Question: question, Retrieval: "rag"})
		if err != nil {
			return nil, err
		}
		var md struct {
			Strategy       string   `json:"strategy"`
			Mode           string   `json:"mode"`
			TablesIncluded []string `json:"tablesIncluded"`
			EmbedMS        float64  `json:"embedMs"`
		}
		if err := json.Unmarshal(res.Metadata, &md); err != nil {
			return nil, fmt.Errorf("retrieval metadata: %w", err)
		}
		mode := md.Mode
		if md.Strategy != "rag" || mode == "" {
			mode = md.Strategy
		}
		return &bench.Retrieved{Tables: md.TablesIncluded, Mode: mode,
			Embedding: time.Duration(md.EmbedMS * float64(time.Millisecond))}, nil
	}
}

// ensureIndexed indexes snap's database when it has no schema index, one
// older than the catalog, or, when embedModel answers, one without its
// embeddings: a bench over a missing index would measure the fallback, not
// retrieval.
func ensureIndexed(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, snap *catalog.Snapshot, embedModel string) error {
	searcher, err := schemaindex.NewSearcher(meta, st.Index)
	if err != nil {
		return err
	}
	info, err := searcher.Info(ctx, snap.Database)
	switch {
	case err == nil && info.CatalogVersion >= snap.Version && (embedModel == "" || info.EmbedModel == embedModel):
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
	url := withDatabase(st.DatabaseURL, cfg.Database+"_"+name)
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: loading the demo ERP with %d tables into %s (once)\n", tables, redactURL(url))
	if _, err := migrations.EnsureDatabase(ctx, url); err != nil {
		return "", dbUnreachable(url, err)
	}
	target, err := connect(ctx, url)
	if err != nil {
		return "", err
	}
	defer target.Close()
	if _, err := exam.LoadDemo(ctx, meta, target, exam.DemoOptions{Name: name, DSN: selfDSN(url), Tables: tables,
		Warn: func(w string) { fmt.Fprintf(m.Stderr, "warning: %s\n", w) }}); err != nil {
		return "", err
	}
	return name, nil
}

// ensureRetrievalSet makes sure an evaluation set's schema is loaded into
// the bench's scratch database and registered as rageval_<set>, and returns
// that name and its table count.
func ensureRetrievalSet(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, set bench.RetrievalSet) (string, int, error) {
	name := "rageval_" + set.Name
	if snap, err := catalog.Load(ctx, meta, name); err == nil && len(snap.Tables) > 0 {
		return name, len(snap.Tables), nil
	} else if err != nil && !errors.Is(err, catalog.ErrDatabaseNotFound) {
		return "", 0, err
	}
	cfg, err := pgx.ParseConfig(st.DatabaseURL)
	if err != nil {
		return "", 0, err
	}
	url := withDatabase(st.DatabaseURL, cfg.Database+"_rageval")
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
		return name, res.Tables, nil // loaded by an earlier run, registration lost
	}
	fmt.Fprintf(m.Stderr, "nl2sql bench retrieval: loading evaluation schema %s into %s (once)\n", set.Schema, redactURL(url))
	// The set's schema file is data, several statements: the simple protocol.
	if _, err := conn.Exec(ctx, set.SchemaSQL); err != nil {
		return "", 0, fmt.Errorf("loading evaluation schema %s: %w", set.Schema, err)
	}
	if res, err = catalog.Refresh(ctx, meta, conn, d, nil); err != nil {
		return "", 0, err
	}
	return name, res.Tables, nil
}

// withDatabase returns url with its database name replaced.
func withDatabase(url, database string) string {
	cfg, err := pgx.ParseConfig(url)
	if err != nil || cfg.Database == "" {
		return url
	}
	if i := strings.LastIndex(url, "/"+cfg.Database); i >= 0 && strings.HasPrefix(url, "postgres") {
		return url[:i+1] + database + url[i+1+len(cfg.Database):]
	}
	// Key/value DSN: dbname=... (a later key wins in libpq's syntax).
	return url + " dbname=" + database
}
