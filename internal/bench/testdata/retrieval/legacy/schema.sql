-- A distribution company's order-entry system migrated from a 1990s
-- midrange database with its names kept (quoted upper case, abbreviated,
-- prefixes and suffixes by whoever wrote each screen). Hardly any comments:
-- a data-dictionary effort stopped after a few status codes.
CREATE SCHEMA legacy;

CREATE TABLE legacy."REGION" (
    "REGION_CD" char(2) PRIMARY KEY,
    "REGION_DESC" varchar(30) NOT NULL
);

CREATE TABLE legacy."TERRITORY" (
    "TERR_CD" char(4) PRIMARY KEY,
    "TERR_NM" varchar(30) NOT NULL,
    "REGION_CD" char(2) NOT NULL REFERENCES legacy."REGION"
);

CREATE TABLE legacy."TERMS" (
    "TERMS_CD" char(3) PRIMARY KEY,
    "TERMS_DESC" varchar(30) NOT NULL,
    "DUE_DAYS" smallint NOT NULL,
    "DISC_PCT" numeric(5,2),
    "DISC_DAYS" smallint
);

CREATE TABLE legacy."JOBCODE" (
    "JOB_CD" char(4) PRIMARY KEY,
    "JOB_TTL" varchar(40) NOT NULL,
    "PAY_GRD" char(2)
);

CREATE TABLE legacy."DEPT" (
    "DEPT_NO" char(3) PRIMARY KEY,
    "DEPT_NM" varchar(30) NOT NULL,
    "CC_NO" char(6),
    "MGR_EMP_NO" integer
);

CREATE TABLE legacy."EMPMSTR" (
    "EMP_NO" integer PRIMARY KEY,
    "LNAME" varchar(25) NOT NULL,
    "FNAME" varchar(20) NOT NULL,
    "MI" char(1),
    "SSN_LAST4" char(4),
    "HIRE_DT" date NOT NULL,
    "TERM_DT" date,
    "DEPT_NO" char(3) REFERENCES legacy."DEPT",
    "JOB_CD" char(4) REFERENCES legacy."JOBCODE",
    "SUPV_EMP_NO" integer REFERENCES legacy."EMPMSTR",
    "PAY_RT" numeric(9,2),
    "PAY_FREQ" char(1),
    "STAT" char(1) NOT NULL DEFAULT 'A'
);
COMMENT ON COLUMN legacy."EMPMSTR"."STAT" IS 'A=active L=leave of absence T=terminated';

ALTER TABLE legacy."DEPT" ADD FOREIGN KEY ("MGR_EMP_NO") REFERENCES legacy."EMPMSTR";

CREATE TABLE legacy."TIMECARD" (
    "EMP_NO" integer NOT NULL REFERENCES legacy."EMPMSTR",
    "WK_END_DT" date NOT NULL,
    "REG_HRS" numeric(5,2) NOT NULL DEFAULT 0,
    "OT_HRS" numeric(5,2) NOT NULL DEFAULT 0,
    "APPR_BY" integer REFERENCES legacy."EMPMSTR",
    PRIMARY KEY ("EMP_NO", "WK_END_DT")
);

CREATE TABLE legacy."SALESREPRESENTATIVE" (
    "SLSREP_ID" char(3) PRIMARY KEY,
    "FIRSTNAME" varchar(20) NOT NULL,
    "LASTNAME" varchar(25) NOT NULL,
    "EMP_NO" integer REFERENCES legacy."EMPMSTR",
    "REGION_CD" char(2) REFERENCES legacy."REGION",
    "COMMPCT" numeric(4,2)
);

CREATE TABLE legacy."CUST_MSTR" (
    "CUST_NO" integer PRIMARY KEY,
    "CUST_NM" varchar(40) NOT NULL,
    "ADDR1" varchar(40),
    "ADDR2" varchar(40),
    "CITY" varchar(25),
    "ST_CD" char(2),
    "ZIP" varchar(10),
    "CNTRY_CD" char(3) NOT NULL DEFAULT 'USA',
    "PHN" varchar(14),
    "CR_LMT" numeric(11,2),
    "SLSREP_ID" char(3) REFERENCES legacy."SALESREPRESENTATIVE",
    "TERR_CD" char(4) REFERENCES legacy."TERRITORY",
    "TERMS_CD" char(3) REFERENCES legacy."TERMS",
    "CUST_TYP" char(1),
    "OPEN_DT" date,
    "STAT_FLG" char(1)
);
COMMENT ON COLUMN legacy."CUST_MSTR"."CUST_TYP" IS 'R=retail W=wholesale D=distributor';

