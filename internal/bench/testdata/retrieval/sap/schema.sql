-- An SAP ERP replica as it lands in PostgreSQL: the data dictionary's table
-- and field names (lower-cased, client column dropped), composite keys, text
-- tables, and only part of the DDIC short texts loaded as comments.
CREATE SCHEMA sap;

-- Configuration
CREATE TABLE sap.t005 (
    land1 varchar(3) PRIMARY KEY,
    landk varchar(3),
    waers varchar(5),
    xegld varchar(1)
);
COMMENT ON TABLE sap.t005 IS 'Countries';
COMMENT ON COLUMN sap.t005.waers IS 'Country currency';
COMMENT ON COLUMN sap.t005.xegld IS 'Indicator: European Union Member?';

CREATE TABLE sap.t005t (
    spras varchar(1) NOT NULL,
    land1 varchar(3) NOT NULL REFERENCES sap.t005,
    landx varchar(15),
    natio varchar(15),
    PRIMARY KEY (spras, land1)
);
COMMENT ON TABLE sap.t005t IS 'Country Names';
COMMENT ON COLUMN sap.t005t.landx IS 'Country Name';
COMMENT ON COLUMN sap.t005t.natio IS 'Nationality';

CREATE TABLE sap.t001 (
    bukrs varchar(4) PRIMARY KEY,
    butxt varchar(25) NOT NULL,
    ort01 varchar(25),
    land1 varchar(3) REFERENCES sap.t005,
    waers varchar(5),
    ktopl varchar(4),
    periv varchar(2)
);
COMMENT ON TABLE sap.t001 IS 'Company Codes';
COMMENT ON COLUMN sap.t001.butxt IS 'Name of Company Code or Company';
COMMENT ON COLUMN sap.t001.ktopl IS 'Chart of Accounts';
COMMENT ON COLUMN sap.t001.periv IS 'Fiscal Year Variant';

CREATE TABLE sap.t001k (
    bwkey varchar(4) PRIMARY KEY,
    bukrs varchar(4) NOT NULL REFERENCES sap.t001,
    bwmod varchar(4),
    xbkng varchar(1)
);

CREATE TABLE sap.t001w (
    werks varchar(4) PRIMARY KEY,
    name1 varchar(30) NOT NULL,
    bwkey varchar(4) REFERENCES sap.t001k,
    ort01 varchar(25),
    land1 varchar(3) REFERENCES sap.t005,
    regio varchar(3),
    vkorg varchar(4),
    fabkl varchar(2)
);
COMMENT ON TABLE sap.t001w IS 'Plants/Branches';
COMMENT ON COLUMN sap.t001w.bwkey IS 'Valuation Area';
COMMENT ON COLUMN sap.t001w.fabkl IS 'Factory calendar key';

CREATE TABLE sap.t001l (
    werks varchar(4) NOT NULL REFERENCES sap.t001w,
    lgort varchar(4) NOT NULL,
    lgobe varchar(16),
    xlong varchar(1),
    PRIMARY KEY (werks, lgort)
);
COMMENT ON TABLE sap.t001l IS 'Storage Locations';
COMMENT ON COLUMN sap.t001l.lgobe IS 'Description of Storage Location';

CREATE TABLE sap.t052 (
    zterm varchar(4) PRIMARY KEY,
    ztag1 smallint,
    zprz1 numeric(5,3),
    ztag2 smallint,
    text1 varchar(80)
);
COMMENT ON TABLE sap.t052 IS 'Terms of Payment';
COMMENT ON COLUMN sap.t052.ztag1 IS 'Days from Baseline Date for Payment';
COMMENT ON COLUMN sap.t052.zprz1 IS 'Cash discount percentage 1';

CREATE TABLE sap.tvko (
    vkorg varchar(4) PRIMARY KEY,
    bukrs varchar(4) NOT NULL REFERENCES sap.t001,
    waers varchar(5),
    kunnr varchar(10)
);

CREATE TABLE sap.tvak (
    auart varchar(4) PRIMARY KEY,
    vbtyp varchar(1) NOT NULL,
    numki varchar(2),
    fkarv varchar(4)
);
COMMENT ON TABLE sap.tvak IS 'Sales Document Types';
COMMENT ON COLUMN sap.tvak.vbtyp IS 'SD document category (C=order, H=returns, K=credit memo request)';

