package catalog

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// Many enterprise schemas declare no foreign keys at all (warehouses,
// migrated midrange systems, ORMs told not to): the join planner then has
// no graph to walk, and every join is the model's guess. Their columns
// still say how tables join: FCLT_ROOMS.FCLT_BUILDING_KEY is the key of
// FCLT_BUILDING, orders.customer_id the key of customers, invoices.accountId
// the id of customerAccounts. InferredForeignKeys turns such names into
// join edges, marked Inferred, for retrieval's planner and join hints. They
// are never stored in rag.foreign_keys and never in Snapshot.ForeignKeys:
// Outgoing, Incoming, Neighbors and Degree stay the declared constraints,
// for the repair and guard code that must not mistake a guess for a
// constraint; JoinsFrom, JoinsTo and JoinDegree add the inferred edges.

// MaxInferredFanIn is how many tables may reference one table through the
// same column by inference when the column does not name that table (a
// bare MANDT, TENANT_ID or TERM_CODE that is some table's key). Beyond it
// the column is one every table carries, not evidence of a join, and none
// of those edges is inferred. A key that names its table (employee_id for
// employees) is not capped: its fan-in is the schema's real hub, which the
// join planner already treats as one (HubDegree).
const MaxInferredFanIn = 3 * HubDegree

// keyWords are the last parts of a key column's name that say "key":
// building_id, FCLT_BUILDING_KEY, CUST_NO, TERMS_CD.
var keyWords = map[string]bool{
	"id": true, "key": true, "code": true, "cd": true, "no": true, "nr": true, "num": true,
	"nbr": true, "number": true, "sk": true, "pk": true,
}

// genericColumns are column names (singular parts joined by _) too common
// to say which table they join, unless a table's name qualifies them
// (building_code, not code).
var genericColumns = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`id key code cd no nr num nbr number sk pk uuid guid oid rowid row_id
		name title description desc label status state type kind category class flag active is_active enabled
		seq sequence seq_no seq_nbr line line_no line_nbr line_num line_number ln ln_no ln_nbr item_seq
		version rev revision sort_order position level
		created created_at created_on created_by created_date create_date updated updated_at updated_on updated_by
		modified modified_at modified_on modified_by changed_at changed_by last_updated deleted deleted_at is_deleted
		date time timestamp value amount qty quantity price note comment remark text data payload
		lang language locale`) {
		genericColumns[w] = true
	}
}

// derived is what a snapshot computes from its tables once, on first use:
// copies and the join graph with inferred edges.
type derived struct {
	copies   map[pair]copyInfo // by (schema, name)
	inferred []ForeignKey
	from, to map[pair][]ForeignKey // declared then inferred, by (schema, name)
	degree   map[pair]int
	joined   map[pair]int  // JoinedTables
	named    map[fkID]bool // NamedLikeKey of every edge
	subtype  map[fkID]bool // SubtypeKey of every edge
	kindOf   map[pair]pair // Catalogue: a kind's table -> its catalogue
}

// fkID identifies a foreign key of a snapshot, declared or inferred,
// without building strings: the hot path looks edges up per question.
type fkID struct{ schema, table, name string }

func idOf(fk ForeignKey) fkID { return fkID{fk.Schema, fk.Table, fk.Name} }

// tableID is a table's (schema, name), a map key built without
// concatenating.
func tableID(t *Table) pair { return pair{t.Schema, t.Name} }

