package erp

import (
	"fmt"
	"strings"
	"time"
)

type product struct {
	id           int
	sku, name    string
	cat          *catSpec
	ptype        string
	uom          string
	list, cost   cents
	manufactured bool
	resale       bool // bought from suppliers and resold as is
	active       bool
	discontinued time.Time
	launched     time.Time
	preferred    *supplier
}

// sellableOn reports whether customers could order p on d.
func (p *product) sellableOn(d time.Time) bool {
	return p.ptype != "raw_material" && !d.Before(p.launched) && (p.discontinued.IsZero() || d.Before(p.discontinued))
}

func (p *product) stocked() bool { return p.ptype != "service" }

type supplier struct {
	id          int
	code, name  string
	specialties []string
	status      string
	terms       int
	lateDays    int // typical delivery delay beyond lead time
	onboarded   time.Time
	offers      []*supplierOffer
	service     bool
}

type supplierOffer struct {
	sup  *supplier
	prod *product
	cost cents
	lead int
	moq  int
}

type warehouse struct {
	id     int
	code   string
	name   string
	typ    string
	active bool
}

type catSpec struct {
	top, name, abbr string
	ptype, uom      string
	lo, hi          int // list price range in dollars
	nouns           []string
	manufactured    bool
	n               int
}

var catSpecs = []catSpec{
	{"Electronics", "Sensors", "SEN", "finished_good", "each", 45, 900, []string{"Pressure Sensor", "Temperature Sensor", "Proximity Sensor", "Flow Sensor", "Level Sensor", "Vibration Sensor"}, true, 12},
	{"Electronics", "Controllers", "CTL", "finished_good", "each", 300, 6500, []string{"Programmable Logic Controller", "Motor Controller", "HVAC Controller", "Servo Drive", "Remote I/O Module"}, true, 10},
	{"Electronics", "Power Supplies", "PWR", "finished_good", "each", 80, 1500, []string{"DC Power Supply", "Uninterruptible Power Supply", "Power Distribution Unit", "Voltage Regulator"}, false, 8},
	{"Electronics", "Displays", "DSP", "finished_good", "each", 150, 2800, []string{"Industrial Touch Panel", "HMI Display", "LED Status Panel"}, false, 6},
	{"Industrial Equipment", "Pumps", "PMP", "finished_good", "each", 900, 18000, []string{"Centrifugal Pump", "Diaphragm Pump", "Gear Pump", "Submersible Pump"}, true, 10},
	{"Industrial Equipment", "Motors", "MOT", "finished_good", "each", 400, 9500, []string{"AC Induction Motor", "Brushless DC Motor", "Stepper Motor", "Gear Motor"}, true, 10},
	{"Industrial Equipment", "Valves", "VLV", "finished_good", "each", 60, 2400, []string{"Ball Valve", "Butterfly Valve", "Solenoid Valve", "Check Valve", "Pressure Relief Valve"}, true, 10},
	{"Industrial Equipment", "Compressors", "CMP", "finished_good", "each", 2500, 32000, []string{"Rotary Screw Compressor", "Piston Compressor", "Oil-Free Compressor"}, true, 5},
	{"Tools", "Hand Tools", "HTL", "finished_good", "each", 12, 180, []string{"Torque Wrench", "Socket Set", "Pipe Wrench", "Wire Stripper", "Hex Key Set"}, false, 10},
	{"Tools", "Power Tools", "PTL", "finished_good", "each", 90, 1200, []string{"Cordless Drill", "Angle Grinder", "Impact Driver", "Reciprocating Saw", "Heat Gun"}, false, 8},
	{"Safety Equipment", "Personal Protective Equipment", "PPE", "finished_good", "box", 8, 250, []string{"Safety Glasses", "Nitrile Gloves", "Hard Hat", "Hearing Protection", "High-Visibility Vest", "Respirator Mask"}, false, 10},
	{"Safety Equipment", "Lockout/Tagout", "LOT", "finished_good", "each", 25, 400, []string{"Lockout Kit", "Safety Padlock", "Lockout Station"}, false, 5},
	{"Components", "Bearings", "BRG", "component", "each", 4, 180, []string{"Ball Bearing", "Roller Bearing", "Thrust Bearing", "Pillow Block Bearing"}, false, 10},
	{"Components", "Fasteners", "FST", "component", "box", 6, 90, []string{"Hex Bolt Pack", "Stainless Screw Pack", "Lock Nut Pack", "Washer Assortment"}, false, 8},
	{"Components", "Circuit Boards", "PCB", "component", "each", 25, 650, []string{"Control Board", "Sensor Board", "Power Board", "Interface Board"}, false, 8},
	{"Components", "Cables and Connectors", "CBL", "component", "meter", 3, 120, []string{"Shielded Cable", "M12 Connector", "Power Cord", "Ethernet Cable"}, false, 8},
	{"Components", "Seals and Gaskets", "SEL", "component", "each", 2, 60, []string{"O-Ring Kit", "Mechanical Seal", "Flange Gasket"}, false, 6},
	{"Raw Materials", "Metals", "MTL", "raw_material", "kg", 2, 45, []string{"Stainless Steel Sheet", "Aluminum Bar", "Copper Wire", "Carbon Steel Tube", "Brass Rod"}, false, 8},
	{"Raw Materials", "Plastics", "PLS", "raw_material", "kg", 2, 20, []string{"ABS Pellets", "Polycarbonate Sheet", "Nylon Rod", "PTFE Sheet"}, false, 6},
	{"Raw Materials", "Chemicals", "CHM", "raw_material", "liter", 5, 80, []string{"Industrial Lubricant", "Epoxy Resin", "Cleaning Solvent", "Powder Coating"}, false, 6},
	{"Software", "Software Licenses", "LIC", "service", "each", 500, 25000, []string{"Fleet Monitoring License", "SCADA Suite License", "Analytics Add-on"}, false, 5},
	{"Software", "Subscriptions", "SUB", "service", "each", 50, 1200, []string{"Remote Monitoring Subscription", "Cloud Dashboard Subscription", "Predictive Maintenance Subscription"}, false, 5},
	{"Services", "Installation Services", "INS", "service", "hour", 95, 180, []string{"On-site Installation", "Commissioning Service", "System Integration"}, false, 4},
	{"Services", "Maintenance Contracts", "MNT", "service", "each", 1200, 24000, []string{"Annual Maintenance Plan", "Extended Warranty", "Preventive Maintenance Visit"}, false, 5},
	{"Services", "Training Services", "TRN", "service", "hour", 120, 220, []string{"Operator Training", "Technician Certification Course"}, false, 3},
}

