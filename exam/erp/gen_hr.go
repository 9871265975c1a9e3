package erp

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// generator builds the dataset module by module; later modules read the
// state earlier ones leave here (employees, products, orders, ...).
type generator struct {
	d *dataset

	locations   []*location
	locByCode   map[string]*location
	costCenters map[string]int // code -> id
	sharedCC    int
	departments []*department
	deptByCode  map[string]*department
	positions   []*position
	employees   []*employee // index = id-1
	leaveTypes  map[string]int
	holidays    map[time.Time]bool

	benefitTypes []*benefitType

	// finance reference data
	accounts     map[string]int // account_number -> id
	bankAccounts map[string]int

	// catalogue
	products   []*product
	suppliers  []*supplier
	serviceSup map[string]*supplier // non-PO service vendors by purpose
	warehouses []*warehouse
	whByCode   map[string]*warehouse

	// sales
	territories []*territory
	customers   []*customer
	orders      []*salesOrder
	invoices    []*invoice
	payments    []*payment
	returns     []*salesReturn

	// procurement
	purchaseOrders []*purchaseOrder
	receipts       []*goodsReceipt
	supInvoices    []*supplierInvoice

	// manufacturing
	workOrders []*workOrder

	// projects, expenses, payroll, assets
	projects       []*project
	expenseReports []*expenseReport
	payrollRuns    []*payrollRun
	assets         []*fixedAsset
	trainingSpend  map[[2]int]cents // (period id, department id) -> course cost
	boms           map[int][]bomLine
	adjustments    []stockAdjustment
}

type location struct {
	id                           int
	code, name, city, state, cc2 string
	region                       string
}

type department struct {
	id     int
	code   string
	name   string
	ccID   int
	headID int
	spec   deptSpec
}

type position struct {
	id      int
	dept    *department
	title   string
	family  string
	level   int
	manager bool
	weight  int // relative share of individual contributors
	minSal  cents
	maxSal  cents
}

type salaryPeriod struct {
	from, to time.Time // to is zero while current
	annual   cents
}

type employee struct {
	id             int
	number         string
	first, last    string
	email          string
	dept           *department
	pos            *position
	firstPos       *position
	promoted       time.Time
	manager        int
	hire, term     time.Time
	status         string
	empType        string
	loc            *location
	birth          time.Time
	salaries       []salaryPeriod
	termType       string
	territory      *territory
	deferralBP     int // 401(k) deferral in basis points of gross pay
	enrollments    []*enrollment
	isManagerLevel bool
}

// employedOn reports whether e worked for the company on d.
func (e *employee) employedOn(d time.Time) bool {
	return !d.Before(e.hire) && (e.term.IsZero() || !d.After(e.term))
}

// lastDay is the last day e was employed, or asOf.
func (e *employee) lastDay() time.Time {
	if e.term.IsZero() {
		return asOf
	}
	return e.term
}

// salaryOn returns the annual salary in effect on d.
func (e *employee) salaryOn(d time.Time) cents {
	s := e.salaries[0].annual
	for _, p := range e.salaries {
		if !p.from.After(d) {
			s = p.annual
		}
	}
	return s
}

type deptSpec struct {
	code, name, parent string
	size               int
	locs               []string
	payBP              int
	positions          []posSpec // [0] is the head, manager positions next
	established        time.Time
}

type posSpec struct {
	title, family string
	level         int
	manager       bool
	weight        int
}

