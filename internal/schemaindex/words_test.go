package schemaindex

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestIdentifierParts(t *testing.T) {
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
		require.Equal(t, want, IdentifierParts(in), in)
	}
}

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
	} {
		require.Equal(t, want, d.Split(in), in)
	}
	for _, w := range []string{
		"employee",  // a word
		"headcount", // a word of the built-in list, though it is "head" + "count"
		"status",    // too short to try
		"xyzzyplugh",
		"quota",
	} {
		require.Nil(t, d.Split(w), w)
	}
	require.NotContains(t, d.Words(), "salesrep", "a compound part is not a word splits produce")
	require.Contains(t, d.Words(), "rep")
}

func TestNameWords(t *testing.T) {
	t.Parallel()

	d := NewDictionary([]string{"customer", "customers", "balance"}, nil)
	require.Equal(t, []string{"cust", "acct", "bal", "customer", "account", "balance"}, d.NameWords("CUST_ACCT_BAL"))
	require.Equal(t, []string{"salesrepresentative", "sales", "representative"}, d.NameWords("SALESREPRESENTATIVE"))
	require.Equal(t, []string{"order", "line", "items"}, d.NameWords("orderLineItems"))
	// An unknown short part that begins one prose word only stands for it.
	d = NewDictionary([]string{"warehouse", "warehouses"}, nil)
	require.Equal(t, []string{"wareh", "stock", "warehouse"}, d.NameWords("wareh_stock"))
	// Vowels dropped: the built-in words it abbreviates.
	require.Equal(t, []string{"appt", "stat", "cd", "appointment", "status", "code"}, d.NameWords("APPT_STAT_CD"))
	require.Equal(t, []string{"gndr", "encntr", "gender", "encounter"}, d.NameWords("gndr_encntr"))
	// plan and plant read as forms of one word: the shortest wins.
	require.Equal(t, []string{"pln", "id", "plan"}, d.NameWords("PLN_ID"))
	// Ambiguous: cst abbreviates cost, customer, ...
	require.Equal(t, []string{"cst", "no", "number"}, d.NameWords("CST_NO"))
}

func TestQuestionWords(t *testing.T) {
	t.Parallel()

	d := NewDictionary(nil, []string{"orderlineitems"})
	var got []string
	for _, w := range questionWords("Show the staff with orderlineitems, QTY above 5", d, 0.5) {
		got = append(got, w.text+":"+w.how)
	}
	require.Equal(t, []string{
		"the:", "staff:", "employee:synonym", "worker:synonym", "personnel:synonym", "workforce:synonym",
		"with:", "orderlineitems:", "order:split", "line:split", "items:split", "qty:", "quantity:abbreviation", "above:", "5:",
	}, got)
}
