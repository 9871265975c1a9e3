package schemaindex

import "strings"

// The built-in lexicon: general English and business words (the part of the
// dictionary that does not come from the schema), abbreviations found in
// real-world column names, and synonym groups. None of it is specific to a
// database; a schema's own words (identifiers, comments, glosses, synonyms)
// are added to the dictionary when it is indexed.

// builtinWords are words an identifier may be split into and that are never
// split themselves. Two-letter words are only split off when listed in
// shortWords.
var builtinWords = wordSet(`
	a able about above account accounts accrual accrued accumulated acquisition action active activity actual
	address adjustment administration admin advance after age agency agent aging agreement air alert allocation
	allowance amount analysis annual apartment applicant application approval approved approver archive area
	asset assets assignment attachment attendance attribute audit author authority availability available
	average award back balance bank bar base basis batch before begin benefit benefits bill billing bin birth
	block board body bonus book booking branch brand budget building bundle business buyer calendar call
	campaign cancel cancelled capacity capital card carrier case cash catalog category center centre certificate
	chain change channel charge chart check city claim class classification client close closed closing code
	collection color column comment commission company compensation complete completed completion component
	condition confirmed contact content contract contractor contribution control conversion cost count counter
	country coverage create created credit currency current customer cycle daily data date day days deadline
	debit default delivery demand department deposit depreciation description design destination detail device
	difference direct discount dispatch distribution district division document domain draft driver due
	duration duty earning earnings effective email employee employer employment end engineering entity entry
	equipment estimate event exchange expense expiry export external facility factor family fee field file
	final finance financial first fiscal fixed flag fleet floor forecast form freight frequency from fulfillment
	full fund gender general goal goods grade grant gross group guest half header headcount health history hold
	holiday home hour hourly hours id identifier import in incident income index industry info information
	inspection installment insurance interest internal inventory invoice issue issued item job journal key
	kind label labor labour language last lead leave ledger legal length level liability license limit line
	link list load loan local location lock log login loss lot maintenance manager manual manufacturing margin
	market marketing master material maximum measure medical meeting member membership message method middle
	milestone minimum mode model modified month monthly movement name net new next note notes notice number
	object office on open opening operation operator opportunity option order organization organisation origin
	other out outstanding overdue overtime owner package paid parent part partial partner party password
	payable payee payment payroll pending percent percentage performance period permission person personal
	phone plan plant point policy portfolio position post postal posted price pricing primary priority process
	product production profile profit program project promotion property provider purchase purpose quality
	quantity quarter queue quota quote rate rating reason receipt receivable received recipient record
	recruitment reference refund region registration regular rejected relation release remark remarks rent
	report request requested required requirement reservation reserve resource response result return revenue
	review reward risk role route rule run salary sale sales sample schedule scheduled score season section
	sector security segment sequence serial service session setting settlement share shift shipment shipping
	short site size skill sku slot source space start state statement station stats status step stock storage
	store strategy sub subject subscription summary supplier supply support survey system table target task tax
	team template term terminal termination territory test text threshold ticket time timesheet title to token
	total tracking trade training transaction transfer travel trip type unit unpaid update updated usage user
	valid validity value variance vendor version visit volume voucher wage warehouse warranty week weekly weight
	work worker year yearly zip zone
	agent alias approver attempt backorder beneficiary carrier dependent enrollment expiration fulfilment
	manufacturer ordinal overhead prepaid proposal receiving reconciliation recurring representative retail
	retention returned revision shipped signature specification subsidiary sundry supervisor surcharge tenure
	tier vacation vehicle wholesale
	absence academic accident admission allergy ambulance amendment appointment appraisal approval
	assessment asset attendee auction authorization bed billing booking borrower branch broker
	campus candidate capacity cargo cart certification charge checkout citizen claimant classroom clinic
	collateral commodity complaint compliance consumer container contribution course coverage credential
	curriculum customs dealer debt deduction defect degree delivery dentist deposit destination diagnosis
	discharge dispute doctor donation donor dosage driver enrollment encounter equipment estate examination
	exemption expenditure facility faculty fare feedback flight garage gender grade guarantee guardian
	hospital household incident inspection installation instructor insurer inventory investor invoice
	itinerary lease lecture lender lesson library licence lot manifest medication membership merchant
	meter mileage mortgage nurse occupancy occupant parcel participant passenger patient payer pharmacy
	physician pickup policyholder premium prescription procedure professor property provider purchase
	quotation reading receipt referral refill registration reimbursement rental repair reservation resident
	restaurant return room salesperson scholarship semester shelf shipment specialty sponsor student
	subscriber supplier surgery symptom teacher tenant therapy ticket transcript treatment tuition vaccine
	vendor venue visitor voyage ward warranty withdrawal
`)