-- Customers
CREATE TABLE sap.kna1 (
    kunnr varchar(10) PRIMARY KEY,
    name1 varchar(35) NOT NULL,
    name2 varchar(35),
    stras varchar(35),
    pstlz varchar(10),
    ort01 varchar(35),
    regio varchar(3),
    land1 varchar(3) REFERENCES sap.t005,
    telf1 varchar(16),
    ktokd varchar(4),
    brsch varchar(4),
    stcd1 varchar(16),
    erdat date,
    ernam varchar(12),
    loevm varchar(1),
    aufsd varchar(2)
);
COMMENT ON TABLE sap.kna1 IS 'General Data in Customer Master';
COMMENT ON COLUMN sap.kna1.kunnr IS 'Customer Number';
COMMENT ON COLUMN sap.kna1.name1 IS 'Name 1';
COMMENT ON COLUMN sap.kna1.ort01 IS 'City';
COMMENT ON COLUMN sap.kna1.land1 IS 'Country Key';
COMMENT ON COLUMN sap.kna1.ktokd IS 'Customer Account Group';
COMMENT ON COLUMN sap.kna1.brsch IS 'Industry key';
COMMENT ON COLUMN sap.kna1.erdat IS 'Date on which the Record Was Created';
COMMENT ON COLUMN sap.kna1.aufsd IS 'Central order block for customer';

CREATE TABLE sap.knb1 (
    kunnr varchar(10) NOT NULL REFERENCES sap.kna1,
    bukrs varchar(4) NOT NULL REFERENCES sap.t001,
    akont varchar(10),
    zterm varchar(4) REFERENCES sap.t052,
    zwels varchar(10),
    sperr varchar(1),
    PRIMARY KEY (kunnr, bukrs)
);

CREATE TABLE sap.knvv (
    kunnr varchar(10) NOT NULL REFERENCES sap.kna1,
    vkorg varchar(4) NOT NULL REFERENCES sap.tvko,
    vtweg varchar(2) NOT NULL,
    spart varchar(2) NOT NULL,
    kdgrp varchar(2),
    vkbur varchar(4),
    vkgrp varchar(3),
    waers varchar(5),
    zterm varchar(4) REFERENCES sap.t052,
    inco1 varchar(3),
    PRIMARY KEY (kunnr, vkorg, vtweg, spart)
);
COMMENT ON TABLE sap.knvv IS 'Customer Master Sales Data';
COMMENT ON COLUMN sap.knvv.kdgrp IS 'Customer group';
COMMENT ON COLUMN sap.knvv.vkbur IS 'Sales Office';
COMMENT ON COLUMN sap.knvv.inco1 IS 'Incoterms (Part 1)';

-- HR personal data: sales employees appear as partners on sales documents
CREATE TABLE sap.pa0002 (
    pernr varchar(8) PRIMARY KEY,
    nachn varchar(40) NOT NULL,
    vorna varchar(40),
    gbdat date,
    gesch varchar(1),
    sprsl varchar(1)
);
COMMENT ON TABLE sap.pa0002 IS 'HR Master Record: Infotype 0002 (Personal Data)';
COMMENT ON COLUMN sap.pa0002.nachn IS 'Last Name';
COMMENT ON COLUMN sap.pa0002.vorna IS 'First Name';
COMMENT ON COLUMN sap.pa0002.gbdat IS 'Date of Birth';

-- Materials
CREATE TABLE sap.t023 (
    matkl varchar(9) PRIMARY KEY,
    spart varchar(2),
    begru varchar(4)
);
COMMENT ON TABLE sap.t023 IS 'Material Groups';

CREATE TABLE sap.t023t (
    spras varchar(1) NOT NULL,
    matkl varchar(9) NOT NULL REFERENCES sap.t023,
    wgbez varchar(20),
    wgbez60 varchar(60),
    PRIMARY KEY (spras, matkl)
);
COMMENT ON TABLE sap.t023t IS 'Material Group Descriptions';
COMMENT ON COLUMN sap.t023t.wgbez IS 'Material Group Description';

CREATE TABLE sap.mara (
    matnr varchar(18) PRIMARY KEY,
    ersda date,
    ernam varchar(12),
    mtart varchar(4) NOT NULL,
    matkl varchar(9) REFERENCES sap.t023,
    meins varchar(3) NOT NULL,
    brgew numeric(13,3),
    ntgew numeric(13,3),
    gewei varchar(3),
    mstae varchar(2),
    lvorm varchar(1)
);
COMMENT ON TABLE sap.mara IS 'General Material Data';
COMMENT ON COLUMN sap.mara.matnr IS 'Material Number';
COMMENT ON COLUMN sap.mara.mtart IS 'Material Type (FERT=finished product, HALB=semifinished, ROH=raw material)';
COMMENT ON COLUMN sap.mara.matkl IS 'Material Group';
COMMENT ON COLUMN sap.mara.meins IS 'Base Unit of Measure';
COMMENT ON COLUMN sap.mara.brgew IS 'Gross Weight';

