-- The enterprise data warehouse of a mid-sized city government, loaded
-- nightly from the line-of-business systems: the land management system
-- (permits, plan review, building inspections, code enforcement), the 311
-- customer service CRM, the county assessor's CAMA extract (parcels and the
-- assessment roll), the utility billing CIS (water, sewer, stormwater,
-- sanitation), the HCM system (HR and payroll), the ERP (procurement,
-- contracts, accounts payable, budget and general ledger), the CMMS (fleet
-- and work orders), recreation registration and business licensing.
-- Warehouse conventions: DIM_ dimensions with surrogate *_KEY columns,
-- FACT_ facts, LKP_ code lists, SNAP_ month-end snapshots, STG_ landing
-- copies of the nightly extracts (no keys), *_HIST history copies. Natural
-- codes shared across subject areas ride beside the surrogates: PARCEL_NBR,
-- EMP_ID, VENDOR_NBR, BL_ACCT_NBR, DEPT_CD, FUND_CD, OBJECT_CD, FISCAL_YR.
-- Dates are integer keys (yyyymmdd) into DIM_DATE under many roles
-- (APPL_DT_KEY, ISSUE_DT_KEY, OPEN_DT_KEY, ...). The city's fiscal year runs
-- July through June and is named for the year it ends in. Upper case
-- without quotes, folded to lower case.
CREATE SCHEMA citydw;

------------------------------------------------------------------------
-- Conformed dimensions
------------------------------------------------------------------------

CREATE TABLE citydw.DIM_DATE (
    DATE_KEY integer PRIMARY KEY,
    CAL_DT date NOT NULL UNIQUE,
    CAL_YR smallint NOT NULL,
    CAL_QTR smallint NOT NULL,
    CAL_MO smallint NOT NULL,
    MO_NAME varchar(10) NOT NULL,
    DAY_OF_MO smallint NOT NULL,
    DAY_OF_WK_NBR smallint NOT NULL,
    DAY_OF_WK_NAME varchar(10) NOT NULL,
    WKDAY_FLG char(1) NOT NULL,
    CITY_HOLIDAY_FLG char(1) NOT NULL DEFAULT 'N',
    FISCAL_YR smallint NOT NULL,
    FISCAL_QTR smallint NOT NULL,
    FISCAL_PRD smallint NOT NULL
);
COMMENT ON TABLE citydw.DIM_DATE IS 'Calendar day dimension, one row per day 2015-2027. Fiscal year runs July-June and is named for the year it ends in (FY2025 = 1 Jul 2024 - 30 Jun 2025).';
INSERT INTO citydw.DIM_DATE
SELECT to_char(d, 'YYYYMMDD')::integer, d, extract(year FROM d), extract(quarter FROM d), extract(month FROM d),
       trim(to_char(d, 'Month')), extract(day FROM d), extract(isodow FROM d), trim(to_char(d, 'Day')),
       CASE WHEN extract(isodow FROM d) < 6 THEN 'Y' ELSE 'N' END, 'N',
       extract(year FROM d) + CASE WHEN extract(month FROM d) >= 7 THEN 1 ELSE 0 END,
       ((extract(month FROM d)::int + 5) % 12) / 3 + 1,
       (extract(month FROM d)::int + 5) % 12 + 1
FROM generate_series(DATE '2015-01-01', DATE '2027-12-31', INTERVAL '1 day') AS g(d);

CREATE TABLE citydw.DIM_FISCAL_PRD (
    FISCAL_PRD_KEY integer PRIMARY KEY,
    FISCAL_YR smallint NOT NULL,
    PRD_NBR smallint NOT NULL,
    PRD_NAME varchar(20) NOT NULL,
    PRD_BEG_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRD_END_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRD_STAT_CD char(1) NOT NULL,
    UNIQUE (FISCAL_YR, PRD_NBR)
);
COMMENT ON TABLE citydw.DIM_FISCAL_PRD IS 'Accounting periods of the general ledger: period 1 is July, period 12 is June; period 13 holds year-end adjustments.';
COMMENT ON COLUMN citydw.DIM_FISCAL_PRD.PRD_STAT_CD IS 'O open, C closed, F future';
INSERT INTO citydw.DIM_FISCAL_PRD
SELECT fy * 100 + p, fy, p, 'FY' || fy || ' P' || lpad(p::text, 2, '0'),
       to_char(make_date(fy - 1, 7, 1) + make_interval(months => p - 1), 'YYYYMMDD')::integer,
       to_char(make_date(fy - 1, 7, 1) + make_interval(months => p) - INTERVAL '1 day', 'YYYYMMDD')::integer,
       CASE WHEN fy < 2026 THEN 'C' WHEN fy = 2026 THEN 'O' ELSE 'F' END
FROM generate_series(2016, 2027) AS y(fy) CROSS JOIN generate_series(1, 12) AS q(p);

CREATE TABLE citydw.DIM_DEPT (
    DEPT_KEY integer PRIMARY KEY,
    DEPT_CD varchar(6) NOT NULL UNIQUE,
    DEPT_NAME varchar(80) NOT NULL,
    DEPT_ABBR varchar(10),
    DEPT_HEAD_EMP_ID varchar(10),
    GEN_GOVT_FLG char(1),
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y'
);
INSERT INTO citydw.DIM_DEPT (DEPT_KEY, DEPT_CD, DEPT_NAME, DEPT_ABBR) VALUES
    (1, '110', 'City Manager''s Office', 'CMO'),
    (2, '120', 'City Clerk', 'CLK'),
    (3, '130', 'Finance', 'FIN'),
    (4, '140', 'Human Resources', 'HR'),
    (5, '150', 'Information Technology', 'IT'),
    (6, '210', 'Police', 'PD'),
    (7, '220', 'Fire', 'FD'),
    (8, '310', 'Public Works', 'PW'),
    (9, '320', 'Fleet Services', 'FLT'),
    (10, '410', 'Planning and Development Services', 'PDS'),
    (11, '420', 'Neighborhood Services', 'NBS'),
    (12, '510', 'Parks and Recreation', 'PRK'),
    (13, '610', 'Water Utilities', 'WU');

CREATE TABLE citydw.DIM_FUND (
    FUND_KEY integer PRIMARY KEY,
    FUND_CD varchar(4) NOT NULL UNIQUE,
    FUND_NAME varchar(80) NOT NULL,
    FUND_TYPE_CD varchar(3) NOT NULL,
    ACTIVE_FLG char(1) NOT NULL DEFAULT 'Y'
);
COMMENT ON COLUMN citydw.DIM_FUND.FUND_TYPE_CD IS 'GOV governmental, SRF special revenue, CAP capital projects, ENT enterprise, ISF internal service';
INSERT INTO citydw.DIM_FUND (FUND_KEY, FUND_CD, FUND_NAME, FUND_TYPE_CD) VALUES
    (1, '100', 'General Fund', 'GOV'),
    (2, '210', 'Street Maintenance Fund', 'SRF'),
    (3, '250', 'Community Development Block Grant', 'SRF'),
    (4, '400', 'Capital Improvement Fund', 'CAP'),
    (5, '510', 'Water Utility Fund', 'ENT'),
    (6, '520', 'Sewer Utility Fund', 'ENT'),
    (7, '530', 'Stormwater Utility Fund', 'ENT'),
    (8, '610', 'Fleet Services Internal Service Fund', 'ISF');

CREATE TABLE citydw.DIM_GL_ACCT (
    GL_ACCT_KEY integer PRIMARY KEY,
    OBJECT_CD varchar(6) NOT NULL UNIQUE,
    OBJECT_DESCR varchar(100) NOT NULL,
    ACCT_TYPE_CD char(3) NOT NULL,
    OBJ_CLASS_CD varchar(4),
    OBJ_CLASS_DESCR varchar(60)
);
COMMENT ON TABLE citydw.DIM_GL_ACCT IS 'Chart of accounts: object codes of the general ledger.';
COMMENT ON COLUMN citydw.DIM_GL_ACCT.ACCT_TYPE_CD IS 'REV revenue, EXP expenditure, AST asset, LIA liability, EQT fund balance';
INSERT INTO citydw.DIM_GL_ACCT (GL_ACCT_KEY, OBJECT_CD, OBJECT_DESCR, ACCT_TYPE_CD, OBJ_CLASS_CD, OBJ_CLASS_DESCR) VALUES
    (1, '4110', 'Property Tax - Current Year', 'REV', '41', 'Taxes'),
    (2, '4210', 'Building Permit Fees', 'REV', '42', 'Licenses and Permits'),
    (3, '4230', 'Business License Fees', 'REV', '42', 'Licenses and Permits'),
    (4, '4410', 'Water Sales', 'REV', '44', 'Charges for Services'),
    (5, '4420', 'Sewer Service Charges', 'REV', '44', 'Charges for Services'),
    (6, '4510', 'Recreation Program Fees', 'REV', '45', 'Charges for Services'),
    (7, '4610', 'Code Enforcement Fines', 'REV', '46', 'Fines and Forfeitures'),
    (8, '5110', 'Regular Salaries', 'EXP', '51', 'Personnel Services'),
    (9, '5120', 'Overtime', 'EXP', '51', 'Personnel Services'),
    (10, '5210', 'Health Insurance', 'EXP', '52', 'Benefits'),
    (11, '5220', 'Pension Contributions', 'EXP', '52', 'Benefits'),
    (12, '6110', 'Office Supplies', 'EXP', '61', 'Supplies'),
    (13, '6210', 'Professional Services', 'EXP', '62', 'Contractual Services'),
    (14, '6310', 'Fuel', 'EXP', '63', 'Operating Supplies'),
    (15, '6320', 'Vehicle Parts', 'EXP', '63', 'Operating Supplies'),
    (16, '6410', 'Asphalt and Road Materials', 'EXP', '64', 'Materials'),
    (17, '7110', 'Vehicles and Equipment', 'EXP', '71', 'Capital Outlay');

CREATE TABLE citydw.DIM_COUNCIL_DIST (
    COUNCIL_DIST_KEY integer PRIMARY KEY,
    DIST_NBR smallint NOT NULL UNIQUE,
    DIST_NAME varchar(40) NOT NULL,
    COUNCIL_MEMBER_NAME varchar(80),
    TERM_END_DT date
);
INSERT INTO citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY, DIST_NBR, DIST_NAME, COUNCIL_MEMBER_NAME) VALUES
    (1, 1, 'District 1', 'Maria Delgado'),
    (2, 2, 'District 2', 'Thomas Whitfield'),
    (3, 3, 'District 3', 'Angela Brooks'),
    (4, 4, 'District 4', 'Kevin Tran'),
    (5, 5, 'District 5', 'Ruth Okafor'),
    (6, 6, 'District 6', 'Daniel Kowalski'),
    (7, 7, 'District 7', 'Priya Raman');

CREATE TABLE citydw.DIM_NBHD (
    NBHD_KEY integer PRIMARY KEY,
    NBHD_CD varchar(6) NOT NULL UNIQUE,
    NBHD_NAME varchar(60) NOT NULL,
    COUNCIL_DIST_KEY integer REFERENCES citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY)
);
INSERT INTO citydw.DIM_NBHD (NBHD_KEY, NBHD_CD, NBHD_NAME, COUNCIL_DIST_KEY) VALUES
    (1, 'OLDT', 'Old Town', 1),
    (2, 'RVSD', 'Riverside', 1),
    (3, 'NGTE', 'Northgate', 2),
    (4, 'MLCK', 'Mill Creek', 3),
    (5, 'EAST', 'Eastside', 3),
    (6, 'UNVH', 'University Heights', 4),
    (7, 'ARPT', 'Airport Industrial', 5),
    (8, 'LKVW', 'Lakeview', 6),
    (9, 'SPRK', 'Southpark', 7),
    (10, 'CDRH', 'Cedar Hills', 7);

