package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/validate"
)

// checkResult is `nl2sql check --json`.
type checkResult struct {
	OK     bool         `json:"ok"`
	Stage  string       `json:"stage"` // where checking stopped: parse, policy or explain
	SQL    string       `json:"sql"`   // the SQL that would run (LIMIT added)
	Errors []checkError `json:"errors"`
	Lint   []checkLint  `json:"lint"`
	Plan   *checkPlan   `json:"plan,omitempty"`
	// Repair is what the deterministic repair did with a failure the
	// model could fix, as the validate stage runs it: the first round's
	// internal/repair result (applied, sql, fixes, the surgical tier's
	// observation, reason, whitelist), plus rounds (how many repairs ran,
	// validate.MaxRepairRounds at most), repaired_sql (the SQL after the
	// last applied one) and passes (whether that passes the guard and
	// EXPLAIN). Absent when the SQL passed or the failure is not
	// repairable.
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
		return err
	}
	if *db == "" || len(pos) > 0 {
		return usagef("check reads one SQL text from stdin: nl2sql check --db NAME [--json] < query.sql")
	}
	input, err := io.ReadAll(m.Stdin)
	if err != nil {
		return err
	}
	st, pool, targets, done, err := openTargets(ctx, m)
	if err != nil {
		return err
	}
	defer done()

	p, err := parts.New(pool, nil, st.Pipeline)
	if err != nil {
		return err
	}
	// The registration alone: the guard loads the catalog (through p's
	// cache, once for the guard and the repair), and a Load here read the
	// whole of it a second time (docs/DESIGN.md, Indexing a large schema).
	tdb, err := p.Target(ctx, *db)
	if err != nil {
		return unknownDatabase("check", *db, err)
	}
	v, err := validate.New(validate.Config{Guard: p, Explainer: targets, Repairer: p, Logger: st.Logger})
	if err != nil {
		return err
	}

	res, err := check(ctx, v, validate.Request{
		Database: tdb.Name, DB: tdb, Limit: targets.Config().MaxRows + 1,
		Candidates: []validate.Input{{SQL: string(input)}},
	})
	if err != nil {
		return err
	}
	if *asJSON {
		if err := m.printJSON(res); err != nil {
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

// check runs the validate stage's function (validate.Validator.Run) on the
// one candidate of req and reports the verdict on the SQL as given, and
// what the deterministic repair made of a failure.
func check(ctx context.Context, v *validate.Validator, req validate.Request) (*checkResult, error) {
	out, err := v.Run(ctx, req)
	if err != nil {
		ce := errclass.Classify(err)
		if ce.Class != errclass.InfraFailure {
			return nil, err
		}
		// The target is unreachable: a verdict nobody can give, reported
		// as such rather than as a failure of the command.
		return &checkResult{Stage: "explain", Errors: []checkError{{
			Code: "explain.unavailable", Message: ce.Message,
			SQLSTATE: ce.SQLSTATE, Class: string(ce.Class),
		}}, Lint: []checkLint{}}, nil
	}
	c := out.Candidates[0]
	g := c.Given
	stage := g.Stage
	if stage == string(sqlguard.StageLint) {
		// The contract names three stages; lint errors are the guard's
		// policy on structure (codes lint.*).
		stage = string(sqlguard.StagePolicy)
	}
	res := &checkResult{OK: c.GivenErr == nil, Stage: stage, SQL: g.SQL, Errors: []checkError{}, Lint: []checkLint{}}
	for _, e := range g.Violations {
		res.Errors = append(res.Errors, checkError{Code: e.Code, Message: e.Message, SQLSTATE: e.SQLSTATE, Class: e.Class})
	}
	for _, l := range g.Lint {
		res.Lint = append(res.Lint, checkLint{Code: l.Code, Severity: l.Severity, Message: l.Message, Position: l.Position})
	}
	if g.OK {
		res.Stage = "explain"
		if e := c.GivenErr; e != nil {
			res.Errors = append(res.Errors, checkError{Code: "explain.failed", Message: e.Message, SQLSTATE: e.SQLSTATE, Class: string(e.Class)})
		} else if c.Plan != nil {
			res.Plan = &checkPlan{NodeType: c.Plan.NodeType, TotalCost: c.Plan.TotalCost, Rows: c.Plan.Rows}
		}
	}
	if len(c.Repairs) > 0 {
		res.Repair = map[string]any{}
		if err := json.Unmarshal(c.Repairs[0], &res.Repair); err != nil {
			return nil, err
		}
		res.Repair["rounds"] = len(c.Repairs)
		res.Repair["passes"] = c.Err == nil && c.Repaired != ""
		if c.Repaired != "" {
			res.Repair["repaired_sql"] = c.Repaired
		}
	}
	return res, nil
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
