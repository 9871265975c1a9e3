package erp

import (
	"fmt"
	"time"
)

type glAccount struct {
	number, name, typ, subtype, parent string
	postable                           bool
}

var chartOfAccounts = []glAccount{
	{"1000", "Assets", "asset", "header", "", false},
	{"1010", "Cash - Operating Account", "asset", "cash", "1000", true},
	{"1020", "Cash - Payroll Account", "asset", "cash", "1000", true},
	{"1030", "Cash - EUR Account", "asset", "cash", "1000", true},
	{"1100", "Accounts Receivable", "asset", "current_asset", "1000", true},
	{"1150", "Allowance for Doubtful Accounts", "asset", "current_asset", "1000", true},
	{"1200", "Inventory - Finished Goods", "asset", "inventory", "1000", true},
	{"1210", "Inventory - Raw Materials and Components", "asset", "inventory", "1000", true},
	{"1300", "Prepaid Expenses", "asset", "current_asset", "1000", true},
	{"1500", "Property, Plant and Equipment", "asset", "fixed_asset", "1000", true},
	{"1510", "Accumulated Depreciation", "asset", "fixed_asset", "1000", true},
	{"2000", "Liabilities", "liability", "header", "", false},
	{"2010", "Accounts Payable", "liability", "current_liability", "2000", true},
	{"2100", "Accrued Liabilities", "liability", "current_liability", "2000", true},
	{"2110", "Payroll Taxes Payable", "liability", "current_liability", "2000", true},
	{"2120", "Benefits Payable", "liability", "current_liability", "2000", true},
	{"2200", "Sales Tax Payable", "liability", "current_liability", "2000", true},
	{"2300", "Deferred Revenue", "liability", "current_liability", "2000", true},
	{"2500", "Long-Term Debt", "liability", "long_term_liability", "2000", true},
	{"3000", "Equity", "equity", "header", "", false},
	{"3010", "Common Stock", "equity", "equity", "3000", true},
	{"3100", "Retained Earnings", "equity", "equity", "3000", true},
	{"4000", "Revenue", "revenue", "header", "", false},
	{"4010", "Product Sales", "revenue", "operating_revenue", "4000", true},
	{"4020", "Service Revenue", "revenue", "operating_revenue", "4000", true},
	{"4090", "Sales Returns and Allowances", "revenue", "contra_revenue", "4000", true},
	{"4100", "Other Income", "revenue", "other_income", "4000", true},
	{"5000", "Cost of Sales", "expense", "header", "", false},
	{"5010", "Cost of Goods Sold", "expense", "cost_of_sales", "5000", true},
	{"5020", "Freight Out", "expense", "cost_of_sales", "5000", true},
	{"5030", "Inventory Adjustments", "expense", "cost_of_sales", "5000", true},
	{"6000", "Operating Expenses", "expense", "header", "", false},
	{"6010", "Salaries and Wages", "expense", "operating_expense", "6000", true},
	{"6020", "Payroll Taxes", "expense", "operating_expense", "6000", true},
	{"6030", "Employee Benefits", "expense", "operating_expense", "6000", true},
	{"6040", "Bonuses and Commissions", "expense", "operating_expense", "6000", true},
	{"6100", "Rent and Occupancy", "expense", "operating_expense", "6000", true},
	{"6110", "Utilities", "expense", "operating_expense", "6000", true},
	{"6200", "Travel", "expense", "operating_expense", "6000", true},
	{"6210", "Meals and Entertainment", "expense", "operating_expense", "6000", true},
	{"6300", "Software and Subscriptions", "expense", "operating_expense", "6000", true},
	{"6400", "Marketing and Advertising", "expense", "operating_expense", "6000", true},
	{"6500", "Professional Fees", "expense", "operating_expense", "6000", true},
	{"6600", "Depreciation Expense", "expense", "operating_expense", "6000", true},
	{"6700", "Training and Development", "expense", "operating_expense", "6000", true},
	{"6800", "Office Supplies", "expense", "operating_expense", "6000", true},
	{"6900", "Bank Fees", "expense", "operating_expense", "6000", true},
	{"6950", "Telephone and Internet (retired)", "expense", "operating_expense", "6000", true},
	{"7000", "Interest Expense", "expense", "other_expense", "6000", true},
}

