package erp

import (
	"fmt"
	"time"
)

type payrollRun struct {
	id              int
	code, typ       string
	start, end, pay time.Time
	slips           []*payslip
}

type payslip struct {
	emp                            *employee
	base, bonus                    cents // gross = base + bonus
	tax, benefits, retirement, net cents
}

func (s *payslip) gross() cents { return s.base + s.bonus }

type expenseReport struct {
	emp        *employee
	submitted  time.Time
	reimbursed time.Time
	status     string
	lines      []expenseLine
}

type expenseLine struct {
	cat    string
	amount cents
}

type fixedAsset struct {
	cost, salvage cents
	life          int
	acquired      time.Time
	disposed      time.Time
}

func taxBP(annual cents) int {
	switch {
	case annual < 6000000:
		return 1800
	case annual < 10000000:
		return 2200
	case annual < 15000000:
		return 2600
	case annual < 25000000:
		return 3000
	default:
		return 3300
	}
}

func (g *generator) payroll() {
	r := newRNG("payroll")
	// Runs: monthly regular runs and a March bonus run per year.
	for _, m := range months(dataStart, asOf) {
		g.payrollRuns = append(g.payrollRuns, &payrollRun{
			code: "PR-" + m.Format("2006-01"), typ: "regular", start: m, end: monthEnd(m),
			pay: prevBusinessDay(monthEnd(m)),
		})
		if m.Month() == time.March {
			g.payrollRuns = append(g.payrollRuns, &payrollRun{
				code: fmt.Sprintf("BN-%d", m.Year()), typ: "bonus", start: day(m.Year()-1, 1, 1),
				end: day(m.Year()-1, 12, 31), pay: day(m.Year(), 3, 14),
			})
		}
	}
	regular := map[time.Time]*payrollRun{}
	bonusRun := map[int]*payrollRun{}
	for i, pr := range g.payrollRuns {
		pr.id = i + 1
		if pr.typ == "regular" {
			regular[pr.start] = pr
		} else {
			bonusRun[pr.pay.Year()] = pr
		}
	}

	// Bonuses, and what each run pays on top of salary.
	bt := g.d.table("bonuses", "bonus_id", "employee_id", "bonus_type", "amount", "award_date", "payroll_run_id", "notes")
	extra := map[[2]int]cents{} // employee, run -> amount
	annual := map[[2]int]cents{}
	award := func(e *employee, typ string, amt cents, d time.Time, notes string) {
		amt = roundTo(amt, 5000)
		if amt <= 0 || d.After(asOf) || !e.employedOn(d) {
			return
		}
		var run *payrollRun
		if typ == "annual" {
			run = bonusRun[d.Year()]
			annual[[2]int{e.id, run.id}] += amt
		} else {
			m := monthStart(d)
			if d.Day() > 20 {
				m = m.AddDate(0, 1, 0)
			}
			run = regular[m]
			if run != nil && !e.employedOn(run.end) && !e.employedOn(run.start) {
				run = nil
			}
			if run != nil {
				extra[[2]int{e.id, run.id}] += amt
			}
		}
		runID := any(nil)
		if run != nil {
			runID = run.id
		}
		bt.add(len(bt.rows)+1, e.id, typ, money(amt), d, runID, optString(notes))
	}
	for _, e := range g.employees {
		if e.empType == "contractor" || e.empType == "intern" {
			continue
		}
		for _, y := range []int{2023, 2024, 2025} {
			d := day(y, 3, 10)
			if e.hire.After(day(y-1, 9, 30)) || !r.chance(0.75) {
				continue
			}
			target := map[bool]int{false: r.between(300, 700), true: r.between(800, 1500)}[e.isManagerLevel]
			if e.pos.level >= 8 {
				target = r.between(1500, 3000)
			}
			award(e, "annual", bp(e.salaryOn(day(y-1, 12, 31)), target), d, fmt.Sprintf("FY%d performance bonus", y-1))
		}
		if e.hire.After(dataStart) && e.pos.level >= 4 && r.chance(0.35) {
			award(e, "signing", int64(r.between(5, 25))*100000, e.hire, "Sign-on bonus")
		}
	}
	for range 130 {
		e := pick(r, g.employees)
		d := r.businessDayBetween(dataStart, asOf)
		if e.empType != "contractor" {
			award(e, "spot", int64(r.between(5, 50))*5000, d, pick(r, []string{"Customer escalation handled", "Project delivery", "Peer nomination", "Process improvement", ""}))
		}
	}
	for range 12 {
		e := pick(r, g.employees)
		if e.pos.level >= 4 && e.empType == "full_time" {
			award(e, "retention", int64(r.between(10, 40))*100000, r.businessDayBetween(day(2024, 2, 1), day(2024, 11, 29)), "Retention agreement")
		}
	}
	// Commission: 2.5% of each rep's quarterly bookings, paid the month after.
	type rq struct{ rep, y, q int }
	bookings := map[rq]cents{}
	for _, o := range g.orders {
		if o.status != "cancelled" && o.status != "draft" {
			bookings[rq{o.rep.id, o.date.Year(), (int(o.date.Month())-1)/3 + 1}] += o.subtotal - o.discount
		}
	}
	for _, e := range g.employeesIn("SALES", "Account Executive", "Senior Account Executive") {
		for y := 2023; y <= 2025; y++ {
			for q := 1; q <= 4; q++ {
				if b := bookings[rq{e.id, y, q}]; b > 0 {
					award(e, "commission", bp(b, 250), day(y, time.Month(q*3+1), 15), fmt.Sprintf("Commission Q%d %d", q, y))
				}
			}
		}
	}

	// Payslips.
	for _, run := range g.payrollRuns {
		for _, e := range g.employees {
			if e.empType == "contractor" {
				continue
			}
			if run.typ == "bonus" {
				amt := annual[[2]int{e.id, run.id}]
				if amt == 0 {
					continue
				}
				s := &payslip{emp: e, bonus: amt, tax: bp(amt, 3200)}
				s.net = amt - s.tax
				run.slips = append(run.slips, s)
				continue
			}
			from, to := maxDate(run.start, e.hire), minDate(run.end, e.lastDay())
			if to.Before(from) {
				continue
			}
			days := int64(to.Sub(from).Hours()/24) + 1
			dim := int64(run.end.Day())
			asOf := to
			s := &payslip{emp: e, base: divRound(e.salaryOn(asOf)*days, 12*dim), bonus: extra[[2]int{e.id, run.id}]}
			for _, en := range e.enrollments {
				if en.activeOn(asOf) {
					s.benefits += en.ee
					if en.bt.code == "401K" {
						s.retirement = bp(s.base, e.deferralBP)
					}
				}
			}
			s.tax = bp(s.gross()-s.benefits-s.retirement, taxBP(e.salaryOn(asOf)))
			s.net = s.gross() - s.tax - s.benefits - s.retirement
			run.slips = append(run.slips, s)
		}
	}
	rt := g.d.table("payroll_runs", "payroll_run_id", "run_code", "run_type", "pay_period_start", "pay_period_end", "pay_date", "fiscal_period_id",
		"status", "employee_count", "total_gross", "total_net")
	pt := g.d.table("payslips", "payslip_id", "payroll_run_id", "employee_id", "gross_pay", "tax_withheld", "benefit_deductions",
		"retirement_contribution", "net_pay")
	for _, run := range g.payrollRuns {
		var gross, net cents
		for _, s := range run.slips {
			gross += s.gross()
			net += s.net
			pt.add(len(pt.rows)+1, run.id, s.emp.id, money(s.gross()), money(s.tax), money(s.benefits), money(s.retirement), money(s.net))
		}
		rt.add(run.id, run.code, run.typ, run.start, run.end, run.pay, periodID(run.pay), "paid", len(run.slips), money(gross), money(net))
	}
}

