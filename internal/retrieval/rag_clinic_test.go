package retrieval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// clinicSQL is a schema unlike the demo ERP, named the way legacy systems
// are: upper-case abbreviations without vowels, run-together words,
// camelCase, few comments, no annotations, archive and staging copies.
const clinicSQL = `
CREATE SCHEMA clinic;
SET search_path = clinic;
CREATE TABLE "DEPT" ("DEPT_ID" int PRIMARY KEY, "DEPT_NM" text NOT NULL);
CREATE TABLE "PROV" ("PROV_ID" int PRIMARY KEY, "PROV_NM" text, "SPCLTY_CD" text, "DEPT_ID" int REFERENCES "DEPT");
COMMENT ON TABLE "PROV" IS 'Care providers: doctors and nurse practitioners';
CREATE TABLE "INS_PLN" ("INS_PLN_ID" int PRIMARY KEY, "PLN_NM" text, "CARRIER_NM" text);
CREATE TABLE "PAT_MSTR" ("PAT_ID" int PRIMARY KEY, "PAT_FNAME" text, "PAT_LNAME" text, "DOB" date, "GNDR_CD" char(1),
    "INS_PLN_ID" int REFERENCES "INS_PLN");
CREATE TABLE "APPT" ("APPT_ID" int PRIMARY KEY, "PAT_ID" int REFERENCES "PAT_MSTR", "PROV_ID" int REFERENCES "PROV",
    "APPT_DT" timestamp, "APPT_STAT_CD" text CHECK ("APPT_STAT_CD" IN ('SCHEDULED', 'CANCELLED', 'NO_SHOW', 'COMPLETED')));
CREATE TABLE "DIAG_CD" ("DIAG_CD" text PRIMARY KEY, "DIAG_DESC" text);
CREATE TABLE "ENCNTR" ("ENCNTR_ID" int PRIMARY KEY, "APPT_ID" int REFERENCES "APPT", "DIAG_CD" text REFERENCES "DIAG_CD", "NOTES" text);
CREATE TABLE "MEDICATION" ("MED_ID" int PRIMARY KEY, "MED_NM" text, "UNIT_COST" numeric);
CREATE TABLE "RX" ("RX_ID" int PRIMARY KEY, "ENCNTR_ID" int REFERENCES "ENCNTR", "MED_ID" int REFERENCES "MEDICATION",
    "QTY" int, "REFILLS" int);
CREATE TABLE "CLAIM" ("CLM_ID" int PRIMARY KEY, "ENCNTR_ID" int REFERENCES "ENCNTR", "INS_PLN_ID" int REFERENCES "INS_PLN",
    "BILLED_AMT" numeric, "PAID_AMT" numeric, "CLM_STAT" text);
CREATE TABLE "WARD" ("WARD_ID" int PRIMARY KEY, "WARD_NM" text, "FLOOR_NO" int);
CREATE TABLE "RoomBooking" ("bookingId" int PRIMARY KEY, "wardId" int REFERENCES "WARD", "patId" int REFERENCES "PAT_MSTR",
    "startTs" timestamp, "endTs" timestamp);
CREATE TABLE "LABRESULT" ("LABRESULTID" int PRIMARY KEY, "ENCNTRID" int REFERENCES "ENCNTR", "TESTCODE" text,
    "RESULTVALUE" numeric, "REFRANGELOW" numeric, "REFRANGEHIGH" numeric);
-- Copies and neighbours that compete with the tables above.
CREATE TABLE "APPT_ARCH" (LIKE "APPT");
CREATE TABLE "PAT_MSTR_BKP" (LIKE "PAT_MSTR");
CREATE TABLE "STG_CLAIM" (LIKE "CLAIM");
CREATE TABLE "CLAIM_AUDIT_LOG" ("LOG_ID" int PRIMARY KEY, "CLM_ID" int, "CHANGED_AT" timestamp, "OLD_STAT" text, "NEW_STAT" text);
CREATE TABLE "HR_EMP" ("EMP_ID" int PRIMARY KEY, "EMP_NM" text, "DEPT_ID" int REFERENCES "DEPT", "HIRE_DT" date);
CREATE TABLE "GL_JRNL" ("JRNL_ID" int PRIMARY KEY, "POST_DT" date, "AMT" numeric, "ACCT_NO" text);
CREATE TABLE "SUPPLY_ORD" ("ORD_ID" int PRIMARY KEY, "ITEM_NM" text, "QTY" int, "UNIT_COST" numeric, "DEPT_ID" int REFERENCES "DEPT");
CREATE TABLE "MED_INVENTORY" ("MED_ID" int REFERENCES "MEDICATION", "ON_HAND_QTY" int, "WARD_ID" int REFERENCES "WARD");
CREATE TABLE "PARKING_PERMIT" ("PERMIT_ID" int PRIMARY KEY, "EMP_ID" int REFERENCES "HR_EMP", "PLATE_NO" text);
INSERT INTO "DEPT" VALUES (1, 'Cardiology'), (2, 'Oncology'), (3, 'Pediatrics');
INSERT INTO "INS_PLN" VALUES (1, 'Gold PPO', 'Acme Health'), (2, 'Basic HMO', 'Unity Care');
INSERT INTO "DIAG_CD" VALUES ('E11', 'Type 2 diabetes'), ('I10', 'Essential hypertension'), ('J45', 'Asthma');
INSERT INTO "CLAIM" SELECT i, NULL, 1 + i % 2, 100 * i, 80 * i, CASE WHEN i % 3 = 0 THEN 'PENDING' WHEN i % 3 = 1 THEN 'PAID' ELSE 'DENIED' END
FROM generate_series(1, 30) i;
RESET search_path;
`

