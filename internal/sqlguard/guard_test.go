package sqlguard

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

var update = flag.Bool("update", false, "rewrite testdata/*/verdict.json with the current output")

// testCatalog is the fixed catalog of the golden cases: schema shop, and
// analytics behind it on the search path. Webhooks has columns named like
// denied functions (http_*, version), which must still be readable. Column
// types are those of shopDDL, as format_type() spells them; daily_sales has
// none, like a catalog loaded without types, so type lint says nothing
// about it.
func testCatalog() *MemCatalog {
	return NewMemCatalog([]string{"shop", "analytics"},
		Table{
			Schema: "shop", Name: "customers", Columns: []string{"id", "name", "email", "country", "created_at"}, PrimaryKey: []string{"id"},
			Types: []string{"bigint", "text", "character varying(200)", "text", "timestamp with time zone"},
		},
		Table{
			Schema: "shop", Name: "orders", Columns: []string{"id", "customer_id", "status", "total", "created_at"}, PrimaryKey: []string{"id"},
			Types: []string{"bigint", "bigint", "text", "numeric", "timestamp with time zone"},
		},
		Table{
			Schema: "shop", Name: "order_lines", Columns: []string{"id", "order_id", "product_id", "quantity", "unit_price"}, PrimaryKey: []string{"id"},
			Types: []string{"bigint", "bigint", "bigint", "integer", "numeric"},
		},
		Table{
			Schema: "shop", Name: "products", Columns: []string{"id", "name", "category", "price"}, PrimaryKey: []string{"id"},
			Types: []string{"bigint", "text", "shop.category_code", "numeric"},
		},
		Table{
			Schema: "shop", Name: "webhooks", Columns: []string{"id", "order_id", "url", "http_status", "version", "sent_at"}, PrimaryKey: []string{"id"},
			Types: []string{"bigint", "bigint", "text", "integer", "integer", "timestamp with time zone"},
		},
		Table{Schema: "analytics", Name: "daily_sales", Columns: []string{"day", "revenue", "orders"}, PrimaryKey: []string{"day"}},
	)
}

// TestGuardGolden checks every testdata/<case>/query.sql against
// testdata/<case>/verdict.json. A case may hold a config.json (a Config).
// Run with -update to rewrite the goldens, then review the diff.
func TestGuardGolden(t *testing.T) {
	t.Parallel()

	dirs, err := os.ReadDir("testdata")
	require.NoError(t, err)
	cases := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "fuzz" {
			continue // testdata/fuzz holds the fuzzer's failing inputs, if any
		}
		cases++
		dir := filepath.Join("testdata", d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			t.Parallel()

			query, err := os.ReadFile(filepath.Join(dir, "query.sql"))
			require.NoError(t, err)
			var cfg Config
			if b, err := os.ReadFile(filepath.Join(dir, "config.json")); err == nil {
				require.NoError(t, json.Unmarshal(b, &cfg))
			} else {
				require.True(t, errors.Is(err, os.ErrNotExist), err)
			}
			g, err := New(cfg)
			require.NoError(t, err)

			got := g.Check(string(query), testCatalog())

			golden := filepath.Join(dir, "verdict.json")
			if *update {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				require.NoError(t, enc.Encode(got))
				require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
			}
			b, err := os.ReadFile(golden)
			require.NoError(t, err, "run with -update to create the golden file")
			var want Verdict
			require.NoError(t, json.Unmarshal(b, &want))
			if diff := cmp.Diff(&want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("verdict mismatch (-want +got):\n%s", diff)
			}

			// Invariants every verdict keeps, whatever the golden says.
			require.Equal(t, got.OK, got.Stage == "", "stage is set exactly when refused")
			require.Equal(t, got.OK, len(got.Errors) == 0, "errors are set exactly when refused")
			if got.OK {
				require.NoError(t, got.Err())
				require.NotEmpty(t, got.SQL)
			} else {
				require.Empty(t, got.SQL)
				var ce *errclass.Error
				require.ErrorAs(t, got.Err(), &ce)
				require.True(t, ce.Class.Valid())
			}
		})
	}
	require.GreaterOrEqual(t, cases, 50, "the golden table should cover at least 50 cases")
}
