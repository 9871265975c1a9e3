package erp

import (
	"fmt"
	"time"
)

type purchaseOrder struct {
	id                   int
	number               string
	sup                  *supplier
	buyer                *employee
	wh                   *warehouse
	date, expected       time.Time
	status               string
	lines                []*poLine
	subtotal, tax, total cents
}

type poLine struct {
	id            int
	po            *purchaseOrder
	prod          *product
	qty, received int
	cost, total   cents
}

type goodsReceipt struct {
	id    int
	po    *purchaseOrder
	date  time.Time
	by    *employee
	lines []receiptLine
}

type receiptLine struct {
	pl            *poLine
	qty, rejected int
}

type supplierInvoice struct {
	id        int
	sup       *supplier
	po        *purchaseOrder
	number    string
	date, due time.Time
	total     cents
	status    string
	paid      time.Time
	account   string // GL account debited
	cc        int    // cost center, for expenses
}

type workOrder struct {
	id                         int
	prod                       *product
	wc                         int
	planned, completed         int
	scrapped                   int
	pStart, pEnd, aStart, aEnd time.Time
	status                     string
	order                      *salesOrder
}

type bomLine struct {
	comp *product
	qty  int64 // thousandths
}

type stockAdjustment struct {
	date  time.Time
	value cents // positive: gain
}

