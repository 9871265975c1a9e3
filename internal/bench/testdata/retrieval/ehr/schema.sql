-- The reporting database of a regional health system's electronic health
-- record, in the style of a large EHR vendor's nightly reporting warehouse.
-- Tables are named after the vendor's master files and record types by
-- their short codes: MF_ tables are master files (MF_PRV providers, MF_DEP
-- departments, MF_PXC the procedure master, MF_DXG the diagnosis master,
-- MF_RXM medications, MF_LRC lab result components, MF_FLR flowsheet rows,
-- MF_PYR payers, MF_BPL benefit plans ...), CT_ tables are category lists
-- (the code and display name behind every _C column), and record tables
-- hold patients (PAT), contacts (ENC, keyed by the contact serial number
-- PAT_CSN), hospital accounts (HAR) and their transactions (HTR), orders,
-- results, administrations, flowsheets, scheduling, referrals, surgery,
-- claims and remittances. A record's repeating items sit in line tables
-- keyed by the record id and LINE. Columns follow the vendor's suffixes:
-- _C category code, _YN flag, _DTTM timestamp, _ID identifier, _NAME
-- display name. Patient tables carry the internal PAT_ID; the medical record
-- number (PAT_MRN_ID) is only on PAT. A few history and audit copies sit
-- beside the tables they copy. Upper case without quotes, folded to lower
-- case, except a few tables a DBA created with quotes.
CREATE SCHEMA ehr;

------------------------------------------------------------------------
-- Category lists
------------------------------------------------------------------------

