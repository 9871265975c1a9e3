package naming

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

func TestParts(t *testing.T) {
	t.Parallel()

	for in, want := range map[string][]string{
		"CUST_ACCT_BAL":       {"cust", "acct", "bal"},
		"orderLineItems":      {"order", "line", "items"},
		"SALESREPRESENTATIVE": {"salesrepresentative"},
		"HTTPServerLog":       {"http", "server", "log"},
		"address2":            {"address", "2"},
		"fiscal-year.Q1":      {"fiscal", "year", "q", "1"},
		"__id__":              {"id"},
		"":                    nil,
	} {
		require.Equal(t, want, Parts(in), in)
	}
}

func TestSingular(t *testing.T) {
	t.Parallel()

	for in, want := range map[string]string{
		"customers": "customer", "categories": "category", "addresses": "address", "boxes": "box",
		"purchases": "purchase", "status": "status", "analysis": "analysis", "batches": "batch",
		"bus": "bus", "class": "class", "items": "item", "warehouses": "warehouse", "statuses": "status",
		"taxes": "tax", "hours": "hour", "cases": "case", "ties": "tie",
	} {
		require.Equal(t, want, Singular(in), in)
	}
}

// The examples are the made-up ones for each class of name, and
// ordinary words that must stay whole.
func TestSegment(t *testing.T) {
	t.Parallel()

	sg := Segmenter{}
	for in, want := range map[string][]string{
		"purchaseorderlineitem":                {"purchase", "order", "line", "item"},
		"hasunitprice":                         {"has", "unit", "price"},
		"ismanagedby":                          {"is", "managed", "by"},
		"accountspayableandaccruedliabilities": {"accounts", "payable", "and", "accrued", "liabilities"},
		"salesrepresentative":                  {"sales", "representative"},
		"shadowinstances":                      {"shadow", "instances"},
		// An unknown piece stays one piece.
		"acmecompany": {"acme", "company"},
	} {
		require.Equal(t, want, sg.Segment(in), in)
	}
	for _, w := range []string{"therapist", "information", "payable", "liabilities", "x", ""} {
		require.Nil(t, sg.Segment(w), w)
	}

	// A schema's own words win over the lexicon's: with "rep" a word of
	// the schema, salesrep is sales + rep.
	sg = Segmenter{Vocabulary: func(w string) bool { return w == "rep" }}
	require.Equal(t, []string{"sales", "rep"}, sg.Segment("salesrep"))
}

func TestExpand(t *testing.T) {
	t.Parallel()

	e := Expander{}
	// By prefix and by consonant skeleton, from the lexicon alone.
	require.Equal(t, "building", e.Expand("bldg")[0])
	require.Equal(t, "facility", e.Expand("fclt")[0])
	require.Equal(t, "subject", e.Expand("subj")[0])
	require.Equal(t, "address", e.Expand("addr")[0])
	require.Equal(t, []string{"quantity"}, e.Expand("qty"), "the hand list")
	// A word is no abbreviation.
	require.Nil(t, e.Expand("unit"))
	require.Nil(t, e.Expand("term"))
	require.Nil(t, e.Expand("xq"))

	// The schema's evidence settles what the lexicon cannot: without it,
	// cust could be custody; a schema that spells out "customer" means it.
	require.NotEqual(t, "customer", e.Expand("cust")[0])
	e.Evidence = func(w string) bool { return w == "customer" }
	require.Equal(t, "customer", e.Expand("cust")[0])
	// A word the lexicon lacks is a candidate when the schema spells it.
	e = Expander{Evidence: func(w string) bool { return w == "hypervisor" }, EvidenceWords: []string{"hypervisor"}}
	require.Equal(t, "hypervisor", e.Expand("hyperv")[0])
}

func TestSimilarity(t *testing.T) {
	t.Parallel()

	require.InDelta(t, 1.0, Similarity("invoice", "invoice"), 1e-9)
	require.Greater(t, Similarity("invoices", "invoice"), 0.6)
	require.Greater(t, Similarity("warehous", "warehouse"), Similarity("warehous", "house"))
	require.Zero(t, Similarity("abc", "xyz"))
}

