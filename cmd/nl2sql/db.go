package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/parts"
)

func runDB(ctx context.Context, m *Main, args []string) error {
	if len(args) == 0 {
		return usagef("db needs a subcommand: add NAME --dsn DSN [--schema S]... [--annotations FILE], list, or remove NAME [--with-history]")
	}
	switch args[0] {
	case "add":
		return runDBAdd(ctx, m, args[1:])
	case "list":
		return runDBList(ctx, m, args[1:])
	case "remove":
		return runDBRemove(ctx, m, args[1:])
	}
	return usagef("unknown db subcommand %q (add, list, remove)", args[0])
}

// runDBRemove unregisters a database: its catalog, schema index, examples
// and client grants go with it; its questions and exam runs only when
// --with-history says so.
func runDBRemove(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "db remove")
	withHistory := fs.Bool("with-history", false, "also delete the database's questions (with their answers and telemetry) and exam runs")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("db remove needs one NAME: nl2sql db remove NAME [--with-history]")
	}
	_, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	removed, err := catalog.RemoveDatabase(ctx, pool, pos[0], *withHistory)
	if err != nil {
		if _, ok := errors.AsType[*catalog.HistoryError](err); ok {
			return &errclass.Error{Class: errclass.ValidationBlock, Code: "db.history", Message: err.Error(), Err: err}
		}
		if _, ok := errors.AsType[*catalog.InUseError](err); ok {
			return &errclass.Error{Class: errclass.InfraFailure, Code: "db.in_use", Message: err.Error(), Err: err}
		}
		return unknownDatabase("db remove", pos[0], err)
	}
	fmt.Fprintf(m.Stdout, "removed %s (its catalog, schema index, examples and client grants), %d question(s) and %d exam run(s)\n",
		pos[0], removed.Questions, removed.ExamRuns)
	return nil
}

func runDBAdd(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "db add")
	dsn := fs.String("dsn", "", "connection string without a password (PGPASSFILE/PGPASSWORD supply it), or env:VAR naming a variable that holds the DSN; default on refresh: the registered one")
	var schemas stringList
	fs.Var(&schemas, "schema", "schema to include, repeatable, in search_path order (default on refresh: the registered ones; else public)")
	annotations := fs.String("annotations", "", "JSON file of modules, glosses and synonyms (default on refresh: the stored one)")
	role := fs.String("role", "", "role to assume (SET LOCAL ROLE) for EXPLAIN and execution on this database, e.g. one with SELECT only on its schemas (default on refresh: the registered one; else NL2SQL_READ_ONLY_ROLE)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("db add needs exactly one NAME")
	}
	if err := catalog.ValidateName(pos[0]); err != nil {
		return usagef("db add: %v", strings.TrimPrefix(err.Error(), "catalog: "))
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()

	var ann []byte
	if *annotations != "" {
		if ann, err = os.ReadFile(*annotations); err != nil {
			return usagef("cannot read --annotations: %v", err)
		}
	}
	res, err := addDatabase(ctx, m, pool, catalog.Database{Name: pos[0], DSN: *dsn, Schemas: schemas, ReadOnlyRole: *role, DefaultRole: st.Target.ReadOnlyRole}, ann)
	if err != nil {
		return err
	}
	printRefresh(m, res)
	// The catalog is stored; an index build that fails leaves it
	// registered, and `nl2sql index` can be run again.
	stats, err := indexDatabase(ctx, m, st, pool, res.Snapshot, nil, nil)
	if err != nil {
		return fmt.Errorf("%s is registered, but indexing it failed (run nl2sql index --db %s): %w", res.Database.Name, res.Database.Name, err)
	}
	printIndex(m, stats, st)
	return nil
}

// addDatabase registers or refreshes d, filling what the command line left
// out from the existing registration, and introspects it.
func addDatabase(ctx context.Context, m *Main, meta *pgxpool.Pool, d catalog.Database, ann []byte) (*catalog.RefreshResult, error) {
	existing, err := catalog.GetDatabase(ctx, meta, d.Name)
	switch {
	case err == nil:
		if d.DSN == "" {
			d.DSN = existing.DSN
		}
		if len(d.Schemas) == 0 {
			d.Schemas = existing.Schemas
		}
		if d.ReadOnlyRole == "" {
			d.ReadOnlyRole = existing.ReadOnlyRole
		}
	case errors.Is(err, catalog.ErrDatabaseNotFound):
		if d.DSN == "" {
			return nil, usagef("db add %s: --dsn is required the first time", d.Name)
		}
	default:
		return nil, err
	}
	return parts.RefreshDatabase(ctx, meta, d, ann, m.getenv)
}

func printRefresh(m *Main, res *catalog.RefreshResult) {
	d := res.Database
	fmt.Fprintf(m.Stdout, "%s: %d tables, %d columns, %d foreign keys in schema(s) %s; catalog version %d",
		d.Name, res.Tables, res.Columns, res.ForeignKeys, strings.Join(d.Schemas, ", "), d.CatalogVersion)
	if res.AnnotatedTables > 0 {
		how := "from the file"
		if res.AnnotationsReused {
			how = "kept from the last refresh"
		}
		fmt.Fprintf(m.Stdout, "; %d tables annotated (%s)", res.AnnotatedTables, how)
	}
	fmt.Fprintln(m.Stdout)
	if d.ReadOnlyRole != "" {
		fmt.Fprintf(m.Stdout, "questions on %s run as role %s (SET LOCAL ROLE)\n", d.Name, d.ReadOnlyRole)
	}
	if res.Tables == 0 {
		fmt.Fprintf(m.Stderr, "warning: %s has no tables in schema(s) %s that questions could read: questions about it fail until it has some (run db add again then)\n",
			d.Name, strings.Join(d.Schemas, ", "))
	}
	if n := len(res.Unreadable); n > 0 {
		// As SQL names them: a key ("s1.Invoice Lines") is not.
		shown := make([]string, 0, min(n, 10))
		for _, k := range res.Unreadable[:min(n, 10)] {
			if schema, name, ok := catalog.SplitTableKey(k); ok {
				k = catalog.QuoteIdent(schema) + "." + catalog.QuoteIdent(name)
			}
			shown = append(shown, k)
		}
		more := ""
		if n > len(shown) {
			more = fmt.Sprintf(" and %d more", n-len(shown))
		}
		fmt.Fprintf(m.Stderr, "warning: %d table(s) left out of the catalog: the role questions run as may not read them (grant it USAGE on their schema and SELECT, or REFRESH a materialized view not yet populated, and run db add again): %s%s\n",
			n, strings.Join(shown, ", "), more)
	}
	if res.UnknownAnnotations != nil {
		fmt.Fprintf(m.Stderr, "warning: %v\n", res.UnknownAnnotations)
	}
}

func runDBList(ctx context.Context, m *Main, args []string) error {
	if err := parseNoArgs(newFlagSet(m, "db list"), args, "db list takes no arguments"); err != nil {
		return err
	}
	_, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	dbs, err := catalog.ListDatabases(ctx, pool)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSCHEMAS\tROLE\tTABLES\tVERSION\tREFRESHED\tDSN")
	for _, d := range dbs {
		refreshed := "-"
		if d.RefreshedAt != nil {
			refreshed = d.RefreshedAt.Format("2006-01-02 15:04")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\n", d.Name, strings.Join(d.Schemas, ","), orDash(d.ReadOnlyRole), d.TableCount, d.CatalogVersion, refreshed, d.DSN)
	}
	return tw.Flush()
}
