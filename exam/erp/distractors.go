package erp

import (
	"bytes"
	_ "embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"text/template"
)

// Distractor tables make retrieval realistic at scale: an ERP of 2,000
// tables has fleet, facilities, marketing, compliance, ... modules, staging
// and archive copies, and near-synonyms of the core tables
// (hr_staff_directory_archive next to employees). They have foreign keys
// among themselves and to the core hub tables, comments and annotations,
// but no rows: no exam question depends on them.

//go:embed distractors.sql.tmpl
var distractorTemplate string

var distractorTmpl = template.Must(template.New("distractors").Funcs(template.FuncMap{"lit": sqlLiteral}).Parse(distractorTemplate))

// sqlLiteral quotes s as a SQL string literal.
func sqlLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// dTable is one distractor table.
type dTable struct {
	Name     string
	Module   string
	Comment  string
	Synonyms []string
	Columns  []dColumn
}

type dColumn struct {
	Name       string
	Type       string
	PrimaryKey bool
	NotNull    bool
	Default    string
	References string
	Values     []string
	Comment    string
}

// distractorBatch is how many distractor tables are created per
// transaction: creating thousands in one would exhaust the lock table
// (max_locks_per_transaction), which every session of the server shares.
// 50 hold ~850 locks, fewer than the core tables' transaction; 100 held
// ~1,700 (measured with pg_locks during a 2,000-table load).
const distractorBatch = 50

// renderDistractors returns the DDL of the first n distractor tables, in
// batches of distractorBatch tables.
func renderDistractors(n int) ([]string, error) {
	tables, err := distractorTables(n)
	if err != nil {
		return nil, err
	}
	var out []string
	for len(tables) > 0 {
		k := min(distractorBatch, len(tables))
		var b bytes.Buffer
		if err := distractorTmpl.Execute(&b, tables[:k]); err != nil {
			return nil, fmt.Errorf("erp: render distractors: %w", err)
		}
		out = append(out, b.String())
		tables = tables[k:]
	}
	return out, nil
}

// distractorTables returns the first n distractor tables. The full list is
// fixed, so a smaller n is a prefix of a larger one.
func distractorTables(n int) ([]*dTable, error) {
	all := allDistractors()
	if n > len(all) {
		return nil, fmt.Errorf("erp: at most %d distractor tables are available, %d requested", len(all), n)
	}
	return all[:n], nil
}