CREATE TABLE citydw.DIM_ZONING (
    ZONING_KEY integer PRIMARY KEY,
    ZONING_CD varchar(6) NOT NULL UNIQUE,
    ZONING_DESCR varchar(80) NOT NULL,
    ZONING_CAT varchar(20)
);
INSERT INTO citydw.DIM_ZONING (ZONING_KEY, ZONING_CD, ZONING_DESCR, ZONING_CAT) VALUES
    (1, 'R-1', 'Single-Family Residential', 'Residential'),
    (2, 'R-2', 'Two-Family Residential', 'Residential'),
    (3, 'R-3', 'Multi-Family Residential', 'Residential'),
    (4, 'MU', 'Mixed Use', 'Mixed'),
    (5, 'C-1', 'Neighborhood Commercial', 'Commercial'),
    (6, 'C-2', 'General Commercial', 'Commercial'),
    (7, 'I-1', 'Light Industrial', 'Industrial'),
    (8, 'PR', 'Parks and Open Space', 'Public');

CREATE TABLE citydw.LKP_LAND_USE (
    LAND_USE_CD varchar(4) PRIMARY KEY,
    LAND_USE_DESCR varchar(80) NOT NULL
);
INSERT INTO citydw.LKP_LAND_USE VALUES
    ('100', 'Single-Family Residential'),
    ('110', 'Condominium'),
    ('120', 'Duplex / Triplex'),
    ('200', 'Multi-Family (5+ units)'),
    ('300', 'Commercial'),
    ('400', 'Industrial'),
    ('500', 'Vacant Land'),
    ('800', 'Exempt - Government'),
    ('810', 'Exempt - Religious / Charitable');

CREATE TABLE citydw.DIM_PARCEL (
    PARCEL_KEY integer PRIMARY KEY,
    PARCEL_NBR varchar(14) NOT NULL UNIQUE,
    SITUS_ADDR varchar(120),
    SITUS_ZIP varchar(10),
    ZONING_KEY integer REFERENCES citydw.DIM_ZONING (ZONING_KEY),
    LAND_USE_CD varchar(4) REFERENCES citydw.LKP_LAND_USE (LAND_USE_CD),
    NBHD_KEY integer REFERENCES citydw.DIM_NBHD (NBHD_KEY),
    COUNCIL_DIST_KEY integer REFERENCES citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY),
    LOT_SQ_FT numeric(12,2),
    ACREAGE numeric(10,4),
    LEGAL_DESCR varchar(400),
    FLOOD_ZONE_CD varchar(4),
    HIST_DIST_FLG char(1),
    RETIRED_FLG char(1) NOT NULL DEFAULT 'N'
);
COMMENT ON TABLE citydw.DIM_PARCEL IS 'Current parcel dimension from the assessor''s CAMA extract; PARCEL_NBR is the county parcel number (APN) used by every other system.';

CREATE TABLE citydw.DIM_ADDR (
    ADDR_KEY integer PRIMARY KEY,
    ADDR_ID varchar(12) NOT NULL UNIQUE,
    STREET_NBR varchar(10),
    STREET_DIR varchar(2),
    STREET_NAME varchar(60),
    STREET_TYPE varchar(10),
    UNIT_NBR varchar(10),
    ZIP_CD varchar(10),
    FULL_ADDR varchar(160),
    PARCEL_NBR varchar(14) REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    NBHD_KEY integer REFERENCES citydw.DIM_NBHD (NBHD_KEY),
    COUNCIL_DIST_KEY integer REFERENCES citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY),
    LAT numeric(9,6),
    LON numeric(9,6)
);
COMMENT ON TABLE citydw.DIM_ADDR IS 'Master address points (E911 address file), geocoded to parcel, neighborhood and council district.';

------------------------------------------------------------------------
-- HR and payroll (HCM)
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_UNION (
    UNION_CD varchar(6) PRIMARY KEY,
    UNION_NAME varchar(80) NOT NULL
);
INSERT INTO citydw.LKP_UNION VALUES
    ('AFS', 'AFSCME Local 1872'),
    ('IAFF', 'IAFF Local 355 (Firefighters)'),
    ('FOP', 'Fraternal Order of Police Lodge 9'),
    ('TEAM', 'Teamsters Local 120'),
    ('NR', 'Non-represented');

CREATE TABLE citydw.HR_PAY_GRADE (
    PAY_GRADE_CD varchar(6) PRIMARY KEY,
    UNION_CD varchar(6) REFERENCES citydw.LKP_UNION (UNION_CD),
    MIN_HRLY_RATE_AMT numeric(8,2),
    MID_HRLY_RATE_AMT numeric(8,2),
    MAX_HRLY_RATE_AMT numeric(8,2),
    EFF_DT date
);

CREATE TABLE citydw.LKP_JOB_CLASS (
    JOB_CLASS_CD varchar(6) PRIMARY KEY,
    JOB_TITLE varchar(80) NOT NULL,
    PAY_GRADE_CD varchar(6) REFERENCES citydw.HR_PAY_GRADE (PAY_GRADE_CD),
    FLSA_STAT_CD char(1),
    EEO_CAT_CD varchar(4)
);
COMMENT ON COLUMN citydw.LKP_JOB_CLASS.FLSA_STAT_CD IS 'E exempt, N non-exempt (overtime eligible)';
INSERT INTO citydw.LKP_JOB_CLASS (JOB_CLASS_CD, JOB_TITLE) VALUES
    ('1210', 'Budget Analyst'),
    ('1240', 'Utility Billing Clerk'),
    ('1310', 'Buyer'),
    ('2110', 'Police Officer'),
    ('2210', 'Firefighter'),
    ('3110', 'Maintenance Worker I'),
    ('3120', 'Maintenance Worker II'),
    ('3150', 'Heavy Equipment Operator'),
    ('3210', 'Equipment Mechanic'),
    ('4110', 'Building Inspector II'),
    ('4130', 'Plans Examiner'),
    ('4210', 'Code Enforcement Officer'),
    ('5110', 'Recreation Leader'),
    ('6110', 'Water Distribution Operator');

CREATE TABLE citydw.HR_POSITION (
    POSITION_NBR varchar(8) PRIMARY KEY,
    DEPT_CD varchar(6) NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_CD),
    JOB_CLASS_CD varchar(6) NOT NULL REFERENCES citydw.LKP_JOB_CLASS (JOB_CLASS_CD),
    FUND_CD varchar(4) REFERENCES citydw.DIM_FUND (FUND_CD),
    BUDGETED_FTE numeric(4,2),
    POSITION_STAT_CD varchar(8) NOT NULL,
    AUTH_FISCAL_YR smallint,
    SUPV_POSITION_NBR varchar(8)
);
COMMENT ON TABLE citydw.HR_POSITION IS 'Authorized position control: every budgeted position, filled or not, and the fund that pays for it.';
COMMENT ON COLUMN citydw.HR_POSITION.POSITION_STAT_CD IS 'FILLED, VACANT, FROZEN, ELIM';

CREATE TABLE citydw.HR_EMP (
    EMP_ID varchar(10) PRIMARY KEY,
    FIRST_NAME varchar(40) NOT NULL,
    LAST_NAME varchar(60) NOT NULL,
    MIDDLE_INIT char(1),
    DEPT_CD varchar(6) REFERENCES citydw.DIM_DEPT (DEPT_CD),
    JOB_CLASS_CD varchar(6) REFERENCES citydw.LKP_JOB_CLASS (JOB_CLASS_CD),
    POSITION_NBR varchar(8) REFERENCES citydw.HR_POSITION (POSITION_NBR),
    SUPV_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    HIRE_DT date,
    ADJ_SVC_DT date,
    TERM_DT date,
    EMP_STAT_CD char(1) NOT NULL,
    FT_PT_CD char(1),
    FTE numeric(4,2),
    HRLY_RATE_AMT numeric(8,2),
    WORK_EMAIL varchar(120)
);
COMMENT ON TABLE citydw.HR_EMP IS 'Current employee record from the HCM system, one row per employee id.';
COMMENT ON COLUMN citydw.HR_EMP.EMP_STAT_CD IS 'A active, L leave, T terminated, R retired';

CREATE TABLE citydw.DIM_EMPLOYEE (
    EMP_KEY integer PRIMARY KEY,
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    EMP_NAME varchar(100) NOT NULL,
    DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    JOB_CLASS_CD varchar(6) REFERENCES citydw.LKP_JOB_CLASS (JOB_CLASS_CD),
    EFF_DT date NOT NULL,
    EXP_DT date,
    CURR_FLG char(1) NOT NULL
);
COMMENT ON TABLE citydw.DIM_EMPLOYEE IS 'Type 2 employee dimension: a new row for every change of department or job class; facts point at the row current when they happened.';

CREATE TABLE citydw.LKP_HR_ACTION (
    ACTION_CD varchar(4) PRIMARY KEY,
    ACTION_DESCR varchar(60) NOT NULL
);
INSERT INTO citydw.LKP_HR_ACTION VALUES
    ('HIR', 'Hire'),
    ('RHR', 'Rehire'),
    ('PRO', 'Promotion'),
    ('XFR', 'Transfer'),
    ('PAY', 'Pay Rate Change'),
    ('LOA', 'Leave of Absence'),
    ('TER', 'Termination'),
    ('RET', 'Retirement');

CREATE TABLE citydw.HR_EMP_HIST (
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    ACTION_SEQ integer NOT NULL,
    ACTION_CD varchar(4) NOT NULL REFERENCES citydw.LKP_HR_ACTION (ACTION_CD),
    EFF_DT date NOT NULL,
    DEPT_CD varchar(6),
    JOB_CLASS_CD varchar(6),
    HRLY_RATE_AMT numeric(8,2),
    REASON_TXT varchar(200),
    PRIMARY KEY (EMP_ID, ACTION_SEQ)
);

CREATE TABLE citydw.LKP_CERT (
    CERT_CD varchar(8) PRIMARY KEY,
    CERT_DESCR varchar(100) NOT NULL,
    ISSUING_BODY varchar(60)
);
INSERT INTO citydw.LKP_CERT (CERT_CD, CERT_DESCR) VALUES
    ('CDL-A', 'Commercial Driver License - Class A'),
    ('CDL-B', 'Commercial Driver License - Class B'),
    ('ICC-B1', 'ICC Residential Building Inspector'),
    ('ICC-64', 'ICC Property Maintenance and Housing Inspector'),
    ('WDO-2', 'Water Distribution Operator Grade 2'),
    ('ASE-T', 'ASE Medium/Heavy Truck Technician'),
    ('CPR', 'CPR / First Aid'),
    ('LGRD', 'Lifeguard');

CREATE TABLE citydw.HR_EMP_CERT (
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    CERT_CD varchar(8) NOT NULL REFERENCES citydw.LKP_CERT (CERT_CD),
    CERT_NBR varchar(30),
    ISSUE_DT date,
    EXPIR_DT date,
    VERIFIED_FLG char(1),
    PRIMARY KEY (EMP_ID, CERT_CD)
);

CREATE TABLE citydw.HR_REQUISITION (
    REQ_NBR varchar(10) PRIMARY KEY,
    POSITION_NBR varchar(8) NOT NULL REFERENCES citydw.HR_POSITION (POSITION_NBR),
    OPEN_DT date,
    POSTED_DT date,
    FILLED_DT date,
    HIRED_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    RECRUITER_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    REQ_STAT_CD varchar(8)
);