CREATE TABLE sap.makt (
    matnr varchar(18) NOT NULL REFERENCES sap.mara,
    spras varchar(1) NOT NULL,
    maktx varchar(40),
    PRIMARY KEY (matnr, spras)
);
COMMENT ON TABLE sap.makt IS 'Material Descriptions';
COMMENT ON COLUMN sap.makt.maktx IS 'Material description';

CREATE TABLE sap.t024 (
    ekgrp varchar(3) PRIMARY KEY,
    eknam varchar(18),
    ektel varchar(12),
    smtp_addr varchar(241)
);
COMMENT ON TABLE sap.t024 IS 'Purchasing Groups';
COMMENT ON COLUMN sap.t024.eknam IS 'Description of purchasing group';
COMMENT ON COLUMN sap.t024.ektel IS 'Telephone number of purchasing group (buyer group)';

CREATE TABLE sap.marc (
    matnr varchar(18) NOT NULL REFERENCES sap.mara,
    werks varchar(4) NOT NULL REFERENCES sap.t001w,
    pstat varchar(15),
    ekgrp varchar(3) REFERENCES sap.t024,
    dismm varchar(2),
    dispo varchar(3),
    minbe numeric(13,3),
    eisbe numeric(13,3),
    plifz smallint,
    PRIMARY KEY (matnr, werks)
);
COMMENT ON TABLE sap.marc IS 'Plant Data for Material';
COMMENT ON COLUMN sap.marc.dispo IS 'MRP Controller';
COMMENT ON COLUMN sap.marc.minbe IS 'Reorder Point';
COMMENT ON COLUMN sap.marc.eisbe IS 'Safety Stock';

CREATE TABLE sap.mard (
    matnr varchar(18) NOT NULL,
    werks varchar(4) NOT NULL,
    lgort varchar(4) NOT NULL,
    labst numeric(13,3) NOT NULL DEFAULT 0,
    insme numeric(13,3) NOT NULL DEFAULT 0,
    speme numeric(13,3) NOT NULL DEFAULT 0,
    lgpbe varchar(10),
    PRIMARY KEY (matnr, werks, lgort),
    FOREIGN KEY (matnr, werks) REFERENCES sap.marc,
    FOREIGN KEY (werks, lgort) REFERENCES sap.t001l
);
COMMENT ON TABLE sap.mard IS 'Storage Location Data for Material';
COMMENT ON COLUMN sap.mard.labst IS 'Valuated Unrestricted-Use Stock';
COMMENT ON COLUMN sap.mard.insme IS 'Stock in Quality Inspection';
COMMENT ON COLUMN sap.mard.speme IS 'Blocked Stock';
COMMENT ON COLUMN sap.mard.lgpbe IS 'Storage Bin';

CREATE TABLE sap.mbew (
    matnr varchar(18) NOT NULL REFERENCES sap.mara,
    bwkey varchar(4) NOT NULL REFERENCES sap.t001k,
    vprsv varchar(1),
    verpr numeric(11,2),
    stprs numeric(11,2),
    peinh numeric(5,0),
    lbkum numeric(13,3),
    salk3 numeric(13,2),
    PRIMARY KEY (matnr, bwkey)
);

-- Vendors and purchasing
CREATE TABLE sap.lfa1 (
    lifnr varchar(10) PRIMARY KEY,
    name1 varchar(35) NOT NULL,
    stras varchar(35),
    pstlz varchar(10),
    ort01 varchar(35),
    land1 varchar(3) REFERENCES sap.t005,
    telf1 varchar(16),
    ktokk varchar(4),
    stcd1 varchar(16),
    sperr varchar(1),
    loevm varchar(1),
    erdat date
);
COMMENT ON TABLE sap.lfa1 IS 'Vendor Master (General Section)';
COMMENT ON COLUMN sap.lfa1.lifnr IS 'Account Number of Vendor or Creditor';
COMMENT ON COLUMN sap.lfa1.name1 IS 'Name 1';
COMMENT ON COLUMN sap.lfa1.sperr IS 'Central posting block';
COMMENT ON COLUMN sap.lfa1.loevm IS 'Central Deletion Flag for Master Record';

