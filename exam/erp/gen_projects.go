package erp

import (
	"fmt"
	"time"
)

type project struct {
	id                     int
	code, name             string
	cust                   *customer
	dept                   *department
	pm                     *employee
	billing, status        string
	start, plannedEnd, end time.Time // end: actual end (zero while running)
	contract               cents
	resources              []*projectResource
	tasks                  []int
}

type projectResource struct {
	emp        *employee
	role       string
	alloc      int
	start, end time.Time
}

// workEnd is the last day work can be booked on the project.
func (p *project) workEnd() time.Time {
	if !p.end.IsZero() {
		return minDate(p.end, asOf)
	}
	return asOf
}

func (g *generator) projectsModule() {
	r := newRNG("projects")
	consultants := g.employeesIn("PS")
	ems := g.employeesIn("PS", "Engagement Manager", "Director of Professional Services")
	var bigCustomers []*customer
	for _, c := range g.customers {
		if c.until.IsZero() && (c.typ == "enterprise" || c.typ == "government" || c.typ == "mid_market") {
			bigCustomers = append(bigCustomers, c)
		}
	}
	customerKinds := []string{
		"Plant Automation", "SCADA Upgrade", "Predictive Maintenance Rollout", "Pump Station Retrofit", "Sensor Network Deployment",
		"Compressed Air Optimization", "Control System Migration", "Remote Monitoring Implementation", "Energy Efficiency Program", "Production Line Commissioning",
		"Warehouse Automation", "Water Treatment Controls",
	}
	internal := []struct{ name, dept string }{
		{"ERP Upgrade 2024", "IT"},
		{"Data Warehouse Modernization", "IT"},
		{"Plant Automation Phase 2", "MFG"},
		{"Next-Gen Controller Platform", "ENG"},
		{"Mobile Field Service App", "ENG"},
		{"Cybersecurity Hardening", "IT"},
		{"Warehouse Management System Rollout", "LOG"},
		{"Sales CRM Migration", "IT"},
		{"Lean Six Sigma Program", "QA"},
		{"New Pump Product Line", "ENG"},
		{"SOX Compliance Automation", "FIN"},
		{"Customer Portal Redesign", "ENG"},
		{"Cloud Infrastructure Migration", "IT"},
		{"Supplier Quality Program", "PROC"},
	}
	for i := range 40 {
		p := &project{id: i + 1}
		if i < 26 {
			c := pick(r, bigCustomers)
			p.cust, p.dept = c, g.deptByCode["PS"]
			p.name = customerKinds[i%len(customerKinds)] + " - " + shortName(c.name)
			p.billing = pick(r, []string{"fixed_price", "time_and_materials"})
		} else {
			in := internal[i-26]
			p.name, p.dept, p.billing = in.name, g.deptByCode[in.dept], "internal"
		}
		p.code = fmt.Sprintf("PRJ-%d-%03d", 2023+i*3/40, i+1)
		switch {
		case i%13 == 7:
			p.start = r.businessDayBetween(day(2025, 7, 7), day(2025, 9, 15))
		default:
			p.start = r.businessDayBetween(dataStart, day(2025, 5, 15))
		}
		p.plannedEnd = prevBusinessDay(p.start.AddDate(0, r.between(3, 15), 0))
		switch {
		case p.start.After(asOf):
			p.status = "planning"
		case p.plannedEnd.Before(asOf):
			switch x := r.Float64(); {
			case x < 0.78:
				p.status = "completed"
				p.end = minDate(asOf.AddDate(0, 0, -3), p.plannedEnd.AddDate(0, 0, r.between(-20, 60)))
			case x < 0.88:
				p.status = "cancelled"
				p.end = p.start.AddDate(0, 0, int(p.plannedEnd.Sub(p.start).Hours()/24)*r.between(20, 60)/100)
			default:
				p.status = "active" // overran its planned end
			}
		case r.chance(0.1):
			p.status = "on_hold"
		default:
			p.status = "active"
		}
		if p.cust != nil {
			p.contract = int64(r.between(16, 300)) * 500000
			p.pm = someone(r, ems, p.start)
		} else {
			heads := []*employee{g.employees[p.dept.headID-1]}
			for _, e := range g.employees {
				if e.dept == p.dept && e.isManagerLevel && e.employedOn(p.start) {
					heads = append(heads, e)
				}
			}
			p.pm = pick(r, heads)
		}
		g.projects = append(g.projects, p)
	}

	pt := g.d.table("projects", "project_id", "project_code", "name", "description", "customer_id", "department_id", "project_manager_id", "billing_type",
		"status", "start_date", "planned_end_date", "actual_end_date", "contract_value")
	for _, p := range g.projects {
		cust, contract := any(nil), any(nil)
		desc := "Internal initiative: " + p.name
		if p.cust != nil {
			cust, contract = p.cust.id, money(p.contract)
			desc = p.name + " for " + p.cust.name
		}
		end := any(nil)
		if p.status == "completed" || p.status == "cancelled" {
			end = p.end
		}
		pt.add(p.id, p.code, p.name, desc, cust, p.dept.id, p.pm.id, p.billing, p.status, p.start, p.plannedEnd, end, contract)
	}

	// Resources.
	rt := g.d.table("project_resources", "project_resource_id", "project_id", "employee_id", "project_role", "allocation_percent", "start_date", "end_date", "hourly_bill_rate")
	for _, p := range g.projects {
		pool := consultants
		roles := []string{"consultant", "consultant", "architect", "analyst"}
		if p.cust == nil {
			pool = g.employeesIn(p.dept.code)
			roles = []string{"engineer", "engineer", "analyst", "tester", "architect"}
			if p.dept.code == "ENG" || p.dept.code == "IT" {
				pool = append(pool, g.employeesIn("IT", "Systems Administrator", "Database Administrator")...)
			}
		}
		seen := map[int]bool{p.pm.id: true}
		p.resources = append(p.resources, &projectResource{emp: p.pm, role: "project_manager", alloc: r.between(2, 5) * 10, start: p.start})
		for range r.between(3, 7) {
			e := pick(r, pool)
			if seen[e.id] || e.isManagerLevel || !e.employedOn(p.start) && !(e.hire.After(p.start) && e.hire.Before(p.plannedEnd)) {
				continue
			}
			seen[e.id] = true
			p.resources = append(p.resources, &projectResource{
				emp: e, role: pick(r, roles), alloc: r.between(2, 10) * 10,
				start: maxDate(p.start, e.hire).AddDate(0, 0, r.between(0, 20)),
			})
		}
		for _, pr := range p.resources {
			switch {
			case !p.end.IsZero():
				pr.end = p.end
			case p.plannedEnd.Before(asOf) && p.status == "active":
				pr.end = time.Time{}
			}
			if !pr.emp.term.IsZero() && (pr.end.IsZero() || pr.emp.term.Before(pr.end)) {
				pr.end = pr.emp.term
			}
			if !pr.end.IsZero() && pr.end.Before(pr.start) {
				pr.start = pr.end
			}
			rate := any(nil)
			if p.cust != nil {
				rate = money(int64(map[string]int{"project_manager": 225, "consultant": 175, "architect": 250, "analyst": 150}[pr.role]+r.between(0, 5)*5) * 100)
			}
			rt.add(len(rt.rows)+1, p.id, pr.emp.id, pr.role, pr.alloc, pr.start, optDate(pr.end), rate)
		}
	}

	// Tasks.
	tt := g.d.table("project_tasks", "task_id", "project_id", "name", "assigned_to", "status", "estimated_hours", "due_date", "completed_date")
	taskNames := []string{
		"Requirements workshop", "Site survey", "Solution design", "Hardware procurement", "Installation", "Configuration",
		"Data migration", "Integration testing", "User acceptance testing", "Training", "Go-live support", "Documentation", "Performance tuning", "Handover",
	}
	for _, p := range g.projects {
		n := r.between(6, 12)
		span := int(p.plannedEnd.Sub(p.start).Hours() / 24)
		for j := range n {
			due := p.start.AddDate(0, 0, span*(j+1)/n)
			res := pick(r, p.resources)
			status, completed := "not_started", time.Time{}
			switch {
			case p.status == "completed" || due.Before(asOf.AddDate(0, 0, -10)) && p.status != "cancelled" && r.chance(0.9):
				status, completed = "done", minDate(due.AddDate(0, 0, r.between(-5, 10)), p.workEnd())
			case p.status == "cancelled":
				status = pick(r, []string{"not_started", "in_progress"})
			case due.Before(asOf.AddDate(0, 0, 30)):
				status = pick(r, []string{"in_progress", "in_progress", "blocked"})
			}
			if completed.Before(p.start) && !completed.IsZero() {
				completed = p.start
			}
			id := tt.add(len(tt.rows)+1, p.id, taskNames[j%len(taskNames)], res.emp.id, status, decimal(int64(r.between(8, 240))*10, 1), due, optDate(completed))
			p.tasks = append(p.tasks, id)
		}
	}

	// Timesheets: a row per person, project and working day.
	ts := g.d.table("timesheets", "timesheet_id", "employee_id", "project_id", "task_id", "work_date", "hours", "is_billable", "status", "approved_by")
	for _, p := range g.projects {
		for _, pr := range p.resources {
			end := p.workEnd()
			if !pr.end.IsZero() {
				end = minDate(end, pr.end)
			}
			if p.status == "on_hold" {
				end = minDate(end, asOf.AddDate(0, -2, 0))
			}
			for d := maxDate(pr.start, dataStart); !d.After(end); d = d.AddDate(0, 0, 1) {
				if weekend(d) || g.holidays[d] || !pr.emp.employedOn(d) || r.IntN(100) >= pr.alloc*9/10 {
					continue
				}
				hours := int64(pick(r, []int{200, 400, 400, 600, 800, 800, 800, 750, 550}))
				task := any(nil)
				if r.chance(0.9) {
					task = pick(r, p.tasks)
				}
				status, approver := "approved", any(p.pm.id)
				switch age := int(asOf.Sub(d).Hours() / 24); {
				case age <= 14:
					status, approver = pick(r, []string{"submitted", "submitted", "draft"}), nil
				case r.chance(0.03):
					status = "rejected"
				}
				ts.add(len(ts.rows)+1, pr.emp.id, p.id, task, d, decimal(hours, 2), p.cust != nil, status, approver)
			}
		}
	}

	// Milestones.
	mt := g.d.table("project_milestones", "milestone_id", "project_id", "name", "due_date", "completed_date", "billing_amount", "status")
	for _, p := range g.projects {
		names := []string{"Kickoff", "Design sign-off", "Installation complete", "Go-live", "Final acceptance"}
		if p.cust == nil {
			names = []string{"Kickoff", "Pilot complete", "Rollout complete"}
		}
		span := int(p.plannedEnd.Sub(p.start).Hours() / 24)
		var billed cents
		for j, n := range names {
			due := p.start.AddDate(0, 0, span*j/(len(names)-1))
			bill := any(nil)
			var amt cents
			if p.billing == "fixed_price" {
				amt = p.contract / int64(len(names))
				if j == len(names)-1 {
					amt = p.contract - billed
				}
				billed += amt
				bill = money(amt)
			}
			status, completed := "pending", time.Time{}
			switch {
			case p.status == "cancelled" && due.After(p.end):
				status = "missed"
			case due.Before(p.workEnd()) && r.chance(0.9):
				completed = minDate(due.AddDate(0, 0, r.between(-3, 12)), p.workEnd())
				status = "achieved"
				if amt > 0 {
					status = "invoiced"
				}
			case due.Before(asOf):
				status = "missed"
			}
			mt.add(len(mt.rows)+1, p.id, n, due, optDate(completed), bill, status)
		}
	}

	// Budgets and actual costs.
	bt := g.d.table("project_budgets", "project_budget_id", "project_id", "cost_category", "budget_amount", "approved_date", "approved_by")
	et := g.d.table("project_expenses", "project_expense_id", "project_id", "expense_date", "cost_category", "amount", "description", "employee_id", "supplier_id", "status")
	var goodsSup []*supplier
	for _, s := range g.suppliers {
		if len(s.offers) > 0 {
			goodsSup = append(goodsSup, s)
		}
	}
	for _, p := range g.projects {
		total := int64(r.between(12, 180)) * 500000
		if p.cust != nil {
			total = bp(p.contract, r.between(6000, 8000))
		}
		cats := []string{"labor"}
		for _, c := range []string{"travel", "software", "subcontractor", "materials", "other"} {
			if len(cats) < 5 && r.chance(0.55) {
				cats = append(cats, c)
			}
		}
		for _, c := range []string{"travel", "other"} {
			if len(cats) < 3 && !containsStr(cats, c) {
				cats = append(cats, c)
			}
		}
		shares := make([]int, len(cats))
		shares[0] = r.between(50, 70)
		rest := 100 - shares[0]
		for j := 1; j < len(cats); j++ {
			shares[j] = rest / (len(cats) - 1)
		}
		// How much of the budget has been spent.
		elapsed := 0
		if !p.start.After(asOf) {
			elapsed = int(minDate(p.workEnd(), p.plannedEnd).Sub(p.start).Hours() * 100 / p.plannedEnd.Sub(p.start).Hours())
		}
		var spendBP int
		switch p.status {
		case "completed":
			spendBP = r.between(7500, 13000)
		case "cancelled":
			spendBP = r.between(2000, 6000)
		case "active":
			spendBP = elapsed * r.between(80, 125)
		case "on_hold":
			spendBP = elapsed * 60
		}
		head := g.employees[p.dept.headID-1]
		var budgeted cents
		for j, c := range cats {
			amt := roundTo(total*int64(shares[j])/100, 100000)
			if j == len(cats)-1 {
				amt = roundTo(total-budgeted, 100000)
			}
			budgeted += amt
			bt.add(len(bt.rows)+1, p.id, c, money(amt), prevBusinessDay(p.start.AddDate(0, 0, -r.between(5, 20))), head.id)
			if spendBP == 0 {
				continue
			}
			target := bp(bp(amt, spendBP), r.between(8500, 11500))
			end := p.workEnd()
			if end.Before(p.start) {
				continue
			}
			var dates []time.Time
			if c == "labor" {
				for _, m := range months(p.start, end) {
					dates = append(dates, minDate(monthEnd(m), end))
				}
			} else {
				for range r.between(1, 8) {
					dates = append(dates, r.businessDayBetween(p.start, end))
				}
			}
			left := target
			for k, d := range dates {
				a := left / int64(len(dates)-k)
				if k < len(dates)-1 {
					a = bp(a, r.between(7000, 13000))
				}
				left -= a
				status := "approved"
				if asOf.Sub(d).Hours()/24 < 20 && r.chance(0.5) {
					status = "submitted"
				}
				emp, sup, desc := any(nil), any(nil), ""
				switch c {
				case "labor":
					desc = "Labor cost allocation " + d.Format("Jan 2006")
				case "travel":
					emp, desc = pick(r, p.resources).emp.id, pick(r, []string{"Site visit travel", "Flights and hotel for workshop", "Client on-site week"})
				case "software":
					sup, desc = g.serviceSup["software"].id, pick(r, []string{"Software licenses", "Cloud environment", "Test tooling subscription"})
				case "subcontractor":
					sup, desc = g.serviceSup["subcontract"].id, pick(r, []string{"Subcontracted engineering", "Electrical contractor", "Specialist integration work"})
				case "materials":
					sup, desc = pick(r, goodsSup).id, pick(r, []string{"Sensors and cabling", "Control cabinet parts", "Mounting hardware"})
				default:
					emp, desc = pick(r, p.resources).emp.id, pick(r, []string{"Workshop catering", "Printing and shipping", "Permits and fees"})
				}
				et.add(len(et.rows)+1, p.id, d, c, money(a), desc, emp, sup, status)
				if c != "labor" && r.chance(0.05) {
					et.add(len(et.rows)+1, p.id, d, c, money(bp(a, r.between(2000, 8000))), desc+" (duplicate claim)", emp, sup, "rejected")
				}
			}
		}
	}
}

func shortName(s string) string {
	// The first two words of a company name.
	words := 0
	for i, c := range s {
		if c == ' ' {
			if words++; words == 2 {
				return s[:i]
			}
		}
	}
	return s
}
