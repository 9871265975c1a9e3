package erp

import (
	"fmt"
	"time"
)

// nthWeekday returns the n-th weekday wd of the month (n = -1: the last).
func nthWeekday(y int, m time.Month, wd time.Weekday, n int) time.Time {
	if n < 0 {
		d := day(y, m, 1).AddDate(0, 1, -1)
		for d.Weekday() != wd {
			d = d.AddDate(0, 0, -1)
		}
		return d
	}
	d := day(y, m, 1)
	for d.Weekday() != wd {
		d = d.AddDate(0, 0, 1)
	}
	return d.AddDate(0, 0, 7*(n-1))
}

func (g *generator) hrActivity() {
	r := newRNG("hr")

	ec := g.d.table("employee_emergency_contacts", "emergency_contact_id", "employee_id", "full_name", "relationship", "phone", "is_primary")
	for _, e := range g.employees {
		if !r.chance(0.9) {
			continue
		}
		rel := pick(r, []string{"spouse", "spouse", "partner", "parent", "parent", "sibling", "friend", "child"})
		last := e.last
		if rel == "friend" || rel == "partner" || r.chance(0.2) {
			last = pick(r, lastNames)
		}
		ec.add(len(ec.rows)+1, e.id, pick(r, firstNames)+" "+last, rel, fmt.Sprintf("+1-773-555-%04d", r.IntN(10000)), true)
		if r.chance(0.25) {
			ec.add(len(ec.rows)+1, e.id, pick(r, firstNames)+" "+pick(r, lastNames), pick(r, []string{"parent", "sibling", "friend"}),
				fmt.Sprintf("+1-847-555-%04d", r.IntN(10000)), false)
		}
	}

	ht := g.d.table("public_holidays", "holiday_id", "holiday_date", "name", "country_code")
	g.holidays = map[time.Time]bool{}
	goodFriday := map[int]time.Time{2023: day(2023, 4, 7), 2024: day(2024, 3, 29), 2025: day(2025, 4, 18)}
	for y := 2023; y <= 2025; y++ {
		us := []struct {
			d time.Time
			n string
		}{
			{day(y, 1, 1), "New Year's Day"},
			{nthWeekday(y, time.January, time.Monday, 3), "Martin Luther King Jr. Day"},
			{nthWeekday(y, time.February, time.Monday, 3), "Presidents' Day"},
			{nthWeekday(y, time.May, time.Monday, -1), "Memorial Day"},
			{day(y, 6, 19), "Juneteenth"},
			{day(y, 7, 4), "Independence Day"},
			{nthWeekday(y, time.September, time.Monday, 1), "Labor Day"},
			{nthWeekday(y, time.November, time.Thursday, 4), "Thanksgiving Day"},
			{nthWeekday(y, time.November, time.Thursday, 4).AddDate(0, 0, 1), "Day after Thanksgiving"},
			{day(y, 12, 25), "Christmas Day"},
		}
		for _, h := range us {
			ht.add(len(ht.rows)+1, h.d, h.n, "US")
			g.holidays[h.d] = true
		}
		gf := goodFriday[y]
		for _, h := range []struct {
			d time.Time
			n string
		}{
			{day(y, 1, 1), "New Year's Day"},
			{gf, "Good Friday"},
			{gf.AddDate(0, 0, 3), "Easter Monday"},
			{nthWeekday(y, time.May, time.Monday, 1), "Early May Bank Holiday"},
			{nthWeekday(y, time.May, time.Monday, -1), "Spring Bank Holiday"},
			{nthWeekday(y, time.August, time.Monday, -1), "Summer Bank Holiday"},
			{day(y, 12, 25), "Christmas Day"},
			{day(y, 12, 26), "Boxing Day"},
		} {
			ht.add(len(ht.rows)+1, h.d, h.n, "GB")
		}
		for _, h := range []struct {
			d time.Time
			n string
		}{
			{day(y, 1, 1), "Neujahr"},
			{gf, "Karfreitag"},
			{gf.AddDate(0, 0, 3), "Ostermontag"},
			{day(y, 5, 1), "Tag der Arbeit"},
			{day(y, 10, 3), "Tag der Deutschen Einheit"},
			{day(y, 12, 25), "Erster Weihnachtstag"},
			{day(y, 12, 26), "Zweiter Weihnachtstag"},
		} {
			ht.add(len(ht.rows)+1, h.d, h.n, "DE")
		}
	}

	lt := g.d.table("leave_types", "leave_type_id", "code", "name", "is_paid", "annual_entitlement_days", "requires_approval")
	g.leaveTypes = map[string]int{}
	for _, l := range []struct {
		code, name string
		paid       bool
		days       int // tenths; 0 = none
		approval   bool
	}{
		{"VAC", "Vacation", true, 200, true},
		{"SICK", "Sick Leave", true, 100, false},
		{"PAR", "Parental Leave", true, 600, true},
		{"BRV", "Bereavement Leave", true, 50, true},
		{"UNP", "Unpaid Leave", false, 0, true},
		{"JURY", "Jury Duty", true, 0, false},
		{"STUDY", "Study Leave", true, 50, true},
	} {
		var days any
		if l.days > 0 {
			days = decimal(int64(l.days), 1)
		}
		g.leaveTypes[l.code] = lt.add(len(lt.rows)+1, l.code, l.name, l.paid, days, l.approval)
	}

	g.leave(r)
	g.separations(r)
	g.reviews(r)
	g.training(r)
}