CREATE TABLE sap.ekko (
    ebeln varchar(10) PRIMARY KEY,
    bukrs varchar(4) NOT NULL REFERENCES sap.t001,
    bstyp varchar(1) NOT NULL,
    bsart varchar(4) NOT NULL,
    lifnr varchar(10) REFERENCES sap.lfa1,
    ekorg varchar(4),
    ekgrp varchar(3) REFERENCES sap.t024,
    bedat date,
    waers varchar(5),
    zterm varchar(4) REFERENCES sap.t052,
    ernam varchar(12),
    aedat date,
    frgke varchar(1),
    loekz varchar(1)
);
COMMENT ON TABLE sap.ekko IS 'Purchasing Document Header';
COMMENT ON COLUMN sap.ekko.bstyp IS 'Purchasing Document Category (F=purchase order, K=contract, L=scheduling agreement)';
COMMENT ON COLUMN sap.ekko.bedat IS 'Purchasing Document Date';
COMMENT ON COLUMN sap.ekko.frgke IS 'Release Indicator: Purchasing Document';

CREATE TABLE sap.ekpo (
    ebeln varchar(10) NOT NULL REFERENCES sap.ekko,
    ebelp integer NOT NULL,
    matnr varchar(18) REFERENCES sap.mara,
    txz01 varchar(40),
    werks varchar(4) REFERENCES sap.t001w,
    lgort varchar(4),
    matkl varchar(9) REFERENCES sap.t023,
    menge numeric(13,3),
    meins varchar(3),
    netpr numeric(11,2),
    peinh numeric(5,0),
    netwr numeric(13,2),
    elikz varchar(1),
    loekz varchar(1),
    PRIMARY KEY (ebeln, ebelp)
);
COMMENT ON TABLE sap.ekpo IS 'Purchasing Document Item';
COMMENT ON COLUMN sap.ekpo.txz01 IS 'Short Text';
COMMENT ON COLUMN sap.ekpo.menge IS 'Purchase Order Quantity';
COMMENT ON COLUMN sap.ekpo.netpr IS 'Net Price in Purchasing Document (in Document Currency)';
COMMENT ON COLUMN sap.ekpo.netwr IS 'Net Order Value in PO Currency';
COMMENT ON COLUMN sap.ekpo.elikz IS '"Delivery Completed" Indicator';

CREATE TABLE sap.eket (
    ebeln varchar(10) NOT NULL,
    ebelp integer NOT NULL,
    etenr integer NOT NULL,
    eindt date,
    menge numeric(13,3),
    wemng numeric(13,3),
    PRIMARY KEY (ebeln, ebelp, etenr),
    FOREIGN KEY (ebeln, ebelp) REFERENCES sap.ekpo
);

CREATE TABLE sap.eina (
    infnr varchar(10) PRIMARY KEY,
    matnr varchar(18) REFERENCES sap.mara,
    lifnr varchar(10) NOT NULL REFERENCES sap.lfa1,
    idnlf varchar(35),
    meins varchar(3),
    loekz varchar(1)
);
COMMENT ON TABLE sap.eina IS 'Purchasing Info Record: General Data';
COMMENT ON COLUMN sap.eina.idnlf IS 'Material Number Used by Vendor';

CREATE TABLE sap.eine (
    infnr varchar(10) NOT NULL REFERENCES sap.eina,
    ekorg varchar(4) NOT NULL,
    esokz varchar(1) NOT NULL,
    werks varchar(4) NOT NULL DEFAULT '',
    netpr numeric(11,2),
    waers varchar(5),
    peinh numeric(5,0),
    aplfz smallint,
    minbm numeric(13,3),
    PRIMARY KEY (infnr, ekorg, esokz, werks)
);
COMMENT ON COLUMN sap.eine.aplfz IS 'Planned Delivery Time in Days';
COMMENT ON COLUMN sap.eine.minbm IS 'Minimum Purchase Order Quantity';