// shortWords are the two-letter words an identifier may be split into
// ("accountid" → account id); others would split ordinary words apart.
var shortWords = wordSet(`id no hr gl po ap ar`)

// abbreviations maps abbreviations common in column and table names to the
// words they stand for; an identifier part that is one gets them added to
// its document, and a question word that is one is expanded the same way.
var abbreviations = map[string]string{
	"acct": "account", "accts": "accounts", "appt": "appointment", "appts": "appointments", "dx": "diagnosis",
	"rx": "prescription", "mrn": "medical record number", "ssn": "social security number", "addr": "address", "adj": "adjustment", "amt": "amount",
	"appr": "approved", "approx": "approximate", "attr": "attribute", "auth": "authorization", "avg": "average",
	"bal": "balance", "bldg": "building", "cat": "category", "cd": "code", "cnt": "count", "co": "company",
	"cust": "customer", "custs": "customers", "dept": "department", "depts": "departments",
	"desc": "description", "dest": "destination", "div": "division", "dob": "date birth", "doc": "document",
	"dt": "date", "dtl": "detail", "dtls": "details", "emp": "employee", "emps": "employees", "empl": "employee",
	"eff": "effective", "ext": "extension", "fin": "finance", "fname": "first name",
	"fy": "fiscal year", "gl": "general ledger", "grp": "group", "hdr": "header", "hr": "human resources",
	"hrs": "hours", "img": "image", "inv": "invoice inventory", "invc": "invoice",
	"itm": "item", "lname": "last name", "ln": "line", "loc": "location", "max": "maximum", "mfg": "manufacturing",
	"mgr": "manager", "min": "minimum", "mo": "month", "msg": "message", "nbr": "number", "no": "number",
	"num": "number", "ord": "order", "org": "organization", "pct": "percent", "pmt": "payment", "po": "purchase order",
	"pref": "preference", "prev": "previous", "prod": "product", "proj": "project", "prc": "price",
	"pymt": "payment", "qty": "quantity", "qtr": "quarter", "rcpt": "receipt", "rcv": "receive", "ref": "reference", "rep": "representative", "req": "request", "sal": "salary",
	"sched": "schedule", "seq": "sequence", "sku": "stock keeping unit", "src": "source", "stat": "status",
	"std": "standard", "supp": "supplier", "svc": "service", "tel": "telephone", "tkt": "ticket",
	"tot": "total", "trx": "transaction", "txn": "transaction", "uom": "unit measure", "usr": "user",
	"vend": "vendor", "wh": "warehouse", "whse": "warehouse", "wo": "work order", "yr": "year", "ytd": "year to date",
}

// synonymGroups are words people use for the same business thing. A
// question word in a group also searches for the others, at a lower weight:
// "staff" finds employees, "clients" customers.
var synonymGroups = [][]string{
	{"employee", "staff", "worker", "personnel", "workforce"},
	{"customer", "client", "buyer"},
	{"supplier", "vendor"},
	{"revenue", "sales", "turnover"},
	{"salary", "pay", "wage", "compensation"},
	{"product", "item", "article"},
	{"invoice", "bill"},
	{"department", "division"},
	{"manager", "supervisor", "boss"},
	{"expense", "spend", "spending", "expenditure"},
	{"purchase", "procurement"},
}

// instructionWords ask for an answer's shape, not for a thing of the
// schema; they are left out of searches.
var instructionWords = wordSet(`show list give find display return get tell many much please sorted
	ordered including include rounded round decimal decimals highest lowest largest smallest`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// synonymsOf maps each word of a synonym group to the other words of its
// groups.
var synonymsOf = func() map[string][]string {
	m := map[string][]string{}
	for _, g := range synonymGroups {
		for _, w := range g {
			for _, o := range g {
				if o != w && !contains(m[w], o) {
					m[w] = append(m[w], o)
				}
			}
		}
	}
	return m
}()

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