func (s *Snapshot) derive() *derived {
	s.deriveOnce.Do(func() {
		d := &derived{
			from: map[pair][]ForeignKey{}, to: map[pair][]ForeignKey{}, degree: map[pair]int{}, joined: map[pair]int{},
			named: map[fkID]bool{}, subtype: map[fkID]bool{},
		}
		linked := map[[2]pair]bool{}
		d.copies = findCopies(s)
		d.inferred = inferJoins(s, d.copies)
		keys := slices.Concat(s.ForeignKeys, d.inferred)
		for _, fk := range keys {
			if _, isCopy := d.copies[pair{fk.Schema, fk.Table}]; !isCopy && isSubtype(s, fk) {
				d.subtype[idOf(fk)] = true
			}
		}
		kinds := subtypesOf(keys, d.subtype)
		d.kindOf = catalogues(keys, d.subtype, kinds)
		if sub := subtypeJoins(keys, d.subtype, kinds, d.copies); len(sub) > 0 {
			d.inferred = append(d.inferred, sub...)
			slices.SortFunc(d.inferred, byTableAndName)
		}
		for _, fk := range slices.Concat(s.ForeignKeys, d.inferred) {
			from, to := pair{fk.Schema, fk.Table}, pair{fk.RefSchema, fk.RefTable}
			d.from[from] = append(d.from[from], fk)
			d.to[to] = append(d.to[to], fk)
			d.named[idOf(fk)] = s.namedLikeKey(fk)
			if _, isCopy := d.copies[from]; isCopy && fk.Inferred {
				// A copy repeats its original's keys: twenty archive
				// copies do not make departments a hub.
				continue
			}
			d.degree[from]++
			if to != from {
				d.degree[to]++
				if !linked[[2]pair{from, to}] {
					linked[[2]pair{from, to}], linked[[2]pair{to, from}] = true, true
					d.joined[from]++
					d.joined[to]++
				}
			}
		}
		s.derived = d
	})
	return s.derived
}

// InferredForeignKeys returns the join edges inferred from column names
// and types (see inferJoins), ordered by (schema, table, name). Each has
// Inferred set and a Name "inferred:table.column". Computed once per
// snapshot; the slice is shared and must not be modified.
func (s *Snapshot) InferredForeignKeys() []ForeignKey { return s.derive().inferred }

// JoinsFrom returns the foreign keys t declares, then the edges inferred
// from its columns. The slice is shared and must not be modified.
func (s *Snapshot) JoinsFrom(t *Table) []ForeignKey { return s.derive().from[tableID(t)] }

// JoinsTo returns the foreign keys referencing t, then the edges inferred
// to it. The slice is shared and must not be modified.
func (s *Snapshot) JoinsTo(t *Table) []ForeignKey { return s.derive().to[tableID(t)] }

// JoinDegree is Degree counting inferred edges too, except those of
// copies (CopyOf), which repeat their original's.
func (s *Snapshot) JoinDegree(t *Table) int { return s.derive().degree[tableID(t)] }

// JoinedTables is how many other tables t joins, declared or inferred (as
// JoinDegree, copies aside), each counted once: a fact's three role-playing
// date keys (order, due and ship date) make three edges to the date
// dimension, and one joined table.
func (s *Snapshot) JoinedTables(t *Table) int { return s.derive().joined[tableID(t)] }

// NamedLikeKey reports whether fk's column names the table it references
// or its key: orders.customer_id → customers.id, invoices.accountId →
// customerAccounts.id, ROOMS.FCLT_BUILDING_KEY → FCLT_BUILDING.FCLT_BUILDING_KEY,
// ROOMS.BUILDING_KEY → FCLT_BUILDING.FCLT_BUILDING_KEY. It does not for a
// role (created_by, SUPV_EMP_NO, placedByUserId → users.id): joining
// along a role says little about how a question's tables relate.
// Composite keys are named like their key when the columns are the same.
// Computed once per snapshot for its edges.
func (s *Snapshot) NamedLikeKey(fk ForeignKey) bool {
	if named, ok := s.derive().named[idOf(fk)]; ok {
		return named
	}
	return s.namedLikeKey(fk)
}

func (s *Snapshot) namedLikeKey(fk ForeignKey) bool {
	if len(fk.Columns) != 1 {
		return slices.Equal(fk.Columns, fk.RefColumns)
	}
	ref := s.Table(fk.RefSchema, fk.RefTable)
	if ref == nil {
		return fk.Columns[0] == fk.RefColumns[0]
	}
	c := singularParts(fk.Columns[0])
	for _, x := range keyForms(ref, fk.RefColumns[0]) {
		if slices.Equal(c, x.parts) || (len(c) >= 2 && hasSuffixParts(x.parts, c)) {
			return true
		}
	}
	return false
}

