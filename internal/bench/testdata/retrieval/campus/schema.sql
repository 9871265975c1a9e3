-- The enterprise data warehouse of a large research university, in the
-- style of institutional warehouses fed nightly from the registrar's,
-- HR/payroll, financial, facilities, sponsored-programs, library and
-- advancement systems. Written without quotes in upper case, so its names
-- fold to lower case: subject-area prefixes (STU_, SUBJ_, CRS_, FA_, HR_,
-- PAY_, FCLT_, HOUS_, SPONS_, GL_, PROC_, LIB_, GIFT_), abbreviations (ACAD,
-- APPT, DESCR, AMT, NBR, DT, FLG, CD), surrogate keys named <THING>_KEY and
-- natural keys shared across subject areas: UNIV_ID (a person's university
-- id), TERM_CODE, ORG_UNIT_ID, DEPT_CODE, COST_OBJECT, AWARD_NBR. Current,
-- history, summary and staging copies of the same data sit side by side,
-- with a forgotten backup of the person table. Keys are declared where the
-- loads enforce them; the dev set's keyless run is a warehouse that declares
-- none, where tables join by the names of their natural keys.
CREATE SCHEMA campus;

------------------------------------------------------------------------
-- Shared dimensions: people, terms, fiscal periods, organization
------------------------------------------------------------------------