func (g *generator) procurement() {
	r := newRNG("procurement")
	buyers := g.employeesIn("PROC", "Buyer", "Senior Buyer", "Purchasing Manager")
	receivers := g.employeesIn("LOG")
	var goodsSuppliers []*supplier
	for _, s := range g.suppliers {
		if len(s.offers) > 0 {
			goodsSuppliers = append(goodsSuppliers, s)
		}
	}
	for d := dataStart; !d.After(asOf); d = d.AddDate(0, 0, 1) {
		if weekend(d) || g.holidays[d] {
			continue
		}
		for range r.between(0, 4) {
			s := pick(r, goodsSuppliers)
			if s.status != "active" && d.After(day(2024, 6, 30)) {
				continue
			}
			po := &purchaseOrder{sup: s, buyer: someone(r, buyers, d), date: d}
			nLines := min(len(s.offers), r.between(1, 5))
			seen := map[int]bool{}
			lead := 0
			for range nLines {
				o := pick(r, s.offers)
				if seen[o.prod.id] || !o.prod.sellableOn(d) && o.prod.ptype != "raw_material" {
					continue
				}
				seen[o.prod.id] = true
				var qty int
				switch {
				case o.cost > 100000:
					qty = r.between(2, 20)
				case o.cost > 10000:
					qty = r.between(10, 80)
				default:
					qty = r.between(50, 600)
				}
				qty = (qty + o.moq - 1) / o.moq * o.moq
				l := &poLine{po: po, prod: o.prod, qty: qty, cost: o.cost}
				l.total = int64(qty) * o.cost
				po.lines = append(po.lines, l)
				po.subtotal += l.total
				lead = max(lead, o.lead)
			}
			if len(po.lines) == 0 {
				continue
			}
			po.total = po.subtotal
			po.expected = d.AddDate(0, 0, lead)
			po.wh = g.whByCode["WH-CHI"]
			if po.lines[0].prod.ptype == "finished_good" {
				po.wh = g.warehouses[r.IntN(4)]
				if po.wh.code == "WH-CHI" && d.Before(day(2023, 9, 1)) && r.chance(0.3) {
					po.wh = g.whByCode["WH-DAL"]
				}
			}
			g.purchaseOrders = append(g.purchaseOrders, po)
		}
	}

	for i, po := range g.purchaseOrders {
		po.id = i + 1
		po.number = fmt.Sprintf("PO-%d-%05d", po.date.Year(), po.id)
		age := int(asOf.Sub(po.date).Hours() / 24)
		switch {
		case r.chance(0.04):
			po.status = "cancelled"
			continue
		case age < 3:
			po.status = pick(r, []string{"draft", "submitted", "submitted"})
			continue
		case age < 7 && r.chance(0.4):
			po.status = "submitted"
			continue
		}
		po.status = "approved"
		first := po.expected.AddDate(0, 0, po.sup.lateDays+r.between(-3, 4))
		if first.Before(po.date.AddDate(0, 0, 2)) {
			first = po.date.AddDate(0, 0, 2)
		}
		first = nextBusinessDay(first)
		if first.After(asOf) {
			continue
		}
		partial := r.chance(0.15)
		rcv := &goodsReceipt{po: po, date: first, by: someone(r, receivers, first)}
		for _, l := range po.lines {
			q := l.qty
			if partial {
				q = l.qty * r.between(40, 80) / 100
			}
			if q == 0 {
				continue
			}
			rej := 0
			if r.chance(0.03) {
				rej = max(1, q*r.between(1, 5)/100)
			}
			rcv.lines = append(rcv.lines, receiptLine{pl: l, qty: q, rejected: rej})
			l.received += q
		}
		g.receipts = append(g.receipts, rcv)
		last := first
		if partial {
			second := nextBusinessDay(first.AddDate(0, 0, r.between(7, 30)))
			if !second.After(asOf) && r.chance(0.9) {
				rcv2 := &goodsReceipt{po: po, date: second, by: someone(r, receivers, second)}
				for _, l := range po.lines {
					if q := l.qty - l.received; q > 0 {
						rcv2.lines = append(rcv2.lines, receiptLine{pl: l, qty: q})
						l.received += q
					}
				}
				g.receipts = append(g.receipts, rcv2)
				last = second
			}
		}
		full := true
		for _, l := range po.lines {
			if l.received < l.qty {
				full = false
			}
		}
		switch {
		case !full:
			po.status = "partially_received"
		case last.AddDate(0, 0, 45).Before(asOf) && r.chance(0.8):
			po.status = "closed"
		default:
			po.status = "received"
		}
	}

	// Vendor bills: one per receipt, plus monthly service invoices without a PO.
	for i, rc := range g.receipts {
		rc.id = i + 1
		var total cents
		for _, l := range rc.lines {
			total += int64(l.qty) * l.pl.cost
		}
		acct := "1210"
		if rc.po.lines[0].prod.ptype == "finished_good" {
			acct = "1200"
		}
		g.addSupplierInvoice(r, rc.po.sup, rc.po, rc.date.AddDate(0, 0, r.between(0, 5)), total, acct, 0)
	}
	for _, m := range months(dataStart, asOf) {
		d := m.AddDate(0, 0, r.between(0, 4))
		growth := int64(10000 + (m.Year()-2023)*600)
		g.addSupplierInvoice(r, g.serviceSup["rent"], nil, m, 8500000, "6100", g.sharedCC)
		g.addSupplierInvoice(r, g.serviceSup["utilities"], nil, d, int64(r.between(1800000, 3000000)), "6110", g.sharedCC)
		g.addSupplierInvoice(r, g.serviceSup["software"], nil, d, bp(int64(r.between(2200000, 2600000)), int(growth)), "6300", g.costCenters["IT"])
		g.addSupplierInvoice(r, g.serviceSup["marketing"], nil, d.AddDate(0, 0, 10), int64(r.between(3000000, 7000000)), "6400", g.costCenters["MKT"])
		g.addSupplierInvoice(r, g.serviceSup["freight"], nil, d.AddDate(0, 0, 5), bp(int64(r.between(4000000, 6000000)), int(growth)), "5020", g.costCenters["LOG"])
		if m.Month()%3 == 0 {
			g.addSupplierInvoice(r, g.serviceSup["legal"], nil, d.AddDate(0, 0, 12), int64(r.between(1500000, 6000000)), "6500", g.costCenters["FIN"])
		}
	}

	pt := g.d.table("purchase_orders", "purchase_order_id", "po_number", "supplier_id", "buyer_id", "warehouse_id", "order_date", "expected_delivery_date",
		"status", "currency_code", "subtotal_amount", "tax_amount", "total_amount")
	pl := g.d.table("purchase_order_lines", "po_line_id", "purchase_order_id", "line_number", "product_id", "quantity_ordered", "quantity_received", "unit_cost", "line_total")
	for _, po := range g.purchaseOrders {
		pt.add(po.id, po.number, po.sup.id, po.buyer.id, po.wh.id, po.date, po.expected, po.status, "USD", money(po.subtotal), money(po.tax), money(po.total))
		for j, l := range po.lines {
			l.id = pl.add(len(pl.rows)+1, po.id, j+1, l.prod.id, l.qty, l.received, money(l.cost), money(l.total))
		}
	}
	gr := g.d.table("goods_receipts", "goods_receipt_id", "receipt_number", "purchase_order_id", "warehouse_id", "received_date", "received_by")
	gl := g.d.table("goods_receipt_lines", "receipt_line_id", "goods_receipt_id", "po_line_id", "product_id", "quantity_received", "quantity_rejected")
	for _, rc := range g.receipts {
		gr.add(rc.id, fmt.Sprintf("GR-%06d", 700000+rc.id), rc.po.id, rc.po.wh.id, rc.date, rc.by.id)
		for _, l := range rc.lines {
			gl.add(len(gl.rows)+1, rc.id, l.pl.id, l.pl.prod.id, l.qty, l.rejected)
		}
	}
	si := g.d.table("supplier_invoices", "supplier_invoice_id", "supplier_id", "purchase_order_id", "supplier_invoice_number", "invoice_date", "due_date",
		"total_amount", "status", "paid_date")
	for _, v := range g.supInvoices {
		poID := any(nil)
		if v.po != nil {
			poID = v.po.id
		}
		si.add(v.id, v.sup.id, poID, v.number, v.date, v.due, money(v.total), v.status, optDate(v.paid))
	}

	// Requisitions: about a third of POs started as one; others are still
	// open or were rejected.
	rq := g.d.table("purchase_requisitions", "requisition_id", "requisition_number", "requested_by", "department_id", "request_date", "needed_by_date",
		"description", "estimated_total", "status", "purchase_order_id")
	requesters := append(g.employeesIn("MFG", "Production Supervisor", "Manufacturing Engineer"), g.employeesIn("LOG", "Warehouse Manager", "Logistics Coordinator")...)
	requesters = append(requesters, g.employeesIn("IT", "IT Manager", "Systems Administrator")...)
	addReq := func(d time.Time, desc string, est cents, status string, po int) {
		e := someone(r, requesters, d)
		id := len(rq.rows) + 1
		rq.add(id, fmt.Sprintf("REQ-%06d", 400000+id), e.id, e.dept.id, d, d.AddDate(0, 0, r.between(10, 45)), desc, money(est), status, optInt(po))
	}
	for _, po := range g.purchaseOrders {
		if po.status == "cancelled" || po.status == "draft" || !r.chance(0.33) {
			continue
		}
		addReq(prevBusinessDay(po.date.AddDate(0, 0, -r.between(2, 10))), "Replenish "+po.lines[0].prod.name, bp(po.total, r.between(9000, 11500)), "converted", po.id)
	}
	for range 140 {
		d := r.businessDayBetween(dataStart, asOf)
		p := pick(r, g.products)
		status := "rejected"
		if age := asOf.Sub(d).Hours() / 24; age < 30 {
			status = pick(r, []string{"draft", "submitted", "approved"})
		} else if r.chance(0.2) {
			status = "approved" // approved but never turned into a PO
		}
		addReq(d, "Purchase "+p.name, int64(r.between(500, 60000))*100, status, 0)
	}
}