// keyForm is a name a column referencing a table's key may carry.
type keyForm struct {
	parts []string // singular name parts
	// owned says how well the name says which table it is the key of
	// (nameStrength): employee_id for employees, FCLT_BUILDING_KEY for
	// FCLT_BUILDING, as opposed to a key named for itself (matnr for
	// mara). 0 for none.
	owned int
}

// keyForms are the names a column referencing t's key column key may
// carry: the key's own name (CUST_NO, building_id), and for a bare key
// (id, code, key) the table's name with it (buildings.id: building_id;
// cpt_codes.code: cpt_code).
func keyForms(t *Table, key string) []keyForm {
	n := singularParts(t.Name)
	p := singularParts(key)
	if len(n) == 0 || len(p) == 0 {
		return nil
	}
	if len(p) == 1 && keyWords[p[0]] {
		out := []keyForm{{parts: slices.Concat(n, p), owned: 3}}
		if n[len(n)-1] == p[0] && len(n) > 1 {
			out = append(out, keyForm{parts: n, owned: 3})
		}
		return out
	}
	return []keyForm{{parts: p, owned: nameStrength(n, p)}}
}

// nameStrength says how well a key's parts name the table of name parts
// n, by its stem (the key without id, key, no...): 3 when the stem is the
// table's name (building_id for buildings), 2 when it ends the name or the
// name ends it (FCLT_BUILDING_KEY or BUILDING_KEY for FCLT_BUILDING), 1
// when it begins the name (CUST_NO for CUST_MSTR, employee_id for
// employee_details), 0 when it is unrelated (matnr for mara). A part
// matches its abbreviation (samePart: EMP_KEY for DIM_EMPLOYEE is 2).
func nameStrength(n, key []string) int {
	stem := key
	if len(stem) > 1 && keyWords[stem[len(stem)-1]] {
		stem = stem[:len(stem)-1]
	}
	switch {
	case slices.EqualFunc(n, stem, samePart):
		return 3
	case endsWithParts(n, stem) || endsWithParts(stem, n):
		return 2
	case len(stem) <= len(n) && slices.EqualFunc(n[:len(stem)], stem, samePart):
		return 1
	}
	return 0
}

// samePart reports whether a part of a table's name and a part of a key's
// name are one word, written out or abbreviated either side (EMP_KEY for
// DIM_EMPLOYEE, DEPARTMENT_ID for DEPT): warehouses abbreviate keys and
// names each their own way.
func samePart(a, b string) bool {
	return a == b || naming.Fits(a, b) > 0 || naming.Fits(b, a) > 0
}

// endsWithParts is hasSuffixParts with samePart for equality.
func endsWithParts(ps, suffix []string) bool {
	return len(suffix) <= len(ps) && slices.EqualFunc(ps[len(ps)-len(suffix):], suffix, samePart)
}

// target is a table whose key a column may reference.
type target struct {
	table    *Table
	tableKey string // table.Key()
	key      string // the key column
	family   string // typeFamily of the key column
	owned    int    // nameStrength of the key for the table
}