var deptSpecs = []deptSpec{
	{"EXEC", "Executive Office", "", 6, []string{"HQ-CHI"}, 10000, []posSpec{
		{"Chief Executive Officer", "Executive", 10, true, 0},
		{"Chief Operating Officer", "Executive", 9, true, 0},
		{"Chief Financial Officer", "Executive", 9, true, 0},
		{"Chief of Staff", "Executive", 6, false, 1},
		{"Executive Assistant", "Administration", 3, false, 2},
	}, day(2004, 3, 1)},
	{"FIN", "Finance & Accounting", "EXEC", 24, []string{"HQ-CHI", "HQ-CHI", "OFF-LON"}, 10000, []posSpec{
		{"VP Finance", "Finance", 8, true, 0},
		{"Accounting Manager", "Finance", 6, true, 0},
		{"Senior Accountant", "Finance", 4, false, 3},
		{"Financial Analyst", "Finance", 3, false, 3},
		{"Accountant", "Finance", 3, false, 4},
		{"Accounts Payable Clerk", "Finance", 2, false, 3},
	}, day(2004, 3, 1)},
	{"HR", "Human Resources", "EXEC", 15, []string{"HQ-CHI"}, 9500, []posSpec{
		{"HR Director", "Human Resources", 8, true, 0},
		{"HR Manager", "Human Resources", 6, true, 0},
		{"HR Business Partner", "Human Resources", 4, false, 4},
		{"Recruiter", "Human Resources", 3, false, 4},
		{"HR Coordinator", "Human Resources", 2, false, 3},
	}, day(2004, 3, 1)},
	{"SALES", "Sales", "EXEC", 54, []string{"HQ-CHI", "OFF-NYC", "OFF-SFO", "OFF-TOR", "OFF-LON", "OFF-BER", "OFF-SIN", "OFF-MEX"}, 10000, []posSpec{
		{"VP Sales", "Sales", 8, true, 0},
		{"Regional Sales Manager", "Sales", 6, true, 0},
		{"Senior Account Executive", "Sales", 4, false, 3},
		{"Account Executive", "Sales", 3, false, 4},
		{"Sales Development Representative", "Sales", 2, false, 3},
	}, day(2004, 3, 1)},
	{"MKT", "Marketing", "EXEC", 20, []string{"HQ-CHI", "OFF-NYC"}, 10000, []posSpec{
		{"Marketing Director", "Marketing", 8, true, 0},
		{"Marketing Manager", "Marketing", 6, true, 0},
		{"Product Marketing Manager", "Marketing", 4, false, 3},
		{"Marketing Specialist", "Marketing", 3, false, 4},
		{"Marketing Coordinator", "Marketing", 2, false, 3},
	}, day(2006, 1, 9)},
	{"ENG", "Engineering", "EXEC", 80, []string{"HQ-CHI", "HQ-CHI", "OFF-SFO", "OFF-TOR", "OFF-BER"}, 12000, []posSpec{
		{"VP Engineering", "Engineering", 8, true, 0},
		{"Engineering Manager", "Engineering", 6, true, 0},
		{"Staff Engineer", "Engineering", 5, false, 2},
		{"Senior Software Engineer", "Engineering", 4, false, 5},
		{"Software Engineer", "Engineering", 3, false, 6},
		{"Associate Software Engineer", "Engineering", 2, false, 3},
	}, day(2004, 3, 1)},
	{"MFG", "Manufacturing", "EXEC", 72, []string{"PLT-CHI"}, 9000, []posSpec{
		{"Plant Director", "Manufacturing", 8, true, 0},
		{"Production Supervisor", "Manufacturing", 6, true, 0},
		{"Manufacturing Engineer", "Manufacturing", 4, false, 2},
		{"Maintenance Technician", "Manufacturing", 3, false, 2},
		{"Machine Operator", "Manufacturing", 2, false, 5},
		{"Assembly Technician", "Manufacturing", 2, false, 6},
	}, day(2004, 3, 1)},
	{"QA", "Quality Assurance", "MFG", 14, []string{"PLT-CHI"}, 9500, []posSpec{
		{"Quality Manager", "Quality", 7, true, 0},
		{"Quality Engineer", "Quality", 4, false, 2},
		{"Quality Inspector", "Quality", 2, false, 4},
	}, day(2009, 7, 1)},
	{"LOG", "Logistics & Warehousing", "EXEC", 44, []string{"DC-ATL", "DC-RNO", "PLT-CHI", "DC-RTM", "DC-MEM"}, 8500, []posSpec{
		{"Director of Logistics", "Logistics", 8, true, 0},
		{"Warehouse Manager", "Logistics", 6, true, 0},
		{"Logistics Coordinator", "Logistics", 3, false, 3},
		{"Warehouse Associate", "Logistics", 1, false, 6},
		{"Forklift Operator", "Logistics", 1, false, 3},
	}, day(2004, 3, 1)},
	{"PROC", "Procurement", "EXEC", 13, []string{"HQ-CHI", "PLT-CHI"}, 10000, []posSpec{
		{"Procurement Director", "Procurement", 8, true, 0},
		{"Purchasing Manager", "Procurement", 6, true, 0},
		{"Senior Buyer", "Procurement", 4, false, 4},
		{"Buyer", "Procurement", 3, false, 5},
	}, day(2005, 5, 2)},
	{"SUP", "Customer Support", "EXEC", 36, []string{"HQ-CHI", "OFF-TOR", "OFF-MEX"}, 8000, []posSpec{
		{"Director of Customer Support", "Support", 8, true, 0},
		{"Support Team Lead", "Support", 6, true, 0},
		{"Senior Support Specialist", "Support", 3, false, 3},
		{"Support Specialist", "Support", 2, false, 6},
	}, day(2007, 2, 1)},
	{"IT", "Information Technology", "EXEC", 22, []string{"HQ-CHI"}, 11000, []posSpec{
		{"IT Director", "Information Technology", 8, true, 0},
		{"IT Manager", "Information Technology", 6, true, 0},
		{"Systems Administrator", "Information Technology", 4, false, 3},
		{"Database Administrator", "Information Technology", 4, false, 2},
		{"IT Support Technician", "Information Technology", 2, false, 4},
	}, day(2004, 3, 1)},
	{"PS", "Professional Services", "EXEC", 46, []string{"HQ-CHI", "OFF-NYC", "OFF-SFO", "OFF-LON"}, 11000, []posSpec{
		{"Director of Professional Services", "Consulting", 8, true, 0},
		{"Engagement Manager", "Consulting", 6, true, 0},
		{"Principal Consultant", "Consulting", 5, false, 2},
		{"Senior Consultant", "Consulting", 4, false, 4},
		{"Consultant", "Consulting", 3, false, 5},
	}, day(2011, 4, 1)},
}