CREATE TABLE citydw.SNAP_HR_HEADCOUNT_MO (
    SNAP_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    DEPT_CD varchar(6),
    JOB_CLASS_CD varchar(6),
    EMP_STAT_CD char(1),
    FTE numeric(4,2),
    ANNUAL_SAL_AMT numeric(12,2),
    PRIMARY KEY (SNAP_DT_KEY, EMP_ID)
);
COMMENT ON TABLE citydw.SNAP_HR_HEADCOUNT_MO IS 'Month-end snapshot of every employee on the payroll, as of the last day of the month.';

CREATE TABLE citydw.LKP_PR_EARN (
    EARN_CD varchar(4) PRIMARY KEY,
    EARN_DESCR varchar(60) NOT NULL,
    OT_FLG char(1) NOT NULL DEFAULT 'N',
    LEAVE_FLG char(1) NOT NULL DEFAULT 'N'
);
INSERT INTO citydw.LKP_PR_EARN VALUES
    ('REG', 'Regular Pay', 'N', 'N'),
    ('OT', 'Overtime 1.5x', 'Y', 'N'),
    ('DT', 'Double Time', 'Y', 'N'),
    ('CALL', 'Call-Back Pay', 'Y', 'N'),
    ('HOL', 'Holiday Pay', 'N', 'Y'),
    ('SICK', 'Sick Leave', 'N', 'Y'),
    ('VAC', 'Vacation', 'N', 'Y'),
    ('SHF', 'Shift Differential', 'N', 'N');

------------------------------------------------------------------------
-- Budget and general ledger (ERP)
------------------------------------------------------------------------

CREATE TABLE citydw.DIM_PROJECT (
    PROJ_KEY integer PRIMARY KEY,
    PROJ_NBR varchar(12) NOT NULL UNIQUE,
    PROJ_NAME varchar(120) NOT NULL,
    PROJ_TYPE_CD varchar(6),
    DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY),
    PROJ_MGR_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    STRT_DT date,
    EST_CMPLT_DT date,
    LIFE_BUD_AMT numeric(14,2),
    PROJ_STAT_CD varchar(8)
);
COMMENT ON TABLE citydw.DIM_PROJECT IS 'Capital improvement program projects and grants (project ledger).';

CREATE TABLE citydw.FACT_GL_TXN (
    GL_TXN_KEY bigint PRIMARY KEY,
    JE_NBR varchar(14) NOT NULL,
    JE_LINE_NBR integer NOT NULL,
    POST_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    FISCAL_PRD_KEY integer NOT NULL REFERENCES citydw.DIM_FISCAL_PRD (FISCAL_PRD_KEY),
    FUND_KEY integer NOT NULL REFERENCES citydw.DIM_FUND (FUND_KEY),
    DEPT_KEY integer NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    GL_ACCT_KEY integer NOT NULL REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    PROJ_KEY integer REFERENCES citydw.DIM_PROJECT (PROJ_KEY),
    SRC_SYS_CD varchar(6),
    SRC_DOC_NBR varchar(20),
    DR_AMT numeric(14,2) NOT NULL DEFAULT 0,
    CR_AMT numeric(14,2) NOT NULL DEFAULT 0,
    TXN_DESCR varchar(200)
);
COMMENT ON TABLE citydw.FACT_GL_TXN IS 'Posted general ledger journal lines, one row per line.';

CREATE TABLE citydw.LKP_BUD_VERSION (
    BUD_VERSION_CD varchar(4) PRIMARY KEY,
    BUD_VERSION_DESCR varchar(40) NOT NULL
);
INSERT INTO citydw.LKP_BUD_VERSION VALUES
    ('REQ', 'Department Request'),
    ('PROP', 'City Manager Proposed'),
    ('ADPT', 'Council Adopted'),
    ('AMND', 'Amended');

CREATE TABLE citydw.FACT_BUDGET (
    BUD_KEY bigint PRIMARY KEY,
    FISCAL_YR smallint NOT NULL,
    BUD_VERSION_CD varchar(4) NOT NULL REFERENCES citydw.LKP_BUD_VERSION (BUD_VERSION_CD),
    FUND_KEY integer NOT NULL REFERENCES citydw.DIM_FUND (FUND_KEY),
    DEPT_KEY integer NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    GL_ACCT_KEY integer NOT NULL REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    PROJ_KEY integer REFERENCES citydw.DIM_PROJECT (PROJ_KEY),
    BUD_AMT numeric(14,2) NOT NULL
);

CREATE TABLE citydw.SNAP_GL_BAL_MO (
    FISCAL_PRD_KEY integer NOT NULL REFERENCES citydw.DIM_FISCAL_PRD (FISCAL_PRD_KEY),
    FUND_KEY integer NOT NULL REFERENCES citydw.DIM_FUND (FUND_KEY),
    DEPT_KEY integer NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    GL_ACCT_KEY integer NOT NULL REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    PRD_ACTUAL_AMT numeric(14,2),
    YTD_ACTUAL_AMT numeric(14,2),
    YTD_ENCUMB_AMT numeric(14,2),
    ADOPTED_BUD_AMT numeric(14,2),
    AMENDED_BUD_AMT numeric(14,2),
    PRIMARY KEY (FISCAL_PRD_KEY, FUND_KEY, DEPT_KEY, GL_ACCT_KEY)
);
COMMENT ON TABLE citydw.SNAP_GL_BAL_MO IS 'Month-end budget-to-actual balances by fund, department and object, taken at each period close.';

CREATE TABLE citydw.BUD_XFER (
    XFER_KEY integer PRIMARY KEY,
    XFER_NBR varchar(12) NOT NULL,
    FISCAL_YR smallint NOT NULL,
    FROM_FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY),
    FROM_DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    FROM_GL_ACCT_KEY integer REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    TO_FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY),
    TO_DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    TO_GL_ACCT_KEY integer REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    XFER_AMT numeric(14,2) NOT NULL,
    COUNCIL_ORD_NBR varchar(12),
    APPROVED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY)
);

CREATE TABLE citydw.STG_GL_JE (
    LOAD_BATCH_ID integer,
    JE_NBR varchar(14),
    JE_LINE_NBR integer,
    POST_DT varchar(10),
    FUND_CD varchar(4),
    DEPT_CD varchar(6),
    OBJECT_CD varchar(6),
    PROJ_NBR varchar(12),
    AMT varchar(20),
    DESCR varchar(200)
);

------------------------------------------------------------------------
-- Payroll facts
------------------------------------------------------------------------

CREATE TABLE citydw.PR_CHECK (
    CHECK_KEY bigint PRIMARY KEY,
    CHECK_NBR varchar(12) NOT NULL,
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    PAY_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PAY_PRD_END_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    GROSS_AMT numeric(12,2),
    NET_AMT numeric(12,2),
    DIRECT_DEP_FLG char(1),
    VOID_FLG char(1) NOT NULL DEFAULT 'N'
);

CREATE TABLE citydw.FACT_PR_EARN (
    PR_EARN_KEY bigint PRIMARY KEY,
    CHECK_KEY bigint NOT NULL REFERENCES citydw.PR_CHECK (CHECK_KEY),
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    PAY_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    EARN_CD varchar(4) NOT NULL REFERENCES citydw.LKP_PR_EARN (EARN_CD),
    DEPT_KEY integer NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    FUND_KEY integer NOT NULL REFERENCES citydw.DIM_FUND (FUND_KEY),
    GL_ACCT_KEY integer NOT NULL REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    PROJ_KEY integer REFERENCES citydw.DIM_PROJECT (PROJ_KEY),
    HRS_QTY numeric(8,2),
    EARN_AMT numeric(12,2) NOT NULL
);
COMMENT ON TABLE citydw.FACT_PR_EARN IS 'Payroll earnings lines by pay code, charged to the department, fund and object that paid them.';

CREATE TABLE citydw.STG_PR_TIMECARD (
    LOAD_BATCH_ID integer,
    EMP_ID varchar(10),
    WORK_DT varchar(10),
    EARN_CD varchar(4),
    HRS varchar(10),
    DEPT_CD varchar(6),
    WO_NBR varchar(12),
    APPROVED_BY varchar(10)
);

------------------------------------------------------------------------
-- Property and assessment (CAMA)
------------------------------------------------------------------------

CREATE TABLE citydw.PARCEL_HIST (
    PARCEL_HIST_KEY integer PRIMARY KEY,
    PARCEL_NBR varchar(14) NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    SITUS_ADDR varchar(120),
    ZONING_CD varchar(6),
    LAND_USE_CD varchar(4),
    LOT_SQ_FT numeric(12,2),
    EFF_DT date NOT NULL,
    EXP_DT date,
    CHG_REASON_CD varchar(8)
);
COMMENT ON TABLE citydw.PARCEL_HIST IS 'Prior versions of parcel attributes (rezonings, splits, combinations), effective-dated.';

CREATE TABLE citydw.PARCEL_OWNER (
    PARCEL_NBR varchar(14) NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    OWNER_SEQ smallint NOT NULL,
    OWNER_NAME varchar(120) NOT NULL,
    OWNER_TYPE_CD varchar(4),
    MAIL_ADDR varchar(120),
    MAIL_CITY varchar(40),
    MAIL_ST char(2),
    MAIL_ZIP varchar(10),
    OWN_PCT numeric(5,2),
    OWNER_OCC_FLG char(1),
    PRIMARY KEY (PARCEL_NBR, OWNER_SEQ)
);
COMMENT ON COLUMN citydw.PARCEL_OWNER.OWNER_SEQ IS '1 = primary owner of record';

CREATE TABLE citydw.PARCEL_SALE (
    SALE_KEY integer PRIMARY KEY,
    PARCEL_KEY integer NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    SALE_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    SALE_PRICE_AMT numeric(14,2),
    DEED_TYPE_CD varchar(4),
    DOC_NBR varchar(20),
    GRANTOR_NAME varchar(120),
    GRANTEE_NAME varchar(120),
    QUAL_SALE_FLG char(1)
);

CREATE TABLE citydw.PARCEL_BLDG (
    PARCEL_KEY integer NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    BLDG_SEQ smallint NOT NULL,
    YR_BUILT smallint,
    EFF_YR_BUILT smallint,
    BLDG_SQ_FT integer,
    BEDRM_QTY smallint,
    BATH_QTY numeric(3,1),
    STORY_QTY numeric(3,1),
    BLDG_CLASS_CD varchar(4),
    CONDITION_CD varchar(2),
    PRIMARY KEY (PARCEL_KEY, BLDG_SEQ)
);

CREATE TABLE citydw.STG_PARCEL_GIS (
    LOAD_BATCH_ID integer,
    APN varchar(14),
    SITUS varchar(120),
    ZONE varchar(6),
    LANDUSE varchar(4),
    NBHD varchar(6),
    COUNCIL_DIST varchar(2),
    SHAPE_AREA varchar(20)
);

CREATE TABLE citydw.ASSMT_ROLL (
    ASSMT_KEY integer PRIMARY KEY,
    PARCEL_KEY integer NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    ROLL_YR smallint NOT NULL,
    LAND_VAL_AMT numeric(14,2),
    IMPR_VAL_AMT numeric(14,2),
    TOTAL_VAL_AMT numeric(14,2),
    EXEMPT_AMT numeric(14,2),
    TAXABLE_VAL_AMT numeric(14,2),
    ASSMT_CLASS_CD varchar(4),
    CERT_DT date,
    UNIQUE (PARCEL_KEY, ROLL_YR)
);
COMMENT ON TABLE citydw.ASSMT_ROLL IS 'The current certified assessment roll (tax year 2025) only; earlier rolls are moved to ASSMT_ROLL_HIST when the new roll is certified.';

