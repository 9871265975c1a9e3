package schemaindex

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDictionarySplit(t *testing.T) {
	t.Parallel()

	// The schema's prose knows "quota"; its identifiers bring "rep".
	d := NewDictionary([]string{"quota", "attainment"}, []string{"rep", "salesrep", "orderlineitems", "headcount"})

	for in, want := range map[string][]string{
		"salesrepresentative": {"sales", "representative"},
		"orderlineitems":      {"order", "line", "items"},
		"salesrep":            {"sales", "rep"},
		"accountid":           {"account", "id"},
		"quotaattainment":     {"quota", "attainment"},
		"hasunitprice":        {"has", "unit", "price"},
	} {
		require.Equal(t, want, d.Split(in), in)
	}
	for _, w := range []string{
		"employee", // a word
		"status",   // too short to try
		"quota",
		"payable", // cheaper whole than "pay able"
	} {
		require.Nil(t, d.Split(w), w)
	}
	require.NotContains(t, d.Words(), "salesrep", "a compound part is not a word splits produce")
	require.Contains(t, d.Words(), "rep")
}

func TestDictionaryCompound(t *testing.T) {
	t.Parallel()

	d := NewDictionary(nil, []string{"sales", "person", "purchase", "orders", "payable"})
	// A word of the lexicon that the schema writes as two of its words.
	require.Equal(t, []string{"sales", "person"}, d.Compound("salesperson"))
	require.Equal(t, []string{"sales", "persons"}, d.Compound("salespersons"), "a part whose singular is the schema's word")
	require.Equal(t, []string{"purchase", "orders"}, d.Compound("purchaseorders"))
	for _, w := range []string{
		"person",      // the schema's own word
		"payable",     // the schema's own word
		"salespeople", // "people" is not the schema's
		"personal",    // "al" is no word
	} {
		require.Nil(t, d.Compound(w), w)
	}
}

func TestNameWords(t *testing.T) {
	t.Parallel()

	// The schema spells out customer and balance: the abbreviations mean
	// them.
	d := NewDictionary([]string{"customer", "customers", "balance"}, nil)
	got := d.NameWords("CUST_ACCT_BAL")
	require.Equal(t, []string{"cust", "acct", "bal", "customer"}, got[:4])
	require.Contains(t, got, "balance")
	require.Equal(t, []string{"salesrepresentative", "sales", "representative"}, d.NameWords("SALESREPRESENTATIVE"))
	require.Equal(t, []string{"order", "line", "items"}, d.NameWords("orderLineItems"))
	// Run together and upper case, with a verb prefix: the words.
	require.Equal(t, []string{"haslasttradedvalue", "has", "last", "traded", "value"}, d.NameWords("HASLASTTRADEDVALUE"))
	// Data-warehouse abbreviations without evidence: the lexicon's best.
	got = d.NameWords("FCLT_BLDG_ADDR")
	require.Equal(t, []string{"fclt", "bldg", "addr"}, got[:3])
	require.Contains(t, got, "facility")
	require.Contains(t, got, "building")
	require.Contains(t, got, "address")
	// An identifier part the schema uses on its own is evidence too.
	d = NewDictionary(nil, []string{"warehouse", "wareh", "stock"})
	require.Equal(t, []string{"wareh", "stock", "warehouse"}, d.NameWords("wareh_stock"))
}

func TestQuestionWords(t *testing.T) {
	t.Parallel()

	d := NewDictionary(nil, []string{"orderlineitems"})
	var got []string
	for _, w := range questionWords("Show the staff with orderlineitems, QTY above 5", d, 0.5, 0) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{
		"the:", "staff:", "employee:synonym", "worker:synonym", "personnel:synonym", "workforce:synonym",
		"with:", "orderlineitems:", "order:split", "line:split", "items:split", "qty:", "quantity:abbreviation", "above:", "5:",
	}, got)

	// A word of the lexicon the schema writes as two of its words.
	got = nil
	for _, w := range questionWords("orders per salesperson", NewDictionary(nil, []string{"sales", "person", "orders"}), 0.5, 0) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{"orders:", "per:", "salesperson:", "sales:split", "person:split"}, got)

	// The stemmer keeps agent nouns whole: "issued" finds the schema's
	// issuer, "held" its holder (an irregular form); not its "issue".
	got = nil
	for _, w := range questionWords("who issued the notes held", NewDictionary(nil, []string{"has", "issuer", "issue", "holder", "notes"}), 0.5, 0) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{"who:", "issued:", "issuer:agent", "the:", "notes:", "held:", "holder:agent"}, got)

	// An acronym's plural keeps its s through the stemmer: the schema's
	// word without it is searched too. A regular plural gets its singular
	// as well, which stems alike and counts once; a word the schema uses
	// as it is ("status") is not cut.
	got = nil
	for _, w := range questionWords("patients in icus by drgs and status", NewDictionary(nil, []string{"icu", "drg", "patient", "status", "statu"}), 0.5, 0) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{"patients:", "patient:singular", "in:", "icus:", "icu:singular", "by:", "drgs:", "drg:singular", "and:", "status:"}, got)

	// A name typed as the schema writes it: its case and digits mark its
	// parts, which the dictionary cannot find past a digit.
	got = nil
	for _, w := range questionWords("rows of DailyInvoice1", NewDictionary(nil, []string{"daily", "invoice", "rows"}), 0.5, 0) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{"rows:", "of:", "dailyinvoice1:", "daily:split", "invoice:split", "1:split"}, got)
}
