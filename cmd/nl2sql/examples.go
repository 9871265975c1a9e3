package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/examples"
)

// examplesUsage lists the subcommands of examples.
const examplesUsage = "add --db NAME FILE | list --db NAME | approve --db NAME ID... | remove --db NAME ID..."

// runExamples manages a database's verified examples (README "Examples and
// feedback"): add loads question–SQL pairs from a file in the exam's
// format, list shows them with whether they are in use, approve shares a
// client's with every role, remove takes them away.
func runExamples(ctx context.Context, m *Main, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return usagef("examples needs a subcommand: " + examplesUsage)
	}
	sub, args := args[0], args[1:]
	if !slices.Contains([]string{"add", "list", "approve", "remove"}, sub) {
		// Before the flags: `examples frobnicate -h` is no command's help.
		return usagef("unknown examples subcommand %q: %s", sub, examplesUsage)
	}
	fs := newFlagSet(m, "examples "+sub)
	db := fs.String("db", "", "registered database the examples are of")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	var ids []int64
	switch {
	case *db == "":
		return usagef("examples %s needs --db NAME", sub)
	case sub == "add" && len(pos) != 1:
		return usagef("examples add needs one FILE: nl2sql examples add --db NAME FILE (JSON or JSONL, the exam's question format: exam/QUESTIONS.md)")
	case sub == "list" && len(pos) > 0:
		return usagef("examples list takes no arguments")
	case sub == "approve" || sub == "remove":
		if len(pos) == 0 {
			return usagef("examples %s needs the examples' ids: nl2sql examples %s --db NAME ID... (nl2sql examples list shows them)", sub, sub)
		}
		for _, p := range pos {
			id, err := strconv.ParseInt(p, 10, 64)
			if err != nil {
				return usagef("examples %s: %q is not an example id", sub, p)
			}
			ids = append(ids, id)
		}
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := catalog.GetDatabase(ctx, pool, *db); err != nil {
		return examError(*db, err)
	}
	switch sub {
	case "list":
		return listExamples(ctx, m, pool, *db)
	case "approve", "remove":
		return changeExamples(ctx, m, pool, sub, *db, ids)
	}
	qs, _, err := loadExamQuestions(pos[0], "the examples file")
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
	fmt.Fprintln(w, "ID\tSOURCE\tSERVES\tSTATE\tQUESTION")
	for _, r := range rows {
		state := "in use"
		switch {
		case r.Stale && r.StaleReason != nil:
			// One line: EXPLAIN's reasons can hold several.
			state = "stale: " + strings.Join(strings.Fields(*r.StaleReason), " ")
		case !r.Current:
			state = "waiting for its check"
		}
		serves := "everyone"
		if r.ApprovedAt == nil {
			serves = strings.Join(append([]string{r.CreatedBy}, r.ConfirmedBy...), ", ") + " (approve to share)"
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", r.ID, r.Source, serves, state, strings.Join(strings.Fields(r.Question), " "))
	}
	return w.Flush()
}

// changeExamples approves or removes the database's examples ids and says
// which ids it did not find (or found approved already).
func changeExamples(ctx context.Context, m *Main, pool dbsqlc.DBTX, sub, db string, ids []int64) error {
	q := dbsqlc.New()
	var done []int64
	var err error
	if sub == "approve" {
		done, err = q.ApproveExamples(ctx, pool, &dbsqlc.ApproveExamplesParams{DatabaseName: db, Ids: ids})
	} else {
		done, err = q.RemoveExamples(ctx, pool, &dbsqlc.RemoveExamplesParams{DatabaseName: db, Ids: ids})
	}
	if err != nil {
		return err
	}
	verb := map[string]string{"approve": "approved", "remove": "removed"}[sub]
	fmt.Fprintf(m.Stdout, "%s %d example(s) of %s\n", verb, len(done), db)
	var missed []string
	for _, id := range ids {
		if !slices.Contains(done, id) {
			missed = append(missed, strconv.FormatInt(id, 10))
		}
	}
	if len(missed) > 0 {
		why := "no such example of " + db
		if sub == "approve" {
			why += ", or approved already"
		}
		fmt.Fprintf(m.Stdout, "not %s: %s (%s)\n", verb, strings.Join(missed, ", "), why)
	}
	return nil
}