CREATE TABLE citydw.ASSMT_ROLL_HIST (
    ASSMT_HIST_KEY integer PRIMARY KEY,
    PARCEL_KEY integer NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    ROLL_YR smallint NOT NULL,
    LAND_VAL_AMT numeric(14,2),
    IMPR_VAL_AMT numeric(14,2),
    TOTAL_VAL_AMT numeric(14,2),
    EXEMPT_AMT numeric(14,2),
    TAXABLE_VAL_AMT numeric(14,2),
    ASSMT_CLASS_CD varchar(4),
    ARCHIVED_DT date
);

CREATE TABLE citydw.LKP_EXEMPT (
    EXEMPT_CD varchar(8) PRIMARY KEY,
    EXEMPT_DESCR varchar(80) NOT NULL
);
INSERT INTO citydw.LKP_EXEMPT VALUES
    ('HMSTD', 'Homestead'),
    ('SENIOR', 'Senior Citizen Freeze'),
    ('DVET', 'Disabled Veteran'),
    ('NONPRF', 'Nonprofit / Religious'),
    ('GOVT', 'Government Owned');

CREATE TABLE citydw.ASSMT_EXEMPT (
    ASSMT_KEY integer NOT NULL REFERENCES citydw.ASSMT_ROLL (ASSMT_KEY),
    EXEMPT_CD varchar(8) NOT NULL REFERENCES citydw.LKP_EXEMPT (EXEMPT_CD),
    EXEMPT_AMT numeric(14,2),
    APPL_DT date,
    PRIMARY KEY (ASSMT_KEY, EXEMPT_CD)
);

CREATE TABLE citydw.ASSMT_APPEAL (
    APPEAL_KEY integer PRIMARY KEY,
    APPEAL_NBR varchar(12) NOT NULL,
    ASSMT_KEY integer NOT NULL REFERENCES citydw.ASSMT_ROLL (ASSMT_KEY),
    FILED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    HEARING_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    DECISION_CD varchar(8),
    ORIG_VAL_AMT numeric(14,2),
    OWNER_OPINION_AMT numeric(14,2),
    FINAL_VAL_AMT numeric(14,2)
);

------------------------------------------------------------------------
-- Business licensing
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_NAICS (
    NAICS_CD varchar(6) PRIMARY KEY,
    NAICS_DESCR varchar(120) NOT NULL
);
INSERT INTO citydw.LKP_NAICS VALUES
    ('236118', 'Residential Remodelers'),
    ('238220', 'Plumbing, Heating, and Air-Conditioning Contractors'),
    ('445110', 'Supermarkets and Other Grocery Retailers'),
    ('721199', 'All Other Traveler Accommodation'),
    ('722330', 'Mobile Food Services'),
    ('722511', 'Full-Service Restaurants'),
    ('811111', 'General Automotive Repair'),
    ('812112', 'Beauty Salons');

CREATE TABLE citydw.LKP_BL_LIC_TYPE (
    LIC_TYPE_CD varchar(6) PRIMARY KEY,
    LIC_TYPE_DESCR varchar(80) NOT NULL,
    ANNUAL_FEE_AMT numeric(10,2),
    RENEW_MO smallint
);
INSERT INTO citydw.LKP_BL_LIC_TYPE (LIC_TYPE_CD, LIC_TYPE_DESCR) VALUES
    ('GEN', 'General Business License'),
    ('FOOD', 'Food Service Establishment'),
    ('MFV', 'Mobile Food Vendor'),
    ('STR', 'Short-Term Rental'),
    ('ALC', 'Alcoholic Beverage Sales'),
    ('CONT', 'Contractor Registration'),
    ('PEDL', 'Peddler / Street Vendor'),
    ('TOW', 'Towing Company');

CREATE TABLE citydw.BL_BUSINESS (
    BUSINESS_KEY integer PRIMARY KEY,
    BL_ACCT_NBR varchar(10) NOT NULL UNIQUE,
    LEGAL_NAME varchar(120) NOT NULL,
    DBA_NAME varchar(120),
    OWNERSHIP_TYPE_CD varchar(4),
    NAICS_CD varchar(6) REFERENCES citydw.LKP_NAICS (NAICS_CD),
    PARCEL_NBR varchar(14) REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    BUS_ADDR varchar(160),
    HOME_BASED_FLG char(1),
    OPEN_DT date,
    CLOSE_DT date,
    EMPLOYEE_QTY integer
);
COMMENT ON TABLE citydw.BL_BUSINESS IS 'Business tax accounts registered with the city; BL_ACCT_NBR is the business account number.';

CREATE TABLE citydw.BL_LICENSE (
    LICENSE_KEY integer PRIMARY KEY,
    LICENSE_NBR varchar(12) NOT NULL UNIQUE,
    BUSINESS_KEY integer NOT NULL REFERENCES citydw.BL_BUSINESS (BUSINESS_KEY),
    LIC_TYPE_CD varchar(6) NOT NULL REFERENCES citydw.LKP_BL_LIC_TYPE (LIC_TYPE_CD),
    LIC_YR smallint,
    APPL_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    ISSUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    EXPIR_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    LIC_STAT_CD varchar(4) NOT NULL,
    FEE_AMT numeric(10,2)
);
COMMENT ON COLUMN citydw.BL_LICENSE.LIC_STAT_CD IS 'ACT active, PEND pending, EXP expired, REV revoked, SUSP suspended';

CREATE TABLE citydw.BL_GROSS_RCPT (
    BUSINESS_KEY integer NOT NULL REFERENCES citydw.BL_BUSINESS (BUSINESS_KEY),
    TAX_YR smallint NOT NULL,
    GROSS_RCPT_AMT numeric(14,2),
    TAX_DUE_AMT numeric(12,2),
    PAID_AMT numeric(12,2),
    FILED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRIMARY KEY (BUSINESS_KEY, TAX_YR)
);

CREATE TABLE citydw.STG_BL_LICENSE (
    LOAD_BATCH_ID integer,
    ACCT_NO varchar(10),
    LIC_NO varchar(12),
    LIC_TYPE varchar(6),
    BUS_NAME varchar(120),
    ISSUE_DATE varchar(10),
    EXP_DATE varchar(10),
    STATUS varchar(10)
);

------------------------------------------------------------------------
-- Permitting and building inspections (land management system)
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_PRMT_TYPE (
    PRMT_TYPE_CD varchar(12) PRIMARY KEY,
    PRMT_TYPE_DESCR varchar(80) NOT NULL,
    PRMT_CAT varchar(20),
    RES_COM_IND char(1)
);
INSERT INTO citydw.LKP_PRMT_TYPE VALUES
    ('BLD-NSFR', 'Building - New Single Family Residence', 'Building', 'R'),
    ('BLD-NMF', 'Building - New Multi-Family', 'Building', 'R'),
    ('BLD-NCOM', 'Building - New Commercial', 'Building', 'C'),
    ('BLD-RALT', 'Building - Residential Addition/Alteration', 'Building', 'R'),
    ('BLD-CTI', 'Building - Commercial Tenant Improvement', 'Building', 'C'),
    ('BLD-ROOF', 'Building - Re-Roof', 'Building', NULL),
    ('DEMO', 'Demolition', 'Building', NULL),
    ('ELEC', 'Electrical', 'Trade', NULL),
    ('PLMB', 'Plumbing', 'Trade', NULL),
    ('MECH', 'Mechanical / HVAC', 'Trade', NULL),
    ('SOLAR', 'Rooftop Solar PV', 'Trade', 'R'),
    ('SIGN', 'Sign', 'Zoning', 'C'),
    ('ROW', 'Right-of-Way Excavation', 'Engineering', NULL);

CREATE TABLE citydw.LKP_PRMT_STAT (
    PRMT_STAT_CD varchar(4) PRIMARY KEY,
    PRMT_STAT_DESCR varchar(40) NOT NULL,
    ACTIVE_FLG char(1) NOT NULL
);
INSERT INTO citydw.LKP_PRMT_STAT VALUES
    ('APPL', 'Applied', 'Y'),
    ('REVW', 'In Plan Review', 'Y'),
    ('APRV', 'Approved - Ready to Issue', 'Y'),
    ('ISSD', 'Issued', 'Y'),
    ('FINL', 'Finaled', 'N'),
    ('EXPR', 'Expired', 'N'),
    ('WDRN', 'Withdrawn', 'N'),
    ('VOID', 'Void', 'N');

CREATE TABLE citydw.DIM_CONTRACTOR (
    CONTRACTOR_KEY integer PRIMARY KEY,
    CONTRACTOR_LIC_NBR varchar(12) NOT NULL UNIQUE,
    CONTRACTOR_NAME varchar(120) NOT NULL,
    STATE_LIC_NBR varchar(20),
    LIC_CLASS_CD varchar(6),
    STATE_LIC_EXPIR_DT date,
    BL_ACCT_NBR varchar(10) REFERENCES citydw.BL_BUSINESS (BL_ACCT_NBR),
    INS_EXPIR_DT date
);
COMMENT ON TABLE citydw.DIM_CONTRACTOR IS 'Licensed contractors of record on building permits.';

CREATE TABLE citydw.PRMT_APPL (
    APPL_KEY integer PRIMARY KEY,
    APPL_NBR varchar(14) NOT NULL UNIQUE,
    PARCEL_NBR varchar(14) REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    APPL_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    APPLICANT_NAME varchar(120),
    APPLICANT_PHONE varchar(20),
    APPL_CHANNEL_CD varchar(8),
    INTAKE_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    PROJ_DESCR varchar(400)
);

CREATE TABLE citydw.FACT_PRMT (
    PRMT_KEY integer PRIMARY KEY,
    PRMT_NBR varchar(14) NOT NULL UNIQUE,
    APPL_KEY integer REFERENCES citydw.PRMT_APPL (APPL_KEY),
    PRMT_TYPE_CD varchar(12) NOT NULL REFERENCES citydw.LKP_PRMT_TYPE (PRMT_TYPE_CD),
    PRMT_STAT_CD varchar(4) NOT NULL REFERENCES citydw.LKP_PRMT_STAT (PRMT_STAT_CD),
    PARCEL_KEY integer REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    CONTRACTOR_KEY integer REFERENCES citydw.DIM_CONTRACTOR (CONTRACTOR_KEY),
    APPL_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    ISSUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    FINAL_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    EXPIR_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    VALUATION_AMT numeric(14,2),
    BLDG_SQ_FT integer,
    DWELL_UNIT_QTY smallint,
    TOTAL_FEE_AMT numeric(12,2),
    WORK_DESCR varchar(400)
);
COMMENT ON TABLE citydw.FACT_PRMT IS 'One row per permit with its milestone dates (applied, issued, finaled, expires).';

CREATE TABLE citydw.LKP_PRMT_FEE (
    FEE_CD varchar(8) PRIMARY KEY,
    FEE_DESCR varchar(80) NOT NULL,
    GL_ACCT_KEY integer REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY)
);

CREATE TABLE citydw.PRMT_FEE (
    PRMT_KEY integer NOT NULL REFERENCES citydw.FACT_PRMT (PRMT_KEY),
    FEE_SEQ smallint NOT NULL,
    FEE_CD varchar(8) NOT NULL REFERENCES citydw.LKP_PRMT_FEE (FEE_CD),
    FEE_AMT numeric(12,2) NOT NULL,
    PAID_AMT numeric(12,2),
    ASSESSED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PAID_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRIMARY KEY (PRMT_KEY, FEE_SEQ)
);

CREATE TABLE citydw.PRMT_PLAN_REVW (
    REVW_KEY integer PRIMARY KEY,
    PRMT_KEY integer NOT NULL REFERENCES citydw.FACT_PRMT (PRMT_KEY),
    CYCLE_NBR smallint NOT NULL,
    REVW_DISC_CD varchar(6) NOT NULL,
    REVIEWER_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    SUBMIT_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    DUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    CMPLT_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    REVW_RESULT_CD varchar(6)
);
COMMENT ON COLUMN citydw.PRMT_PLAN_REVW.REVW_DISC_CD IS 'BLDG building, ZONE zoning, FIRE fire, ENGR engineering, UTIL utilities';