CREATE TABLE ehr.CT_SEX (
    SEX_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_SEX (SEX_C, NAME) VALUES
    (1, 'Female'),
    (2, 'Male'),
    (3, 'Unknown'),
    (4, 'X');

CREATE TABLE ehr.CT_RACE (
    RACE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_RACE (RACE_C, NAME) VALUES
    (1, 'White'),
    (2, 'Black or African American'),
    (3, 'Asian'),
    (4, 'American Indian or Alaska Native'),
    (5, 'Native Hawaiian or Other Pacific Islander'),
    (6, 'Other'),
    (7, 'Patient Declined');

CREATE TABLE ehr.CT_ETHNIC_GRP (
    ETHNIC_GROUP_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ETHNIC_GRP (ETHNIC_GROUP_C, NAME) VALUES
    (1, 'Not Hispanic or Latino'),
    (2, 'Hispanic or Latino'),
    (3, 'Patient Declined'),
    (4, 'Unknown');

CREATE TABLE ehr.CT_LANG (
    LANGUAGE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_LANG (LANGUAGE_C, NAME) VALUES
    (1, 'English'),
    (2, 'Spanish'),
    (3, 'Vietnamese'),
    (4, 'Somali'),
    (5, 'Hmong'),
    (6, 'Arabic'),
    (7, 'American Sign Language');

CREATE TABLE ehr.CT_MARITAL_STAT (
    MARITAL_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_MARITAL_STAT (MARITAL_STATUS_C, NAME) VALUES
    (1, 'Single'),
    (2, 'Married'),
    (3, 'Divorced'),
    (4, 'Widowed'),
    (5, 'Legally Separated'),
    (6, 'Life Partner');

CREATE TABLE ehr.CT_PAT_STAT (
    PAT_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_PAT_STAT (PAT_STATUS_C, NAME) VALUES
    (1, 'Alive'),
    (2, 'Deceased');

CREATE TABLE ehr.CT_STATE (
    STATE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_STATE (STATE_C, NAME) VALUES
    (22, 'Minnesota'),
    (48, 'Wisconsin'),
    (15, 'Iowa'),
    (33, 'North Dakota'),
    (40, 'South Dakota');

CREATE TABLE ehr.CT_ENC_TYPE (
    ENC_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_ENC_TYPE IS 'Category list of patient contact types.';
INSERT INTO ehr.CT_ENC_TYPE (ENC_TYPE_C, NAME) VALUES
    (101, 'Office Visit'),
    (3, 'Hospital Encounter'),
    (50, 'Appointment'),
    (70, 'Telephone'),
    (76, 'Video Visit'),
    (111, 'Orders Only'),
    (51, 'Immunization'),
    (52, 'Surgery'),
    (120, 'Patient Message'),
    (121, 'Refill');

CREATE TABLE ehr.CT_APPT_STAT (
    APPT_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_APPT_STAT (APPT_STATUS_C, NAME) VALUES
    (1, 'Scheduled'),
    (2, 'Completed'),
    (3, 'Canceled'),
    (4, 'No Show'),
    (5, 'Left without Seen'),
    (6, 'Arrived');

CREATE TABLE ehr.CT_CANCEL_RSN (
    CANCEL_REASON_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_CANCEL_RSN (CANCEL_REASON_C, NAME) VALUES
    (1, 'Patient Request'),
    (2, 'Provider Unavailable'),
    (3, 'Weather'),
    (4, 'Scheduled in Error'),
    (5, 'Insurance Issue'),
    (6, 'Patient Deceased'),
    (7, 'Rescheduled');

CREATE TABLE ehr.CT_ADM_SRC (
    ADMIT_SOURCE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    UB_CODE varchar(2),
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_ADM_SRC IS 'Point of origin of an admission, as billed on the UB-04.';
INSERT INTO ehr.CT_ADM_SRC (ADMIT_SOURCE_C, NAME, UB_CODE) VALUES
    (1, 'Non-Health Care Facility Point of Origin', '1'),
    (2, 'Clinic or Physician Office', '2'),
    (4, 'Transfer from a Hospital', '4'),
    (5, 'Transfer from a Skilled Nursing Facility', '5'),
    (7, 'Emergency Room', '7'),
    (8, 'Court/Law Enforcement', '8'),
    (9, 'Information Not Available', '9');

CREATE TABLE ehr.CT_PAT_CLASS (
    PAT_CLASS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_PAT_CLASS IS 'Category list of ADT patient classes.';
INSERT INTO ehr.CT_PAT_CLASS (PAT_CLASS_C, NAME) VALUES
    (101, 'Inpatient'),
    (102, 'Outpatient'),
    (103, 'Emergency'),
    (104, 'Observation'),
    (105, 'Day Surgery'),
    (106, 'Newborn');

CREATE TABLE ehr.CT_DISCH_DISP (
    DISCH_DISP_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    UB_CODE varchar(2),
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_DISCH_DISP (DISCH_DISP_C, NAME, UB_CODE) VALUES
    (1, 'Discharged to Home or Self Care', '01'),
    (2, 'Transferred to Short-Term Hospital', '02'),
    (3, 'Skilled Nursing Facility', '03'),
    (6, 'Home Health Service', '06'),
    (7, 'Left Against Medical Advice', '07'),
    (20, 'Expired', '20'),
    (50, 'Hospice - Home', '50'),
    (62, 'Inpatient Rehabilitation Facility', '62');

CREATE TABLE ehr.CT_ACUITY (
    ACUITY_LEVEL_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ACUITY (ACUITY_LEVEL_C, NAME) VALUES
    (1, 'ESI 1 - Immediate'),
    (2, 'ESI 2 - Emergent'),
    (3, 'ESI 3 - Urgent'),
    (4, 'ESI 4 - Less Urgent'),
    (5, 'ESI 5 - Non-Urgent');

CREATE TABLE ehr.CT_ADT_EVENT (
    EVENT_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ADT_EVENT (EVENT_TYPE_C, NAME) VALUES
    (1, 'Admission'),
    (2, 'Discharge'),
    (3, 'Transfer In'),
    (4, 'Transfer Out'),
    (5, 'Patient Update'),
    (6, 'Census'),
    (7, 'Hospital Outpatient'),
    (8, 'Leave of Absence Out'),
    (9, 'Leave of Absence Return');

CREATE TABLE ehr.CT_ED_EVENT (
    ED_EVENT_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ED_EVENT (ED_EVENT_C, NAME) VALUES
    (100, 'Patient Arrived'),
    (105, 'Triage Started'),
    (110, 'Triage Completed'),
    (120, 'Roomed'),
    (130, 'Provider Assigned'),
    (160, 'Disposition Selected'),
    (170, 'Admit Decision'),
    (190, 'Patient Departed');

CREATE TABLE ehr.CT_ACCT_BASECLS (
    ACCT_BASECLS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ACCT_BASECLS (ACCT_BASECLS_C, NAME) VALUES
    (1, 'Inpatient'),
    (2, 'Outpatient'),
    (3, 'Emergency');

CREATE TABLE ehr.CT_FIN_CLASS (
    FIN_CLASS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_FIN_CLASS IS 'Financial class: the broad kind of payer (commercial, Medicare, Medicaid, self-pay).';
INSERT INTO ehr.CT_FIN_CLASS (FIN_CLASS_C, NAME) VALUES
    (1, 'Commercial'),
    (2, 'Medicare'),
    (3, 'Medicaid'),
    (4, 'Self-Pay'),
    (5, 'Workers Comp'),
    (6, 'Tricare'),
    (7, 'Other Government');

CREATE TABLE ehr.CT_BILL_STAT (
    ACCT_BILLSTS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_BILL_STAT (ACCT_BILLSTS_C, NAME) VALUES
    (1, 'Open'),
    (2, 'Discharged/Not Final Billed'),
    (3, 'Billed'),
    (4, 'Closed'),
    (5, 'Bad Debt'),
    (99, 'Voided');

CREATE TABLE ehr.CT_TX_TYPE (
    TX_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_TX_TYPE (TX_TYPE_C, NAME) VALUES
    (1, 'Charge'),
    (2, 'Payment'),
    (3, 'Debit Adjustment'),
    (4, 'Credit Adjustment');

CREATE TABLE ehr.CT_CLM_STAT (
    CLM_STAT_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_CLM_STAT (CLM_STAT_C, NAME) VALUES
    (1, 'Created'),
    (2, 'Submitted'),
    (3, 'Accepted'),
    (4, 'Rejected'),
    (5, 'Paid'),
    (6, 'Denied'),
    (7, 'Partially Paid'),
    (8, 'Voided');

CREATE TABLE ehr.CT_DENIAL_RSN (
    DENIAL_RSN_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    CARC_CODE varchar(5),
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_DENIAL_RSN (DENIAL_RSN_C, NAME, CARC_CODE) VALUES
    (16, 'Missing or invalid information', '16'),
    (18, 'Duplicate claim or service', '18'),
    (22, 'Covered by another payer', '22'),
    (29, 'Timely filing limit expired', '29'),
    (50, 'Not medically necessary', '50'),
    (96, 'Non-covered charge', '96'),
    (197, 'Prior authorization absent', '197');

CREATE TABLE ehr.CT_ORD_STAT (
    ORDER_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ORD_STAT (ORDER_STATUS_C, NAME) VALUES
    (1, 'Pending'),
    (2, 'Sent'),
    (3, 'Canceled'),
    (4, 'Completed'),
    (5, 'Discontinued'),
    (6, 'Verified'),
    (7, 'Suspended');

CREATE TABLE ehr.CT_ORD_PRIORITY (
    ORDER_PRIORITY_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ORD_PRIORITY (ORDER_PRIORITY_C, NAME) VALUES
    (1, 'Routine'),
    (2, 'STAT'),
    (3, 'ASAP'),
    (4, 'Timed'),
    (5, 'Pre-op');

CREATE TABLE ehr.CT_ORD_TYPE (
    ORDER_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ORD_TYPE (ORDER_TYPE_C, NAME) VALUES
    (7, 'Lab'),
    (8, 'Imaging'),
    (9, 'Microbiology'),
    (10, 'Cardiology'),
    (11, 'Nursing'),
    (12, 'Consult'),
    (13, 'Pathology');

CREATE TABLE ehr.CT_RSLT_FLAG (
    RESULT_FLAG_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_RSLT_FLAG (RESULT_FLAG_C, NAME) VALUES
    (1, 'Normal'),
    (2, 'High'),
    (3, 'Low'),
    (4, 'Abnormal'),
    (5, 'Critical High'),
    (6, 'Critical Low');

CREATE TABLE ehr.CT_RSLT_STAT (
    RESULT_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_RSLT_STAT (RESULT_STATUS_C, NAME) VALUES
    (1, 'Preliminary'),
    (2, 'Final'),
    (3, 'Corrected'),
    (4, 'Incomplete');

CREATE TABLE ehr.CT_SPEC_TYPE (
    SPECIMEN_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_SPEC_TYPE (SPECIMEN_TYPE_C, NAME) VALUES
    (1, 'Blood'),
    (2, 'Serum'),
    (3, 'Plasma'),
    (4, 'Urine'),
    (5, 'Cerebrospinal Fluid'),
    (6, 'Swab'),
    (7, 'Tissue');

CREATE TABLE ehr.CT_MED_ROUTE (
    MED_ROUTE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_MED_ROUTE (MED_ROUTE_C, NAME) VALUES
    (15, 'Oral'),
    (11, 'Intravenous'),
    (18, 'Subcutaneous'),
    (13, 'Intramuscular'),
    (2, 'Inhalation'),
    (20, 'Topical'),
    (16, 'Rectal');

CREATE TABLE ehr.CT_MAR_ACTION (
    MAR_ACTION_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_MAR_ACTION IS 'Actions a nurse documents on the medication administration record.';
INSERT INTO ehr.CT_MAR_ACTION (MAR_ACTION_C, NAME) VALUES
    (1, 'Given'),
    (2, 'Held'),
    (3, 'Refused'),
    (4, 'Missed'),
    (5, 'New Bag'),
    (6, 'Stopped'),
    (7, 'Patient''s Own Med'),
    (8, 'Not Given');

CREATE TABLE ehr.CT_THERA_CLASS (
    THERA_CLASS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_THERA_CLASS (THERA_CLASS_C, NAME) VALUES
    (1, 'Antibiotics'),
    (2, 'Analgesics'),
    (3, 'Anticoagulants'),
    (4, 'Cardiovascular'),
    (5, 'Antidiabetics'),
    (6, 'Psychotherapeutic Drugs'),
    (7, 'Vitamins');

CREATE TABLE ehr.CT_RFL_STAT (
    RFL_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_RFL_STAT (RFL_STATUS_C, NAME) VALUES
    (1, 'Open'),
    (2, 'Pending Authorization'),
    (3, 'Authorized'),
    (4, 'Denied'),
    (5, 'Scheduled'),
    (6, 'Closed'),
    (7, 'Canceled');

CREATE TABLE ehr.CT_RFL_TYPE (
    RFL_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_RFL_TYPE (RFL_TYPE_C, NAME) VALUES
    (1, 'Consult'),
    (2, 'Consult and Treat'),
    (3, 'Procedure'),
    (4, 'Second Opinion'),
    (5, 'Durable Medical Equipment'),
    (6, 'Home Health');

CREATE TABLE ehr.CT_PRB_STAT (
    PROBLEM_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_PRB_STAT (PROBLEM_STATUS_C, NAME) VALUES
    (1, 'Active'),
    (2, 'Resolved'),
    (3, 'Deleted');

CREATE TABLE ehr.CT_ALRG_SEV (
    ALLERGY_SEVERITY_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ALRG_SEV (ALLERGY_SEVERITY_C, NAME) VALUES
    (1, 'Low'),
    (2, 'High'),
    (3, 'Not Specified');

CREATE TABLE ehr.CT_ALRG_RXN (
    REACTION_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ALRG_RXN (REACTION_C, NAME) VALUES
    (1, 'Anaphylaxis'),
    (2, 'Hives'),
    (3, 'Rash'),
    (4, 'Itching'),
    (5, 'Nausea and Vomiting'),
    (6, 'Shortness of Breath'),
    (7, 'Angioedema'),
    (8, 'Other');

CREATE TABLE ehr.CT_ALRG_TYPE (
    ALLERGEN_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ALRG_TYPE (ALLERGEN_TYPE_C, NAME) VALUES
    (1, 'Drug Ingredient'),
    (2, 'Drug Class'),
    (3, 'Food'),
    (4, 'Environmental'),
    (5, 'Medication');

CREATE TABLE ehr.CT_IMM_STAT (
    IMMNZTN_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_IMM_STAT (IMMNZTN_STATUS_C, NAME) VALUES
    (1, 'Given'),
    (2, 'Deleted'),
    (3, 'Incomplete'),
    (4, 'Refused'),
    (5, 'Historical');

CREATE TABLE ehr.CT_REL_TO_PAT (
    MEM_REL_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_REL_TO_PAT (MEM_REL_C, NAME) VALUES
    (1, 'Self'),
    (2, 'Spouse'),
    (3, 'Child'),
    (4, 'Other');

CREATE TABLE ehr.CT_PROV_TYPE (
    PROV_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_PROV_TYPE (PROV_TYPE_C, NAME) VALUES
    (1, 'Physician'),
    (2, 'Nurse Practitioner'),
    (3, 'Physician Assistant'),
    (4, 'Registered Nurse'),
    (5, 'Resident'),
    (6, 'CRNA'),
    (7, 'Pharmacist'),
    (8, 'Certified Nurse Midwife');

CREATE TABLE ehr.CT_SPECIALTY (
    SPECIALTY_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_SPECIALTY IS 'Category list of medical specialties, for providers, departments and referrals.';
INSERT INTO ehr.CT_SPECIALTY (SPECIALTY_C, NAME) VALUES
    (1, 'Family Medicine'),
    (2, 'Internal Medicine'),
    (3, 'Cardiology'),
    (4, 'Orthopedic Surgery'),
    (5, 'General Surgery'),
    (6, 'Emergency Medicine'),
    (7, 'Pediatrics'),
    (8, 'Obstetrics and Gynecology'),
    (9, 'Hospital Medicine'),
    (10, 'Anesthesiology'),
    (11, 'Neurology'),
    (12, 'Oncology'),
    (13, 'Critical Care');

CREATE TABLE ehr.CT_BED_STAT (
    BED_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_BED_STAT (BED_STATUS_C, NAME) VALUES
    (1, 'Ready'),
    (2, 'Occupied'),
    (3, 'Dirty'),
    (4, 'Blocked'),
    (5, 'Closed');

CREATE TABLE ehr.CT_CASE_STAT (
    SCHED_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_CASE_STAT (SCHED_STATUS_C, NAME) VALUES
    (1, 'Scheduled'),
    (2, 'Completed'),
    (3, 'Canceled'),
    (4, 'Pending'),
    (5, 'Voided');

CREATE TABLE ehr.CT_CASE_CLASS (
    CASE_CLASS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_CASE_CLASS (CASE_CLASS_C, NAME) VALUES
    (1, 'Elective'),
    (2, 'Urgent'),
    (3, 'Emergent'),
    (4, 'Add-On');

CREATE TABLE ehr.CT_OR_SVC (
    OR_SERVICE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_OR_SVC IS 'Surgical services of the operating rooms.';
INSERT INTO ehr.CT_OR_SVC (OR_SERVICE_C, NAME) VALUES
    (10, 'General Surgery'),
    (20, 'Orthopedics'),
    (30, 'Cardiothoracic'),
    (40, 'Neurosurgery'),
    (50, 'Urology'),
    (60, 'Gynecology'),
    (70, 'Otolaryngology'),
    (80, 'Ophthalmology'),
    (90, 'Vascular');

CREATE TABLE ehr.CT_OR_CANC_RSN (
    OR_CANCEL_RSN_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_OR_CANC_RSN (OR_CANCEL_RSN_C, NAME) VALUES
    (1, 'Patient No-Show'),
    (2, 'Patient Ill'),
    (3, 'Surgeon Unavailable'),
    (4, 'Equipment Unavailable'),
    (5, 'Case Bumped'),
    (6, 'NPO Violation'),
    (7, 'No Authorization');

CREATE TABLE ehr.CT_OR_EVENT (
    TRACKING_EVENT_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_OR_EVENT (TRACKING_EVENT_C, NAME) VALUES
    (1, 'In Facility'),
    (2, 'In Pre-Procedure'),
    (3, 'In Room'),
    (4, 'Anesthesia Start'),
    (5, 'Procedure Start'),
    (6, 'Procedure Finish'),
    (7, 'Out of Room'),
    (8, 'In PACU'),
    (9, 'Out of PACU');

CREATE TABLE ehr.CT_OR_ROLE (
    OR_ROLE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_OR_ROLE (OR_ROLE_C, NAME) VALUES
    (1, 'Primary Surgeon'),
    (2, 'Assistant Surgeon'),
    (3, 'Anesthesiologist'),
    (4, 'CRNA'),
    (5, 'Circulator'),
    (6, 'Scrub'),
    (7, 'Resident');

CREATE TABLE ehr.CT_ASA (
    ASA_RATING_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_ASA (ASA_RATING_C, NAME) VALUES
    (1, 'ASA I'),
    (2, 'ASA II'),
    (3, 'ASA III'),
    (4, 'ASA IV'),
    (5, 'ASA V'),
    (6, 'ASA VI');

CREATE TABLE ehr.CT_NOTE_TYPE (
    NOTE_TYPE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_NOTE_TYPE (NOTE_TYPE_C, NAME) VALUES
    (1, 'Progress Notes'),
    (4, 'H&P'),
    (5, 'Discharge Summary'),
    (6, 'Consults'),
    (7, 'Op Note'),
    (19, 'ED Provider Notes'),
    (21, 'Nursing Note'),
    (29, 'Procedures');

CREATE TABLE ehr.CT_NOTE_STAT (
    NOTE_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_NOTE_STAT (NOTE_STATUS_C, NAME) VALUES
    (1, 'Incomplete'),
    (2, 'Signed'),
    (3, 'Addendum'),
    (4, 'Deleted'),
    (5, 'Cosign Needed'),
    (6, 'Shared');

CREATE TABLE ehr.CT_TEAM_ROLE (
    TEAM_ROLE_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_TEAM_ROLE (TEAM_ROLE_C, NAME) VALUES
    (1, 'PCP - General'),
    (2, 'Attending'),
    (3, 'Consulting Physician'),
    (4, 'Care Coordinator'),
    (5, 'Specialist'),
    (6, 'Resident'),
    (7, 'Primary Nurse');

CREATE TABLE ehr.CT_POA (
    POA_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    POA_CODE varchar(1),
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
COMMENT ON TABLE ehr.CT_POA IS 'Present-on-admission indicator of a coded diagnosis.';
INSERT INTO ehr.CT_POA (POA_C, NAME, POA_CODE) VALUES
    (1, 'Yes', 'Y'),
    (2, 'No', 'N'),
    (3, 'Unknown', 'U'),
    (4, 'Clinically Undetermined', 'W'),
    (5, 'Exempt', '1');

CREATE TABLE ehr.CT_PORTAL_STAT (
    PORTAL_STATUS_C integer PRIMARY KEY,
    NAME varchar(254) NOT NULL,
    ABBR varchar(50),
    INTERNAL_ID varchar(254)
);
INSERT INTO ehr.CT_PORTAL_STAT (PORTAL_STATUS_C, NAME) VALUES
    (1, 'Activated'),
    (2, 'Pending Activation'),
    (3, 'Declined'),
    (4, 'Inactivated');

------------------------------------------------------------------------
-- Master files: facilities, departments, rooms and beds, providers, users
------------------------------------------------------------------------

CREATE TABLE ehr.MF_SAR (
    SERV_AREA_ID bigint PRIMARY KEY,
    SERV_AREA_NAME varchar(200) NOT NULL,
    SERV_AREA_ABBR varchar(20),
    GL_PREFIX varchar(10)
);
COMMENT ON TABLE ehr.MF_SAR IS 'Service areas: the top level of the facility structure, one per legal business unit.';

CREATE TABLE ehr.MF_CCT (
    COST_CNTR_ID bigint PRIMARY KEY,
    COST_CNTR_NAME varchar(200) NOT NULL,
    COST_CNTR_CODE varchar(20),
    SERV_AREA_ID bigint REFERENCES ehr.MF_SAR (SERV_AREA_ID)
);

CREATE TABLE ehr.MF_LOC (
    LOC_ID bigint PRIMARY KEY,
    LOC_NAME varchar(200) NOT NULL,
    LOC_ABBR varchar(20),
    SERV_AREA_ID bigint REFERENCES ehr.MF_SAR (SERV_AREA_ID),
    HOSP_PARENT_LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    LOC_TYPE varchar(40),
    ADD_LINE_1 varchar(200),
    CITY varchar(100),
    STATE_C integer REFERENCES ehr.CT_STATE (STATE_C),
    ZIP varchar(10),
    LOC_NPI varchar(10),
    FACILITY_TAX_ID varchar(12)
);
COMMENT ON TABLE ehr.MF_LOC IS 'Locations: hospitals, clinics and ambulatory surgery centers (revenue locations).';

CREATE TABLE ehr.MF_RVC (
    UB_REV_CODE_ID bigint PRIMARY KEY,
    REVENUE_CODE varchar(4) NOT NULL,
    REV_CODE_NAME varchar(200) NOT NULL,
    REV_CODE_GROUP varchar(100)
);
COMMENT ON TABLE ehr.MF_RVC IS 'UB-04 revenue codes that hospital charges are billed under.';

CREATE TABLE ehr.MF_DEP (
    DEPARTMENT_ID bigint PRIMARY KEY,
    DEPARTMENT_NAME varchar(200) NOT NULL,
    DEPT_ABBREVIATION varchar(20),
    EXTERNAL_NAME varchar(200),
    REV_LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    SPECIALTY_C integer REFERENCES ehr.CT_SPECIALTY (SPECIALTY_C),
    COST_CNTR_ID bigint REFERENCES ehr.MF_CCT (COST_CNTR_ID),
    IP_UNIT_YN char(1),
    ICU_DEPT_YN char(1),
    ED_DEPT_YN char(1),
    LICENSED_BEDS integer,
    PHONE_NUMBER varchar(20),
    RECORD_STATUS varchar(20)
);
COMMENT ON TABLE ehr.MF_DEP IS 'Department master: clinics, nursing units, emergency departments and ancillary departments.';
COMMENT ON COLUMN ehr.MF_DEP.IP_UNIT_YN IS 'Y for an inpatient nursing unit that holds beds';
COMMENT ON COLUMN ehr.MF_DEP.ICU_DEPT_YN IS 'Y for an intensive care unit (adult, cardiac, neonatal or pediatric)';

CREATE TABLE ehr.MF_RMM (
    ROOM_ID varchar(18) PRIMARY KEY,
    ROOM_NAME varchar(100) NOT NULL,
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    ROOM_TYPE varchar(40),
    PRIVATE_YN char(1),
    ISOLATION_YN char(1)
);

CREATE TABLE ehr.MF_BED (
    BED_ID varchar(18) PRIMARY KEY,
    BED_LABEL varchar(50) NOT NULL,
    ROOM_ID varchar(18) REFERENCES ehr.MF_RMM (ROOM_ID),
    BED_STATUS_C integer REFERENCES ehr.CT_BED_STAT (BED_STATUS_C),
    CENSUS_INCLUSN_YN char(1)
);

CREATE TABLE ehr.MF_PRV (
    PROV_ID varchar(18) PRIMARY KEY,
    PROV_NAME varchar(200) NOT NULL,
    PROV_TYPE_C integer REFERENCES ehr.CT_PROV_TYPE (PROV_TYPE_C),
    CLINICIAN_TITLE varchar(20),
    NPI varchar(10),
    DEA_NUMBER varchar(20),
    PRIMARY_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    EXTERNAL_YN char(1),
    REFERRAL_SRCE_YN char(1),
    ACTIVE_STATUS varchar(20)
);
COMMENT ON TABLE ehr.MF_PRV IS 'Provider master: physicians, advanced practice providers, nurses, residents and outside referring providers.';

CREATE TABLE ehr.MF_PRV_SPEC (
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    LINE integer,
    SPECIALTY_C integer REFERENCES ehr.CT_SPECIALTY (SPECIALTY_C),
    BOARD_CERT_YN char(1),
    PRIMARY KEY (PROV_ID, LINE)
);

CREATE TABLE ehr.MF_PRV_DEP (
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    LINE integer,
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    SCHEDULABLE_YN char(1),
    PRIMARY KEY (PROV_ID, LINE)
);

CREATE TABLE ehr."MF_PRV_HX" (
    PROV_ID varchar(18),
    EFF_DTTM timestamp,
    PROV_NAME varchar(200),
    PROV_TYPE_C integer,
    CLINICIAN_TITLE varchar(20),
    NPI varchar(10),
    PRIMARY_DEPT_ID bigint,
    ACTIVE_STATUS varchar(20),
    CHANGE_USER_ID varchar(18),
    PRIMARY KEY (PROV_ID, EFF_DTTM)
);

CREATE TABLE ehr.MF_EMP (
    USER_ID varchar(18) PRIMARY KEY,
    USER_NAME varchar(200) NOT NULL,
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    LGIN_DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    JOB_TITLE varchar(100),
    USER_STATUS varchar(20)
);
COMMENT ON TABLE ehr.MF_EMP IS 'System users (staff logins); PROV_ID links a user to their provider record.';

------------------------------------------------------------------------
-- Master files: procedures, diagnoses, medications, results, flowsheets
------------------------------------------------------------------------

CREATE TABLE ehr.MF_PXC (
    PROC_ID bigint PRIMARY KEY,
    PROC_CODE varchar(20),
    PROC_NAME varchar(254) NOT NULL,
    ORDER_TYPE_C integer REFERENCES ehr.CT_ORD_TYPE (ORDER_TYPE_C),
    PROC_CAT_NAME varchar(100),
    DFLT_UB_REV_CODE_ID bigint REFERENCES ehr.MF_RVC (UB_REV_CODE_ID),
    ORDERABLE_YN char(1),
    ACTIVE_YN char(1)
);
COMMENT ON TABLE ehr.MF_PXC IS 'Procedure master: every orderable and chargeable procedure, with its CPT or HCPCS code.';

CREATE TABLE ehr.MF_DXG (
    DX_ID bigint PRIMARY KEY,
    DX_NAME varchar(254) NOT NULL,
    DX_GROUP varchar(100),
    CHRONIC_YN char(1),
    RECORD_STATE varchar(20)
);
COMMENT ON TABLE ehr.MF_DXG IS 'Diagnosis master: the diagnoses clinicians choose from, each mapped to ICD codes in MF_DXG_ICD.';

CREATE TABLE ehr.MF_DXG_ICD (
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    LINE integer,
    CODE varchar(10) NOT NULL,
    CODE_SET varchar(20),
    PRIMARY KEY (DX_ID, LINE)
);

CREATE TABLE ehr.MF_IPX (
    ICD_PX_ID bigint PRIMARY KEY,
    ICD_PX_CODE varchar(10) NOT NULL,
    ICD_PX_NAME varchar(254),
    CODE_SET varchar(20)
);

CREATE TABLE ehr.MF_DRG (
    DRG_ID bigint PRIMARY KEY,
    DRG_NUMBER varchar(5) NOT NULL,
    DRG_NAME varchar(254) NOT NULL,
    DRG_TYPE varchar(20),
    MDC_CODE varchar(3),
    RELATIVE_WEIGHT numeric(8,4),
    GMLOS numeric(5,1)
);
COMMENT ON COLUMN ehr.MF_DRG.GMLOS IS 'Geometric mean length of stay, days';

CREATE TABLE ehr.MF_RXM (
    MEDICATION_ID bigint PRIMARY KEY,
    MED_NAME varchar(254) NOT NULL,
    GENERIC_NAME varchar(254),
    STRENGTH varchar(50),
    FORM varchar(50),
    THERA_CLASS_C integer REFERENCES ehr.CT_THERA_CLASS (THERA_CLASS_C),
    PHARM_CLASS_NAME varchar(100),
    CONTROLLED_MED_YN char(1),
    DEA_CLASS_CODE varchar(5)
);
COMMENT ON TABLE ehr.MF_RXM IS 'Medication master: orderable medications with strength, form and therapeutic class.';

CREATE TABLE ehr.MF_LRC (
    COMPONENT_ID bigint PRIMARY KEY,
    COMPONENT_NAME varchar(200) NOT NULL,
    BASE_NAME varchar(30),
    COMMON_NAME varchar(100),
    LOINC_CODE varchar(10),
    DFLT_UNITS varchar(30)
);
COMMENT ON TABLE ehr.MF_LRC IS 'Result components: the individual values a lab test reports (a panel has several).';

CREATE TABLE ehr.MF_FLR (
    FLO_MEAS_ID varchar(18) PRIMARY KEY,
    FLO_MEAS_NAME varchar(200) NOT NULL,
    DISP_NAME varchar(100),
    VAL_TYPE varchar(30),
    UNITS varchar(20)
);
COMMENT ON TABLE ehr.MF_FLR IS 'Flowsheet rows: the definition of each charted measurement (vital signs, assessments, scores).';

CREATE TABLE ehr.MF_PYR (
    PAYOR_ID bigint PRIMARY KEY,
    PAYOR_NAME varchar(200) NOT NULL,
    FIN_CLASS_C integer REFERENCES ehr.CT_FIN_CLASS (FIN_CLASS_C),
    PAYER_CODE varchar(20),
    ACTIVE_YN char(1)
);

CREATE TABLE ehr.MF_BPL (
    BENEFIT_PLAN_ID bigint PRIMARY KEY,
    BENEFIT_PLAN_NAME varchar(200) NOT NULL,
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    PRODUCT_TYPE varchar(40),
    ACTIVE_YN char(1)
);
COMMENT ON TABLE ehr.MF_BPL IS 'Benefit plans offered by each payer.';

CREATE TABLE ehr.MF_IMX (
    IMMUNZATN_ID bigint PRIMARY KEY,
    IMM_NAME varchar(254) NOT NULL,
    VACCINE_GROUP varchar(60),
    CVX_CODE varchar(4)
);

CREATE TABLE ehr.MF_ALX (
    ALLERGEN_ID bigint PRIMARY KEY,
    ALLERGEN_NAME varchar(254) NOT NULL,
    ALLERGEN_TYPE_C integer REFERENCES ehr.CT_ALRG_TYPE (ALLERGEN_TYPE_C)
);

CREATE TABLE ehr.MF_SPX (
    OR_PROC_ID bigint PRIMARY KEY,
    OR_PROC_NAME varchar(254) NOT NULL,
    CPT_CODE varchar(5),
    OR_SERVICE_C integer REFERENCES ehr.CT_OR_SVC (OR_SERVICE_C),
    EXPECTED_MINUTES integer
);
COMMENT ON TABLE ehr.MF_SPX IS 'Surgical procedures that can be scheduled in the operating rooms.';

CREATE TABLE ehr.MF_VTP (
    PRC_ID bigint PRIMARY KEY,
    PRC_NAME varchar(100) NOT NULL,
    DFLT_LENGTH_MIN integer,
    VIDEO_VISIT_YN char(1)
);
COMMENT ON TABLE ehr.MF_VTP IS 'Visit types that appointments are scheduled with.';

------------------------------------------------------------------------
-- Patients and coverage
------------------------------------------------------------------------

CREATE TABLE ehr.PAT (
    PAT_ID varchar(18) PRIMARY KEY,
    PAT_MRN_ID varchar(25) NOT NULL,
    PAT_NAME varchar(200) NOT NULL,
    PAT_FIRST_NAME varchar(100),
    PAT_LAST_NAME varchar(100),
    BIRTH_DATE date,
    SEX_C integer REFERENCES ehr.CT_SEX (SEX_C),
    ETHNIC_GROUP_C integer REFERENCES ehr.CT_ETHNIC_GRP (ETHNIC_GROUP_C),
    LANGUAGE_C integer REFERENCES ehr.CT_LANG (LANGUAGE_C),
    INTRPTR_NEEDED_YN char(1),
    MARITAL_STATUS_C integer REFERENCES ehr.CT_MARITAL_STAT (MARITAL_STATUS_C),
    PAT_STATUS_C integer REFERENCES ehr.CT_PAT_STAT (PAT_STATUS_C),
    DEATH_DATE date,
    CUR_PCP_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    CUR_PRIM_LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    ADD_LINE_1 varchar(200),
    CITY varchar(100),
    STATE_C integer REFERENCES ehr.CT_STATE (STATE_C),
    ZIP varchar(10),
    HOME_PHONE varchar(20),
    EMAIL_ADDRESS varchar(200),
    REC_CREATE_DTTM timestamp
);
COMMENT ON TABLE ehr.PAT IS 'One row per patient. PAT_ID is the internal id every other table uses; PAT_MRN_ID is the medical record number on wristbands and reports.';
COMMENT ON COLUMN ehr.PAT.CUR_PCP_PROV_ID IS 'Current primary care provider';

CREATE TABLE ehr.PAT_RACE (
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    LINE integer,
    PATIENT_RACE_C integer REFERENCES ehr.CT_RACE (RACE_C),
    PRIMARY KEY (PAT_ID, LINE)
);

CREATE TABLE ehr.PAT_IDENT (
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    LINE integer,
    IDENTITY_ID varchar(50) NOT NULL,
    IDENTITY_TYPE varchar(40) NOT NULL,
    PRIMARY KEY (PAT_ID, LINE)
);
COMMENT ON TABLE ehr.PAT_IDENT IS 'Other identifiers of a patient: enterprise ids, legacy and merged-record numbers, outside-system ids.';

CREATE TABLE ehr."PAT_HX" (
    PAT_ID varchar(18),
    CHANGE_DTTM timestamp,
    PAT_MRN_ID varchar(25),
    PAT_NAME varchar(200),
    BIRTH_DATE date,
    SEX_C integer,
    PAT_STATUS_C integer,
    CUR_PCP_PROV_ID varchar(18),
    ADD_LINE_1 varchar(200),
    CITY varchar(100),
    STATE_C integer,
    ZIP varchar(10),
    CHANGE_USER_ID varchar(18),
    PRIMARY KEY (PAT_ID, CHANGE_DTTM)
);

CREATE TABLE ehr.PAT_CARE_TM (
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    LINE integer,
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    TEAM_ROLE_C integer REFERENCES ehr.CT_TEAM_ROLE (TEAM_ROLE_C),
    SPECIALTY_C integer REFERENCES ehr.CT_SPECIALTY (SPECIALTY_C),
    EFF_DATE date,
    TERM_DATE date,
    PRIMARY KEY (PAT_ID, LINE)
);
COMMENT ON TABLE ehr.PAT_CARE_TM IS 'Longitudinal care team of a patient: PCP, specialists and coordinators, with effective dates.';

CREATE TABLE ehr.PATPORTAL (
    PAT_ID varchar(18) PRIMARY KEY REFERENCES ehr.PAT (PAT_ID),
    PORTAL_STATUS_C integer REFERENCES ehr.CT_PORTAL_STAT (PORTAL_STATUS_C),
    ACTIVATION_DATE date,
    LAST_LOGIN_DTTM timestamp,
    PROXY_ACCESS_YN char(1)
);

CREATE TABLE ehr.CVG (
    COVERAGE_ID bigint PRIMARY KEY,
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    PLAN_ID bigint REFERENCES ehr.MF_BPL (BENEFIT_PLAN_ID),
    CVG_TYPE varchar(30),
    GROUP_NUM varchar(30),
    GROUP_NAME varchar(100),
    SUBSCR_NUM varchar(30),
    SUBSCR_NAME varchar(200),
    CVG_EFF_DT date,
    CVG_TERM_DT date
);
COMMENT ON TABLE ehr.CVG IS 'Coverage: an insurance policy (payer, plan, group and subscriber) that one or more patients are members of.';

CREATE TABLE ehr.CVG_MEM (
    COVERAGE_ID bigint REFERENCES ehr.CVG (COVERAGE_ID),
    LINE integer,
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    MEM_REL_C integer REFERENCES ehr.CT_REL_TO_PAT (MEM_REL_C),
    MEM_NUMBER varchar(30),
    MEM_EFF_FROM_DATE date,
    MEM_EFF_TO_DATE date,
    PRIMARY KEY (COVERAGE_ID, LINE)
);

CREATE TABLE ehr.PAT_CVG_ORD (
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    LINE integer,
    COVERAGE_ID bigint REFERENCES ehr.CVG (COVERAGE_ID),
    PRIMARY KEY (PAT_ID, LINE)
);
COMMENT ON COLUMN ehr.PAT_CVG_ORD.LINE IS 'Filing order: 1 = primary coverage, 2 = secondary, 3 = tertiary';

------------------------------------------------------------------------
-- Contacts, hospital stays, ADT, scheduling, referrals
------------------------------------------------------------------------

CREATE TABLE ehr.ENC (
    PAT_CSN bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    CONTACT_DATE date NOT NULL,
    ENC_TYPE_C integer REFERENCES ehr.CT_ENC_TYPE (ENC_TYPE_C),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    VISIT_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    PCP_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    HAR_ID bigint,
    ENC_CLOSED_YN char(1),
    ENC_CLOSE_DTTM timestamp,
    BP_SYSTOLIC integer,
    BP_DIASTOLIC integer,
    WEIGHT_OZ numeric(8,2),
    COPAY_DUE numeric(12,2)
);
COMMENT ON TABLE ehr.ENC IS 'Patient contacts: one row per contact serial number (CSN), for office visits, hospital stays, calls, messages and other contacts.';
COMMENT ON COLUMN ehr.ENC.PAT_CSN IS 'Contact serial number: the unique id of a patient contact';

CREATE TABLE ehr.ENC_DX (
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    LINE integer,
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    PRIMARY_DX_YN char(1),
    DX_CHRONIC_YN char(1),
    ANNOTATION varchar(254),
    PRIMARY KEY (PAT_CSN, LINE)
);

CREATE TABLE ehr.ENC_TRT_TM (
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    LINE integer,
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    TEAM_ROLE_C integer REFERENCES ehr.CT_TEAM_ROLE (TEAM_ROLE_C),
    TRTMNT_TM_BEGIN_DTTM timestamp,
    TRTMNT_TM_END_DTTM timestamp,
    PRIMARY KEY (PAT_CSN, LINE)
);

CREATE TABLE ehr.ED_EVT (
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    LINE integer,
    ED_EVENT_C integer REFERENCES ehr.CT_ED_EVENT (ED_EVENT_C),
    EVENT_DTTM timestamp NOT NULL,
    EVENT_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    EVENT_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    PRIMARY KEY (PAT_CSN, LINE)
);

CREATE TABLE ehr.RFL (
    REFERRAL_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    ENTRY_DATE date NOT NULL,
    START_DATE date,
    EXP_DATE date,
    RFL_STATUS_C integer REFERENCES ehr.CT_RFL_STAT (RFL_STATUS_C),
    RFL_TYPE_C integer REFERENCES ehr.CT_RFL_TYPE (RFL_TYPE_C),
    REFERRING_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    REFERRAL_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    REFD_BY_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    REFD_TO_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    REFD_TO_SPEC_C integer REFERENCES ehr.CT_SPECIALTY (SPECIALTY_C),
    COVERAGE_ID bigint REFERENCES ehr.CVG (COVERAGE_ID),
    AUTH_NUM varchar(30),
    NUM_VIS_AUTH integer,
    RSN_FOR_RFL varchar(254)
);
COMMENT ON TABLE ehr.RFL IS 'Referrals, with the referring and referred-to provider, department and specialty, status and authorization.';
COMMENT ON COLUMN ehr.RFL.REFERRAL_PROV_ID IS 'Provider the patient is referred to';
COMMENT ON COLUMN ehr.RFL.REFD_TO_SPEC_C IS 'Specialty the patient is referred to';

CREATE TABLE ehr.RFL_DX (
    REFERRAL_ID bigint REFERENCES ehr.RFL (REFERRAL_ID),
    LINE integer,
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    PRIMARY KEY (REFERRAL_ID, LINE)
);

CREATE TABLE ehr.SCH_APPT (
    PAT_CSN bigint PRIMARY KEY REFERENCES ehr.ENC (PAT_CSN),
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    APPT_DTTM timestamp NOT NULL,
    APPT_LENGTH_MIN integer,
    APPT_STATUS_C integer REFERENCES ehr.CT_APPT_STAT (APPT_STATUS_C),
    PRC_ID bigint REFERENCES ehr.MF_VTP (PRC_ID),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    REFERRAL_ID bigint REFERENCES ehr.RFL (REFERRAL_ID),
    APPT_MADE_DTTM timestamp,
    APPT_MADE_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    CANCEL_REASON_C integer REFERENCES ehr.CT_CANCEL_RSN (CANCEL_REASON_C),
    APPT_CANC_DTTM timestamp,
    CHECKIN_DTTM timestamp,
    CHECKOUT_DTTM timestamp,
    SAME_DAY_YN char(1),
    OVERBOOK_YN char(1)
);
COMMENT ON TABLE ehr.SCH_APPT IS 'Scheduled appointments, one row per appointment contact, with status, visit type and check-in times.';

------------------------------------------------------------------------
-- Hospital billing
------------------------------------------------------------------------

CREATE TABLE ehr.HAR (
    HAR_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PRIM_ENC_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    ACCT_BASECLS_C integer REFERENCES ehr.CT_ACCT_BASECLS (ACCT_BASECLS_C),
    ACCT_FIN_CLASS_C integer REFERENCES ehr.CT_FIN_CLASS (FIN_CLASS_C),
    ACCT_BILLSTS_C integer REFERENCES ehr.CT_BILL_STAT (ACCT_BILLSTS_C),
    PRIMARY_PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    PRIMARY_PLAN_ID bigint REFERENCES ehr.MF_BPL (BENEFIT_PLAN_ID),
    LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    DISCH_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    ATTENDING_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    ADM_DATE_TIME timestamp,
    DISCH_DATE_TIME timestamp,
    FINAL_DRG_ID bigint REFERENCES ehr.MF_DRG (DRG_ID),
    CODING_STATUS varchar(30),
    FIRST_BILLED_DATE date,
    TOT_CHGS numeric(14,2),
    TOT_PMTS numeric(14,2),
    TOT_ADJ numeric(14,2),
    TOT_ACCT_BAL numeric(14,2)
);
COMMENT ON TABLE ehr.HAR IS 'Hospital accounts: the billing record of a hospital stay or of recurring outpatient visits, with totals, primary payer and final DRG.';
COMMENT ON COLUMN ehr.HAR.ACCT_BASECLS_C IS 'Base class: inpatient, outpatient or emergency';

ALTER TABLE ehr.ENC ADD FOREIGN KEY (HAR_ID) REFERENCES ehr.HAR (HAR_ID);

CREATE TABLE ehr.ENC_HSP (
    PAT_CSN bigint PRIMARY KEY REFERENCES ehr.ENC (PAT_CSN),
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    HAR_ID bigint REFERENCES ehr.HAR (HAR_ID),
    ADT_PAT_CLASS_C integer REFERENCES ehr.CT_PAT_CLASS (PAT_CLASS_C),
    ADMIT_SOURCE_C integer REFERENCES ehr.CT_ADM_SRC (ADMIT_SOURCE_C),
    ACUITY_LEVEL_C integer REFERENCES ehr.CT_ACUITY (ACUITY_LEVEL_C),
    ED_ARRIVAL_DTTM timestamp,
    ED_DEPARTURE_DTTM timestamp,
    HOSP_ADMSN_DTTM timestamp,
    INP_ADM_DTTM timestamp,
    HOSP_DISCH_DTTM timestamp,
    DISCH_DISP_C integer REFERENCES ehr.CT_DISCH_DISP (DISCH_DISP_C),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    ADMISSION_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    DISCHARGE_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    EXP_DISCH_DATE date
);
COMMENT ON TABLE ehr.ENC_HSP IS 'Hospital contact detail: emergency, observation, inpatient and day-surgery stays, one row per hospital contact.';
COMMENT ON COLUMN ehr.ENC_HSP.DEPARTMENT_ID IS 'Unit the patient was last in (the discharge unit)';
COMMENT ON COLUMN ehr.ENC_HSP.INP_ADM_DTTM IS 'When the patient class became inpatient';

CREATE TABLE ehr.ADT_EVT (
    EVENT_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    EVENT_TYPE_C integer REFERENCES ehr.CT_ADT_EVENT (EVENT_TYPE_C),
    EVENT_SUBTYPE varchar(20),
    EFFECTIVE_DTTM timestamp NOT NULL,
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    ROOM_ID varchar(18) REFERENCES ehr.MF_RMM (ROOM_ID),
    BED_ID varchar(18) REFERENCES ehr.MF_BED (BED_ID),
    PAT_CLASS_C integer REFERENCES ehr.CT_PAT_CLASS (PAT_CLASS_C),
    XFER_IN_EVENT_ID bigint REFERENCES ehr.ADT_EVT (EVENT_ID),
    USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID)
);
COMMENT ON TABLE ehr.ADT_EVT IS 'ADT events: admissions, transfers, discharges and census events of patients in beds.';
COMMENT ON COLUMN ehr.ADT_EVT.EVENT_SUBTYPE IS 'Original, Update or Canceled; canceled events are kept';

CREATE TABLE ehr.CENSUS_MN (
    CENSUS_DATE date,
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    BED_ID varchar(18) REFERENCES ehr.MF_BED (BED_ID),
    PAT_CLASS_C integer REFERENCES ehr.CT_PAT_CLASS (PAT_CLASS_C),
    PRIMARY KEY (CENSUS_DATE, PAT_CSN)
);

CREATE TABLE ehr.HAR_DX (
    HAR_ID bigint REFERENCES ehr.HAR (HAR_ID),
    LINE integer,
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    POA_C integer REFERENCES ehr.CT_POA (POA_C),
    PRIMARY KEY (HAR_ID, LINE)
);
COMMENT ON TABLE ehr.HAR_DX IS 'Final coded diagnoses of a hospital account; LINE 1 is the principal diagnosis.';

CREATE TABLE ehr.HAR_PX (
    HAR_ID bigint REFERENCES ehr.HAR (HAR_ID),
    LINE integer,
    ICD_PX_ID bigint REFERENCES ehr.MF_IPX (ICD_PX_ID),
    PROC_DATE date,
    PROC_PERF_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    PRIMARY KEY (HAR_ID, LINE)
);

CREATE TABLE ehr.HAR_CVG (
    HAR_ID bigint REFERENCES ehr.HAR (HAR_ID),
    LINE integer,
    COVERAGE_ID bigint REFERENCES ehr.CVG (COVERAGE_ID),
    PRIMARY KEY (HAR_ID, LINE)
);

CREATE TABLE ehr.HTR (
    TX_ID bigint PRIMARY KEY,
    HAR_ID bigint NOT NULL REFERENCES ehr.HAR (HAR_ID),
    TX_TYPE_C integer REFERENCES ehr.CT_TX_TYPE (TX_TYPE_C),
    SERVICE_DATE date,
    POST_DATE date,
    PROC_ID bigint REFERENCES ehr.MF_PXC (PROC_ID),
    UB_REV_CODE_ID bigint REFERENCES ehr.MF_RVC (UB_REV_CODE_ID),
    QUANTITY integer,
    TX_AMOUNT numeric(14,2),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    COST_CNTR_ID bigint REFERENCES ehr.MF_CCT (COST_CNTR_ID),
    BILLING_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    REVERSAL_TX_ID bigint REFERENCES ehr.HTR (TX_ID)
);
COMMENT ON TABLE ehr.HTR IS 'Hospital billing transactions: charges, payments and adjustments posted to hospital accounts.';

CREATE TABLE ehr."HTR_AUD" (
    TX_ID bigint,
    AUDIT_DTTM timestamp,
    AUDIT_ACTION varchar(20),
    HAR_ID bigint,
    TX_TYPE_C integer,
    SERVICE_DATE date,
    POST_DATE date,
    PROC_ID bigint,
    UB_REV_CODE_ID bigint,
    TX_AMOUNT numeric(14,2),
    AUDIT_USER_ID varchar(18),
    PRIMARY KEY (TX_ID, AUDIT_DTTM)
);

CREATE TABLE ehr.PTR (
    TX_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    TX_TYPE_C integer REFERENCES ehr.CT_TX_TYPE (TX_TYPE_C),
    SERVICE_DATE date,
    POST_DATE date,
    PROC_ID bigint REFERENCES ehr.MF_PXC (PROC_ID),
    MODIFIER_ONE varchar(2),
    PROC_QTY integer,
    AMOUNT numeric(14,2),
    BILLING_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    DEPARTMENT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    PRIMARY_DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID)
);
COMMENT ON TABLE ehr.PTR IS 'Professional billing transactions: physician and clinic fee charges, payments and adjustments.';

CREATE TABLE ehr.CLM (
    CLAIM_ID bigint PRIMARY KEY,
    HAR_ID bigint REFERENCES ehr.HAR (HAR_ID),
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    BENEFIT_PLAN_ID bigint REFERENCES ehr.MF_BPL (BENEFIT_PLAN_ID),
    COVERAGE_ID bigint REFERENCES ehr.CVG (COVERAGE_ID),
    CLM_STAT_C integer REFERENCES ehr.CT_CLM_STAT (CLM_STAT_C),
    CLAIM_FORM varchar(10),
    CLAIM_FREQ_CODE varchar(1),
    SUBMIT_DATE date,
    TOTAL_CHARGES numeric(14,2),
    EXPECTED_REIMB numeric(14,2)
);
COMMENT ON TABLE ehr.CLM IS 'Claims sent to payers for hospital accounts.';

CREATE TABLE ehr.CLM_LN (
    CLAIM_ID bigint REFERENCES ehr.CLM (CLAIM_ID),
    LINE integer,
    UB_REV_CODE_ID bigint REFERENCES ehr.MF_RVC (UB_REV_CODE_ID),
    PROC_CODE varchar(20),
    SERVICE_DATE date,
    LN_UNITS integer,
    LN_CHG_AMT numeric(14,2),
    PRIMARY KEY (CLAIM_ID, LINE)
);

CREATE TABLE ehr.RMT (
    IMAGE_ID bigint PRIMARY KEY,
    CLAIM_ID bigint REFERENCES ehr.CLM (CLAIM_ID),
    PAYOR_ID bigint REFERENCES ehr.MF_PYR (PAYOR_ID),
    PAYMENT_DATE date,
    CHECK_EFT_NUM varchar(30),
    CLP_STATUS_CODE varchar(2),
    BILLED_AMT numeric(14,2),
    PAID_AMT numeric(14,2),
    PAT_RESP_AMT numeric(14,2)
);
COMMENT ON TABLE ehr.RMT IS 'Electronic remittance advice (835) received from payers, one image per claim paid or denied.';
COMMENT ON COLUMN ehr.RMT.CLP_STATUS_CODE IS '1 processed as primary, 2 as secondary, 4 denied, 22 reversal';

CREATE TABLE ehr.RMT_ADJ (
    IMAGE_ID bigint REFERENCES ehr.RMT (IMAGE_ID),
    LINE integer,
    CAS_GROUP_CODE varchar(2),
    DENIAL_RSN_C integer REFERENCES ehr.CT_DENIAL_RSN (DENIAL_RSN_C),
    ADJ_AMT numeric(14,2),
    ADJ_QTY integer,
    PRIMARY KEY (IMAGE_ID, LINE)
);
COMMENT ON COLUMN ehr.RMT_ADJ.CAS_GROUP_CODE IS 'CO contractual obligation, PR patient responsibility, OA other adjustment, PI payer initiated';

------------------------------------------------------------------------
-- Orders, results, medications, flowsheets
------------------------------------------------------------------------

CREATE TABLE ehr.ORD_PX (
    ORDER_PROC_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    PROC_ID bigint REFERENCES ehr.MF_PXC (PROC_ID),
    ORDER_TYPE_C integer REFERENCES ehr.CT_ORD_TYPE (ORDER_TYPE_C),
    ORDER_STATUS_C integer REFERENCES ehr.CT_ORD_STAT (ORDER_STATUS_C),
    ORDER_PRIORITY_C integer REFERENCES ehr.CT_ORD_PRIORITY (ORDER_PRIORITY_C),
    AUTHRZING_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    ORD_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    ORDERING_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    ORDERING_DTTM timestamp,
    RESULT_DTTM timestamp,
    ABNORMAL_YN char(1)
);
COMMENT ON TABLE ehr.ORD_PX IS 'Procedure orders: lab tests, imaging, referrals to ancillary services and other non-medication orders.';
COMMENT ON COLUMN ehr.ORD_PX.AUTHRZING_PROV_ID IS 'Authorizing (ordering) provider';

CREATE TABLE ehr.ORD_RSLT (
    ORDER_PROC_ID bigint REFERENCES ehr.ORD_PX (ORDER_PROC_ID),
    LINE integer,
    COMPONENT_ID bigint REFERENCES ehr.MF_LRC (COMPONENT_ID),
    ORD_VALUE varchar(254),
    ORD_NUM_VALUE numeric(18,4),
    REFERENCE_LOW varchar(30),
    REFERENCE_HIGH varchar(30),
    REFERENCE_UNIT varchar(30),
    RESULT_FLAG_C integer REFERENCES ehr.CT_RSLT_FLAG (RESULT_FLAG_C),
    RESULT_STATUS_C integer REFERENCES ehr.CT_RSLT_STAT (RESULT_STATUS_C),
    RESULT_DTTM timestamp,
    PRIMARY KEY (ORDER_PROC_ID, LINE)
);
COMMENT ON TABLE ehr.ORD_RSLT IS 'Result components of procedure orders, one line per component resulted.';
COMMENT ON COLUMN ehr.ORD_RSLT.ORD_NUM_VALUE IS 'Numeric result value; 9999999 when the result is not a number';

CREATE TABLE ehr.ORD_DX (
    ORDER_PROC_ID bigint REFERENCES ehr.ORD_PX (ORDER_PROC_ID),
    LINE integer,
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    PRIMARY KEY (ORDER_PROC_ID, LINE)
);

CREATE TABLE ehr.ORD_SPCM (
    SPECIMEN_ID varchar(20) PRIMARY KEY,
    ORDER_PROC_ID bigint REFERENCES ehr.ORD_PX (ORDER_PROC_ID),
    SPECIMEN_TYPE_C integer REFERENCES ehr.CT_SPEC_TYPE (SPECIMEN_TYPE_C),
    COLLECTED_DTTM timestamp,
    RECEIVED_DTTM timestamp,
    COLLECTOR_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID)
);

CREATE TABLE ehr.ORD_STAT_HX (
    ORDER_PROC_ID bigint REFERENCES ehr.ORD_PX (ORDER_PROC_ID),
    LINE integer,
    ORDER_STATUS_C integer REFERENCES ehr.CT_ORD_STAT (ORDER_STATUS_C),
    STATUS_CHNG_DTTM timestamp,
    CHNG_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    PRIMARY KEY (ORDER_PROC_ID, LINE)
);

CREATE TABLE ehr.ORD_RX (
    ORDER_MED_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    MEDICATION_ID bigint REFERENCES ehr.MF_RXM (MEDICATION_ID),
    ORD_PROV_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    ORDER_STATUS_C integer REFERENCES ehr.CT_ORD_STAT (ORDER_STATUS_C),
    MED_ROUTE_C integer REFERENCES ehr.CT_MED_ROUTE (MED_ROUTE_C),
    ORDER_CLASS varchar(30),
    HV_DISCRETE_DOSE varchar(50),
    DOSE_UNIT varchar(30),
    FREQ_NAME varchar(50),
    ORDERING_DTTM timestamp,
    START_DTTM timestamp,
    END_DTTM timestamp,
    DISCON_DTTM timestamp,
    DISP_QTY numeric(10,2),
    REFILLS integer
);
COMMENT ON TABLE ehr.ORD_RX IS 'Medication orders: inpatient orders and outpatient prescriptions.';

CREATE TABLE ehr.MAR_ADM (
    ORDER_MED_ID bigint REFERENCES ehr.ORD_RX (ORDER_MED_ID),
    LINE integer,
    TAKEN_DTTM timestamp NOT NULL,
    MAR_ACTION_C integer REFERENCES ehr.CT_MAR_ACTION (MAR_ACTION_C),
    ADMIN_DOSE varchar(50),
    DOSE_UNIT varchar(30),
    ROUTE_C integer REFERENCES ehr.CT_MED_ROUTE (MED_ROUTE_C),
    ADMIN_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    MAR_DEPT_ID bigint REFERENCES ehr.MF_DEP (DEPARTMENT_ID),
    REASON_TEXT varchar(254),
    PRIMARY KEY (ORDER_MED_ID, LINE)
);
COMMENT ON TABLE ehr.MAR_ADM IS 'Medication administration record lines of a medication order.';

CREATE TABLE ehr.FLO_REC (
    FSD_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    RECORD_DATE date
);
COMMENT ON TABLE ehr.FLO_REC IS 'Flowsheet records: one per patient contact, holding the measurements nurses and clinicians chart.';

CREATE TABLE ehr.FLO_MEAS (
    FSD_ID bigint REFERENCES ehr.FLO_REC (FSD_ID),
    LINE integer,
    FLO_MEAS_ID varchar(18) REFERENCES ehr.MF_FLR (FLO_MEAS_ID),
    RECORDED_DTTM timestamp NOT NULL,
    MEAS_VALUE varchar(254),
    ENTRY_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    PRIMARY KEY (FSD_ID, LINE)
);
COMMENT ON COLUMN ehr.FLO_MEAS.MEAS_VALUE IS 'Charted value as text; a blood pressure is systolic/diastolic (128/84)';

------------------------------------------------------------------------
-- Problems, allergies, immunizations, notes
------------------------------------------------------------------------

CREATE TABLE ehr.PRB_LST (
    PROBLEM_LIST_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    DX_ID bigint REFERENCES ehr.MF_DXG (DX_ID),
    DESCRIPTION varchar(254),
    NOTED_DATE date,
    RESOLVED_DATE date,
    PROBLEM_STATUS_C integer REFERENCES ehr.CT_PRB_STAT (PROBLEM_STATUS_C),
    CHRONIC_YN char(1),
    HOSPITAL_PL_YN char(1),
    ENTRY_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID)
);
COMMENT ON TABLE ehr.PRB_LST IS 'Problem list entries of patients, each pointing to a diagnosis.';

CREATE TABLE ehr.PRB_LST_HX (
    PROBLEM_LIST_ID bigint REFERENCES ehr.PRB_LST (PROBLEM_LIST_ID),
    LINE integer,
    PAT_ID varchar(18),
    DX_ID bigint,
    PROBLEM_STATUS_C integer,
    HX_DATE_OF_ENTRY timestamp,
    HX_USER_ID varchar(18),
    PRIMARY KEY (PROBLEM_LIST_ID, LINE)
);

CREATE TABLE ehr.ALG (
    ALLERGY_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    ALLERGEN_ID bigint REFERENCES ehr.MF_ALX (ALLERGEN_ID),
    SEVERITY_C integer REFERENCES ehr.CT_ALRG_SEV (ALLERGY_SEVERITY_C),
    ALRGY_STATUS varchar(20),
    DATE_NOTED date,
    ENTRY_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    ALRGY_COMMENT varchar(254)
);
COMMENT ON TABLE ehr.ALG IS 'Allergies documented for patients.';

CREATE TABLE ehr.ALG_RXN (
    ALLERGY_ID bigint REFERENCES ehr.ALG (ALLERGY_ID),
    LINE integer,
    REACTION_C integer REFERENCES ehr.CT_ALRG_RXN (REACTION_C),
    PRIMARY KEY (ALLERGY_ID, LINE)
);

CREATE TABLE ehr.IMM (
    IMMUNE_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    IMMUNZATN_ID bigint REFERENCES ehr.MF_IMX (IMMUNZATN_ID),
    IMMUNE_DATE date,
    IMM_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    IMMNZTN_STATUS_C integer REFERENCES ehr.CT_IMM_STAT (IMMNZTN_STATUS_C),
    DOSE varchar(30),
    ROUTE_C integer REFERENCES ehr.CT_MED_ROUTE (MED_ROUTE_C),
    SITE varchar(40),
    LOT varchar(30),
    MFG_NAME varchar(100),
    GIVEN_BY_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    EXTERNAL_ADMIN_YN char(1)
);
COMMENT ON COLUMN ehr.IMM.IMM_CSN IS 'Contact in which the immunization was given or recorded';

CREATE TABLE ehr.NOTE_META (
    NOTE_ID varchar(20) PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    NOTE_TYPE_C integer REFERENCES ehr.CT_NOTE_TYPE (NOTE_TYPE_C),
    NOTE_STATUS_C integer REFERENCES ehr.CT_NOTE_STAT (NOTE_STATUS_C),
    AUTHOR_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    COSIGN_USER_ID varchar(18) REFERENCES ehr.MF_EMP (USER_ID),
    AUTHOR_SERVICE_C integer REFERENCES ehr.CT_SPECIALTY (SPECIALTY_C),
    CREATE_DTTM timestamp,
    SIGNED_DTTM timestamp
);
COMMENT ON TABLE ehr.NOTE_META IS 'Clinical notes: type, author, status and signing times (the text is in NOTE_TXT).';

CREATE TABLE ehr.NOTE_TXT (
    NOTE_ID varchar(20) REFERENCES ehr.NOTE_META (NOTE_ID),
    LINE integer,
    NOTE_TEXT varchar(4000),
    PRIMARY KEY (NOTE_ID, LINE)
);

------------------------------------------------------------------------
-- Surgery
------------------------------------------------------------------------

CREATE TABLE ehr.SRG_CASE (
    OR_CASE_ID bigint PRIMARY KEY,
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    SURGERY_DATE date,
    SCHED_START_DTTM timestamp,
    TOTAL_TIME_NEEDED integer,
    SCHED_STATUS_C integer REFERENCES ehr.CT_CASE_STAT (SCHED_STATUS_C),
    CASE_CLASS_C integer REFERENCES ehr.CT_CASE_CLASS (CASE_CLASS_C),
    OR_SERVICE_C integer REFERENCES ehr.CT_OR_SVC (OR_SERVICE_C),
    PRIMARY_SURGEON_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    ROOM_ID varchar(18) REFERENCES ehr.MF_RMM (ROOM_ID),
    LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    OR_CANCEL_RSN_C integer REFERENCES ehr.CT_OR_CANC_RSN (OR_CANCEL_RSN_C),
    CANCEL_DTTM timestamp,
    REQUEST_DTTM timestamp
);
COMMENT ON TABLE ehr.SRG_CASE IS 'Surgical case requests as scheduled; when the surgery is performed a log is filed in SRG_LOG.';

CREATE TABLE ehr.SRG_CASE_PX (
    OR_CASE_ID bigint REFERENCES ehr.SRG_CASE (OR_CASE_ID),
    LINE integer,
    OR_PROC_ID bigint REFERENCES ehr.MF_SPX (OR_PROC_ID),
    LATERALITY varchar(20),
    PANEL_NUM integer,
    PRIMARY KEY (OR_CASE_ID, LINE)
);

CREATE TABLE ehr.SRG_LOG (
    LOG_ID bigint PRIMARY KEY,
    OR_CASE_ID bigint REFERENCES ehr.SRG_CASE (OR_CASE_ID),
    PAT_ID varchar(18) NOT NULL REFERENCES ehr.PAT (PAT_ID),
    PAT_CSN bigint REFERENCES ehr.ENC (PAT_CSN),
    SURGERY_DATE date NOT NULL,
    ROOM_ID varchar(18) REFERENCES ehr.MF_RMM (ROOM_ID),
    LOC_ID bigint REFERENCES ehr.MF_LOC (LOC_ID),
    OR_SERVICE_C integer REFERENCES ehr.CT_OR_SVC (OR_SERVICE_C),
    PRIMARY_SURGEON_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    CASE_CLASS_C integer REFERENCES ehr.CT_CASE_CLASS (CASE_CLASS_C),
    ASA_RATING_C integer REFERENCES ehr.CT_ASA (ASA_RATING_C),
    LOG_STATUS varchar(20),
    NUM_OF_PANELS integer
);
COMMENT ON TABLE ehr.SRG_LOG IS 'Surgical logs: the documented record of a performed surgery.';

CREATE TABLE ehr.SRG_LOG_TM (
    LOG_ID bigint REFERENCES ehr.SRG_LOG (LOG_ID),
    LINE integer,
    TRACKING_EVENT_C integer REFERENCES ehr.CT_OR_EVENT (TRACKING_EVENT_C),
    TRACKING_DTTM timestamp NOT NULL,
    PRIMARY KEY (LOG_ID, LINE)
);

CREATE TABLE ehr.SRG_LOG_STF (
    LOG_ID bigint REFERENCES ehr.SRG_LOG (LOG_ID),
    LINE integer,
    STAFF_ID varchar(18) REFERENCES ehr.MF_PRV (PROV_ID),
    OR_ROLE_C integer REFERENCES ehr.CT_OR_ROLE (OR_ROLE_C),
    START_DTTM timestamp,
    END_DTTM timestamp,
    PRIMARY KEY (LOG_ID, LINE)
);

------------------------------------------------------------------------
-- Warehouse housekeeping
------------------------------------------------------------------------

CREATE TABLE ehr."ETL_RUN_LOG" (
    RUN_ID bigint PRIMARY KEY,
    TABLE_NAME varchar(60) NOT NULL,
    START_DTTM timestamp NOT NULL,
    END_DTTM timestamp,
    ROWS_LOADED bigint,
    RUN_STATUS varchar(20)
);

------------------------------------------------------------------------
-- Rows in a few master files
------------------------------------------------------------------------

INSERT INTO ehr.MF_SAR (SERV_AREA_ID, SERV_AREA_NAME, SERV_AREA_ABBR) VALUES
    (10, 'North Valley Health', 'NVH'),
    (20, 'Lakeshore Physicians Group', 'LPG');

INSERT INTO ehr.MF_LOC (LOC_ID, LOC_NAME, LOC_ABBR, SERV_AREA_ID, LOC_TYPE, CITY, STATE_C) VALUES
    (1001, 'North Valley Medical Center', 'NVMC', 10, 'Hospital', 'St. Cloud', 22),
    (1002, 'Riverside Community Hospital', 'RCH', 10, 'Hospital', 'Eau Claire', 48),
    (2001, 'Lakeshore Clinic Maple Grove', 'LCMG', 20, 'Clinic', 'Maple Grove', 22),
    (2002, 'Lakeshore Clinic Elk River', 'LCER', 20, 'Clinic', 'Elk River', 22),
    (3001, 'North Valley Surgery Center', 'NVSC', 10, 'Ambulatory Surgery Center', 'St. Cloud', 22);

INSERT INTO ehr.MF_DEP (DEPARTMENT_ID, DEPARTMENT_NAME, DEPT_ABBREVIATION, REV_LOC_ID, SPECIALTY_C, IP_UNIT_YN, ICU_DEPT_YN, ED_DEPT_YN, LICENSED_BEDS, RECORD_STATUS) VALUES
    (100101, 'NVMC EMERGENCY DEPT', 'NVMC ED', 1001, 6, 'N', 'N', 'Y', NULL, 'Active'),
    (100102, 'NVMC 4 EAST MED SURG', 'NVMC 4E', 1001, 9, 'Y', 'N', 'N', 32, 'Active'),
    (100103, 'NVMC 5 WEST ORTHO', 'NVMC 5W', 1001, 4, 'Y', 'N', 'N', 28, 'Active'),
    (100104, 'NVMC MEDICAL ICU', 'NVMC MICU', 1001, 13, 'Y', 'Y', 'N', 20, 'Active'),
    (100105, 'NVMC CARDIOVASCULAR ICU', 'NVMC CVICU', 1001, 13, 'Y', 'Y', 'N', 16, 'Active'),
    (100106, 'NVMC MAIN OR', 'NVMC OR', 1001, 5, 'N', 'N', 'N', NULL, 'Active'),
    (100107, 'NVMC CORE LAB', 'NVMC LAB', 1001, NULL, 'N', 'N', 'N', NULL, 'Active'),
    (100201, 'RCH EMERGENCY DEPT', 'RCH ED', 1002, 6, 'N', 'N', 'Y', NULL, 'Active'),
    (100202, 'RCH 2 NORTH MED SURG', 'RCH 2N', 1002, 9, 'Y', 'N', 'N', 24, 'Active'),
    (100203, 'RCH ICU', 'RCH ICU', 1002, 13, 'Y', 'Y', 'N', 10, 'Active'),
    (200101, 'LCMG FAMILY MEDICINE', 'LCMG FM', 2001, 1, 'N', 'N', 'N', NULL, 'Active'),
    (200102, 'LCMG CARDIOLOGY', 'LCMG CARD', 2001, 3, 'N', 'N', 'N', NULL, 'Active'),
    (200201, 'LCER INTERNAL MEDICINE', 'LCER IM', 2002, 2, 'N', 'N', 'N', NULL, 'Active'),
    (200202, 'LCER PEDIATRICS', 'LCER PEDS', 2002, 7, 'N', 'N', 'N', NULL, 'Active');

INSERT INTO ehr.MF_RVC (UB_REV_CODE_ID, REVENUE_CODE, REV_CODE_NAME, REV_CODE_GROUP) VALUES
    (1, '0120', 'ROOM-BOARD/SEMI', 'Room and Board'),
    (2, '0200', 'INTENSIVE CARE', 'Room and Board'),
    (3, '0250', 'PHARMACY', 'Ancillary'),
    (4, '0300', 'LABORATORY', 'Ancillary'),
    (5, '0320', 'DX X-RAY', 'Ancillary'),
    (6, '0360', 'OR SERVICES', 'Ancillary'),
    (7, '0450', 'EMERG ROOM', 'Ancillary'),
    (8, '0510', 'CLINIC', 'Outpatient'),
    (9, '0710', 'RECOVERY ROOM', 'Ancillary');

INSERT INTO ehr.MF_PYR (PAYOR_ID, PAYOR_NAME, FIN_CLASS_C, PAYER_CODE, ACTIVE_YN) VALUES
    (1001, 'MEDICARE', 2, 'MCR', 'Y'),
    (1002, 'MN MEDICAL ASSISTANCE', 3, 'MNMA', 'Y'),
    (1003, 'WISCONSIN MEDICAID', 3, 'WIMCD', 'Y'),
    (1004, 'BLUE CROSS BLUE SHIELD OF MINNESOTA', 1, 'BCBSMN', 'Y'),
    (1005, 'HEALTHPARTNERS', 1, 'HP', 'Y'),
    (1006, 'UNITEDHEALTHCARE', 1, 'UHC', 'Y'),
    (1007, 'MEDICA', 1, 'MEDICA', 'Y'),
    (1008, 'SELF-PAY', 4, 'SELF', 'Y'),
    (1009, 'STATE WORKERS COMP FUND', 5, 'WC', 'Y');

INSERT INTO ehr.MF_BPL (BENEFIT_PLAN_ID, BENEFIT_PLAN_NAME, PAYOR_ID, PRODUCT_TYPE, ACTIVE_YN) VALUES
    (10011, 'MEDICARE PART A AND B', 1001, 'Traditional Medicare', 'Y'),
    (10021, 'MA PREPAID MEDICAL ASSISTANCE PROGRAM', 1002, 'Medicaid Managed Care', 'Y'),
    (10041, 'BLUE PLUS HMO', 1004, 'HMO', 'Y'),
    (10042, 'BLUE CROSS AWARE PPO', 1004, 'PPO', 'Y'),
    (10043, 'BLUE CROSS MEDICARE ADVANTAGE', 1004, 'Medicare Advantage', 'Y'),
    (10051, 'HEALTHPARTNERS OPEN ACCESS', 1005, 'PPO', 'Y'),
    (10061, 'UHC CHOICE PLUS', 1006, 'PPO', 'Y'),
    (10062, 'AARP MEDICARE ADVANTAGE', 1006, 'Medicare Advantage', 'Y');

INSERT INTO ehr.MF_VTP (PRC_ID, PRC_NAME, DFLT_LENGTH_MIN, VIDEO_VISIT_YN) VALUES
    (1, 'NEW PATIENT', 40, 'N'),
    (2, 'OFFICE VISIT', 20, 'N'),
    (3, 'FOLLOW UP', 20, 'N'),
    (4, 'ANNUAL PHYSICAL', 40, 'N'),
    (5, 'VIDEO VISIT', 20, 'Y'),
    (6, 'PRE-OP EXAM', 30, 'N'),
    (7, 'POST-OP', 15, 'N'),
    (8, 'WELL CHILD', 30, 'N');

INSERT INTO ehr.MF_IMX (IMMUNZATN_ID, IMM_NAME, VACCINE_GROUP, CVX_CODE) VALUES
    (101, 'INFLUENZA VACCINE, QUADRIVALENT, PRESERVATIVE FREE', 'Influenza', '150'),
    (102, 'INFLUENZA VACCINE, HIGH DOSE 65+', 'Influenza', '197'),
    (110, 'COVID-19 VACCINE, MRNA', 'COVID-19', '300'),
    (120, 'TDAP', 'Tetanus/Diphtheria/Pertussis', '115'),
    (130, 'PNEUMOCOCCAL CONJUGATE PCV20', 'Pneumococcal', '216'),
    (140, 'ZOSTER RECOMBINANT', 'Zoster', '187'),
    (150, 'MMR', 'Measles/Mumps/Rubella', '03'),
    (160, 'HEPATITIS B, ADULT', 'Hepatitis B', '43');

INSERT INTO ehr.MF_ALX (ALLERGEN_ID, ALLERGEN_NAME, ALLERGEN_TYPE_C) VALUES
    (1, 'PENICILLINS', 2),
    (2, 'AMOXICILLIN', 1),
    (3, 'SULFA (SULFONAMIDE ANTIBIOTICS)', 2),
    (4, 'CODEINE', 1),
    (5, 'PEANUT', 3),
    (6, 'SHELLFISH', 3),
    (7, 'LATEX', 4),
    (8, 'IODINATED CONTRAST MEDIA', 2);

INSERT INTO ehr.MF_LRC (COMPONENT_ID, COMPONENT_NAME, BASE_NAME, COMMON_NAME, LOINC_CODE, DFLT_UNITS) VALUES
    (1510, 'HEMOGLOBIN A1C', 'HGBA1C', 'A1C', '4548-4', '%'),
    (1520, 'TROPONIN I, HIGH SENSITIVITY', 'TROPIHS', 'TROPONIN', '89579-7', 'ng/L'),
    (1530, 'LACTATE', 'LACTATE', 'LACTIC ACID', '2524-7', 'mmol/L'),
    (1540, 'POTASSIUM', 'K', 'POTASSIUM', '2823-3', 'mmol/L'),
    (1550, 'CREATININE', 'CREATININE', 'CREATININE', '2160-0', 'mg/dL'),
    (1560, 'GLUCOSE', 'GLU', 'GLUCOSE', '2345-7', 'mg/dL'),
    (1570, 'HEMOGLOBIN', 'HGB', 'HGB', '718-7', 'g/dL');

INSERT INTO ehr.MF_FLR (FLO_MEAS_ID, FLO_MEAS_NAME, DISP_NAME, VAL_TYPE, UNITS) VALUES
    ('1101', 'NVH VS BLOOD PRESSURE', 'BP', 'Blood Pressure', 'mmHg'),
    ('1102', 'NVH VS PULSE', 'Pulse', 'Numeric', 'bpm'),
    ('1103', 'NVH VS TEMPERATURE', 'Temp', 'Numeric', 'F'),
    ('1104', 'NVH VS RESPIRATIONS', 'Resp', 'Numeric', 'breaths/min'),
    ('1105', 'NVH VS SPO2', 'SpO2', 'Numeric', '%'),
    ('1106', 'NVH VS WEIGHT', 'Weight', 'Numeric', 'oz'),
    ('1107', 'NVH VS HEIGHT', 'Height', 'Numeric', 'in'),
    ('1108', 'NVH PAIN SCORE 0-10', 'Pain Score', 'Numeric', NULL);

INSERT INTO ehr.MF_DRG (DRG_ID, DRG_NUMBER, DRG_NAME, DRG_TYPE, MDC_CODE) VALUES
    (291, '291', 'HEART FAILURE AND SHOCK WITH MCC', 'MS-DRG', '05'),
    (470, '470', 'MAJOR HIP AND KNEE JOINT REPLACEMENT OR REATTACHMENT OF LOWER EXTREMITY WITHOUT MCC', 'MS-DRG', '08'),
    (871, '871', 'SEPTICEMIA OR SEVERE SEPSIS WITHOUT MV >96 HOURS WITH MCC', 'MS-DRG', '18'),
    (190, '190', 'CHRONIC OBSTRUCTIVE PULMONARY DISEASE WITH MCC', 'MS-DRG', '04'),
    (807, '807', 'VAGINAL DELIVERY WITHOUT STERILIZATION OR D&C WITHOUT CC/MCC', 'MS-DRG', '14');