var supplierNouns = map[string][]string{
	"Electronics":          {"Electronics", "Circuits", "Sensor Technologies"},
	"Industrial Equipment": {"Machinery", "Fluid Systems", "Motion Control"},
	"Tools":                {"Tooling", "Tool Supply"},
	"Safety Equipment":     {"Safety Products", "Protective Gear"},
	"Components":           {"Components", "Precision Parts", "Industrial Supply"},
	"Raw Materials":        {"Metals", "Polymers", "Chemicals"},
}

func (g *generator) catalog() {
	r := newRNG("catalog")

	// Suppliers first: products name their preferred supplier.
	st := g.d.table("suppliers", "supplier_id", "supplier_code", "supplier_name", "country_code", "city", "currency_code", "payment_terms_days",
		"status", "is_preferred", "rating", "onboarded_date")
	tops := []string{"Electronics", "Industrial Equipment", "Tools", "Safety Equipment", "Components", "Raw Materials"}
	countries := []struct{ cc, city, cur string }{
		{"US", "Chicago", "USD"},
		{"US", "Houston", "USD"},
		{"US", "Cleveland", "USD"},
		{"US", "Detroit", "USD"},
		{"US", "Milwaukee", "USD"},
		{"US", "Charlotte", "USD"},
		{"US", "Phoenix", "USD"},
		{"CN", "Shenzhen", "USD"},
		{"CN", "Ningbo", "USD"},
		{"TW", "Taichung", "USD"},
		{"DE", "Stuttgart", "EUR"},
		{"DE", "Dortmund", "EUR"},
		{"MX", "Monterrey", "USD"},
		{"JP", "Osaka", "JPY"},
		{"CA", "Hamilton", "CAD"},
		{"GB", "Birmingham", "GBP"},
		{"IN", "Pune", "INR"},
		{"KR", "Busan", "USD"},
	}
	names := map[string]bool{}
	for i := range 60 {
		spec := []string{tops[i%len(tops)]}
		if r.chance(0.35) {
			if t := pick(r, tops); t != spec[0] {
				spec = append(spec, t)
			}
		}
		var name string
		for {
			name = pick(r, companyFirst) + " " + pick(r, supplierNouns[spec[0]])
			if s := pick(r, []string{"Inc.", "LLC", "Co.", "Ltd.", "GmbH", "Corp."}); r.chance(0.7) {
				name += " " + s
			}
			if !names[name] {
				names[name] = true
				break
			}
		}
		c := pick(r, countries)
		status := "active"
		switch x := r.Float64(); {
		case i < 5:
		case x < 0.08:
			status = "on_hold"
		case x < 0.13:
			status = "blocked"
		case x < 0.2:
			status = "inactive"
		}
		s := &supplier{
			code: fmt.Sprintf("SUP-%04d", 1000+i*13), name: name, specialties: spec, status: status,
			terms: pick(r, []int{30, 30, 45, 60, 15}), lateDays: pick(r, []int{0, 0, 1, 2, 3, 5, 8, 12}),
			onboarded: r.dateBetween(day(2010, 1, 1), day(2022, 6, 30)),
		}
		s.id = st.add(len(st.rows)+1, s.code, s.name, c.cc, c.city, c.cur, s.terms, status, r.chance(0.25),
			decimal(int64(r.between(20, 50)), 1), s.onboarded)
		g.suppliers = append(g.suppliers, s)
	}
	g.serviceSup = map[string]*supplier{}
	for _, v := range []struct{ key, name, city string }{
		{"rent", "Lakeshore Properties LLC", "Chicago"},
		{"utilities", "Midwest Power & Light", "Chicago"},
		{"software", "CloudStack Software Inc.", "Seattle"},
		{"marketing", "Brightline Media Agency", "New York"},
		{"legal", "Kessler & Wong LLP", "Chicago"},
		{"subcontract", "Crestview Engineering Partners", "Denver"},
		{"freight", "TransAmerica Freight Lines", "Memphis"},
	} {
		s := &supplier{
			code: fmt.Sprintf("SUP-%04d", 2000+len(g.serviceSup)*7), name: v.name, status: "active", terms: 30, service: true,
			onboarded: r.dateBetween(day(2012, 1, 1), day(2020, 12, 31)),
		}
		s.id = st.add(len(st.rows)+1, s.code, s.name, "US", v.city, "USD", 30, "active", true, decimal(int64(r.between(35, 50)), 1), s.onboarded)
		g.suppliers = append(g.suppliers, s)
		g.serviceSup[v.key] = s
	}

	ct := g.d.table("product_categories", "category_id", "name", "parent_category_id", "description")
	topIDs := map[string]int{}
	for _, cs := range catSpecs {
		if _, ok := topIDs[cs.top]; !ok {
			topIDs[cs.top] = ct.add(len(ct.rows)+1, cs.top, nil, cs.top+" (all subcategories)")
		}
	}
	subIDs := map[string]int{}
	for _, cs := range catSpecs {
		subIDs[cs.name] = ct.add(len(ct.rows)+1, cs.name, topIDs[cs.top], nil)
	}

	pt := g.d.table("products", "product_id", "sku", "name", "description", "category_id", "product_type", "unit_of_measure", "list_price", "unit_cost",
		"weight_kg", "preferred_supplier_id", "is_active", "discontinued_date", "created_at")
	usedNames := map[string]bool{}
	for ci := range catSpecs {
		cs := &catSpecs[ci]
		for i := range cs.n {
			noun := cs.nouns[i%len(cs.nouns)]
			initials := ""
			for _, w := range strings.Fields(noun) {
				initials += w[:1]
			}
			var name string
			for {
				name = fmt.Sprintf("%s %s-%d", noun, strings.ToUpper(initials), r.between(10, 99)*10)
				if r.chance(0.2) {
					name += pick(r, []string{" XL", " Pro", " Compact", " HD", " (Stainless)"})
				}
				if !usedNames[name] {
					usedNames[name] = true
					break
				}
			}
			// Log-uniform-ish price in the category range.
			steps := r.IntN(1000)
			list := int64(cs.lo)*100 + int64(cs.hi-cs.lo)*100*int64(steps*steps)/1_000_000
			if list >= 10000 {
				list = roundTo(list, 100) - 1 // x.99 pricing
			}
			costBP := r.between(4500, 7200)
			if cs.ptype == "raw_material" {
				costBP = r.between(7000, 8500)
			}
			p := &product{
				cat: cs, name: name, ptype: cs.ptype, uom: cs.uom, list: list, cost: bp(list, costBP),
				manufactured: cs.manufactured && r.chance(0.75), active: true,
				launched: r.dateBetween(day(2014, 1, 1), day(2022, 10, 31)),
			}
			p.resale = !p.manufactured && p.ptype != "service"
			if r.chance(0.08) {
				p.launched = r.dateBetween(day(2024, 1, 15), day(2025, 3, 31))
			}
			if p.ptype != "raw_material" && p.launched.Before(day(2022, 1, 1)) && r.chance(0.07) {
				p.active = false
				p.discontinued = r.dateBetween(day(2023, 6, 1), day(2024, 12, 31))
			}
			p.sku = fmt.Sprintf("%s-%s-%04d", strings.ToUpper(cs.top[:3]), cs.abbr, 1000+i*17)
			g.products = append(g.products, p)
			p.id = len(g.products)
		}
	}

	// Supplier offers for everything bought in.
	for _, p := range g.products {
		if !p.resale {
			continue
		}
		var fit []*supplier
		for _, s := range g.suppliers {
			if containsStr(s.specialties, p.cat.top) {
				fit = append(fit, s)
			}
		}
		n := r.between(1, 3)
		seen := map[int]bool{}
		for range n {
			s := pick(r, fit)
			if seen[s.id] {
				continue
			}
			seen[s.id] = true
			o := &supplierOffer{sup: s, prod: p, cost: bp(p.cost, r.between(9000, 11000)), lead: r.between(5, 45), moq: pick(r, []int{1, 1, 5, 10, 25, 50, 100})}
			if p.preferred == nil && s.status == "active" {
				p.preferred = s
				o.cost = p.cost
			}
			s.offers = append(s.offers, o)
		}
	}
	for _, p := range g.products {
		weight := any(nil)
		if p.stocked() {
			weight = decimal(int64(r.between(50, 40000)), 3)
		}
		pref := any(nil)
		if p.preferred != nil {
			pref = p.preferred.id
		}
		desc := any(nil)
		if r.chance(0.7) {
			desc = fmt.Sprintf("%s for industrial applications (%s)", p.cat.nouns[0], strings.ToLower(p.cat.name))
		}
		pt.add(p.id, p.sku, p.name, desc, subIDs[p.cat.name], p.ptype, p.uom, money(p.list), money(p.cost), weight, pref, p.active,
			optDate(p.discontinued), r.at(p.launched.AddDate(0, 0, -r.between(10, 60))))
	}

	sp := g.d.table("supplier_products", "supplier_product_id", "supplier_id", "product_id", "supplier_sku", "unit_cost", "lead_time_days", "min_order_quantity", "is_active")
	for _, s := range g.suppliers {
		for _, o := range s.offers {
			sp.add(len(sp.rows)+1, s.id, o.prod.id, fmt.Sprintf("%s-%05d", s.code[4:], r.IntN(100000)), money(o.cost), o.lead, o.moq,
				s.status != "inactive" && o.prod.active)
		}
	}

	wt := g.d.table("warehouses", "warehouse_id", "code", "name", "location_id", "manager_id", "warehouse_type", "capacity_pallets", "is_active")
	g.whByCode = map[string]*warehouse{}
	mgrs := g.employeesIn("LOG", "Warehouse Manager")
	for i, w := range []struct{ code, name, loc, typ string }{
		{"WH-ATL", "Atlanta Distribution Center", "DC-ATL", "distribution"},
		{"WH-RNO", "Reno Distribution Center", "DC-RNO", "distribution"},
		{"WH-CHI", "Chicago Plant Warehouse", "PLT-CHI", "manufacturing"},
		{"WH-RTM", "Rotterdam Distribution Center", "DC-RTM", "distribution"},
		{"WH-MEM", "Memphis Returns Center", "DC-MEM", "returns"},
		{"WH-DAL", "Dallas Warehouse", "DC-DAL", "distribution"},
		{"WH-TOR", "Toronto 3PL (Maple Logistics)", "OFF-TOR", "third_party"},
	} {
		// Dallas closed on 2023-09-30; its stock rows remain at zero.
		wh := &warehouse{code: w.code, name: w.name, typ: w.typ, active: w.code != "WH-DAL"}
		mgr := any(nil)
		if wh.active && w.typ != "third_party" {
			mgr = mgrs[i%len(mgrs)].id
		}
		wh.id = wt.add(len(wt.rows)+1, w.code, w.name, g.locByCode[w.loc].id, mgr, w.typ, pick(r, []int{4000, 6500, 9000, 12000}), wh.active)
		g.warehouses = append(g.warehouses, wh)
		g.whByCode[w.code] = wh
	}
}