CREATE TABLE citydw.PRMT_STAT_HIST (
    PRMT_KEY integer NOT NULL REFERENCES citydw.FACT_PRMT (PRMT_KEY),
    STAT_SEQ smallint NOT NULL,
    PRMT_STAT_CD varchar(4) NOT NULL REFERENCES citydw.LKP_PRMT_STAT (PRMT_STAT_CD),
    STAT_TS timestamp NOT NULL,
    CHG_BY_USER varchar(30),
    PRIMARY KEY (PRMT_KEY, STAT_SEQ)
);

CREATE TABLE citydw.SNAP_PRMT_ACTV_MO (
    SNAP_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRMT_KEY integer NOT NULL REFERENCES citydw.FACT_PRMT (PRMT_KEY),
    PRMT_STAT_CD varchar(4) NOT NULL REFERENCES citydw.LKP_PRMT_STAT (PRMT_STAT_CD),
    DAYS_SINCE_ISSUE integer,
    LAST_INSP_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRIMARY KEY (SNAP_DT_KEY, PRMT_KEY)
);
COMMENT ON TABLE citydw.SNAP_PRMT_ACTV_MO IS 'Month-end snapshot of permits not yet finaled, expired or voided.';

CREATE TABLE citydw.STG_PRMT (
    LOAD_BATCH_ID integer,
    PERMIT_NO varchar(14),
    PERMIT_TYPE varchar(12),
    STATUS varchar(10),
    APN varchar(14),
    APPLIED varchar(10),
    ISSUED varchar(10),
    FINALED varchar(10),
    VALUATION varchar(20),
    CONTRACTOR_LIC varchar(12)
);

CREATE TABLE citydw.LKP_INSP_TYPE (
    INSP_TYPE_CD varchar(6) PRIMARY KEY,
    INSP_TYPE_DESCR varchar(60) NOT NULL,
    DISCIPLINE_CD varchar(6)
);
INSERT INTO citydw.LKP_INSP_TYPE VALUES
    ('101', 'Footing / Foundation', 'BLDG'),
    ('110', 'Framing', 'BLDG'),
    ('120', 'Insulation', 'BLDG'),
    ('199', 'Building Final', 'BLDG'),
    ('201', 'Electrical Rough-In', 'ELEC'),
    ('299', 'Electrical Final', 'ELEC'),
    ('301', 'Plumbing Underground', 'PLMB'),
    ('399', 'Plumbing Final', 'PLMB'),
    ('501', 'Fire Sprinkler Final', 'FIRE');

CREATE TABLE citydw.LKP_INSP_RESULT (
    RESULT_CD varchar(4) PRIMARY KEY,
    RESULT_DESCR varchar(40) NOT NULL,
    PASS_FLG char(1) NOT NULL
);
INSERT INTO citydw.LKP_INSP_RESULT VALUES
    ('AP', 'Approved', 'Y'),
    ('PA', 'Partial Approval', 'Y'),
    ('CR', 'Corrections Required', 'N'),
    ('DN', 'Disapproved', 'N'),
    ('NA', 'No Access', 'N'),
    ('CX', 'Cancelled', 'N');

CREATE TABLE citydw.FACT_INSP (
    INSP_KEY integer PRIMARY KEY,
    INSP_NBR varchar(14) NOT NULL,
    PRMT_KEY integer NOT NULL REFERENCES citydw.FACT_PRMT (PRMT_KEY),
    INSP_TYPE_CD varchar(6) NOT NULL REFERENCES citydw.LKP_INSP_TYPE (INSP_TYPE_CD),
    RESULT_CD varchar(4) REFERENCES citydw.LKP_INSP_RESULT (RESULT_CD),
    INSPECTOR_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    REQ_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    SCHED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    RESULT_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    ONSITE_MIN integer,
    REINSP_FLG char(1)
);
COMMENT ON TABLE citydw.FACT_INSP IS 'Building inspections requested on permits, with the result the inspector entered.';

CREATE TABLE citydw.INSP_CORR (
    INSP_KEY integer NOT NULL REFERENCES citydw.FACT_INSP (INSP_KEY),
    CORR_SEQ smallint NOT NULL,
    CODE_SECT varchar(30),
    CORR_DESCR varchar(400),
    CLEARED_FLG char(1),
    PRIMARY KEY (INSP_KEY, CORR_SEQ)
);

------------------------------------------------------------------------
-- 311 service requests (CRM)
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_SR_TYPE (
    SR_TYPE_CD varchar(8) PRIMARY KEY,
    SR_TYPE_DESCR varchar(80) NOT NULL,
    SR_CAT varchar(30),
    RESP_DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    SLA_DAYS smallint
);
INSERT INTO citydw.LKP_SR_TYPE VALUES
    ('POTH', 'Pothole', 'Streets', 8, 5),
    ('STLT', 'Streetlight Out', 'Streets', 8, 10),
    ('SIGN', 'Damaged / Missing Street Sign', 'Streets', 8, 7),
    ('GRAF', 'Graffiti Removal', 'Neighborhood', 11, 3),
    ('WEED', 'Tall Grass / Weeds', 'Neighborhood', 11, 14),
    ('ABVH', 'Abandoned Vehicle', 'Neighborhood', 6, 7),
    ('DUMP', 'Illegal Dumping', 'Sanitation', 8, 5),
    ('MISS', 'Missed Trash / Recycling Pickup', 'Sanitation', 8, 2),
    ('WLEAK', 'Water Leak', 'Water', 13, 1),
    ('TREE', 'Tree Trimming / Down Tree', 'Parks', 12, 10),
    ('NOIS', 'Noise Complaint', 'Neighborhood', 6, NULL);

CREATE TABLE citydw.LKP_SR_CHANNEL (
    CHANNEL_CD varchar(6) PRIMARY KEY,
    CHANNEL_DESCR varchar(40) NOT NULL
);
INSERT INTO citydw.LKP_SR_CHANNEL VALUES
    ('PHONE', 'Phone (311 Call Center)'),
    ('APP', 'Mobile App'),
    ('WEB', 'Web Portal'),
    ('EMAIL', 'Email'),
    ('WALK', 'Walk-In'),
    ('STAFF', 'Staff Generated');

CREATE TABLE citydw.LKP_SR_STAT (
    SR_STAT_CD varchar(6) PRIMARY KEY,
    SR_STAT_DESCR varchar(40) NOT NULL,
    OPEN_FLG char(1) NOT NULL
);
INSERT INTO citydw.LKP_SR_STAT VALUES
    ('NEW', 'New', 'Y'),
    ('ASGN', 'Assigned', 'Y'),
    ('INPRG', 'In Progress', 'Y'),
    ('CLSD', 'Closed - Resolved', 'N'),
    ('DUP', 'Closed - Duplicate', 'N'),
    ('NOACT', 'Closed - No Action Needed', 'N'),
    ('CNCL', 'Cancelled', 'N');

CREATE TABLE citydw.FACT_SR (
    SR_KEY integer PRIMARY KEY,
    SR_NBR varchar(14) NOT NULL UNIQUE,
    SR_TYPE_CD varchar(8) NOT NULL REFERENCES citydw.LKP_SR_TYPE (SR_TYPE_CD),
    CHANNEL_CD varchar(6) REFERENCES citydw.LKP_SR_CHANNEL (CHANNEL_CD),
    SR_STAT_CD varchar(6) NOT NULL REFERENCES citydw.LKP_SR_STAT (SR_STAT_CD),
    ADDR_KEY integer REFERENCES citydw.DIM_ADDR (ADDR_KEY),
    COUNCIL_DIST_KEY integer REFERENCES citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY),
    ASGN_DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    OPEN_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    CLOSE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    OPEN_TS timestamp NOT NULL,
    CLOSE_TS timestamp,
    SLA_DUE_TS timestamp,
    DUP_OF_SR_KEY integer REFERENCES citydw.FACT_SR (SR_KEY),
    DESCR varchar(1000)
);
COMMENT ON TABLE citydw.FACT_SR IS '311 service requests: one row per request, with the district of its location and open/close dates.';

CREATE TABLE citydw.SR_ACTIVITY (
    SR_KEY integer NOT NULL REFERENCES citydw.FACT_SR (SR_KEY),
    ACTV_SEQ smallint NOT NULL,
    ACTV_CD varchar(8) NOT NULL,
    ACTV_TS timestamp NOT NULL,
    EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    NOTE_TXT varchar(2000),
    PRIMARY KEY (SR_KEY, ACTV_SEQ)
);

CREATE TABLE citydw.SR_SURVEY (
    SURVEY_KEY integer PRIMARY KEY,
    SR_KEY integer NOT NULL REFERENCES citydw.FACT_SR (SR_KEY),
    SURVEY_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    SAT_SCORE smallint,
    RESPONSE_TXT varchar(2000)
);

CREATE TABLE citydw.SNAP_SR_OPEN_MO (
    SNAP_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    SR_KEY integer NOT NULL REFERENCES citydw.FACT_SR (SR_KEY),
    SR_STAT_CD varchar(6) NOT NULL REFERENCES citydw.LKP_SR_STAT (SR_STAT_CD),
    DAYS_OPEN integer,
    PAST_SLA_FLG char(1),
    PRIMARY KEY (SNAP_DT_KEY, SR_KEY)
);

CREATE TABLE citydw.STG_SR_CRM (
    LOAD_BATCH_ID integer,
    CASE_ID varchar(14),
    REQUEST_TYPE varchar(80),
    STATUS varchar(40),
    CHANNEL varchar(20),
    ADDRESS varchar(160),
    CREATED_DATE varchar(30),
    CLOSED_DATE varchar(30),
    DESCRIPTION varchar(1000)
);

------------------------------------------------------------------------
-- Code enforcement
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_CE_VIOL (
    VIOL_CD varchar(8) PRIMARY KEY,
    VIOL_DESCR varchar(120) NOT NULL,
    ORD_SECT varchar(20),
    VIOL_CAT varchar(30),
    DFLT_FINE_AMT numeric(10,2),
    CORRECT_DAYS smallint
);
INSERT INTO citydw.LKP_CE_VIOL (VIOL_CD, VIOL_DESCR, ORD_SECT, VIOL_CAT) VALUES
    ('PM-302', 'Overgrown Vegetation / Weeds over 12 inches', '8-302.4', 'Exterior Property'),
    ('PM-303', 'Trash, Junk and Debris', '8-303.1', 'Exterior Property'),
    ('PM-304', 'Inoperable / Junk Vehicle on Private Property', '8-304.2', 'Vehicles'),
    ('PM-108', 'Unsafe Structure', '8-108.1', 'Dangerous Buildings'),
    ('PM-110', 'Vacant Building Not Secured', '8-110.3', 'Dangerous Buildings'),
    ('BC-105', 'Work Without a Permit', '5-105.1', 'Building'),
    ('ZN-412', 'Illegal Sign', '11-412', 'Zoning'),
    ('ZN-520', 'Unlicensed Short-Term Rental', '11-520', 'Zoning'),
    ('HS-404', 'Overcrowding / Occupancy Limits', '8-404.5', 'Housing');

