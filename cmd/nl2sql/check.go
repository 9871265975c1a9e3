package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pipeline"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

// checkResult is `nl2sql check --json`.
type checkResult struct {
	OK     bool         `json:"ok"`
	Stage  string       `json:"stage"` // where checking stopped: parse, policy or explain
	SQL    string       `json:"sql"`   // the SQL that would run (LIMIT added)
	Errors []checkError `json:"errors"`
	Lint   []checkLint  `json:"lint"`
	Plan   *checkPlan   `json:"plan,omitempty"`
	// Repair is what the deterministic repair would do with a failure the
	// model could fix: internal/repair's result (applied, sql, fixes, the
	// surgical tier's observation, reason, whitelist) plus passes: whether
	// the repaired SQL passes the guard and EXPLAIN. Absent when the SQL
	// passed or the failure is not repairable.
	Repair map[string]any `json:"repair,omitempty"`
}

type checkError struct {
	Code     string `json:"code"`
	Message  string `json:"message"`
	SQLSTATE string `json:"sqlstate"`
	Class    string `json:"class"`
}

type checkLint struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	// Position is the 1-based character offset in the input; 0 if unknown.
	Position int `json:"position,omitempty"`
}

type checkPlan struct {
	NodeType  string  `json:"node_type"`
	TotalCost float64 `json:"total_cost"`
	Rows      float64 `json:"rows"`
}

func runCheck(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "check")
	db := fs.String("db", "", "registered database whose catalog and server check the SQL (required)")
	asJSON := fs.Bool("json", false, "print the verdict as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *db == "" || len(pos) > 0 {
		return usagef("check reads one SQL text from stdin: nl2sql check --db NAME [--json] < query.sql")
	}
	input, err := io.ReadAll(m.Stdin)
	if err != nil {
		return err
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()

	snap, err := catalog.Load(ctx, pool, *db)
	if errors.Is(err, catalog.ErrDatabaseNotFound) {
		return &errclass.Error{Class: errclass.ValidationBlock, Code: "check.unknown_database",
			Message: fmt.Sprintf("database %q is not registered: nl2sql db add %s --dsn DSN", *db, *db), Err: err}
	}
	if err != nil {
		return err
	}
	targets, err := target.New(st.Target)
	if err != nil {
		return err
	}
	defer targets.Close()
	p, err := pipeline.New(pool, nil, st.Pipeline)
	if err != nil {
		return err
	}

	res := check(ctx, string(input), snap, p, targets, st)
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		printCheck(m.Stdout, res)
	}
	if !res.OK {
		return &exitError{code: exitFailure}
	}
	return nil
}

// check runs the guard, then EXPLAIN, the way the validate stage does.
func check(ctx context.Context, sql string, snap *catalog.Snapshot, p *pipeline.Pipeline, targets *target.Registry, st *settings) *checkResult {
	cfg := st.Pipeline.Guard
	cfg.DefaultLimit = targets.Config().MaxRows + 1
	g, err := sqlguard.New(cfg)
	if err != nil {
		return &checkResult{Stage: "policy", Errors: []checkError{{Code: "config", Message: err.Error(), Class: string(errclass.Unknown)}}, Lint: []checkLint{}}
	}
	v := g.Check(sql, pipeline.Catalog{S: snap})
	stage := string(v.Stage)
	if v.Stage == sqlguard.StageLint {
		// The contract names three stages; lint errors are the guard's
		// policy on structure (codes lint.*).
		stage = string(sqlguard.StagePolicy)
	}
	res := &checkResult{OK: v.OK, Stage: stage, SQL: v.SQL, Errors: []checkError{}, Lint: []checkLint{}}
	for _, e := range v.Errors {
		res.Errors = append(res.Errors, checkError{Code: e.Code, Message: e.Message, SQLSTATE: e.SQLSTATE, Class: string(e.Class)})
	}
	for _, l := range v.Lint {
		res.Lint = append(res.Lint, checkLint{Code: l.Code, Severity: string(l.Severity), Message: l.Message, Position: l.Position})
	}
	if !v.OK {
		if len(v.Errors) > 0 && v.Errors[0].Class.Repairable() {
			res.Repair = checkRepairOf(ctx, sql, v.Errors[0].SQLSTATE, v.Errors[0].Message, snap, p, g, targets)
		}
		return res
	}
	res.Stage = "explain"
	db, err := p.Target(ctx, snap.Database)
	if err == nil {
		var plan *target.Plan
		if plan, err = targets.Explain(ctx, db, v.SQL); err == nil {
			res.Plan = &checkPlan{NodeType: plan.NodeType, TotalCost: plan.TotalCost, Rows: plan.Rows}
			return res
		}
	}
	ce := errclass.Classify(err)
	res.OK = false
	code := "explain.failed"
	if ce.Class == errclass.InfraFailure {
		code = "explain.unavailable"
	}
	res.Errors = append(res.Errors, checkError{Code: code, Message: ce.Message, SQLSTATE: ce.SQLSTATE, Class: string(ce.Class)})
	if ce.Class.Repairable() {
		res.Repair = checkRepairOf(ctx, sql, ce.SQLSTATE, ce.Message, snap, p, g, targets)
	}
	return res
}