CREATE TABLE legacy."CUST_SHIPTO" (
    "CUST_NO" integer NOT NULL REFERENCES legacy."CUST_MSTR",
    "SHIPTO_NO" smallint NOT NULL,
    "SHIPTO_NM" varchar(40),
    "ADDR1" varchar(40),
    "CITY" varchar(25),
    "ST_CD" char(2),
    "ZIP" varchar(10),
    PRIMARY KEY ("CUST_NO", "SHIPTO_NO")
);

CREATE TABLE legacy."CUST_ACCT_BAL" (
    "CUST_NO" integer NOT NULL REFERENCES legacy."CUST_MSTR",
    "AS_OF_DT" date NOT NULL,
    "CUR_BAL" numeric(11,2) NOT NULL,
    "PST_DUE_30" numeric(11,2) NOT NULL DEFAULT 0,
    "PST_DUE_60" numeric(11,2) NOT NULL DEFAULT 0,
    "PST_DUE_90" numeric(11,2) NOT NULL DEFAULT 0,
    PRIMARY KEY ("CUST_NO", "AS_OF_DT")
);
COMMENT ON TABLE legacy."CUST_ACCT_BAL" IS 'AR aging snapshot, one row per customer per month end';

CREATE TABLE legacy."PRODCAT" (
    "CAT_CD" char(4) PRIMARY KEY,
    "CAT_DESC" varchar(30) NOT NULL,
    "PARENT_CAT_CD" char(4) REFERENCES legacy."PRODCAT"
);

CREATE TABLE legacy."VENDMSTR" (
    "VEND_NO" integer PRIMARY KEY,
    "VEND_NM" varchar(40) NOT NULL,
    "ADDR1" varchar(40),
    "CITY" varchar(25),
    "ST_CD" char(2),
    "ZIP" varchar(10),
    "PHN" varchar(14),
    "TERMS_CD" char(3) REFERENCES legacy."TERMS",
    "1099_FLG" char(1),
    "HOLD_FLG" char(1)
);

CREATE TABLE legacy."ITEMMSTR" (
    "ITEM_NO" varchar(15) PRIMARY KEY,
    "ITEM_DESC" varchar(40) NOT NULL,
    "CAT_CD" char(4) REFERENCES legacy."PRODCAT",
    "UOM" char(2) NOT NULL,
    "STD_COST" numeric(11,4),
    "LIST_PRC" numeric(11,2),
    "VEND_NO" integer REFERENCES legacy."VENDMSTR",
    "WT_LBS" numeric(7,2),
    "DISC_FLG" char(1) NOT NULL DEFAULT 'N'
);
COMMENT ON COLUMN legacy."ITEMMSTR"."DISC_FLG" IS 'Y = discontinued';

CREATE TABLE legacy."WHSE" (
    "WHSE_CD" char(2) PRIMARY KEY,
    "WHSE_NM" varchar(30) NOT NULL,
    "CITY" varchar(25),
    "ST_CD" char(2)
);

CREATE TABLE legacy."WHSE_LOC" (
    "WHSE_CD" char(2) NOT NULL REFERENCES legacy."WHSE",
    "LOC_CD" varchar(8) NOT NULL,
    "AISLE" varchar(3),
    "BIN" varchar(4),
    "LOC_TYP" char(1),
    PRIMARY KEY ("WHSE_CD", "LOC_CD")
);