type leaveReq struct {
	emp        *employee
	typ        string
	start, end time.Time
	tenths     int
	status     string
}

func (g *generator) leave(r *rng) {
	lr := g.d.table("leave_requests", "leave_request_id", "employee_id", "leave_type_id", "start_date", "end_date", "days_requested", "status",
		"requested_at", "approver_id", "decided_at", "reason")
	var reqs []leaveReq
	add := func(e *employee, typ string, start time.Time, n int, halfDay bool, requested time.Time, forced string) {
		end := addBusinessDays(start, n-1)
		if !e.term.IsZero() && end.After(e.term) {
			return
		}
		if requested.After(asOf) {
			return
		}
		tenths := n * 10
		if halfDay {
			tenths = 5
		}
		status := forced
		var decided time.Time
		approver := 0
		if status == "" {
			switch {
			case start.After(asOf) && r.chance(0.45):
				status = "pending"
			case !start.After(asOf) && start.Year() == 2025 && r.chance(0.01):
				status = "pending" // stale: the manager never acted on it
			default:
				status = []string{"approved", "rejected", "cancelled"}[r.weighted([]int{88, 5, 7})]
			}
		}
		if status != "pending" {
			decided = r.at(requested.AddDate(0, 0, r.between(0, 3)))
			if decided.After(asOf.Add(20 * time.Hour)) {
				status, decided = "pending", time.Time{}
			}
		}
		if status == "approved" || status == "rejected" {
			approver = e.manager
		}
		reason := ""
		switch typ {
		case "VAC":
			if r.chance(0.3) {
				reason = pick(r, []string{"Family vacation", "Travel", "Personal time", "Wedding", "Moving house", "Holiday trip"})
			}
		case "SICK":
			if r.chance(0.2) {
				reason = pick(r, []string{"Flu", "Medical appointment", "Surgery recovery", "Child sick"})
			}
		case "PAR":
			reason = "Birth of child"
		case "BRV":
			reason = "Death in the family"
		case "UNP":
			reason = pick(r, []string{"Extended travel", "Family care", "Personal matters"})
		case "STUDY":
			reason = "Exam preparation"
		}
		reqs = append(reqs, leaveReq{e, typ, start, end, tenths, status})
		lr.add(len(lr.rows)+1, e.id, g.leaveTypes[typ], start, end, decimal(int64(tenths), 1), status, r.at(requested),
			optInt(approver), optDate(decided), optString(reason))
	}
	for _, e := range g.employees {
		if e.empType == "contractor" {
			continue
		}
		for y := 2023; y <= 2025; y++ {
			from := maxDate(day(y, 1, 1), e.hire.AddDate(0, 0, 14))
			to := day(y, 12, 20)
			if y == 2025 {
				to = day(2025, 9, 30)
			}
			if !e.term.IsZero() {
				to = minDate(to, e.term)
			}
			if !from.Before(to) {
				continue
			}
			frac := int(to.Sub(from).Hours()/24) * 100 / 365
			nVac := (r.between(2, 4)*frac + 50) / 100
			for range nVac {
				start := r.businessDayBetween(from, to)
				add(e, "VAC", start, pick(r, []int{1, 2, 3, 5, 5, 5, 8, 10}), false, start.AddDate(0, 0, -r.between(5, 45)), "")
			}
			for range (r.between(0, 3)*frac + 50) / 100 {
				start := r.businessDayBetween(from, minDate(to, asOf))
				half := r.chance(0.15)
				add(e, "SICK", start, pick(r, []int{1, 1, 1, 2, 2, 3, 5}), half, start, "approved")
			}
			switch x := r.Float64(); {
			case x < 0.03 && e.empType != "intern":
				start := r.businessDayBetween(from, to)
				add(e, "PAR", start, r.between(20, 60), false, start.AddDate(0, 0, -r.between(30, 90)), "")
			case x < 0.06:
				start := r.businessDayBetween(from, minDate(to, asOf))
				add(e, "BRV", start, r.between(2, 5), false, start.AddDate(0, 0, -1), "approved")
			case x < 0.08:
				start := r.businessDayBetween(from, to)
				add(e, "JURY", start, r.between(1, 3), false, start.AddDate(0, 0, -r.between(10, 30)), "approved")
			case x < 0.10:
				start := r.businessDayBetween(from, to)
				add(e, "UNP", start, r.between(3, 15), false, start.AddDate(0, 0, -r.between(15, 60)), "")
			case x < 0.13:
				start := r.businessDayBetween(from, to)
				add(e, "STUDY", start, r.between(1, 5), false, start.AddDate(0, 0, -r.between(10, 40)), "")
			}
		}
		if e.status == "on_leave" {
			typ := pick(r, []string{"PAR", "PAR", "UNP", "SICK"})
			start := nextBusinessDay(asOf.AddDate(0, 0, -r.between(20, 60)))
			add(e, typ, start, r.between(45, 70), false, start.AddDate(0, 0, -r.between(10, 40)), "approved")
		}
	}

	lb := g.d.table("leave_balances", "leave_balance_id", "employee_id", "leave_type_id", "balance_year", "entitled_days", "carried_over_days", "taken_days")
	taken := map[[3]int]int{} // employee, type, year -> tenths
	for _, q := range reqs {
		if q.status == "approved" && !q.start.After(asOf) {
			taken[[3]int{q.emp.id, g.leaveTypes[q.typ], q.start.Year()}] += q.tenths
		}
	}
	for _, e := range g.employees {
		if e.empType == "contractor" {
			continue
		}
		prevUnused := 0
		for _, y := range []int{2024, 2025} {
			if e.hire.After(day(y, 12, 31)) || (!e.term.IsZero() && e.term.Before(day(y, 1, 1))) {
				continue
			}
			for _, typ := range []string{"VAC", "SICK"} {
				full := 200
				if typ == "SICK" {
					full = 100
				}
				ent := full
				if e.hire.Year() == y {
					ent = (full*(12-int(e.hire.Month())+1)/12 + 2) / 5 * 5
				}
				carried := 0
				if typ == "VAC" && y == 2025 {
					carried = min(50, max(0, prevUnused)) / 5 * 5
				}
				tk := taken[[3]int{e.id, g.leaveTypes[typ], y}]
				if typ == "VAC" {
					prevUnused = ent - tk
				}
				lb.add(len(lb.rows)+1, e.id, g.leaveTypes[typ], y, decimal(int64(ent), 1), decimal(int64(carried), 1), decimal(int64(tk), 1))
			}
		}
	}
}