-- Sales and distribution
CREATE TABLE sap.vbak (
    vbeln varchar(10) PRIMARY KEY,
    erdat date NOT NULL,
    erzet time,
    ernam varchar(12),
    auart varchar(4) NOT NULL REFERENCES sap.tvak,
    vkorg varchar(4) NOT NULL REFERENCES sap.tvko,
    vtweg varchar(2),
    spart varchar(2),
    vkbur varchar(4),
    kunnr varchar(10) NOT NULL REFERENCES sap.kna1,
    netwr numeric(15,2),
    waerk varchar(5),
    vdatu date,
    bstnk varchar(20),
    augru varchar(3)
);
COMMENT ON TABLE sap.vbak IS 'Sales Document: Header Data';
COMMENT ON COLUMN sap.vbak.vbeln IS 'Sales Document';
COMMENT ON COLUMN sap.vbak.erdat IS 'Date on which the Record Was Created';
COMMENT ON COLUMN sap.vbak.auart IS 'Sales Document Type';
COMMENT ON COLUMN sap.vbak.vkorg IS 'Sales Organization';
COMMENT ON COLUMN sap.vbak.kunnr IS 'Sold-to party';
COMMENT ON COLUMN sap.vbak.netwr IS 'Net Value of the Sales Order in Document Currency';
COMMENT ON COLUMN sap.vbak.vdatu IS 'Requested delivery date';
COMMENT ON COLUMN sap.vbak.bstnk IS 'Customer purchase order number';
COMMENT ON COLUMN sap.vbak.augru IS 'Order reason (reason for the business transaction)';

CREATE TABLE sap.vbuk (
    vbeln varchar(10) PRIMARY KEY REFERENCES sap.vbak,
    gbstk varchar(1),
    lfstk varchar(1),
    fkstk varchar(1),
    abstk varchar(1),
    cmgst varchar(1)
);
COMMENT ON COLUMN sap.vbuk.gbstk IS 'Overall processing status of document (A=not yet processed, B=partially processed, C=completely processed)';
COMMENT ON COLUMN sap.vbuk.lfstk IS 'Delivery status';
COMMENT ON COLUMN sap.vbuk.fkstk IS 'Billing Status';
COMMENT ON COLUMN sap.vbuk.cmgst IS 'Overall status of credit checks';

CREATE TABLE sap.vbap (
    vbeln varchar(10) NOT NULL REFERENCES sap.vbak,
    posnr integer NOT NULL,
    matnr varchar(18) REFERENCES sap.mara,
    arktx varchar(40),
    pstyv varchar(4),
    kwmeng numeric(15,3),
    vrkme varchar(3),
    netwr numeric(15,2),
    waerk varchar(5),
    werks varchar(4) REFERENCES sap.t001w,
    abgru varchar(2),
    erdat date,
    PRIMARY KEY (vbeln, posnr)
);
COMMENT ON TABLE sap.vbap IS 'Sales Document: Item Data';
COMMENT ON COLUMN sap.vbap.posnr IS 'Sales Document Item';
COMMENT ON COLUMN sap.vbap.arktx IS 'Short text for sales order item';
COMMENT ON COLUMN sap.vbap.kwmeng IS 'Cumulative Order Quantity in Sales Units';
COMMENT ON COLUMN sap.vbap.netwr IS 'Net value of the order item in document currency';
COMMENT ON COLUMN sap.vbap.abgru IS 'Reason for rejection of quotations and sales orders';

CREATE TABLE sap.vbpa (
    vbeln varchar(10) NOT NULL REFERENCES sap.vbak,
    posnr integer NOT NULL DEFAULT 0,
    parvw varchar(2) NOT NULL,
    kunnr varchar(10) REFERENCES sap.kna1,
    lifnr varchar(10) REFERENCES sap.lfa1,
    pernr varchar(8) REFERENCES sap.pa0002,
    adrnr varchar(10),
    PRIMARY KEY (vbeln, posnr, parvw)
);
COMMENT ON TABLE sap.vbpa IS 'Sales Document: Partner';
COMMENT ON COLUMN sap.vbpa.parvw IS 'Partner Function (AG=sold-to party, WE=ship-to party, RE=bill-to party, VE=sales employee)';
COMMENT ON COLUMN sap.vbpa.pernr IS 'Personnel Number';

CREATE TABLE sap.likp (
    vbeln varchar(10) PRIMARY KEY,
    erdat date NOT NULL,
    vstel varchar(4),
    lfart varchar(4),
    kunnr varchar(10) REFERENCES sap.kna1,
    wadat_ist date,
    lfdat date,
    btgew numeric(15,3),
    gewei varchar(3),
    route varchar(6)
);
COMMENT ON TABLE sap.likp IS 'SD Document: Delivery Header Data';
COMMENT ON COLUMN sap.likp.vstel IS 'Shipping Point / Receiving Point';
COMMENT ON COLUMN sap.likp.kunnr IS 'Ship-to party';
COMMENT ON COLUMN sap.likp.wadat_ist IS 'Actual Goods Movement Date';
COMMENT ON COLUMN sap.likp.btgew IS 'Total Weight';