CREATE TABLE legacy."INV_BAL" (
    "ITEM_NO" varchar(15) NOT NULL REFERENCES legacy."ITEMMSTR",
    "WHSE_CD" char(2) NOT NULL,
    "LOC_CD" varchar(8) NOT NULL,
    "QOH" numeric(11,2) NOT NULL DEFAULT 0,
    "QTY_ALLOC" numeric(11,2) NOT NULL DEFAULT 0,
    "LAST_CNT_DT" date,
    PRIMARY KEY ("ITEM_NO", "WHSE_CD", "LOC_CD"),
    FOREIGN KEY ("WHSE_CD", "LOC_CD") REFERENCES legacy."WHSE_LOC"
);

CREATE TABLE legacy."INV_TXN" (
    "TXN_ID" bigint PRIMARY KEY,
    "ITEM_NO" varchar(15) NOT NULL REFERENCES legacy."ITEMMSTR",
    "WHSE_CD" char(2) NOT NULL REFERENCES legacy."WHSE",
    "TXN_TYP" char(3) NOT NULL,
    "TXN_QTY" numeric(11,2) NOT NULL,
    "TXN_DT" date NOT NULL,
    "REF_NO" varchar(12),
    "USER_ID" varchar(10)
);

CREATE TABLE legacy."ORDHDR" (
    "ORD_NO" integer PRIMARY KEY,
    "CUST_NO" integer NOT NULL REFERENCES legacy."CUST_MSTR",
    "SHIPTO_NO" smallint,
    "ORD_DT" date NOT NULL,
    "REQ_DT" date,
    "SLSREP_ID" char(3) REFERENCES legacy."SALESREPRESENTATIVE",
    "WHSE_CD" char(2) REFERENCES legacy."WHSE",
    "TERMS_CD" char(3) REFERENCES legacy."TERMS",
    "PO_REF" varchar(20),
    "ORD_STAT" char(1) NOT NULL DEFAULT 'O',
    FOREIGN KEY ("CUST_NO", "SHIPTO_NO") REFERENCES legacy."CUST_SHIPTO"
);
COMMENT ON COLUMN legacy."ORDHDR"."ORD_STAT" IS 'O=open H=credit hold S=shipped X=cancelled';

CREATE TABLE legacy."ORDLN" (
    "ORD_NO" integer NOT NULL REFERENCES legacy."ORDHDR",
    "LN_NO" smallint NOT NULL,
    "ITEM_NO" varchar(15) NOT NULL REFERENCES legacy."ITEMMSTR",
    "QTY_ORD" numeric(11,2) NOT NULL,
    "QTY_SHP" numeric(11,2) NOT NULL DEFAULT 0,
    "UNIT_PRC" numeric(11,2) NOT NULL,
    "DISC_PCT" numeric(5,2) NOT NULL DEFAULT 0,
    PRIMARY KEY ("ORD_NO", "LN_NO")
);

CREATE TABLE legacy."CARRIER" (
    "CARRIER_CD" char(4) PRIMARY KEY,
    "CARRIER_NM" varchar(30) NOT NULL,
    "SCAC" char(4)
);

CREATE TABLE legacy."SHIPMT" (
    "SHP_NO" integer PRIMARY KEY,
    "ORD_NO" integer NOT NULL REFERENCES legacy."ORDHDR",
    "SHP_DT" date NOT NULL,
    "CARRIER_CD" char(4) REFERENCES legacy."CARRIER",
    "TRK_NO" varchar(30),
    "FRT_CHG" numeric(9,2),
    "WT_LBS" numeric(9,2)
);

CREATE TABLE legacy."INVHDR" (
    "INV_NO" integer PRIMARY KEY,
    "ORD_NO" integer REFERENCES legacy."ORDHDR",
    "CUST_NO" integer NOT NULL REFERENCES legacy."CUST_MSTR",
    "INV_DT" date NOT NULL,
    "DUE_DT" date NOT NULL,
    "INV_AMT" numeric(11,2) NOT NULL,
    "TAX_AMT" numeric(9,2) NOT NULL DEFAULT 0,
    "FRT_AMT" numeric(9,2) NOT NULL DEFAULT 0,
    "PD_FLG" char(1) NOT NULL DEFAULT 'N'
);

