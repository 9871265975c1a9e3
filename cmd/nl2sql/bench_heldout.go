package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/bench"
)

// runBenchHeldout is `nl2sql bench heldout import`: the held-out retrieval
// sets made from public benchmarks (README: Retrieval evaluation). It
// prints numbers only, never a question.
func runBenchHeldout(_ context.Context, m *Main, args []string) error {
	const usage = "usage: nl2sql bench heldout import [--beaver DIR] [--fiben DIR] --out DIR [--json]"
	if len(args) == 1 && helpFlag(args[0]) {
		// Its one subcommand's line, as Run answers a group command's -h.
		fmt.Fprintf(m.Stdout, "Usage: %s\n  import the held-out retrieval sets from checkouts of public benchmarks\n", strings.TrimPrefix(usage, "usage: "))
		return nil
	}
	if len(args) == 0 || args[0] != "import" {
		return usagef(usage)
	}
	fs := newFlagSet(m, "bench heldout import")
	beaver := fs.String("beaver", "", "a checkout of github.com/peterbaile/beaver (dev_tables.json, dev_dw.json, dev_nw.json)")
	fiben := fs.String("fiben", "", "a checkout of github.com/IBM/fiben-benchmark (FIBEN.sql, FIBEN_Queries.json)")
	out := fs.String("out", "", "directory to write the sets to, outside the repository (then NL2SQL_BENCH_HELDOUT_DIR)")
	asJSON := fs.Bool("json", false, "print what was imported as JSON")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) > 0 || *out == "" || (*beaver == "" && *fiben == "") {
		return usagef(usage)
	}
	var sets []bench.HeldoutSet
	if *beaver != "" {
		bs, err := bench.ImportBEAVER(*beaver)
		if err != nil {
			return usagef("--beaver: %v", err)
		}
		sets = append(sets, bs...)
	}
	if *fiben != "" {
		fs, err := bench.ImportFIBEN(*fiben)
		if err != nil {
			return usagef("--fiben: %v", err)
		}
		sets = append(sets, *fs)
	}
	if repo := nl2sqlCheckout(*out); repo != "" {
		return usagef("--out %s is inside the nl2sql repository (%s): the held-out sets are fetched data and never go into it", *out, repo)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return usagef("--out: %v", err)
	}
	reports := make([]bench.ImportReport, 0, len(sets))
	for _, s := range sets {
		if err := bench.WriteHeldoutSet(*out, s); err != nil {
			return err
		}
		reports = append(reports, s.Report)
	}
	if *asJSON {
		return m.printJSON(map[string]any{"out": *out, "sets": reports})
	}
	for _, r := range reports {
		fmt.Fprintf(m.Stdout, "%s: %d tables, %d foreign keys; %d of %d questions kept\n", r.Set, r.Tables, r.ForeignKeys, r.Kept, r.Read)
		for _, reason := range slices.Sorted(maps.Keys(r.Skipped)) {
			fmt.Fprintf(m.Stdout, "  skipped, %s: %d\n", reason, r.Skipped[reason])
		}
		// Parser messages, counted: enough to fix the importer without
		// reading a question.
		for _, msg := range slices.Sorted(maps.Keys(r.ParseErrors)) {
			fmt.Fprintf(m.Stdout, "  parse error %q: %d\n", msg, r.ParseErrors[msg])
		}
	}
	fmt.Fprintf(m.Stdout, "written to %s (see each set's SOURCE); measure with NL2SQL_BENCH_HELDOUT_DIR=%s nl2sql bench retrieval\n", *out, *out)
	return nil
}

// nl2sqlCheckout returns the nl2sql source tree dir is in, or "".
func nl2sqlCheckout(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && strings.HasPrefix(string(b), "module github.com/nl2sql/nl2sql\n") {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}