func (g *generator) separations(r *rng) {
	tt := g.d.table("terminations", "termination_id", "employee_id", "termination_date", "notice_date", "termination_type", "reason",
		"is_regrettable", "exit_interview_done", "processed_by")
	hr := g.employeesIn("HR", "HR Business Partner", "HR Manager")
	for _, e := range g.employees {
		if e.term.IsZero() {
			continue
		}
		var reason string
		notice := e.term.AddDate(0, 0, -r.between(14, 30))
		switch e.termType {
		case "voluntary":
			reason = pick(r, []string{
				"Better compensation elsewhere", "Career change", "Relocation", "Personal reasons",
				"Return to school", "Work-life balance", "Better compensation elsewhere", "Lack of growth opportunities",
			})
		case "involuntary":
			reason = pick(r, []string{"Performance", "Position eliminated", "Policy violation", "Restructuring"})
			notice = e.term.AddDate(0, 0, -r.between(0, 2))
		case "retirement":
			reason = "Retirement"
			notice = e.term.AddDate(0, -3, 0)
		default:
			reason = "Contract ended"
			if e.empType == "intern" {
				reason = "Internship ended"
			}
		}
		if notice.Before(e.hire) {
			notice = e.hire
		}
		regrettable := e.termType == "voluntary" && r.chance(0.4)
		tt.add(len(tt.rows)+1, e.id, e.term, notice, e.termType, reason, regrettable, e.termType != "involuntary" && r.chance(0.75),
			someone(r, hr, e.term).id)
	}
}

