package erp

import "time"

type benefitType struct {
	id       int
	code     string
	cat      string
	er, ee   cents // monthly list cost for employee-only coverage
	tiered   bool  // cost scales with coverage level
	active   bool
	provider int
}

type enrollment struct {
	bt         *benefitType
	coverage   string
	status     string
	start, end time.Time
	er, ee     cents
}

// activeOn reports whether the enrollment gives coverage on d.
func (en *enrollment) activeOn(d time.Time) bool {
	return en.status != "waived" && !en.start.After(d) && (en.end.IsZero() || !en.end.Before(d))
}

var coverageBP = map[string]int{"employee_only": 10000, "employee_spouse": 20000, "employee_children": 18000, "family": 29000}

func (g *generator) benefits() {
	r := newRNG("benefits")
	bp2 := g.d.table("benefit_providers", "provider_id", "name", "provider_type", "phone")
	for _, p := range [][3]string{
		{"Northstar Health Insurance", "insurer", "+1-800-555-0142"},
		{"BrightSmile Dental Mutual", "insurer", "+1-800-555-0177"},
		{"ClearView Vision Plans", "insurer", "+1-800-555-0190"},
		{"Summit Retirement Services", "retirement_administrator", "+1-888-555-0101"},
		{"Harbor Life & Disability", "insurer", "+1-888-555-0123"},
		{"Vitality Wellness Partners", "wellness_vendor", ""},
	} {
		bp2.add(len(bp2.rows)+1, p[0], p[1], optString(p[2]))
	}
	bt := g.d.table("benefit_types", "benefit_type_id", "code", "name", "category", "provider_id", "employer_monthly_cost", "employee_monthly_cost", "is_taxable", "is_active")
	for _, b := range []struct {
		code, name, cat string
		provider        int
		er, ee          cents
		tiered, taxable bool
		active          bool
	}{
		{"MED-PPO", "Medical PPO Plan", "medical", 1, 68000, 17500, true, false, true},
		{"MED-HDHP", "High Deductible Health Plan", "medical", 1, 52000, 8500, true, false, true},
		{"MED-HMO", "Medical HMO Plan (legacy)", "medical", 1, 49000, 12000, true, false, false},
		{"DEN", "Dental Plan", "dental", 2, 4500, 1500, true, false, true},
		{"VIS", "Vision Plan", "vision", 3, 1200, 600, true, false, true},
		{"401K", "401(k) Retirement Plan", "retirement", 4, 0, 0, false, false, true},
		{"LIFE", "Basic Life Insurance", "life", 5, 1800, 0, false, true, true},
		{"STD", "Short-Term Disability", "disability", 5, 2200, 0, false, false, true},
		{"LTD", "Long-Term Disability", "disability", 5, 2800, 900, false, false, true},
		{"WELL", "Wellness Stipend", "wellness", 6, 5000, 0, false, true, true},
	} {
		t := &benefitType{code: b.code, cat: b.cat, er: b.er, ee: b.ee, tiered: b.tiered, active: b.active, provider: b.provider}
		t.id = bt.add(len(bt.rows)+1, b.code, b.name, b.cat, b.provider, money(b.er), money(b.ee), b.taxable, b.active)
		g.benefitTypes = append(g.benefitTypes, t)
	}
	byCode := map[string]*benefitType{}
	for _, t := range g.benefitTypes {
		byCode[t.code] = t
	}

	eb := g.d.table("employee_benefits", "employee_benefit_id", "employee_id", "benefit_type_id", "coverage_level", "status", "start_date", "end_date",
		"employer_contribution", "employee_contribution")
	plan2024 := day(2024, 1, 1)
	for _, e := range g.employees {
		if e.empType == "contractor" || e.empType == "intern" {
			continue
		}
		start := e.hire
		if start.Day() != 1 {
			start = monthStart(start).AddDate(0, 1, 0)
		}
		start = maxDate(start, day(2020, 1, 1))
		coverage := []string{"employee_only", "employee_spouse", "employee_children", "family"}[r.weighted([]int{40, 20, 15, 25})]
		add := func(t *benefitType, cov string, from, to time.Time, status string) {
			if !e.term.IsZero() && from.After(e.term) {
				return
			}
			if !e.term.IsZero() && (to.IsZero() || to.After(e.term)) {
				to, status = e.term, "terminated"
			}
			if status == "active" && from.After(asOf) {
				status = "pending"
			}
			er, ee := t.er, t.ee
			if t.tiered {
				er, ee = bp(er, coverageBP[cov]), bp(ee, coverageBP[cov])
			}
			if t.code == "401K" {
				// Employer match: half the deferral, up to 3% of pay.
				monthly := divRound(e.salaryOn(minDate(e.lastDay(), asOf)), 12)
				er = bp(monthly, min(e.deferralBP, 600)/2)
			}
			if status == "waived" {
				er, ee = 0, 0
			}
			en := &enrollment{bt: t, coverage: cov, status: status, start: from, end: to, er: er, ee: ee}
			e.enrollments = append(e.enrollments, en)
			eb.add(len(eb.rows)+1, e.id, t.id, cov, status, from, optDate(to), money(er), money(ee))
		}
		if r.chance(0.12) {
			add(byCode["MED-PPO"], "employee_only", start, time.Time{}, "waived")
		} else {
			med := byCode["MED-PPO"]
			if r.chance(0.45) {
				med = byCode["MED-HDHP"]
			}
			if start.Before(plan2024) && r.chance(0.3) {
				add(byCode["MED-HMO"], coverage, start, plan2024.AddDate(0, 0, -1), "terminated")
				add(med, coverage, plan2024, time.Time{}, "active")
			} else {
				add(med, coverage, start, time.Time{}, "active")
			}
		}
		if r.chance(0.8) {
			add(byCode["DEN"], coverage, start, time.Time{}, "active")
		}
		if r.chance(0.6) {
			add(byCode["VIS"], coverage, start, time.Time{}, "active")
		}
		if r.chance(0.75) {
			e.deferralBP = r.between(3, 10) * 100
			add(byCode["401K"], "employee_only", start, time.Time{}, "active")
		}
		add(byCode["LIFE"], "employee_only", start, time.Time{}, "active")
		if r.chance(0.6) {
			add(byCode["STD"], "employee_only", start, time.Time{}, "active")
		}
		if r.chance(0.4) {
			add(byCode["LTD"], "employee_only", start, time.Time{}, "active")
		}
		if r.chance(0.5) {
			add(byCode["WELL"], "employee_only", maxDate(start, plan2024), time.Time{}, "active")
		}
	}
}
