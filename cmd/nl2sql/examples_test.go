package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// `nl2sql examples add` loads pairs from a file in the exam's format; the
// service checks them before they are used, which list shows.
func TestExamplesAdd(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	file := filepath.Join(t.TempDir(), "examples.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(
		`{"id": "e1", "question": "List the customers", "difficulty": "easy", "gold_sql": "SELECT name FROM shop.customers"}`+"\n"+
			`{"id": "e2", "question": "How many customers are there?", "difficulty": "easy", "gold_sql": "SELECT count(*) FROM shop.customers"}`+"\n"), 0o600))

	r := c.run("", "examples", "add", "--db", "shop", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "added 2 example(s) to shop (0 already there)")
	r = c.run("", "examples", "add", "--db", "shop", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "added 0 example(s) to shop (2 already there)")

	r = c.run("", "examples", "list", "--db", "shop")
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `file +everyone +waiting for its check +List the customers`, r.stdout)

	// A client's example waits for approval; approve shares it, remove
	// takes it away.
	alice := c.db.NewRole(t, "alice")
	var id int64
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), "INSERT INTO rag.examples (database_name, question, sql, source, created_by) VALUES ('shop', 'Where do customers live?', 'SELECT city FROM shop.customers', 'feedback', $1) RETURNING id", alice).Scan(&id))
	ids := fmt.Sprint(id)
	r = c.run("", "examples", "list", "--db", "shop")
	require.Regexp(t, ids+` +feedback +`+alice+` \(approve to share\) +waiting for its check +Where do customers live\?`, r.stdout)
	// bob's verdict on the same pair was given alice's example: it serves
	// bob too, and list says so.
	bob := c.db.NewRole(t, "bob")
	_, err := c.db.Pool.Exec(context.Background(), `WITH q AS (INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'Where do customers live?') RETURNING id)
		INSERT INTO rag.feedback (query_id, verdict) SELECT id, 'wrong' FROM q`)
	require.NoError(t, err)
	_, err = c.db.Pool.Exec(context.Background(), "UPDATE rag.feedback SET given_by = $1, example_id = $2", bob, id)
	require.NoError(t, err)
	r = c.run("", "examples", "list", "--db", "shop")
	require.Regexp(t, ids+` +feedback +`+alice+`, `+bob+` \(approve to share\) +waiting for its check +Where do customers live\?`, r.stdout)
	r = c.run("", "examples", "approve", "--db", "shop", ids, "1", "99")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "approved 1 example(s) of shop\nnot approved: 1, 99 (no such example of shop, or approved already)")
	r = c.run("", "examples", "list", "--db", "shop")
	require.Regexp(t, ids+` +feedback +everyone +`, r.stdout)
	r = c.run("", "examples", "remove", "--db", "shop", ids)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "removed 1 example(s) of shop")
	r = c.run("", "examples", "remove", "--db", "shop", "x")
	require.Equal(t, exitUsage, r.code)

	r = c.run("", "examples", "add", "--db", "nope", file)
	require.NotEqual(t, 0, r.code)
	// A file it cannot read is named as the command line gives it, not
	// as exam's --questions flag, which examples add does not have.
	r = c.run("", "examples", "add", "--db", "shop", "/nonexistent/examples.jsonl")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "nl2sql: cannot read the examples file: open /nonexistent/examples.jsonl")
	r = c.run("", "exam", "--examples", "sometimes")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "--examples must be on, off or off,on")
}