func TestFits(t *testing.T) {
	t.Parallel()

	require.Positive(t, Fits("departments", "dept"))
	require.Positive(t, Fits("employees", "emp"))
	require.Positive(t, Fits("header", "hdr"))
	require.Positive(t, Fits("vendors", "vend"))
	require.Zero(t, Fits("employees", "empty"), "a word is no abbreviation")
	require.Zero(t, Fits("department", "dog"))
	require.Zero(t, Fits("ab", "ab"))
	require.Zero(t, Fits("percentage", "poa"), "its consonants are its first letter: it would fit every p-word")
	require.Positive(t, Fits("poached", "poa"), "a beginning still fits")
	require.Zero(t, Fits("midnight", "meta"), "four consonants skipped: a coincidence of letters")
	require.Positive(t, Fits("manager", "mgr"))
	require.Zero(t, Fits("customers", "csat"), "an abbreviation that keeps vowels keeps the word's beginning")
	require.Zero(t, Fits("trades", "tier"))
	require.Positive(t, Fits("cancelled", "canc"))
	require.Positive(t, Fits("warehouse", "whse"), "a final e aside")
	require.Greater(t, Fits("header", "hdr"), Fits("hundred", "hdr"), "fewer skipped consonants fit better")
}

func TestPartsKeepingDigits(t *testing.T) {
	t.Parallel()

	for in, want := range map[string][]string{
		"CUST_MSTR_BAK_2011": {"cust", "mstr", "bak", "2011"},
		"t001w":              {"t001w"},
		"icd10Codes":         {"icd10", "codes"},
		"shadowInstances":    {"shadow", "instances"},
	} {
		require.Equal(t, want, PartsKeepingDigits(in), in)
	}
}

func TestSynonymsWordNet(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		word string
		want []string // among the synonyms
	}{
		{"supervise", []string{"oversee", "manage", "supervisor"}},
		{"supervises", []string{"oversee", "manage"}}, // -es
		{"hired", []string{"employ"}},                 // -ed
		{"shipped", []string{"transport", "send"}},    // doubled consonant
		{"children", []string{"kid"}},                 // irregular
		{"holdings", []string{"property"}},
	} {
		got := Synonyms(tc.word)
		for _, w := range tc.want {
			require.Contains(t, got, w, "synonyms of %q: %v", tc.word, got)
		}
		require.NotContains(t, got, tc.word)
	}
	require.Nil(t, Synonyms("xyzzyq"))
}

func TestPartyKind(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		word, kind string
		only       bool
	}{
		{"owner", "person", true},
		{"owners", "person", true}, // plural
		{"approver", "person", true},
		{"user", "person", true},
		{"issuer", "organization", true},
		{"company", "organization", false}, // also a troupe's company of actors
		{"person", "person", false},        // also a grammatical person
		{"server", "person", false},        // a waiter first, a computer too
		{"convert", "person", false},       // also a verb
		{"contact", "", false},             // an interaction first
		{"invoice", "", false},
		{"xyzzyq", "", false},
	} {
		kind, only := PartyKind(tc.word)
		require.Equal(t, tc.kind, kind, tc.word)
		require.Equal(t, tc.only, only, tc.word)
	}
}

// TestSegmentGolden reads testdata/segment.txt: a run-together identifier
// and its words a line (one word: not to be split).
func TestSegmentGolden(t *testing.T) {
	t.Parallel()

	data, err := os.ReadFile("testdata/segment.txt")
	require.NoError(t, err)
	var want, got []string
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		words := Segmenter{}.Segment(f[0])
		if words == nil {
			words = []string{f[0]}
		}
		if len(f) == 1 {
			f = append(f, f[0])
		}
		want = append(want, strings.Join(f, " "))
		got = append(got, f[0]+" "+strings.Join(words, " "))
	}
	require.NotEmpty(t, want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("segmentation mismatch (-want +got):\n%s", diff)
	}
}

func TestAgentNouns(t *testing.T) {
	t.Parallel()
	for w, want := range map[string]string{
		"issued": "issuer", "owns": "owner", "supplied": "supplier", "lends": "lender", "ships": "shipper",
		"held": "holder", "sold": "seller", "supervises": "supervisor", "pays": "payer",
	} {
		require.Contains(t, AgentNouns(w), want, w)
	}
	require.NotContains(t, AgentNouns("issuer"), "issuer", "a word is not its own agent noun")
}

func TestDistance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"quantity", "quantity", 0},
		{"qunatity", "quantity", 1}, // a swap of neighbours is one edit
		{"quantty", "quantity", 1},
		{"kitten", "sitting", 3},
		{"straße", "strasse", 2}, // runes, not bytes
		{"", "abc", 3},
	} {
		require.Equal(t, tc.want, Distance(tc.a, tc.b), "%s ~ %s", tc.a, tc.b)
		require.Equal(t, tc.want, Distance(tc.b, tc.a), "%s ~ %s", tc.b, tc.a)
	}
}