func (g *generator) addSupplierInvoice(r *rng, s *supplier, po *purchaseOrder, d time.Time, total cents, account string, cc int) {
	if d.After(asOf) {
		return
	}
	v := &supplierInvoice{id: len(g.supInvoices) + 1, sup: s, po: po, date: d, due: d.AddDate(0, 0, s.terms), total: total, account: account, cc: cc}
	v.number = fmt.Sprintf("%s-%05d", s.code[4:], 10000+v.id*3)
	paid := v.due.AddDate(0, 0, r.between(-6, 8))
	switch {
	case r.chance(0.02):
		v.status = "disputed"
	case !paid.After(asOf):
		v.status, v.paid = "paid", paid
	case asOf.Sub(d).Hours()/24 < 5:
		v.status = "received"
	case paid.Sub(asOf).Hours()/24 < 10:
		v.status = "scheduled"
	default:
		v.status = "approved"
	}
	g.supInvoices = append(g.supInvoices, v)
}

func (g *generator) manufacturing() {
	r := newRNG("manufacturing")
	wc := g.d.table("work_centers", "work_center_id", "code", "name", "warehouse_id", "hourly_rate", "capacity_hours_per_day", "is_active")
	plant := g.whByCode["WH-CHI"].id
	for _, w := range []struct {
		code, name string
		rate, cap  int64
		active     bool
	}{
		{"WC-ASM1", "Assembly Line 1", 8500, 160, true},
		{"WC-ASM2", "Assembly Line 2", 8000, 160, true},
		{"WC-CNC", "CNC Machining Cell", 12000, 200, true},
		{"WC-PNT", "Paint and Finishing", 7000, 80, true},
		{"WC-TST", "Test and Calibration Lab", 9500, 80, true},
		{"WC-PKG", "Packaging Line", 5500, 160, true},
		{"WC-ASM0", "Legacy Assembly Cell", 6000, 80, false},
	} {
		wc.add(len(wc.rows)+1, w.code, w.name, plant, money(w.rate), decimal(w.cap, 1), w.active)
	}
	const asm1, asm2, cnc, tst = 1, 2, 3, 5

	var components, raws []*product
	for _, p := range g.products {
		switch p.ptype {
		case "component":
			components = append(components, p)
		case "raw_material":
			raws = append(raws, p)
		}
	}
	bt := g.d.table("bill_of_materials", "bom_line_id", "parent_product_id", "component_product_id", "quantity_per", "scrap_percent")
	boms := map[int][]bomLine{}
	for _, p := range g.products {
		if !p.manufactured {
			continue
		}
		seen := map[int]bool{}
		add := func(c *product, qty int64) {
			if seen[c.id] {
				return
			}
			seen[c.id] = true
			boms[p.id] = append(boms[p.id], bomLine{c, qty})
			bt.add(len(bt.rows)+1, p.id, c.id, decimal(qty, 3), decimal(int64(pick(r, []int{0, 0, 100, 200, 500})), 2))
		}
		for range r.between(2, 5) {
			add(pick(r, components), int64(r.between(1, 8))*1000)
		}
		for range r.between(1, 2) {
			add(pick(r, raws), int64(r.between(5, 200))*100)
		}
	}

	wo := g.d.table("work_orders", "work_order_id", "work_order_number", "product_id", "work_center_id", "sales_order_id", "quantity_planned",
		"quantity_completed", "quantity_scrapped", "planned_start_date", "planned_end_date", "actual_start_date", "actual_end_date", "status")
	bigOrders := map[int][]*salesOrder{}
	for _, o := range g.orders {
		for _, l := range o.lines {
			if l.prod.manufactured && l.qty >= 10 && o.status != "cancelled" {
				bigOrders[l.prod.id] = append(bigOrders[l.prod.id], o)
			}
		}
	}
	for _, p := range g.products {
		if !p.manufactured {
			continue
		}
		center := asm1
		switch p.cat.name {
		case "Sensors", "Controllers":
			center = pick(r, []int{asm2, asm2, tst})
		case "Valves":
			center = cnc
		case "Motors":
			center = pick(r, []int{asm1, cnc})
		}
		for d := nextBusinessDay(day(2023, 1, 2).AddDate(0, 0, r.IntN(30))); d.Before(day(2025, 8, 29)); d = nextBusinessDay(d.AddDate(0, 0, r.between(20, 55))) {
			if d.Before(p.launched) || (!p.discontinued.IsZero() && d.After(p.discontinued)) {
				continue
			}
			w := &workOrder{id: len(g.workOrders) + 1, prod: p, wc: center, pStart: d}
			switch {
			case p.list > 500000:
				w.planned = r.between(5, 30)
			case p.list > 100000:
				w.planned = r.between(20, 80)
			default:
				w.planned = r.between(50, 250)
			}
			w.pEnd = addBusinessDays(d, r.between(3, 12))
			if os := bigOrders[p.id]; len(os) > 0 && r.chance(0.12) {
				for _, o := range os {
					if !o.date.After(d) && o.date.After(d.AddDate(0, 0, -30)) {
						w.order = o
						break
					}
				}
			}
			switch {
			case d.After(asOf.AddDate(0, 0, 14)):
				w.status = "planned"
			case d.After(asOf):
				w.status = "released"
			case r.chance(0.03):
				w.status = "cancelled"
			default:
				w.aStart = nextBusinessDay(d.AddDate(0, 0, r.between(-1, 2)))
				w.aEnd = addBusinessDays(w.aStart, businessDays(w.pStart, w.pEnd)+r.between(-2, 4))
				if w.aStart.After(asOf) {
					w.status, w.aStart, w.aEnd = "released", time.Time{}, time.Time{}
				} else if w.aEnd.After(asOf) || r.chance(0.01) && w.pEnd.After(asOf.AddDate(0, 0, -20)) {
					w.status, w.aEnd = "in_progress", time.Time{}
					w.completed = w.planned * r.between(0, 60) / 100
				} else {
					w.status = "completed"
					w.scrapped = w.planned * pick(r, []int{0, 0, 1, 2, 3, 5, 8}) / 100
					w.completed = w.planned - w.scrapped - w.planned*pick(r, []int{0, 0, 0, 2, 5})/100
				}
			}
			g.workOrders = append(g.workOrders, w)
		}
	}
	for _, w := range g.workOrders {
		so := any(nil)
		if w.order != nil {
			so = w.order.id
		}
		wo.add(w.id, fmt.Sprintf("WO-%06d", 500000+w.id), w.prod.id, w.wc, so, w.planned, w.completed, w.scrapped, w.pStart, w.pEnd,
			optDate(w.aStart), optDate(w.aEnd), w.status)
	}

	qi := g.d.table("quality_inspections", "inspection_id", "work_order_id", "goods_receipt_id", "inspection_date", "inspector_id", "quantity_inspected",
		"quantity_failed", "result", "defect_code")
	inspectors := g.employeesIn("QA")
	failBP := map[int]int{asm1: 150, asm2: 120, cnc: 400, tst: 80}
	inspect := func(wo, gr any, d time.Time, qty int, rate int) {
		failed := 0
		for range min(qty, 200) {
			if r.IntN(10000) < rate {
				failed++
			}
		}
		result, defect := "pass", ""
		switch {
		case failed*100 > qty*5:
			result, defect = "fail", pick(r, []string{"DIM-TOL", "SURF-SCR", "ELEC-SHORT", "ASSY-MIS", "LEAK-TEST"})
		case failed > 0:
			result, defect = "conditional_pass", pick(r, []string{"DIM-TOL", "SURF-SCR", "COSMETIC"})
		}
		qi.add(len(qi.rows)+1, wo, gr, d, someone(r, inspectors, d).id, qty, failed, result, optString(defect))
	}
	for _, w := range g.workOrders {
		if w.status == "completed" {
			rate := failBP[w.wc]
			if rate == 0 {
				rate = 150
			}
			inspect(w.id, nil, w.aEnd, w.completed, rate)
		}
	}
	for _, rc := range g.receipts {
		if rc.po.wh.code == "WH-CHI" && r.chance(0.2) {
			q := 0
			for _, l := range rc.lines {
				q += l.qty
			}
			inspect(nil, rc.id, rc.date, min(q, 500), 200)
		}
	}

	em := g.d.table("equipment_maintenance", "maintenance_id", "work_center_id", "maintenance_type", "started_at", "ended_at", "downtime_hours", "cost",
		"technician_id", "notes")
	techs := g.employeesIn("MFG", "Maintenance Technician", "Manufacturing Engineer")
	for c := 1; c <= 6; c++ {
		for _, m := range months(dataStart, asOf) {
			d := r.businessDayBetween(m, m.AddDate(0, 0, 27))
			if d.After(asOf) {
				continue
			}
			start := d.Add(time.Duration(r.between(6, 14)) * time.Hour)
			hours := int64(r.between(2, 6))
			em.add(len(em.rows)+1, c, "preventive", start, start.Add(time.Duration(hours)*time.Hour), decimal(hours*100, 2),
				money(int64(r.between(300, 2500))*100), someone(r, techs, d).id, "Scheduled preventive maintenance")
			if r.chance(0.25) {
				d2 := r.businessDayBetween(m, monthEnd(m))
				if d2.After(asOf) {
					continue
				}
				typ, lo, hi := "corrective", 2, 10
				if r.chance(0.3) {
					typ, lo, hi = "breakdown", 8, 48
				}
				start := d2.Add(time.Duration(r.between(0, 23)) * time.Hour)
				mins := int64(r.between(lo*60, hi*60))
				end := start.Add(time.Duration(mins) * time.Minute)
				em.add(len(em.rows)+1, c, typ, start, end, decimal(mins*100/60, 2), money(int64(r.between(800, 25000))*100), someone(r, techs, d2).id,
					pick(r, []string{"Spindle bearing replaced", "Conveyor belt misalignment", "Hydraulic leak repaired", "PLC fault reset", "Sensor recalibrated", "Motor overheating"}))
			}
		}
	}
	// One breakdown is still being repaired on the as-of date.
	start := asOf.Add(-30 * time.Hour)
	em.add(len(em.rows)+1, cnc, "breakdown", start, nil, decimal(3000, 2), money(1250000), techs[0].id, "Main spindle failure; awaiting replacement part")
	g.boms = boms
}