CREATE TABLE sap.lips (
    vbeln varchar(10) NOT NULL REFERENCES sap.likp,
    posnr integer NOT NULL,
    matnr varchar(18) REFERENCES sap.mara,
    werks varchar(4),
    lgort varchar(4),
    lfimg numeric(13,3),
    vrkme varchar(3),
    vgbel varchar(10),
    vgpos integer,
    charg varchar(10),
    PRIMARY KEY (vbeln, posnr),
    FOREIGN KEY (vgbel, vgpos) REFERENCES sap.vbap,
    FOREIGN KEY (werks, lgort) REFERENCES sap.t001l
);
COMMENT ON TABLE sap.lips IS 'SD document: Delivery: Item data';

CREATE TABLE sap.vbrk (
    vbeln varchar(10) PRIMARY KEY,
    fkart varchar(4) NOT NULL,
    fkdat date NOT NULL,
    bukrs varchar(4) REFERENCES sap.t001,
    vkorg varchar(4) REFERENCES sap.tvko,
    kunag varchar(10) REFERENCES sap.kna1,
    netwr numeric(15,2),
    mwsbk numeric(13,2),
    waerk varchar(5),
    rfbsk varchar(1),
    fksto varchar(1)
);
COMMENT ON TABLE sap.vbrk IS 'Billing Document: Header Data';
COMMENT ON COLUMN sap.vbrk.fkart IS 'Billing Type';
COMMENT ON COLUMN sap.vbrk.fkdat IS 'Billing date for billing index and printout';
COMMENT ON COLUMN sap.vbrk.kunag IS 'Sold-to party';
COMMENT ON COLUMN sap.vbrk.mwsbk IS 'Tax amount in document currency';
COMMENT ON COLUMN sap.vbrk.rfbsk IS 'Status for transfer to accounting';
COMMENT ON COLUMN sap.vbrk.fksto IS 'Billing document is cancelled';

CREATE TABLE sap.vbrp (
    vbeln varchar(10) NOT NULL REFERENCES sap.vbrk,
    posnr integer NOT NULL,
    fkimg numeric(13,3),
    vrkme varchar(3),
    netwr numeric(15,2),
    matnr varchar(18) REFERENCES sap.mara,
    aubel varchar(10),
    aupos integer,
    vgbel varchar(10),
    vgpos integer,
    PRIMARY KEY (vbeln, posnr),
    FOREIGN KEY (aubel, aupos) REFERENCES sap.vbap
);
COMMENT ON TABLE sap.vbrp IS 'Billing Document: Item Data';
COMMENT ON COLUMN sap.vbrp.fkimg IS 'Actual Invoiced Quantity';
COMMENT ON COLUMN sap.vbrp.aubel IS 'Sales Document';
COMMENT ON COLUMN sap.vbrp.aupos IS 'Sales Document Item';

-- Inventory management
CREATE TABLE sap.mkpf (
    mblnr varchar(10) NOT NULL,
    mjahr smallint NOT NULL,
    blart varchar(2),
    bldat date,
    budat date NOT NULL,
    usnam varchar(12),
    xblnr varchar(16),
    bktxt varchar(25),
    PRIMARY KEY (mblnr, mjahr)
);
COMMENT ON TABLE sap.mkpf IS 'Header: Material Document';
COMMENT ON COLUMN sap.mkpf.budat IS 'Posting Date in the Document';

CREATE TABLE sap.mseg (
    mblnr varchar(10) NOT NULL,
    mjahr smallint NOT NULL,
    zeile integer NOT NULL,
    bwart varchar(3) NOT NULL,
    matnr varchar(18) REFERENCES sap.mara,
    werks varchar(4) REFERENCES sap.t001w,
    lgort varchar(4),
    charg varchar(10),
    shkzg varchar(1),
    menge numeric(13,3),
    meins varchar(3),
    dmbtr numeric(13,2),
    lifnr varchar(10) REFERENCES sap.lfa1,
    kunnr varchar(10) REFERENCES sap.kna1,
    ebeln varchar(10),
    ebelp integer,
    kostl varchar(10),
    PRIMARY KEY (mblnr, mjahr, zeile),
    FOREIGN KEY (mblnr, mjahr) REFERENCES sap.mkpf,
    FOREIGN KEY (ebeln, ebelp) REFERENCES sap.ekpo
);
COMMENT ON TABLE sap.mseg IS 'Document Segment: Material';
COMMENT ON COLUMN sap.mseg.bwart IS 'Movement Type (Inventory Management): 101 goods receipt for purchase order, 201 goods issue to cost center, 261 goods issue for order, 601 goods issue for delivery';
COMMENT ON COLUMN sap.mseg.dmbtr IS 'Amount in Local Currency';