CREATE TABLE citydw.LKP_CE_CASE_STAT (
    CASE_STAT_CD varchar(6) PRIMARY KEY,
    CASE_STAT_DESCR varchar(40) NOT NULL,
    OPEN_FLG char(1) NOT NULL
);
INSERT INTO citydw.LKP_CE_CASE_STAT VALUES
    ('OPEN', 'Open - Investigating', 'Y'),
    ('NOV', 'Notice of Violation Issued', 'Y'),
    ('CITE', 'Citation Issued', 'Y'),
    ('HRG', 'Pending Hearing', 'Y'),
    ('ABAT', 'City Abatement Ordered', 'Y'),
    ('CMPL', 'Closed - Complied', 'N'),
    ('NOVL', 'Closed - No Violation Found', 'N'),
    ('CLAB', 'Closed - Abated by City', 'N');

CREATE TABLE citydw.CE_CASE (
    CASE_KEY integer PRIMARY KEY,
    CASE_NBR varchar(14) NOT NULL UNIQUE,
    PARCEL_KEY integer REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    ADDR_KEY integer REFERENCES citydw.DIM_ADDR (ADDR_KEY),
    CASE_STAT_CD varchar(6) NOT NULL REFERENCES citydw.LKP_CE_CASE_STAT (CASE_STAT_CD),
    ORIGIN_CD varchar(8),
    PRIORITY_CD char(1),
    OFFICER_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    SRC_SR_KEY integer REFERENCES citydw.FACT_SR (SR_KEY),
    OPEN_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    CLOSE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY)
);
COMMENT ON TABLE citydw.CE_CASE IS 'Code enforcement cases with their current status; SRC_SR_KEY is the 311 request that started the case, if any.';
COMMENT ON COLUMN citydw.CE_CASE.ORIGIN_CD IS 'CMPLNT complaint, PROACT proactive sweep, REFER referral from another department';

CREATE TABLE citydw.CE_CASE_VIOL (
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    VIOL_SEQ smallint NOT NULL,
    VIOL_CD varchar(8) NOT NULL REFERENCES citydw.LKP_CE_VIOL (VIOL_CD),
    OBSERVED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    CORRECT_BY_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    CORRECTED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    VIOL_STAT_CD varchar(6),
    PRIMARY KEY (CASE_KEY, VIOL_SEQ)
);

CREATE TABLE citydw.CE_NOTICE (
    NOTICE_KEY integer PRIMARY KEY,
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    NOTICE_TYPE_CD varchar(6) NOT NULL,
    ISSUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    COMPLY_BY_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    SERVE_METHOD_CD varchar(6)
);

CREATE TABLE citydw.CE_CITATION (
    CITATION_KEY integer PRIMARY KEY,
    CITATION_NBR varchar(14) NOT NULL UNIQUE,
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    VIOL_CD varchar(8) REFERENCES citydw.LKP_CE_VIOL (VIOL_CD),
    ISSUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    HEARING_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    FINE_AMT numeric(10,2),
    PAID_AMT numeric(10,2),
    DISPOSITION_CD varchar(6)
);
COMMENT ON TABLE citydw.CE_CITATION IS 'Administrative citations (fines) written on code cases.';

CREATE TABLE citydw.CE_INSP (
    CE_INSP_KEY integer PRIMARY KEY,
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    INSP_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    OFFICER_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    RESULT_CD varchar(4) REFERENCES citydw.LKP_INSP_RESULT (RESULT_CD),
    INSP_KIND varchar(8),
    NOTES varchar(2000)
);

CREATE TABLE citydw.CE_LIEN (
    LIEN_KEY integer PRIMARY KEY,
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    PARCEL_NBR varchar(14) NOT NULL REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    LIEN_AMT numeric(12,2),
    RECORDED_DT date,
    RELEASED_DT date,
    BOOK_PAGE varchar(20)
);

CREATE TABLE citydw.CE_CASE_HIST (
    CASE_KEY integer NOT NULL REFERENCES citydw.CE_CASE (CASE_KEY),
    HIST_SEQ smallint NOT NULL,
    CASE_STAT_CD varchar(6) NOT NULL REFERENCES citydw.LKP_CE_CASE_STAT (CASE_STAT_CD),
    STAT_DT date NOT NULL,
    OFFICER_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY),
    PRIMARY KEY (CASE_KEY, HIST_SEQ)
);

------------------------------------------------------------------------
-- Utility billing (CIS)
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_UB_ACCT_CLASS (
    ACCT_CLASS_CD varchar(4) PRIMARY KEY,
    ACCT_CLASS_DESCR varchar(40) NOT NULL
);
INSERT INTO citydw.LKP_UB_ACCT_CLASS VALUES
    ('RES', 'Residential'),
    ('MFR', 'Multi-Family Residential'),
    ('COM', 'Commercial'),
    ('IND', 'Industrial'),
    ('IRR', 'Irrigation Only'),
    ('MUN', 'Municipal');

CREATE TABLE citydw.LKP_UB_SVC_TYPE (
    SVC_TYPE_CD varchar(4) PRIMARY KEY,
    SVC_TYPE_DESCR varchar(40) NOT NULL,
    FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY)
);
INSERT INTO citydw.LKP_UB_SVC_TYPE VALUES
    ('WAT', 'Water', 5),
    ('SWR', 'Sewer', 6),
    ('STM', 'Stormwater', 7),
    ('SAN', 'Sanitation / Trash', 1);

CREATE TABLE citydw.LKP_UB_RATE (
    RATE_CD varchar(8) PRIMARY KEY,
    SVC_TYPE_CD varchar(4) NOT NULL REFERENCES citydw.LKP_UB_SVC_TYPE (SVC_TYPE_CD),
    ACCT_CLASS_CD varchar(4) REFERENCES citydw.LKP_UB_ACCT_CLASS (ACCT_CLASS_CD),
    RATE_DESCR varchar(80),
    BASE_CHG_AMT numeric(10,2),
    VOL_RATE_AMT numeric(10,4),
    TIER_THRESHOLD_QTY numeric(10,2),
    EFF_DT date,
    EXP_DT date
);

CREATE TABLE citydw.LKP_PMT_METHOD (
    PMT_METHOD_CD varchar(4) PRIMARY KEY,
    PMT_METHOD_DESCR varchar(40) NOT NULL
);
INSERT INTO citydw.LKP_PMT_METHOD VALUES
    ('CASH', 'Cash'),
    ('CHK', 'Check'),
    ('ACH', 'Bank Draft / AutoPay'),
    ('CC', 'Credit or Debit Card'),
    ('ONL', 'Online Portal'),
    ('KSK', 'Payment Kiosk'),
    ('LBX', 'Lockbox');

CREATE TABLE citydw.UB_CUST (
    CUST_KEY integer PRIMARY KEY,
    CUST_NBR varchar(10) NOT NULL UNIQUE,
    CUST_NAME varchar(120) NOT NULL,
    MAIL_ADDR varchar(120),
    MAIL_CITY varchar(40),
    MAIL_ST char(2),
    MAIL_ZIP varchar(10),
    PHONE_NBR varchar(20),
    EMAIL_ADDR varchar(120),
    LANG_PREF_CD varchar(3),
    PAPERLESS_FLG char(1)
);

CREATE TABLE citydw.UB_ACCT (
    UB_ACCT_KEY integer PRIMARY KEY,
    ACCT_NBR varchar(12) NOT NULL UNIQUE,
    CUST_KEY integer NOT NULL REFERENCES citydw.UB_CUST (CUST_KEY),
    PARCEL_NBR varchar(14) REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    SVC_ADDR varchar(160),
    ACCT_CLASS_CD varchar(4) NOT NULL REFERENCES citydw.LKP_UB_ACCT_CLASS (ACCT_CLASS_CD),
    ACCT_STAT_CD varchar(4) NOT NULL,
    OPEN_DT date,
    CLOSE_DT date,
    AUTOPAY_FLG char(1),
    DEPOSIT_AMT numeric(10,2)
);
COMMENT ON TABLE citydw.UB_ACCT IS 'Utility billing accounts as they stand today: the customer responsible for a service location.';
COMMENT ON COLUMN citydw.UB_ACCT.ACCT_STAT_CD IS 'ACT active, FNL final billed, INAC inactive, SHUT shut off';

CREATE TABLE citydw.UB_ACCT_HIST (
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    EFF_DT date NOT NULL,
    EXP_DT date,
    CUST_KEY integer REFERENCES citydw.UB_CUST (CUST_KEY),
    ACCT_CLASS_CD varchar(4) REFERENCES citydw.LKP_UB_ACCT_CLASS (ACCT_CLASS_CD),
    ACCT_STAT_CD varchar(4),
    PRIMARY KEY (UB_ACCT_KEY, EFF_DT)
);

CREATE TABLE citydw.UB_METER (
    METER_KEY integer PRIMARY KEY,
    METER_NBR varchar(14) NOT NULL UNIQUE,
    METER_SIZE_CD varchar(6),
    MFR_NAME varchar(40),
    MODEL varchar(40),
    INSTALL_DT date,
    PARCEL_KEY integer REFERENCES citydw.DIM_PARCEL (PARCEL_KEY),
    METER_STAT_CD varchar(4),
    AMI_FLG char(1)
);

CREATE TABLE citydw.UB_SVC (
    SVC_KEY integer PRIMARY KEY,
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    SVC_TYPE_CD varchar(4) NOT NULL REFERENCES citydw.LKP_UB_SVC_TYPE (SVC_TYPE_CD),
    RATE_CD varchar(8) REFERENCES citydw.LKP_UB_RATE (RATE_CD),
    METER_KEY integer REFERENCES citydw.UB_METER (METER_KEY),
    START_DT date,
    END_DT date
);

CREATE TABLE citydw.FACT_UB_METER_READ (
    READ_KEY bigint PRIMARY KEY,
    METER_KEY integer NOT NULL REFERENCES citydw.UB_METER (METER_KEY),
    READ_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    READ_VAL numeric(12,2),
    CONSUMPTION_QTY numeric(12,2),
    READ_TYPE_CD varchar(4),
    READER_EMP_KEY integer REFERENCES citydw.DIM_EMPLOYEE (EMP_KEY)
);
COMMENT ON COLUMN citydw.FACT_UB_METER_READ.READ_TYPE_CD IS 'ACT actual, EST estimated, AMI automated';

CREATE TABLE citydw.FACT_UB_BILL (
    BILL_KEY bigint PRIMARY KEY,
    BILL_NBR varchar(14) NOT NULL,
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    BILL_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    DUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRD_BEG_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PRD_END_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    WATER_CONS_QTY numeric(12,2),
    PRIOR_BAL_AMT numeric(12,2),
    TOTAL_AMT numeric(12,2),
    BILL_STAT_CD varchar(4)
);
COMMENT ON TABLE citydw.FACT_UB_BILL IS 'Utility bills; WATER_CONS_QTY is metered water consumption for the billing period in thousands of gallons.';

CREATE TABLE citydw.UB_BILL_LINE (
    BILL_KEY bigint NOT NULL REFERENCES citydw.FACT_UB_BILL (BILL_KEY),
    LINE_NBR smallint NOT NULL,
    SVC_TYPE_CD varchar(4) NOT NULL REFERENCES citydw.LKP_UB_SVC_TYPE (SVC_TYPE_CD),
    RATE_CD varchar(8) REFERENCES citydw.LKP_UB_RATE (RATE_CD),
    QTY numeric(12,2),
    CHG_AMT numeric(12,2),
    PRIMARY KEY (BILL_KEY, LINE_NBR)
);

CREATE TABLE citydw.FACT_UB_PMT (
    PMT_KEY bigint PRIMARY KEY,
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    PMT_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PMT_AMT numeric(12,2) NOT NULL,
    PMT_METHOD_CD varchar(4) REFERENCES citydw.LKP_PMT_METHOD (PMT_METHOD_CD),
    BATCH_NBR varchar(12),
    RECEIPT_NBR varchar(14)
);