func (g *generator) financeReference() {
	r := newRNG("finance-ref")
	fy := g.d.table("fiscal_years", "fiscal_year_id", "name", "start_date", "end_date", "status")
	fp := g.d.table("fiscal_periods", "fiscal_period_id", "fiscal_year_id", "period_number", "period_name", "start_date", "end_date", "status", "is_current")
	for y := 2023; y <= 2025; y++ {
		status := "closed"
		if y == 2025 {
			status = "open"
		}
		fy.add(y, fmt.Sprintf("FY%d", y), day(y, 1, 1), day(y, 12, 31), status)
		for m := time.January; m <= time.December; m++ {
			start := day(y, m, 1)
			st := "closed"
			switch {
			case start.Equal(monthStart(asOf)):
				st = "open"
			case start.After(asOf):
				st = "future"
			}
			id := fp.add(len(fp.rows)+1, y, int(m), start.Format("Jan 2006"), start, monthEnd(start), st, st == "open")
			if id != periodID(start) {
				panic("erp: fiscal period ids out of step")
			}
		}
	}

	ga := g.d.table("gl_accounts", "account_id", "account_number", "account_name", "account_type", "account_subtype", "normal_balance", "parent_account_id", "is_postable", "is_active")
	g.accounts = map[string]int{}
	for _, a := range chartOfAccounts {
		normal := "debit"
		switch {
		case a.typ == "liability" || a.typ == "equity" || a.typ == "revenue" && a.subtype != "contra_revenue":
			normal = "credit"
		case a.number == "1150" || a.number == "1510":
			normal = "credit" // contra assets
		}
		parent := any(nil)
		if a.parent != "" {
			parent = g.accounts[a.parent]
		}
		g.accounts[a.number] = ga.add(len(ga.rows)+1, a.number, a.name, a.typ, a.subtype, normal, parent, a.postable, a.number != "6950")
	}

	xr := g.d.table("exchange_rates", "exchange_rate_id", "from_currency", "to_currency", "rate_date", "rate")
	base := []struct {
		code string
		rate int64 // USD per unit, 1e-6
	}{{"EUR", 1080000}, {"GBP", 1250000}, {"CAD", 740000}, {"JPY", 7100}, {"AUD", 670000}, {"INR", 12100}, {"MXN", 56000}, {"SGD", 745000}}
	for _, c := range base {
		rate := c.rate
		for _, m := range months(dataStart, asOf) {
			rate = rate + rate*int64(r.between(-250, 250))/10000
			xr.add(len(xr.rows)+1, c.code, "USD", m, decimal(rate, 6))
		}
	}

	ba := g.d.table("bank_accounts", "bank_account_id", "account_name", "bank_name", "iban_masked", "currency_code", "gl_account_id", "is_active")
	g.bankAccounts = map[string]int{}
	for _, b := range []struct{ key, name, bank, iban, cur, gl string }{
		{"operating", "Operating Account", "First Lakeshore Bank", "US** **** **** 4821", "USD", "1010"},
		{"payroll", "Payroll Account", "First Lakeshore Bank", "US** **** **** 9377", "USD", "1020"},
		{"eur", "Euro Collections Account", "Nordbank AG", "DE89 **** **** **** 3000", "EUR", "1030"},
		{"legacy", "Old Savings Account", "Prairie State Savings", "US** **** **** 1102", "USD", "1010"},
	} {
		g.bankAccounts[b.key] = ba.add(len(ba.rows)+1, b.name, b.bank, b.iban, b.cur, g.accounts[b.gl], b.key != "legacy")
	}

	tc := g.d.table("tax_codes", "tax_code_id", "code", "description", "rate_percent", "jurisdiction")
	for _, t := range []struct {
		code, desc string
		rate       int64
		jur        string
	}{
		{"US-STD", "US sales tax (blended)", 725, "US"},
		{"US-EXEMPT", "Tax exempt (resale / government)", 0, "US"},
		{"CA-HST", "Canada HST", 1300, "CA"},
		{"UK-VAT", "UK VAT standard rate", 2000, "GB"},
		{"EU-VAT", "EU VAT (Netherlands)", 2100, "NL"},
		{"SG-GST", "Singapore GST", 900, "SG"},
		{"MX-IVA", "Mexico IVA", 1600, "MX"},
	} {
		tc.add(len(tc.rows)+1, t.code, t.desc, decimal(t.rate, 2), t.jur)
	}
}
