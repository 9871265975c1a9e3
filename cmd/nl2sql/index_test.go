package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

func TestIndex(t *testing.T) {
	t.Parallel()

	t.Run("DBAddIndexes", func(t *testing.T) {
		t.Parallel()
		c := setup(t) // the fake Ollama has nomic-embed-text
		r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "shop: indexed 2 tables, 6 columns and 4 values")
		require.Contains(t, r.stdout, fmt.Sprintf("index format %d)", schemaindex.Format))
		require.Contains(t, r.stdout, "values: 0 from CHECK lists and enums, 4 sampled from 1 table(s), in 2 columns")
		require.Contains(t, r.stdout, "embeddings: nomic-embed-text")
		require.Contains(t, r.stdout, "8 embedded, 0 unchanged and reused")

		r = c.run("", "index", "--db", "shop", "--json")
		require.Equal(t, 0, r.code, r.stderr)
		var st schemaindex.Stats
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &st))
		require.Equal(t, 2, st.Tables)
		require.Equal(t, 8, st.Embeddings.Reused, "nothing changed: nothing is embedded again")
		require.Zero(t, st.Embeddings.Embedded)
	})

	t.Run("DocumentLongerThanTheWindow", func(t *testing.T) {
		t.Parallel()
		c := setup(t) // the fake's window: 2048 tokens, 8192 bytes
		_, err := c.db.Pool.Exec(context.Background(), `COMMENT ON COLUMN shop.customers.city IS '`+strings.Repeat("The city of the billing address. ", 300)+`'`)
		require.NoError(t, err)
		r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "8 embedded, 0 unchanged and reused")
		require.Contains(t, r.stderr, "warning: 1 document(s) longer than the context window of nomic-embed-text were embedded by their front (a model with a longer window, or a shorter comment, embeds them whole): shop.customers.city\n")
	})

	t.Run("NoModel", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.env["OLLAMA_HOST"] = "http://127.0.0.1:1" // nothing listens there
		r := c.run("", "db", "add", "shop", "--dsn", c.db.URL, "--schema", "shop")
		require.Equal(t, 0, r.code, "an unreachable model must not fail db add: %s", r.stderr)
		require.Contains(t, r.stdout, "embeddings: none (embedding model nomic-embed-text: ")
		require.Contains(t, r.stdout, "retrieval runs lexical search and the foreign-key graph")
	})

	t.Run("Modules", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		c.registered()
		file := filepath.Join(t.TempDir(), "modules.json")
		require.NoError(t, os.WriteFile(file, []byte(`{"customers": "CRM", "shop.orders": "Sales", "nosuch": "X"}`), 0o644))
		r := c.run("", "index", "--db", "shop", "--modules", file)
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "tables per module: CRM (1), Sales (1)")
		require.Contains(t, r.stderr, "warning: the module mapping names tables the catalog does not have: nosuch")

		r = c.run("", "index", "--db", "shop", "--json")
		require.Equal(t, 0, r.code, r.stderr)
		var st schemaindex.Stats
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &st))
		require.True(t, st.ModulesReused, "the mapping is kept for later builds")
		require.Equal(t, map[string]int{"CRM": 1, "Sales": 1}, st.Modules)

		require.NoError(t, os.WriteFile(file, []byte(`{"customers": ""}`), 0o644))
		r = c.run("", "index", "--db", "shop", "--modules", file)
		require.Equal(t, exitFailure, r.code)
		require.Contains(t, r.stderr, "must not be empty")
	})

	t.Run("Usage", func(t *testing.T) {
		t.Parallel()
		c := setup(t)
		r := c.run("", "index")
		require.Equal(t, exitUsage, r.code)
		require.Contains(t, r.stderr, "index needs --db NAME")
		r = c.run("", "index", "--db", "nope")
		require.Equal(t, exitFailure, r.code)
		require.Contains(t, r.stderr, `validation_block: database "nope" is not registered`)
	})
}