CREATE TABLE citydw.UB_SHUTOFF (
    SHUTOFF_KEY integer PRIMARY KEY,
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    REASON_CD varchar(8) NOT NULL,
    NOTICE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    SHUTOFF_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    RESTORE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    PAST_DUE_AMT numeric(12,2)
);
COMMENT ON TABLE citydw.UB_SHUTOFF IS 'Service disconnections and restorations.';
COMMENT ON COLUMN citydw.UB_SHUTOFF.REASON_CD IS 'NONPAY nonpayment, CUSTREQ customer request, VACANT vacant premises, TAMPER meter tampering';

CREATE TABLE citydw.SNAP_UB_AR_MO (
    SNAP_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    UB_ACCT_KEY integer NOT NULL REFERENCES citydw.UB_ACCT (UB_ACCT_KEY),
    CURR_AMT numeric(12,2),
    PD_30_AMT numeric(12,2),
    PD_60_AMT numeric(12,2),
    PD_90_PLUS_AMT numeric(12,2),
    TOTAL_BAL_AMT numeric(12,2),
    PRIMARY KEY (SNAP_DT_KEY, UB_ACCT_KEY)
);
COMMENT ON TABLE citydw.SNAP_UB_AR_MO IS 'Receivable aging of every utility account at month end, in buckets of days past due.';

CREATE TABLE citydw.STG_UB_BILL (
    LOAD_BATCH_ID integer,
    ACCOUNT varchar(12),
    BILL_NO varchar(14),
    BILL_DATE varchar(10),
    DUE_DATE varchar(10),
    CONSUMPTION varchar(12),
    AMOUNT varchar(14)
);

------------------------------------------------------------------------
-- Procurement, contracts and payables (ERP)
------------------------------------------------------------------------

CREATE TABLE citydw.DIM_VENDOR (
    VENDOR_KEY integer PRIMARY KEY,
    VENDOR_NBR varchar(10) NOT NULL UNIQUE,
    VENDOR_NAME varchar(120) NOT NULL,
    DBA_NAME varchar(120),
    TAX_ID varchar(12),
    VENDOR_TYPE_CD varchar(4),
    MWBE_CERT_FLG char(1),
    LOCAL_FLG char(1),
    BL_ACCT_NBR varchar(10) REFERENCES citydw.BL_BUSINESS (BL_ACCT_NBR),
    VENDOR_STAT_CD varchar(4),
    REMIT_ADDR varchar(200)
);

CREATE TABLE citydw.LKP_COMMODITY (
    COMMODITY_CD varchar(8) PRIMARY KEY,
    COMMODITY_DESCR varchar(100) NOT NULL
);
INSERT INTO citydw.LKP_COMMODITY VALUES
    ('07060', 'Automobiles and Light Trucks'),
    ('07075', 'Heavy Trucks and Refuse Packers'),
    ('20445', 'Computer Hardware'),
    ('40500', 'Fuel, Gasoline and Diesel'),
    ('61500', 'Office Supplies'),
    ('74545', 'Asphalt and Paving Materials'),
    ('88515', 'Water Meters and Parts'),
    ('91400', 'Engineering Services'),
    ('96200', 'Construction Services, Road and Street');

CREATE TABLE citydw.LKP_PO_TYPE (
    PO_TYPE_CD varchar(4) PRIMARY KEY,
    PO_TYPE_DESCR varchar(40) NOT NULL
);
INSERT INTO citydw.LKP_PO_TYPE VALUES
    ('STD', 'Standard Purchase Order'),
    ('BLKT', 'Blanket Order'),
    ('CNTR', 'Contract Release'),
    ('EMRG', 'Emergency Purchase');

CREATE TABLE citydw.LKP_SOLICIT_TYPE (
    SOLICIT_TYPE_CD varchar(4) PRIMARY KEY,
    SOLICIT_TYPE_DESCR varchar(60) NOT NULL
);
INSERT INTO citydw.LKP_SOLICIT_TYPE VALUES
    ('IFB', 'Invitation for Bid'),
    ('RFP', 'Request for Proposals'),
    ('RFQ', 'Request for Qualifications'),
    ('SOLE', 'Sole Source'),
    ('COOP', 'Cooperative / Piggyback'),
    ('EMRG', 'Emergency Procurement');

CREATE TABLE citydw.CNTR_HDR (
    CNTR_KEY integer PRIMARY KEY,
    CNTR_NBR varchar(12) NOT NULL UNIQUE,
    CNTR_TITLE varchar(200) NOT NULL,
    VENDOR_KEY integer NOT NULL REFERENCES citydw.DIM_VENDOR (VENDOR_KEY),
    DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    SOLICIT_TYPE_CD varchar(4) REFERENCES citydw.LKP_SOLICIT_TYPE (SOLICIT_TYPE_CD),
    SOLICIT_NBR varchar(14),
    AWARD_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    BEG_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    END_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    NTE_AMT numeric(14,2),
    COUNCIL_RES_NBR varchar(12),
    CNTR_STAT_CD varchar(4)
);
COMMENT ON COLUMN citydw.CNTR_HDR.NTE_AMT IS 'Original not-to-exceed amount at award, before amendments';

CREATE TABLE citydw.CNTR_AMEND (
    CNTR_KEY integer NOT NULL REFERENCES citydw.CNTR_HDR (CNTR_KEY),
    AMEND_NBR smallint NOT NULL,
    AMEND_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    AMEND_AMT numeric(14,2),
    NEW_END_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    AMEND_REASON varchar(400),
    PRIMARY KEY (CNTR_KEY, AMEND_NBR)
);

CREATE TABLE citydw.PO_REQ (
    REQ_KEY integer PRIMARY KEY,
    REQ_NBR varchar(12) NOT NULL UNIQUE,
    DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    REQUESTER_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    REQ_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    APPROVED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    REQ_AMT numeric(14,2),
    REQ_STAT_CD varchar(4)
);

CREATE TABLE citydw.PO_HDR (
    PO_KEY integer PRIMARY KEY,
    PO_NBR varchar(12) NOT NULL UNIQUE,
    PO_TYPE_CD varchar(4) NOT NULL REFERENCES citydw.LKP_PO_TYPE (PO_TYPE_CD),
    VENDOR_KEY integer NOT NULL REFERENCES citydw.DIM_VENDOR (VENDOR_KEY),
    DEPT_KEY integer NOT NULL REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    CNTR_KEY integer REFERENCES citydw.CNTR_HDR (CNTR_KEY),
    REQ_KEY integer REFERENCES citydw.PO_REQ (REQ_KEY),
    BUYER_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    PO_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    PO_STAT_CD varchar(4),
    PO_TOTAL_AMT numeric(14,2)
);
COMMENT ON TABLE citydw.PO_HDR IS 'Purchase orders issued by the purchasing division, one row per order; DEPT_KEY is the ordering department.';

CREATE TABLE citydw.PO_LINE (
    PO_KEY integer NOT NULL REFERENCES citydw.PO_HDR (PO_KEY),
    LINE_NBR smallint NOT NULL,
    COMMODITY_CD varchar(8) REFERENCES citydw.LKP_COMMODITY (COMMODITY_CD),
    ITEM_DESCR varchar(200),
    QTY numeric(12,3),
    UOM varchar(6),
    UNIT_PRICE_AMT numeric(14,4),
    LINE_AMT numeric(14,2),
    FUND_KEY integer REFERENCES citydw.DIM_FUND (FUND_KEY),
    GL_ACCT_KEY integer REFERENCES citydw.DIM_GL_ACCT (GL_ACCT_KEY),
    PROJ_KEY integer REFERENCES citydw.DIM_PROJECT (PROJ_KEY),
    PRIMARY KEY (PO_KEY, LINE_NBR)
);

CREATE TABLE citydw.GL_ENCUMB (
    PO_KEY integer NOT NULL,
    LINE_NBR smallint NOT NULL,
    FISCAL_YR smallint NOT NULL,
    ENCUMB_AMT numeric(14,2),
    LIQ_AMT numeric(14,2),
    PRIMARY KEY (PO_KEY, LINE_NBR, FISCAL_YR),
    FOREIGN KEY (PO_KEY, LINE_NBR) REFERENCES citydw.PO_LINE (PO_KEY, LINE_NBR)
);

CREATE TABLE citydw.AP_INVOICE (
    INV_KEY integer PRIMARY KEY,
    VENDOR_KEY integer NOT NULL REFERENCES citydw.DIM_VENDOR (VENDOR_KEY),
    PO_KEY integer REFERENCES citydw.PO_HDR (PO_KEY),
    INV_NBR varchar(20) NOT NULL,
    INV_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    RCVD_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    INV_AMT numeric(14,2),
    PAID_AMT numeric(14,2),
    PAID_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    CHECK_NBR varchar(12),
    PMT_METHOD_CD varchar(4) REFERENCES citydw.LKP_PMT_METHOD (PMT_METHOD_CD)
);
COMMENT ON TABLE citydw.AP_INVOICE IS 'Vendor invoices entered in accounts payable and their payment.';

CREATE TABLE citydw.STG_PO (
    LOAD_BATCH_ID integer,
    PO_NO varchar(12),
    VENDOR_NO varchar(10),
    DEPT varchar(6),
    PO_DATE varchar(10),
    LINE_NO varchar(4),
    ITEM varchar(200),
    AMOUNT varchar(20)
);

------------------------------------------------------------------------
-- Fleet and work orders (CMMS)
------------------------------------------------------------------------

CREATE TABLE citydw.LKP_VEH_CLASS (
    VEH_CLASS_CD varchar(6) PRIMARY KEY,
    VEH_CLASS_DESCR varchar(60) NOT NULL,
    REPL_CYCLE_YRS smallint
);
INSERT INTO citydw.LKP_VEH_CLASS (VEH_CLASS_CD, VEH_CLASS_DESCR) VALUES
    ('SED', 'Sedan / Compact'),
    ('PU', 'Pickup Truck'),
    ('PTRL', 'Police Patrol Vehicle'),
    ('ENG', 'Fire Engine / Apparatus'),
    ('DUMP', 'Dump Truck'),
    ('RFSE', 'Refuse Packer'),
    ('SWPR', 'Street Sweeper'),
    ('MWR', 'Mower / Turf Equipment'),
    ('HEQ', 'Heavy Equipment (Backhoe, Loader)');

CREATE TABLE citydw.FLT_VEH (
    VEH_KEY integer PRIMARY KEY,
    UNIT_NBR varchar(8) NOT NULL UNIQUE,
    VIN varchar(17),
    VEH_CLASS_CD varchar(6) NOT NULL REFERENCES citydw.LKP_VEH_CLASS (VEH_CLASS_CD),
    MAKE varchar(30),
    MODEL varchar(30),
    MODEL_YR smallint,
    FUEL_TYPE_CD varchar(4),
    ASSIGNED_DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    ACQ_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    ACQ_COST_AMT numeric(12,2),
    VEH_STAT_CD varchar(4),
    DISPOSAL_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY)
);
COMMENT ON TABLE citydw.FLT_VEH IS 'City fleet units (vehicles and rolling equipment) and the department each is assigned to.';

CREATE TABLE citydw.FLT_FUEL (
    FUEL_TXN_KEY bigint PRIMARY KEY,
    VEH_KEY integer NOT NULL REFERENCES citydw.FLT_VEH (VEH_KEY),
    FUEL_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    FUEL_TYPE_CD varchar(4),
    GALLONS_QTY numeric(8,3),
    FUEL_AMT numeric(10,2),
    ODOMETER_RDG integer,
    SITE_CD varchar(6)
);