func (g *generator) expenseClaims() {
	r := newRNG("expenses")
	var travellers []*employee
	for _, e := range g.employees {
		switch {
		case e.dept.code == "SALES" && e.pos.level >= 3, e.dept.code == "PS", e.dept.code == "EXEC" && e.pos.level >= 6,
			e.dept.code == "MKT" && e.isManagerLevel, e.isManagerLevel && e.dept.code != "MFG" && r.chance(0.3):
			travellers = append(travellers, e)
		}
	}
	projectsOf := map[int][]*project{}
	for _, p := range g.projects {
		if p.cust == nil {
			continue
		}
		for _, pr := range p.resources {
			projectsOf[pr.emp.id] = append(projectsOf[pr.emp.id], p)
		}
	}
	merchants := map[string][]string{
		"airfare":          {"United Airlines", "Delta Air Lines", "American Airlines", "Lufthansa", "British Airways", "Air Canada"},
		"lodging":          {"Marriott", "Hilton", "Hyatt", "Holiday Inn", "Courtyard by Marriott"},
		"meals":            {"Client dinner", "Starbucks", "Panera Bread", "Hotel restaurant", "Airport food court"},
		"ground_transport": {"Uber", "Lyft", "Hertz", "Enterprise Rent-A-Car", "Yellow Cab"},
		"mileage":          {"Personal vehicle mileage"},
		"supplies":         {"Staples", "Office Depot", "Amazon Business"},
		"other":            {"Conference registration", "Parking", "Visa fees", "Trade show booth"},
	}
	amount := map[string][2]int{
		"airfare": {250, 1400}, "lodging": {150, 1600}, "meals": {15, 400}, "ground_transport": {20, 250},
		"mileage": {20, 180}, "supplies": {10, 200}, "other": {30, 1200},
	}
	cats := []string{"airfare", "lodging", "meals", "ground_transport", "mileage", "supplies", "other"}
	catW := []int{14, 16, 30, 18, 8, 6, 8}

	ht := g.d.table("expense_reports", "expense_report_id", "report_number", "employee_id", "project_id", "submitted_date", "total_amount", "status",
		"approved_by", "reimbursed_date")
	lt := g.d.table("expense_report_lines", "expense_line_id", "expense_report_id", "expense_date", "category", "amount", "merchant")
	for _, e := range travellers {
		for _, m := range months(dataStart, asOf) {
			if !e.employedOn(monthEnd(m)) || !r.chance(0.45) {
				continue
			}
			submitted := addBusinessDays(monthEnd(m), r.between(0, 8))
			if submitted.After(asOf) {
				if !r.chance(0.5) {
					continue
				}
				submitted = asOf
			}
			rep := &expenseReport{emp: e, submitted: submitted}
			var project *project
			for _, p := range projectsOf[e.id] {
				if !p.start.After(m) && !p.workEnd().Before(m) && r.chance(0.7) {
					project = p
				}
			}
			id := len(ht.rows) + 1
			var total cents
			n := r.between(1, 5)
			type line struct {
				d   time.Time
				cat string
				amt cents
			}
			var lines []line
			for range n {
				c := cats[r.weighted(catW)]
				a := int64(r.between(amount[c][0], amount[c][1]))*100 + int64(r.IntN(100))
				lines = append(lines, line{r.dateBetween(m, monthEnd(m)), c, a})
				total += a
				rep.lines = append(rep.lines, expenseLine{c, a})
			}
			age := int(asOf.Sub(submitted).Hours() / 24)
			switch {
			case age > 30:
				rep.status = []string{"reimbursed", "rejected", "approved"}[r.weighted([]int{94, 4, 2})]
			case age > 10:
				rep.status = []string{"approved", "reimbursed", "submitted"}[r.weighted([]int{50, 40, 10})]
			default:
				rep.status = pick(r, []string{"submitted", "submitted", "draft"})
			}
			approver := any(nil)
			if rep.status == "approved" || rep.status == "reimbursed" || rep.status == "rejected" {
				if e.manager != 0 {
					approver = e.manager
				}
			}
			if rep.status == "reimbursed" {
				rep.reimbursed = addBusinessDays(submitted, r.between(5, 15))
				if rep.reimbursed.After(asOf) {
					rep.status, rep.reimbursed = "approved", time.Time{}
				}
			}
			projectID := any(nil)
			if project != nil {
				projectID = project.id
			}
			ht.add(id, fmt.Sprintf("EXP-%06d", 600000+id), e.id, projectID, submitted, money(total), rep.status, approver, optDate(rep.reimbursed))
			for _, l := range lines {
				lt.add(len(lt.rows)+1, id, l.d, l.cat, money(l.amt), pick(r, merchants[l.cat]))
			}
			g.expenseReports = append(g.expenseReports, rep)
		}
	}
}

