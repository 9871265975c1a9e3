package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/examples"
)

// runExamples manages a database's verified examples (README "Examples and
// feedback"): add loads question–SQL pairs from a file in the exam's
// format, list shows them with whether they are in use.
func runExamples(ctx context.Context, m *Main, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return usagef("examples needs a subcommand: add --db NAME FILE | list --db NAME")
	}
	sub, args := args[0], args[1:]
	fs := newFlagSet(m, "examples "+sub)
	db := fs.String("db", "", "registered database the examples are of")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case sub != "add" && sub != "list":
		return usagef("unknown examples subcommand %q (add, list)", sub)
	case *db == "":
		return usagef("examples %s needs --db NAME", sub)
	case sub == "add" && len(pos) != 1:
		return usagef("examples add needs one FILE: nl2sql examples add --db NAME FILE (JSON or JSONL, the exam's question format: exam/QUESTIONS.md)")
	case sub == "list" && len(pos) > 0:
		return usagef("examples list takes no arguments")
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := catalog.GetDatabase(ctx, pool, *db); err != nil {
		return examError(*db, err)
	}
	if sub == "list" {
		return listExamples(ctx, m, pool, *db)
	}
	qs, _, err := loadExamQuestions(pos[0])
	if err != nil {
		return err
	}
	pairs := make([]examples.Pair, len(qs))
	for i, q := range qs {
		pairs[i] = examples.Pair{Question: q.Question, SQL: q.GoldSQL, Ref: q.ID}
	}
	store, err := examples.New(pool, st.Worker.Examples)
	if err != nil {
		return err
	}
	added, err := store.Add(ctx, *db, pairs)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "added %d example(s) to %s (%d already there); the service checks them with the guard and EXPLAIN before using them: nl2sql examples list --db %s\n",
		added, *db, len(pairs)-added, *db)
	return nil
}

func listExamples(ctx context.Context, m *Main, pool dbsqlc.DBTX, db string) error {
	rows, err := dbsqlc.New().ListExamples(ctx, pool, db)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tSOURCE\tSTATE\tQUESTION")
	for _, r := range rows {
		state := "in use"
		switch {
		case r.Stale && r.StaleReason != nil:
			state = "stale: " + *r.StaleReason
		case !r.Current:
			state = "waiting for its check"
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", r.ID, r.Source, state, r.Question)
	}
	return w.Flush()
}
