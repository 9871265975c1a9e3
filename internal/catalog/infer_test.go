package catalog_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// edges renders inferred foreign keys as "table(cols)>ref(cols)".
func edges(fks []catalog.ForeignKey) []string {
	out := []string{}
	for _, fk := range fks {
		out = append(out, fmt.Sprintf("%s(%s)>%s(%s)", fk.Table, strings.Join(fk.Columns, ","), fk.RefTable, strings.Join(fk.RefColumns, ",")))
	}
	return out
}

func TestInferredForeignKeys(t *testing.T) {
	t.Parallel()

	t.Run("WarehouseWithoutForeignKeys", func(t *testing.T) {
		t.Parallel()
		// Upper case, prefixes, _KEY columns, no foreign key declared.
		s := snapshot([]string{"DW"},
			table("DW", "FCLT_BUILDING", "*FCLT_BUILDING_KEY", "BLDG_NAME:varchar(60)", "CAMPUS_CD:char(4)"),
			table("DW", "FCLT_ROOMS", "*FCLT_ROOM_KEY", "FCLT_BUILDING_KEY", "ROOM_NO:varchar(10)", "CAPACITY:smallint"),
			table("DW", "ORG_UNIT", "*ORG_UNIT_KEY", "ORG_UNIT_NAME:varchar(80)"),
			table("DW", "HR_EMPLOYEE", "*EMPLOYEE_KEY", "HR_ORG_UNIT_KEY", "BUILDING_KEY", "HIRE_DT:date"),
			table("DW", "CAMPUS", "*CAMPUS_CD:char(4)", "CAMPUS_NAME:varchar(40)"),
			// Same name, incompatible type: no edge.
			table("DW", "PARKING_PERMIT", "*PERMIT_NO:varchar(12)", "CAMPUS_CD:integer"),
		)
		got := s.InferredForeignKeys()
		require.Equal(t, []string{
			"FCLT_BUILDING(CAMPUS_CD)>CAMPUS(CAMPUS_CD)",
			"FCLT_ROOMS(FCLT_BUILDING_KEY)>FCLT_BUILDING(FCLT_BUILDING_KEY)",
			"HR_EMPLOYEE(BUILDING_KEY)>FCLT_BUILDING(FCLT_BUILDING_KEY)",
			"HR_EMPLOYEE(HR_ORG_UNIT_KEY)>ORG_UNIT(ORG_UNIT_KEY)",
		}, edges(got))
		for _, fk := range got {
			require.True(t, fk.Inferred)
			require.True(t, strings.HasPrefix(fk.Name, "inferred:"), fk.Name)
		}
		require.Empty(t, s.ForeignKeys, "inferred edges are never declared ones")

		rooms, building := s.Table("DW", "FCLT_ROOMS"), s.Table("DW", "FCLT_BUILDING")
		require.Empty(t, s.Outgoing(rooms), "Outgoing stays the declared constraints")
		require.Equal(t, 0, s.Degree(building))
		require.Equal(t, []string{"FCLT_ROOMS(FCLT_BUILDING_KEY)>FCLT_BUILDING(FCLT_BUILDING_KEY)"}, edges(s.JoinsFrom(rooms)))
		require.Len(t, s.JoinsTo(building), 2)
		require.Equal(t, 3, s.JoinDegree(building))

		named := map[string]bool{}
		for _, fk := range got {
			named[fk.Table+"."+fk.Columns[0]] = s.NamedLikeKey(fk)
		}
		require.Equal(t, map[string]bool{
			"FCLT_BUILDING.CAMPUS_CD": true, "FCLT_ROOMS.FCLT_BUILDING_KEY": true,
			"HR_EMPLOYEE.BUILDING_KEY": true, "HR_EMPLOYEE.HR_ORG_UNIT_KEY": false,
		}, named, "a prefix or role is not the key's name")
	})

	t.Run("NoPrimaryKeys", func(t *testing.T) {
		t.Parallel()
		// The same warehouse declaring no primary key either: the key a
		// table is named by stands in for it (impliedKey).
		s := snapshot([]string{"DW"},
			table("DW", "FCLT_BUILDING", "FCLT_BUILDING_KEY", "BLDG_NAME:varchar(60)", "CAMPUS_CD:char(4)"),
			table("DW", "FCLT_ROOMS", "FCLT_ROOM_KEY", "FCLT_BUILDING_KEY", "ROOM_NO:varchar(10)"),
			table("DW", "ORG_UNIT", "ORG_UNIT_KEY", "ORG_UNIT_NAME:varchar(80)"),
			table("DW", "HR_EMPLOYEE", "EMPLOYEE_KEY", "HR_ORG_UNIT_KEY", "BUILDING_KEY", "HIRE_DT:date"),
			// Run together: EMP_NO keys EMPMSTR, JOB_CD keys JOBCODE
			// (a table's reference to itself is never inferred).
			table("DW", "EMPMSTR", "EMP_NO", "JOB_CD:char(4)", "SUPV_EMP_NO", "EMP_NAME:varchar(40)"),
			table("DW", "JOBCODE", "JOB_CD:char(4)", "JOB_TITLE:varchar(40)"),
			table("DW", "TIMECARD", "EMP_NO", "WK_END_DT:date", "HOURS:numeric(5,2)"),
			// A bare id keys its table; a code not named for the table
			// does not, and nothing references it.
			table("DW", "orders", "id", "customer_id", "status_code:varchar(4)"),
			table("DW", "customers", "id", "name:text"),
			table("DW", "ROOM_USE", "USE_CODE:varchar(4)", "ROOM_NO:varchar(10)"),
		)
		require.Equal(t, []string{
			"EMPMSTR(JOB_CD)>JOBCODE(JOB_CD)",
			"FCLT_ROOMS(FCLT_BUILDING_KEY)>FCLT_BUILDING(FCLT_BUILDING_KEY)",
			"HR_EMPLOYEE(BUILDING_KEY)>FCLT_BUILDING(FCLT_BUILDING_KEY)",
			"HR_EMPLOYEE(HR_ORG_UNIT_KEY)>ORG_UNIT(ORG_UNIT_KEY)",
			"TIMECARD(EMP_NO)>EMPMSTR(EMP_NO)",
			"orders(customer_id)>customers(id)",
		}, edges(s.InferredForeignKeys()))
		for _, tb := range s.Tables {
			require.Empty(t, tb.PrimaryKey, "an implied key is inference's, never the table's declared key")
		}
	})

	t.Run("AbbreviatedKeys", func(t *testing.T) {
		t.Parallel()
		// A warehouse abbreviating its keys and not its names (or the
		// other way round): EMP_KEY keys DIM_EMPLOYEE, DEPARTMENT_ID keys
		// DEPT, and the roles referencing them join.
		s := snapshot([]string{"DW"},
			table("DW", "DIM_EMPLOYEE", "EMP_KEY", "EMP_NAME:varchar(100)", "DEPARTMENT_ID"),
			table("DW", "DEPT", "DEPARTMENT_ID", "DEPT_NAME:varchar(60)"),
			table("DW", "CE_CASE", "CASE_KEY", "OFFICER_EMP_KEY", "OPENED_DT:date"),
			table("DW", "FACT_INSP", "INSP_KEY", "INSPECTOR_EMP_KEY", "RESULT_CD:char(2)"),
			// An abbreviation skipping three consonants is no fit: CUR_KEY
			// is not the customer's key, and nothing references it.
			table("DW", "CUSTOMER", "NAME:text", "CUR_KEY"),
			table("DW", "INVOICE", "INVOICE_KEY", "CUR_KEY"),
		)
		require.Equal(t, []string{
			"CE_CASE(OFFICER_EMP_KEY)>DIM_EMPLOYEE(EMP_KEY)",
			"DIM_EMPLOYEE(DEPARTMENT_ID)>DEPT(DEPARTMENT_ID)",
			"FACT_INSP(INSPECTOR_EMP_KEY)>DIM_EMPLOYEE(EMP_KEY)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("RunTogetherLowerCase", func(t *testing.T) {
		t.Parallel()
		// A warehouse's PascalCase names folded to lower case by a
		// migration without quotes: productkey is product_key,
		// dimproductsubcategory is dim product subcategory, and a
		// role-playing orderdatekey is a date key.
		s := snapshot([]string{"dw"},
			table("dw", "dimproduct", "productkey", "productsubcategorykey", "englishproductname:varchar(50)"),
			table("dw", "dimproductsubcategory", "productsubcategorykey", "englishproductsubcategoryname:varchar(50)"),
			table("dw", "dimdate", "datekey", "calendaryear:smallint"),
			table("dw", "factinternetsales", "productkey", "orderdatekey", "shipdatekey", "salesordernumber:varchar(20)", "salesamount:numeric(19,4)"),
		)
		require.Equal(t, []string{
			"dimproduct(productsubcategorykey)>dimproductsubcategory(productsubcategorykey)",
			"factinternetsales(orderdatekey)>dimdate(datekey)",
			"factinternetsales(productkey)>dimproduct(productkey)",
			"factinternetsales(shipdatekey)>dimdate(datekey)",
		}, edges(s.InferredForeignKeys()))
		// Two role-playing keys: two edges, one joined table.
		date, fact := s.Table("dw", "dimdate"), s.Table("dw", "factinternetsales")
		require.Equal(t, 2, s.JoinDegree(date))
		require.Equal(t, 1, s.JoinedTables(date))
		require.Equal(t, 2, s.JoinedTables(fact), "dimdate and dimproduct")
	})

	t.Run("TableNamedKeys", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"public"},
			table("public", "buildings", "*id", "name:text"),
			table("public", "rooms", "*id", "building_id", "name:text", "code:text"),
			table("public", "customerAccounts", "*id", "name:text"),
			table("public", "invoices", "*id", "accountId", "placedByUserId", "total:numeric(12,2)"),
			table("public", "users", "*id", "email:text"),
			table("public", "cpt_codes", "*code:varchar(5)", "description:text"),
			table("public", "claim_lines", "*claim_line_id:bigint", "cpt_code:varchar(5)", "amount:numeric"),
			// generic names: rooms.code is no cpt code, name no key.
			table("public", "codes", "*code:text", "label:text"),
		)
		require.Equal(t, []string{
			"claim_lines(cpt_code)>cpt_codes(code)",
			"invoices(accountId)>customerAccounts(id)",
			"invoices(placedByUserId)>users(id)",
			"rooms(building_id)>buildings(id)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("CompositeKeys", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"sap"},
			table("sap", "mkpf", "*mblnr:char(10)", "*mjahr:numeric(4)", "budat:date"),
			table("sap", "mseg", "*mblnr:char(10)", "*mjahr:numeric(4)", "*zeile:numeric(4)", "matnr:char(18)", "menge:numeric(13,3)"),
			table("sap", "mara", "*matnr:char(18)", "mtart:char(4)"),
			table("sap", "PO_DTL", "*PO_NO", "*PO_SEQ:smallint", "ITEM_NO"),
			// PO_SEQ is the receipt's own numbering: with PO_NO it is no
			// PO line.
			table("sap", "RCV_DTL", "*RCVR_NO", "*PO_SEQ:smallint", "PO_NO", "QTY:numeric"),
			table("sap", "PO_HDR", "*PO_NO", "PO_DT:date"),
			table("sap", "CUST_SHIPTO", "*CUST_NO", "*SHIPTO_NO:smallint", "CITY:text"),
			table("sap", "ORDHDR", "*ORD_NO", "CUST_NO", "SHIPTO_NO:smallint"),
			// A key with a generic part (a line number) is too common.
			table("sap", "INVLN", "*INV_NO", "*LN_NO:smallint", "AMT:numeric"),
			table("sap", "RMA_LN", "*RMA_NO", "INV_NO", "LN_NO:smallint"),
		)
		require.Equal(t, []string{
			"ORDHDR(CUST_NO,SHIPTO_NO)>CUST_SHIPTO(CUST_NO,SHIPTO_NO)",
			"PO_DTL(PO_NO)>PO_HDR(PO_NO)",
			"RCV_DTL(PO_NO)>PO_HDR(PO_NO)",
			"mseg(mblnr,mjahr)>mkpf(mblnr,mjahr)",
			"mseg(matnr)>mara(matnr)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("SharedColumns", func(t *testing.T) {
		t.Parallel()
		// An export with no keys and key names that name nothing
		// (Epic-like *_C codes, PROV_ID for MF_PRV): a column several
		// tables carry joins them to the one that leads with it.
		s := snapshot([]string{"ehr"},
			table("ehr", "CT_IMM_STAT", "IMMNZTN_STATUS_C:integer", "NAME:varchar(254)"),
			table("ehr", "IMM", "IMM_ID:bigint", "MRN:varchar(18)", "IMMNZTN_STATUS_C:integer", "PROV_ID:varchar(18)"),
			table("ehr", "ENC", "PAT_CSN:bigint", "MRN:varchar(18)", "PROV_ID:varchar(18)"),
			table("ehr", "MF_PRV", "PROV_ID:varchar(18)", "PROV_NAME:varchar(100)"),
			// Two tables lead with MRN: neither owns it.
			table("ehr", "PATIENT", "MRN:varchar(18)", "PAT_NAME:varchar(100)"),
			table("ehr", "PATIENT_ALIAS", "MRN:varchar(18)", "ALIAS:text"),
			// No table leads with STATE_C: siblings of a missing lookup
			// join nothing; a declared key is no positional one (INVLN).
			table("ehr", "CLM", "CLM_ID:bigint", "STATE_C:integer", "INV_NO:integer"),
			table("ehr", "RFL", "RFL_ID:bigint", "STATE_C:integer"),
			table("ehr", "INVLN", "*INV_NO:integer", "*LN_NO:smallint"),
			// Another type is another column.
			table("ehr", "NOTE", "NOTE_ID:bigint", "PROV_ID:integer"),
		)
		require.Equal(t, []string{
			"ENC(PROV_ID)>MF_PRV(PROV_ID)",
			"IMM(IMMNZTN_STATUS_C)>CT_IMM_STAT(IMMNZTN_STATUS_C)",
			"IMM(PROV_ID)>MF_PRV(PROV_ID)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("DeclaredWins", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"public"},
			table("public", "customers", "*customer_id", "name:text"),
			table("public", "orders", "*order_id", "customer_id", "bill_to_customer_id", "sales_rep_id"),
			table("public", "sales_reps", "*sales_rep_id", "name:text"),
		)
		s.ForeignKeys = []catalog.ForeignKey{
			{Name: "orders_customer_fk", Schema: "public", Table: "orders", Columns: []string{"customer_id"}, RefSchema: "public", RefTable: "customers", RefColumns: []string{"customer_id"}},
		}
		// customer_id is declared; bill_to_customer_id would join the
		// same two tables again; sales_rep_id is left to inference.
		require.Equal(t, []string{"orders(sales_rep_id)>sales_reps(sales_rep_id)"}, edges(s.InferredForeignKeys()))
		orders := s.Table("public", "orders")
		require.Len(t, s.Outgoing(orders), 1)
		require.Len(t, s.JoinsFrom(orders), 2)
		require.False(t, s.JoinsFrom(orders)[0].Inferred, "declared first")
		require.True(t, s.JoinsFrom(orders)[1].Inferred)
	})

	t.Run("AmbiguousAndOneToOne", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"sap"},
			// vbeln is the key of sales orders and of deliveries: vbap's
			// could be either.
			table("sap", "vbak", "*vbeln:char(10)", "kunnr:char(10)"),
			table("sap", "likp", "*vbeln:char(10)", "lfdat:date"),
			table("sap", "vbap", "*posnr:numeric(6)", "vbeln:char(10)"),
			// A 1:1 extension references the table its key names, not
			// the other way round.
			table("sap", "employees", "*employee_id", "name:text"),
			table("sap", "employee_details", "*employee_id", "shoe_size:smallint"),
		)
		require.Equal(t, []string{"employee_details(employee_id)>employees(employee_id)"}, edges(s.InferredForeignKeys()))
	})

	t.Run("RoleNamesSubtype", func(t *testing.T) {
		t.Parallel()
		// A supertype's subtypes carry its key, which names only the
		// supertype: a role that names a subtype references it.
		s := snapshot([]string{"fin"},
			table("fin", "agent", "agent_id", "agent_type:char(1)"),
			table("fin", "natural_person", "agent_id", "birth_date:date"),
			table("fin", "company", "agent_id", "founded:date"),
			table("fin", "publicly_traded_company", "agent_id", "ticker:varchar(8)"),
			table("fin", "executive_compensation", "person_agent_id", "company_agent_id", "issuer_agent_id", "total:numeric(14,2)"),
			table("fin", "research_note", "note_id", "analyst_agent_id", "body:text"),
			table("fin", "is_subsidiary_of", "child_agent_id", "parent_agent_id", "share:numeric(5,2)"),
		)
		require.Equal(t, []string{
			"company(agent_id)>agent(agent_id)",
			// The table the role names whole, over one it ends.
			"executive_compensation(company_agent_id)>company(agent_id)",
			// A role that names no table: the key's own table.
			"executive_compensation(issuer_agent_id)>agent(agent_id)",
			"executive_compensation(person_agent_id)>natural_person(agent_id)",
			// A child or a parent is a place in a hierarchy, not a person.
			"is_subsidiary_of(child_agent_id)>agent(agent_id)",
			"is_subsidiary_of(parent_agent_id)>agent(agent_id)",
			"natural_person(agent_id)>agent(agent_id)",
			"publicly_traded_company(agent_id)>agent(agent_id)",
			// An analyst is a person: the one subtype of that kind.
			"research_note(analyst_agent_id)>natural_person(agent_id)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("RoleParties", func(t *testing.T) {
		t.Parallel()
		// An ORM export without keys: OwnerId and ApprovedById name no
		// table, but an owner and an approver are people (WordNet), and
		// of the tables of people User is the one others reference by
		// name (UserId), GroupMember none.
		s := snapshot([]string{"crm"},
			table("crm", "User", "Id:varchar(18)", "Name:text"),
			table("crm", "GroupMember", "Id:varchar(18)", "GroupId:varchar(18)"),
			table("crm", "Account", "Id:varchar(18)", "OwnerId:varchar(18)", "ParentId:varchar(18)", "Name:text"),
			table("crm", "Discount_Approval", "Id:varchar(18)", "AccountId:varchar(18)", "ApprovedById:varchar(18)",
				"ServerId:varchar(18)", "Status_Code:varchar(18)"),
			table("crm", "LoginHistory", "Id:varchar(18)", "UserId:varchar(18)"),
			// A role that names a table keyed otherwise is not a party's.
			table("crm", "Employee", "Business_Entity_Id:varchar(18)", "Hire_Date:date"),
			table("crm", "Expense", "Id:varchar(18)", "Employee_Id:varchar(18)"),
			// In a table of people, a manager is one of its own rows.
			table("crm", "TeamMember", "Id:varchar(18)", "ManagerId:varchar(18)"),
		)
		require.Equal(t, []string{
			"Account(OwnerId)>User(Id)",
			"Discount_Approval(AccountId)>Account(Id)",
			"Discount_Approval(ApprovedById)>User(Id)",
			"Expense(Employee_Id)>Employee(Business_Entity_Id)",
			"LoginHistory(UserId)>User(Id)",
		}, edges(s.InferredForeignKeys()), "ParentId places an account among accounts; "+
			"a server may be a computer; a code references a list; Employee_Id is Employee's; "+
			"a team member's manager is a team member")
	})

	t.Run("TableNamedColumns", func(t *testing.T) {
		t.Parallel()
		// A table keyed by a key not named for it, declared (sales_person,
		// a subtype keyed by its supertype's key) or only first (vendor, a
		// dump): a column named for the table with id references it all
		// the same.
		s := snapshot([]string{"p"},
			table("p", "sales_person", "*business_entity_id", "commission_pct:numeric(5,4)"),
			table("p", "vendor", "party_id", "credit_rating:smallint"),
			table("p", "store", "*store_id", "sales_person_id", "name:text"),
			table("p", "purchase_order", "*purchase_order_id", "vendor_id", "total:numeric(12,2)"),
			// Its first column says nothing of a key: it keys nothing.
			table("p", "audit_note", "note:text", "vendor_id"),
		)
		require.Equal(t, []string{
			"audit_note(vendor_id)>vendor(party_id)",
			"purchase_order(vendor_id)>vendor(party_id)",
			"store(sales_person_id)>sales_person(business_entity_id)",
		}, edges(s.InferredForeignKeys()))
	})

	t.Run("CopiesAreNotReferenced", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"public"},
			table("public", "orders", "*order_id", "total:numeric"),
			table("public", "orders_bak", "*order_id", "total:numeric"),
			table("public", "order_lines", "*line_id", "order_id", "qty:numeric"),
		)
		require.Equal(t, "public.orders", s.CopyOf(s.Table("public", "orders_bak")).Key())
		// The copy joins its original by the key they share (a history
		// question may compare them); nothing references the copy.
		require.Equal(t, []string{"order_lines(order_id)>orders(order_id)", "orders_bak(order_id)>orders(order_id)"}, edges(s.InferredForeignKeys()))
		require.Zero(t, s.JoinDegree(s.Table("public", "orders_bak")), "a copy's inferred edges make no hub")
	})

	t.Run("FanIn", func(t *testing.T) {
		t.Parallel()
		// TERM_CODE, the key of SEMESTER (a name that says nothing of
		// terms), is in more tables than MaxInferredFanIn: every table
		// carries it, and it is no evidence of a join. employee_id, which
		// names employees, is in as many and is kept: employees is a hub.
		tables := []*catalog.Table{
			table("u", "SEMESTER", "*TERM_CODE:char(6)", "START_DT:date"),
			table("u", "employees", "*employee_id", "name:text"),
		}
		for i := range catalog.MaxInferredFanIn + 1 {
			tables = append(tables, table("u", fmt.Sprintf("T%02d", i), fmt.Sprintf("*T%02d_ID", i), "TERM_CODE:char(6)", "employee_id"))
		}
		s := snapshot([]string{"u"}, tables...)
		toEmployees, toSemester := 0, 0
		for _, fk := range s.InferredForeignKeys() {
			switch fk.RefTable {
			case "employees":
				toEmployees++
			case "SEMESTER":
				toSemester++
			}
		}
		require.Equal(t, catalog.MaxInferredFanIn+1, toEmployees)
		require.Zero(t, toSemester)
		emp := s.Table("u", "employees")
		require.Greater(t, s.JoinDegree(emp), catalog.HubDegree, "a hub, as the join planner treats it")

		// At the cap, the edges stay.
		s = snapshot([]string{"u"}, tables[:catalog.MaxInferredFanIn+1]...)
		toSemester = 0
		for _, fk := range s.InferredForeignKeys() {
			if fk.RefTable == "SEMESTER" {
				toSemester++
			}
		}
		require.Equal(t, catalog.MaxInferredFanIn-1, toSemester)
	})

	t.Run("GenericNames", func(t *testing.T) {
		t.Parallel()
		s := snapshot([]string{"public"},
			table("public", "statuses", "*status:text", "label:text"),
			table("public", "tickets", "*id", "status:text", "name:text", "created_by", "code:text"),
			table("public", "codes", "*code:text"),
			table("public", "things", "*id", "name:text"),
		)
		require.Empty(t, s.InferredForeignKeys(), "status, name, code and id say nothing of which table they join")
	})
}
