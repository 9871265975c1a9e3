package erp

import (
	"fmt"
	"time"
)

type stockKey struct{ wh, prod int }

type stockLevel struct {
	wh                *warehouse
	prod              *product
	onHand, reorderPt int
	reorderQty        int
	reserved, onOrder int
	lastCounted       time.Time
}

func (g *generator) inventory() {
	r := newRNG("inventory")
	logStaff := g.employeesIn("LOG")

	typical := func(p *product) int {
		switch {
		case p.cost > 200000:
			return r.between(2, 25)
		case p.cost > 20000:
			return r.between(10, 120)
		case p.cost > 2000:
			return r.between(40, 600)
		default:
			return r.between(200, 3000)
		}
	}
	var levels []*stockLevel
	byKey := map[stockKey]*stockLevel{}
	addLevel := func(w *warehouse, p *product, zero bool) {
		k := stockKey{w.id, p.id}
		if byKey[k] != nil {
			return
		}
		t := typical(p)
		l := &stockLevel{wh: w, prod: p, onHand: t, reorderPt: max(1, t*r.between(20, 35)/100), reorderQty: max(5, t*r.between(40, 80)/100)}
		if r.chance(0.1) {
			l.onHand = r.IntN(l.reorderPt)
		}
		if zero {
			l.onHand = 0
		}
		levels = append(levels, l)
		byKey[k] = l
	}
	for _, p := range g.products {
		if !p.stocked() {
			continue
		}
		for _, w := range g.warehouses {
			switch w.code {
			case "WH-CHI":
				if p.ptype != "finished_good" || p.manufactured || r.chance(0.4) {
					addLevel(w, p, !p.active && r.chance(0.5))
				}
			case "WH-ATL", "WH-RNO", "WH-RTM":
				if p.ptype == "finished_good" && r.chance(0.85) || p.ptype == "component" && r.chance(0.3) {
					addLevel(w, p, !p.active && r.chance(0.7))
				}
			case "WH-TOR":
				if p.ptype == "finished_good" && p.active && r.chance(0.3) {
					addLevel(w, p, false)
				}
			case "WH-MEM":
				if p.ptype == "finished_good" && r.chance(0.15) {
					addLevel(w, p, false)
				}
			case "WH-DAL":
				if p.ptype == "finished_good" && r.chance(0.3) {
					addLevel(w, p, true)
				}
			}
		}
	}
	for _, o := range g.orders {
		if o.status != "confirmed" {
			continue
		}
		for _, l := range o.lines {
			if lv := byKey[stockKey{o.wh.id, l.prod.id}]; lv != nil {
				lv.reserved = min(lv.onHand, lv.reserved+l.qty)
			}
		}
	}
	for _, po := range g.purchaseOrders {
		switch po.status {
		case "submitted", "approved", "partially_received":
			for _, l := range po.lines {
				if lv := byKey[stockKey{po.wh.id, l.prod.id}]; lv != nil {
					lv.onOrder += l.qty - l.received
				}
			}
		}
	}

	// Movements.
	it := g.d.table("inventory_transactions", "inventory_transaction_id", "product_id", "warehouse_id", "transaction_type", "quantity", "unit_cost",
		"transaction_date", "reference_type", "reference_id", "created_by")
	move := func(p *product, w *warehouse, typ string, qty int, d time.Time, refType string, ref int) {
		it.add(len(it.rows)+1, p.id, w.id, typ, qty, money(p.cost), d, optString(refType), optInt(ref), someone(r, logStaff, d).id)
	}
	for _, o := range g.orders {
		if o.shipped.IsZero() {
			continue
		}
		for _, l := range o.lines {
			if l.prod.stocked() {
				move(l.prod, o.wh, "shipment", -l.qty, o.shipped, "sales_order", o.id)
			}
		}
	}
	for _, rc := range g.receipts {
		for _, l := range rc.lines {
			move(l.pl.prod, rc.po.wh, "receipt", l.qty, rc.date, "purchase_order", rc.po.id)
		}
	}
	plant := g.whByCode["WH-CHI"]
	for _, w := range g.workOrders {
		if w.aStart.IsZero() {
			continue
		}
		for _, b := range g.boms[w.prod.id] {
			n := divRound(b.qty*int64(max(w.completed+w.scrapped, w.planned/2)), 1000)
			move(b.comp, plant, "production_issue", -int(max(n, 1)), w.aStart, "work_order", w.id)
		}
		if w.status == "completed" {
			move(w.prod, plant, "production_output", w.completed, w.aEnd, "work_order", w.id)
		}
	}
	mem := g.whByCode["WH-MEM"]
	for i, x := range g.returns {
		if x.status == "received" || x.status == "refunded" {
			move(x.line.prod, mem, "customer_return", x.qty, x.date, "sales_return", i+1)
		}
	}

	st := g.d.table("stock_transfers", "transfer_id", "transfer_number", "from_warehouse_id", "to_warehouse_id", "product_id", "quantity",
		"requested_date", "shipped_date", "received_date", "status")
	dist := []*warehouse{g.whByCode["WH-ATL"], g.whByCode["WH-RNO"], g.whByCode["WH-CHI"], g.whByCode["WH-RTM"]}
	var fgs []*product
	for _, p := range g.products {
		if p.ptype == "finished_good" && p.active {
			fgs = append(fgs, p)
		}
	}
	for i := range 180 {
		from, to := pick(r, dist), pick(r, dist)
		if from == to {
			to = g.whByCode["WH-TOR"]
		}
		p := pick(r, fgs)
		q := max(1, typical(p)/4)
		req := r.businessDayBetween(dataStart, asOf)
		shipped := addBusinessDays(req, r.between(1, 3))
		received := addBusinessDays(shipped, r.between(2, 8))
		status := "received"
		switch {
		case r.chance(0.03):
			status, shipped, received = "cancelled", time.Time{}, time.Time{}
		case shipped.After(asOf):
			status, shipped, received = "requested", time.Time{}, time.Time{}
		case received.After(asOf):
			status, received = "in_transit", time.Time{}
		}
		id := i + 1
		st.add(id, fmt.Sprintf("TR-%05d", 8000+id), from.id, to.id, p.id, q, req, optDate(shipped), optDate(received), status)
		if !shipped.IsZero() {
			move(p, from, "transfer_out", -q, shipped, "stock_transfer", id)
		}
		if !received.IsZero() {
			move(p, to, "transfer_in", q, received, "stock_transfer", id)
		}
	}

	cc := g.d.table("cycle_counts", "cycle_count_id", "warehouse_id", "product_id", "count_date", "system_quantity", "counted_quantity", "counted_by")
	var countable []*stockLevel
	for _, l := range levels {
		if l.wh.active {
			countable = append(countable, l)
		}
	}
	for range 520 {
		l := pick(r, countable)
		d := r.businessDayBetween(dataStart, asOf)
		sys := typical(l.prod)
		counted := sys
		if r.chance(0.3) {
			counted = max(0, sys+r.between(-sys/10-2, sys/20+1))
		}
		id := len(cc.rows) + 1
		cc.add(id, l.wh.id, l.prod.id, d, sys, counted, someone(r, logStaff, d).id)
		if d.After(l.lastCounted) {
			l.lastCounted = d
		}
		if counted != sys {
			move(l.prod, l.wh, "adjustment", counted-sys, d, "cycle_count", id)
			g.adjustments = append(g.adjustments, stockAdjustment{date: d, value: int64(counted-sys) * l.prod.cost})
		}
	}

	il := g.d.table("inventory_levels", "warehouse_id", "product_id", "quantity_on_hand", "quantity_reserved", "quantity_on_order", "reorder_point",
		"reorder_quantity", "bin_location", "last_counted_date")
	for _, l := range levels {
		bin := any(nil)
		if l.wh.typ != "third_party" {
			bin = fmt.Sprintf("%c-%02d-%02d", 'A'+rune(r.IntN(8)), r.between(1, 40), r.between(1, 6))
		}
		il.add(l.wh.id, l.prod.id, l.onHand, l.reserved, l.onOrder, l.reorderPt, l.reorderQty, bin, optDate(l.lastCounted))
	}
}
