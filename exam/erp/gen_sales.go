package erp

import (
	"fmt"
	"time"
)

type territory struct {
	id           int
	name, region string
	taxBP        int
	cities       []string
	country      string
	weight       int
	reps         []*employee
}

type customer struct {
	id          int
	name, typ   string
	terr        *territory
	terms       int
	weight      int
	since       time.Time
	until       time.Time // last day the customer could order (zero: still active)
	owner, prev *employee
	payer       int // 0 prompt, 1 slow, 2 delinquent
}

type salesOrder struct {
	id                             int
	number                         string
	cust                           *customer
	rep                            *employee
	date                           time.Time
	status                         string
	wh                             *warehouse
	priceList                      int
	lines                          []*orderLine
	subtotal, discount, tax, total cents
	shipped, delivered             time.Time
}

type orderLine struct {
	id      int
	order   *salesOrder
	prod    *product
	qty     int
	price   cents
	discPct int
	total   cents
}

type invoice struct {
	id                   int
	number               string
	order                *salesOrder
	date, due            time.Time
	subtotal, tax, total cents
	paid                 cents
	status               string
}

type payment struct {
	id     int
	inv    *invoice
	date   time.Time
	amount cents
	method string
}

type salesReturn struct {
	line   *orderLine
	date   time.Time
	qty    int
	refund cents
	status string
}

// standard and special price lists, by name.
const (
	plStd2023 = iota + 1
	plStd2024
	plStd2025
	plReseller2025
	plGovernment
	plEUR2025
)

// priceChange marks products whose 2025 standard price rose on 1 April.
func priceChange(p *product) bool { return p.id%7 == 3 }

// priceFor returns the price list and unit price a customer of type typ
// paid for p on d.
func priceFor(p *product, typ string, d time.Time) (int, cents) {
	switch {
	case typ == "government" && d.Year() >= 2024:
		return plGovernment, bp(p.list, 9000)
	case typ == "reseller" && d.Year() >= 2025:
		return plReseller2025, bp(p.list, 8500)
	case d.Year() == 2023:
		return plStd2023, bp(p.list, 9200)
	case d.Year() == 2024:
		return plStd2024, bp(p.list, 9600)
	case priceChange(p) && d.Before(day(2025, 4, 1)):
		return plStd2025, bp(p.list, 9700)
	default:
		return plStd2025, p.list
	}
}