// inferJoins infers join edges from names and types, for columns no
// declared foreign key of their table covers, to tables their table
// declares no foreign key to:
//
//   - a column named like another table's single-column primary key, or
//     like the table's name with its bare key (building_id for buildings.id,
//     accountId for customerAccounts.id, BUILDING_KEY for
//     FCLT_BUILDING.FCLT_BUILDING_KEY), or ending with such a name (a
//     role or prefix: SUPV_EMP_NO for EMPMSTR.EMP_NO, HR_ORG_UNIT_KEY for
//     ORG_UNIT.ORG_UNIT_KEY), with a compatible type: the exact name wins
//     over the shorter, the shorter over the longer, a key that names its
//     table over one that does not; a tie is ambiguous and infers nothing;
//   - the columns of another table's composite primary key, all present
//     with their names and compatible types (mseg's mblnr and mjahr for
//     mkpf), none of them generic, the widest such key only.
//
// Generic names (id, code, name, status, created_at, ...) infer nothing
// on their own. A table's own single-column key references another table
// only when that table's name says the key is its (a 1:1 extension, as
// employee_details.employee_id) and its own does not. Copies (CopyOf) are
// never referenced: the table they copy is. Fan-in is capped
// (MaxInferredFanIn).
func inferJoins(s *Snapshot, copies map[pair]copyInfo) []ForeignKey {
	covered := map[pair]bool{}  // (table key, column) in a declared foreign key
	declared := map[pair]bool{} // (table key, ref key)
	for _, fk := range s.ForeignKeys {
		for _, c := range fk.Columns {
			covered[pair{fk.TableKey(), c}] = true
		}
		declared[pair{fk.TableKey(), fk.RefKey()}] = true
	}
	exact := map[string][]target{}   // a key form's name -> tables
	shorter := map[string][]target{} // its suffixes of two parts or more
	composite := map[string][]*Table{}
	for _, r := range s.Tables {
		if _, isCopy := copies[tableID(r)]; isCopy || r.IsView() {
			continue
		}
		pk := r.PrimaryKey
		if len(pk) == 0 {
			if k := impliedKey(r); k != "" {
				pk = []string{k}
			}
		}
		// positional: pk is the table's first column (positionalKey),
		// which only the table's name with id names.
		positional := false
		if len(pk) == 0 {
			if k := positionalKey(r); k != "" {
				pk, positional = []string{k}, true
			}
		}
		switch len(pk) {
		case 0:
		case 1:
			var forms []keyForm
			if !positional {
				forms = keyForms(r, pk[0])
			}
			if !slices.ContainsFunc(forms, func(f keyForm) bool { return f.owned > 0 }) {
				// sales_person keyed by business_entity_id (a subtype's
				// key, named for its supertype): a column named
				// sales_person_id references it all the same.
				if n := singularParts(r.Name); len(n) > 0 {
					forms = append(forms, keyForm{parts: append(slices.Clone(n), "id"), owned: 3})
				}
			}
			for _, f := range forms {
				if f.owned > 0 || !genericColumns[joinParts(f.parts)] {
					tg := target{table: r, tableKey: r.Key(), key: pk[0], family: typeFamily(r.Column(pk[0]).ValueType()), owned: f.owned}
					exact[joinParts(f.parts)] = append(exact[joinParts(f.parts)], tg)
					for i := 1; len(f.parts)-i >= 2; i++ {
						shorter[joinParts(f.parts[i:])] = append(shorter[joinParts(f.parts[i:])], tg)
					}
				}
			}
		default:
			generic := false
			for _, c := range r.PrimaryKey {
				generic = generic || genericColumns[joinParts(singularParts(c))]
			}
			if !generic {
				for _, c := range r.PrimaryKey {
					k := strings.ToLower(c)
					composite[k] = append(composite[k], r)
				}
			}
		}
	}

	// carriers are the tables carrying a column, by its singular parts.
	carriers := map[string][]target{}
	for _, r := range s.Tables {
		if _, isCopy := copies[tableID(r)]; isCopy || r.IsView() {
			continue
		}
		for _, col := range r.Columns {
			k := joinParts(singularParts(col.Name))
			carriers[k] = append(carriers[k], target{table: r, tableKey: r.Key(), key: col.Name, family: typeFamily(col.ValueType())})
		}
	}

	var edges []inferredEdge
	var parties []partyColumn
	for _, t := range s.Tables {
		if t.IsView() {
			continue
		}
		ownKey := singleKey(t)
		tkey, tparts := t.Key(), singularParts(t.Name)
		for _, col := range t.Columns {
			if covered[pair{tkey, col.Name}] {
				continue
			}
			c := singularParts(col.Name)
			if len(c) == 0 || genericColumns[joinParts(c)] {
				continue
			}
			family := typeFamily(col.ValueType())
			own := -1 // the 1:1 test's bar, for t's own key
			if col.Name == ownKey {
				own = nameStrength(tparts, c)
			}
			ok := func(tg target, exactName bool) bool {
				if tg.table == t || family == "" || family != tg.family || declared[pair{tkey, tg.tableKey}] {
					return false
				}
				if own >= 0 {
					// A 1:1 extension references the table its key names
					// better than its own name does.
					return exactName && tg.owned > own
				}
				return true
			}
			// keyNamed says a table's key is named by the column (or its
			// suffix), whether or not it may be referenced: the party
			// rule is for the names no key has.
			keyNamed := len(exact[joinParts(c)]) > 0 || len(shorter[joinParts(c)]) > 0
			var cands []target
			for _, tg := range exact[joinParts(c)] {
				if ok(tg, true) {
					cands = append(cands, tg)
				}
			}
			if len(cands) == 0 && len(c) >= 2 {
				for _, tg := range shorter[joinParts(c)] {
					if ok(tg, false) {
						cands = append(cands, tg)
					}
				}
			}
			// A role or prefix: the longest suffix that is a key's name.
			// Its fan-in is capped whatever the key: load_batch_id in 80
			// staging tables names no batch table.
			role := false
			for i := 1; len(cands) == 0 && i < len(c); i++ {
				suffix := joinParts(c[i:])
				if genericColumns[suffix] {
					break
				}
				keyNamed = keyNamed || len(exact[suffix]) > 0
				for _, tg := range exact[suffix] {
					if ok(tg, false) {
						cands = append(cands, tg)
						role = true
					}
				}

				if !role {
					continue
				}
				// The role names a table carrying the key (a supertype's
				// subtypes carry its key): person_agent_id is
				// natural_person's agent_id, not agent's.
				// The table the role names whole wins over those it ends.
				var named []target
				bestNamed := 0
				for _, tg := range carriers[suffix] {
					n := singularParts(tg.table.Name)
					st := 0
					switch {
					case len(n) == 0:
					case slices.EqualFunc(n, c[:i], samePart):
						st = 2
					case samePart(c[i-1], n[len(n)-1]):
						st = 1
					}
					if st == 0 || st < bestNamed || !ok(tg, false) {
						continue
					}
					if st > bestNamed {
						named, bestNamed = named[:0], st
					}
					named = append(named, tg)
				}
				if len(named) != 1 {
					// Or the one carrier of the party the role is
					// (analyst_agent_id: natural_person, a person).
					// Only a carrier the key does not name: where it
					// names several, the name rules choose.
					named = named[:0]
					if kind := roleParty(c[:i]); kind != "" {
						for _, tg := range carriers[suffix] {
							keyed := slices.ContainsFunc(exact[suffix], func(o target) bool { return o.table == tg.table })
							if !keyed && subtypeKeyed(tg) && ok(tg, false) && tableParty(tg.table) == kind {
								named = append(named, tg)
							}
						}
					}
				}
				if len(named) == 1 {
					cands = named
				}
			}
			if len(cands) == 0 && !keyNamed && own < 0 && len(c) >= 2 && partyKeyWords[c[len(c)-1]] &&
				len(tparts) > 0 && !samePart(c[len(c)-2], tparts[len(tparts)-1]) {
				// (Not a column naming its own table: proc_vendor's
				// vendor_nbr is the vendor's number.)
				if kind := roleParty(c[:len(c)-1]); kind != "" {
					parties = append(parties, partyColumn{table: t, col: col.Name, family: family, kind: kind, role: c[len(c)-2]})
				}
			}
			best := 0
			for _, tg := range cands {
				best = max(best, tg.owned)
			}
			cands = slices.DeleteFunc(cands, func(tg target) bool { return tg.owned < best })
			if len(cands) != 1 {
				continue // none, or ambiguous
			}
			tg := cands[0]
			edges = append(edges, inferredEdge{
				fk: ForeignKey{
					Name: "inferred:" + t.Name + "." + col.Name, Schema: t.Schema, Table: t.Name, Columns: []string{col.Name},
					RefSchema: tg.table.Schema, RefTable: tg.table.Name, RefColumns: []string{tg.key}, Inferred: true,
				},
				group: tg.table.Key() + "\x00" + strings.ToLower(col.Name), owned: tg.owned > 0 && !role,
			})
		}
		edges = append(edges, inferComposite(t, composite, covered, declared)...)
	}
	edges = append(edges, inferParties(s, copies, declared, edges, parties)...)
	edges = append(edges, inferShared(s, copies, covered, declared, edges)...)
	// The fan-in cap.
	fanIn := map[string]int{}
	for _, e := range edges {
		fanIn[e.group]++
	}
	out := make([]ForeignKey, 0, len(edges))
	for _, e := range edges {
		if e.owned || fanIn[e.group] <= MaxInferredFanIn {
			out = append(out, e.fk)
		}
	}
	slices.SortFunc(out, byTableAndName)
	return out
}