func tableRNG(name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

func pickOf[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// allDistractors lists every distractor table in creation order: curated
// near-synonyms of core tables, then each module's base tables
// round-robin, then their variants (history, archive, staging, ...).
var allDistractors = sync.OnceValue(buildDistractors)

func buildDistractors() []*dTable {
	var out []*dTable
	seen := map[string]bool{}
	for _, c := range coreTables {
		seen[c] = true
	}
	add := func(t *dTable) {
		if seen[t.Name] {
			panic("erp: duplicate distractor table " + t.Name)
		}
		seen[t.Name] = true
		out = append(out, t)
	}
	for _, s := range nearSynonyms {
		add(s.table())
	}
	bases := make([][]*dTable, len(distractorModules))
	for i, m := range distractorModules {
		for _, e := range m.entities {
			bases[i] = append(bases[i], m.base(e))
		}
	}
	for j := 0; ; j++ {
		more := false
		for i := range distractorModules {
			if j < len(bases[i]) {
				add(bases[i][j])
				more = true
			}
		}
		if !more {
			break
		}
	}
	for _, v := range variants {
		for j := 0; ; j++ {
			more := false
			for i, m := range distractorModules {
				if j < len(bases[i]) {
					add(m.variant(bases[i][j], m.entities[j], v))
					more = true
				}
			}
			if !more {
				break
			}
		}
	}
	return out
}

// ---------------------------------------------------------------- modules

type dEntity struct {
	plural, singular, gloss string
}

type dModule struct {
	name     string // annotation module
	prefix   string
	entities []dEntity
	cols     []dColumn
	hubs     []string
	statuses []string
}

func ent(plural, singular, gloss string) dEntity { return dEntity{plural, singular, gloss} }

func col(name, typ, comment string, values ...string) dColumn {
	return dColumn{Name: name, Type: typ, Comment: comment, Values: values}
}

// hubColumn is the foreign key column that points at a core hub table.
var hubColumn = map[string]string{
	"employees": "employee_id", "customers": "customer_id", "products": "product_id", "suppliers": "supplier_id",
	"warehouses": "warehouse_id", "departments": "department_id", "locations": "location_id", "gl_accounts": "account_id",
	"projects": "project_id", "sales_orders": "sales_order_id", "purchase_orders": "purchase_order_id", "cost_centers": "cost_center_id",
	"bank_accounts": "bank_account_id", "positions": "position_id", "training_courses": "course_id", "fiscal_periods": "fiscal_period_id",
	"work_orders": "work_order_id", "currencies": "currency_code",
}

var statusSets = [][]string{
	{"open", "in_progress", "closed"},
	{"draft", "submitted", "approved", "rejected"},
	{"active", "inactive", "retired"},
	{"planned", "scheduled", "completed", "cancelled"},
	{"new", "assigned", "resolved", "closed"},
	{"pending", "confirmed", "cancelled"},
}

func (m *dModule) base(e dEntity) *dTable {
	name := m.prefix + e.plural
	r := tableRNG(name)
	t := &dTable{Name: name, Module: m.name, Comment: m.name + ": " + e.gloss + "."}
	t.Columns = append(t.Columns, dColumn{Name: e.singular + "_id", Type: "integer", PrimaryKey: true})
	switch r.IntN(3) {
	case 0:
		t.Columns = append(t.Columns, dColumn{Name: "name", Type: "text", NotNull: true, Comment: "Display name"})
	case 1:
		t.Columns = append(t.Columns, dColumn{Name: e.singular + "_code", Type: "text", NotNull: true, Comment: "Business key"})
	default:
		t.Columns = append(t.Columns, dColumn{Name: "reference_number", Type: "text", NotNull: true})
	}
	used := map[string]bool{}
	for _, c := range t.Columns {
		used[c.Name] = true
	}
	for range 2 + r.IntN(4) {
		c := pickOf(r, m.cols)
		if !used[c.Name] {
			used[c.Name] = true
			t.Columns = append(t.Columns, c)
		}
	}
	if r.IntN(4) > 0 {
		statuses := m.statuses
		if statuses == nil || r.IntN(3) == 0 {
			statuses = pickOf(r, statusSets)
		}
		t.Columns = append(t.Columns, dColumn{Name: "status", Type: "text", NotNull: true, Values: statuses, Comment: "Workflow status"})
	}
	for range 1 + r.IntN(2) {
		hub := pickOf(r, m.hubs)
		c := hubColumn[hub]
		if used[c] {
			continue
		}
		used[c] = true
		typ := "integer"
		if hub == "currencies" {
			typ = "char(3)"
		}
		t.Columns = append(t.Columns, dColumn{Name: c, Type: typ, References: hub, Comment: "References " + hub})
	}
	if r.IntN(2) == 0 {
		t.Columns = append(t.Columns, dColumn{Name: "notes", Type: "text"})
	}
	t.Columns = append(t.Columns, dColumn{Name: "created_at", Type: "timestamptz", NotNull: true, Default: "now()"})
	if r.IntN(2) == 0 {
		t.Columns = append(t.Columns, dColumn{Name: "created_by", Type: "integer", References: "employees", Comment: "Employee who created the row"})
	}
	return t
}

type variant struct {
	suffix, gloss, key string
}

var variants = []variant{
	{"_history", "History of changes to %s", "history"},
	{"_archive", "Archived %s (records before 2022)", "archive"},
	{"_staging", "Staging copy of %s loaded by the nightly import; not cleaned", "staging"},
	{"_snapshot", "Month-end snapshot of %s", "snapshot"},
	{"_audit_log", "Audit trail of inserts, updates and deletes on %s", "audit"},
	{"_lines", "Line items of %s", "line"},
	{"_types", "Lookup of %s types", "type"},
	{"_assignments", "People assigned to %s", "assignment"},
	{"_notes", "Free-text notes on %s", "note"},
	{"_approvals", "Approval steps for %s", "approval"},
	{"_attachments", "Documents attached to %s", "attachment"},
	{"_exceptions", "Exceptions raised while processing %s", "exception"},
	{"_summary_monthly", "Monthly summary of %s", "summary"},
	{"_legacy", "Copy of %s from the legacy system, kept read-only after migration", "legacy"},
}

func (m *dModule) variant(base *dTable, e dEntity, v variant) *dTable {
	name := base.Name + v.suffix
	r := tableRNG(name)
	t := &dTable{Name: name, Module: m.name, Comment: m.name + ": " + fmt.Sprintf(v.gloss, e.gloss) + "."}
	pk := dColumn{Name: v.key + "_id", Type: "integer", PrimaryKey: true}
	parent := dColumn{Name: e.singular + "_id", Type: "integer", NotNull: true, References: base.Name, Comment: "References " + base.Name}
	if pk.Name == parent.Name { // e.g. the audit log of qms_audits
		pk.Name = v.key + "_row_id"
	}
	emp := func(n, comment string) dColumn {
		return dColumn{Name: n, Type: "integer", References: "employees", Comment: comment}
	}
	switch v.key {
	case "history":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "changed_at", Type: "timestamptz", NotNull: true},
			emp("changed_by", "Employee who made the change"),
			{Name: "field_name", Type: "text", NotNull: true},
			{Name: "old_value", Type: "text"},
			{Name: "new_value", Type: "text"},
		}
	case "archive", "legacy", "staging":
		t.Columns = []dColumn{pk}
		for _, c := range base.Columns[1:] {
			c.References, c.Default, c.PrimaryKey = "", "", false
			if v.key == "staging" {
				c.Type, c.NotNull, c.Values = "text", false, nil
			}
			t.Columns = append(t.Columns, c)
		}
		switch v.key {
		case "archive":
			t.addColumns(dColumn{Name: "archived_at", Type: "timestamptz", NotNull: true})
		case "legacy":
			t.addColumns(dColumn{Name: "legacy_id", Type: "text", NotNull: true, Comment: "Key in the legacy system"},
				dColumn{Name: "migrated", Type: "boolean", NotNull: true, Default: "false"})
		default:
			t.addColumns(dColumn{Name: "load_batch_id", Type: "integer", NotNull: true}, dColumn{Name: "loaded_at", Type: "timestamptz", NotNull: true},
				dColumn{Name: "error_message", Type: "text"})
		}
	case "snapshot":
		t.Columns = []dColumn{pk, parent, {Name: "snapshot_date", Type: "date", NotNull: true}}
		for _, c := range base.Columns[1:] {
			if strings.HasPrefix(c.Type, "numeric") || c.Type == "integer" && c.References == "" {
				t.Columns = append(t.Columns, c)
			}
		}
	case "audit":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "action", Type: "text", NotNull: true, Values: []string{"insert", "update", "delete"}},
			emp("performed_by", "Employee or service account that made the change"),
			{Name: "performed_at", Type: "timestamptz", NotNull: true},
			{Name: "payload", Type: "jsonb"},
		}
	case "line":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "line_number", Type: "smallint", NotNull: true},
			{Name: "description", Type: "text"},
			{Name: "quantity", Type: "numeric(12,3)"},
			{Name: "amount", Type: "numeric(14,2)"},
		}
		if r.IntN(2) == 0 {
			t.Columns = append(t.Columns, dColumn{Name: "product_id", Type: "integer", References: "products", Comment: "References products"})
		}
	case "type":
		t.Columns = []dColumn{
			pk,
			{Name: "code", Type: "text", NotNull: true},
			{Name: "name", Type: "text", NotNull: true},
			{Name: "description", Type: "text"},
			{Name: "is_active", Type: "boolean", NotNull: true, Default: "true"},
		}
	case "assignment":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "employee_id", Type: "integer", NotNull: true, References: "employees", Comment: "Assigned employee"},
			{Name: "role", Type: "text"},
			{Name: "assigned_from", Type: "date", NotNull: true},
			{Name: "assigned_to", Type: "date"},
		}
	case "note":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "note_text", Type: "text", NotNull: true},
			emp("created_by", "Author"),
			{Name: "created_at", Type: "timestamptz", NotNull: true, Default: "now()"},
		}
	case "approval":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "step", Type: "smallint", NotNull: true},
			emp("approver_id", "Approving employee"),
			{Name: "decision", Type: "text", NotNull: true, Values: []string{"pending", "approved", "rejected"}},
			{Name: "decided_at", Type: "timestamptz"},
			{Name: "comments", Type: "text"},
		}
	case "attachment":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "file_name", Type: "text", NotNull: true},
			{Name: "mime_type", Type: "text"},
			{Name: "size_bytes", Type: "bigint"},
			emp("uploaded_by", "Uploader"),
			{Name: "uploaded_at", Type: "timestamptz", NotNull: true},
		}
	case "exception":
		t.Columns = []dColumn{
			pk, parent,
			{Name: "exception_code", Type: "text", NotNull: true},
			{Name: "severity", Type: "text", NotNull: true, Values: []string{"low", "medium", "high"}},
			{Name: "raised_at", Type: "timestamptz", NotNull: true},
			{Name: "resolved_at", Type: "timestamptz"},
		}
	case "summary":
		t.Columns = []dColumn{
			pk,
			{Name: "fiscal_period_id", Type: "integer", NotNull: true, References: "fiscal_periods", Comment: "Month summarised"},
			{Name: "record_count", Type: "integer", NotNull: true},
			{Name: "total_amount", Type: "numeric(16,2)"},
			{Name: "computed_at", Type: "timestamptz", NotNull: true},
		}
		if r.IntN(2) == 0 {
			t.Columns = append(t.Columns, dColumn{Name: "department_id", Type: "integer", References: "departments", Comment: "References departments"})
		}
	}
	return t
}

