package catalog_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// table builds a table from columns written "name" (integer) or
// "name:type"; a leading "*" marks a primary key column.
func table(schema, name string, cols ...string) *catalog.Table {
	t := &catalog.Table{Schema: schema, Name: name, Kind: catalog.KindTable, EstimatedRows: -1}
	for _, c := range cols {
		pk := strings.HasPrefix(c, "*")
		c = strings.TrimPrefix(c, "*")
		n, typ, ok := strings.Cut(c, ":")
		if !ok {
			typ = "integer"
		}
		t.Columns = append(t.Columns, catalog.Column{Name: n, Type: typ, PrimaryKey: pk})
		if pk {
			t.PrimaryKey = append(t.PrimaryKey, n)
		}
	}
	return t
}

func snapshot(schemas []string, tables ...*catalog.Table) *catalog.Snapshot {
	return &catalog.Snapshot{Database: "d", Schemas: schemas, Tables: tables}
}

func copyOf(s *catalog.Snapshot, schema, name string) string {
	t := s.Table(schema, name)
	if t == nil {
		panic("no table " + schema + "." + name)
	}
	if o := s.CopyOf(t); o != nil {
		return o.Key()
	}
	return ""
}

func TestCopyOf(t *testing.T) {
	t.Parallel()
	orders := []string{"*order_id", "customer_id", "order_date:date", "total:numeric(12,2)", "status:text"}
	s := snapshot([]string{"public"},
		table("public", "orders", orders...),
		table("public", "orders_hist", append([]string{"hist_id"}, orders...)...),
		table("public", "orders_bak_old", orders...),
		table("public", "orders_1", orders...),
		table("public", "orders_new", orders...),
		table("public", "instances", "*id", "host:text", "state:text", "launched_at:timestamptz"),
		table("public", "shadow_instances", "*id", "host:text", "state:text", "launched_at:timestamptz", "deleted_at:timestamptz"),
		table("public", "customerAccounts", "*id", "name:text", "planId", "mrrCents:bigint"),
		table("public", "customerAccountsBackup", "id", "name:text", "planId"),
		// A history of field changes is not a copy of what it tracks.
		table("public", "orders_history", "*history_id", "order_id", "field_name:text", "old_value:text", "new_value:text"),
		// A table people declare foreign keys to is live, whatever its name.
		table("public", "rates", "*rate_id", "currency:text", "rate:numeric"),
		table("public", "rates_old", "*rate_id", "currency:text", "rate:numeric"),
		table("public", "conversions", "*conversion_id", "rate_id"),
		table("public", "gold", "*g_id", "grams:numeric"),
		table("public", "g", "*g_id", "grams:numeric"),
	)
	s.ForeignKeys = []catalog.ForeignKey{{
		Name: "conversions_rate_fk", Schema: "public", Table: "conversions", Columns: []string{"rate_id"},
		RefSchema: "public", RefTable: "rates_old", RefColumns: []string{"rate_id"},
	}}

	for copy, want := range map[string]string{
		"orders_hist":            "public.orders",
		"orders_bak_old":         "public.orders", // the most stripped name that exists
		"orders_1":               "public.orders", // a trailing number
		"shadow_instances":       "public.instances",
		"customerAccountsBackup": "public.customerAccounts",
		"orders":                 "",
		"orders_new":             "", // _new is as often the live table
		"orders_history":         "", // two columns of its five are the orders'
		"rates_old":              "", // conversions reference it
		"gold":                   "", // old is no marker written together with a word
	} {
		require.Equal(t, want, copyOf(s, "public", copy), copy)
	}
	require.Equal(t, []string{"history"}, s.CopyWords(s.Table("public", "orders_hist")))
	require.Equal(t, []string{"old", "backup"}, s.CopyWords(s.Table("public", "orders_bak_old")))
	require.Empty(t, s.CopyWords(s.Table("public", "orders_1")), "a number says no word")
	require.Empty(t, s.CopyWords(s.Table("public", "orders")))

	t.Run("UpperCase", func(t *testing.T) {
		t.Parallel()
		cust := []string{"*CUST_NO", "CUST_NM:varchar(40)", "CITY:varchar(25)", "CR_LMT:numeric(11,2)", "SLSREP_ID:char(3)", "TERR_CD:char(4)"}
		s := snapshot([]string{"legacy"},
			table("legacy", "CUST_MSTR", cust...),
			// A migration's backup: fewer columns, no key, a year.
			table("legacy", "CUST_MSTR_BAK_2011", "CUST_NO", "CUST_NM:varchar(40)", "CITY:varchar(25)", "CR_LMT:numeric(11,2)"),
			table("legacy", "INSTANCES", "*ID", "HOST:text", "STATE:text"),
			table("legacy", "INSTANCESHIST", "ID", "HOST:text", "STATE:text", "VALID_TO:date"),
			table("legacy", "TMP_ORDLOAD", "*BATCH_ID", "SEQ", "RAW_REC:text"),
			table("legacy", "kna1", "*kunnr:text", "name1:text", "land1:text"),
			table("legacy", "zsd_kna1_bkp", "kunnr:text", "name1:text", "land1:text"),
		)
		require.Equal(t, "legacy.CUST_MSTR", copyOf(s, "legacy", "CUST_MSTR_BAK_2011"))
		require.Equal(t, []string{"backup"}, s.CopyWords(s.Table("legacy", "CUST_MSTR_BAK_2011")))
		require.Equal(t, "legacy.INSTANCES", copyOf(s, "legacy", "INSTANCESHIST"), "run together")
		require.Equal(t, "legacy.kna1", copyOf(s, "legacy", "zsd_kna1_bkp"), "a namespace prefix before the copied name")
		require.Empty(t, copyOf(s, "legacy", "TMP_ORDLOAD"), "no ORDLOAD table")
	})

	t.Run("ArchiveSchema", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"sales", "sales_archive"},
			table("sales", "orders", orders...),
			table("sales_archive", "orders", append(orders, "archived_at:timestamptz")...),
			table("sales_archive", "quotes", "*quote_id", "total:numeric"),
			table("history", "orders", orders...),
			table("history", "ORDERS", orders...),
		)
		require.Equal(t, "sales.orders", copyOf(s, "sales_archive", "orders"))
		require.Equal(t, []string{"archive"}, s.CopyWords(s.Table("sales_archive", "orders")))
		require.Equal(t, "sales.orders", copyOf(s, "history", "ORDERS"), "names compared ignoring case")
		require.Empty(t, copyOf(s, "sales_archive", "quotes"), "nothing of that name elsewhere")
		require.Empty(t, copyOf(s, "sales", "orders"))
	})
}