-- Financial accounting
CREATE TABLE sap.ska1 (
    saknr varchar(10) PRIMARY KEY,
    ktopl varchar(4) NOT NULL,
    ktoks varchar(4),
    xbilk varchar(1),
    gvtyp varchar(2)
);
COMMENT ON TABLE sap.ska1 IS 'G/L Account Master (Chart of Accounts)';
COMMENT ON COLUMN sap.ska1.xbilk IS 'Indicator: Account is a balance sheet account?';

CREATE TABLE sap.skat (
    spras varchar(1) NOT NULL,
    saknr varchar(10) NOT NULL REFERENCES sap.ska1,
    txt20 varchar(20),
    txt50 varchar(50),
    PRIMARY KEY (spras, saknr)
);
COMMENT ON TABLE sap.skat IS 'G/L Account Master Record (Chart of Accounts: Description)';
COMMENT ON COLUMN sap.skat.txt50 IS 'G/L Account Long Text';

CREATE TABLE sap.csks (
    kostl varchar(10) PRIMARY KEY,
    kokrs varchar(4) NOT NULL,
    datbi date,
    bukrs varchar(4) REFERENCES sap.t001,
    verak varchar(20),
    kosar varchar(1),
    prctr varchar(10)
);

CREATE TABLE sap.bkpf (
    bukrs varchar(4) NOT NULL REFERENCES sap.t001,
    belnr varchar(10) NOT NULL,
    gjahr smallint NOT NULL,
    blart varchar(2) NOT NULL,
    bldat date,
    budat date NOT NULL,
    monat smallint,
    usnam varchar(12),
    tcode varchar(20),
    waers varchar(5),
    xblnr varchar(16),
    bktxt varchar(25),
    stblg varchar(10),
    PRIMARY KEY (bukrs, belnr, gjahr)
);
COMMENT ON TABLE sap.bkpf IS 'Accounting Document Header';
COMMENT ON COLUMN sap.bkpf.blart IS 'Document Type';
COMMENT ON COLUMN sap.bkpf.budat IS 'Posting Date in the Document';
COMMENT ON COLUMN sap.bkpf.monat IS 'Fiscal Period';
COMMENT ON COLUMN sap.bkpf.stblg IS 'Reverse Document Number';

CREATE TABLE sap.bseg (
    bukrs varchar(4) NOT NULL,
    belnr varchar(10) NOT NULL,
    gjahr smallint NOT NULL,
    buzei integer NOT NULL,
    bschl varchar(2) NOT NULL,
    koart varchar(1) NOT NULL,
    shkzg varchar(1) NOT NULL,
    dmbtr numeric(13,2),
    wrbtr numeric(13,2),
    hkont varchar(10) REFERENCES sap.ska1,
    kunnr varchar(10) REFERENCES sap.kna1,
    lifnr varchar(10) REFERENCES sap.lfa1,
    kostl varchar(10) REFERENCES sap.csks,
    matnr varchar(18) REFERENCES sap.mara,
    zfbdt date,
    zterm varchar(4) REFERENCES sap.t052,
    augdt date,
    augbl varchar(10),
    sgtxt varchar(50),
    PRIMARY KEY (bukrs, belnr, gjahr, buzei),
    FOREIGN KEY (bukrs, belnr, gjahr) REFERENCES sap.bkpf
);
COMMENT ON TABLE sap.bseg IS 'Accounting Document Segment';
COMMENT ON COLUMN sap.bseg.koart IS 'Account Type (D=customers, K=vendors, S=G/L accounts)';
COMMENT ON COLUMN sap.bseg.shkzg IS 'Debit/Credit Indicator (S=debit, H=credit)';
COMMENT ON COLUMN sap.bseg.dmbtr IS 'Amount in Local Currency';
COMMENT ON COLUMN sap.bseg.hkont IS 'General Ledger Account';
COMMENT ON COLUMN sap.bseg.zfbdt IS 'Baseline Date for Due Date Calculation';
COMMENT ON COLUMN sap.bseg.augdt IS 'Clearing Date';
COMMENT ON COLUMN sap.bseg.augbl IS 'Document Number of the Clearing Document';

-- Leftovers every old SAP box has: a customer copy someone made before a
-- migration, and SAPscript text headers.
CREATE TABLE sap.zsd_kna1_bkp (
    kunnr varchar(10),
    name1 varchar(35),
    ort01 varchar(35),
    land1 varchar(3),
    ktokd varchar(4),
    erdat date,
    copied_on date
);