CREATE TABLE legacy."INVLN" (
    "INV_NO" integer NOT NULL REFERENCES legacy."INVHDR",
    "LN_NO" smallint NOT NULL,
    "ITEM_NO" varchar(15) REFERENCES legacy."ITEMMSTR",
    "QTY" numeric(11,2) NOT NULL,
    "UNIT_PRC" numeric(11,2) NOT NULL,
    "EXT_AMT" numeric(11,2) NOT NULL,
    PRIMARY KEY ("INV_NO", "LN_NO")
);

CREATE TABLE legacy."AR_PMT" (
    "PMT_ID" integer PRIMARY KEY,
    "CUST_NO" integer NOT NULL REFERENCES legacy."CUST_MSTR",
    "PMT_DT" date NOT NULL,
    "PMT_AMT" numeric(11,2) NOT NULL,
    "PMT_METH" char(2),
    "CHK_NO" varchar(12)
);

CREATE TABLE legacy."AR_PMT_APPL" (
    "PMT_ID" integer NOT NULL REFERENCES legacy."AR_PMT",
    "INV_NO" integer NOT NULL REFERENCES legacy."INVHDR",
    "APPL_AMT" numeric(11,2) NOT NULL,
    "APPL_DT" date,
    PRIMARY KEY ("PMT_ID", "INV_NO")
);

CREATE TABLE legacy."RMA_HDR" (
    "RMA_NO" integer PRIMARY KEY,
    "INV_NO" integer NOT NULL REFERENCES legacy."INVHDR",
    "RMA_DT" date NOT NULL,
    "RSN_CD" char(2),
    "STAT" char(1)
);

CREATE TABLE legacy."RMA_LN" (
    "RMA_NO" integer NOT NULL REFERENCES legacy."RMA_HDR",
    "LN_NO" smallint NOT NULL,
    "ITEM_NO" varchar(15) NOT NULL REFERENCES legacy."ITEMMSTR",
    "QTY" numeric(11,2) NOT NULL,
    "CR_AMT" numeric(11,2),
    PRIMARY KEY ("RMA_NO", "LN_NO")
);