func (g *generator) reviews(r *rng) {
	pr := g.d.table("performance_reviews", "review_id", "employee_id", "reviewer_id", "review_year", "review_type", "overall_rating", "status", "submitted_at")
	rating := func() int { return 1 + r.weighted([]int{3, 12, 50, 27, 8}) }
	for _, e := range g.employees {
		if e.manager == 0 || e.empType == "contractor" {
			continue
		}
		for _, y := range []int{2023, 2024} {
			if !e.employedOn(day(y, 12, 31)) || e.hire.After(day(y, 9, 30)) {
				continue
			}
			status := "acknowledged"
			if r.chance(0.1) {
				status = "submitted"
			}
			pr.add(len(pr.rows)+1, e.id, e.manager, y, "annual", rating(), status, r.at(r.businessDayBetween(day(y+1, 1, 8), day(y+1, 2, 20))))
		}
		if p := e.hire.AddDate(0, 0, 90); p.Year() >= 2023 && !p.After(asOf) && e.employedOn(p) && e.empType != "intern" {
			pr.add(len(pr.rows)+1, e.id, e.manager, p.Year(), "probation", 3+r.weighted([]int{30, 55, 15}), "acknowledged", r.at(nextBusinessDay(p)))
		}
		if e.term.IsZero() && e.hire.Before(day(2025, 1, 1)) && r.chance(0.6) {
			switch x := r.Float64(); {
			case x < 0.5:
				pr.add(len(pr.rows)+1, e.id, e.manager, 2025, "mid_year", nil, "draft", nil)
			case x < 0.85:
				pr.add(len(pr.rows)+1, e.id, e.manager, 2025, "mid_year", rating(), "submitted", r.at(r.businessDayBetween(day(2025, 6, 9), day(2025, 6, 30))))
			default:
				pr.add(len(pr.rows)+1, e.id, e.manager, 2025, "mid_year", rating(), "acknowledged", r.at(r.businessDayBetween(day(2025, 6, 2), day(2025, 6, 20))))
			}
		}
	}
}

type course struct {
	id                int
	code, title, cat  string
	method            string
	hours             int // tenths
	cost              cents
	mandatory, active bool
	depts             []string // departments that typically take it; empty = anyone
}

