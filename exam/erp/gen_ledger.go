package erp

import (
	"fmt"
	"time"
)

type jeLine struct {
	acct          string
	cc            int
	debit, credit cents
	desc          string
}

type journalEntry struct {
	date                      time.Time
	source, ref, desc, status string
	lines                     []jeLine
}

// dr adds a debit (a negative amount becomes a credit).
func (e *journalEntry) dr(acct string, cc int, amt cents, desc string) *journalEntry {
	switch {
	case amt > 0:
		e.lines = append(e.lines, jeLine{acct: acct, cc: cc, debit: amt, desc: desc})
	case amt < 0:
		e.lines = append(e.lines, jeLine{acct: acct, cc: cc, credit: -amt, desc: desc})
	}
	return e
}

// cr adds a credit (a negative amount becomes a debit).
func (e *journalEntry) cr(acct string, cc int, amt cents, desc string) *journalEntry {
	return e.dr(acct, cc, -amt, desc)
}

func (g *generator) ledger() {
	r := newRNG("ledger")
	var entries []*journalEntry
	post := func(d time.Time, source, ref, desc string) *journalEntry {
		e := &journalEntry{date: d, source: source, ref: ref, desc: desc, status: "posted"}
		entries = append(entries, e)
		return e
	}
	deptCC := func(e *employee) int { return e.dept.ccID }

	post(dataStart, "manual", "OB-2023", "Opening balances FY2023").
		dr("1010", 0, 850000000, "").dr("1100", 0, 320000000, "").dr("1200", 0, 210000000, "").dr("1210", 0, 90000000, "").
		dr("1500", 0, 640000000, "").cr("1510", 0, 220000000, "").cr("2010", 0, 160000000, "").cr("2100", 0, 40000000, "").
		cr("2500", 0, 400000000, "").cr("3010", 0, 500000000, "").cr("3100", 0, 790000000, "")

	// Sales: one entry per customer invoice, daily cash receipt batches, refunds.
	salesCC := g.costCenters["SALES"]
	for _, inv := range g.invoices {
		var prod, serv, cogs cents
		for _, l := range inv.order.lines {
			if l.prod.ptype == "service" {
				serv += l.total
			} else {
				prod += l.total
				cogs += int64(l.qty) * l.prod.cost
			}
		}
		if prod >= serv {
			prod -= inv.order.discount
		} else {
			serv -= inv.order.discount
		}
		post(inv.date, "sales", inv.number, "Customer invoice "+inv.number).
			dr("1100", 0, inv.total, inv.order.cust.name).cr("4010", salesCC, prod, "").cr("4020", salesCC, serv, "").
			cr("2200", 0, inv.tax, "").dr("5010", 0, cogs, "").cr("1200", 0, cogs, "")
	}
	receipts := map[time.Time]cents{}
	for _, p := range g.payments {
		receipts[p.date] += p.amount
	}
	for _, d := range sortedDates(receipts) {
		post(d, "sales", "", "Customer cash receipts "+d.Format("2006-01-02")).dr("1010", 0, receipts[d], "").cr("1100", 0, receipts[d], "")
	}
	for i, x := range g.returns {
		if x.status == "refunded" {
			post(x.date, "sales", fmt.Sprintf("RMA-%05d", 5000+i), "Refund for returned goods").dr("4090", salesCC, x.refund, "").cr("1010", 0, x.refund, "")
		}
	}

	// Purchasing: vendor bills and weekly payment runs.
	payRuns := map[time.Time]cents{}
	for _, v := range g.supInvoices {
		post(v.date, "purchasing", v.number, "Supplier invoice "+v.number+" - "+v.sup.name).dr(v.account, v.cc, v.total, "").cr("2010", 0, v.total, "")
		if !v.paid.IsZero() {
			friday := v.paid
			for friday.Weekday() != time.Friday {
				friday = friday.AddDate(0, 0, 1)
			}
			payRuns[minDate(friday, asOf)] += v.total
		}
	}
	for _, d := range sortedDates(payRuns) {
		post(d, "purchasing", "", "Supplier payment run "+d.Format("2006-01-02")).dr("2010", 0, payRuns[d], "").cr("1010", 0, payRuns[d], "")
	}

	// Payroll.
	for _, run := range g.payrollRuns {
		type agg struct{ base, bonus cents }
		byCC := map[int]*agg{}
		var tax, deductions, net cents
		for _, s := range run.slips {
			a := byCC[deptCC(s.emp)]
			if a == nil {
				a = &agg{}
				byCC[deptCC(s.emp)] = a
			}
			a.base += s.base
			a.bonus += s.bonus
			tax += s.tax
			deductions += s.benefits + s.retirement
			net += s.net
		}
		e := post(run.pay, "payroll", run.code, "Payroll "+run.code)
		var employerTax cents
		for _, cc := range sortedKeys(byCC) {
			a := byCC[cc]
			et := bp(a.base+a.bonus, 765)
			employerTax += et
			e.dr("6010", cc, a.base, "").dr("6040", cc, a.bonus, "").dr("6020", cc, et, "")
		}
		e.cr("2110", 0, tax+employerTax, "").cr("2120", 0, deductions, "").cr("1020", 0, net, "")
		post(run.pay, "payroll", run.code, "Fund payroll account "+run.code).dr("1020", 0, net, "").cr("1010", 0, net, "")
		if d := day(run.pay.Year(), run.pay.Month(), 15).AddDate(0, 1, 0); !d.After(asOf) {
			post(nextBusinessDay(d), "payroll", run.code, "Payroll tax remittance "+run.code).dr("2110", 0, tax+employerTax, "").cr("1010", 0, tax+employerTax, "")
		}
		if run.typ == "regular" {
			// Employer benefit premiums for the month, by department.
			be := post(run.end, "payroll", run.code, "Employer benefit costs "+run.start.Format("Jan 2006"))
			byDept := map[int]cents{}
			var total cents
			for _, emp := range g.employees {
				for _, en := range emp.enrollments {
					if en.activeOn(run.end) {
						byDept[deptCC(emp)] += en.er
						total += en.er
					}
				}
			}
			for _, cc := range sortedKeys(byDept) {
				be.dr("6030", cc, byDept[cc], "")
			}
			be.cr("2120", 0, total, "")
			if d := nextBusinessDay(day(run.end.Year(), run.end.Month(), 10).AddDate(0, 1, 0)); !d.After(asOf) {
				post(d, "payroll", run.code, "Benefit premium remittance "+run.start.Format("Jan 2006")).dr("2120", 0, total+deductions, "").cr("1010", 0, total+deductions, "")
			}
		}
	}

	// Monthly operating entries.
	var depreciable []*fixedAsset
	for _, a := range g.assets {
		depreciable = append(depreciable, a)
		if !a.acquired.Before(dataStart) {
			post(a.acquired, "assets", "", "Asset acquisition").dr("1500", 0, a.cost, "").cr("1010", 0, a.cost, "")
		}
	}
	expAcct := map[string]string{"airfare": "6200", "lodging": "6200", "ground_transport": "6200", "mileage": "6200", "other": "6200", "meals": "6210", "supplies": "6800"}
	for _, m := range months(dataStart, asOf) {
		end := monthEnd(m)
		var dep cents
		for _, a := range depreciable {
			if a.acquired.After(end) || (!a.disposed.IsZero() && a.disposed.Before(m)) || !a.acquired.AddDate(0, a.life, 0).After(m) {
				continue
			}
			dep += (a.cost - a.salvage) / int64(a.life)
		}
		post(end, "assets", "", "Depreciation "+m.Format("Jan 2006")).dr("6600", g.sharedCC, dep, "").cr("1510", 0, dep, "")

		reimb := map[[2]int]cents{} // cost center, account -> amount
		var reimbTotal cents
		for _, x := range g.expenseReports {
			if x.reimbursed.IsZero() || monthStart(x.reimbursed) != m {
				continue
			}
			for _, l := range x.lines {
				reimb[[2]int{deptCC(x.emp), g.accounts[expAcct[l.cat]]}] += l.amount
				reimbTotal += l.amount
			}
		}
		if reimbTotal > 0 {
			e := post(minDate(end, asOf), "manual", "", "Employee expense reimbursements "+m.Format("Jan 2006"))
			for _, k := range sortedPairs(reimb) {
				e.dr(accountNumber(k[1]), k[0], reimb[k], "")
			}
			e.cr("1010", 0, reimbTotal, "")
		}

		tr := post(end, "manual", "", "Training costs "+m.Format("Jan 2006"))
		var trTotal cents
		for _, d := range g.departments {
			if c := g.trainingSpend[[2]int{periodID(m), d.id}]; c > 0 {
				tr.dr("6700", d.ccID, c, "")
				trTotal += c
			}
		}
		tr.cr("1010", 0, trTotal, "")

		os := post(end, "manual", "", "Corporate card - office supplies "+m.Format("Jan 2006"))
		var osTotal cents
		for _, d := range g.departments {
			c := int64(r.between(200, 2500)) * 100
			if d.code == "EXEC" || d.code == "QA" {
				c /= 3
			}
			os.dr("6800", d.ccID, c, "")
			osTotal += c
		}
		os.cr("1010", 0, osTotal, "")

		fee := int64(r.between(800, 2400)) * 100
		post(end, "manual", "", "Bank fees "+m.Format("Jan 2006")).dr("6900", g.sharedCC, fee, "").cr("1010", 0, fee, "")
		post(end, "manual", "", "Interest on term loan "+m.Format("Jan 2006")).dr("7000", g.sharedCC, 2000000, "").cr("1010", 0, 2000000, "")

		var adj cents
		for _, a := range g.adjustments {
			if monthStart(a.date) == m { //nolint:staticcheck // QF1009: both are UTC dates built by the generator; == keeps the generated data as it was
				adj += a.value
			}
		}
		if adj != 0 {
			post(end, "inventory", "", "Cycle count adjustments "+m.Format("Jan 2006")).dr("1200", 0, adj, "").cr("5030", g.costCenters["LOG"], adj, "")
		}
	}

	// Entries that were reversed, and drafts not yet posted in the open period.
	for i := range 8 {
		d := r.businessDayBetween(dataStart, day(2025, 5, 31))
		amt := int64(r.between(1000, 40000)) * 100
		e := post(d, "manual", fmt.Sprintf("ADJ-%03d", i+1), pick(r, []string{"Accrual entered in error", "Duplicate vendor accrual", "Misposted freight charge", "Wrong cost center"}))
		e.status = "reversed"
		e.dr(pick(r, []string{"6110", "6500", "5020", "6300"}), g.sharedCC, amt, "").cr("2100", 0, amt, "")
	}
	for _, x := range []struct {
		desc, acct string
		cc         int
		amt        cents
	}{
		{"June utilities accrual", "6110", g.sharedCC, 2450000},
		{"June legal fees accrual", "6500", g.costCenters["FIN"], 1800000},
		{"Q2 bonus accrual", "6040", g.costCenters["SALES"], 12000000},
		{"June freight accrual", "5020", g.costCenters["LOG"], 3100000},
		{"Prepaid insurance amortization June", "6500", g.sharedCC, 950000},
		{"Marketing event accrual", "6400", g.costCenters["MKT"], 2700000},
	} {
		e := post(r.businessDayBetween(day(2025, 6, 23), asOf), "manual", "", x.desc)
		e.status = "draft"
		e.dr(x.acct, x.cc, x.amt, "").cr("2100", 0, x.amt, "")
	}

	// Write in date order with per-year entry numbers.
	sortEntries(entries)
	fin := g.employeesIn("FIN", "Accountant", "Senior Accountant", "Accounting Manager", "Accounts Payable Clerk")
	jt := g.d.table("journal_entries", "journal_entry_id", "entry_number", "entry_date", "fiscal_period_id", "source_module", "reference", "description",
		"status", "created_by", "posted_at")
	lt := g.d.table("journal_lines", "journal_line_id", "journal_entry_id", "line_number", "account_id", "cost_center_id", "debit_amount",
		"credit_amount", "line_description")
	seq := map[int]int{}
	type budgetKey struct{ dept, acct, period int }
	actual := map[budgetKey]cents{}
	ccDept := map[int]int{}
	for _, d := range g.departments {
		ccDept[d.ccID] = d.id
	}
	for _, e := range entries {
		var dr, cr cents
		for _, l := range e.lines {
			dr += l.debit
			cr += l.credit
		}
		if dr != cr {
			panic("erp: unbalanced journal entry " + e.desc)
		}
		if len(e.lines) == 0 {
			continue
		}
		seq[e.date.Year()]++
		id := len(jt.rows) + 1
		posted := any(nil)
		if e.status != "draft" {
			posted = minTime(r.at(e.date.AddDate(0, 0, r.between(0, 2))), asOf.Add(23*time.Hour))
		}
		jt.add(id, fmt.Sprintf("JE-%d-%06d", e.date.Year(), seq[e.date.Year()]), e.date, periodID(e.date), e.source, optString(e.ref), e.desc, e.status,
			someone(r, fin, e.date).id, posted)
		for j, l := range e.lines {
			lt.add(len(lt.rows)+1, id, j+1, g.accounts[l.acct], optInt(l.cc), money(l.debit), money(l.credit), optString(l.desc))
			if dept := ccDept[l.cc]; dept != 0 && e.status == "posted" && l.acct >= "5000" {
				actual[budgetKey{dept, g.accounts[l.acct], periodID(e.date)}] += l.debit - l.credit
			}
		}
	}

	// Budgets: monthly, near each department's average monthly actuals.
	bt := g.d.table("budgets", "budget_id", "fiscal_period_id", "department_id", "account_id", "budget_version", "budget_amount")
	type yk struct{ dept, acct, year int }
	yearly := map[yk]cents{}
	for k, v := range actual { // integer sums: iteration order is irrelevant
		y := 2023 + (k.period-1)/12
		yearly[yk{k.dept, k.acct, y}] += v
	}
	for _, d := range g.departments {
		for _, a := range chartOfAccounts {
			acct := g.accounts[a.number]
			for _, y := range []int{2024, 2025} {
				avg := yearly[yk{d.id, acct, y}] / 12
				if y == 2025 {
					avg = yearly[yk{d.id, acct, y}] / 6
				}
				if avg <= 0 {
					continue
				}
				for m := 1; m <= 12; m++ {
					pid := (y-2023)*12 + m
					b := roundTo(bp(avg, r.between(9200, 10800)), 10000)
					bt.add(len(bt.rows)+1, pid, d.id, acct, "original", money(b))
					if y == 2025 && m >= 4 && (d.code == "ENG" || d.code == "SALES" || d.code == "PS") {
						bt.add(len(bt.rows)+1, pid, d.id, acct, "revised", money(roundTo(bp(b, r.between(10300, 11000)), 10000)))
					}
				}
			}
		}
	}
}

func accountNumber(id int) string { return chartOfAccounts[id-1].number }

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func sortedDates(m map[time.Time]cents) []time.Time {
	ds := make([]time.Time, 0, len(m))
	for d := range m {
		ds = append(ds, d)
	}
	slicesSortTimes(ds)
	return ds
}

func sortedPairs(m map[[2]int]cents) [][2]int {
	ks := make([][2]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sortPairs(ks)
	return ks
}