// salaryBands gives the annual salary band (whole dollars) per job level.
var salaryBands = map[int][2]int{
	1: {34000, 46000}, 2: {44000, 62000}, 3: {58000, 85000}, 4: {80000, 115000}, 5: {105000, 140000},
	6: {100000, 145000}, 7: {120000, 165000}, 8: {150000, 220000}, 9: {220000, 310000}, 10: {320000, 420000},
}

func (g *generator) reference() {
	cur := g.d.table("currencies", "currency_code", "name", "symbol", "decimal_places")
	for _, c := range [][4]any{
		{"USD", "US Dollar", "$", 2},
		{"EUR", "Euro", "€", 2},
		{"GBP", "Pound Sterling", "£", 2},
		{"CAD", "Canadian Dollar", "C$", 2},
		{"JPY", "Japanese Yen", "¥", 0},
		{"AUD", "Australian Dollar", "A$", 2},
		{"INR", "Indian Rupee", "₹", 2},
		{"MXN", "Mexican Peso", "MX$", 2},
		{"SGD", "Singapore Dollar", "S$", 2},
	} {
		cur.add(c[0], c[1], c[2], c[3])
	}

	loc := g.d.table("locations", "location_id", "location_code", "name", "address_line", "city", "state_province", "country_code", "region", "is_headquarters")
	g.locByCode = map[string]*location{}
	for _, l := range [][7]string{
		{"HQ-CHI", "Chicago Headquarters", "200 W Monroe St", "Chicago", "IL", "US", "North America"},
		{"PLT-CHI", "Chicago Plant", "4800 S Kedzie Ave", "Chicago", "IL", "US", "North America"},
		{"OFF-NYC", "New York Office", "350 Fifth Ave", "New York", "NY", "US", "North America"},
		{"OFF-SFO", "San Francisco Office", "101 Mission St", "San Francisco", "CA", "US", "North America"},
		{"OFF-TOR", "Toronto Office", "100 King St W", "Toronto", "ON", "CA", "North America"},
		{"OFF-LON", "London Office", "1 Canada Square", "London", "", "GB", "EMEA"},
		{"OFF-BER", "Berlin Office", "Friedrichstrasse 68", "Berlin", "", "DE", "EMEA"},
		{"DC-ATL", "Atlanta Distribution Center", "1800 Fulton Industrial Blvd", "Atlanta", "GA", "US", "North America"},
		{"DC-RNO", "Reno Distribution Center", "555 Vassar St", "Reno", "NV", "US", "North America"},
		{"DC-RTM", "Rotterdam Distribution Center", "Waalhaven Zuidzijde 21", "Rotterdam", "", "NL", "EMEA"},
		{"DC-MEM", "Memphis Returns Center", "4100 Air Trans Rd", "Memphis", "TN", "US", "North America"},
		{"DC-DAL", "Dallas Warehouse", "2500 Irving Blvd", "Dallas", "TX", "US", "North America"},
		{"OFF-SIN", "Singapore Office", "8 Marina View", "Singapore", "", "SG", "APAC"},
		{"OFF-MEX", "Mexico City Office", "Paseo de la Reforma 250", "Mexico City", "CDMX", "MX", "LATAM"},
	} {
		l2 := &location{id: len(loc.rows) + 1, code: l[0], name: l[1], city: l[3], state: l[4], cc2: l[5], region: l[6]}
		loc.add(l2.id, l[0], l[1], l[2], l[3], optString(l[4]), l[5], l[6], l[0] == "HQ-CHI")
		g.locations = append(g.locations, l2)
		g.locByCode[l[0]] = l2
	}

	cc := g.d.table("cost_centers", "cost_center_id", "code", "name", "is_active")
	g.costCenters = map[string]int{}
	for i, s := range deptSpecs {
		code := fmt.Sprintf("CC-%d", 100+i*10)
		id := cc.add(len(cc.rows)+1, code, s.name, true)
		g.costCenters[s.code] = id
	}
	g.sharedCC = cc.add(len(cc.rows)+1, "CC-900", "Corporate Shared Services", true)
	cc.add(len(cc.rows)+1, "CC-950", "Legacy Retail Division", false)
}