func (g *generator) training(r *rng) {
	courses := []*course{
		{code: "COMP-101", title: "Code of Conduct", cat: "compliance", method: "online", hours: 10, mandatory: true, active: true},
		{code: "COMP-102", title: "Information Security Awareness", cat: "compliance", method: "online", hours: 15, mandatory: true, active: true},
		{code: "COMP-103", title: "Anti-Harassment Training", cat: "compliance", method: "online", hours: 20, mandatory: true, active: true},
		{code: "COMP-104", title: "Data Privacy Essentials (GDPR & CCPA)", cat: "compliance", method: "online", hours: 15, mandatory: true, active: true},
		{code: "COMP-110", title: "Anti-Bribery and Export Controls", cat: "compliance", method: "online", hours: 10, cost: 0, active: true, depts: []string{"SALES", "PROC", "FIN", "EXEC"}},
		{code: "SAFE-201", title: "Workplace Safety Fundamentals", cat: "safety", method: "classroom", hours: 40, cost: 15000, active: true, depts: []string{"MFG", "QA", "LOG"}},
		{code: "SAFE-202", title: "Forklift Operator Certification", cat: "safety", method: "classroom", hours: 80, cost: 45000, active: true, depts: []string{"LOG"}},
		{code: "SAFE-203", title: "First Aid and CPR", cat: "safety", method: "classroom", hours: 60, cost: 12000, active: true, depts: []string{"MFG", "LOG", "HR"}},
		{code: "SAFE-204", title: "Hazardous Materials Handling", cat: "safety", method: "blended", hours: 40, cost: 20000, active: true, depts: []string{"MFG", "QA"}},
		{code: "TECH-301", title: "SQL for Analysts", cat: "technical", method: "online", hours: 120, cost: 39900, active: true, depts: []string{"FIN", "MKT", "IT", "PS"}},
		{code: "TECH-302", title: "Advanced Excel", cat: "technical", method: "online", hours: 80, cost: 19900, active: true, depts: []string{"FIN", "PROC", "SALES", "HR"}},
		{code: "TECH-303", title: "Cloud Fundamentals", cat: "technical", method: "online", hours: 160, cost: 49900, active: true, depts: []string{"ENG", "IT", "PS"}},
		{code: "TECH-304", title: "Kubernetes in Practice", cat: "technical", method: "blended", hours: 240, cost: 120000, active: true, depts: []string{"ENG", "IT"}},
		{code: "TECH-305", title: "Secure Coding", cat: "technical", method: "online", hours: 80, cost: 45000, active: true, depts: []string{"ENG"}},
		{code: "TECH-306", title: "Lean Manufacturing Basics", cat: "technical", method: "classroom", hours: 160, cost: 85000, active: true, depts: []string{"MFG", "QA", "LOG"}},
		{code: "TECH-307", title: "Six Sigma Green Belt", cat: "technical", method: "blended", hours: 400, cost: 250000, active: true, depts: []string{"MFG", "QA", "ENG"}},
		{code: "TECH-308", title: "ERP Power User", cat: "technical", method: "online", hours: 60, cost: 15000, active: true, depts: []string{"FIN", "PROC", "LOG", "SALES"}},
		{code: "TECH-309", title: "Legacy Mainframe Operations", cat: "technical", method: "classroom", hours: 160, cost: 90000, active: false, depts: []string{"IT"}},
		{code: "LEAD-401", title: "New Manager Essentials", cat: "leadership", method: "blended", hours: 160, cost: 150000, active: true},
		{code: "LEAD-402", title: "Leading High-Performance Teams", cat: "leadership", method: "classroom", hours: 120, cost: 180000, active: true},
		{code: "LEAD-403", title: "Strategic Thinking", cat: "leadership", method: "classroom", hours: 80, cost: 220000, active: true},
		{code: "LEAD-404", title: "Coaching Skills for Leaders", cat: "leadership", method: "online", hours: 60, cost: 60000, active: true},
		{code: "SOFT-501", title: "Effective Communication", cat: "soft_skills", method: "online", hours: 40, cost: 9900, active: true},
		{code: "SOFT-502", title: "Negotiation Skills", cat: "soft_skills", method: "classroom", hours: 80, cost: 95000, active: true, depts: []string{"SALES", "PROC", "PS"}},
		{code: "SOFT-503", title: "Time Management", cat: "soft_skills", method: "online", hours: 20, cost: 4900, active: true},
		{code: "SOFT-504", title: "Presentation Skills", cat: "soft_skills", method: "blended", hours: 60, cost: 35000, active: true, depts: []string{"SALES", "MKT", "PS"}},
		{code: "SOFT-505", title: "Customer Service Excellence", cat: "soft_skills", method: "online", hours: 40, cost: 15000, active: true, depts: []string{"SUP", "SALES"}},
		{code: "SOFT-506", title: "Diversity and Inclusion at Work", cat: "soft_skills", method: "online", hours: 20, cost: 0, active: true},
	}
	ct := g.d.table("training_courses", "course_id", "course_code", "title", "category", "delivery_method", "duration_hours", "cost_per_participant", "is_mandatory", "is_active")
	for _, c := range courses {
		c.id = ct.add(len(ct.rows)+1, c.code, c.title, c.cat, c.method, decimal(int64(c.hours), 1), money(c.cost), c.mandatory, c.active)
	}
	g.trainingSpend = map[[2]int]cents{}
	et := g.d.table("training_enrollments", "enrollment_id", "course_id", "employee_id", "enrolled_date", "status", "completion_date", "score")
	enroll := func(c *course, e *employee, enrolled time.Time, recent bool) {
		var status string
		if recent {
			status = []string{"completed", "in_progress", "enrolled", "withdrawn"}[r.weighted([]int{66, 16, 15, 3})]
		} else {
			status = []string{"completed", "failed", "withdrawn", "in_progress", "enrolled"}[r.weighted([]int{90, 3, 3, 2, 2})]
		}
		var completed time.Time
		var score any
		if status == "completed" {
			completed = enrolled.AddDate(0, 0, r.between(1, 60))
			if completed.After(asOf) || completed.After(e.lastDay()) {
				status, completed = "in_progress", time.Time{}
			} else {
				score = decimal(int64(r.between(700, 1000)), 1)
			}
		}
		if status == "failed" {
			score = decimal(int64(r.between(300, 690)), 1)
		}
		if !e.term.IsZero() && (status == "in_progress" || status == "enrolled") && e.term.Before(day(2025, 6, 1)) {
			status = "withdrawn"
		}
		et.add(len(et.rows)+1, c.id, e.id, enrolled, status, optDate(completed), score)
		if c.cost > 0 && status != "withdrawn" {
			g.trainingSpend[[2]int{periodID(enrolled), e.dept.id}] += c.cost
		}
	}
	for _, e := range g.employees {
		if e.empType == "contractor" {
			continue
		}
		// Mandatory compliance training every year.
		for y := 2023; y <= 2025; y++ {
			assign := day(y, 2, 1)
			if e.hire.After(assign) {
				assign = e.hire.AddDate(0, 0, 7)
			}
			if assign.Year() != y || assign.After(asOf) || !e.employedOn(assign) {
				continue
			}
			for _, c := range courses {
				if c.mandatory {
					enroll(c, e, assign, y == 2025)
				}
			}
		}
		// Elective and role courses.
		n := r.between(0, 3)
		if e.isManagerLevel {
			n++
		}
		for range n {
			var fit []*course
			for _, c := range courses {
				if c.mandatory || !c.active && r.chance(0.8) {
					continue
				}
				if c.cat == "leadership" && !e.isManagerLevel && e.pos.level < 4 {
					continue
				}
				if len(c.depts) == 0 || containsStr(c.depts, e.dept.code) {
					fit = append(fit, c)
				}
			}
			c := pick(r, fit)
			from := maxDate(dataStart, e.hire)
			to := minDate(e.lastDay(), asOf)
			if !from.Before(to) {
				continue
			}
			d := r.businessDayBetween(from, to)
			enroll(c, e, d, d.After(day(2025, 3, 31)))
		}
	}
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