// addColumns appends the columns whose names the table does not have yet
// (a base table may already carry e.g. loaded_at).
func (t *dTable) addColumns(cs ...dColumn) {
	for _, c := range cs {
		if !slices.ContainsFunc(t.Columns, func(x dColumn) bool { return x.Name == c.Name }) {
			t.Columns = append(t.Columns, c)
		}
	}
}

// ---------------------------------------------------------------- near-synonyms

// nearSynonym is a hand-written table that resembles a core table.
type nearSynonym struct {
	name, module, gloss string
	synonyms            []string
	cols                string // "name:type" or "name>hub_table", comma separated; the first is the key
}

var shortTypes = map[string]string{
	"t": "text", "i": "integer", "n": "numeric(14,2)", "d": "date", "ts": "timestamptz", "b": "boolean",
	"s": "smallint", "q": "numeric(12,3)", "c3": "char(3)", "p": "numeric(5,2)",
}

func (s nearSynonym) table() *dTable {
	t := &dTable{Name: s.name, Module: s.module, Comment: s.gloss, Synonyms: s.synonyms}
	for i, spec := range strings.Split(s.cols, ",") {
		spec = strings.TrimSpace(spec)
		var c dColumn
		if name, ref, ok := strings.Cut(spec, ">"); ok {
			c = dColumn{Name: name, Type: "integer", References: ref, Comment: "References " + ref}
			if ref == "currencies" {
				c.Type = "char(3)"
			}
		} else {
			name, typ, _ := strings.Cut(spec, ":")
			c = dColumn{Name: name, Type: shortTypes[typ]}
			if c.Type == "" {
				panic("erp: bad column spec " + spec + " in " + s.name)
			}
		}
		if i == 0 {
			c.PrimaryKey = true
		}
		t.Columns = append(t.Columns, c)
	}
	return t
}