func (g *generator) fixedAssets() {
	r := newRNG("assets")
	at := g.d.table("fixed_assets", "asset_id", "asset_tag", "description", "asset_category", "acquisition_date", "acquisition_cost", "useful_life_months",
		"salvage_value", "location_id", "custodian_id", "status", "disposal_date")
	add := func(desc, cat string, acquired time.Time, cost cents, life int, loc *location, custodian *employee) {
		salvage := roundTo(bp(cost, pick(r, []int{0, 0, 500, 1000})), 100)
		status, disposed := "in_service", time.Time{}
		if end := acquired.AddDate(0, life, 0); end.Before(asOf) && r.chance(0.7) {
			status, disposed = pick(r, []string{"disposed", "retired"}), end.AddDate(0, 0, r.between(0, 90))
			if disposed.After(asOf) {
				status, disposed = "in_service", time.Time{}
			}
		}
		if custodian != nil && !custodian.term.IsZero() && status == "in_service" {
			status, disposed = "retired", custodian.term.AddDate(0, 0, r.between(1, 20))
			if disposed.After(asOf) {
				disposed = asOf
			}
		}
		if status == "in_service" && r.chance(0.03) {
			status = "under_maintenance"
		}
		id := len(at.rows) + 1
		cust := any(nil)
		if custodian != nil {
			cust = custodian.id
		}
		at.add(id, fmt.Sprintf("FA-%05d", 10000+id), desc, cat, acquired, money(cost), life, money(salvage), loc.id, cust, status, optDate(disposed))
		g.assets = append(g.assets, &fixedAsset{cost: cost, salvage: salvage, life: life, acquired: acquired, disposed: disposed})
	}
	for _, e := range g.employees {
		if e.dept.code == "MFG" || e.dept.code == "LOG" || e.empType == "intern" || !r.chance(0.55) {
			continue
		}
		d := maxDate(e.hire, r.dateBetween(day(2019, 1, 1), day(2025, 5, 31)))
		if d.After(e.lastDay()) {
			d = e.hire
		}
		add(pick(r, []string{"Laptop - Dell Latitude 7440", "Laptop - Lenovo ThinkPad T14", "Laptop - Apple MacBook Pro 14"}), "computer_equipment", d,
			int64(r.between(1200, 3200))*100, 36, e.loc, e)
	}
	hq, plant := g.locByCode["HQ-CHI"], g.locByCode["PLT-CHI"]
	for i := range 14 {
		add(fmt.Sprintf("Server rack node %02d", i+1), "computer_equipment", r.dateBetween(day(2018, 1, 1), day(2025, 3, 31)), int64(r.between(8000, 40000))*100, 60, hq, nil)
	}
	for _, m := range []string{
		"CNC Mill Haas VF-4", "CNC Lathe Mazak QT-250", "Injection Molding Press 150T", "Paint Booth System", "Test Bench Automation Rig",
		"Packaging Robot Cell", "Assembly Conveyor Line 1", "Assembly Conveyor Line 2", "Coordinate Measuring Machine", "Industrial Air Compressor",
	} {
		add(m, "machinery", r.dateBetween(day(2014, 1, 1), day(2024, 12, 31)), int64(r.between(50, 900))*100000, 120, plant, nil)
	}
	for i := range 12 {
		loc := g.locByCode[pick(r, []string{"DC-ATL", "DC-RNO", "PLT-CHI", "DC-RTM", "DC-MEM"})]
		add(pick(r, []string{"Forklift Toyota 8FGU25", "Reach Truck Crown RR5700", "Delivery Van Ford Transit", "Box Truck Isuzu NPR"})+fmt.Sprintf(" #%d", i+1),
			"vehicles", r.dateBetween(day(2016, 1, 1), day(2025, 4, 30)), int64(r.between(25, 120))*100000, pick(r, []int{60, 84, 96}), loc, nil)
	}
	for _, l := range g.locations {
		add("Office furniture - "+l.name, "furniture", r.dateBetween(day(2015, 1, 1), day(2023, 12, 31)), int64(r.between(5, 60))*100000, 84, l, nil)
	}
	add("Chicago Plant building improvements", "buildings", day(2012, 6, 30), 450000000, 360, plant, nil)
	add("Headquarters leasehold improvements", "buildings", day(2019, 3, 31), 120000000, 180, hq, nil)
	add("ERP software license (perpetual)", "software", day(2021, 1, 15), 35000000, 60, hq, nil)
	add("PLM software implementation", "software", day(2024, 2, 1), 18000000, 60, hq, nil)
}