CREATE TABLE campus.COUNTRY_CODE (
    COUNTRY_CD char(3) PRIMARY KEY,
    COUNTRY_NAME varchar(60) NOT NULL,
    ISO2_CD char(2),
    WORLD_REGION_NAME varchar(40),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PERSON (
    UNIV_ID char(9) PRIMARY KEY,
    LOGIN_NAME varchar(20),
    FIRST_NAME varchar(40) NOT NULL,
    MIDDLE_NAME varchar(40),
    LAST_NAME varchar(60) NOT NULL,
    PREFERRED_NAME varchar(40),
    BIRTH_DT date,
    GENDER_CD char(1),
    CITIZENSHIP_COUNTRY_CD char(3) REFERENCES campus.COUNTRY_CODE (COUNTRY_CD),
    EMAIL_ADDR varchar(100),
    DECEASED_FLG char(1) NOT NULL DEFAULT 'N',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PERSON_BAK (
    UNIV_ID char(9),
    LOGIN_NAME varchar(20),
    FIRST_NAME varchar(40),
    MIDDLE_NAME varchar(40),
    LAST_NAME varchar(60),
    PREFERRED_NAME varchar(40),
    BIRTH_DT date,
    GENDER_CD char(1),
    CITIZENSHIP_COUNTRY_CD char(3),
    EMAIL_ADDR varchar(100),
    DECEASED_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ACAD_TERM (
    TERM_CODE varchar(6) PRIMARY KEY,
    TERM_DESCR varchar(30) NOT NULL,
    ACAD_YEAR smallint NOT NULL,
    ACAD_YEAR_DESCR varchar(9) NOT NULL,
    FISCAL_YEAR smallint NOT NULL,
    TERM_START_DT date,
    TERM_END_DT date,
    CENSUS_DT date,
    CURRENT_TERM_FLG char(1) NOT NULL DEFAULT 'N',
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.ACAD_TERM.TERM_CODE IS 'Calendar year and season: 2024FA = Fall 2024, 2025SP = Spring 2025, 2025SU = Summer 2025';
COMMENT ON COLUMN campus.ACAD_TERM.ACAD_YEAR IS 'Year the academic year ends in: 2025 = 2024-2025';

CREATE TABLE campus.GL_FISCAL_PERIOD (
    FISCAL_PERIOD_KEY integer PRIMARY KEY,
    FISCAL_YEAR smallint NOT NULL,
    FISCAL_PERIOD_NBR smallint NOT NULL,
    PERIOD_START_DT date NOT NULL,
    PERIOD_END_DT date NOT NULL,
    PERIOD_STATUS_CD char(1),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON TABLE campus.GL_FISCAL_PERIOD IS 'Accounting periods. The fiscal year runs 1 July to 30 June and is named for the year it ends in: FY2024 = July 2023 to June 2024.';

CREATE TABLE campus.SCHOOL_AREA (
    SCHOOL_AREA_CD varchar(4) PRIMARY KEY,
    SCHOOL_AREA_NAME varchar(80) NOT NULL,
    SCHOOL_AREA_SHORT_NAME varchar(20),
    DEAN_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ORG_UNIT_TYPE (
    ORG_UNIT_TYPE_CD varchar(4) PRIMARY KEY,
    ORG_UNIT_TYPE_DESCR varchar(40) NOT NULL,
    ACADEMIC_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ORG_UNIT (
    ORG_UNIT_ID varchar(8) PRIMARY KEY,
    ORG_UNIT_NAME varchar(80) NOT NULL,
    ORG_UNIT_SHORT_NAME varchar(30),
    ORG_UNIT_TYPE_CD varchar(4) REFERENCES campus.ORG_UNIT_TYPE (ORG_UNIT_TYPE_CD),
    PARENT_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    SCHOOL_AREA_CD varchar(4) REFERENCES campus.SCHOOL_AREA (SCHOOL_AREA_CD),
    ORG_LEVEL_NBR smallint,
    HEAD_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    EFFECTIVE_DT date,
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ORG_UNIT_HIST (
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    EFFECTIVE_DT date,
    END_DT date,
    ORG_UNIT_NAME varchar(80) NOT NULL,
    ORG_UNIT_TYPE_CD varchar(4),
    PARENT_ORG_UNIT_ID varchar(8),
    SCHOOL_AREA_CD varchar(4),
    HEAD_UNIV_ID char(9),
    ACTIVE_FLG char(1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (ORG_UNIT_ID, EFFECTIVE_DT)
);

CREATE TABLE campus.ACAD_DEPARTMENT (
    DEPT_CODE varchar(6) PRIMARY KEY,
    DEPT_NAME varchar(80) NOT NULL,
    DEPT_SHORT_NAME varchar(20),
    SUBJECT_PREFIX varchar(6),
    SCHOOL_AREA_CD varchar(4) REFERENCES campus.SCHOOL_AREA (SCHOOL_AREA_CD),
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    DEPT_HEAD_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.WAREHOUSE_LOAD_LOG (
    LOAD_LOG_KEY bigint PRIMARY KEY,
    SUBJECT_AREA varchar(30),
    TARGET_TABLE_NAME varchar(60) NOT NULL,
    SOURCE_SYSTEM varchar(30),
    LOAD_START_TS timestamp NOT NULL,
    LOAD_END_TS timestamp,
    ROWS_INSERTED integer,
    ROWS_UPDATED integer,
    LOAD_STATUS varchar(10)
);

------------------------------------------------------------------------
-- General ledger and budget
------------------------------------------------------------------------

CREATE TABLE campus.GL_FUND_TYPE (
    FUND_TYPE_CD varchar(3) PRIMARY KEY,
    FUND_TYPE_DESCR varchar(40) NOT NULL,
    RESTRICTED_FLG char(1),
    NET_ASSET_CLASS varchar(30),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GL_FUND (
    FUND_ID varchar(7) PRIMARY KEY,
    FUND_NAME varchar(100) NOT NULL,
    FUND_TYPE_CD varchar(3) REFERENCES campus.GL_FUND_TYPE (FUND_TYPE_CD),
    ENDOWED_FLG char(1),
    DONOR_RESTRICTION_DESCR varchar(200),
    RESPONSIBLE_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    ESTABLISHED_DT date,
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GL_ACCOUNT_GROUP (
    GL_ACCOUNT_GROUP_CD varchar(4) PRIMARY KEY,
    GL_ACCOUNT_GROUP_DESCR varchar(50) NOT NULL,
    ACCOUNT_CATEGORY varchar(10) NOT NULL,
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GL_ACCOUNT (
    GL_ACCOUNT_CD varchar(6) PRIMARY KEY,
    GL_ACCOUNT_DESCR varchar(60) NOT NULL,
    GL_ACCOUNT_GROUP_CD varchar(4) REFERENCES campus.GL_ACCOUNT_GROUP (GL_ACCOUNT_GROUP_CD),
    ACCOUNT_CATEGORY varchar(10),
    MTDC_BASE_FLG char(1),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.GL_ACCOUNT.MTDC_BASE_FLG IS 'Y = in the modified total direct cost base that F&A is charged on';

CREATE TABLE campus.BUDGET_VERSION (
    BUDGET_VERSION_CD varchar(4) PRIMARY KEY,
    BUDGET_VERSION_DESCR varchar(40) NOT NULL,
    FISCAL_YEAR smallint,
    LOCKED_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Sponsored programs (awards are referenced by the ledger's cost objects)
------------------------------------------------------------------------

CREATE TABLE campus.SPONS_SPONSOR_TYPE (
    SPONSOR_TYPE_CD varchar(3) PRIMARY KEY,
    SPONSOR_TYPE_DESCR varchar(40) NOT NULL,
    FEDERAL_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.SPONS_SPONSOR (
    SPONSOR_CODE varchar(6) PRIMARY KEY,
    SPONSOR_NAME varchar(100) NOT NULL,
    SPONSOR_SHORT_NAME varchar(20),
    SPONSOR_TYPE_CD varchar(3) REFERENCES campus.SPONS_SPONSOR_TYPE (SPONSOR_TYPE_CD),
    PARENT_SPONSOR_CODE varchar(6) REFERENCES campus.SPONS_SPONSOR (SPONSOR_CODE),
    COUNTRY_CD char(3) REFERENCES campus.COUNTRY_CODE (COUNTRY_CD),
    UEI_NBR varchar(12),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.SPONS_ACTIVITY_TYPE (
    ACTIVITY_TYPE_CD varchar(3) PRIMARY KEY,
    ACTIVITY_TYPE_DESCR varchar(40) NOT NULL,
    F_AND_A_RATE_PCT numeric(5,2),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.SPONS_PROPOSAL (
    PROPOSAL_NBR varchar(10) PRIMARY KEY,
    PROPOSAL_TITLE varchar(300) NOT NULL,
    SPONSOR_CODE varchar(6) REFERENCES campus.SPONS_SPONSOR (SPONSOR_CODE),
    PI_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    LEAD_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    ACTIVITY_TYPE_CD varchar(3) REFERENCES campus.SPONS_ACTIVITY_TYPE (ACTIVITY_TYPE_CD),
    SUBMITTED_DT date,
    REQUESTED_START_DT date,
    REQUESTED_END_DT date,
    REQUESTED_TOTAL_AMT numeric(14,2),
    PROPOSAL_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.SPONS_AWARD (
    AWARD_NBR varchar(10) PRIMARY KEY,
    PROPOSAL_NBR varchar(10) REFERENCES campus.SPONS_PROPOSAL (PROPOSAL_NBR),
    SPONSOR_AWARD_ID varchar(30),
    AWARD_TITLE varchar(300) NOT NULL,
    SPONSOR_CODE varchar(6) NOT NULL REFERENCES campus.SPONS_SPONSOR (SPONSOR_CODE),
    PRIME_SPONSOR_CODE varchar(6) REFERENCES campus.SPONS_SPONSOR (SPONSOR_CODE),
    PI_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    LEAD_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    ACTIVITY_TYPE_CD varchar(3) REFERENCES campus.SPONS_ACTIVITY_TYPE (ACTIVITY_TYPE_CD),
    AWARD_BEGIN_DT date,
    AWARD_END_DT date,
    TOTAL_AWARDED_AMT numeric(14,2),
    AWARD_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.SPONS_AWARD.PRIME_SPONSOR_CODE IS 'Originating sponsor when the funds flow through another institution';

------------------------------------------------------------------------
-- Cost objects and ledger facts
------------------------------------------------------------------------

CREATE TABLE campus.GL_COST_OBJECT (
    COST_OBJECT varchar(10) PRIMARY KEY,
    COST_OBJECT_NAME varchar(80) NOT NULL,
    COST_OBJECT_TYPE_CD char(1) NOT NULL,
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    FUND_ID varchar(7) REFERENCES campus.GL_FUND (FUND_ID),
    AWARD_NBR varchar(10) REFERENCES campus.SPONS_AWARD (AWARD_NBR),
    SUPERVISOR_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    FISCAL_OFFICER_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    VALID_FROM_DT date,
    VALID_TO_DT date,
    CLOSED_FLG char(1) NOT NULL DEFAULT 'N',
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON TABLE campus.GL_COST_OBJECT IS 'Accounts that expenses and revenue are charged to: cost centers of departments, WBS elements of sponsored awards and gifts, internal orders.';
COMMENT ON COLUMN campus.GL_COST_OBJECT.COST_OBJECT_TYPE_CD IS 'C = cost center, W = WBS element (award or fund), I = internal order';

CREATE TABLE campus.GL_COST_OBJECT_HIST (
    COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    EFFECTIVE_DT date,
    END_DT date,
    COST_OBJECT_NAME varchar(80),
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    SUPERVISOR_UNIV_ID char(9),
    FISCAL_OFFICER_UNIV_ID char(9),
    CLOSED_FLG char(1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (COST_OBJECT, EFFECTIVE_DT)
);

CREATE TABLE campus.GL_TRANSACTION_DETAIL (
    GL_TXN_KEY bigint PRIMARY KEY,
    FISCAL_PERIOD_KEY integer REFERENCES campus.GL_FISCAL_PERIOD (FISCAL_PERIOD_KEY),
    COST_OBJECT varchar(10) NOT NULL REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    GL_ACCOUNT_CD varchar(6) NOT NULL REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    DOCUMENT_NBR varchar(12),
    DOC_TYPE_CD varchar(2),
    POSTING_DT date NOT NULL,
    TXN_DESCR varchar(100),
    TXN_AMT numeric(14,2) NOT NULL,
    REFERENCE_PO_NBR varchar(10),
    ENTERED_BY_UNIV_ID char(9),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GL_TRANSACTION_STAGE (
    GL_TXN_KEY bigint,
    FISCAL_PERIOD_KEY integer,
    COST_OBJECT varchar(10),
    GL_ACCOUNT_CD varchar(6),
    DOCUMENT_NBR varchar(12),
    DOC_TYPE_CD varchar(2),
    POSTING_DT date,
    TXN_DESCR varchar(100),
    TXN_AMT numeric(14,2),
    LOAD_BATCH_ID integer,
    LOAD_ERROR_MSG varchar(200)
);

CREATE TABLE campus.GL_BALANCE_SUMMARY (
    COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    GL_ACCOUNT_CD varchar(6) REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    FISCAL_YEAR smallint,
    FISCAL_PERIOD_NBR smallint,
    BUDGET_AMT numeric(14,2),
    ACTUAL_AMT numeric(14,2),
    COMMITMENT_AMT numeric(14,2),
    AVAILABLE_BALANCE_AMT numeric(14,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (COST_OBJECT, GL_ACCOUNT_CD, FISCAL_YEAR, FISCAL_PERIOD_NBR)
);
COMMENT ON TABLE campus.GL_BALANCE_SUMMARY IS 'Month-end balances by cost object and account: budget, actuals and open commitments.';

CREATE TABLE campus.BUDGET_LINE (
    BUDGET_LINE_KEY bigint PRIMARY KEY,
    BUDGET_VERSION_CD varchar(4) REFERENCES campus.BUDGET_VERSION (BUDGET_VERSION_CD),
    FISCAL_YEAR smallint NOT NULL,
    COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    GL_ACCOUNT_CD varchar(6) REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    BUDGET_AMT numeric(14,2),
    BUDGET_NOTE varchar(200),
    ENTERED_DT date,
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Procurement
------------------------------------------------------------------------

CREATE TABLE campus.PROC_VENDOR (
    VENDOR_KEY integer PRIMARY KEY,
    VENDOR_NBR varchar(10) NOT NULL,
    VENDOR_NAME varchar(100) NOT NULL,
    VENDOR_TYPE_CD varchar(3),
    COUNTRY_CD char(3) REFERENCES campus.COUNTRY_CODE (COUNTRY_CD),
    STATE_CD char(2),
    SMALL_BUSINESS_FLG char(1),
    MINORITY_OWNED_FLG char(1),
    WOMAN_OWNED_FLG char(1),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.PROC_VENDOR.VENDOR_TYPE_CD IS 'SUP = supplier, SUB = subrecipient institution, IND = individual';

CREATE TABLE campus.PROC_COMMODITY_CODE (
    COMMODITY_CD varchar(8) PRIMARY KEY,
    COMMODITY_DESCR varchar(60) NOT NULL,
    COMMODITY_GROUP_DESCR varchar(60),
    UNSPSC_CD varchar(8),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PROC_PO_HEADER (
    PO_NBR varchar(10) PRIMARY KEY,
    VENDOR_KEY integer NOT NULL REFERENCES campus.PROC_VENDOR (VENDOR_KEY),
    PO_DT date NOT NULL,
    BUYER_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    REQUESTER_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    ORDERING_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    PO_TYPE_CD varchar(3),
    PO_STATUS_CD varchar(3),
    PO_TOTAL_AMT numeric(14,2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PROC_PO_LINE (
    PO_NBR varchar(10) REFERENCES campus.PROC_PO_HEADER (PO_NBR),
    PO_LINE_NBR smallint,
    COMMODITY_CD varchar(8) REFERENCES campus.PROC_COMMODITY_CODE (COMMODITY_CD),
    ITEM_DESCR varchar(200),
    QTY numeric(10,2),
    UNIT_OF_MEASURE varchar(4),
    UNIT_PRICE_AMT numeric(12,4),
    LINE_AMT numeric(14,2),
    COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    GL_ACCOUNT_CD varchar(6) REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (PO_NBR, PO_LINE_NBR)
);

CREATE TABLE campus.PROC_INVOICE (
    INVOICE_KEY bigint PRIMARY KEY,
    VENDOR_KEY integer NOT NULL REFERENCES campus.PROC_VENDOR (VENDOR_KEY),
    PO_NBR varchar(10) REFERENCES campus.PROC_PO_HEADER (PO_NBR),
    VENDOR_INVOICE_NBR varchar(30),
    INVOICE_DT date,
    RECEIVED_DT date,
    INVOICE_AMT numeric(14,2),
    PAID_DT date,
    PAID_AMT numeric(14,2),
    PAYMENT_METHOD_CD varchar(4),
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Sponsored programs, continued
------------------------------------------------------------------------

CREATE TABLE campus.SPONS_AWARD_PERSONNEL (
    AWARD_NBR varchar(10) REFERENCES campus.SPONS_AWARD (AWARD_NBR),
    UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    PROJECT_ROLE_CD varchar(5),
    PCT_EFFORT numeric(5,2),
    START_DT date,
    END_DT date,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (AWARD_NBR, UNIV_ID, PROJECT_ROLE_CD)
);

CREATE TABLE campus.SPONS_EXPENDITURE_SUMMARY (
    AWARD_NBR varchar(10) REFERENCES campus.SPONS_AWARD (AWARD_NBR),
    FISCAL_YEAR smallint,
    DIRECT_COST_AMT numeric(14,2),
    F_AND_A_COST_AMT numeric(14,2),
    TOTAL_EXPENDED_AMT numeric(14,2),
    COST_SHARE_AMT numeric(14,2),
    CUMULATIVE_EXPENDED_AMT numeric(14,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (AWARD_NBR, FISCAL_YEAR)
);
COMMENT ON TABLE campus.SPONS_EXPENDITURE_SUMMARY IS 'Research volume: spending on each award per fiscal year, direct and F&A.';

CREATE TABLE campus.SPONS_SUBAWARD (
    SUBAWARD_NBR varchar(12) PRIMARY KEY,
    AWARD_NBR varchar(10) NOT NULL REFERENCES campus.SPONS_AWARD (AWARD_NBR),
    SUBRECIPIENT_VENDOR_KEY integer REFERENCES campus.PROC_VENDOR (VENDOR_KEY),
    SUBRECIPIENT_PI_NAME varchar(80),
    SUBAWARD_AMT numeric(14,2),
    SUBAWARD_BEGIN_DT date,
    SUBAWARD_END_DT date,
    SUBAWARD_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.COMPLIANCE_PROTOCOL (
    PROTOCOL_NBR varchar(12) PRIMARY KEY,
    PROTOCOL_TYPE_CD varchar(5) NOT NULL,
    PROTOCOL_TITLE varchar(300),
    PI_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    REVIEW_LEVEL varchar(12),
    APPROVAL_DT date,
    EXPIRATION_DT date,
    PROTOCOL_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.COMPLIANCE_PROTOCOL.PROTOCOL_TYPE_CD IS 'IRB = human subjects, IACUC = animal use, IBC = biosafety';

CREATE TABLE campus.SPONS_AWARD_PROTOCOL (
    AWARD_NBR varchar(10) REFERENCES campus.SPONS_AWARD (AWARD_NBR),
    PROTOCOL_NBR varchar(12) REFERENCES campus.COMPLIANCE_PROTOCOL (PROTOCOL_NBR),
    LINKED_DT date,
    LINK_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (AWARD_NBR, PROTOCOL_NBR)
);

------------------------------------------------------------------------
-- Facilities and space
------------------------------------------------------------------------

CREATE TABLE campus.FCLT_CAMPUS_SECTOR (
    CAMPUS_SECTOR_CD varchar(4) PRIMARY KEY,
    CAMPUS_SECTOR_NAME varchar(40) NOT NULL,
    CITY varchar(30),
    STATE_CD char(2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.FCLT_BUILDING (
    BUILDING_KEY integer PRIMARY KEY,
    BUILDING_NUMBER varchar(6) NOT NULL,
    BUILDING_NAME varchar(80),
    CAMPUS_SECTOR_CD varchar(4) REFERENCES campus.FCLT_CAMPUS_SECTOR (CAMPUS_SECTOR_CD),
    STREET_ADDRESS varchar(100),
    YEAR_BUILT smallint,
    YEAR_RENOVATED smallint,
    GROSS_SQ_FT integer,
    ASSIGNABLE_SQ_FT integer,
    NUM_FLOORS smallint,
    OWNERSHIP_CD char(1),
    BUILDING_USE_CD varchar(4),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.FCLT_BUILDING.OWNERSHIP_CD IS 'O = owned, L = leased';

CREATE TABLE campus.FCLT_BUILDING_CONDITION (
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    ASSESSMENT_DT date,
    CONDITION_RATING varchar(10),
    FCI_PCT numeric(5,2),
    DEFERRED_MAINT_AMT numeric(14,2),
    REPLACEMENT_VALUE_AMT numeric(14,2),
    ASSESSOR_NAME varchar(60),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (BUILDING_KEY, ASSESSMENT_DT)
);

CREATE TABLE campus.FCLT_ROOM_USE (
    ROOM_USE_CD varchar(3) PRIMARY KEY,
    ROOM_USE_DESCR varchar(40) NOT NULL,
    ROOM_USE_CATEGORY varchar(40),
    INSTRUCTIONAL_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON TABLE campus.FCLT_ROOM_USE IS 'Room use codes of the federal facilities inventory classification (FICM).';

CREATE TABLE campus.FCLT_ROOM (
    ROOM_KEY integer PRIMARY KEY,
    BUILDING_KEY integer NOT NULL REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    FLOOR_CODE varchar(3),
    ROOM_NUMBER varchar(10) NOT NULL,
    ROOM_NAME varchar(60),
    ROOM_USE_CD varchar(3) REFERENCES campus.FCLT_ROOM_USE (ROOM_USE_CD),
    NET_ASF integer,
    STATION_COUNT smallint,
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    REGISTRAR_SCHEDULED_FLG char(1),
    ADA_ACCESSIBLE_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.FCLT_ROOM.STATION_COUNT IS 'Seats or work stations';
COMMENT ON COLUMN campus.FCLT_ROOM.NET_ASF IS 'Assignable square feet';

CREATE TABLE campus.FCLT_ROOM_HIST (
    ROOM_KEY integer REFERENCES campus.FCLT_ROOM (ROOM_KEY),
    SURVEY_FISCAL_YEAR smallint,
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    ROOM_NUMBER varchar(10),
    ROOM_USE_CD varchar(3) REFERENCES campus.FCLT_ROOM_USE (ROOM_USE_CD),
    NET_ASF integer,
    STATION_COUNT smallint,
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (ROOM_KEY, SURVEY_FISCAL_YEAR)
);

CREATE TABLE campus.FCLT_ROOM_STAGE (
    ROOM_KEY integer,
    BUILDING_NUMBER varchar(6),
    FLOOR_CODE varchar(3),
    ROOM_NUMBER varchar(10),
    ROOM_USE_CD varchar(3),
    NET_ASF integer,
    STATION_COUNT smallint,
    ORG_UNIT_ID varchar(8),
    LOAD_BATCH_ID integer,
    LOAD_ERROR_MSG varchar(200)
);

CREATE TABLE campus.FCLT_SPACE_SUMMARY (
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    SURVEY_FISCAL_YEAR smallint,
    OFFICE_ASF integer,
    RESEARCH_LAB_ASF integer,
    CLASS_LAB_ASF integer,
    CLASSROOM_ASF integer,
    OTHER_ASF integer,
    TOTAL_ASF integer,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (ORG_UNIT_ID, BUILDING_KEY, SURVEY_FISCAL_YEAR)
);

CREATE TABLE campus.FCLT_WO_TYPE (
    WO_TYPE_CD varchar(4) PRIMARY KEY,
    WO_TYPE_DESCR varchar(40) NOT NULL,
    BILLABLE_FLG char(1),
    PLANNED_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.FCLT_WORK_ORDER (
    WORK_ORDER_NBR varchar(10) PRIMARY KEY,
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    ROOM_KEY integer REFERENCES campus.FCLT_ROOM (ROOM_KEY),
    WO_TYPE_CD varchar(4) REFERENCES campus.FCLT_WO_TYPE (WO_TYPE_CD),
    PROBLEM_DESCR varchar(200),
    PRIORITY_CD char(1),
    REQUEST_DT date,
    COMPLETED_DT date,
    WO_STATUS_CD varchar(4),
    LABOR_HRS numeric(7,2),
    MATERIAL_COST_AMT numeric(12,2),
    TOTAL_COST_AMT numeric(12,2),
    REQUESTOR_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    CHARGE_COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Human resources and payroll
------------------------------------------------------------------------

CREATE TABLE campus.EMPLOYEE (
    UNIV_ID char(9) PRIMARY KEY REFERENCES campus.PERSON (UNIV_ID),
    ORIGINAL_HIRE_DT date,
    LAST_HIRE_DT date,
    TERMINATION_DT date,
    EMP_STATUS_CD char(1) NOT NULL,
    EMP_CLASS_CD varchar(4),
    HOME_ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    SUPERVISOR_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    BENEFITS_ELIG_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.EMPLOYEE.EMP_STATUS_CD IS 'A = active, L = leave, T = terminated, R = retired';

CREATE TABLE campus.HR_JOB_FAMILY (
    JOB_FAMILY_CD varchar(4) PRIMARY KEY,
    JOB_FAMILY_NAME varchar(40) NOT NULL,
    EEO_CATEGORY_CD varchar(3),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_SALARY_GRADE (
    SALARY_GRADE_CD varchar(3) PRIMARY KEY,
    GRADE_MIN_AMT numeric(12,2),
    GRADE_MID_AMT numeric(12,2),
    GRADE_MAX_AMT numeric(12,2),
    EFFECTIVE_DT date,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_JOB (
    JOB_KEY integer PRIMARY KEY,
    JOB_CODE varchar(8) NOT NULL,
    JOB_TITLE varchar(60) NOT NULL,
    JOB_FAMILY_CD varchar(4) REFERENCES campus.HR_JOB_FAMILY (JOB_FAMILY_CD),
    SALARY_GRADE_CD varchar(3) REFERENCES campus.HR_SALARY_GRADE (SALARY_GRADE_CD),
    FLSA_EXEMPT_FLG char(1),
    UNION_CD varchar(4),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_APPT_TYPE (
    APPT_TYPE_CD varchar(3) PRIMARY KEY,
    APPT_TYPE_DESCR varchar(40) NOT NULL,
    BENEFITS_ELIG_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_ACTION_CODE (
    ACTION_CD varchar(3) PRIMARY KEY,
    ACTION_DESCR varchar(40) NOT NULL,
    ACTION_CATEGORY varchar(20),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_APPT_CURRENT (
    APPT_ID integer PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.EMPLOYEE (UNIV_ID),
    ORG_UNIT_ID varchar(8) NOT NULL REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    JOB_KEY integer NOT NULL REFERENCES campus.HR_JOB (JOB_KEY),
    APPT_TYPE_CD varchar(3) REFERENCES campus.HR_APPT_TYPE (APPT_TYPE_CD),
    APPT_BEGIN_DT date NOT NULL,
    APPT_END_DT date,
    PCT_EFFORT numeric(5,2),
    ANNUAL_SALARY_AMT numeric(12,2),
    PRIMARY_APPT_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON TABLE campus.HR_APPT_CURRENT IS 'Appointments in force today, one row per appointment; a person may hold several. Earlier states are in HR_APPT_HIST.';

CREATE TABLE campus.HR_APPT_HIST (
    APPT_ID integer,
    EFFECTIVE_DT date,
    END_DT date,
    UNIV_ID char(9) NOT NULL REFERENCES campus.EMPLOYEE (UNIV_ID),
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    JOB_KEY integer REFERENCES campus.HR_JOB (JOB_KEY),
    APPT_TYPE_CD varchar(3) REFERENCES campus.HR_APPT_TYPE (APPT_TYPE_CD),
    ACTION_CD varchar(3) REFERENCES campus.HR_ACTION_CODE (ACTION_CD),
    PCT_EFFORT numeric(5,2),
    ANNUAL_SALARY_AMT numeric(12,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (APPT_ID, EFFECTIVE_DT)
);

CREATE TABLE campus.HR_FACULTY_RANK (
    FACULTY_RANK_CD varchar(5) PRIMARY KEY,
    FACULTY_RANK_DESCR varchar(40) NOT NULL,
    TENURE_TRACK_FLG char(1),
    RANK_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HR_FACULTY (
    UNIV_ID char(9) PRIMARY KEY REFERENCES campus.EMPLOYEE (UNIV_ID),
    FACULTY_RANK_CD varchar(5) REFERENCES campus.HR_FACULTY_RANK (FACULTY_RANK_CD),
    PRIMARY_DEPT_CODE varchar(6) REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    TENURE_STATUS_CD char(1),
    TENURE_DT date,
    RANK_EFFECTIVE_DT date,
    ENDOWED_CHAIR_NAME varchar(100),
    SABBATICAL_ELIG_DT date,
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.HR_FACULTY.TENURE_STATUS_CD IS 'T = tenured, K = on tenure track, N = not on track';

CREATE TABLE campus.HR_EMP_SUMMARY_BY_ORG (
    ORG_UNIT_ID varchar(8) REFERENCES campus.ORG_UNIT (ORG_UNIT_ID),
    FISCAL_YEAR smallint,
    HEADCOUNT integer,
    FTE numeric(8,2),
    FACULTY_HEADCOUNT integer,
    STAFF_HEADCOUNT integer,
    TOTAL_SALARY_AMT numeric(14,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (ORG_UNIT_ID, FISCAL_YEAR)
);

CREATE TABLE campus.PAY_EARN_CODE (
    EARN_CODE varchar(4) PRIMARY KEY,
    EARN_CODE_DESCR varchar(40) NOT NULL,
    TAXABLE_FLG char(1),
    GL_ACCOUNT_CD varchar(6) REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PAY_CHECK (
    PAY_CHECK_KEY bigint PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.EMPLOYEE (UNIV_ID),
    PAY_GROUP_CD varchar(3),
    PAY_PERIOD_BEGIN_DT date,
    PAY_END_DT date NOT NULL,
    CHECK_DT date,
    GROSS_PAY_AMT numeric(12,2),
    NET_PAY_AMT numeric(12,2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.PAY_EARNINGS_DIST (
    PAY_CHECK_KEY bigint REFERENCES campus.PAY_CHECK (PAY_CHECK_KEY),
    DIST_LINE_NBR smallint,
    EARN_CODE varchar(4) REFERENCES campus.PAY_EARN_CODE (EARN_CODE),
    COST_OBJECT varchar(10) REFERENCES campus.GL_COST_OBJECT (COST_OBJECT),
    GL_ACCOUNT_CD varchar(6) REFERENCES campus.GL_ACCOUNT (GL_ACCOUNT_CD),
    EARN_HOURS numeric(6,2),
    EARN_AMT numeric(12,2),
    FRINGE_AMT numeric(12,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (PAY_CHECK_KEY, DIST_LINE_NBR)
);

------------------------------------------------------------------------
-- Registrar: students, programs, subjects, admissions, student accounts
------------------------------------------------------------------------

CREATE TABLE campus.STU_LEVEL_CODE (
    STU_LEVEL_CD char(1) PRIMARY KEY,
    STU_LEVEL_DESCR varchar(30) NOT NULL,
    STU_LEVEL_SHORT_DESCR varchar(10),
    DEGREE_SEEKING_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ENROLL_STATUS_CODE (
    ENROLL_STATUS_CD varchar(3) PRIMARY KEY,
    ENROLL_STATUS_DESCR varchar(30) NOT NULL,
    COUNTS_AS_ENROLLED_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.DEGREE_CODE (
    DEGREE_CODE varchar(5) PRIMARY KEY,
    DEGREE_DESCR varchar(60) NOT NULL,
    DEGREE_LEVEL varchar(20) NOT NULL,
    IPEDS_AWARD_LEVEL smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.DEGREE_PROGRAM (
    PROGRAM_CODE varchar(10) PRIMARY KEY,
    PROGRAM_NAME varchar(100) NOT NULL,
    DEPT_CODE varchar(6) NOT NULL REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    DEGREE_CODE varchar(5) NOT NULL REFERENCES campus.DEGREE_CODE (DEGREE_CODE),
    STU_LEVEL_CD char(1) REFERENCES campus.STU_LEVEL_CODE (STU_LEVEL_CD),
    CIP_CODE varchar(7),
    STEM_FLG char(1),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.STUDENT (
    UNIV_ID char(9) PRIMARY KEY REFERENCES campus.PERSON (UNIV_ID),
    FIRST_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    ADMIT_TYPE_CD varchar(3),
    HOME_COUNTRY_CD char(3) REFERENCES campus.COUNTRY_CODE (COUNTRY_CD),
    HOME_STATE_CD char(2),
    INTERNATIONAL_FLG char(1),
    FIRST_GENERATION_FLG char(1),
    VETERAN_FLG char(1),
    ETHNICITY_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.STUDENT_CURRENT (
    UNIV_ID char(9) PRIMARY KEY REFERENCES campus.STUDENT (UNIV_ID),
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    STU_LEVEL_CD char(1) REFERENCES campus.STU_LEVEL_CODE (STU_LEVEL_CD),
    CLASS_YEAR varchar(2),
    ENROLL_STATUS_CD varchar(3) REFERENCES campus.ENROLL_STATUS_CODE (ENROLL_STATUS_CD),
    PRIMARY_PROGRAM_CODE varchar(10) REFERENCES campus.DEGREE_PROGRAM (PROGRAM_CODE),
    FULL_PART_TIME_CD char(1),
    TERM_UNITS numeric(5,1),
    CUM_GPA numeric(3,2),
    EXPECTED_GRAD_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON TABLE campus.STUDENT_CURRENT IS 'Each student as of the current term, rebuilt nightly.';

CREATE TABLE campus.STUDENT_TERM_HIST (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    STU_LEVEL_CD char(1) REFERENCES campus.STU_LEVEL_CODE (STU_LEVEL_CD),
    CLASS_YEAR varchar(2),
    ENROLL_STATUS_CD varchar(3) REFERENCES campus.ENROLL_STATUS_CODE (ENROLL_STATUS_CD),
    PRIMARY_PROGRAM_CODE varchar(10) REFERENCES campus.DEGREE_PROGRAM (PROGRAM_CODE),
    FULL_PART_TIME_CD char(1),
    TERM_UNITS numeric(5,1),
    TERM_GPA numeric(3,2),
    CUM_GPA numeric(3,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, TERM_CODE)
);

CREATE TABLE campus.STU_PROGRAM (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    PROGRAM_CODE varchar(10) REFERENCES campus.DEGREE_PROGRAM (PROGRAM_CODE),
    START_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    END_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    PROGRAM_STATUS_CD varchar(3),
    PRIMARY_FLG char(1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, PROGRAM_CODE, START_TERM_CODE)
);

CREATE TABLE campus.STU_ADVISOR (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    ADVISOR_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    ADVISOR_TYPE_CD varchar(4),
    START_DT date,
    END_DT date,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, ADVISOR_UNIV_ID, ADVISOR_TYPE_CD)
);

CREATE TABLE campus.STU_DEGREE_AWARDED (
    DEGREE_AWARD_KEY integer PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.STUDENT (UNIV_ID),
    PROGRAM_CODE varchar(10) REFERENCES campus.DEGREE_PROGRAM (PROGRAM_CODE),
    DEGREE_CODE varchar(5) REFERENCES campus.DEGREE_CODE (DEGREE_CODE),
    AWARD_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    CONFERRED_DT date,
    HONORS_CD varchar(3),
    THESIS_TITLE varchar(300),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.TERM_ENROLLMENT_SUMMARY (
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    DEPT_CODE varchar(6) REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    STU_LEVEL_CD char(1) REFERENCES campus.STU_LEVEL_CODE (STU_LEVEL_CD),
    HEADCOUNT integer,
    FULL_TIME_CNT integer,
    PART_TIME_CNT integer,
    FTE numeric(8,1),
    INTERNATIONAL_CNT integer,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (TERM_CODE, DEPT_CODE, STU_LEVEL_CD)
);

CREATE TABLE campus.CRS_CATALOG_SUBJECT (
    SUBJECT_ID varchar(10) PRIMARY KEY,
    SUBJECT_TITLE varchar(100) NOT NULL,
    SUBJECT_SHORT_TITLE varchar(30),
    DEPT_CODE varchar(6) REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    SUBJECT_LEVEL_CD char(1),
    TOTAL_UNITS numeric(4,1),
    GEN_ED_ATTRIBUTE_CD varchar(6),
    SUBJECT_DESCR text,
    EFFECTIVE_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.CRS_CATALOG_SUBJECT_HIST (
    SUBJECT_ID varchar(10) REFERENCES campus.CRS_CATALOG_SUBJECT (SUBJECT_ID),
    EFFECTIVE_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    END_TERM_CODE varchar(6),
    SUBJECT_TITLE varchar(100),
    DEPT_CODE varchar(6),
    SUBJECT_LEVEL_CD char(1),
    TOTAL_UNITS numeric(4,1),
    CHANGE_REASON varchar(60),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (SUBJECT_ID, EFFECTIVE_TERM_CODE)
);

CREATE TABLE campus.SUBJ_OFFERED_SUMMARY (
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    SUBJECT_ID varchar(10) REFERENCES campus.CRS_CATALOG_SUBJECT (SUBJECT_ID),
    SUBJECT_TITLE varchar(100),
    DEPT_CODE varchar(6) REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    SECTION_CNT smallint,
    TOTAL_ENROLLMENT integer,
    TOTAL_ENROLL_CAP integer,
    RESPONSIBLE_FACULTY_NAME varchar(100),
    JOINT_SUBJECT_FLG char(1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (TERM_CODE, SUBJECT_ID)
);
COMMENT ON TABLE campus.SUBJ_OFFERED_SUMMARY IS 'One row per subject per term it is offered, all sections together.';

CREATE TABLE campus.SUBJ_OFFERED_DETAIL (
    SUBJ_OFFERED_KEY integer PRIMARY KEY,
    TERM_CODE varchar(6) NOT NULL REFERENCES campus.ACAD_TERM (TERM_CODE),
    SUBJECT_ID varchar(10) NOT NULL REFERENCES campus.CRS_CATALOG_SUBJECT (SUBJECT_ID),
    SECTION_ID varchar(4) NOT NULL,
    SECTION_TYPE_CD varchar(3),
    MEETING_DAYS varchar(7),
    MEETING_START_TIME time,
    MEETING_END_TIME time,
    ROOM_KEY integer REFERENCES campus.FCLT_ROOM (ROOM_KEY),
    ENROLL_CAP smallint,
    ENROLL_CNT smallint,
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.SUBJ_OFFERED_DETAIL.SECTION_TYPE_CD IS 'LEC = lecture, REC = recitation, LAB = laboratory, DES = design';

CREATE TABLE campus.SUBJ_OFFERED_DETAIL_STAGE (
    SUBJ_OFFERED_KEY integer,
    TERM_CODE varchar(6),
    SUBJECT_ID varchar(10),
    SECTION_ID varchar(4),
    SECTION_TYPE_CD varchar(3),
    MEETING_DAYS varchar(7),
    MEETING_START_TIME time,
    MEETING_END_TIME time,
    BUILDING_NUMBER varchar(6),
    ROOM_NUMBER varchar(10),
    ENROLL_CAP smallint,
    LOAD_BATCH_ID integer
);

CREATE TABLE campus.SUBJ_INSTRUCTOR (
    SUBJ_OFFERED_KEY integer REFERENCES campus.SUBJ_OFFERED_DETAIL (SUBJ_OFFERED_KEY),
    UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    INSTRUCTOR_ROLE_CD varchar(4),
    PCT_RESPONSIBILITY numeric(5,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (SUBJ_OFFERED_KEY, UNIV_ID, INSTRUCTOR_ROLE_CD)
);

CREATE TABLE campus.GRADE_CODE (
    GRADE_CD varchar(2) PRIMARY KEY,
    GRADE_DESCR varchar(30) NOT NULL,
    GRADE_POINTS numeric(3,2),
    PASSING_FLG char(1),
    IN_GPA_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.STU_SUBJ_ENROLL (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    SUBJECT_ID varchar(10) REFERENCES campus.CRS_CATALOG_SUBJECT (SUBJECT_ID),
    SUBJ_OFFERED_KEY integer REFERENCES campus.SUBJ_OFFERED_DETAIL (SUBJ_OFFERED_KEY),
    GRADE_CD varchar(2) REFERENCES campus.GRADE_CODE (GRADE_CD),
    UNITS_ATTEMPTED numeric(4,1),
    UNITS_EARNED numeric(4,1),
    REG_STATUS_CD varchar(3),
    ADD_DT date,
    DROP_DT date,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, TERM_CODE, SUBJECT_ID)
);

CREATE TABLE campus.SUBJ_EVAL_SUMMARY (
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    SUBJECT_ID varchar(10) REFERENCES campus.CRS_CATALOG_SUBJECT (SUBJECT_ID),
    ENROLLED_CNT integer,
    RESPONSE_CNT integer,
    AVG_OVERALL_RATING numeric(3,2),
    AVG_INSTRUCTOR_RATING numeric(3,2),
    AVG_HOURS_PER_WEEK numeric(4,1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (TERM_CODE, SUBJECT_ID)
);

CREATE TABLE campus.ADM_DECISION_CODE (
    DECISION_CD varchar(3) PRIMARY KEY,
    DECISION_DESCR varchar(30) NOT NULL,
    ADMIT_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.ADM_APPLICATION (
    APPLICATION_KEY integer PRIMARY KEY,
    APPLICANT_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    ADMIT_TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    PROGRAM_CODE varchar(10) REFERENCES campus.DEGREE_PROGRAM (PROGRAM_CODE),
    STU_LEVEL_CD char(1) REFERENCES campus.STU_LEVEL_CODE (STU_LEVEL_CD),
    APPLICATION_DT date,
    DECISION_CD varchar(3) REFERENCES campus.ADM_DECISION_CODE (DECISION_CD),
    DECISION_DT date,
    APPLICANT_COUNTRY_CD char(3) REFERENCES campus.COUNTRY_CODE (COUNTRY_CD),
    EARLY_ACTION_FLG char(1),
    ENROLLED_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.BURSAR_ITEM_TYPE (
    ITEM_TYPE_CD varchar(6) PRIMARY KEY,
    ITEM_TYPE_DESCR varchar(40) NOT NULL,
    ITEM_CATEGORY varchar(20),
    REFUNDABLE_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.STU_ACCOUNT_CHARGE (
    CHARGE_KEY bigint PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.STUDENT (UNIV_ID),
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    ITEM_TYPE_CD varchar(6) REFERENCES campus.BURSAR_ITEM_TYPE (ITEM_TYPE_CD),
    CHARGE_AMT numeric(12,2) NOT NULL,
    POSTED_DT date,
    DUE_DT date,
    REVERSAL_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Student financial aid
------------------------------------------------------------------------

CREATE TABLE campus.FA_FUND_TYPE (
    FA_FUND_TYPE_CD varchar(3) PRIMARY KEY,
    FA_FUND_TYPE_DESCR varchar(30) NOT NULL,
    REPAYABLE_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.FA_FUND (
    FA_FUND_CODE varchar(8) PRIMARY KEY,
    FA_FUND_DESCR varchar(60) NOT NULL,
    FA_FUND_TYPE_CD varchar(3) REFERENCES campus.FA_FUND_TYPE (FA_FUND_TYPE_CD),
    FUND_SOURCE_CD varchar(4),
    NEED_BASED_FLG char(1),
    GL_FUND_ID varchar(7) REFERENCES campus.GL_FUND (FUND_ID),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.FA_AWARD (
    FA_AWARD_KEY bigint PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.STUDENT (UNIV_ID),
    AID_YEAR smallint NOT NULL,
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    FA_FUND_CODE varchar(8) NOT NULL REFERENCES campus.FA_FUND (FA_FUND_CODE),
    OFFERED_AMT numeric(12,2),
    ACCEPTED_AMT numeric(12,2),
    DISBURSED_AMT numeric(12,2),
    AWARD_STATUS_CD varchar(2),
    LAST_ACTION_DT date,
    WAREHOUSE_LOAD_DATE date
);
COMMENT ON COLUMN campus.FA_AWARD.AID_YEAR IS 'Year the aid year ends in: 2024 = 2023-2024';

CREATE TABLE campus.FA_NEED_ANALYSIS (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    AID_YEAR smallint,
    DEPENDENCY_STATUS_CD char(1),
    FAMILY_INCOME_AMT numeric(12,2),
    STUDENT_AID_INDEX_AMT numeric(12,2),
    COST_OF_ATTENDANCE_AMT numeric(12,2),
    DEMONSTRATED_NEED_AMT numeric(12,2),
    PELL_ELIGIBLE_FLG char(1),
    VERIFICATION_FLG char(1),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, AID_YEAR)
);

CREATE TABLE campus.FA_AWARD_SUMMARY (
    UNIV_ID char(9) REFERENCES campus.STUDENT (UNIV_ID),
    AID_YEAR smallint,
    TOTAL_GRANT_ACCEPTED_AMT numeric(12,2),
    TOTAL_LOAN_ACCEPTED_AMT numeric(12,2),
    TOTAL_WORK_ACCEPTED_AMT numeric(12,2),
    TOTAL_AID_ACCEPTED_AMT numeric(12,2),
    UNMET_NEED_AMT numeric(12,2),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (UNIV_ID, AID_YEAR)
);

------------------------------------------------------------------------
-- Housing
------------------------------------------------------------------------

CREATE TABLE campus.HOUS_RESIDENCE (
    RESIDENCE_CD varchar(4) PRIMARY KEY,
    RESIDENCE_NAME varchar(60) NOT NULL,
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    RESIDENCE_TYPE varchar(30),
    BED_CAPACITY smallint,
    HEAD_OF_HOUSE_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    GENDER_POLICY_CD varchar(3),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y',
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HOUS_RATE (
    RATE_CD varchar(6) PRIMARY KEY,
    ACAD_YEAR smallint NOT NULL,
    RESIDENCE_CD varchar(4) REFERENCES campus.HOUS_RESIDENCE (RESIDENCE_CD),
    ROOM_CONFIG_DESCR varchar(20),
    TERM_RATE_AMT numeric(10,2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HOUS_ASSIGNMENT (
    HOUS_ASSIGN_KEY bigint PRIMARY KEY,
    UNIV_ID char(9) NOT NULL REFERENCES campus.STUDENT (UNIV_ID),
    TERM_CODE varchar(6) NOT NULL REFERENCES campus.ACAD_TERM (TERM_CODE),
    RESIDENCE_CD varchar(4) NOT NULL REFERENCES campus.HOUS_RESIDENCE (RESIDENCE_CD),
    ROOM_KEY integer REFERENCES campus.FCLT_ROOM (ROOM_KEY),
    RATE_CD varchar(6) REFERENCES campus.HOUS_RATE (RATE_CD),
    MOVE_IN_DT date,
    MOVE_OUT_DT date,
    ASSIGN_STATUS_CD varchar(3),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.HOUS_OCCUPANCY_SUMMARY (
    RESIDENCE_CD varchar(4) REFERENCES campus.HOUS_RESIDENCE (RESIDENCE_CD),
    TERM_CODE varchar(6) REFERENCES campus.ACAD_TERM (TERM_CODE),
    BED_CAPACITY_CNT smallint,
    OCCUPIED_BED_CNT smallint,
    VACANT_BED_CNT smallint,
    OFFLINE_BED_CNT smallint,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (RESIDENCE_CD, TERM_CODE)
);

------------------------------------------------------------------------
-- Libraries
------------------------------------------------------------------------

CREATE TABLE campus.LIB_MATERIAL_TYPE (
    MATERIAL_TYPE_CD varchar(4) PRIMARY KEY,
    MATERIAL_TYPE_DESCR varchar(30) NOT NULL,
    LOANABLE_FLG char(1),
    DEFAULT_LOAN_DAYS smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.LIB_LOCATION (
    LIB_LOCATION_CD varchar(6) PRIMARY KEY,
    LIBRARY_NAME varchar(60) NOT NULL,
    LOCATION_DESCR varchar(60),
    BUILDING_KEY integer REFERENCES campus.FCLT_BUILDING (BUILDING_KEY),
    PUBLIC_ACCESS_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.LIB_ITEM (
    LIB_ITEM_KEY bigint PRIMARY KEY,
    BARCODE varchar(14),
    TITLE varchar(300) NOT NULL,
    AUTHOR_NAME varchar(150),
    CALL_NBR varchar(40),
    MATERIAL_TYPE_CD varchar(4) REFERENCES campus.LIB_MATERIAL_TYPE (MATERIAL_TYPE_CD),
    LIB_LOCATION_CD varchar(6) REFERENCES campus.LIB_LOCATION (LIB_LOCATION_CD),
    PUBLICATION_YEAR smallint,
    ACQUISITION_DT date,
    ITEM_STATUS_CD varchar(3),
    REPLACEMENT_COST_AMT numeric(8,2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.LIB_PATRON_TYPE (
    PATRON_TYPE_CD varchar(3) PRIMARY KEY,
    PATRON_TYPE_DESCR varchar(30) NOT NULL,
    LOAN_LIMIT smallint,
    LOAN_DAYS smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.LIB_PATRON (
    PATRON_UNIV_ID char(9) PRIMARY KEY REFERENCES campus.PERSON (UNIV_ID),
    PATRON_TYPE_CD varchar(3) REFERENCES campus.LIB_PATRON_TYPE (PATRON_TYPE_CD),
    HOME_LIB_LOCATION_CD varchar(6) REFERENCES campus.LIB_LOCATION (LIB_LOCATION_CD),
    PATRON_EXPIRATION_DT date,
    BLOCKED_FLG char(1),
    FINES_OWED_AMT numeric(8,2),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.LIB_CIRCULATION (
    CIRC_TXN_KEY bigint PRIMARY KEY,
    LIB_ITEM_KEY bigint NOT NULL REFERENCES campus.LIB_ITEM (LIB_ITEM_KEY),
    PATRON_UNIV_ID char(9) REFERENCES campus.LIB_PATRON (PATRON_UNIV_ID),
    CHECKOUT_DT date NOT NULL,
    DUE_DT date,
    RETURN_DT date,
    RENEWAL_CNT smallint,
    FINE_AMT numeric(8,2),
    WAREHOUSE_LOAD_DATE date
);

------------------------------------------------------------------------
-- Alumni and gifts
------------------------------------------------------------------------

CREATE TABLE campus.ALUMNI (
    UNIV_ID char(9) PRIMARY KEY REFERENCES campus.PERSON (UNIV_ID),
    PREF_CLASS_YEAR smallint,
    ALUM_TYPE_CD varchar(3),
    PRIMARY_SCHOOL_AREA_CD varchar(4) REFERENCES campus.SCHOOL_AREA (SCHOOL_AREA_CD),
    PRIMARY_DEPT_CODE varchar(6) REFERENCES campus.ACAD_DEPARTMENT (DEPT_CODE),
    EMPLOYER_NAME varchar(100),
    INDUSTRY_DESCR varchar(60),
    LIVING_FLG char(1) NOT NULL DEFAULT 'Y',
    DO_NOT_SOLICIT_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GIFT_TYPE (
    GIFT_TYPE_CD varchar(3) PRIMARY KEY,
    GIFT_TYPE_DESCR varchar(30) NOT NULL,
    COUNTS_TOWARD_CAMPAIGN_FLG char(1),
    SORT_ORDER smallint,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GIFT_APPEAL (
    APPEAL_CD varchar(6) PRIMARY KEY,
    APPEAL_NAME varchar(60) NOT NULL,
    APPEAL_CHANNEL varchar(20),
    CAMPAIGN_NAME varchar(60),
    APPEAL_START_DT date,
    APPEAL_END_DT date,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GIFT_PLEDGE (
    PLEDGE_KEY bigint PRIMARY KEY,
    DONOR_UNIV_ID char(9) NOT NULL REFERENCES campus.PERSON (UNIV_ID),
    FUND_ID varchar(7) REFERENCES campus.GL_FUND (FUND_ID),
    PLEDGE_DT date,
    PLEDGE_AMT numeric(14,2),
    PAID_TO_DATE_AMT numeric(14,2),
    BALANCE_AMT numeric(14,2),
    PLEDGE_STATUS_CD varchar(3),
    FINAL_PAYMENT_DUE_DT date,
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GIFT (
    GIFT_KEY bigint PRIMARY KEY,
    DONOR_UNIV_ID char(9) NOT NULL REFERENCES campus.PERSON (UNIV_ID),
    GIFT_DT date NOT NULL,
    FISCAL_YEAR smallint NOT NULL,
    GIFT_AMT numeric(14,2) NOT NULL,
    GIFT_TYPE_CD varchar(3) REFERENCES campus.GIFT_TYPE (GIFT_TYPE_CD),
    FUND_ID varchar(7) REFERENCES campus.GL_FUND (FUND_ID),
    APPEAL_CD varchar(6) REFERENCES campus.GIFT_APPEAL (APPEAL_CD),
    PLEDGE_KEY bigint REFERENCES campus.GIFT_PLEDGE (PLEDGE_KEY),
    ANONYMOUS_FLG char(1),
    WAREHOUSE_LOAD_DATE date
);

CREATE TABLE campus.GIFT_DONOR_SUMMARY (
    DONOR_UNIV_ID char(9) REFERENCES campus.PERSON (UNIV_ID),
    FISCAL_YEAR smallint,
    GIFT_CNT integer,
    TOTAL_GIVING_AMT numeric(14,2),
    LARGEST_GIFT_AMT numeric(14,2),
    FIRST_GIFT_DT date,
    CONSECUTIVE_YEARS_GIVING smallint,
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (DONOR_UNIV_ID, FISCAL_YEAR)
);

CREATE TABLE campus.ENDOW_FUND_VALUE (
    FUND_ID varchar(7) REFERENCES campus.GL_FUND (FUND_ID),
    FISCAL_YEAR smallint,
    BEGINNING_MARKET_VALUE_AMT numeric(16,2),
    NEW_GIFTS_AMT numeric(16,2),
    INVESTMENT_RETURN_AMT numeric(16,2),
    PAYOUT_AMT numeric(16,2),
    ENDING_MARKET_VALUE_AMT numeric(16,2),
    UNITS_HELD numeric(16,4),
    WAREHOUSE_LOAD_DATE date,
    PRIMARY KEY (FUND_ID, FISCAL_YEAR)
);

------------------------------------------------------------------------
-- A few rows in the code tables and the names users filter on
------------------------------------------------------------------------

INSERT INTO campus.COUNTRY_CODE (COUNTRY_CD, COUNTRY_NAME, ISO2_CD, WORLD_REGION_NAME) VALUES
    ('USA', 'United States', 'US', 'North America'), ('CAN', 'Canada', 'CA', 'North America'),
    ('CHN', 'China', 'CN', 'East Asia'), ('IND', 'India', 'IN', 'South Asia'),
    ('KOR', 'Korea, Republic of', 'KR', 'East Asia'), ('DEU', 'Germany', 'DE', 'Europe'),
    ('GBR', 'United Kingdom', 'GB', 'Europe'), ('BRA', 'Brazil', 'BR', 'South America');

INSERT INTO campus.ACAD_TERM (TERM_CODE, TERM_DESCR, ACAD_YEAR, ACAD_YEAR_DESCR, FISCAL_YEAR, TERM_START_DT, TERM_END_DT, CURRENT_TERM_FLG) VALUES
    ('2021FA', 'Fall 2021', 2022, '2021-2022', 2022, DATE '2021-09-08', DATE '2021-12-22', 'N'),
    ('2022SP', 'Spring 2022', 2022, '2021-2022', 2022, DATE '2022-02-01', DATE '2022-05-27', 'N'),
    ('2022SU', 'Summer 2022', 2022, '2021-2022', 2023, DATE '2022-06-06', DATE '2022-08-12', 'N'),
    ('2022FA', 'Fall 2022', 2023, '2022-2023', 2023, DATE '2022-09-07', DATE '2022-12-21', 'N'),
    ('2023SP', 'Spring 2023', 2023, '2022-2023', 2023, DATE '2023-01-31', DATE '2023-05-26', 'N'),
    ('2023SU', 'Summer 2023', 2023, '2022-2023', 2024, DATE '2023-06-05', DATE '2023-08-11', 'N'),
    ('2023FA', 'Fall 2023', 2024, '2023-2024', 2024, DATE '2023-09-06', DATE '2023-12-20', 'N'),
    ('2024SP', 'Spring 2024', 2024, '2023-2024', 2024, DATE '2024-02-05', DATE '2024-05-24', 'N'),
    ('2024SU', 'Summer 2024', 2024, '2023-2024', 2025, DATE '2024-06-03', DATE '2024-08-09', 'N'),
    ('2024FA', 'Fall 2024', 2025, '2024-2025', 2025, DATE '2024-09-04', DATE '2024-12-20', 'N'),
    ('2025SP', 'Spring 2025', 2025, '2024-2025', 2025, DATE '2025-02-03', DATE '2025-05-23', 'Y');

INSERT INTO campus.SCHOOL_AREA (SCHOOL_AREA_CD, SCHOOL_AREA_NAME, SCHOOL_AREA_SHORT_NAME) VALUES
    ('SCI', 'School of Science', 'Science'),
    ('ENG', 'School of Engineering', 'Engineering'),
    ('HASS', 'School of Humanities, Arts, and Social Sciences', 'SHASS'),
    ('ARCH', 'School of Architecture and Planning', 'SA+P'),
    ('MGMT', 'School of Management', 'Management');

INSERT INTO campus.ORG_UNIT_TYPE (ORG_UNIT_TYPE_CD, ORG_UNIT_TYPE_DESCR, ACADEMIC_FLG, SORT_ORDER) VALUES
    ('UNIV', 'University', 'N', 1), ('SCHL', 'School', 'Y', 2), ('ACAD', 'Academic Department', 'Y', 3),
    ('LAB', 'Interdepartmental Laboratory', 'N', 4), ('CNTR', 'Research Center', 'N', 5),
    ('ADMN', 'Administrative Office', 'N', 6), ('AUX', 'Auxiliary Enterprise', 'N', 7);

INSERT INTO campus.ORG_UNIT (ORG_UNIT_ID, ORG_UNIT_NAME, ORG_UNIT_TYPE_CD, PARENT_ORG_UNIT_ID, SCHOOL_AREA_CD, ORG_LEVEL_NBR) VALUES
    ('10000001', 'Office of the President', 'UNIV', NULL, NULL, 1);
INSERT INTO campus.ORG_UNIT (ORG_UNIT_ID, ORG_UNIT_NAME, ORG_UNIT_TYPE_CD, PARENT_ORG_UNIT_ID, SCHOOL_AREA_CD, ORG_LEVEL_NBR) VALUES
    ('10100000', 'School of Science', 'SCHL', '10000001', 'SCI', 2),
    ('10200000', 'School of Engineering', 'SCHL', '10000001', 'ENG', 2),
    ('10300000', 'School of Humanities, Arts, and Social Sciences', 'SCHL', '10000001', 'HASS', 2),
    ('10400000', 'School of Architecture and Planning', 'SCHL', '10000001', 'ARCH', 2),
    ('10500000', 'School of Management', 'SCHL', '10000001', 'MGMT', 2),
    ('20010000', 'Office of the Registrar', 'ADMN', '10000001', NULL, 2),
    ('20020000', 'Office of Sponsored Programs', 'ADMN', '10000001', NULL, 2),
    ('20030000', 'Facilities Operations', 'ADMN', '10000001', NULL, 2),
    ('20040000', 'University Libraries', 'ADMN', '10000001', NULL, 2),
    ('20050000', 'Housing and Residential Services', 'AUX', '10000001', NULL, 2),
    ('20060000', 'Student Financial Services', 'ADMN', '10000001', NULL, 2),
    ('20070000', 'Office of Alumni Relations', 'ADMN', '10000001', NULL, 2);
INSERT INTO campus.ORG_UNIT (ORG_UNIT_ID, ORG_UNIT_NAME, ORG_UNIT_TYPE_CD, PARENT_ORG_UNIT_ID, SCHOOL_AREA_CD, ORG_LEVEL_NBR) VALUES
    ('10110000', 'Department of Physics', 'ACAD', '10100000', 'SCI', 3),
    ('10120000', 'Department of Chemistry', 'ACAD', '10100000', 'SCI', 3),
    ('10130000', 'Department of Biology', 'ACAD', '10100000', 'SCI', 3),
    ('10140000', 'Laboratory for Nuclear Science', 'LAB', '10100000', 'SCI', 3),
    ('10210000', 'Department of Mechanical Engineering', 'ACAD', '10200000', 'ENG', 3),
    ('10220000', 'Department of Electrical Engineering and Computer Science', 'ACAD', '10200000', 'ENG', 3),
    ('10230000', 'Plasma Science and Fusion Center', 'CNTR', '10200000', 'ENG', 3),
    ('10310000', 'Department of Economics', 'ACAD', '10300000', 'HASS', 3),
    ('10320000', 'Department of History', 'ACAD', '10300000', 'HASS', 3),
    ('10410000', 'Department of Urban Studies and Planning', 'ACAD', '10400000', 'ARCH', 3);

INSERT INTO campus.ACAD_DEPARTMENT (DEPT_CODE, DEPT_NAME, DEPT_SHORT_NAME, SUBJECT_PREFIX, SCHOOL_AREA_CD, ORG_UNIT_ID) VALUES
    ('PHYS', 'Physics', 'Physics', 'PHYS', 'SCI', '10110000'),
    ('CHEM', 'Chemistry', 'Chemistry', 'CHEM', 'SCI', '10120000'),
    ('BIOL', 'Biology', 'Biology', 'BIOL', 'SCI', '10130000'),
    ('MECHE', 'Mechanical Engineering', 'MechE', 'ME', 'ENG', '10210000'),
    ('EECS', 'Electrical Engineering and Computer Science', 'EECS', 'EECS', 'ENG', '10220000'),
    ('ECON', 'Economics', 'Economics', 'ECON', 'HASS', '10310000'),
    ('HIST', 'History', 'History', 'HIST', 'HASS', '10320000'),
    ('DUSP', 'Urban Studies and Planning', 'DUSP', 'PLAN', 'ARCH', '10410000'),
    ('MGT', 'Management', 'Management', 'MGT', 'MGMT', '10500000');

INSERT INTO campus.GL_FUND_TYPE (FUND_TYPE_CD, FUND_TYPE_DESCR, RESTRICTED_FLG, NET_ASSET_CLASS) VALUES
    ('GEN', 'General Budget', 'N', 'Without donor restrictions'),
    ('SPR', 'Sponsored Research', 'Y', 'Without donor restrictions'),
    ('GFT', 'Restricted Gift', 'Y', 'With donor restrictions'),
    ('END', 'Endowment', 'Y', 'With donor restrictions'),
    ('AUX', 'Auxiliary Enterprise', 'N', 'Without donor restrictions'),
    ('PLT', 'Plant and Capital', 'N', 'Without donor restrictions');

INSERT INTO campus.GL_ACCOUNT_GROUP (GL_ACCOUNT_GROUP_CD, GL_ACCOUNT_GROUP_DESCR, ACCOUNT_CATEGORY, SORT_ORDER) VALUES
    ('SAL', 'Salaries and Wages', 'Expense', 1), ('BEN', 'Employee Benefits', 'Expense', 2),
    ('MAT', 'Materials and Services', 'Expense', 3), ('TRV', 'Travel', 'Expense', 4),
    ('EQP', 'Equipment', 'Expense', 5), ('SUB', 'Subcontracts', 'Expense', 6),
    ('IDC', 'Indirect Cost Recovery', 'Revenue', 7), ('TUI', 'Tuition Revenue', 'Revenue', 8),
    ('GFT', 'Gift Revenue', 'Revenue', 9);

INSERT INTO campus.GL_ACCOUNT (GL_ACCOUNT_CD, GL_ACCOUNT_DESCR, GL_ACCOUNT_GROUP_CD, ACCOUNT_CATEGORY, MTDC_BASE_FLG) VALUES
    ('400100', 'Salaries - Faculty', 'SAL', 'Expense', 'Y'),
    ('400200', 'Salaries - Research Staff', 'SAL', 'Expense', 'Y'),
    ('400300', 'Wages - Students', 'SAL', 'Expense', 'Y'),
    ('410100', 'Employee Benefits Pool', 'BEN', 'Expense', 'Y'),
    ('420050', 'Travel - Domestic', 'TRV', 'Expense', 'Y'),
    ('420060', 'Travel - Foreign', 'TRV', 'Expense', 'Y'),
    ('430100', 'Laboratory Supplies', 'MAT', 'Expense', 'Y'),
    ('450100', 'Equipment over $5,000', 'EQP', 'Expense', 'N'),
    ('460100', 'Subawards', 'SUB', 'Expense', 'N'),
    ('500100', 'Undergraduate Tuition', 'TUI', 'Revenue', 'N'),
    ('510100', 'Gifts - Current Use', 'GFT', 'Revenue', 'N');

INSERT INTO campus.BUDGET_VERSION (BUDGET_VERSION_CD, BUDGET_VERSION_DESCR, FISCAL_YEAR, LOCKED_FLG) VALUES
    ('ORIG', 'Original Budget', NULL, 'Y'), ('REV', 'Revised Budget', NULL, 'N'), ('FCST', 'Forecast', NULL, 'N');

INSERT INTO campus.SPONS_SPONSOR_TYPE (SPONSOR_TYPE_CD, SPONSOR_TYPE_DESCR, FEDERAL_FLG, SORT_ORDER) VALUES
    ('FED', 'Federal Government', 'Y', 1), ('STA', 'State Government', 'N', 2),
    ('FND', 'Foundation', 'N', 3), ('IND', 'Industry', 'N', 4),
    ('FGN', 'Foreign Government', 'N', 5), ('UNI', 'College or University', 'N', 6);

INSERT INTO campus.SPONS_SPONSOR (SPONSOR_CODE, SPONSOR_NAME, SPONSOR_SHORT_NAME, SPONSOR_TYPE_CD, PARENT_SPONSOR_CODE, COUNTRY_CD) VALUES
    ('HHS', 'Department of Health and Human Services', 'HHS', 'FED', NULL, 'USA'),
    ('NSF', 'National Science Foundation', 'NSF', 'FED', NULL, 'USA'),
    ('DOE', 'Department of Energy', 'DOE', 'FED', NULL, 'USA'),
    ('DOD', 'Department of Defense', 'DOD', 'FED', NULL, 'USA');
INSERT INTO campus.SPONS_SPONSOR (SPONSOR_CODE, SPONSOR_NAME, SPONSOR_SHORT_NAME, SPONSOR_TYPE_CD, PARENT_SPONSOR_CODE, COUNTRY_CD) VALUES
    ('NIH', 'National Institutes of Health', 'NIH', 'FED', 'HHS', 'USA'),
    ('DARPA', 'Defense Advanced Research Projects Agency', 'DARPA', 'FED', 'DOD', 'USA'),
    ('CCEA', 'Commonwealth Clean Energy Agency', 'CCEA', 'STA', NULL, 'USA'),
    ('HOLLIS', 'Hollis Family Foundation', 'Hollis Fdn', 'FND', NULL, 'USA'),
    ('NFAERO', 'Northfield Aerospace Inc.', 'Northfield', 'IND', NULL, 'USA'),
    ('BMBF', 'Federal Ministry of Education and Research', 'BMBF', 'FGN', NULL, 'DEU');

INSERT INTO campus.SPONS_ACTIVITY_TYPE (ACTIVITY_TYPE_CD, ACTIVITY_TYPE_DESCR, F_AND_A_RATE_PCT, SORT_ORDER) VALUES
    ('BR', 'Basic Research', 59.00, 1), ('AR', 'Applied Research', 59.00, 2),
    ('INS', 'Instruction', 52.00, 3), ('CT', 'Clinical Trial', 30.00, 4), ('PS', 'Public Service', 35.00, 5);

INSERT INTO campus.PROC_COMMODITY_CODE (COMMODITY_CD, COMMODITY_DESCR, COMMODITY_GROUP_DESCR, UNSPSC_CD) VALUES
    ('LABSUP', 'Laboratory Supplies', 'Research Supplies', '41120000'),
    ('CHEMGS', 'Chemicals and Gases', 'Research Supplies', '12140000'),
    ('SCIEQP', 'Scientific Instruments', 'Capital Equipment', '41110000'),
    ('COMPHW', 'Computers and Peripherals', 'Information Technology', '43210000'),
    ('FURN', 'Office Furniture', 'Facilities', '56100000'),
    ('PROFSV', 'Professional Services', 'Services', '80100000');

INSERT INTO campus.FCLT_CAMPUS_SECTOR (CAMPUS_SECTOR_CD, CAMPUS_SECTOR_NAME, CITY, STATE_CD) VALUES
    ('MAIN', 'Main Campus', 'Riverton', 'MA'), ('WEST', 'West Campus', 'Riverton', 'MA'),
    ('NRTH', 'North Campus', 'Riverton', 'MA'), ('LEAS', 'Off-Campus Leased', 'Boston', 'MA');

INSERT INTO campus.FCLT_BUILDING (BUILDING_KEY, BUILDING_NUMBER, BUILDING_NAME, CAMPUS_SECTOR_CD, YEAR_BUILT, NUM_FLOORS, OWNERSHIP_CD, BUILDING_USE_CD) VALUES
    (1, '4', 'Old Main', 'MAIN', 1888, 4, 'O', 'ACAD'),
    (2, '6', 'Whitaker Laboratory', 'MAIN', 1931, 5, 'O', 'ACAD'),
    (3, '14', 'Harmon Library', 'MAIN', 1950, 6, 'O', 'ACAD'),
    (4, '26', 'Kessler Center for Materials Research', 'MAIN', 2012, 7, 'O', 'ACAD'),
    (5, 'E15', 'Lindqvist Arts Center', 'MAIN', 1985, 3, 'O', 'ACAD'),
    (6, 'W11', 'Ellsworth Hall', 'WEST', 1938, 5, 'O', 'RES'),
    (7, 'W31', 'Maple House', 'WEST', 1962, 4, 'O', 'RES'),
    (8, 'W70', 'Greenway Towers', 'WEST', 2003, 12, 'O', 'RES'),
    (9, 'N52', 'North Campus Garage', 'NRTH', 1978, 5, 'O', 'PARK'),
    (10, 'BOS1', 'Sidney Street Offices', 'LEAS', 1999, 8, 'L', 'ADMN');

INSERT INTO campus.FCLT_ROOM_USE (ROOM_USE_CD, ROOM_USE_DESCR, ROOM_USE_CATEGORY, INSTRUCTIONAL_FLG) VALUES
    ('110', 'Classroom', 'Classroom Facilities', 'Y'),
    ('210', 'Class Laboratory', 'Laboratory Facilities', 'Y'),
    ('250', 'Research Laboratory', 'Laboratory Facilities', 'N'),
    ('310', 'Office', 'Office Facilities', 'N'),
    ('410', 'Study Room', 'Study Facilities', 'N'),
    ('610', 'Assembly', 'General Use Facilities', 'N'),
    ('910', 'Sleeping Room', 'Residential Facilities', 'N');

INSERT INTO campus.FCLT_WO_TYPE (WO_TYPE_CD, WO_TYPE_DESCR, BILLABLE_FLG, PLANNED_FLG) VALUES
    ('PM', 'Preventive Maintenance', 'N', 'Y'), ('CM', 'Corrective Repair', 'N', 'N'),
    ('CUST', 'Custodial', 'N', 'Y'), ('RENO', 'Renovation', 'Y', 'Y'),
    ('SNOW', 'Snow Removal', 'N', 'N'), ('MOVE', 'Moves and Event Setup', 'Y', 'N');

INSERT INTO campus.HR_JOB_FAMILY (JOB_FAMILY_CD, JOB_FAMILY_NAME, EEO_CATEGORY_CD, SORT_ORDER) VALUES
    ('FAC', 'Faculty', '2FA', 1), ('RSCH', 'Research Staff', '2OT', 2),
    ('PDOC', 'Postdoctoral Scholars', '2OT', 3), ('ADMN', 'Administrative Staff', '3MA', 4),
    ('SUPP', 'Support Staff', '5CL', 5), ('SERV', 'Service Staff', '7SM', 6),
    ('STUD', 'Student Employees', '9ST', 7);

INSERT INTO campus.HR_APPT_TYPE (APPT_TYPE_CD, APPT_TYPE_DESCR, BENEFITS_ELIG_FLG, SORT_ORDER) VALUES
    ('REG', 'Regular', 'Y', 1), ('TMP', 'Temporary', 'N', 2), ('VIS', 'Visiting', 'N', 3),
    ('EME', 'Emeritus', 'N', 4), ('CAS', 'Casual', 'N', 5);

INSERT INTO campus.HR_ACTION_CODE (ACTION_CD, ACTION_DESCR, ACTION_CATEGORY, SORT_ORDER) VALUES
    ('HIR', 'Hire', 'Entry', 1), ('RHR', 'Rehire', 'Entry', 2), ('PRO', 'Promotion', 'Job Change', 3),
    ('MER', 'Merit Increase', 'Pay Change', 4), ('XFR', 'Transfer', 'Job Change', 5),
    ('LOA', 'Leave of Absence', 'Status', 6), ('TER', 'Termination', 'Exit', 7), ('RET', 'Retirement', 'Exit', 8);

INSERT INTO campus.HR_FACULTY_RANK (FACULTY_RANK_CD, FACULTY_RANK_DESCR, TENURE_TRACK_FLG, RANK_ORDER) VALUES
    ('PROF', 'Professor', 'Y', 1), ('ASSOC', 'Associate Professor', 'Y', 2),
    ('ASST', 'Assistant Professor', 'Y', 3), ('PRAC', 'Professor of the Practice', 'N', 4),
    ('SLECT', 'Senior Lecturer', 'N', 5), ('LECT', 'Lecturer', 'N', 6);

INSERT INTO campus.PAY_EARN_CODE (EARN_CODE, EARN_CODE_DESCR, TAXABLE_FLG, GL_ACCOUNT_CD) VALUES
    ('REG', 'Regular Salary', 'Y', NULL), ('OT', 'Overtime', 'Y', NULL), ('SUM', 'Summer Salary', 'Y', '400100'),
    ('STP', 'Graduate Stipend', 'Y', NULL), ('BON', 'Bonus', 'Y', NULL);

INSERT INTO campus.STU_LEVEL_CODE (STU_LEVEL_CD, STU_LEVEL_DESCR, STU_LEVEL_SHORT_DESCR, DEGREE_SEEKING_FLG) VALUES
    ('U', 'Undergraduate', 'UG', 'Y'), ('G', 'Graduate', 'GR', 'Y'),
    ('N', 'Non-degree', 'ND', 'N'), ('V', 'Visiting Student', 'VS', 'N');

INSERT INTO campus.ENROLL_STATUS_CODE (ENROLL_STATUS_CD, ENROLL_STATUS_DESCR, COUNTS_AS_ENROLLED_FLG, SORT_ORDER) VALUES
    ('REG', 'Registered', 'Y', 1), ('LOA', 'Leave of Absence', 'N', 2), ('WDR', 'Withdrawn', 'N', 3),
    ('GRD', 'Graduated', 'N', 4), ('NR', 'Not Registered', 'N', 5);

INSERT INTO campus.DEGREE_CODE (DEGREE_CODE, DEGREE_DESCR, DEGREE_LEVEL, IPEDS_AWARD_LEVEL) VALUES
    ('SB', 'Bachelor of Science', 'Bachelor''s', 5), ('SM', 'Master of Science', 'Master''s', 7),
    ('MENG', 'Master of Engineering', 'Master''s', 7), ('MBA', 'Master of Business Administration', 'Master''s', 7),
    ('MCP', 'Master in City Planning', 'Master''s', 7), ('PHD', 'Doctor of Philosophy', 'Doctoral', 17);

INSERT INTO campus.DEGREE_PROGRAM (PROGRAM_CODE, PROGRAM_NAME, DEPT_CODE, DEGREE_CODE, STU_LEVEL_CD, STEM_FLG) VALUES
    ('CHEM-SB', 'Chemistry', 'CHEM', 'SB', 'U', 'Y'),
    ('CHEM-PHD', 'Chemistry', 'CHEM', 'PHD', 'G', 'Y'),
    ('PHYS-SB', 'Physics', 'PHYS', 'SB', 'U', 'Y'),
    ('PHYS-PHD', 'Physics', 'PHYS', 'PHD', 'G', 'Y'),
    ('EECS-SB', 'Computer Science and Engineering', 'EECS', 'SB', 'U', 'Y'),
    ('EECS-MENG', 'Electrical Engineering and Computer Science', 'EECS', 'MENG', 'G', 'Y'),
    ('ECON-SB', 'Economics', 'ECON', 'SB', 'U', 'N'),
    ('ECON-PHD', 'Economics', 'ECON', 'PHD', 'G', 'N'),
    ('DUSP-MCP', 'City Planning', 'DUSP', 'MCP', 'G', 'N'),
    ('MGT-MBA', 'Business Administration', 'MGT', 'MBA', 'G', 'N');

INSERT INTO campus.GRADE_CODE (GRADE_CD, GRADE_DESCR, GRADE_POINTS, PASSING_FLG, IN_GPA_FLG) VALUES
    ('A', 'Excellent', 5.00, 'Y', 'Y'), ('B', 'Good', 4.00, 'Y', 'Y'), ('C', 'Adequate', 3.00, 'Y', 'Y'),
    ('D', 'Minimum passing', 2.00, 'Y', 'Y'), ('F', 'Failed', 0.00, 'N', 'Y'),
    ('P', 'Pass', NULL, 'Y', 'N'), ('I', 'Incomplete', NULL, 'N', 'N'), ('W', 'Withdrawn', NULL, 'N', 'N');

INSERT INTO campus.ADM_DECISION_CODE (DECISION_CD, DECISION_DESCR, ADMIT_FLG, SORT_ORDER) VALUES
    ('ADM', 'Admit', 'Y', 1), ('DEN', 'Deny', 'N', 2), ('WL', 'Waitlist', 'N', 3),
    ('DEF', 'Defer', 'N', 4), ('WDN', 'Withdrawn by Applicant', 'N', 5);

INSERT INTO campus.BURSAR_ITEM_TYPE (ITEM_TYPE_CD, ITEM_TYPE_DESCR, ITEM_CATEGORY, REFUNDABLE_FLG) VALUES
    ('TUIT', 'Tuition', 'Tuition and Fees', 'Y'), ('HOUS', 'Housing', 'Room and Board', 'Y'),
    ('MEAL', 'Meal Plan', 'Room and Board', 'Y'), ('HLTH', 'Student Health Insurance', 'Insurance', 'N'),
    ('ACTV', 'Student Activities Fee', 'Tuition and Fees', 'N');

INSERT INTO campus.FA_FUND_TYPE (FA_FUND_TYPE_CD, FA_FUND_TYPE_DESCR, REPAYABLE_FLG, SORT_ORDER) VALUES
    ('GRT', 'Grant', 'N', 1), ('SCH', 'Scholarship', 'N', 2), ('LN', 'Loan', 'Y', 3),
    ('WS', 'Work-Study', 'N', 4), ('FEL', 'Fellowship', 'N', 5);

INSERT INTO campus.FA_FUND (FA_FUND_CODE, FA_FUND_DESCR, FA_FUND_TYPE_CD, FUND_SOURCE_CD, NEED_BASED_FLG) VALUES
    ('PELL', 'Federal Pell Grant', 'GRT', 'FED', 'Y'),
    ('SEOG', 'Federal Supplemental Educational Opportunity Grant', 'GRT', 'FED', 'Y'),
    ('UNIVSCH', 'University Scholarship', 'SCH', 'INST', 'Y'),
    ('DLSUB', 'Federal Direct Subsidized Loan', 'LN', 'FED', 'Y'),
    ('DLUNSUB', 'Federal Direct Unsubsidized Loan', 'LN', 'FED', 'N'),
    ('FWS', 'Federal Work-Study', 'WS', 'FED', 'Y');

INSERT INTO campus.HOUS_RESIDENCE (RESIDENCE_CD, RESIDENCE_NAME, BUILDING_KEY, RESIDENCE_TYPE, BED_CAPACITY) VALUES
    ('ELLS', 'Ellsworth Hall', 6, 'Undergraduate Residence Hall', 350),
    ('MAPL', 'Maple House', 7, 'Undergraduate Residence Hall', 180),
    ('GRNW', 'Greenway Towers', 8, 'Graduate Apartments', 720);

INSERT INTO campus.LIB_MATERIAL_TYPE (MATERIAL_TYPE_CD, MATERIAL_TYPE_DESCR, LOANABLE_FLG, DEFAULT_LOAN_DAYS) VALUES
    ('BOOK', 'Book', 'Y', 28), ('JRNL', 'Journal Volume', 'N', NULL), ('DVD', 'DVD', 'Y', 7),
    ('THES', 'Thesis', 'N', NULL), ('MAP', 'Map', 'N', NULL), ('SCOR', 'Music Score', 'Y', 28);

INSERT INTO campus.LIB_LOCATION (LIB_LOCATION_CD, LIBRARY_NAME, LOCATION_DESCR, BUILDING_KEY, PUBLIC_ACCESS_FLG) VALUES
    ('HRM-ST', 'Harmon Library', 'Main Stacks', 3, 'Y'),
    ('HRM-RS', 'Harmon Library', 'Course Reserves', 3, 'Y'),
    ('HRM-SC', 'Harmon Library', 'Special Collections', 3, 'N'),
    ('SCI-ST', 'Science Library', 'Main Stacks', 4, 'Y'),
    ('MUS-ST', 'Music Library', 'Listening Room', 5, 'Y'),
    ('ANNEX', 'Library Storage Annex', 'Offsite Storage', 10, 'N');

INSERT INTO campus.LIB_PATRON_TYPE (PATRON_TYPE_CD, PATRON_TYPE_DESCR, LOAN_LIMIT, LOAN_DAYS) VALUES
    ('FAC', 'Faculty', 200, 120), ('GRD', 'Graduate Student', 100, 90), ('UGR', 'Undergraduate', 50, 28),
    ('STF', 'Staff', 50, 28), ('ALM', 'Alumni', 10, 28), ('VIS', 'Visitor', 0, 0);

INSERT INTO campus.GIFT_TYPE (GIFT_TYPE_CD, GIFT_TYPE_DESCR, COUNTS_TOWARD_CAMPAIGN_FLG, SORT_ORDER) VALUES
    ('CSH', 'Cash', 'Y', 1), ('SEC', 'Securities', 'Y', 2), ('PPY', 'Pledge Payment', 'Y', 3),
    ('PLN', 'Planned Gift', 'Y', 4), ('GIK', 'Gift in Kind', 'N', 5), ('MTC', 'Matching Gift', 'Y', 6);

INSERT INTO campus.GIFT_APPEAL (APPEAL_CD, APPEAL_NAME, APPEAL_CHANNEL, CAMPAIGN_NAME, APPEAL_START_DT, APPEAL_END_DT) VALUES
    ('GD24', 'Giving Day 2024', 'Online', 'Annual Fund', DATE '2024-03-14', DATE '2024-03-14'),
    ('AF24S', 'Annual Fund Spring Appeal 2024', 'Mail', 'Annual Fund', DATE '2024-04-01', DATE '2024-06-30'),
    ('RU24', 'Reunion Class Gift 2024', 'Event', 'Annual Fund', DATE '2023-07-01', DATE '2024-06-09'),
    ('CAMPFU', 'Campaign for the Future', 'Phone', 'Campaign for the Future', DATE '2021-07-01', DATE '2027-06-30');