// byTableAndName orders foreign keys by (schema, table, name).
func byTableAndName(a, b ForeignKey) int {
	if c := strings.Compare(a.Schema, b.Schema); c != 0 {
		return c
	}
	if c := strings.Compare(a.Table, b.Table); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

// impliedKey is the column a table that declares no primary key is keyed
// by, judged from names: a warehouse or a migrated system declares no
// keys, but FCLT_BUILDING.FCLT_BUILDING_KEY, customers.customer_id and
// EMPMSTR.EMP_NO say what they are. A column counts when its last part
// says "key" (keyWords) and the rest names the table (nameStrength of at
// least 1, or begins its name run together), or when it is the bare key word id, key, pk or sk, or a
// table's last word with nothing before it (cpt_codes.code). The column
// naming the table best wins, then the earliest; "" when none does.
// Only inference reads it: Table.PrimaryKey stays what the database
// declares, for the guard and repair.
func impliedKey(t *Table) string {
	n := singularParts(t.Name)
	if len(n) == 0 {
		return ""
	}
	best, strength := "", 0
	for _, c := range t.Columns {
		p := singularParts(c.Name)
		if len(p) == 0 || !keyWords[p[len(p)-1]] || typeFamily(c.ValueType()) == "" {
			continue
		}
		st := 0
		switch {
		case len(p) == 1 && (barePrimaryKeys[p[0]] || p[0] == n[len(n)-1]):
			st = 3
		case len(p) > 1:
			st = nameStrength(n, p)
			if st == 0 && strings.HasPrefix(strings.Join(n, ""), strings.Join(p[:len(p)-1], "")) {
				st = 1 // EMP_NO for EMPMSTR, JOB_CD for JOBCODE: run together
			}
		}
		if st > strength {
			best, strength = c.Name, st
		}
	}
	return best
}

// positionalKey is the first column of a table that declares no key and
// implies none by name (the caller has asked impliedKey), when that
// column's name says "key" (a dump keyed by its first column,
// business_entity_id of sales_person): only the table's name with id
// references it (inferJoins).
func positionalKey(t *Table) string {
	if len(t.Columns) == 0 {
		return ""
	}
	c := t.Columns[0]
	p := singularParts(c.Name)
	if len(p) < 2 || !keyWords[p[len(p)-1]] {
		return ""
	}
	if f := typeFamily(c.ValueType()); f != "int" && f != "text" {
		return ""
	}
	return c.Name
}

// barePrimaryKeys are the key words that alone name a table's own key
// (orders.id), unlike code or no, which a table may carry for something
// else.
var barePrimaryKeys = map[string]bool{"id": true, "key": true, "pk": true, "sk": true}

// pair is a map key of two strings.
type pair struct{ a, b string }

// inferredEdge is an inferred foreign key before the fan-in cap.
type inferredEdge struct {
	fk    ForeignKey
	group string // the referenced table and the column's name, for the fan-in cap
	owned bool
}
