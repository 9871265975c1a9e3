package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

func runIndex(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "index")
	name := fs.String("db", "", "registered database to index")
	asJSON := fs.Bool("json", false, "print what was indexed as JSON")
	modulesFile := fs.String("modules", "", `JSON file mapping tables to modules, {"employees": "HR", "erp.payslips": "Payroll"} (default: the one given last time, else annotations, else derived from schema names and name prefixes)`)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *name == "" || len(pos) > 0 {
		return usagef("index needs --db NAME and no other arguments")
	}
	var modules map[string]string
	if *modulesFile != "" {
		b, err := os.ReadFile(*modulesFile)
		if err != nil {
			return usagef("cannot read --modules: %v", err)
		}
		if modules, err = schemaindex.ParseModules(b); err != nil {
			return &errclass.Error{Class: errclass.ValidationBlock, Code: "index.modules", Message: err.Error(), Err: err}
		}
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	snap, err := catalog.Load(ctx, pool, *name)
	if err != nil {
		if errors.Is(err, catalog.ErrDatabaseNotFound) {
			return &errclass.Error{
				Class: errclass.ValidationBlock, Code: "index.unknown_database",
				Message: fmt.Sprintf("database %q is not registered (nl2sql db add %s --dsn ...)", *name, *name), Err: err,
			}
		}
		return err
	}
	stats, err := indexDatabase(ctx, m, st, pool, snap, nil, modules)
	if err != nil {
		return err
	}
	if *asJSON {
		return m.printJSON(stats)
	}
	printIndex(m, stats, st)
	return nil
}

// indexDatabase builds the schema index of snap's database
// (parts.IndexDatabase): values sampled from target, or from the database
// its registered DSN reaches when target is nil; table and column
// embeddings from the configured embedding model when it answers.
func indexDatabase(ctx context.Context, m *Main, st *settings, meta *pgxpool.Pool, snap *catalog.Snapshot, target schemaindex.Target, modules map[string]string) (*schemaindex.Stats, error) {
	o := parts.IndexOptions{Target: target, Modules: modules, DefaultRole: st.Target.ReadOnlyRole, Getenv: m.getenv, Index: st.Index}
	model, err := llm.Open(st.LLM)
	if err != nil {
		o.NoModelReason = err.Error()
	} else {
		defer model.Close()
		o.Model = model
	}
	return parts.IndexDatabase(ctx, meta, snap, o)
}

// embedder returns the configured embedding model when it answers, or why
// not (parts.Embedder).
func embedder(ctx context.Context, cfg llm.Config) (schemaindex.Embedder, string, string) {
	client, err := llm.Open(cfg)
	if err != nil {
		return nil, "", err.Error()
	}
	return parts.Embedder(ctx, client)
}

func printIndex(m *Main, s *schemaindex.Stats, st *settings) {
	w := m.Stdout
	fmt.Fprintf(w, "%s: indexed %d tables, %d columns and %d values in %.1fs (catalog version %d, index format %d)\n",
		s.Database, s.Tables, s.Columns, s.Values.Values, s.Millis/1000, s.CatalogVersion, s.Format)
	v := s.Values
	fmt.Fprintf(w, "values: %d from CHECK lists and enums, %d sampled from %d table(s), in %d columns", v.FromChecks, v.Values-v.FromChecks-v.Reused, v.TablesSampled, v.Columns)
	if v.Reused > 0 {
		fmt.Fprintf(w, "; %d kept from the previous index for the tables that could not be sampled", v.Reused)
	}
	if v.Skipped != "" {
		fmt.Fprintf(w, "; not sampled: %s", v.Skipped)
	}
	fmt.Fprintln(w)
	if len(v.SkippedValues) > 0 {
		fmt.Fprintf(w, "values left out: %s\n", skippedValues(v.SkippedValues))
	}
	if v.Failed > 0 || v.ColumnsFailed > 0 {
		fmt.Fprintf(w, "not sampled: %d table(s), %d column(s) (their CHECK values are indexed, and what the previous index sampled of them is kept)\n", v.Failed, v.ColumnsFailed)
	}
	for _, e := range v.Errors {
		fmt.Fprintf(m.Stderr, "warning: value index: %s\n", e)
	}
	if n := v.Failed + v.ColumnsFailed + v.SkippedValues[schemaindex.SkipStoreFailed]; n > len(v.Errors) {
		fmt.Fprintf(m.Stderr, "warning: value index: %d more tables, columns or values could not be indexed\n", n-len(v.Errors))
	}
	mods := make([]string, 0, len(s.Modules))
	for _, name := range sortedModules(s.Modules) {
		mods = append(mods, fmt.Sprintf("%s (%d)", name, s.Modules[name]))
	}
	if len(mods) > 0 {
		fmt.Fprintf(w, "tables per module: %s\n", strings.Join(mods, ", "))
	}
	if len(s.UnknownModuleTables) > 0 {
		fmt.Fprintf(m.Stderr, "warning: the module mapping names tables the catalog does not have: %s\n", strings.Join(s.UnknownModuleTables, ", "))
	}
	fmt.Fprintf(w, "lexical index: %d terms, %d postings, a vocabulary of %d schema words\n", s.Terms, s.Postings, s.Vocabulary)
	e := s.Embeddings
	switch {
	case e.Model != "":
		fmt.Fprintf(w, "embeddings: %s, %d dimensions: %d embedded, %d unchanged and reused; searched with %s\n",
			e.Model, e.Dims, e.Embedded, e.Reused, vectorsName(s))
		if len(e.Cut) > 0 {
			fmt.Fprintf(m.Stderr, "warning: %d document(s) longer than the context window of %s were embedded by their front (a model with a longer window, or a shorter comment, embeds them whole): %s\n",
				len(e.Cut), e.Model, strings.Join(e.Cut, ", "))
		}
	default:
		fmt.Fprintf(w, "embeddings: none (%s); retrieval runs lexical search and the foreign-key graph\n", e.Skipped)
	}
}

// skippedValues says why values were left out: "2 duplicate (the same
// once trimmed: merged), 1 empty".
func skippedValues(by map[string]int) string {
	why := map[string]string{
		schemaindex.SkipDuplicate:   "the same once trimmed: merged",
		schemaindex.SkipEmpty:       "blank",
		schemaindex.SkipTooLong:     "too long for a name or code",
		schemaindex.SkipNumber:      "numbers",
		schemaindex.SkipInvalidText: "not valid UTF-8 or holding NUL",
		schemaindex.SkipStoreFailed: "refused by the database",
	}
	reasons := make([]string, 0, len(by))
	for r := range by {
		reasons = append(reasons, r)
	}
	slices.Sort(reasons)
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		parts[i] = fmt.Sprintf("%d %s", by[r], r)
		if why[r] != "" {
			parts[i] += " (" + why[r] + ")"
		}
	}
	return strings.Join(parts, ", ")
}

func vectorsName(s *schemaindex.Stats) string {
	switch s.Vectors {
	case schemaindex.VectorsPgvector:
		return "pgvector (HNSW, cosine)"
	case schemaindex.VectorsArray:
		return "exact cosine over real[] (" + cmp.Or(s.VectorsReason, "pgvector is not installed") + ")"
	}
	return s.Vectors
}

func sortedModules(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