// TestRAGOnClinic asks questions of a schema nothing was tuned on: names
// must be read through abbreviations and run-together words, and values
// point at the right columns.
func TestRAGOnClinic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, clinicSQL)
	require.NoError(t, err)
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "clinic", DSN: "env:CLINIC_DSN", Schemas: []string{"clinic"}}, nil)
	require.NoError(t, err)
	_, err = schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: res.Snapshot, Target: db.Pool}, schemaindex.Config{})
	require.NoError(t, err)
	search, err := schemaindex.NewSearcher(db.Pool, schemaindex.Config{})
	require.NoError(t, err)

	qs := []examQuestion{
		{ID: "c1", Question: "How many appointments were cancelled in March 2025?", Expected: []string{"APPT"}},
		{ID: "c2", Question: "List the patients with the name of their insurance plan.", Expected: []string{"PAT_MSTR", "INS_PLN"}},
		{ID: "c3", Question: "Which doctors work in the Cardiology department?", Expected: []string{"PROV", "DEPT"}},
		{ID: "c4", Question: "What is the total billed amount of claims per insurance carrier?", Expected: []string{"CLAIM", "INS_PLN"}},
		{ID: "c5", Question: "Which medications were prescribed most often?", Expected: []string{"RX", "MEDICATION"}},
		{ID: "c6", Question: "What is the average number of refills per prescription?", Expected: []string{"RX"}},
		{ID: "c7", Question: "How many encounters had a diagnosis of Type 2 diabetes?", Expected: []string{"ENCNTR", "DIAG_CD"}},
		{ID: "c8", Question: "Count patients by gender and year of birth.", Expected: []string{"PAT_MSTR"}},
		{ID: "c9", Question: "Which claims are still pending?", Expected: []string{"CLAIM"}},
		{ID: "c10", Question: "How many room bookings did each ward have last month?", Expected: []string{"RoomBooking", "WARD"}},
		{ID: "c11", Question: "Show lab results outside the reference range.", Expected: []string{"LABRESULT"}},
		{ID: "c12", Question: "Which providers have a specialty code but no department?", Expected: []string{"PROV"}},
	}
	q := measure(t, res.Snapshot, ragStrategy(t, search, retrieval.RAGConfig{}), qs)
	t.Logf("clinic: all expected tables on %d/%d, recall %.3f, precision %.3f, %.1f tables", q.FullRecall, q.Questions, q.MeanRecall, q.MeanPrecision, q.MeanTables)
	for _, m := range q.Misses {
		t.Log(m)
	}
	require.GreaterOrEqual(t, q.FullRecall, 11)
}
