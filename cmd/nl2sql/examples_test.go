package main

import (
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
	require.Regexp(t, `file +waiting for its check +List the customers`, r.stdout)

	r = c.run("", "examples", "add", "--db", "nope", file)
	require.NotEqual(t, 0, r.code)
	r = c.run("", "exam", "--examples", "sometimes")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "--examples must be on, off or off,on")
}
