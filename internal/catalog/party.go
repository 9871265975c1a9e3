package catalog

import (
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// The rules of this file infer joins from a role column that names no table
// (OwnerId, APPROVER_ID) to the table of the role's party kind
// (inferParties; docs/DESIGN.md, "A role's party").

// partyColumn is a column named for a role and a key (OwnerId,
// APPROVER_ID, SubmittedById) that names no table: the role's party kind
// says which table it references.
type partyColumn struct {
	table  *Table
	col    string
	family string // typeFamily of the column
	kind   string // the role's party kind (roleParty)
	role   string // the role's last word (owner)
}

// subtypeKeyed reports whether tg's table is keyed by tg's column, as a
// subtype by its supertype's key: its declared key, or its first column
// where it declares none (natural_person's agent_id, not dim_employee's
// emp_id beside its own key).
func subtypeKeyed(tg target) bool {
	t := tg.table
	if len(t.PrimaryKey) > 0 {
		return len(t.PrimaryKey) == 1 && t.PrimaryKey[0] == tg.key
	}
	return len(t.Columns) > 0 && t.Columns[0].Name == tg.key
}

// partyKeyWords are the key words of a column referencing a party: an
// identifier or a number. A code (UNION_CD) references a list of values.
var partyKeyWords = map[string]bool{"id": true, "key": true, "no": true, "nr": true, "num": true, "nbr": true, "number": true, "sk": true}

// hierarchyRoles place a row among rows of its own kind (ParentId, a
// parent account or case), whatever that kind is; WordNet reads them as
// people.
var hierarchyRoles = map[string]bool{"parent": true, "child": true}

// roleParty is the party kind (naming.PartyKind) of a role's words: its
// last word (owner, approver), or, for a verb and "by" (SubmittedBy), the
// one who does it (submitter).
func roleParty(role []string) string {
	if len(role) == 0 {
		return ""
	}
	head := role[len(role)-1]
	if hierarchyRoles[head] {
		return ""
	}
	if !naming.StopWord(head) {
		if len(head) < 4 {
			return "" // ref, doc, rep: abbreviations first
		}
		return onlyParty(head)
	}
	if len(role) < 2 {
		return ""
	}
	for _, n := range naming.AgentNouns(role[len(role)-2]) {
		if k := onlyParty(n); k != "" {
			return k
		}
	}
	return ""
}

// onlyParty is w's party kind when every sense of w is one: a role's
// word must be a party to say so (owner, approver), where server or
// breaker may be a device.
func onlyParty(w string) string {
	if k, only := naming.PartyKind(w); only {
		return k
	}
	return ""
}

// tableParty is the party kind of a table's name, by its last word
// (natural_person, User: person; company: organization).
func tableParty(t *Table) string {
	n := singularParts(t.Name)
	if len(n) == 0 {
		return ""
	}
	k, _ := naming.PartyKind(n[len(n)-1])
	return k
}

// inferParties infers the references of role columns no name rule placed
// (OwnerId, APPROVER_ID where no table is named owner or approver): to the
// table of the role's party kind, keyed by one column of the same type
// family. Of several, the one most referenced already (declared keys and
// the edges names gave: User, which UserId columns reference, not
// GroupMember); a tie infers nothing. An ORM export without keys joins
// its records to their owners this way and no other.
func inferParties(s *Snapshot, copies map[pair]copyInfo, declared map[pair]bool, edges []inferredEdge, parties []partyColumn) []inferredEdge {
	if len(parties) == 0 {
		return nil
	}
	inbound := map[pair]int{}
	for _, fk := range s.ForeignKeys {
		inbound[pair{fk.RefSchema, fk.RefTable}]++
	}
	for _, e := range edges {
		inbound[pair{e.fk.RefSchema, e.fk.RefTable}]++
	}
	byKind := map[string][]target{}
	heads := map[string]bool{} // the last words of the tables' names
	for _, r := range s.Tables {
		n := singularParts(r.Name)
		if len(n) == 0 {
			continue
		}
		heads[n[len(n)-1]] = true
		if _, isCopy := copies[tableID(r)]; isCopy || r.IsView() {
			continue
		}
		// A party table's word is a party in every sense (customer,
		// user), not carrier, a person first and a company too.
		kind := onlyParty(n[len(n)-1])
		if kind == "" {
			continue
		}
		key := singleKey(r)
		// The party's own identifier: a bare key (User.Id) or one named
		// for it (dim_employee.emp_id), not parcel_owner's parcel_nbr.
		k := singularParts(key)
		if key == "" || !(len(k) == 1 && keyWords[k[0]] || len(k) > 1 && samePart(k[len(k)-2], n[len(n)-1])) {
			continue
		}
		byKind[kind] = append(byKind[kind], target{table: r, tableKey: r.Key(), key: key, family: typeFamily(r.Column(key).ValueType())})
	}
	var out []inferredEdge
	for _, pc := range parties {
		// A role that names a table (employee_id where employee is keyed
		// otherwise) is that table's, not any party's.
		if heads[pc.role] {
			continue
		}
		// In a table of people, a person's role (a team member's
		// managerId) is most often one of that table's own rows, and a
		// table's reference to itself is never inferred.
		if tableParty(pc.table) == pc.kind {
			continue
		}
		var best []target
		most := -1
		for _, tg := range byKind[pc.kind] {
			if tg.table == pc.table || tg.family != pc.family || declared[pair{pc.table.Key(), tg.tableKey}] {
				continue
			}
			switch n := inbound[tableID(tg.table)]; {
			case n > most:
				best, most = []target{tg}, n
			case n == most:
				best = append(best, tg)
			}
		}
		if len(best) != 1 {
			continue
		}
		tg := best[0]
		out = append(out, inferredEdge{
			fk: ForeignKey{
				Name: "inferred:" + pc.table.Name + "." + pc.col, Schema: pc.table.Schema, Table: pc.table.Name, Columns: []string{pc.col},
				RefSchema: tg.table.Schema, RefTable: tg.table.Name, RefColumns: []string{tg.key}, Inferred: true,
			},
			group: tg.table.Key() + "\x00" + strings.ToLower(pc.col),
		})
	}
	return out
}