func (g *generator) organisation() {
	r := newRNG("organisation")
	dt := g.d.table("departments", "department_id", "department_code", "name", "parent_department_id", "manager_id", "cost_center_id", "location_id", "is_active", "established_date")
	pt := g.d.table("positions", "position_id", "position_code", "title", "job_family", "job_level", "department_id", "min_salary", "max_salary", "is_manager", "is_active")
	g.deptByCode = map[string]*department{}
	for i, s := range deptSpecs {
		d := &department{id: i + 1, code: s.code, name: s.name, ccID: g.costCenters[s.code], spec: s}
		g.departments = append(g.departments, d)
		g.deptByCode[s.code] = d
		for j, ps := range s.positions {
			band := salaryBands[ps.level]
			p := &position{
				id: len(g.positions) + 1, dept: d, title: ps.title, family: ps.family, level: ps.level, manager: ps.manager, weight: ps.weight,
				minSal: bp(int64(band[0])*100, s.payBP), maxSal: bp(int64(band[1])*100, s.payBP),
			}
			p.minSal, p.maxSal = roundTo(p.minSal, 100000), roundTo(p.maxSal, 100000)
			g.positions = append(g.positions, p)
			pt.add(p.id, fmt.Sprintf("%s-%02d", s.code, j+1), p.title, p.family, p.level, d.id, money(p.minSal), money(p.maxSal), p.manager, true)
		}
	}
	// A retired position keeps is_active false for history.
	legacy := &position{
		id: len(g.positions) + 1, dept: g.deptByCode["SUP"], title: "Telephone Operator", family: "Support", level: 1,
		minSal: 3000000, maxSal: 4000000,
	}
	g.positions = append(g.positions, legacy)
	pt.add(legacy.id, "SUP-99", legacy.title, legacy.family, legacy.level, legacy.dept.id, money(legacy.minSal), money(legacy.maxSal), false, false)

	// People, department by department: the head first, then managers,
	// then individual contributors.
	usedEmails := map[string]int{}
	newEmployee := func(d *department, p *position) *employee {
		e := &employee{id: len(g.employees) + 1, dept: d, pos: p, firstPos: p, empType: "full_time", status: "active"}
		e.number = fmt.Sprintf("E%05d", 10000+e.id*7)
		e.first, e.last = pick(r, firstNames), pick(r, lastNames)
		local := strings.ToLower(e.first + "." + e.last)
		usedEmails[local]++
		if n := usedEmails[local]; n > 1 {
			local = fmt.Sprintf("%s%d", local, n)
		}
		e.email = local + "@meridian-erp.example"
		e.loc = g.locByCode[pick(r, d.spec.locs)]
		g.employees = append(g.employees, e)
		return e
	}
	positionsOf := func(d *department) []*position {
		var ps []*position
		for _, p := range g.positions {
			if p.dept == d && p.title != legacy.title {
				ps = append(ps, p)
			}
		}
		return ps
	}

	for _, d := range g.departments {
		ps := positionsOf(d)
		var ics []*position
		var mgrPos *position
		for _, p := range ps[1:] {
			switch {
			case d.code == "EXEC" && p.manager:
				// COO and CFO are created below.
			case p.manager:
				mgrPos = p
			default:
				ics = append(ics, p)
			}
		}
		head := newEmployee(d, ps[0])
		head.hire = r.dateBetween(maxDate(day(2009, 1, 1), d.spec.established), day(2016, 12, 31))
		head.isManagerLevel = true
		d.headID = head.id
		managers := []*employee{}
		n := d.spec.size - 1
		if d.code == "EXEC" {
			for _, p := range ps[1:3] {
				e := newEmployee(d, p)
				e.hire = r.dateBetween(day(2010, 1, 1), day(2018, 12, 31))
				e.manager = head.id
				e.isManagerLevel = true
				managers = append(managers, e)
			}
			n -= 2
		} else if mgrPos != nil {
			m := max(1, (n+5)/11)
			for range m {
				e := newEmployee(d, mgrPos)
				e.hire = r.dateBetween(day(2011, 1, 1), day(2019, 12, 31))
				e.manager = head.id
				e.isManagerLevel = true
				managers = append(managers, e)
			}
			n -= m
		}
		weights := make([]int, len(ics))
		for i, p := range ics {
			weights[i] = p.weight
		}
		for i := range n {
			p := ics[r.weighted(weights)]
			e := newEmployee(d, p)
			switch {
			case d.code == "EXEC":
				e.manager = head.id
			case len(managers) > 0:
				e.manager = managers[i%len(managers)].id
			default:
				e.manager = head.id
			}
			g.icLifecycle(r, e, ics)
		}
	}

	// Heads report into the executive team.
	exec := g.deptByCode["EXEC"]
	ceo := g.employees[exec.headID-1]
	var coo, cfo *employee
	for _, e := range g.employees {
		switch e.pos.title {
		case "Chief Operating Officer":
			coo = e
		case "Chief Financial Officer":
			cfo = e
		}
	}
	for _, d := range g.departments {
		h := g.employees[d.headID-1]
		switch d.code {
		case "EXEC":
		case "FIN":
			h.manager = cfo.id
		case "MFG", "LOG", "PROC":
			h.manager = coo.id
		case "QA":
			h.manager = g.deptByCode["MFG"].headID
		default:
			h.manager = ceo.id
		}
	}

	for _, e := range g.employees {
		if e.birth.IsZero() {
			age := 22 + e.pos.level*2 + r.between(0, 14)
			if e.empType == "intern" {
				age = r.between(19, 23)
			}
			e.birth = r.dateBetween(e.hire.AddDate(-age-1, 0, 0), e.hire.AddDate(-age, 0, 0))
		}
		g.salaryHistory(r, e)
		if !e.term.IsZero() {
			e.status = "terminated"
			if e.termType == "retirement" {
				e.status = "retired"
			}
		}
	}

	// A few employees are on long leave on the as-of date.
	onLeave := 0
	for _, e := range g.employees {
		if onLeave < 7 && e.term.IsZero() && !e.isManagerLevel && e.empType == "full_time" && e.hire.Year() < 2024 && r.chance(0.03) {
			e.status = "on_leave"
			onLeave++
		}
	}

	for _, d := range g.departments {
		parent := any(nil)
		if d.spec.parent != "" {
			parent = g.deptByCode[d.spec.parent].id
		}
		dt.add(d.id, d.code, d.name, parent, d.headID, d.ccID, g.locByCode[d.spec.locs[0]].id, true, d.spec.established)
	}

	et := g.d.table("employees", "employee_id", "employee_number", "first_name", "last_name", "preferred_name", "email", "phone", "birth_date",
		"hire_date", "termination_date", "status", "employment_type", "department_id", "position_id", "manager_id", "location_id", "created_at")
	for _, e := range g.employees {
		preferred := any(nil)
		if r.chance(0.06) {
			preferred = pick(r, []string{"Alex", "Sam", "Jamie", "Chris", "Pat", "Kim", "Max", "Bo"})
		}
		phone := fmt.Sprintf("+1-312-555-%04d", r.IntN(10000))
		if r.chance(0.05) {
			phone = ""
		}
		et.add(e.id, e.number, e.first, e.last, preferred, e.email, optString(phone), e.birth, e.hire, optDate(e.term), e.status, e.empType,
			e.dept.id, e.pos.id, optInt(e.manager), e.loc.id, r.at(e.hire.AddDate(0, 0, -r.between(7, 30))))
	}

	st := g.d.table("employee_salaries", "salary_id", "employee_id", "annual_salary", "currency_code", "effective_from", "effective_to", "change_reason", "approved_by")
	jh := g.d.table("employee_job_history", "job_history_id", "employee_id", "department_id", "position_id", "start_date", "end_date", "change_type")
	for _, e := range g.employees {
		for i, s := range e.salaries {
			reason := "merit"
			switch {
			case i == 0:
				reason = "hire"
			case s.from.Equal(e.promoted):
				reason = "promotion"
			case s.from.Month() != time.April:
				reason = "market_adjustment"
			}
			st.add(len(st.rows)+1, e.id, money(s.annual), "USD", s.from, optDate(s.to), reason, optInt(e.manager))
		}
		end := e.term
		if !e.promoted.IsZero() {
			jh.add(len(jh.rows)+1, e.id, e.dept.id, e.firstPos.id, e.hire, e.promoted.AddDate(0, 0, -1), "hire")
			jh.add(len(jh.rows)+1, e.id, e.dept.id, e.pos.id, e.promoted, optDate(end), "promotion")
		} else {
			jh.add(len(jh.rows)+1, e.id, e.dept.id, e.pos.id, e.hire, optDate(end), "hire")
		}
	}
}

