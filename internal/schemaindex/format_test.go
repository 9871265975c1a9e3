package schemaindex

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

var update = flag.Bool("update", false, "rewrite testdata/format/documents.txt")

// TestIndexFormat holds the documents and vocabulary this code builds for a
// schema of names as they are in the wild. When they change, an index
// built before reads differently from one built now, and Format must say
// so: bump it, then record the new documents with -update.
func TestIndexFormat(t *testing.T) {
	t.Parallel()

	col := func(name, typ string, pk bool, comment string, allowed ...string) catalog.Column {
		return catalog.Column{Name: name, Type: typ, PrimaryKey: pk, Comment: comment, AllowedValues: allowed}
	}
	snap := &catalog.Snapshot{
		Database: "wild", Schemas: []string{"wh"},
		Tables: []*catalog.Table{
			{Schema: "wh", Name: "FCLT_BLDG", Kind: "table", Comment: "Campus buildings", PrimaryKey: []string{"FCLT_BLDG_KEY"}, Columns: []catalog.Column{
				col("FCLT_BLDG_KEY", "integer", true, ""), col("BLDG_NM", "text", false, ""), col("SQ_FT", "numeric", false, "gross area"),
			}},
			{Schema: "wh", Name: "PURCHASEORDERLINEITEM", Kind: "table", PrimaryKey: []string{"LINE_ID"}, Columns: []catalog.Column{
				col("LINE_ID", "integer", true, ""), col("PO_NO", "text", false, ""), col("HASUNITPRICE", "numeric(10,2)", false, ""),
				col("customer_id", "integer", false, ""),
			}},
			{
				Schema: "wh", Name: "customers", Kind: "table", Module: "Sales", Gloss: "People and firms who buy", Synonyms: []string{"clients"},
				PrimaryKey: []string{"id"}, Columns: []catalog.Column{
					col("id", "integer", true, ""), col("cust_name", "text", false, ""), col("region", "text", false, "", "emea", "north_america"),
					col("created_at", "timestamp with time zone", false, ""),
				},
			},
			{Schema: "wh", Name: "customers_hist", Kind: "table", Columns: []catalog.Column{
				col("id", "integer", false, ""), col("cust_name", "text", false, ""), col("valid_to", "date", false, ""),
			}},
		},
		ForeignKeys: []catalog.ForeignKey{{
			Name: "poli_customer_fk", Schema: "wh", Table: "PURCHASEORDERLINEITEM", Columns: []string{"customer_id"},
			RefSchema: "wh", RefTable: "customers", RefColumns: []string{"id"},
		}},
	}
	got := Listing(snap, map[string]string{"wh.customers": "Sales"})

	path := filepath.Join("testdata", "format", "documents.txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	wantFormat, _, _ := strings.Cut(string(want), "\n")
	if diff := cmp.Diff(string(want), got); diff != "" {
		if wantFormat == fmt.Sprintf("format %d", Format) {
			t.Fatalf("the index's documents changed but schemaindex.Format did not: bump it, then run go test ./internal/schemaindex -run TestIndexFormat -update (-want +got):\n%s", diff)
		}
		t.Fatalf("documents differ from %s (-want +got); run with -update after bumping Format:\n%s", path, diff)
	}
}

// TestListingDigestStreams: a build hashes its listing as it writes it,
// the digest Listing's: at 10,000 tables the listing was a 28 MB string,
// and a copy of it, held beside the documents. Not parallel: allocations
// are counted for the process.
func TestListingDigestStreams(t *testing.T) {
	snap := &catalog.Snapshot{Database: "big", Schemas: []string{"s"}}
	for i := range 200 {
		tb := &catalog.Table{Schema: "s", Name: fmt.Sprintf("order_line_%03d", i), Kind: "table", Comment: "Lines of an order", PrimaryKey: []string{"id"}}
		for _, c := range []string{"id", "order_id", "product_code", "quantity", "unit_price", "status", "created_at"} {
			tb.Columns = append(tb.Columns, catalog.Column{Name: c, Type: "text", PrimaryKey: c == "id", AllowedValues: []string{"new", "shipped"}})
		}
		snap.Tables = append(snap.Tables, tb)
	}
	mapping := map[string]string{"s.order_line_001": `Sales "EU"`}
	dict := schemaDictionary(snap)
	modules, _ := resolveModules(snap, mapping)
	docs := documents(snap, dict, modules)

	sum := sha256.Sum256([]byte(Listing(snap, mapping)))
	require.Equal(t, hex.EncodeToString(sum[:]), listingDigest(dict, docs))
	require.Equal(t, hex.EncodeToString(sum[:]), ListingDigest(snap, mapping))
	allocs := testing.AllocsPerRun(3, func() { listingDigest(dict, docs) })
	require.Less(t, allocs, 20.0, "allocations for %d documents", len(docs))
}
