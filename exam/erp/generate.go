package erp

// generate builds the core dataset. Modules run in dependency order: each
// reads what the earlier ones produced.
func generate() *dataset {
	g := &generator{d: &dataset{tables: map[string]*table{}}}
	g.reference()
	g.financeReference()
	g.organisation()
	g.hrActivity()
	g.benefits()
	g.catalog()
	g.sales()
	g.quotas()
	g.procurement()
	g.manufacturing()
	g.inventory()
	g.projectsModule()
	g.expenseClaims()
	g.payroll()
	g.fixedAssets()
	g.ledger()
	return g.d
}