// checkRepairOf runs the deterministic repair the validate stage would run
// on a failure, and checks its rewrite the same way: guard, then EXPLAIN.
func checkRepairOf(ctx context.Context, sql, sqlstate, message string, snap *catalog.Snapshot, p *pipeline.Pipeline,
	g *sqlguard.Guard, targets *target.Registry) map[string]any {
	fixed, applied, report, err := p.Repair(ctx, snap.Database, sql, worker.RepairInput{SQLSTATE: sqlstate, Message: message})
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	out := map[string]any{}
	if err := json.Unmarshal(report, &out); err != nil {
		return map[string]any{"error": err.Error()}
	}
	passes := false
	if applied {
		if v := g.Check(fixed, pipeline.Catalog{S: snap}); v.OK {
			if db, err := p.Target(ctx, snap.Database); err == nil {
				_, err = targets.Explain(ctx, db, v.SQL)
				passes = err == nil
			}
		}
	}
	out["passes"] = passes
	return out
}

func printCheck(w io.Writer, r *checkResult) {
	guardOK := r.Stage == "explain"
	if guardOK {
		fmt.Fprintln(w, "guard:   OK")
	} else {
		fmt.Fprintf(w, "guard:   REFUSED at %s\n", r.Stage)
	}
	for _, e := range r.Errors {
		if guardOK {
			continue
		}
		printErr(w, e)
	}
	for _, l := range r.Lint {
		fmt.Fprintf(w, "  lint %s (%s): %s\n", l.Code, l.Severity, l.Message)
	}
	if r.SQL != "" {
		fmt.Fprintf(w, "  would run:\n    %s\n", strings.ReplaceAll(strings.TrimSpace(r.SQL), "\n", "\n    "))
	}
	defer printRepair(w, r.Repair)
	if !guardOK {
		fmt.Fprintln(w, "explain: not run")
		return
	}
	if r.Plan != nil {
		fmt.Fprintf(w, "explain: OK (%s, estimated cost %.2f, ~%.0f rows)\n", r.Plan.NodeType, r.Plan.TotalCost, r.Plan.Rows)
		return
	}
	fmt.Fprintln(w, "explain: FAILED")
	for _, e := range r.Errors {
		printErr(w, e)
	}
}

func printErr(w io.Writer, e checkError) {
	state := ""
	if e.SQLSTATE != "" {
		state = " SQLSTATE " + e.SQLSTATE
	}
	fmt.Fprintf(w, "  %s [%s%s]: %s\n", e.Code, e.Class, state, strings.ReplaceAll(e.Message, "\n", "\n    "))
}

func printRepair(w io.Writer, rep map[string]any) {
	if rep == nil {
		return
	}
	if applied, _ := rep["applied"].(bool); !applied {
		fmt.Fprintf(w, "repair:  none (%v)\n", rep["reason"])
		return
	}
	verdict := "passes guard and EXPLAIN"
	if ok, _ := rep["passes"].(bool); !ok {
		verdict = "still fails"
	}
	fmt.Fprintf(w, "repair:  %v; %s\n    %s\n", rep["reason"], verdict, strings.ReplaceAll(strings.TrimSpace(fmt.Sprint(rep["sql"])), "\n", "\n    "))
}
