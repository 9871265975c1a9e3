package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Asking from Go needs nothing of nl2sql but its tables: INSERT the question
// into rag.queries and wait for its notification on rag_query_done, which
// carries the id and the terminal status. LISTEN before the INSERT, so the
// notification cannot be missed.
func Example_ask() {
	shop := startExampleShop(map[string]string{"Which customers do we have?": "SELECT name FROM customers ORDER BY name"})
	defer shop.close()

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, shop.url)
	if err != nil {
		panic(err)
	}
	defer conn.Close(ctx)

	if _, err := conn.Exec(ctx, "LISTEN rag_query_done"); err != nil {
		panic(err)
	}
	var id int64
	err = conn.QueryRow(ctx, "INSERT INTO rag.queries (database_name, question) VALUES ($1, $2) RETURNING id",
		"shop", "Which customers do we have?").Scan(&id)
	if err != nil {
		panic(err)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			panic(err)
		}
		var done struct {
			ID     int64  `json:"id"`
			Status string `json:"status"`
		}
		if err := json.Unmarshal([]byte(n.Payload), &done); err != nil {
			panic(err)
		}
		if done.ID == id {
			fmt.Println("status:", done.Status)
			break
		}
	}

	// Output:
	// status: succeeded
}

// A finished question's rows are in rag.query_results: the columns with
// their types and the rows as JSON arrays, numerics as PostgreSQL wrote
// them; rag.queries holds the question, its status and its SQL.
func Example_queryResults() {
	shop := startExampleShop(map[string]string{"What did each customer spend?": "SELECT c.name, sum(o.total_amount) AS spent FROM customers c JOIN orders o USING (customer_id) GROUP BY c.name ORDER BY c.name"})
	defer shop.close()
	// Ask as in Example_ask (here through the CLI, which does the same).
	if _, err := exampleRun(context.Background(), shop.env, "ask", "--db", "shop", "What did each customer spend?"); err != nil {
		panic(err)
	}

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, shop.url)
	if err != nil {
		panic(err)
	}
	defer conn.Close(ctx)

	var (
		status   string
		columns  []struct{ Name, Type string }
		rows     [][]json.RawMessage // JSON values: numerics keep their digits
		rowCount int
	)
	err = conn.QueryRow(ctx, `SELECT q.status, r.columns, r.rows, r.row_count
		FROM rag.queries q JOIN rag.query_results r ON r.query_id = q.id
		WHERE q.question = $1`, "What did each customer spend?").Scan(&status, &columns, &rows, &rowCount)
	if err != nil {
		panic(err)
	}
	fmt.Println(status, rowCount, "rows")
	for _, c := range columns {
		fmt.Printf("%s %s\n", c.Name, c.Type)
	}
	for _, r := range rows {
		fmt.Printf("%s %s\n", r[0], r[1])
	}

	// Output:
	// succeeded 2 rows
	// name text
	// spent numeric
	// "Ada" 200.50
	// "Grace" 42.25
}