func (g *generator) sales() {
	r := newRNG("sales")
	reps := g.employeesIn("SALES", "Account Executive", "Senior Account Executive")
	rsms := g.employeesIn("SALES", "Regional Sales Manager")

	tt := g.d.table("sales_territories", "territory_id", "name", "region", "manager_id")
	for i, t := range []territory{
		{name: "US Northeast", region: "North America", taxBP: 725, cities: []string{"New York", "Boston", "Philadelphia", "Pittsburgh", "Hartford"}, country: "US", weight: 18},
		{name: "US Southeast", region: "North America", taxBP: 725, cities: []string{"Atlanta", "Miami", "Charlotte", "Nashville", "Tampa"}, country: "US", weight: 14},
		{name: "US Central", region: "North America", taxBP: 725, cities: []string{"Chicago", "Dallas", "Houston", "Minneapolis", "St. Louis", "Detroit"}, country: "US", weight: 17},
		{name: "US West", region: "North America", taxBP: 725, cities: []string{"Los Angeles", "Seattle", "Denver", "Phoenix", "San Jose", "Portland"}, country: "US", weight: 16},
		{name: "Canada", region: "North America", taxBP: 1300, cities: []string{"Toronto", "Montreal", "Vancouver", "Calgary"}, country: "CA", weight: 8},
		{name: "UK & Ireland", region: "EMEA", taxBP: 2000, cities: []string{"London", "Manchester", "Birmingham", "Dublin"}, country: "GB", weight: 8},
		{name: "Continental Europe", region: "EMEA", taxBP: 2100, cities: []string{"Rotterdam", "Amsterdam", "Hamburg", "Lyon", "Milan"}, country: "NL", weight: 9},
		{name: "Asia Pacific", region: "APAC", taxBP: 900, cities: []string{"Singapore", "Sydney", "Tokyo", "Seoul"}, country: "SG", weight: 6},
		{name: "Latin America", region: "LATAM", taxBP: 1600, cities: []string{"Mexico City", "Monterrey", "Sao Paulo", "Bogota"}, country: "MX", weight: 4},
	} {
		t.id = i + 1
		g.territories = append(g.territories, &t)
		tt.add(t.id, t.name, t.region, rsms[i%len(rsms)].id)
	}
	var weights []int
	for _, t := range g.territories {
		weights = append(weights, t.weight)
	}
	for i, e := range reps {
		t := g.territories[i%len(g.territories)]
		if i >= len(g.territories) {
			t = g.territories[r.weighted(weights)]
		}
		e.territory = t
		t.reps = append(t.reps, e)
	}
	activeRep := func(t *territory, d time.Time) *employee {
		if ok := employedOn(t.reps, d); len(ok) > 0 {
			return pick(r, ok)
		}
		return someone(r, reps, d)
	}

	// Customers.
	ct := g.d.table("customers", "customer_id", "customer_number", "company_name", "customer_type", "industry", "territory_id", "billing_city",
		"billing_country_code", "credit_limit", "payment_terms_days", "account_manager_id", "customer_since", "is_active", "deleted_at")
	cc := g.d.table("customer_contacts", "contact_id", "customer_id", "first_name", "last_name", "email", "phone", "job_title", "is_primary", "is_active")
	industries := []string{
		"Manufacturing", "Healthcare", "Retail", "Financial Services", "Technology", "Education", "Energy", "Transportation",
		"Construction", "Hospitality", "Telecommunications", "Agriculture", "Pharmaceuticals", "Food and Beverage", "Utilities",
	}
	used := map[string]bool{}
	for i := range 320 {
		typ := []string{"enterprise", "mid_market", "small_business", "government", "reseller"}[r.weighted([]int{15, 30, 35, 8, 12})]
		t := g.territories[r.weighted(weights)]
		var name string
		for {
			second := pick(r, companySecond)
			switch typ {
			case "government":
				second = pick(r, []string{"County Public Works", "City Water Authority", "State University", "Transit Authority", "Regional Hospital District", "Port Authority"})
			case "reseller":
				second = pick(r, []string{"Industrial Distributors", "Supply Partners", "Equipment Resellers", "Trade Supply"})
			}
			name = pick(r, companyFirst) + " " + second
			if s := pick(r, companySuffix); s != "" && typ != "government" {
				name += " " + s
			}
			if !used[name] {
				used[name] = true
				break
			}
		}
		c := &customer{id: i + 1, name: name, typ: typ, terr: t, payer: r.weighted([]int{60, 30, 10})}
		var limit int
		switch typ {
		case "enterprise":
			limit, c.terms, c.weight = r.between(100, 400)*5000, pick(r, []int{45, 60}), r.between(8, 20)
		case "mid_market":
			limit, c.terms, c.weight = r.between(20, 100)*5000, 30, r.between(3, 9)
		case "small_business":
			limit, c.terms, c.weight = r.between(2, 20)*5000, pick(r, []int{15, 30}), r.between(1, 3)
		case "government":
			limit, c.terms, c.weight = r.between(50, 200)*5000, 60, r.between(3, 8)
		default:
			limit, c.terms, c.weight = r.between(40, 160)*5000, pick(r, []int{30, 45}), r.between(6, 14)
		}
		c.since = r.dateBetween(day(2012, 1, 1), day(2022, 12, 31))
		if r.chance(0.15) {
			c.since = r.dateBetween(day(2023, 1, 1), day(2025, 5, 31))
		}
		active := true
		var deleted any
		if i%13 == 5 {
			active = false
			c.until = r.dateBetween(maxDate(c.since.AddDate(0, 3, 0), day(2023, 6, 1)), day(2025, 5, 31))
			if i%26 == 5 {
				deleted = r.at(c.until.AddDate(0, 0, r.between(5, 40)))
			}
		}
		c.owner = activeRep(t, asOf)
		if !active {
			c.owner = activeRep(t, c.until)
		}
		for _, e := range t.reps {
			if !e.term.IsZero() && e.term.After(dataStart) && r.chance(0.3) {
				c.prev = e
			}
		}
		g.customers = append(g.customers, c)
		city := pick(r, t.cities)
		ct.add(c.id, fmt.Sprintf("C-%05d", 20000+c.id*3), c.name, typ, pick(r, industries), t.id, city, t.country,
			money(int64(limit)*100), c.terms, c.owner.id, c.since, active, deleted)
		if typ == "government" {
			ct.rows[len(ct.rows)-1][4] = "Public Sector"
		}
		for j := range r.between(1, 3) {
			fn, ln := pick(r, firstNames), pick(r, lastNames)
			cc.add(len(cc.rows)+1, c.id, fn, ln, fmt.Sprintf("%s.%s@customer%d.example", lower(fn), lower(ln), c.id),
				optString(fmt.Sprintf("+1-555-%03d-%04d", r.IntN(1000), r.IntN(10000))), pick(r, jobTitlesExternal), j == 0, r.chance(0.92) || j == 0)
		}
	}

	// Price lists.
	pl := g.d.table("price_lists", "price_list_id", "name", "currency_code", "customer_type", "valid_from", "valid_to", "is_default")
	pl.add(plStd2023, "Standard USD 2023", "USD", nil, day(2023, 1, 1), day(2023, 12, 31), false)
	pl.add(plStd2024, "Standard USD 2024", "USD", nil, day(2024, 1, 1), day(2024, 12, 31), false)
	pl.add(plStd2025, "Standard USD 2025", "USD", nil, day(2025, 1, 1), nil, true)
	pl.add(plReseller2025, "Reseller USD 2025", "USD", "reseller", day(2025, 1, 1), nil, false)
	pl.add(plGovernment, "Government Contract USD", "USD", "government", day(2024, 1, 1), nil, false)
	pl.add(plEUR2025, "Standard EUR 2025", "EUR", nil, day(2025, 1, 1), nil, false)
	pi := g.d.table("price_list_items", "price_list_item_id", "price_list_id", "product_id", "unit_price", "valid_from", "valid_to")
	for _, p := range g.products {
		if p.ptype == "raw_material" {
			continue
		}
		item := func(list int, price cents, from, to time.Time) {
			from = maxDate(from, p.launched)
			if !p.discontinued.IsZero() && (to.IsZero() || !to.Before(p.discontinued)) {
				to = p.discontinued.AddDate(0, 0, -1)
			}
			if !to.IsZero() && to.Before(from) {
				return
			}
			pi.add(len(pi.rows)+1, list, p.id, money(price), from, optDate(to))
		}
		item(plStd2023, bp(p.list, 9200), day(2023, 1, 1), day(2023, 12, 31))
		item(plStd2024, bp(p.list, 9600), day(2024, 1, 1), day(2024, 12, 31))
		if priceChange(p) {
			item(plStd2025, bp(p.list, 9700), day(2025, 1, 1), day(2025, 3, 31))
			item(plStd2025, p.list, day(2025, 4, 1), time.Time{})
		} else {
			item(plStd2025, p.list, day(2025, 1, 1), time.Time{})
		}
		item(plReseller2025, bp(p.list, 8500), day(2025, 1, 1), time.Time{})
		item(plGovernment, bp(p.list, 9000), day(2024, 1, 1), time.Time{})
		item(plEUR2025, bp(p.list, 9300), day(2025, 1, 1), time.Time{})
	}

	g.generateOrders(r, activeRep, reps)
	g.writeSales(r)
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

var seasonBP = map[time.Month]int{
	time.January: 8500, time.February: 9000, time.March: 10500, time.April: 10000, time.May: 10000, time.June: 10500,
	time.July: 9000, time.August: 8500, time.September: 10500, time.October: 11000, time.November: 11500, time.December: 12000,
}

func (g *generator) generateOrders(r *rng, activeRep func(*territory, time.Time) *employee, reps []*employee) {
	var sellable []*product
	for _, p := range g.products {
		if p.ptype != "raw_material" {
			sellable = append(sellable, p)
		}
	}
	for d := dataStart; !d.After(asOf); d = d.AddDate(0, 0, 1) {
		if weekend(d) || g.holidays[d] {
			continue
		}
		// ~6 orders a day in 2023, growing ~15% a year, with seasonality.
		yearBP := map[int]int{2023: 10000, 2024: 11500, 2025: 13200}[d.Year()]
		mean := 600 * yearBP / 10000 * seasonBP[d.Month()] / 10000 // hundredths of an order
		n := mean / 100
		if r.IntN(100) < mean%100 {
			n++
		}
		n += r.between(-2, 2)
		var cands []*customer
		var ws []int
		for _, c := range g.customers {
			if !c.since.After(d) && (c.until.IsZero() || !c.until.Before(d)) {
				cands = append(cands, c)
				ws = append(ws, c.weight)
			}
		}
		for range max(n, 0) {
			c := cands[r.weighted(ws)]
			o := &salesOrder{cust: c, date: d}
			switch {
			case c.prev != nil && c.prev.employedOn(d):
				o.rep = c.prev
			case c.owner.employedOn(d):
				o.rep = c.owner
			default:
				o.rep = activeRep(c.terr, d)
			}
			o.wh = g.whByCode[map[string]string{
				"US Northeast": "WH-ATL", "US Southeast": "WH-ATL", "US Central": "WH-CHI", "US West": "WH-RNO", "Canada": "WH-TOR",
				"UK & Ireland": "WH-RTM", "Continental Europe": "WH-RTM", "Asia Pacific": "WH-RNO", "Latin America": "WH-ATL",
			}[c.terr.name]]
			if c.terr.name == "US Central" && d.Before(day(2023, 10, 1)) {
				o.wh = g.whByCode["WH-DAL"]
			}
			nLines := 1 + r.weighted([]int{30, 25, 18, 12, 9, 6})
			seen := map[int]bool{}
			for range nLines {
				var p *product
				for range 10 {
					p = pick(r, sellable)
					if p.sellableOn(d) && !seen[p.id] && (p.ptype != "component" || r.chance(0.5)) {
						break
					}
					p = nil
				}
				if p == nil {
					continue
				}
				seen[p.id] = true
				list, price := priceFor(p, c.typ, d)
				o.priceList = list
				var qty int
				switch {
				case p.uom == "hour":
					qty = r.between(8, 80)
				case p.ptype == "service":
					qty = r.between(1, 5)
				case p.list > 500000:
					qty = r.between(1, 3)
				case p.list > 100000:
					qty = r.between(1, 6)
				case p.list > 20000:
					qty = r.between(1, 15)
				case p.list > 5000:
					qty = r.between(2, 40)
				default:
					qty = r.between(5, 120)
				}
				if c.typ == "enterprise" || c.typ == "reseller" {
					qty += qty * r.between(0, 100) / 100
				}
				disc := 0
				switch {
				case c.typ == "enterprise":
					disc = pick(r, []int{0, 0, 5, 10, 15})
				case c.typ == "reseller" && d.Year() < 2025:
					disc = 15
				case c.typ == "government" && d.Year() < 2024:
					disc = 10
				case r.chance(0.1):
					disc = 5
				}
				l := &orderLine{order: o, prod: p, qty: qty, price: price, discPct: disc}
				l.total = bp(int64(qty)*price, 10000-disc*100)
				o.lines = append(o.lines, l)
				o.subtotal += l.total
			}
			if len(o.lines) == 0 {
				continue
			}
			if r.chance(0.03) {
				o.discount = bp(o.subtotal, 500)
			}
			if c.typ != "reseller" && c.typ != "government" {
				o.tax = bp(o.subtotal-o.discount, c.terr.taxBP)
			}
			o.total = o.subtotal - o.discount + o.tax
			g.orders = append(g.orders, o)
		}
	}

	// Fulfilment: status, shipment, invoice, payment, returns.
	for i, o := range g.orders {
		o.id = i + 1
		o.number = fmt.Sprintf("SO-%d-%05d", o.date.Year(), o.id)
		age := int(asOf.Sub(o.date).Hours() / 24)
		switch {
		case age > 45:
			o.status = []string{"delivered", "cancelled", "returned"}[r.weighted([]int{925, 50, 25})]
		case age > 20:
			o.status = []string{"delivered", "shipped", "cancelled", "confirmed"}[r.weighted([]int{70, 20, 5, 5})]
		case age >= 7:
			o.status = []string{"shipped", "confirmed", "delivered", "cancelled"}[r.weighted([]int{50, 35, 10, 5})]
		default:
			o.status = []string{"confirmed", "draft", "cancelled", "shipped"}[r.weighted([]int{60, 30, 5, 5})]
		}
		if o.status == "cancelled" || o.status == "draft" || o.status == "confirmed" {
			continue
		}
		o.shipped = addBusinessDays(o.date, r.between(1, 5))
		if o.shipped.After(asOf) {
			o.shipped = o.date
		}
		if o.status != "shipped" {
			o.delivered = o.shipped.AddDate(0, 0, r.between(1, 7))
			if o.delivered.After(asOf) {
				o.status, o.delivered = "shipped", time.Time{}
			}
		}
		inv := &invoice{
			id: len(g.invoices) + 1, order: o, date: o.shipped, due: o.shipped.AddDate(0, 0, o.cust.terms),
			subtotal: o.subtotal - o.discount, tax: o.tax, total: o.total, status: "issued",
		}
		inv.number = fmt.Sprintf("INV-%d-%06d", inv.date.Year(), inv.id)
		g.invoices = append(g.invoices, inv)
		// Payment behaviour depends on the customer.
		var delay int
		switch o.cust.payer {
		case 0:
			delay = r.between(-12, 3)
		case 1:
			delay = r.between(0, 40)
		default:
			delay = r.between(20, 120)
		}
		neverPaid := o.cust.payer == 2 && r.chance(0.06)
		payDate := inv.due.AddDate(0, 0, delay)
		if payDate.Before(inv.date) {
			payDate = inv.date.AddDate(0, 0, 1)
		}
		method := map[string]string{"enterprise": "wire", "government": "ach", "reseller": "ach", "mid_market": "ach", "small_business": "check"}[o.cust.typ]
		if r.chance(0.15) {
			method = pick(r, []string{"wire", "ach", "check", "credit_card"})
		}
		pay := func(d time.Time, amt cents) {
			g.payments = append(g.payments, &payment{id: len(g.payments) + 1, inv: inv, date: d, amount: amt, method: method})
			inv.paid += amt
		}
		switch {
		case neverPaid || payDate.After(asOf):
			if r.chance(0.05) && payDate.AddDate(0, 0, -20).After(inv.date) && !payDate.AddDate(0, 0, -20).After(asOf) {
				pay(payDate.AddDate(0, 0, -20), bp(inv.total, 5000))
			}
		case r.chance(0.04) && payDate.AddDate(0, 0, -15).After(inv.date):
			pay(payDate.AddDate(0, 0, -15), bp(inv.total, 4000))
			pay(payDate, inv.total-bp(inv.total, 4000))
		default:
			pay(payDate, inv.total)
		}
		switch {
		case inv.paid == inv.total:
			inv.status = "paid"
		case inv.paid > 0:
			inv.status = "partially_paid"
		}
		// Returns: whole orders for status returned, a line now and then otherwise.
		if o.status == "returned" {
			for _, l := range o.lines {
				g.returns = append(g.returns, &salesReturn{line: l, date: o.delivered.AddDate(0, 0, r.between(5, 20)), qty: l.qty, refund: l.total, status: "refunded"})
			}
		} else if o.status == "delivered" && r.chance(0.02) {
			l := pick(r, o.lines)
			q := max(1, l.qty*r.between(10, 60)/100)
			rd := o.delivered.AddDate(0, 0, r.between(3, 30))
			if rd.After(asOf) {
				continue
			}
			status := "refunded"
			switch age := int(asOf.Sub(rd).Hours() / 24); {
			case age < 7:
				status = "requested"
			case age < 14:
				status = pick(r, []string{"approved", "received"})
			case r.chance(0.1):
				status = "rejected"
			}
			refund := cents(0)
			if status != "rejected" {
				refund = bp(int64(q)*l.price, 10000-l.discPct*100)
			}
			g.returns = append(g.returns, &salesReturn{line: l, date: rd, qty: q, refund: refund, status: status})
		}
	}
}

func (g *generator) writeSales(r *rng) {
	so := g.d.table("sales_orders", "sales_order_id", "order_number", "customer_id", "sales_rep_id", "order_date", "requested_ship_date", "status",
		"warehouse_id", "price_list_id", "currency_code", "subtotal_amount", "discount_amount", "tax_amount", "total_amount")
	sl := g.d.table("sales_order_lines", "sales_order_line_id", "sales_order_id", "line_number", "product_id", "quantity", "unit_price",
		"discount_percent", "line_total")
	for _, o := range g.orders {
		so.add(o.id, o.number, o.cust.id, o.rep.id, o.date, addBusinessDays(o.date, r.between(3, 10)), o.status, o.wh.id, o.priceList, "USD",
			money(o.subtotal), money(o.discount), money(o.tax), money(o.total))
		for j, l := range o.lines {
			l.id = sl.add(len(sl.rows)+1, o.id, j+1, l.prod.id, l.qty, money(l.price), decimal(int64(l.discPct)*100, 2), money(l.total))
		}
	}
	sh := g.d.table("shipments", "shipment_id", "shipment_number", "sales_order_id", "warehouse_id", "carrier", "tracking_number", "ship_date",
		"delivery_date", "status", "shipping_cost")
	for _, o := range g.orders {
		if o.shipped.IsZero() {
			continue
		}
		carrier := pick(r, []string{"UPS", "UPS", "FedEx", "FedEx", "DHL", "USPS", "Freight"})
		status := "delivered"
		switch {
		case o.delivered.IsZero():
			status = "in_transit"
		case o.status == "returned":
			status = "returned"
		}
		id := len(sh.rows) + 1
		sh.add(id, fmt.Sprintf("SHP-%06d", 100000+id), o.id, o.wh.id, carrier, fmt.Sprintf("1Z%010d", r.Int64N(10_000_000_000)), o.shipped,
			optDate(o.delivered), status, money(int64(r.between(1500, 45000))))
	}
	it := g.d.table("invoices", "invoice_id", "invoice_number", "customer_id", "sales_order_id", "invoice_date", "due_date", "subtotal_amount",
		"tax_amount", "total_amount", "amount_paid", "status")
	il := g.d.table("invoice_lines", "invoice_line_id", "invoice_id", "sales_order_line_id", "product_id", "quantity", "unit_price", "line_amount")
	for _, inv := range g.invoices {
		it.add(inv.id, inv.number, inv.order.cust.id, inv.order.id, inv.date, inv.due, money(inv.subtotal), money(inv.tax), money(inv.total),
			money(inv.paid), inv.status)
		for _, l := range inv.order.lines {
			il.add(len(il.rows)+1, inv.id, l.id, l.prod.id, l.qty, money(l.price), money(l.total))
		}
	}
	cp := g.d.table("customer_payments", "payment_id", "payment_number", "customer_id", "invoice_id", "payment_date", "amount", "payment_method", "bank_account_id")
	for _, p := range g.payments {
		cp.add(p.id, fmt.Sprintf("RCPT-%06d", 300000+p.id), p.inv.order.cust.id, p.inv.id, p.date, money(p.amount), p.method, g.bankAccounts["operating"])
	}
	sr := g.d.table("sales_returns", "return_id", "rma_number", "sales_order_id", "sales_order_line_id", "product_id", "return_date", "quantity",
		"reason", "refund_amount", "status")
	for i, x := range g.returns {
		sr.add(i+1, fmt.Sprintf("RMA-%05d", 5000+i), x.line.order.id, x.line.id, x.line.prod.id, x.date, x.qty,
			pick(r, []string{"defective", "defective", "damaged_in_transit", "wrong_item", "not_needed", "other"}), money(x.refund), x.status)
	}
}

// quotas sets each sales rep's quarterly quota near the average quarterly
// sales per rep, so attainment varies around 100%.
func (g *generator) quotas() {
	r := newRNG("quotas")
	type key struct{ rep, year, q int }
	sales := map[key]cents{}
	for _, o := range g.orders {
		if o.status != "cancelled" {
			sales[key{o.rep.id, o.date.Year(), (int(o.date.Month())-1)/3 + 1}] += o.total
		}
	}
	// Average per rep-quarter per year (2025 uses the first half).
	avg := map[int]cents{}
	for y := 2023; y <= 2025; y++ {
		var total cents
		n := 0
		for k, v := range sales { // integer sums: iteration order is irrelevant
			if k.year == y {
				total += v
				n++
			}
		}
		avg[y] = total / int64(max(n, 1))
	}
	qt := g.d.table("sales_rep_quotas", "quota_id", "employee_id", "fiscal_year", "quarter", "quota_amount")
	for _, e := range g.employeesIn("SALES", "Account Executive", "Senior Account Executive") {
		for y := 2023; y <= 2025; y++ {
			for q := 1; q <= 4; q++ {
				start := day(y, time.Month(q*3-2), 1)
				end := start.AddDate(0, 3, -1)
				if e.hire.After(end) || (!e.term.IsZero() && e.term.Before(start)) {
					continue
				}
				base := avg[y]
				if e.pos.title == "Senior Account Executive" {
					base = bp(base, 12000)
				}
				qt.add(len(qt.rows)+1, e.id, y, q, money(roundTo(bp(base, r.between(8500, 11500)), 500000)))
			}
		}
	}
}