CREATE TABLE citydw.SNAP_FLT_UTIL_MO (
    SNAP_DT_KEY integer NOT NULL REFERENCES citydw.DIM_DATE (DATE_KEY),
    VEH_KEY integer NOT NULL REFERENCES citydw.FLT_VEH (VEH_KEY),
    ODOMETER_RDG integer,
    MILES_MO integer,
    ENGINE_HRS_MO numeric(8,1),
    DOWN_DAYS smallint,
    PRIMARY KEY (SNAP_DT_KEY, VEH_KEY)
);

CREATE TABLE citydw.LKP_WO_TYPE (
    WO_TYPE_CD varchar(6) PRIMARY KEY,
    WO_TYPE_DESCR varchar(60) NOT NULL,
    WORK_GRP varchar(10)
);
INSERT INTO citydw.LKP_WO_TYPE VALUES
    ('PM', 'Preventive Maintenance', 'FLEET'),
    ('VREP', 'Vehicle Repair', 'FLEET'),
    ('PTCH', 'Pothole Patching', 'STREETS'),
    ('STLT', 'Streetlight Repair', 'STREETS'),
    ('SIGN', 'Sign Replacement', 'STREETS'),
    ('MNBK', 'Water Main Break', 'WATER'),
    ('HYD', 'Hydrant Repair', 'WATER'),
    ('MTR', 'Meter Change-Out', 'WATER'),
    ('TREE', 'Tree Work', 'PARKS');

CREATE TABLE citydw.FACT_WO (
    WO_KEY integer PRIMARY KEY,
    WO_NBR varchar(12) NOT NULL UNIQUE,
    WO_TYPE_CD varchar(6) NOT NULL REFERENCES citydw.LKP_WO_TYPE (WO_TYPE_CD),
    WO_STAT_CD varchar(4),
    PRIORITY_CD char(1),
    DEPT_KEY integer REFERENCES citydw.DIM_DEPT (DEPT_KEY),
    VEH_KEY integer REFERENCES citydw.FLT_VEH (VEH_KEY),
    SR_KEY integer REFERENCES citydw.FACT_SR (SR_KEY),
    ADDR_KEY integer REFERENCES citydw.DIM_ADDR (ADDR_KEY),
    PROJ_KEY integer REFERENCES citydw.DIM_PROJECT (PROJ_KEY),
    OPEN_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    SCHED_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    CMPLT_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    EST_HRS numeric(8,2),
    ACTUAL_COST_AMT numeric(12,2),
    PROBLEM_DESCR varchar(1000)
);
COMMENT ON TABLE citydw.FACT_WO IS 'Work orders from the maintenance management system: fleet shop jobs and field work (streets, water, parks); SR_KEY links field work to the 311 request behind it.';

CREATE TABLE citydw.WO_LABOR (
    WO_KEY integer NOT NULL REFERENCES citydw.FACT_WO (WO_KEY),
    LABOR_SEQ smallint NOT NULL,
    EMP_ID varchar(10) NOT NULL REFERENCES citydw.HR_EMP (EMP_ID),
    WORK_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    HRS_QTY numeric(6,2),
    OT_HRS_QTY numeric(6,2),
    LABOR_AMT numeric(10,2),
    PRIMARY KEY (WO_KEY, LABOR_SEQ)
);

CREATE TABLE citydw.INV_PART (
    PART_NBR varchar(20) PRIMARY KEY,
    PART_DESCR varchar(120) NOT NULL,
    UOM varchar(6),
    STOREROOM_CD varchar(6),
    ON_HAND_QTY numeric(10,2),
    REORDER_PT_QTY numeric(10,2),
    AVG_UNIT_COST_AMT numeric(12,4)
);

CREATE TABLE citydw.WO_PART (
    WO_KEY integer NOT NULL REFERENCES citydw.FACT_WO (WO_KEY),
    PART_SEQ smallint NOT NULL,
    PART_NBR varchar(20) NOT NULL REFERENCES citydw.INV_PART (PART_NBR),
    ISSUE_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    QTY numeric(10,2),
    UNIT_COST_AMT numeric(12,4),
    EXT_COST_AMT numeric(12,2),
    PRIMARY KEY (WO_KEY, PART_SEQ)
);

------------------------------------------------------------------------
-- Parks and recreation registration
------------------------------------------------------------------------

CREATE TABLE citydw.REC_PARK (
    PARK_KEY integer PRIMARY KEY,
    PARK_CD varchar(6) NOT NULL UNIQUE,
    PARK_NAME varchar(80) NOT NULL,
    PARK_TYPE_CD varchar(6),
    ACREAGE numeric(8,2),
    PARCEL_NBR varchar(14) REFERENCES citydw.DIM_PARCEL (PARCEL_NBR),
    COUNCIL_DIST_KEY integer REFERENCES citydw.DIM_COUNCIL_DIST (COUNCIL_DIST_KEY)
);
INSERT INTO citydw.REC_PARK (PARK_KEY, PARK_CD, PARK_NAME, PARK_TYPE_CD, COUNCIL_DIST_KEY) VALUES
    (1, 'RVPK', 'Riverfront Park', 'REGION', 1),
    (2, 'MCPK', 'Mill Creek Park', 'COMM', 3),
    (3, 'LKPK', 'Lakeview Park', 'COMM', 6),
    (4, 'CDPK', 'Cedar Hills Park', 'NBHD', 7),
    (5, 'MLK', 'Martin Luther King Jr. Park', 'COMM', 2);

CREATE TABLE citydw.REC_FACILITY (
    FACILITY_KEY integer PRIMARY KEY,
    FACILITY_CD varchar(8) NOT NULL UNIQUE,
    FACILITY_NAME varchar(80) NOT NULL,
    FACILITY_TYPE_CD varchar(6),
    PARK_KEY integer REFERENCES citydw.REC_PARK (PARK_KEY),
    ADDR_KEY integer REFERENCES citydw.DIM_ADDR (ADDR_KEY),
    CAPACITY_QTY integer
);
COMMENT ON COLUMN citydw.REC_FACILITY.FACILITY_TYPE_CD IS 'RC recreation center, POOL aquatic center, FLD athletic field, SHLT picnic shelter, GYM gymnasium';
INSERT INTO citydw.REC_FACILITY (FACILITY_KEY, FACILITY_CD, FACILITY_NAME, FACILITY_TYPE_CD, PARK_KEY) VALUES
    (1, 'RVRC', 'Riverfront Recreation Center', 'RC', 1),
    (2, 'MCRC', 'Mill Creek Community Center', 'RC', 2),
    (3, 'MLKRC', 'MLK Recreation Center', 'RC', 5),
    (4, 'LKAQ', 'Lakeview Aquatic Center', 'POOL', 3),
    (5, 'CDFLD', 'Cedar Hills Ballfields', 'FLD', 4);

CREATE TABLE citydw.LKP_REC_PROGRAM_CAT (
    PROGRAM_CAT_CD varchar(6) PRIMARY KEY,
    PROGRAM_CAT_DESCR varchar(60) NOT NULL
);
INSERT INTO citydw.LKP_REC_PROGRAM_CAT VALUES
    ('AQUA', 'Aquatics and Swim Lessons'),
    ('YSPT', 'Youth Sports'),
    ('ASPT', 'Adult Sports Leagues'),
    ('CAMP', 'Summer Day Camp'),
    ('ARTS', 'Arts and Culture'),
    ('SENR', 'Active Adults 55+'),
    ('FIT', 'Fitness and Wellness'),
    ('PRSC', 'Preschool and Early Childhood');

CREATE TABLE citydw.REC_PROGRAM (
    PROGRAM_KEY integer PRIMARY KEY,
    PROGRAM_CD varchar(10) NOT NULL UNIQUE,
    PROGRAM_NAME varchar(120) NOT NULL,
    PROGRAM_CAT_CD varchar(6) NOT NULL REFERENCES citydw.LKP_REC_PROGRAM_CAT (PROGRAM_CAT_CD),
    AGE_MIN smallint,
    AGE_MAX smallint,
    DESCR varchar(1000)
);

CREATE TABLE citydw.REC_SECTION (
    SECTION_KEY integer PRIMARY KEY,
    SECTION_CD varchar(12) NOT NULL UNIQUE,
    PROGRAM_KEY integer NOT NULL REFERENCES citydw.REC_PROGRAM (PROGRAM_KEY),
    FACILITY_KEY integer REFERENCES citydw.REC_FACILITY (FACILITY_KEY),
    SEASON_CD varchar(6),
    BEG_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    END_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    MEET_DAYS varchar(14),
    INSTRUCTOR_EMP_ID varchar(10) REFERENCES citydw.HR_EMP (EMP_ID),
    MAX_ENROLL_QTY smallint,
    RES_FEE_AMT numeric(8,2),
    NONRES_FEE_AMT numeric(8,2)
);
COMMENT ON TABLE citydw.REC_SECTION IS 'Scheduled sessions of a recreation program: where, when, who teaches and the fee.';

CREATE TABLE citydw.REC_HOUSEHOLD (
    HOUSEHOLD_KEY integer PRIMARY KEY,
    HH_NBR varchar(10) NOT NULL UNIQUE,
    HH_NAME varchar(120),
    ADDR_KEY integer REFERENCES citydw.DIM_ADDR (ADDR_KEY),
    RESIDENT_FLG char(1),
    PHONE_NBR varchar(20),
    EMAIL_ADDR varchar(120)
);

CREATE TABLE citydw.REC_PARTICIPANT (
    PARTICIPANT_KEY integer PRIMARY KEY,
    HOUSEHOLD_KEY integer NOT NULL REFERENCES citydw.REC_HOUSEHOLD (HOUSEHOLD_KEY),
    FIRST_NAME varchar(40),
    LAST_NAME varchar(60),
    BIRTH_DT date,
    GENDER_CD char(1)
);

CREATE TABLE citydw.FACT_REC_ENROLL (
    ENROLL_KEY integer PRIMARY KEY,
    SECTION_KEY integer NOT NULL REFERENCES citydw.REC_SECTION (SECTION_KEY),
    PARTICIPANT_KEY integer NOT NULL REFERENCES citydw.REC_PARTICIPANT (PARTICIPANT_KEY),
    ENROLL_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    ENROLL_STAT_CD varchar(4) NOT NULL,
    FEE_AMT numeric(8,2),
    DISCOUNT_AMT numeric(8,2),
    SCHOLARSHIP_FLG char(1),
    PMT_METHOD_CD varchar(4) REFERENCES citydw.LKP_PMT_METHOD (PMT_METHOD_CD)
);
COMMENT ON COLUMN citydw.FACT_REC_ENROLL.ENROLL_STAT_CD IS 'ENR enrolled, WAIT waitlisted, WDRN withdrawn, XFER transferred';

CREATE TABLE citydw.REC_FACILITY_RSV (
    RSV_KEY integer PRIMARY KEY,
    FACILITY_KEY integer NOT NULL REFERENCES citydw.REC_FACILITY (FACILITY_KEY),
    HOUSEHOLD_KEY integer REFERENCES citydw.REC_HOUSEHOLD (HOUSEHOLD_KEY),
    RSV_DT_KEY integer REFERENCES citydw.DIM_DATE (DATE_KEY),
    START_TS timestamp,
    END_TS timestamp,
    EVENT_TYPE varchar(30),
    ATTENDEE_QTY integer,
    RENTAL_AMT numeric(10,2)
);

------------------------------------------------------------------------
-- Load control
------------------------------------------------------------------------

CREATE TABLE citydw.ETL_LOAD_LOG (
    LOAD_ID integer PRIMARY KEY,
    SRC_SYS_CD varchar(8) NOT NULL,
    TGT_TABLE_NAME varchar(60) NOT NULL,
    LOAD_START_TS timestamp,
    LOAD_END_TS timestamp,
    ROW_CNT integer,
    REJECT_CNT integer,
    LOAD_STAT_CD varchar(8)
);