// icLifecycle sets an individual contributor's dates, contract type,
// promotion and (for some) termination.
func (g *generator) icLifecycle(r *rng, e *employee, ics []*position) {
	switch x := r.Float64(); {
	case x < 0.05:
		e.empType = "contractor"
	case x < 0.07 && e.pos.level <= 2:
		e.empType = "intern"
	case x < 0.13:
		e.empType = "part_time"
	}
	terminated := r.chance(0.24)
	switch e.empType {
	case "intern":
		e.hire = r.businessDayBetween(day(2023, 5, 15), day(2025, 6, 16))
		if end := e.hire.AddDate(0, 3, 0); !end.After(asOf) {
			e.term, e.termType = prevBusinessDay(end), "end_of_contract"
		}
		return
	case "contractor":
		e.hire = r.businessDayBetween(day(2021, 6, 1), day(2025, 5, 30))
		if end := e.hire.AddDate(0, r.between(9, 24), 0); terminated && !end.After(asOf) {
			e.term, e.termType = prevBusinessDay(end), "end_of_contract"
		}
		return
	}
	if terminated {
		var from, to time.Time
		switch y := r.weighted([]int{10, 30, 36, 24}); y {
		case 0:
			from, to = day(2022, 1, 10), day(2022, 12, 30)
		case 1:
			from, to = day(2023, 1, 6), day(2023, 12, 29)
		case 2:
			from, to = day(2024, 1, 5), day(2024, 12, 31)
		default:
			from, to = day(2025, 1, 10), day(2025, 6, 27)
		}
		e.term = r.businessDayBetween(from, to)
		e.hire = nextBusinessDay(e.term.AddDate(0, 0, -r.between(150, 3400)))
		if e.hire.Before(day(2012, 1, 1)) {
			e.hire = nextBusinessDay(day(2012, 1, 1).AddDate(0, 0, r.IntN(400)))
		}
		e.termType = pick(r, []string{"voluntary", "voluntary", "voluntary", "voluntary", "voluntary", "involuntary", "involuntary"})
		if r.chance(0.07) {
			e.termType = "retirement"
			age := r.between(62, 66)
			e.birth = r.dateBetween(e.term.AddDate(-age-1, 0, 1), e.term.AddDate(-age, 0, 0))
		}
	} else if r.chance(0.3) {
		e.hire = r.businessDayBetween(day(2023, 1, 3), day(2025, 6, 23))
	} else {
		e.hire = r.businessDayBetween(day(2012, 1, 3), day(2022, 12, 30))
	}
	// Some long-serving staff were promoted from the level below.
	if e.hire.Before(day(2022, 4, 1)) && r.chance(0.3) {
		var lower *position
		for _, p := range ics {
			if p.level < e.pos.level && (lower == nil || p.level > lower.level) {
				lower = p
			}
		}
		if lower != nil {
			first := max(e.hire.Year()+1, 2016)
			last := min(e.lastDay().Year(), 2025)
			if first <= last {
				pd := day(r.between(first, last), time.April, 1)
				if pd.After(e.hire.AddDate(0, 6, 0)) && pd.Before(e.lastDay()) {
					e.firstPos, e.promoted = lower, pd
				}
			}
		}
	}
}