CREATE TABLE legacy."PO_HDR" (
    "PO_NO" integer PRIMARY KEY,
    "VEND_NO" integer NOT NULL REFERENCES legacy."VENDMSTR",
    "PO_DT" date NOT NULL,
    "EXP_DT" date,
    "BUYER_EMP_NO" integer REFERENCES legacy."EMPMSTR",
    "WHSE_CD" char(2) REFERENCES legacy."WHSE",
    "PO_STAT" char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON COLUMN legacy."PO_HDR"."PO_STAT" IS 'O=open R=partially received C=closed X=cancelled';

CREATE TABLE legacy."PO_DTL" (
    "PO_NO" integer NOT NULL REFERENCES legacy."PO_HDR",
    "LN_NO" smallint NOT NULL,
    "ITEM_NO" varchar(15) NOT NULL REFERENCES legacy."ITEMMSTR",
    "QTY_ORD" numeric(11,2) NOT NULL,
    "QTY_RCVD" numeric(11,2) NOT NULL DEFAULT 0,
    "UNIT_CST" numeric(11,4) NOT NULL,
    PRIMARY KEY ("PO_NO", "LN_NO")
);

CREATE TABLE legacy."RCV_HDR" (
    "RCVR_NO" integer PRIMARY KEY,
    "PO_NO" integer NOT NULL REFERENCES legacy."PO_HDR",
    "RCV_DT" date NOT NULL,
    "WHSE_CD" char(2) REFERENCES legacy."WHSE",
    "PKG_SLIP" varchar(20)
);

CREATE TABLE legacy."RCV_DTL" (
    "RCVR_NO" integer NOT NULL REFERENCES legacy."RCV_HDR",
    "LN_NO" smallint NOT NULL,
    "PO_NO" integer NOT NULL,
    "PO_LN_NO" smallint NOT NULL,
    "QTY_RCVD" numeric(11,2) NOT NULL,
    "QTY_REJ" numeric(11,2) NOT NULL DEFAULT 0,
    PRIMARY KEY ("RCVR_NO", "LN_NO"),
    FOREIGN KEY ("PO_NO", "PO_LN_NO") REFERENCES legacy."PO_DTL"
);

CREATE TABLE legacy."GL_ACCT" (
    "ACCT_NO" char(8) PRIMARY KEY,
    "ACCT_DESC" varchar(40) NOT NULL,
    "ACCT_TYP" char(1) NOT NULL
);

CREATE TABLE legacy."GL_TRAN" (
    "JE_NO" integer NOT NULL,
    "JE_LN" smallint NOT NULL,
    "ACCT_NO" char(8) NOT NULL REFERENCES legacy."GL_ACCT",
    "POST_DT" date NOT NULL,
    "DR_AMT" numeric(13,2) NOT NULL DEFAULT 0,
    "CR_AMT" numeric(13,2) NOT NULL DEFAULT 0,
    "SRC_CD" char(2),
    "REF_NO" varchar(12),
    PRIMARY KEY ("JE_NO", "JE_LN")
);

-- What every old database accumulates: a customer copy from a conversion,
-- a load staging table and a report cache.
CREATE TABLE legacy."CUST_MSTR_BAK_2011" (
    "CUST_NO" integer,
    "CUST_NM" varchar(40),
    "CITY" varchar(25),
    "ST_CD" char(2),
    "CR_LMT" numeric(11,2),
    "SLSREP_ID" char(3)
);

CREATE TABLE legacy."TMP_ORDLOAD" (
    "BATCH_ID" integer NOT NULL,
    "SEQ" integer NOT NULL,
    "RAW_REC" varchar(512),
    "ERR_MSG" varchar(200),
    PRIMARY KEY ("BATCH_ID", "SEQ")
);

CREATE TABLE legacy."X_RPT_SLS_MTD" (
    "RPT_DT" date NOT NULL,
    "SLSREP_ID" char(3) NOT NULL,
    "SLS_AMT" numeric(13,2),
    "GP_AMT" numeric(13,2),
    PRIMARY KEY ("RPT_DT", "SLSREP_ID")
);

INSERT INTO legacy."REGION" VALUES
    ('NE', 'NORTHEAST'), ('SE', 'SOUTHEAST'), ('MW', 'MIDWEST'), ('WE', 'WEST');
INSERT INTO legacy."TERRITORY" VALUES
    ('NE01', 'NEW ENGLAND', 'NE'), ('NE02', 'NY METRO', 'NE'), ('SE01', 'FLORIDA', 'SE'),
    ('SE02', 'CAROLINAS', 'SE'), ('MW01', 'GREAT LAKES', 'MW'), ('WE01', 'PACIFIC', 'WE');
INSERT INTO legacy."TERMS" VALUES
    ('N30', 'NET 30', 30, NULL, NULL), ('210', '2/10 NET 30', 30, 2.00, 10),
    ('COD', 'CASH ON DELIVERY', 0, NULL, NULL), ('N60', 'NET 60', 60, NULL, NULL);
INSERT INTO legacy."DEPT" ("DEPT_NO", "DEPT_NM", "CC_NO") VALUES
    ('100', 'ACCOUNTING', '410000'), ('200', 'MARKETING', '420000'), ('300', 'SALES', '430000'),
    ('400', 'WAREHOUSE', '440000'), ('500', 'PURCHASING', '450000'), ('600', 'DATA PROCESSING', '460000');
INSERT INTO legacy."PRODCAT" VALUES
    ('FAST', 'FASTENERS', NULL), ('ADHS', 'ADHESIVES', NULL), ('PTLS', 'POWER TOOLS', NULL),
    ('SAFE', 'SAFETY', NULL), ('GLOV', 'GLOVES', 'SAFE');
INSERT INTO legacy."WHSE" VALUES
    ('01', 'MAIN DC', 'DALLAS', 'TX'), ('02', 'EAST DC', 'ATLANTA', 'GA'), ('03', 'WEST DC', 'RENO', 'NV');
INSERT INTO legacy."CARRIER" VALUES
    ('UPSG', 'UPS GROUND', 'UPSN'), ('FDXF', 'FEDEX FREIGHT', 'FXFE'), ('YRCW', 'YRC', 'RDWY'), ('WILL', 'WILL CALL', NULL);
