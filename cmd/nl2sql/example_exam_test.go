package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// An exam file is JSON lines: a question, its difficulty and the gold SQL
// whose result the answer must match. `nl2sql exam run` asks every question
// through the service and compares results (extra columns are allowed, a
// missing filter is not); --json prints the report.
func Example_exam() {
	shop := startExampleShop(map[string]string{
		"How many customers are there?": "SELECT count(*) FROM customers",
		// Right, with the customer id as an extra column.
		"What is the total amount of all orders per customer?": "SELECT c.customer_id, c.name, sum(o.total_amount) AS total FROM customers c JOIN orders o USING (customer_id) GROUP BY c.customer_id, c.name",
		// Wrong: the filter is missing.
		"Which customers live in London?": "SELECT name FROM customers",
	})
	defer shop.close()

	dir, err := os.MkdirTemp("", "nl2sql-exam-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "exam.jsonl")
	if err := os.WriteFile(file, []byte(examShopQuestions), 0o600); err != nil {
		panic(err)
	}

	out, err := exampleRun(context.Background(), shop.env, "exam", "run", "--db", "shop", "--questions", file, "--json")
	if err != nil {
		panic(err)
	}
	var report struct {
		PerRun []struct {
			Passed int `json:"passed"`
			Total  int `json:"total"`
		} `json:"per_run"`
		ByDifficulty []struct {
			Name   string `json:"name"`
			Passed int    `json:"passed"`
			Total  int    `json:"total"`
		} `json:"by_difficulty"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		panic(err)
	}
	fmt.Printf("passed %d of %d\n", report.PerRun[0].Passed, report.PerRun[0].Total)
	for _, d := range report.ByDifficulty {
		fmt.Printf("%s: %d of %d\n", d.Name, d.Passed, d.Total)
	}

	// Output:
	// passed 2 of 3
	// easy: 1 of 1
	// medium: 1 of 1
	// hard: 0 of 1
}