CREATE TABLE sap.stxh (
    tdobject varchar(10) NOT NULL,
    tdname varchar(70) NOT NULL,
    tdid varchar(4) NOT NULL,
    tdspras varchar(1) NOT NULL,
    tdtitle varchar(70),
    tdfdate date,
    tdluser varchar(12),
    PRIMARY KEY (tdobject, tdname, tdid, tdspras)
);
COMMENT ON TABLE sap.stxh IS 'STXD SAPscript text file header';

-- Configuration rows a value index can point at ("the Hamburg plant",
-- "bearings", "net 30").
INSERT INTO sap.t005 (land1, landk, waers, xegld) VALUES
    ('DE', 'D', 'EUR', 'X'), ('FR', 'F', 'EUR', 'X'), ('US', 'USA', 'USD', ''), ('CH', 'CH', 'CHF', '');
INSERT INTO sap.t005t (spras, land1, landx, natio) VALUES
    ('E', 'DE', 'Germany', 'German'), ('E', 'FR', 'France', 'French'),
    ('E', 'US', 'USA', 'American'), ('E', 'CH', 'Switzerland', 'Swiss');
INSERT INTO sap.t001 (bukrs, butxt, ort01, land1, waers, ktopl, periv) VALUES
    ('1000', 'Nordwerk Maschinenbau AG', 'Hamburg', 'DE', 'EUR', 'INT', 'K4'),
    ('2000', 'Nordwerk France SAS', 'Lyon', 'FR', 'EUR', 'INT', 'K4'),
    ('3000', 'Nordwerk Inc.', 'Chicago', 'US', 'USD', 'INT', 'K4');
INSERT INTO sap.t001k (bwkey, bukrs) VALUES ('1000', '1000'), ('1100', '1000'), ('2000', '2000'), ('3000', '3000');
INSERT INTO sap.t001w (werks, name1, bwkey, ort01, land1, regio, vkorg) VALUES
    ('1000', 'Hamburg Plant', '1000', 'Hamburg', 'DE', '02', '1000'),
    ('1100', 'Munich Plant', '1100', 'Munich', 'DE', '09', '1000'),
    ('2000', 'Lyon Plant', '2000', 'Lyon', 'FR', '69', '2000'),
    ('3000', 'Chicago Distribution Center', '3000', 'Chicago', 'US', 'IL', '3000');
INSERT INTO sap.t001l (werks, lgort, lgobe) VALUES
    ('1000', '0001', 'Main store'), ('1000', '0002', 'Finished goods'), ('1100', '0001', 'Main store'),
    ('2000', '0001', 'Magasin central'), ('3000', '0001', 'Warehouse A');
INSERT INTO sap.t052 (zterm, ztag1, zprz1, ztag2, text1) VALUES
    ('0001', 0, 0, NULL, 'Payable immediately Due net'),
    ('ZB30', 30, 0, NULL, 'Within 30 days Due net'),
    ('ZB14', 14, 2.000, 30, 'Within 14 days 2 % cash discount, within 30 days Due net');
INSERT INTO sap.tvak (auart, vbtyp) VALUES ('OR', 'C'), ('RE', 'H'), ('CR', 'K'), ('RO', 'C');
INSERT INTO sap.tvko (vkorg, bukrs, waers) VALUES ('1000', '1000', 'EUR'), ('2000', '2000', 'EUR'), ('3000', '3000', 'USD');
INSERT INTO sap.t023 (matkl) VALUES ('001'), ('002'), ('003'), ('004');
INSERT INTO sap.t023t (spras, matkl, wgbez) VALUES
    ('E', '001', 'Bearings'), ('E', '002', 'Pumps'), ('E', '003', 'Fasteners'), ('E', '004', 'Electric motors');
INSERT INTO sap.t024 (ekgrp, eknam, ektel) VALUES
    ('001', 'Raw materials', '040-1001'), ('002', 'Electronics', '040-1002'), ('003', 'MRO supplies', '040-1003');
INSERT INTO sap.kna1 (kunnr, name1, ort01, land1, ktokd, erdat) VALUES
    ('0000100001', 'Hafenkran GmbH', 'Hamburg', 'DE', 'KUNA', '2019-03-04'),
    ('0000100002', 'Alpen Fördertechnik AG', 'Munich', 'DE', 'KUNA', '2020-07-21'),
    ('0000200001', 'Rhône Hydraulique SA', 'Lyon', 'FR', 'KUNA', '2021-01-11'),
    ('0000300001', 'Lakeshore Pumps LLC', 'Chicago', 'US', 'KUNA', '2022-05-30');