// salaryHistory builds effective-dated salary rows: a hiring salary, then
// yearly April reviews (merit, promotion) and rare market adjustments.
func (g *generator) salaryHistory(r *rng, e *employee) {
	p := e.firstPos
	start := p.minSal + int64(r.IntN(int(p.maxSal-p.minSal)/100000+1))*100000*2/3
	cur := roundTo(start, 10000)
	e.salaries = []salaryPeriod{{from: e.hire, annual: cur}}
	end := e.lastDay()
	for y := e.hire.Year(); y <= 2025; y++ {
		for _, m := range []time.Month{time.April, time.October} {
			d := day(y, m, 1)
			if !d.After(e.hire.AddDate(0, 6, 0)) || d.After(end) {
				continue
			}
			var raise int
			switch {
			case m == time.April && d.Equal(e.promoted):
				// A promotion moves pay towards the new band, by at most 25%.
				raise = r.between(800, 1500)
				if floor := e.pos.minSal; cur+bp(cur, raise) < floor {
					raise = min(2500, int((floor-cur)*10000/cur))
				}
			case m == time.April && r.chance(0.82):
				raise = r.between(200, 600)
			case m == time.October && r.chance(0.04):
				raise = r.between(500, 900)
			default:
				continue
			}
			cur = roundTo(cur+bp(cur, raise), 10000)
			e.salaries[len(e.salaries)-1].to = d.AddDate(0, 0, -1)
			e.salaries = append(e.salaries, salaryPeriod{from: d, annual: cur})
		}
	}
	if !e.term.IsZero() {
		e.salaries[len(e.salaries)-1].to = e.term
	}
}

// employeesIn returns the employees of the department with the code.
func (g *generator) employeesIn(code string, titles ...string) []*employee {
	var out []*employee
	for _, e := range g.employees {
		if e.dept.code == code && (len(titles) == 0 || slices.Contains(titles, e.pos.title)) {
			out = append(out, e)
		}
	}
	return out
}

// someone picks an employee from es who was employed on d, or falls back
// to the first of es.
func someone(r *rng, es []*employee, d time.Time) *employee {
	ok := employedOn(es, d)
	if len(ok) == 0 {
		return es[0]
	}
	return pick(r, ok)
}

// employedOn returns the employees of es who were employed on d.
func employedOn(es []*employee, d time.Time) []*employee {
	var ok []*employee
	for _, e := range es {
		if e.employedOn(d) {
			ok = append(ok, e)
		}
	}
	return ok
}
