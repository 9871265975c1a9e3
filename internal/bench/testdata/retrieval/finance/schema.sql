-- The reference database of a financial-data provider and investment
-- research firm, generated from an ontology after the shape of the public
-- FIBO (Financial Industry Business Ontology), written here from scratch, not
-- copied. Every party is an agent; companies, banks, agencies and funds are
-- legal entities, each kind in its own table keyed by its supertype's key
-- (organization -> company -> bank, rating_agency, broker_dealer ...).
-- Instruments are table-per-type as well: financial_instrument -> security
-- -> equity -> common_stock, security -> debt_instrument -> bond ->
-- corporate_bond -> convertible_bond, financial_instrument -> derivative.
-- A legal name sits on legal_entity, an instrument's name on
-- financial_instrument, a filing's filer and dates on disclosure. Some
-- relationships were generated as association tables with the ontology's
-- property names (has_issuer, is_managed_by, holds_position_in), a few
-- columns keep them too (has_unit_price, is_traded_on), and a handful of
-- tables were carried over from the old security master in upper case.
CREATE SCHEMA finance;

-- ---------------------------------------------------------------------------
-- Reference data
-- ---------------------------------------------------------------------------

CREATE TABLE finance.geographic_region (
    region_code varchar(4) PRIMARY KEY,
    region_name varchar(60) NOT NULL
);

CREATE TABLE finance.country (
    country_code char(2) PRIMARY KEY,
    country_name varchar(80) NOT NULL,
    region_code varchar(4) NOT NULL REFERENCES finance.geographic_region,
    is_developed_market boolean NOT NULL DEFAULT false
);

CREATE TABLE finance.currency (
    currency_code char(3) PRIMARY KEY,
    currency_name varchar(60) NOT NULL,
    minor_units smallint NOT NULL DEFAULT 2
);

CREATE TABLE finance.country_currency (
    country_code char(2) NOT NULL REFERENCES finance.country,
    currency_code char(3) NOT NULL REFERENCES finance.currency,
    is_legal_tender boolean NOT NULL DEFAULT true,
    PRIMARY KEY (country_code, currency_code)
);

CREATE TABLE finance.classification_scheme (
    scheme_code varchar(10) PRIMARY KEY,
    scheme_name varchar(100) NOT NULL
);

CREATE TABLE finance.industry_classification (
    industry_code varchar(10) PRIMARY KEY,
    scheme_code varchar(10) NOT NULL REFERENCES finance.classification_scheme,
    industry_name varchar(100) NOT NULL,
    hierarchy_level smallint NOT NULL,
    parent_industry_code varchar(10) REFERENCES finance.industry_classification
);

CREATE TABLE finance.instrument_type (
    instrument_type_code varchar(6) PRIMARY KEY,
    description varchar(60) NOT NULL
);

CREATE TABLE finance.day_count_convention (
    day_count_code varchar(10) PRIMARY KEY,
    description varchar(60) NOT NULL
);

CREATE TABLE finance.corporate_action_type (
    action_type_code char(4) PRIMARY KEY,
    description varchar(60) NOT NULL,
    is_mandatory boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE finance.corporate_action_type IS 'ISO 15022 corporate action event indicators (CAEV)';

CREATE TABLE finance.disclosure_type (
    disclosure_type_code varchar(10) PRIMARY KEY,
    description varchar(80) NOT NULL
);

CREATE TABLE finance.accounting_standard (
    accounting_standard_code varchar(8) PRIMARY KEY,
    description varchar(60) NOT NULL
);

CREATE TABLE finance.role_type (
    role_type_id smallint PRIMARY KEY,
    role_title varchar(60) NOT NULL,
    role_category varchar(20) NOT NULL
);

CREATE TABLE finance.rating_scale (
    rating_scale_id smallint PRIMARY KEY,
    scale_name varchar(60) NOT NULL,
    horizon varchar(12) NOT NULL
);

CREATE TABLE finance.rating_grade (
    rating_scale_id smallint NOT NULL REFERENCES finance.rating_scale,
    grade_code varchar(6) NOT NULL,
    grade_rank smallint NOT NULL,
    is_investment_grade boolean NOT NULL,
    PRIMARY KEY (rating_scale_id, grade_code)
);

CREATE TABLE finance.reporting_concept (
    concept_code varchar(80) PRIMARY KEY,
    concept_label varchar(120) NOT NULL,
    taxonomy varchar(20) NOT NULL
);
COMMENT ON TABLE finance.reporting_concept IS 'XBRL taxonomy elements';

CREATE TABLE finance.identifier_scheme (
    scheme_code varchar(8) PRIMARY KEY,
    scheme_name varchar(80) NOT NULL
);

CREATE TABLE finance.address (
    address_id integer PRIMARY KEY,
    street_line varchar(120) NOT NULL,
    city varchar(60) NOT NULL,
    postal_code varchar(12),
    country_code char(2) NOT NULL REFERENCES finance.country
);

-- ---------------------------------------------------------------------------
-- Agents: legal entities, organizations and people
-- ---------------------------------------------------------------------------

CREATE TABLE finance.agent (
    agent_id integer PRIMARY KEY,
    agent_kind varchar(20) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE finance.agent IS 'fibo-fnd-aap-agt:AutonomousAgent';

CREATE TABLE finance.legal_entity (
    agent_id integer PRIMARY KEY REFERENCES finance.agent,
    legal_name varchar(160) NOT NULL,
    lei char(20),
    jurisdiction_country_code char(2) REFERENCES finance.country,
    registration_number varchar(40),
    incorporation_date date,
    entity_status varchar(12) NOT NULL DEFAULT 'ACTIVE'
);
COMMENT ON COLUMN finance.legal_entity.lei IS 'ISO 17442 Legal Entity Identifier';

CREATE TABLE finance.legal_entity_hist (
    agent_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    legal_name varchar(160) NOT NULL,
    lei char(20),
    entity_status varchar(12),
    PRIMARY KEY (agent_id, valid_from)
);

CREATE TABLE finance.natural_person (
    agent_id integer PRIMARY KEY REFERENCES finance.agent,
    given_name varchar(60) NOT NULL,
    family_name varchar(60) NOT NULL,
    birth_year smallint,
    nationality_country_code char(2) REFERENCES finance.country
);

CREATE TABLE finance.organization (
    agent_id integer PRIMARY KEY REFERENCES finance.legal_entity,
    organization_form varchar(30),
    website_url varchar(200),
    employee_count integer,
    founded_year smallint
);

CREATE TABLE finance.company (
    agent_id integer PRIMARY KEY REFERENCES finance.organization,
    fiscal_year_end_month smallint NOT NULL DEFAULT 12,
    is_listed boolean NOT NULL DEFAULT false,
    cik varchar(10)
);

CREATE TABLE finance.bank (
    agent_id integer PRIMARY KEY REFERENCES finance.company,
    swift_bic varchar(11),
    charter_type varchar(30),
    tier1_capital_ratio_pct numeric(5,2)
);

CREATE TABLE finance.central_bank (
    agent_id integer PRIMARY KEY REFERENCES finance.organization,
    currency_code char(3) NOT NULL REFERENCES finance.currency,
    policy_rate_pct numeric(5,2)
);

CREATE TABLE finance.government_agency (
    agent_id integer PRIMARY KEY REFERENCES finance.organization,
    jurisdiction_level varchar(20) NOT NULL
);

CREATE TABLE finance.regulatory_agency (
    agent_id integer PRIMARY KEY REFERENCES finance.government_agency,
    regulated_sector varchar(60)
);

CREATE TABLE finance.rating_agency (
    agent_id integer PRIMARY KEY REFERENCES finance.company,
    is_nrsro boolean NOT NULL DEFAULT false
);

CREATE TABLE finance.investment_manager (
    agent_id integer PRIMARY KEY REFERENCES finance.company,
    sec_file_number varchar(20),
    aum_usd numeric(18,2)
);

CREATE TABLE finance.broker_dealer (
    agent_id integer PRIMARY KEY REFERENCES finance.company,
    finra_crd varchar(10)
);

CREATE TABLE finance.audit_firm (
    agent_id integer PRIMARY KEY REFERENCES finance.organization,
    pcaob_firm_id varchar(10)
);

CREATE TABLE finance.collective_investment_vehicle (
    agent_id integer PRIMARY KEY REFERENCES finance.legal_entity,
    domicile_country_code char(2) REFERENCES finance.country,
    inception_date date,
    legal_structure varchar(40),
    total_net_assets_usd numeric(18,2)
);
COMMENT ON TABLE finance.collective_investment_vehicle IS 'fibo-sec-fund-civ:CollectiveInvestmentVehicle';

CREATE TABLE finance.mutual_fund (
    agent_id integer PRIMARY KEY REFERENCES finance.collective_investment_vehicle,
    is_open_ended boolean NOT NULL DEFAULT true,
    dealing_frequency varchar(12)
);

CREATE TABLE finance.exchange_traded_fund (
    agent_id integer PRIMARY KEY REFERENCES finance.collective_investment_vehicle,
    is_physically_replicated boolean NOT NULL DEFAULT true,
    creation_unit_size integer
);

CREATE TABLE finance.hedge_fund (
    agent_id integer PRIMARY KEY REFERENCES finance.collective_investment_vehicle,
    strategy varchar(40),
    management_fee_pct numeric(5,2),
    performance_fee_pct numeric(5,2)
);

CREATE TABLE finance.has_address (
    agent_id integer NOT NULL REFERENCES finance.legal_entity,
    address_id integer NOT NULL REFERENCES finance.address,
    address_role varchar(20) NOT NULL,
    PRIMARY KEY (agent_id, address_id, address_role)
);

CREATE TABLE finance.is_subsidiary_of (
    child_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    parent_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    ownership_pct numeric(6,3),
    PRIMARY KEY (child_agent_id, parent_agent_id)
);

CREATE TABLE finance.is_classified_as (
    agent_id integer NOT NULL REFERENCES finance.company,
    industry_code varchar(10) NOT NULL REFERENCES finance.industry_classification,
    is_primary boolean NOT NULL DEFAULT true,
    PRIMARY KEY (agent_id, industry_code)
);

-- ---------------------------------------------------------------------------
-- Venues, rates and macro data
-- ---------------------------------------------------------------------------

CREATE TABLE finance.exchange (
    exchange_id smallint PRIMARY KEY,
    mic_code char(4) NOT NULL UNIQUE,
    exchange_name varchar(80) NOT NULL,
    city varchar(60) NOT NULL,
    country_code char(2) NOT NULL REFERENCES finance.country,
    operator_agent_id integer REFERENCES finance.organization,
    timezone_name varchar(40) NOT NULL
);

CREATE TABLE finance.tradingcalendar (
    exchange_id smallint NOT NULL REFERENCES finance.exchange,
    calendar_date date NOT NULL,
    is_trading_day boolean NOT NULL,
    session_note varchar(60),
    PRIMARY KEY (exchange_id, calendar_date)
);

CREATE TABLE finance.publicly_traded_company (
    agent_id integer PRIMARY KEY REFERENCES finance.company,
    ipo_date date,
    primary_exchange_id smallint REFERENCES finance.exchange,
    free_float_pct numeric(5,2)
);

CREATE TABLE finance.benchmark_rate (
    rate_id smallint PRIMARY KEY,
    rate_name varchar(40) NOT NULL,
    currency_code char(3) NOT NULL REFERENCES finance.currency,
    tenor varchar(10) NOT NULL,
    administrator_agent_id integer REFERENCES finance.organization
);

CREATE TABLE finance.benchmark_rate_fixing (
    rate_id smallint NOT NULL REFERENCES finance.benchmark_rate,
    fixing_date date NOT NULL,
    rate_pct numeric(8,5) NOT NULL,
    PRIMARY KEY (rate_id, fixing_date)
);

CREATE TABLE finance."FXRATE" (
    "FROM_CCY" char(3) NOT NULL REFERENCES finance.currency,
    "TO_CCY" char(3) NOT NULL REFERENCES finance.currency,
    "RATE_DT" date NOT NULL,
    "MID_RATE" numeric(18,8) NOT NULL,
    "SRC" varchar(8),
    PRIMARY KEY ("FROM_CCY", "TO_CCY", "RATE_DT")
);
COMMENT ON COLUMN finance."FXRATE"."MID_RATE" IS 'units of TO_CCY per one unit of FROM_CCY, 16:00 London';

CREATE TABLE finance.economic_indicator (
    indicator_code varchar(20) PRIMARY KEY,
    indicator_name varchar(120) NOT NULL,
    country_code char(2) REFERENCES finance.country,
    frequency varchar(10) NOT NULL,
    unit varchar(20) NOT NULL
);

CREATE TABLE finance.economic_indicator_observation (
    indicator_code varchar(20) NOT NULL REFERENCES finance.economic_indicator,
    observation_date date NOT NULL,
    observed_value numeric(14,4) NOT NULL,
    PRIMARY KEY (indicator_code, observation_date)
);

-- ---------------------------------------------------------------------------
-- Instruments
-- ---------------------------------------------------------------------------

CREATE TABLE finance.financial_instrument (
    instrument_id integer PRIMARY KEY,
    instrument_type_code varchar(6) NOT NULL REFERENCES finance.instrument_type,
    instrument_name varchar(160) NOT NULL,
    is_denominated_in char(3) REFERENCES finance.currency,
    created_date date NOT NULL,
    is_active boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE finance.financial_instrument IS 'fibo-fbc-fi-fi:FinancialInstrument; every instrument has a row here, its kind a row in the subtype table with the same instrument_id';

CREATE TABLE finance.security (
    instrument_id integer PRIMARY KEY REFERENCES finance.financial_instrument,
    isin char(12),
    cusip char(9),
    sedol char(7),
    issue_date date,
    country_of_issue_code char(2) REFERENCES finance.country
);

CREATE TABLE finance.has_issuer (
    instrument_id integer NOT NULL REFERENCES finance.security,
    issuer_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    issuer_role varchar(12) NOT NULL DEFAULT 'issuer',
    PRIMARY KEY (instrument_id, issuer_agent_id)
);

CREATE TABLE finance.equity (
    instrument_id integer PRIMARY KEY REFERENCES finance.security,
    share_class varchar(20),
    votes_per_share numeric(6,3) NOT NULL DEFAULT 1,
    par_value numeric(12,6)
);

CREATE TABLE finance.common_stock (
    instrument_id integer PRIMARY KEY REFERENCES finance.equity,
    shares_outstanding bigint,
    shares_outstanding_date date
);

CREATE TABLE finance.preferred_stock (
    instrument_id integer PRIMARY KEY REFERENCES finance.equity,
    dividend_rate_pct numeric(6,3),
    is_cumulative boolean NOT NULL DEFAULT true,
    liquidation_preference numeric(12,2)
);

CREATE TABLE finance.depositary_receipt (
    instrument_id integer PRIMARY KEY REFERENCES finance.equity,
    underlying_equity_id integer NOT NULL REFERENCES finance.equity,
    receipts_per_share numeric(8,4) NOT NULL,
    depositary_bank_agent_id integer REFERENCES finance.bank
);

CREATE TABLE finance.debt_instrument (
    instrument_id integer PRIMARY KEY REFERENCES finance.security,
    face_value numeric(18,2),
    has_maturity_date date,
    coupon_rate_pct numeric(7,4),
    coupon_frequency smallint,
    day_count_code varchar(10) REFERENCES finance.day_count_convention,
    seniority varchar(20)
);
COMMENT ON COLUMN finance.debt_instrument.coupon_rate_pct IS 'annual rate; for floating instruments the current reset';

CREATE TABLE finance.bond (
    instrument_id integer PRIMARY KEY REFERENCES finance.debt_instrument,
    is_callable boolean NOT NULL DEFAULT false,
    bond_form varchar(12)
);

CREATE TABLE finance.corporate_bond (
    instrument_id integer PRIMARY KEY REFERENCES finance.bond,
    is_secured boolean NOT NULL DEFAULT false,
    covenant_package varchar(40)
);

CREATE TABLE finance.convertible_bond (
    instrument_id integer PRIMARY KEY REFERENCES finance.corporate_bond,
    underlying_equity_id integer NOT NULL REFERENCES finance.equity,
    conversion_ratio numeric(12,6) NOT NULL,
    conversion_price numeric(12,4)
);

CREATE TABLE finance.government_bond (
    instrument_id integer PRIMARY KEY REFERENCES finance.bond,
    sovereign_country_code char(2) NOT NULL REFERENCES finance.country,
    is_inflation_linked boolean NOT NULL DEFAULT false
);

CREATE TABLE finance.municipal_bond (
    instrument_id integer PRIMARY KEY REFERENCES finance.bond,
    state_code char(2),
    is_tax_exempt boolean NOT NULL DEFAULT true,
    pledge_type varchar(20)
);

CREATE TABLE finance.commercial_paper (
    instrument_id integer PRIMARY KEY REFERENCES finance.debt_instrument,
    discount_rate_pct numeric(7,4),
    days_to_maturity smallint
);

CREATE TABLE finance.syndicated_loan (
    instrument_id integer PRIMARY KEY REFERENCES finance.debt_instrument,
    borrower_agent_id integer NOT NULL REFERENCES finance.company,
    agent_bank_id integer REFERENCES finance.bank,
    spread_bp smallint,
    reference_rate_id smallint REFERENCES finance.benchmark_rate
);

CREATE TABLE finance.fund_share_class (
    instrument_id integer PRIMARY KEY REFERENCES finance.security,
    fund_agent_id integer NOT NULL REFERENCES finance.collective_investment_vehicle,
    class_name varchar(30) NOT NULL,
    net_expense_ratio_pct numeric(5,3),
    minimum_investment numeric(14,2),
    distribution_policy varchar(12)
);
COMMENT ON COLUMN finance.fund_share_class.net_expense_ratio_pct IS 'ongoing charges per year after waivers, percent of net assets';

CREATE TABLE finance.derivative (
    instrument_id integer PRIMARY KEY REFERENCES finance.financial_instrument,
    underlying_instrument_id integer REFERENCES finance.financial_instrument,
    contract_multiplier numeric(12,4) NOT NULL DEFAULT 1,
    expiration_date date,
    exchange_id smallint REFERENCES finance.exchange
);

CREATE TABLE finance.option_contract (
    instrument_id integer PRIMARY KEY REFERENCES finance.derivative,
    option_right char(1) NOT NULL,
    strike_price numeric(14,4) NOT NULL,
    exercise_style varchar(10) NOT NULL
);

CREATE TABLE finance.futures_contract (
    instrument_id integer PRIMARY KEY REFERENCES finance.derivative,
    settlement_method varchar(10) NOT NULL,
    tick_size numeric(10,6)
);

CREATE TABLE finance.swap_contract (
    instrument_id integer PRIMARY KEY REFERENCES finance.derivative,
    fixed_rate_pct numeric(7,4),
    floating_rate_id smallint REFERENCES finance.benchmark_rate,
    notional_amount numeric(18,2)
);

CREATE TABLE finance.instrument_identifier (
    instrument_id integer NOT NULL REFERENCES finance.financial_instrument,
    scheme_code varchar(8) NOT NULL REFERENCES finance.identifier_scheme,
    identifier_value varchar(40) NOT NULL,
    PRIMARY KEY (instrument_id, scheme_code)
);

-- Carried over from the old security master; nobody has dropped them.
CREATE TABLE finance."CUSIPXREF" (
    "CUSIP" char(9) PRIMARY KEY,
    "ISIN" char(12),
    "INSTR_ID" integer,
    "LAST_UPD" date
);

CREATE TABLE finance."SECMASTER_HIST" (
    "INSTR_ID" integer NOT NULL,
    "VALID_FROM" date NOT NULL,
    "VALID_TO" date,
    "INSTR_NAME" varchar(160),
    "INSTR_TYPE" varchar(6),
    "ISIN" char(12),
    PRIMARY KEY ("INSTR_ID", "VALID_FROM")
);

CREATE TABLE finance.coupon_schedule (
    instrument_id integer NOT NULL REFERENCES finance.debt_instrument,
    payment_date date NOT NULL,
    coupon_per_100 numeric(10,6) NOT NULL,
    PRIMARY KEY (instrument_id, payment_date)
);

CREATE TABLE finance.call_schedule (
    instrument_id integer NOT NULL REFERENCES finance.bond,
    call_date date NOT NULL,
    call_price numeric(10,4) NOT NULL,
    PRIMARY KEY (instrument_id, call_date)
);

CREATE TABLE finance.is_underwritten_by (
    instrument_id integer NOT NULL REFERENCES finance.security,
    underwriter_agent_id integer NOT NULL REFERENCES finance.bank,
    underwriting_role varchar(20) NOT NULL,
    allocation_amount numeric(18,2),
    PRIMARY KEY (instrument_id, underwriter_agent_id)
);

-- ---------------------------------------------------------------------------
-- Market data
-- ---------------------------------------------------------------------------

CREATE TABLE finance.listing (
    listing_id integer PRIMARY KEY,
    instrument_id integer NOT NULL REFERENCES finance.security,
    is_traded_on smallint NOT NULL REFERENCES finance.exchange,
    ticker_symbol varchar(12) NOT NULL,
    trading_currency_code char(3) NOT NULL REFERENCES finance.currency,
    listed_on date,
    delisted_on date,
    is_primary_listing boolean NOT NULL DEFAULT true
);
COMMENT ON COLUMN finance.listing.is_traded_on IS 'exchange_id of the venue';

CREATE TABLE finance.daily_price (
    listing_id integer NOT NULL REFERENCES finance.listing,
    price_date date NOT NULL,
    open_price numeric(14,4),
    high_price numeric(14,4),
    low_price numeric(14,4),
    close_price numeric(14,4) NOT NULL,
    adjusted_close_price numeric(14,4),
    volume bigint,
    PRIMARY KEY (listing_id, price_date)
);
COMMENT ON COLUMN finance.daily_price.adjusted_close_price IS 'adjusted for splits and dividends';

CREATE TABLE finance.daily_price_archive (
    listing_id integer NOT NULL REFERENCES finance.listing,
    price_date date NOT NULL,
    open_price numeric(14,4),
    high_price numeric(14,4),
    low_price numeric(14,4),
    close_price numeric(14,4) NOT NULL,
    adjusted_close_price numeric(14,4),
    volume bigint,
    PRIMARY KEY (listing_id, price_date)
);
COMMENT ON TABLE finance.daily_price_archive IS 'end-of-day prices before 2015, moved out of daily_price';

CREATE TABLE finance.intraday_quote (
    quote_id bigint PRIMARY KEY,
    listing_id integer NOT NULL REFERENCES finance.listing,
    quoted_at timestamptz NOT NULL,
    bid_price numeric(14,4),
    ask_price numeric(14,4),
    bid_size integer,
    ask_size integer
);

CREATE TABLE finance.trade_execution (
    trade_id bigint PRIMARY KEY,
    listing_id integer NOT NULL REFERENCES finance.listing,
    executed_at timestamptz NOT NULL,
    has_unit_price numeric(14,4) NOT NULL,
    has_quantity integer NOT NULL,
    buyer_broker_agent_id integer REFERENCES finance.broker_dealer,
    seller_broker_agent_id integer REFERENCES finance.broker_dealer,
    trade_condition varchar(4)
);
COMMENT ON COLUMN finance.trade_execution.has_unit_price IS 'execution price in the listing''s trading currency';

CREATE TABLE finance.market_index (
    index_id smallint PRIMARY KEY,
    index_name varchar(80) NOT NULL,
    provider_agent_id integer REFERENCES finance.organization,
    currency_code char(3) NOT NULL REFERENCES finance.currency,
    base_date date,
    base_value numeric(12,4),
    weighting_method varchar(30)
);

CREATE TABLE finance.indexconstituent (
    index_id smallint NOT NULL REFERENCES finance.market_index,
    instrument_id integer NOT NULL REFERENCES finance.security,
    effective_date date NOT NULL,
    weight_pct numeric(7,4),
    PRIMARY KEY (index_id, instrument_id, effective_date)
);

CREATE TABLE finance.index_level (
    index_id smallint NOT NULL REFERENCES finance.market_index,
    level_date date NOT NULL,
    close_level numeric(14,4) NOT NULL,
    total_return_level numeric(14,4),
    PRIMARY KEY (index_id, level_date)
);

CREATE TABLE finance.bond_valuation (
    instrument_id integer NOT NULL REFERENCES finance.bond,
    valuation_date date NOT NULL,
    clean_price numeric(10,4) NOT NULL,
    dirty_price numeric(10,4),
    yield_to_maturity_pct numeric(8,4),
    spread_to_benchmark_bp numeric(8,2),
    PRIMARY KEY (instrument_id, valuation_date)
);

-- ---------------------------------------------------------------------------
-- Corporate actions
-- ---------------------------------------------------------------------------

CREATE TABLE finance.corporate_action (
    corporate_action_id integer PRIMARY KEY,
    instrument_id integer REFERENCES finance.security,
    action_type_code char(4) NOT NULL REFERENCES finance.corporate_action_type,
    announcement_date date NOT NULL,
    ex_date date,
    record_date date,
    action_status varchar(12) NOT NULL
);
COMMENT ON TABLE finance.corporate_action IS 'one row per event; its terms are in the table of its kind with the same corporate_action_id';

CREATE TABLE finance.cash_dividend (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    gross_amount_per_share numeric(12,6) NOT NULL,
    currency_code char(3) NOT NULL REFERENCES finance.currency,
    pay_date date,
    is_special boolean NOT NULL DEFAULT false,
    dividend_frequency varchar(12)
);

CREATE TABLE finance.stock_split (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    old_shares integer NOT NULL,
    new_shares integer NOT NULL
);

CREATE TABLE finance.merger_acquisition (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    acquirer_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    target_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    deal_value numeric(18,2),
    deal_currency_code char(3) REFERENCES finance.currency,
    consideration_type varchar(20),
    completion_date date
);

CREATE TABLE finance.spin_off (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    new_instrument_id integer NOT NULL REFERENCES finance.security,
    distribution_ratio numeric(12,6) NOT NULL
);

CREATE TABLE finance.rights_issue (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    subscription_price numeric(12,4) NOT NULL,
    new_per_existing numeric(10,6) NOT NULL
);

CREATE TABLE finance.share_buyback (
    corporate_action_id integer PRIMARY KEY REFERENCES finance.corporate_action,
    authorized_amount numeric(18,2),
    authorized_currency_code char(3) REFERENCES finance.currency,
    program_end_date date
);

CREATE TABLE finance.corpaction_archive (
    corporate_action_id integer PRIMARY KEY,
    instrument_id integer,
    action_type_code char(4),
    announcement_date date,
    ex_date date,
    terms_text text,
    archived_at timestamptz
);

-- ---------------------------------------------------------------------------
-- Credit ratings
-- ---------------------------------------------------------------------------

CREATE TABLE finance.credit_rating (
    rating_id integer PRIMARY KEY,
    rating_agency_agent_id integer NOT NULL REFERENCES finance.rating_agency,
    rating_scale_id smallint NOT NULL,
    grade_code varchar(6) NOT NULL,
    rating_date date NOT NULL,
    outlook varchar(10),
    on_watch boolean NOT NULL DEFAULT false,
    FOREIGN KEY (rating_scale_id, grade_code) REFERENCES finance.rating_grade
);
COMMENT ON COLUMN finance.credit_rating.outlook IS 'Positive, Stable, Negative or Developing';

CREATE TABLE finance.issue_credit_rating (
    rating_id integer PRIMARY KEY REFERENCES finance.credit_rating,
    instrument_id integer NOT NULL REFERENCES finance.security
);

CREATE TABLE finance.issuer_credit_rating (
    rating_id integer PRIMARY KEY REFERENCES finance.credit_rating,
    rated_entity_agent_id integer NOT NULL REFERENCES finance.legal_entity
);

CREATE TABLE finance.rating_action (
    rating_action_id integer PRIMARY KEY,
    rating_id integer NOT NULL REFERENCES finance.credit_rating,
    action_date date NOT NULL,
    action_type varchar(16) NOT NULL,
    previous_grade_code varchar(6)
);

CREATE TABLE finance.credit_rating_hist (
    rating_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    agency_name varchar(80),
    rated_name varchar(160),
    grade_code varchar(6),
    PRIMARY KEY (rating_id, valid_from)
);

-- ---------------------------------------------------------------------------
-- Disclosures, filings and financial statements
-- ---------------------------------------------------------------------------

CREATE TABLE finance.disclosure (
    disclosure_id integer PRIMARY KEY,
    filer_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    disclosure_type_code varchar(10) NOT NULL REFERENCES finance.disclosure_type,
    filed_date date NOT NULL,
    period_end_date date,
    document_url varchar(300),
    accession_number varchar(25)
);

CREATE TABLE finance.regulatory_filing (
    disclosure_id integer PRIMARY KEY REFERENCES finance.disclosure,
    regulator_agent_id integer NOT NULL REFERENCES finance.regulatory_agency,
    form_type varchar(10) NOT NULL,
    is_amendment boolean NOT NULL DEFAULT false
);

CREATE TABLE finance.financial_report (
    disclosure_id integer PRIMARY KEY REFERENCES finance.disclosure,
    fiscal_year smallint NOT NULL,
    fiscal_period varchar(3) NOT NULL,
    reporting_currency_code char(3) NOT NULL REFERENCES finance.currency,
    accounting_standard_code varchar(8) REFERENCES finance.accounting_standard,
    auditor_agent_id integer REFERENCES finance.audit_firm,
    is_audited boolean NOT NULL DEFAULT false
);
COMMENT ON COLUMN finance.financial_report.fiscal_period IS 'FY, H1, Q1 to Q4';

CREATE TABLE finance.income_statement (
    disclosure_id integer PRIMARY KEY REFERENCES finance.financial_report,
    total_revenue numeric(18,2),
    cost_of_revenue numeric(18,2),
    gross_profit numeric(18,2),
    operating_income numeric(18,2),
    net_income numeric(18,2),
    eps_basic numeric(10,4),
    eps_diluted numeric(10,4)
);

CREATE TABLE finance.balance_sheet (
    disclosure_id integer PRIMARY KEY REFERENCES finance.financial_report,
    total_assets numeric(18,2),
    total_liabilities numeric(18,2),
    total_equity numeric(18,2),
    cash_and_equivalents numeric(18,2),
    total_debt numeric(18,2)
);

CREATE TABLE finance.cash_flow_statement (
    disclosure_id integer PRIMARY KEY REFERENCES finance.financial_report,
    operating_cash_flow numeric(18,2),
    capital_expenditure numeric(18,2),
    free_cash_flow numeric(18,2),
    dividends_paid numeric(18,2)
);

CREATE TABLE finance.segment_report (
    disclosure_id integer NOT NULL REFERENCES finance.financial_report,
    segment_name varchar(60) NOT NULL,
    segment_revenue numeric(18,2),
    segment_operating_income numeric(18,2),
    PRIMARY KEY (disclosure_id, segment_name)
);

CREATE TABLE finance.reported_fact (
    fact_id bigint PRIMARY KEY,
    disclosure_id integer NOT NULL REFERENCES finance.financial_report,
    concept_code varchar(80) NOT NULL REFERENCES finance.reporting_concept,
    fact_value numeric(20,4) NOT NULL,
    unit_code varchar(10),
    period_start date,
    period_end date
);

CREATE TABLE finance.proxy_statement (
    disclosure_id integer PRIMARY KEY REFERENCES finance.regulatory_filing,
    meeting_date date,
    ceo_pay_ratio integer,
    say_on_pay_support_pct numeric(5,2)
);

CREATE TABLE finance.material_event_filing (
    disclosure_id integer PRIMARY KEY REFERENCES finance.regulatory_filing,
    item_code varchar(6) NOT NULL,
    event_summary varchar(300)
);

CREATE TABLE finance.beneficial_ownership_report (
    disclosure_id integer PRIMARY KEY REFERENCES finance.regulatory_filing,
    owner_agent_id integer NOT NULL REFERENCES finance.agent,
    subject_instrument_id integer NOT NULL REFERENCES finance.security,
    shares_owned bigint,
    percent_of_class numeric(6,3)
);

CREATE TABLE finance.prospectus (
    disclosure_id integer PRIMARY KEY REFERENCES finance.regulatory_filing,
    offered_instrument_id integer NOT NULL REFERENCES finance.security,
    offering_amount numeric(18,2),
    offering_currency_code char(3) REFERENCES finance.currency
);

CREATE TABLE finance.earnings_call_transcript (
    disclosure_id integer PRIMARY KEY REFERENCES finance.disclosure,
    call_date date NOT NULL,
    fiscal_quarter_label varchar(10),
    word_count integer
);

CREATE TABLE finance.press_release (
    disclosure_id integer PRIMARY KEY REFERENCES finance.disclosure,
    headline varchar(200) NOT NULL,
    wire_service varchar(40)
);

CREATE TABLE finance."FINSTMT_ARCHIVE" (
    "FILER_LEI" char(20) NOT NULL,
    "FY" smallint NOT NULL,
    "PERIOD" varchar(3) NOT NULL,
    "REVENUE" numeric(18,2),
    "NET_INCOME" numeric(18,2),
    "TOTAL_ASSETS" numeric(18,2),
    "LOADED_TS" timestamp,
    PRIMARY KEY ("FILER_LEI", "FY", "PERIOD")
);

-- ---------------------------------------------------------------------------
-- Portfolios, funds and ownership
-- ---------------------------------------------------------------------------

CREATE TABLE finance.portfolio (
    portfolio_id integer PRIMARY KEY,
    portfolio_name varchar(100) NOT NULL,
    owner_agent_id integer NOT NULL REFERENCES finance.agent,
    base_currency_code char(3) NOT NULL REFERENCES finance.currency,
    inception_date date,
    portfolio_kind varchar(20)
);

CREATE TABLE finance.holds_position_in (
    portfolio_id integer NOT NULL REFERENCES finance.portfolio,
    instrument_id integer NOT NULL REFERENCES finance.financial_instrument,
    as_of_date date NOT NULL,
    quantity numeric(18,4) NOT NULL,
    market_value_base numeric(18,2),
    cost_basis_base numeric(18,2),
    PRIMARY KEY (portfolio_id, instrument_id, as_of_date)
);
COMMENT ON TABLE finance.holds_position_in IS 'fibo-fbc-pas-fpas:holdsPositionIn, month-end snapshots';

CREATE TABLE finance.holds_position_in_hist (
    portfolio_id integer NOT NULL,
    instrument_id integer NOT NULL,
    as_of_date date NOT NULL,
    quantity numeric(18,4),
    market_value_base numeric(18,2),
    PRIMARY KEY (portfolio_id, instrument_id, as_of_date)
);

CREATE TABLE finance.portfolio_transaction (
    transaction_id bigint PRIMARY KEY,
    portfolio_id integer NOT NULL REFERENCES finance.portfolio,
    instrument_id integer NOT NULL REFERENCES finance.financial_instrument,
    trade_date date NOT NULL,
    settle_date date,
    side char(1) NOT NULL,
    quantity numeric(18,4) NOT NULL,
    price numeric(14,4) NOT NULL,
    commission numeric(12,2),
    executing_broker_agent_id integer REFERENCES finance.broker_dealer
);

CREATE TABLE finance.ownership_stake (
    owner_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    owned_entity_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    as_of_date date NOT NULL,
    shares_held bigint,
    stake_pct numeric(7,4),
    source varchar(20),
    PRIMARY KEY (owner_agent_id, owned_entity_agent_id, as_of_date)
);

CREATE TABLE finance.is_managed_by (
    fund_agent_id integer NOT NULL REFERENCES finance.collective_investment_vehicle,
    manager_agent_id integer NOT NULL REFERENCES finance.investment_manager,
    management_role varchar(30) NOT NULL,
    effective_from date,
    PRIMARY KEY (fund_agent_id, manager_agent_id)
);

CREATE TABLE finance.is_benchmarked_against (
    fund_agent_id integer NOT NULL REFERENCES finance.collective_investment_vehicle,
    index_id smallint NOT NULL REFERENCES finance.market_index,
    is_primary_benchmark boolean NOT NULL DEFAULT true,
    PRIMARY KEY (fund_agent_id, index_id)
);

CREATE TABLE finance.fund_return (
    instrument_id integer NOT NULL REFERENCES finance.fund_share_class,
    period_end_date date NOT NULL,
    return_1m_pct numeric(8,4),
    return_1y_pct numeric(8,4),
    return_3y_annualized_pct numeric(8,4),
    PRIMARY KEY (instrument_id, period_end_date)
);

CREATE TABLE finance.fund_flow (
    fund_agent_id integer NOT NULL REFERENCES finance.collective_investment_vehicle,
    flow_month date NOT NULL,
    net_flow_usd numeric(18,2) NOT NULL,
    PRIMARY KEY (fund_agent_id, flow_month)
);

CREATE TABLE finance.custody_account (
    account_id integer PRIMARY KEY,
    portfolio_id integer NOT NULL REFERENCES finance.portfolio,
    custodian_agent_id integer NOT NULL REFERENCES finance.bank,
    account_number varchar(34) NOT NULL,
    opened_on date
);

-- ---------------------------------------------------------------------------
-- People and their roles
-- ---------------------------------------------------------------------------

CREATE TABLE finance.holds_role_at (
    person_agent_id integer NOT NULL REFERENCES finance.natural_person,
    organization_agent_id integer NOT NULL REFERENCES finance.organization,
    role_type_id smallint NOT NULL REFERENCES finance.role_type,
    start_date date NOT NULL,
    end_date date,
    PRIMARY KEY (person_agent_id, organization_agent_id, role_type_id, start_date)
);

CREATE TABLE finance.is_director_of (
    person_agent_id integer NOT NULL REFERENCES finance.natural_person,
    company_agent_id integer NOT NULL REFERENCES finance.company,
    board_position varchar(30) NOT NULL,
    is_independent boolean NOT NULL,
    appointed_on date,
    left_on date,
    PRIMARY KEY (person_agent_id, company_agent_id)
);

CREATE TABLE finance.research_analyst (
    agent_id integer PRIMARY KEY REFERENCES finance.natural_person,
    employer_agent_id integer NOT NULL REFERENCES finance.broker_dealer,
    coverage_industry_code varchar(10) REFERENCES finance.industry_classification,
    finra_registration_no varchar(12)
);

CREATE TABLE finance.analyst_recommendation (
    recommendation_id integer PRIMARY KEY,
    analyst_agent_id integer NOT NULL REFERENCES finance.research_analyst,
    instrument_id integer NOT NULL REFERENCES finance.security,
    issued_on date NOT NULL,
    recommendation varchar(12) NOT NULL,
    price_target numeric(12,2),
    target_currency_code char(3) REFERENCES finance.currency
);

CREATE TABLE finance.earnings_estimate (
    estimate_id integer PRIMARY KEY,
    analyst_agent_id integer NOT NULL REFERENCES finance.research_analyst,
    company_agent_id integer NOT NULL REFERENCES finance.company,
    fiscal_year smallint NOT NULL,
    metric_code varchar(8) NOT NULL,
    estimate_value numeric(18,4) NOT NULL,
    estimated_on date NOT NULL
);

CREATE TABLE finance.executive_compensation (
    person_agent_id integer NOT NULL REFERENCES finance.natural_person,
    company_agent_id integer NOT NULL REFERENCES finance.company,
    fiscal_year smallint NOT NULL,
    position_title varchar(80),
    base_salary numeric(14,2),
    bonus numeric(14,2),
    stock_awards numeric(14,2),
    option_awards numeric(14,2),
    other_compensation numeric(14,2),
    total_compensation numeric(14,2) NOT NULL,
    PRIMARY KEY (person_agent_id, company_agent_id, fiscal_year)
);

CREATE TABLE finance.insider_transaction (
    insider_txn_id integer PRIMARY KEY,
    person_agent_id integer NOT NULL REFERENCES finance.natural_person,
    instrument_id integer NOT NULL REFERENCES finance.security,
    transaction_date date NOT NULL,
    transaction_code char(1) NOT NULL,
    shares bigint NOT NULL,
    price_per_share numeric(12,4),
    shares_owned_after bigint
);
COMMENT ON COLUMN finance.insider_transaction.transaction_code IS 'Form 4 code: P open-market purchase, S open-market sale, A grant or award, M option exercise, G gift';

-- ---------------------------------------------------------------------------
-- Other data sets and housekeeping
-- ---------------------------------------------------------------------------

CREATE TABLE finance.esg_score (
    company_agent_id integer NOT NULL REFERENCES finance.company,
    provider_agent_id integer NOT NULL REFERENCES finance.organization,
    assessed_on date NOT NULL,
    environmental_score numeric(5,2),
    social_score numeric(5,2),
    governance_score numeric(5,2),
    overall_score numeric(5,2),
    rating_band varchar(4),
    PRIMARY KEY (company_agent_id, provider_agent_id, assessed_on)
);

CREATE TABLE finance.sanctions_designation (
    designation_id integer PRIMARY KEY,
    designated_agent_id integer NOT NULL REFERENCES finance.legal_entity,
    authority_agent_id integer NOT NULL REFERENCES finance.government_agency,
    program_name varchar(40) NOT NULL,
    designated_on date NOT NULL,
    removed_on date
);

CREATE TABLE finance.etl_load_batch (
    batch_id bigint PRIMARY KEY,
    source_system varchar(30) NOT NULL,
    target_table varchar(60) NOT NULL,
    loaded_at timestamptz NOT NULL,
    row_count integer,
    status varchar(10) NOT NULL
);

-- ===========================================================================
-- Rows
-- ===========================================================================

INSERT INTO finance.geographic_region VALUES
    ('NA', 'North America'), ('EU', 'Europe'), ('AP', 'Asia Pacific'), ('CAR', 'Caribbean');
INSERT INTO finance.country VALUES
    ('US', 'United States', 'NA', true), ('GB', 'United Kingdom', 'EU', true), ('FR', 'France', 'EU', true),
    ('DE', 'Germany', 'EU', true), ('NL', 'Netherlands', 'EU', true), ('IE', 'Ireland', 'EU', true),
    ('LU', 'Luxembourg', 'EU', true), ('JP', 'Japan', 'AP', true), ('CH', 'Switzerland', 'EU', true),
    ('KY', 'Cayman Islands', 'CAR', false), ('RU', 'Russian Federation', 'EU', false);
INSERT INTO finance.currency VALUES
    ('USD', 'US Dollar', 2), ('EUR', 'Euro', 2), ('GBP', 'Pound Sterling', 2), ('JPY', 'Yen', 0),
    ('CHF', 'Swiss Franc', 2), ('RUB', 'Russian Ruble', 2);
INSERT INTO finance.country_currency (country_code, currency_code) VALUES
    ('US', 'USD'), ('GB', 'GBP'), ('FR', 'EUR'), ('DE', 'EUR'), ('NL', 'EUR'), ('IE', 'EUR'), ('LU', 'EUR'),
    ('JP', 'JPY'), ('CH', 'CHF'), ('KY', 'USD'), ('RU', 'RUB');
INSERT INTO finance.classification_scheme VALUES
    ('GICS', 'Global Industry Classification Standard'), ('NAICS', 'North American Industry Classification System');
INSERT INTO finance.industry_classification VALUES
    ('10', 'GICS', 'Energy', 1, NULL), ('101020', 'GICS', 'Oil, Gas & Consumable Fuels', 3, '10'),
    ('25', 'GICS', 'Consumer Discretionary', 1, NULL), ('251020', 'GICS', 'Automobiles', 3, '25'),
    ('255030', 'GICS', 'Broadline Retail', 3, '25'),
    ('35', 'GICS', 'Health Care', 1, NULL), ('352020', 'GICS', 'Pharmaceuticals', 3, '35'),
    ('40', 'GICS', 'Financials', 1, NULL), ('401010', 'GICS', 'Banks', 3, '40'),
    ('402030', 'GICS', 'Capital Markets', 3, '40'),
    ('45', 'GICS', 'Information Technology', 1, NULL), ('4510', 'GICS', 'Software & Services', 2, '45'),
    ('451030', 'GICS', 'Software', 3, '4510'), ('452020', 'GICS', 'Technology Hardware, Storage & Peripherals', 3, '45'),
    ('511210', 'NAICS', 'Software Publishers', 3, NULL);
INSERT INTO finance.instrument_type VALUES
    ('EQ', 'Common equity'), ('PREF', 'Preferred equity'), ('ADR', 'Depositary receipt'), ('BOND', 'Bond'),
    ('CP', 'Commercial paper'), ('LOAN', 'Loan'), ('FUND', 'Fund share class'), ('OPT', 'Listed option'),
    ('FUT', 'Future'), ('SWP', 'Swap');
INSERT INTO finance.day_count_convention VALUES
    ('30/360', '30/360 US'), ('ACT/ACT', 'Actual/Actual ICMA'), ('ACT/360', 'Actual/360');
INSERT INTO finance.corporate_action_type VALUES
    ('DVCA', 'Cash dividend', true), ('SPLF', 'Stock split (forward)', true), ('MRGR', 'Merger', true),
    ('SOFF', 'Spin-off', true), ('RHTS', 'Rights issue', false), ('BIDS', 'Repurchase offer', false);
INSERT INTO finance.disclosure_type VALUES
    ('10-K', 'Annual report (US domestic issuer)'), ('10-Q', 'Quarterly report (US domestic issuer)'),
    ('8-K', 'Current report'), ('20-F', 'Annual report (foreign private issuer)'),
    ('AR', 'Annual report (non-US)'), ('QR', 'Quarterly statement (non-US)'), ('DEF 14A', 'Definitive proxy'),
    ('SC 13G', 'Passive beneficial ownership'), ('424B', 'Prospectus supplement'), ('ECT', 'Earnings call transcript'),
    ('PR', 'News release');
INSERT INTO finance.accounting_standard VALUES
    ('USGAAP', 'US GAAP'), ('IFRS', 'IFRS as adopted by the EU'), ('UKIFRS', 'UK-adopted IFRS');
INSERT INTO finance.role_type VALUES
    (1, 'Chief Executive Officer', 'officer'), (2, 'Chief Financial Officer', 'officer'),
    (3, 'Chief Operating Officer', 'officer'), (4, 'General Counsel', 'officer'),
    (5, 'Chief Investment Officer', 'officer'), (6, 'Head of Research', 'officer');
INSERT INTO finance.rating_scale VALUES
    (1, 'S&P / Fitch long-term', 'long-term'), (2, 'Moody''s long-term', 'long-term'), (3, 'Short-term', 'short-term');
INSERT INTO finance.rating_grade VALUES
    (1, 'AAA', 1, true), (1, 'AA+', 2, true), (1, 'AA', 3, true), (1, 'AA-', 4, true), (1, 'A+', 5, true),
    (1, 'A', 6, true), (1, 'A-', 7, true), (1, 'BBB+', 8, true), (1, 'BBB', 9, true), (1, 'BBB-', 10, true),
    (1, 'BB+', 11, false), (1, 'BB', 12, false), (1, 'BB-', 13, false),
    (2, 'Aaa', 1, true), (2, 'Aa1', 2, true), (2, 'A1', 5, true), (2, 'A2', 6, true), (2, 'A3', 7, true),
    (2, 'Baa1', 8, true), (2, 'Baa2', 9, true), (2, 'Baa3', 10, true), (2, 'Ba1', 11, false), (2, 'Ba2', 12, false),
    (3, 'A-1+', 1, true), (3, 'A-1', 2, true), (3, 'P-1', 1, true), (3, 'F1', 2, true);
INSERT INTO finance.reporting_concept VALUES
    ('us-gaap:ResearchAndDevelopmentExpense', 'Research and development expense', 'us-gaap'),
    ('us-gaap:Goodwill', 'Goodwill', 'us-gaap'),
    ('us-gaap:ShareBasedCompensation', 'Share-based compensation', 'us-gaap'),
    ('dei:EntityNumberOfEmployees', 'Number of employees', 'dei'),
    ('ifrs-full:ResearchAndDevelopmentExpense', 'Research and development expense', 'ifrs-full');
INSERT INTO finance.identifier_scheme VALUES
    ('FIGI', 'Financial Instrument Global Identifier'), ('RIC', 'Refinitiv Instrument Code'),
    ('BBGTKR', 'Bloomberg ticker'), ('WKN', 'Wertpapierkennnummer');
INSERT INTO finance.address VALUES
    (1, '100 Harbor Way', 'San Jose', '95110', 'US'), (2, '1 Canada Square', 'London', 'E14 5AB', 'GB'),
    (3, '800 Louisiana Street', 'Houston', '77002', 'US'), (4, '12 rue de la Paix', 'Paris', '75002', 'FR'),
    (5, 'Kestrelstrasse 1', 'Stuttgart', '70173', 'DE'), (6, '200 Park Avenue', 'New York', '10166', 'US');

INSERT INTO finance.agent (agent_id, agent_kind)
SELECT id, 'organization' FROM unnest(ARRAY[101,102,103,104,105,106,107,108,109,110,111,120,121,122,123,124,
    201,202,203,204,301,302,303,304,305,306,401,402,403,501,502,503,601,602,701,702,850]) AS id;
INSERT INTO finance.agent (agent_id, agent_kind) SELECT id, 'fund' FROM generate_series(801, 806) AS id;
INSERT INTO finance.agent (agent_id, agent_kind) SELECT id, 'person' FROM generate_series(901, 915) AS id;

INSERT INTO finance.legal_entity (agent_id, legal_name, lei, jurisdiction_country_code, incorporation_date, entity_status) VALUES
    (101, 'Northwind Technologies Inc.', '549300NWT8K2LQ4R7X11', 'US', '1998-04-02', 'ACTIVE'),
    (102, 'Helix Pharmaceuticals plc', '213800HLX5QK9W2M6T44', 'GB', '1994-07-19', 'ACTIVE'),
    (103, 'Atlas Energy Corporation', '549300ATL3M7P0D5S812', 'US', '1952-10-01', 'ACTIVE'),
    (104, 'Meridian Retail Group SA', '969500MRD4N1B6C8E390', 'FR', '1971-03-15', 'ACTIVE'),
    (105, 'Kestrel Motors AG', '529900KST6R2T9V1W574', 'DE', '1926-06-28', 'ACTIVE'),
    (106, 'Voltaic Cell Technologies Inc.', '549300VLT9X3Y5Z7A226', 'US', '2014-01-10', 'MERGED'),
    (107, 'Brightpath Software Ltd', '213800BPS1C3D5E7F935', 'GB', '2009-05-05', 'MERGED'),
    (108, 'Pelican Offshore Drilling Inc.', '549300PEL2G4H6J8K150', 'US', '1979-08-30', 'MERGED'),
    (109, 'Cobalt Analytics Corp.', '549300CBL7L9M1N3P468', 'US', '2011-02-14', 'ACTIVE'),
    (110, 'Stoxford Index Services Ltd', '213800STX4Q6R8S0T782', 'GB', '1999-09-09', 'ACTIVE'),
    (111, 'Sustainalytix Research BV', '724500SUS5U7V9W1X097', 'NL', '2008-11-11', 'ACTIVE'),
    (120, 'Intercontinental Exchange Inc.', '5493000F4ZO33MV32P92', 'US', '2000-05-11', 'ACTIVE'),
    (121, 'Nasdaq Inc.', '549300L8X1Q78ERXFD06', 'US', '1971-02-08', 'ACTIVE'),
    (122, 'Deutsche Börse AG', '529900G3SW56SHYNPR95', 'DE', '1992-08-12', 'ACTIVE'),
    (123, 'London Stock Exchange Group plc', '213800D1EI4B9WTWWD28', 'GB', '2005-02-18', 'ACTIVE'),
    (124, 'Euronext N.V.', '724500QJ4QSZ3H9QU415', 'NL', '2014-03-15', 'ACTIVE'),
    (201, 'First Harbor Bank N.A.', '549300FHB6Y8Z0A2B305', 'US', '1887-11-03', 'ACTIVE'),
    (202, 'Banque Lumière SA', '969500BQL7C9D1E3F623', 'FR', '1864-04-04', 'ACTIVE'),
    (203, 'Federal Reserve System', NULL, 'US', '1913-12-23', 'ACTIVE'),
    (204, 'European Central Bank', NULL, 'DE', '1998-06-01', 'ACTIVE'),
    (301, 'U.S. Securities and Exchange Commission', NULL, 'US', '1934-06-06', 'ACTIVE'),
    (302, 'Financial Conduct Authority', NULL, 'GB', '2013-04-01', 'ACTIVE'),
    (303, 'U.S. Department of the Treasury', NULL, 'US', '1789-09-02', 'ACTIVE'),
    (304, 'Bundesrepublik Deutschland - Finanzagentur GmbH', '529900FNZ1G3H5J7K941', 'DE', '2000-09-19', 'ACTIVE'),
    (305, 'Office of Foreign Assets Control', NULL, 'US', '1950-12-17', 'ACTIVE'),
    (306, 'City of Springfield', NULL, 'US', '1840-04-06', 'ACTIVE'),
    (401, 'S&P Global Ratings', '549300RAT1L3M5N7P019', 'US', '1941-01-01', 'ACTIVE'),
    (402, 'Moody''s Investors Service', '549300RAT2Q4R6S8T137', 'US', '1914-07-01', 'ACTIVE'),
    (403, 'Fitch Ratings', '549300RAT3U5V7W9X255', 'US', '1913-12-24', 'ACTIVE'),
    (501, 'Bluewater Capital Management LLC', '549300BWC4Y6Z8A0B373', 'US', '1988-03-01', 'ACTIVE'),
    (502, 'Granite Peak Advisors LP', '549300GPA5C7D9E1F491', 'US', '2006-06-06', 'ACTIVE'),
    (503, 'Evergreen Asset Management Ltd', '213800EAM6G8H0J2K519', 'GB', '1995-10-10', 'ACTIVE'),
    (601, 'Crestline Securities LLC', '549300CRS7L9M1N3P637', 'US', '1979-01-15', 'ACTIVE'),
    (602, 'Oakmont Brothers & Co.', '549300OAK8Q0R2S4T755', 'US', '1902-05-20', 'ACTIVE'),
    (701, 'Pryce Waterford LLP', NULL, 'US', '1998-07-01', 'ACTIVE'),
    (702, 'Delacroix Audit Associés', NULL, 'FR', '1961-02-02', 'ACTIVE'),
    (801, 'Bluewater Global Equity Fund', '549300BGE9U1V3W5X873', 'US', '1992-01-02', 'ACTIVE'),
    (802, 'Bluewater Dividend Income Fund', '549300BDI0Y2Z4A6B991', 'US', '2003-04-01', 'ACTIVE'),
    (803, 'Granite Peak Technology ETF', '549300GPT1C3D5E7F019', 'US', '2015-08-17', 'ACTIVE'),
    (804, 'Evergreen Multi-Strategy Partners LP', '213800EMS2G4H6J8K137', 'KY', '2010-12-01', 'ACTIVE'),
    (805, 'Evergreen European Leaders Fund', '222100EEL3L5M7N9P255', 'LU', '2001-03-30', 'ACTIVE'),
    (806, 'Bluewater Europe Equity ETF', '635400BWE4Q6R8S0T373', 'IE', '2018-10-22', 'ACTIVE'),
    (850, 'Rostov Metals Trading LLC', NULL, 'RU', '2003-05-05', 'SANCTIONED');
INSERT INTO finance.legal_entity_hist VALUES
    (101, '1998-04-02', '2011-06-30', 'Northwind Systems Inc.', NULL, 'ACTIVE'),
    (101, '2011-07-01', NULL, 'Northwind Technologies Inc.', '549300NWT8K2LQ4R7X11', 'ACTIVE'),
    (106, '2014-01-10', '2024-06-28', 'Voltaic Cell Technologies Inc.', '549300VLT9X3Y5Z7A226', 'ACTIVE');
INSERT INTO finance.natural_person VALUES
    (901, 'Elena', 'Vasquez', 1971, 'US'), (902, 'Marcus', 'Webb', 1975, 'US'), (903, 'Daniel', 'Ortiz', 1973, 'US'),
    (904, 'David', 'Chen', 1958, 'US'), (905, 'Priya', 'Raman', 1969, 'GB'), (906, 'Thomas', 'Okafor', 1964, 'US'),
    (907, 'Sophie', 'Laurent', 1970, 'FR'), (908, 'Antoine', 'Girard', 1961, 'FR'), (909, 'Claire', 'Dubois', 1978, 'FR'),
    (910, 'Jonas', 'Keller', 1966, 'DE'), (911, 'Hannah', 'Schmidt', 1957, 'DE'), (912, 'Rachel', 'Goldberg', 1982, 'US'),
    (913, 'Kenji', 'Tanaka', 1980, 'JP'), (914, 'Lucas', 'Moreau', 1986, 'FR'), (915, 'Amara', 'Nwosu', 1963, 'GB');
INSERT INTO finance.organization (agent_id, organization_form, website_url, employee_count, founded_year)
SELECT agent_id, CASE WHEN agent_id BETWEEN 300 AND 399 OR agent_id IN (203, 204) THEN 'public body'
                      WHEN agent_id BETWEEN 700 AND 799 THEN 'partnership' ELSE 'corporation' END,
       NULL, NULL, extract(year FROM incorporation_date)
FROM finance.legal_entity WHERE agent_id < 800 OR agent_id = 850;
UPDATE finance.organization SET employee_count = v.n, website_url = v.url
FROM (VALUES (101, 88400, 'https://www.northwind.example'), (102, 41200, 'https://www.helixpharma.example'),
             (103, 17300, 'https://www.atlasenergy.example'), (104, 96100, 'https://www.meridian.example'),
             (105, 214000, 'https://www.kestrel.example'), (109, 2100, 'https://www.cobalt.example')) AS v(id, n, url)
WHERE organization.agent_id = v.id;
INSERT INTO finance.company (agent_id, fiscal_year_end_month, is_listed, cik) VALUES
    (101, 12, true, '0001098765'), (102, 12, true, NULL), (103, 12, true, '0000034567'), (104, 1, true, NULL),
    (105, 12, true, NULL), (106, 12, false, NULL), (107, 3, false, NULL), (108, 12, false, '0000078123'),
    (109, 12, true, '0001765432'), (110, 12, false, NULL), (111, 12, false, NULL), (120, 12, true, '0001571949'),
    (121, 12, true, '0001120193'), (122, 12, true, NULL), (123, 12, true, NULL), (124, 12, true, NULL),
    (201, 12, true, '0000045678'), (202, 12, false, NULL), (401, 12, false, NULL), (402, 12, false, NULL),
    (403, 12, false, NULL), (501, 12, false, NULL), (502, 12, false, NULL), (503, 3, false, NULL),
    (601, 12, false, NULL), (602, 12, false, NULL), (850, 12, false, NULL);
INSERT INTO finance.bank VALUES
    (201, 'FHBKUS33', 'national bank', 13.40), (202, 'BQLMFRPP', 'credit institution', 14.10);
INSERT INTO finance.central_bank VALUES (203, 'USD', 4.50), (204, 'EUR', 3.15);
INSERT INTO finance.government_agency VALUES
    (301, 'federal'), (302, 'national'), (303, 'federal'), (304, 'federal'), (305, 'federal'), (306, 'municipal');
INSERT INTO finance.regulatory_agency VALUES (301, 'securities'), (302, 'financial services');
INSERT INTO finance.rating_agency VALUES (401, true), (402, true), (403, true);
INSERT INTO finance.investment_manager VALUES
    (501, '801-12345', 412000000000), (502, '801-67890', 38500000000), (503, NULL, 96000000000);
INSERT INTO finance.broker_dealer VALUES (601, '7059'), (602, '361');
INSERT INTO finance.audit_firm VALUES (701, '238'), (702, NULL);
INSERT INTO finance.collective_investment_vehicle VALUES
    (801, 'US', '1992-01-02', 'open-end investment company', 28400000000),
    (802, 'US', '2003-04-01', 'open-end investment company', 9100000000),
    (803, 'US', '2015-08-17', 'exchange-traded fund', 4300000000),
    (804, 'KY', '2010-12-01', 'limited partnership', 2750000000),
    (805, 'LU', '2001-03-30', 'SICAV', 3600000000),
    (806, 'IE', '2018-10-22', 'ICAV', 1200000000);
INSERT INTO finance.mutual_fund VALUES (801, true, 'daily'), (802, true, 'daily'), (805, true, 'daily');
INSERT INTO finance.exchange_traded_fund VALUES (803, true, 50000), (806, true, 100000);
INSERT INTO finance.hedge_fund VALUES (804, 'multi-strategy', 1.50, 20.00);
INSERT INTO finance.has_address VALUES
    (101, 1, 'headquarters'), (102, 2, 'registered office'), (103, 3, 'headquarters'), (104, 4, 'registered office'),
    (105, 5, 'registered office'), (501, 6, 'headquarters');
INSERT INTO finance.is_subsidiary_of VALUES
    (106, 105, 100), (107, 101, 100), (108, 103, 100);
INSERT INTO finance.is_classified_as VALUES
    (101, '451030', true), (101, '511210', false), (102, '352020', true), (103, '101020', true),
    (104, '255030', true), (105, '251020', true), (106, '251020', true), (107, '451030', true),
    (109, '451030', true), (109, '511210', false), (201, '401010', true), (202, '401010', true),
    (501, '402030', true), (502, '402030', true);

INSERT INTO finance.exchange VALUES
    (1, 'XNYS', 'New York Stock Exchange', 'New York', 'US', 120, 'America/New_York'),
    (2, 'XNAS', 'Nasdaq Stock Market', 'New York', 'US', 121, 'America/New_York'),
    (3, 'XETR', 'Xetra', 'Frankfurt', 'DE', 122, 'Europe/Berlin'),
    (4, 'XLON', 'London Stock Exchange', 'London', 'GB', 123, 'Europe/London'),
    (5, 'XPAR', 'Euronext Paris', 'Paris', 'FR', 124, 'Europe/Paris'),
    (6, 'XFRA', 'Börse Frankfurt', 'Frankfurt', 'DE', 122, 'Europe/Berlin');
INSERT INTO finance.tradingcalendar VALUES
    (1, '2024-03-28', true, NULL), (1, '2024-03-29', false, 'Good Friday'), (1, '2024-12-24', true, 'early close 13:00'),
    (1, '2024-12-25', false, 'Christmas Day'), (1, '2024-12-31', true, NULL),
    (3, '2024-12-24', false, 'Christmas Eve'), (3, '2024-12-30', true, NULL), (3, '2024-12-31', false, 'New Year''s Eve');
INSERT INTO finance.publicly_traded_company VALUES
    (101, '2004-06-15', 2, 88.50), (102, '1996-03-01', 4, 97.20), (103, '1988-01-04', 1, 99.00),
    (104, '1999-11-08', 5, 61.00), (105, '2007-05-21', 3, 45.30), (109, '2019-10-10', 2, 72.00),
    (201, '1985-04-02', 1, 95.00);
INSERT INTO finance.benchmark_rate VALUES
    (1, 'SOFR', 'USD', 'ON', 203), (2, 'EURIBOR 3M', 'EUR', '3M', NULL), (3, 'SONIA', 'GBP', 'ON', NULL);
INSERT INTO finance.benchmark_rate_fixing VALUES
    (1, '2024-06-28', 5.33000), (1, '2024-09-30', 4.96000), (1, '2024-12-31', 4.49000),
    (2, '2024-06-28', 3.71100), (2, '2024-12-31', 2.71400), (3, '2024-12-31', 4.70040);
INSERT INTO finance."FXRATE" VALUES
    ('USD', 'EUR', '2024-12-30', 0.95930000, 'WMR'), ('USD', 'GBP', '2024-12-30', 0.79710000, 'WMR'),
    ('USD', 'JPY', '2024-12-30', 157.45000000, 'WMR'), ('USD', 'CHF', '2024-12-30', 0.90480000, 'WMR'),
    ('USD', 'EUR', '2024-12-31', 0.96260000, 'WMR'), ('USD', 'GBP', '2024-12-31', 0.79850000, 'WMR'),
    ('USD', 'JPY', '2024-12-31', 157.20000000, 'WMR'), ('USD', 'CHF', '2024-12-31', 0.90640000, 'WMR'),
    ('EUR', 'USD', '2024-12-31', 1.03890000, 'WMR'), ('GBP', 'USD', '2024-12-31', 1.25230000, 'WMR');
INSERT INTO finance.economic_indicator VALUES
    ('US_CPI_YOY', 'US consumer prices, change over a year', 'US', 'monthly', 'percent'),
    ('DE_GDP_QOQ', 'German real GDP, change over a quarter', 'DE', 'quarterly', 'percent'),
    ('US_UNRATE', 'US unemployment rate', 'US', 'monthly', 'percent');
INSERT INTO finance.economic_indicator_observation VALUES
    ('US_CPI_YOY', '2024-11-30', 2.7000), ('US_CPI_YOY', '2024-12-31', 2.9000),
    ('DE_GDP_QOQ', '2024-09-30', 0.1000), ('US_UNRATE', '2024-12-31', 4.1000);

INSERT INTO finance.financial_instrument VALUES
    (1001, 'EQ', 'Northwind Technologies Inc. Common Stock', 'USD', '2004-06-15', true),
    (1002, 'EQ', 'Helix Pharmaceuticals plc Ordinary Shares', 'GBP', '1996-03-01', true),
    (1003, 'EQ', 'Atlas Energy Corporation Common Stock', 'USD', '1988-01-04', true),
    (1004, 'EQ', 'Meridian Retail Group SA Ordinary Shares', 'EUR', '1999-11-08', true),
    (1005, 'EQ', 'Kestrel Motors AG Ordinary Shares', 'EUR', '2007-05-21', true),
    (1006, 'EQ', 'First Harbor Bank N.A. Common Stock', 'USD', '1985-04-02', true),
    (1007, 'EQ', 'Cobalt Analytics Corp. Class A Common Stock', 'USD', '2019-10-10', true),
    (1008, 'EQ', 'Atlas Midstream Partners Common Units', 'USD', '2024-11-01', true),
    (1011, 'PREF', 'Atlas Energy Corporation 6.50% Series A Cumulative Preferred', 'USD', '2019-05-01', true),
    (1021, 'ADR', 'Helix Pharmaceuticals plc American Depositary Shares', 'USD', '2001-09-10', true),
    (1101, 'BOND', 'Northwind Technologies 4.25% Senior Notes due 2030', 'USD', '2020-06-15', true),
    (1102, 'BOND', 'Atlas Energy 5.75% Senior Notes due 2032', 'USD', '2024-02-12', true),
    (1103, 'BOND', 'Kestrel Motors 3.125% Notes due 2029', 'EUR', '2024-04-09', true),
    (1104, 'BOND', 'Northwind Technologies 0.50% Convertible Senior Notes due 2028', 'USD', '2024-09-17', true),
    (1105, 'BOND', 'First Harbor Bank 5.40% Senior Notes due 2027', 'USD', '2024-11-05', true),
    (1201, 'BOND', 'United States Treasury Note 4.000% 15 Feb 2034', 'USD', '2024-02-15', true),
    (1202, 'BOND', 'Bundesrepublik Deutschland 2.50% Bund 2033', 'EUR', '2023-06-20', true),
    (1301, 'BOND', 'City of Springfield General Obligation 5.25% 2040', 'USD', '2020-08-01', true),
    (1401, 'CP', 'Meridian Retail Group Commercial Paper 14 Mar 2025', 'EUR', '2024-12-13', true),
    (1501, 'LOAN', 'Kestrel Motors Term Loan B 2030', 'EUR', '2023-10-02', true),
    (1601, 'FUND', 'Bluewater Global Equity Fund Class A', 'USD', '1992-01-02', true),
    (1602, 'FUND', 'Bluewater Global Equity Fund Institutional Class', 'USD', '1997-05-01', true),
    (1603, 'FUND', 'Bluewater Global Equity Fund Class R6', 'USD', '2016-03-01', true),
    (1604, 'FUND', 'Bluewater Dividend Income Fund Class A', 'USD', '2003-04-01', true),
    (1605, 'FUND', 'Granite Peak Technology ETF', 'USD', '2015-08-17', true),
    (1606, 'FUND', 'Bluewater Europe Equity ETF', 'EUR', '2018-10-22', true),
    (1607, 'FUND', 'Evergreen European Leaders Fund Class I', 'EUR', '2001-03-30', true),
    (1701, 'OPT', 'NWT 19 Dec 2025 200 Call', 'USD', '2024-01-22', true),
    (1702, 'OPT', 'ATLE 20 Jun 2025 60 Put', 'USD', '2024-06-24', true),
    (1801, 'FUT', 'US Technology Select Index Future Mar 2025', 'USD', '2024-06-21', true),
    (1901, 'SWP', 'Kestrel Term Loan B Interest Rate Swap', 'EUR', '2023-10-02', true);
INSERT INTO finance.security VALUES
    (1001, 'US6651001001', '665100100', NULL, '2004-06-15', 'US'), (1002, 'GB00HLX00002', NULL, 'HLX0002', '1996-03-01', 'GB'),
    (1003, 'US0493001007', '049300100', NULL, '1988-01-04', 'US'), (1004, 'FR0000MRD004', NULL, NULL, '1999-11-08', 'FR'),
    (1005, 'DE000KST0005', NULL, NULL, '2007-05-21', 'DE'), (1006, 'US3201001006', '320100100', NULL, '1985-04-02', 'US'),
    (1007, 'US1910011007', '191001100', NULL, '2019-10-10', 'US'), (1008, 'US0493101008', '049310100', NULL, '2024-11-01', 'US'),
    (1011, 'US0493002013', '049300201', NULL, '2019-05-01', 'US'), (1021, 'US42330A1025', '42330A102', NULL, '2001-09-10', 'US'),
    (1101, 'US665100AA19', '665100AA1', NULL, '2020-06-15', 'US'), (1102, 'US049300AB21', '049300AB2', NULL, '2024-02-12', 'US'),
    (1103, 'XS2790001103', NULL, NULL, '2024-04-09', 'DE'), (1104, 'US665100AC74', '665100AC7', NULL, '2024-09-17', 'US'),
    (1105, 'US320100AD58', '320100AD5', NULL, '2024-11-05', 'US'), (1201, 'US91282CJZ59', '91282CJZ5', NULL, '2024-02-15', 'US'),
    (1202, 'DE000BU2Z007', NULL, NULL, '2023-06-20', 'DE'), (1301, 'US849001AA09', '849001AA0', NULL, '2020-08-01', 'US'),
    (1401, 'FR0128001401', NULL, NULL, '2024-12-13', 'FR'), (1501, NULL, NULL, NULL, '2023-10-02', 'DE'),
    (1601, 'US0960011601', '096001160', NULL, '1992-01-02', 'US'), (1602, 'US0960011602', '096001161', NULL, '1997-05-01', 'US'),
    (1603, 'US0960011603', '096001162', NULL, '2016-03-01', 'US'), (1604, 'US0960021604', '096002160', NULL, '2003-04-01', 'US'),
    (1605, 'US38740L1605', '38740L160', NULL, '2015-08-17', 'US'), (1606, 'IE00BWE01606', NULL, NULL, '2018-10-22', 'IE'),
    (1607, 'LU0001607001', NULL, NULL, '2001-03-30', 'LU');
INSERT INTO finance.has_issuer VALUES
    (1001, 101, 'issuer'), (1002, 102, 'issuer'), (1003, 103, 'issuer'), (1004, 104, 'issuer'), (1005, 105, 'issuer'),
    (1006, 201, 'issuer'), (1007, 109, 'issuer'), (1011, 103, 'issuer'), (1021, 102, 'issuer'),
    (1101, 101, 'issuer'), (1102, 103, 'issuer'), (1103, 105, 'issuer'), (1103, 106, 'guarantor'), (1104, 101, 'issuer'),
    (1105, 201, 'issuer'), (1201, 303, 'issuer'), (1202, 304, 'issuer'), (1301, 306, 'issuer'), (1401, 104, 'issuer'),
    (1501, 105, 'borrower'), (1601, 801, 'issuer'), (1602, 801, 'issuer'), (1603, 801, 'issuer'), (1604, 802, 'issuer'),
    (1605, 803, 'issuer'), (1606, 806, 'issuer'), (1607, 805, 'issuer');
INSERT INTO finance.equity VALUES
    (1001, 'common', 1, 0.0001), (1002, 'ordinary', 1, 0.25), (1003, 'common', 1, 1), (1004, 'ordinary', 1, 2),
    (1005, 'ordinary', 1, NULL), (1006, 'common', 1, 1), (1007, 'Class A', 1, 0.001), (1008, 'common units', 1, NULL),
    (1011, 'Series A preferred', 0, 25), (1021, 'ADS', 1, NULL);
INSERT INTO finance.common_stock VALUES
    (1001, 4960000000, '2024-12-31'), (1002, 1530000000, '2024-12-31'), (1003, 412000000, '2024-12-31'),
    (1004, 518000000, '2024-12-31'), (1005, 1045000000, '2024-12-31'), (1006, 301000000, '2024-12-31'),
    (1007, 88000000, '2024-12-31'), (1008, 103000000, '2024-12-31');
INSERT INTO finance.preferred_stock VALUES (1011, 6.500, true, 25.00);
INSERT INTO finance.depositary_receipt VALUES (1021, 1002, 0.5000, 201);
INSERT INTO finance.debt_instrument VALUES
    (1101, 1500000000, '2030-06-15', 4.2500, 2, '30/360', 'senior unsecured'),
    (1102, 600000000, '2032-02-15', 5.7500, 2, '30/360', 'senior unsecured'),
    (1103, 750000000, '2029-04-09', 3.1250, 1, 'ACT/ACT', 'senior unsecured'),
    (1104, 1000000000, '2028-09-15', 0.5000, 2, '30/360', 'senior unsecured'),
    (1105, 800000000, '2027-11-05', 5.4000, 2, '30/360', 'senior unsecured'),
    (1201, 42000000000, '2034-02-15', 4.0000, 2, 'ACT/ACT', 'sovereign'),
    (1202, 20000000000, '2033-08-15', 2.5000, 1, 'ACT/ACT', 'sovereign'),
    (1301, 250000000, '2040-08-01', 5.2500, 2, '30/360', 'general obligation'),
    (1401, 300000000, '2025-03-14', NULL, NULL, 'ACT/360', 'senior unsecured'),
    (1501, 2000000000, '2030-10-02', 7.0400, 4, 'ACT/360', 'senior secured');
INSERT INTO finance.bond VALUES
    (1101, true, 'registered'), (1102, true, 'registered'), (1103, false, 'bearer'), (1104, false, 'registered'),
    (1105, false, 'registered'), (1201, false, 'book-entry'), (1202, false, 'book-entry'), (1301, true, 'registered');
INSERT INTO finance.corporate_bond VALUES
    (1101, false, 'investment grade'), (1102, false, 'high yield'), (1103, false, 'investment grade'),
    (1104, false, NULL), (1105, false, 'investment grade');
INSERT INTO finance.convertible_bond VALUES (1104, 1001, 4.100000, 243.9000);
INSERT INTO finance.government_bond VALUES (1201, 'US', false), (1202, 'DE', false);
INSERT INTO finance.municipal_bond VALUES (1301, 'IL', true, 'general obligation');
INSERT INTO finance.commercial_paper VALUES (1401, 2.9500, 91);
INSERT INTO finance.syndicated_loan VALUES (1501, 105, 202, 325, 2);
INSERT INTO finance.fund_share_class VALUES
    (1601, 801, 'Class A', 1.050, 1000, 'distributing'), (1602, 801, 'Institutional', 0.680, 1000000, 'distributing'),
    (1603, 801, 'Class R6', 0.550, 0, 'distributing'), (1604, 802, 'Class A', 0.890, 1000, 'distributing'),
    (1605, 803, 'ETF', 0.350, NULL, 'distributing'), (1606, 806, 'ETF', 0.200, NULL, 'accumulating'),
    (1607, 805, 'Class I', 0.750, 1000000, 'accumulating');
INSERT INTO finance.derivative VALUES
    (1701, 1001, 100, '2025-12-19', NULL), (1702, 1003, 100, '2025-06-20', NULL),
    (1801, NULL, 50, '2025-03-21', NULL), (1901, 1501, 1, '2030-10-02', NULL);
INSERT INTO finance.option_contract VALUES (1701, 'C', 200, 'American'), (1702, 'P', 60, 'American');
INSERT INTO finance.futures_contract VALUES (1801, 'cash', 0.250000);
INSERT INTO finance.swap_contract VALUES (1901, 2.8500, 2, 500000000);
INSERT INTO finance.instrument_identifier VALUES
    (1001, 'FIGI', 'BBG000NWT0A1'), (1001, 'RIC', 'NWT.OQ'), (1001, 'BBGTKR', 'NWT US Equity'),
    (1005, 'RIC', 'KSTR.DE'), (1005, 'WKN', '766403'), (1002, 'RIC', 'HLX.L'), (1102, 'FIGI', 'BBG01ATL5750');
INSERT INTO finance."CUSIPXREF" VALUES
    ('665100100', 'US6651001001', 1001, '2019-02-01'), ('049300100', 'US0493001007', 1003, '2019-02-01'),
    ('320100100', 'US3201001006', 1006, '2019-02-01');
INSERT INTO finance."SECMASTER_HIST" VALUES
    (1001, '2004-06-15', '2011-06-30', 'Northwind Systems Inc. Common Stock', 'EQ', 'US6651001001'),
    (1001, '2011-07-01', NULL, 'Northwind Technologies Inc. Common Stock', 'EQ', 'US6651001001');
INSERT INTO finance.coupon_schedule VALUES
    (1101, '2024-06-15', 2.125000), (1101, '2024-12-15', 2.125000), (1101, '2025-06-15', 2.125000),
    (1102, '2024-08-15', 2.875000), (1102, '2025-02-15', 2.875000), (1103, '2025-04-09', 3.125000);
INSERT INTO finance.call_schedule VALUES
    (1102, '2027-02-15', 102.8750), (1102, '2029-02-15', 100.0000), (1101, '2030-03-15', 100.0000);
INSERT INTO finance.is_underwritten_by VALUES
    (1101, 201, 'lead manager', 600000000), (1101, 202, 'co-manager', 300000000),
    (1102, 201, 'lead manager', 400000000), (1102, 202, 'co-manager', 200000000),
    (1103, 202, 'lead manager', 450000000), (1103, 201, 'co-manager', 300000000),
    (1104, 201, 'lead manager', 1000000000), (1105, 202, 'lead manager', 800000000);

INSERT INTO finance.listing VALUES
    (1, 1001, 2, 'NWT', 'USD', '2004-06-15', NULL, true), (2, 1002, 4, 'HLX', 'GBP', '1996-03-01', NULL, true),
    (3, 1003, 1, 'ATLE', 'USD', '1988-01-04', NULL, true), (4, 1004, 5, 'MRDN', 'EUR', '1999-11-08', NULL, true),
    (5, 1005, 3, 'KSTR', 'EUR', '2007-05-21', NULL, true), (6, 1006, 1, 'FHBK', 'USD', '1985-04-02', NULL, true),
    (7, 1007, 2, 'CBLT', 'USD', '2019-10-10', NULL, true), (8, 1021, 1, 'HLXPY', 'USD', '2001-09-10', NULL, true),
    (9, 1005, 6, 'KSTR', 'EUR', '2007-05-21', NULL, false), (10, 1004, 3, 'MRD', 'EUR', '2012-01-16', NULL, false),
    (11, 1011, 1, 'ATLE PRA', 'USD', '2019-05-01', NULL, true), (12, 1605, 1, 'GPTX', 'USD', '2015-08-17', NULL, true),
    (13, 1606, 3, 'BWEU', 'EUR', '2018-10-22', NULL, true), (14, 1008, 1, 'ATMP', 'USD', '2024-11-01', NULL, true);
INSERT INTO finance.daily_price VALUES
    (1, '2024-12-30', 61.10, 61.95, 60.40, 61.52, 61.52, 31200000), (1, '2024-12-31', 61.60, 62.05, 60.88, 61.07, 61.07, 27800000),
    (2, '2024-12-30', 12.31, 12.44, 12.20, 12.36, 12.36, 4100000), (2, '2024-12-31', 12.36, 12.41, 12.29, 12.33, 12.33, 1900000),
    (3, '2024-12-30', 53.80, 54.20, 53.10, 53.64, 53.64, 6300000), (3, '2024-12-31', 53.70, 54.35, 53.52, 54.11, 54.11, 5100000),
    (4, '2024-12-30', 21.48, 21.70, 21.31, 21.55, 21.55, 2200000), (4, '2024-12-31', 21.55, 21.62, 21.40, 21.44, 21.44, 800000),
    (5, '2024-12-27', 96.10, 97.30, 95.80, 96.92, 96.92, 1500000), (5, '2024-12-30', 96.92, 97.48, 95.64, 95.86, 95.86, 1350000),
    (6, '2024-12-31', 72.15, 72.90, 71.80, 72.44, 72.44, 3300000), (7, '2024-12-31', 34.10, 34.88, 33.95, 34.62, 34.62, 900000),
    (8, '2024-12-31', 30.55, 30.81, 30.40, 30.70, 30.70, 350000),
    (9, '2024-12-27', 96.05, 97.20, 95.90, 96.80, 96.80, 42000), (9, '2024-12-30', 96.80, 97.40, 95.70, 95.90, 95.90, 38000),
    (10, '2024-12-30', 21.40, 21.66, 21.30, 21.52, 21.52, 61000),
    (12, '2024-12-31', 88.20, 88.95, 87.70, 88.61, 88.61, 740000),
    (13, '2024-12-27', 47.95, 48.40, 47.80, 48.22, 48.22, 120000), (13, '2024-12-30', 48.22, 48.51, 47.90, 48.05, 48.05, 98000),
    (14, '2024-12-31', 24.10, 24.55, 23.98, 24.37, 24.37, 410000);
INSERT INTO finance.daily_price_archive VALUES
    (3, '2012-12-28', 66.90, 67.40, 66.20, 66.35, 38.12, 5400000), (3, '2012-12-31', 66.40, 68.10, 66.30, 67.92, 39.02, 6900000),
    (1, '2012-12-31', 112.40, 114.10, 112.00, 113.75, 7.11, 4100000), (5, '2012-12-28', 58.10, 58.90, 57.60, 58.44, 41.30, 1900000);
INSERT INTO finance.intraday_quote VALUES
    (1, 1, '2025-01-02 14:30:01+00', 61.05, 61.08, 1200, 900), (2, 1, '2025-01-02 20:59:58+00', 62.31, 62.33, 3400, 2800),
    (3, 2, '2025-01-02 16:29:59+00', 12.40, 12.41, 15000, 22000), (4, 3, '2025-01-02 20:59:59+00', 54.79, 54.81, 800, 1100);
INSERT INTO finance.trade_execution VALUES
    (1, 1, '2025-01-02 14:30:02+00', 61.07, 500, 601, 602, '@'),
    (2, 1, '2025-01-02 15:12:45+00', 61.60, 1200, 602, 601, '@'),
    (3, 1, '2025-01-02 18:03:10+00', 62.05, 300, 601, 601, '@'),
    (4, 1, '2025-01-02 20:59:59+00', 62.32, 2000, 602, 601, '6'),
    (5, 1, '2025-01-03 14:30:05+00', 62.40, 700, 601, 602, '@'),
    (6, 3, '2025-01-02 14:31:00+00', 54.15, 400, 602, 602, '@'),
    (7, 2, '2025-01-02 09:00:12+00', 12.35, 5000, NULL, NULL, NULL);
INSERT INTO finance.market_index VALUES
    (1, 'Global Large Cap Index', 110, 'USD', '1994-12-30', 1000, 'free-float market cap'),
    (2, 'US Technology Select Index', 110, 'USD', '1998-12-31', 1000, 'capped market cap'),
    (3, 'Euro Blue Chip 50', 110, 'EUR', '1991-12-31', 1000, 'free-float market cap');
INSERT INTO finance.indexconstituent VALUES
    (1, 1001, '2024-12-23', 4.1200), (1, 1002, '2024-12-23', 0.8100), (1, 1003, '2024-12-23', 0.4400),
    (1, 1005, '2024-12-23', 0.3900), (2, 1001, '2024-12-23', 12.4000), (2, 1007, '2024-12-23', 1.0500),
    (3, 1004, '2024-12-23', 1.9800), (3, 1005, '2024-12-23', 2.7400);
INSERT INTO finance.index_level
SELECT 2, (m + interval '1 month - 1 day')::date, 3900 + 45 * n, 4300 + 52 * n
FROM generate_series(date '2024-01-01', date '2024-12-01', interval '1 month') WITH ORDINALITY AS g(m, n);
INSERT INTO finance.index_level VALUES
    (2, '2024-06-14', 4110.2500, 4562.1000), (2, '2024-12-13', 4395.8000, 4899.4000), (2, '2025-01-31', 4512.0000, 5027.5000),
    (3, '2024-12-30', 4895.9800, 12011.3000), (1, '2024-12-31', 3650.4000, 8102.7700);
INSERT INTO finance.bond_valuation VALUES
    (1201, '2024-12-31', 96.1250, 97.6100, 4.5710, NULL), (1102, '2024-12-31', 101.4500, 103.6200, 5.5240, 112.50),
    (1101, '2024-12-31', 98.2000, 98.4400, 4.6050, 41.00), (1202, '2024-12-30', 101.0600, 102.0300, 2.3550, NULL);

INSERT INTO finance.corporate_action VALUES
    (1, 1002, 'DVCA', '2023-03-01', '2023-03-23', '2023-03-24', 'COMPLETE'),
    (2, 1002, 'DVCA', '2024-02-28', '2024-03-21', '2024-03-22', 'COMPLETE'),
    (3, 1002, 'DVCA', '2024-07-25', '2024-08-08', '2024-08-09', 'COMPLETE'),
    (4, 1021, 'DVCA', '2024-07-25', '2024-08-08', '2024-08-09', 'COMPLETE'),
    (5, 1003, 'DVCA', '2024-10-30', '2024-11-14', '2024-11-14', 'COMPLETE'),
    (6, 1001, 'SPLF', '2024-05-22', '2024-06-10', '2024-06-07', 'COMPLETE'),
    (7, NULL, 'MRGR', '2024-01-18', NULL, NULL, 'COMPLETE'),
    (8, 1001, 'MRGR', '2024-06-03', NULL, NULL, 'COMPLETE'),
    (9, NULL, 'MRGR', '2022-11-07', NULL, NULL, 'COMPLETE'),
    (10, 1003, 'SOFF', '2024-09-12', '2024-11-01', '2024-10-25', 'COMPLETE'),
    (11, 1004, 'RHTS', '2024-03-05', '2024-03-19', '2024-03-20', 'COMPLETE'),
    (12, 1006, 'BIDS', '2024-01-25', NULL, NULL, 'ACTIVE'),
    (13, 1005, 'DVCA', '2024-03-14', '2024-05-09', '2024-05-10', 'COMPLETE'),
    (14, 1003, 'DVCA', '2024-07-31', '2024-08-15', '2024-08-15', 'COMPLETE');
INSERT INTO finance.cash_dividend VALUES
    (1, 0.290000, 'GBP', '2023-05-11', false, 'semi-annual'), (2, 0.310000, 'GBP', '2024-05-09', false, 'semi-annual'),
    (3, 0.220000, 'GBP', '2024-09-12', false, 'semi-annual'), (4, 0.109500, 'USD', '2024-09-19', false, 'semi-annual'),
    (5, 0.950000, 'USD', '2024-12-02', false, 'quarterly'), (13, 4.800000, 'EUR', '2024-05-15', false, 'annual'),
    (14, 0.950000, 'USD', '2024-09-03', false, 'quarterly');
INSERT INTO finance.stock_split VALUES (6, 1, 4);
INSERT INTO finance.merger_acquisition VALUES
    (7, 105, 106, 1200000000, 'USD', 'cash', '2024-06-28'),
    (8, 101, 107, 850000000, 'GBP', 'cash and stock', '2024-10-01'),
    (9, 103, 108, 2400000000, 'USD', 'stock', '2023-03-15');
INSERT INTO finance.spin_off VALUES (10, 1008, 0.250000);
INSERT INTO finance.rights_issue VALUES (11, 18.5000, 0.125000);
INSERT INTO finance.share_buyback VALUES (12, 2000000000, 'USD', '2025-12-31');
INSERT INTO finance.corpaction_archive VALUES
    (90001, 1003, 'DVCA', '2012-10-30', '2012-11-13', 'USD 0.62 per share', '2016-01-04 02:00:00+00'),
    (90002, 1001, 'SPLF', '2011-04-20', '2011-05-16', '2 for 1', '2016-01-04 02:00:00+00');

INSERT INTO finance.credit_rating VALUES
    (1, 401, 1, 'BBB+', '2023-05-10', 'Stable', false), (2, 401, 1, 'BBB', '2024-08-22', 'Negative', false),
    (3, 402, 2, 'Baa2', '2024-02-06', 'Stable', false), (4, 403, 1, 'BBB+', '2024-04-18', 'Negative', false),
    (5, 401, 1, 'A-', '2024-03-01', 'Stable', false), (6, 402, 2, 'A3', '2024-03-05', 'Positive', false),
    (7, 401, 1, 'BB+', '2024-02-01', 'Stable', false), (8, 402, 2, 'Ba1', '2024-02-01', 'Stable', false),
    (9, 401, 1, 'AA+', '2023-08-01', 'Stable', false), (10, 403, 1, 'BB+', '2024-06-01', 'Positive', false),
    (11, 401, 1, 'A', '2024-11-05', 'Stable', false), (12, 402, 2, 'A1', '2024-11-05', 'Stable', false);
INSERT INTO finance.issuer_credit_rating VALUES
    (1, 105), (2, 105), (3, 105), (4, 105), (5, 101), (6, 101), (9, 303), (10, 103);
INSERT INTO finance.issue_credit_rating VALUES (7, 1102), (8, 1102), (11, 1105), (12, 1105);
INSERT INTO finance.rating_action VALUES
    (1, 2, '2024-08-22', 'downgrade', 'BBB+'), (2, 4, '2024-04-18', 'outlook change', 'BBB+'),
    (3, 6, '2024-03-05', 'affirmation', 'A3'), (4, 10, '2024-06-01', 'outlook change', 'BB+');
INSERT INTO finance.credit_rating_hist VALUES
    (1, '2023-05-10', '2024-08-22', 'S&P', 'KESTREL MOTORS AG', 'BBB+'),
    (90, '2019-03-01', '2023-05-10', 'S&P', 'KESTREL MOTORS AG', 'A-');

INSERT INTO finance.disclosure VALUES
    (5001, 105, 'AR', '2025-03-14', '2024-12-31', 'https://ir.kestrel.example/ar2024.pdf', NULL),
    (5002, 105, 'QR', '2024-11-05', '2024-09-30', 'https://ir.kestrel.example/q3-2024.pdf', NULL),
    (5003, 105, 'AR', '2024-03-15', '2023-12-31', 'https://ir.kestrel.example/ar2023.pdf', NULL),
    (5004, 101, '10-K', '2025-02-20', '2024-12-31', NULL, '0001098765-25-000012'),
    (5005, 101, 'DEF 14A', '2024-04-19', NULL, NULL, '0001098765-24-000041'),
    (5006, 103, '8-K', '2024-10-30', '2024-09-30', NULL, '0000034567-24-000088'),
    (5007, 102, 'AR', '2025-03-05', '2024-12-31', 'https://www.helixpharma.example/ar2024.pdf', NULL),
    (5008, 501, 'SC 13G', '2024-02-14', '2023-12-31', NULL, '0000912345-24-000777'),
    (5009, 103, '424B', '2024-02-08', NULL, NULL, '0000034567-24-000011'),
    (5010, 105, 'ECT', '2024-11-05', '2024-09-30', NULL, NULL),
    (5011, 101, 'PR', '2024-06-03', NULL, NULL, NULL),
    (5012, 104, 'AR', '2025-04-10', '2025-01-31', NULL, NULL),
    (5013, 101, '10-K', '2024-02-21', '2023-12-31', NULL, '0001098765-24-000009');
INSERT INTO finance.regulatory_filing VALUES
    (5004, 301, '10-K', false), (5005, 301, 'DEF 14A', false), (5006, 301, '8-K', false),
    (5008, 301, 'SC 13G', false), (5009, 301, '424B2', false), (5013, 301, '10-K', false);
INSERT INTO finance.financial_report VALUES
    (5001, 2024, 'FY', 'EUR', 'IFRS', 701, true), (5002, 2024, 'Q3', 'EUR', 'IFRS', NULL, false),
    (5003, 2023, 'FY', 'EUR', 'IFRS', 701, true), (5004, 2024, 'FY', 'USD', 'USGAAP', 701, true),
    (5007, 2024, 'FY', 'GBP', 'UKIFRS', 701, true), (5012, 2024, 'FY', 'EUR', 'IFRS', 702, true),
    (5013, 2023, 'FY', 'USD', 'USGAAP', 701, true);
INSERT INTO finance.income_statement VALUES
    (5001, 48200000000, 38900000000, 9300000000, 4010000000, 2950000000, 2.8230, 2.8100),
    (5002, 11900000000, 9700000000, 2200000000, 840000000, 610000000, 0.5840, 0.5810),
    (5003, 45100000000, 36000000000, 9100000000, 4620000000, 3410000000, 3.2630, 3.2500),
    (5004, 62400000000, 19800000000, 42600000000, 20900000000, 15800000000, 3.1900, 3.1500),
    (5007, 14300000000, 3900000000, 10400000000, 3100000000, 2250000000, 1.4700, 1.4600),
    (5012, 38700000000, 27900000000, 10800000000, 1520000000, 705000000, 1.3600, 1.3500),
    (5013, 55100000000, 18200000000, 36900000000, 17600000000, 13200000000, 2.6800, 2.6400);
INSERT INTO finance.balance_sheet VALUES
    (5001, 121500000000, 86300000000, 35200000000, 18100000000, 41700000000),
    (5003, 116800000000, 81900000000, 34900000000, 19400000000, 38200000000),
    (5004, 98700000000, 41200000000, 57500000000, 24300000000, 16500000000),
    (5007, 41900000000, 24600000000, 17300000000, 5200000000, 11800000000);
INSERT INTO finance.cash_flow_statement VALUES
    (5001, 6100000000, -4200000000, 1900000000, -5020000000),
    (5004, 21800000000, -4700000000, 17100000000, -3900000000);
INSERT INTO finance.segment_report VALUES
    (5001, 'Passenger Cars', 36100000000, 2900000000), (5001, 'Commercial Vehicles', 9400000000, 700000000),
    (5001, 'Financial Services', 2700000000, 410000000),
    (5004, 'Cloud Platforms', 38900000000, 15200000000), (5004, 'Devices', 23500000000, 5700000000);
INSERT INTO finance.reported_fact VALUES
    (1, 5004, 'us-gaap:ResearchAndDevelopmentExpense', 11300000000, 'USD', '2024-01-01', '2024-12-31'),
    (2, 5004, 'dei:EntityNumberOfEmployees', 88400, 'pure', NULL, '2024-12-31'),
    (3, 5004, 'us-gaap:Goodwill', 9800000000, 'USD', NULL, '2024-12-31'),
    (4, 5001, 'ifrs-full:ResearchAndDevelopmentExpense', 3100000000, 'EUR', '2024-01-01', '2024-12-31'),
    (5, 5013, 'us-gaap:ResearchAndDevelopmentExpense', 9900000000, 'USD', '2023-01-01', '2023-12-31');
INSERT INTO finance.proxy_statement VALUES (5005, '2024-06-05', 212, 91.40);
INSERT INTO finance.material_event_filing VALUES (5006, '2.02', 'Results of operations and financial condition, third quarter 2024');
INSERT INTO finance.beneficial_ownership_report VALUES (5008, 501, 1002, 128520000, 8.400);
INSERT INTO finance.prospectus VALUES (5009, 1102, 600000000, 'USD');
INSERT INTO finance.earnings_call_transcript VALUES (5010, '2024-11-05', 'Q3 2024', 9650);
INSERT INTO finance.press_release VALUES (5011, 'Northwind Technologies to acquire Brightpath Software', 'Business Wire');
INSERT INTO finance."FINSTMT_ARCHIVE" VALUES
    ('529900KST6R2T9V1W574', 2012, 'FY', 31200000000, 1840000000, 78500000000, '2016-01-04 02:00:00'),
    ('549300NWT8K2LQ4R7X11', 2012, 'FY', 21400000000, 4100000000, 39800000000, '2016-01-04 02:00:00');

INSERT INTO finance.portfolio VALUES
    (1, 'Bluewater Global Equity Fund', 801, 'USD', '1992-01-02', 'fund'),
    (2, 'Bluewater Dividend Income Fund', 802, 'USD', '2003-04-01', 'fund'),
    (3, 'Granite Peak Technology ETF', 803, 'USD', '2015-08-17', 'fund'),
    (4, 'Evergreen Multi-Strategy Master', 804, 'USD', '2010-12-01', 'fund'),
    (5, 'Evergreen European Leaders', 805, 'EUR', '2001-03-30', 'fund'),
    (6, 'Bluewater Europe Equity ETF', 806, 'EUR', '2018-10-22', 'fund'),
    (7, 'Bluewater seed capital', 501, 'USD', '2015-01-01', 'proprietary');
INSERT INTO finance.holds_position_in VALUES
    (1, 1001, '2024-09-30', 110000, 6490000.00, 5100000.00), (1, 1001, '2024-12-31', 120000, 7328400.00, 5700000.00),
    (1, 1002, '2024-12-31', 300000, 4644000.00, 3900000.00), (1, 1005, '2024-12-31', 45000, 4480000.00, 4100000.00),
    (2, 1001, '2024-12-31', 45000, 2748150.00, 1900000.00), (2, 1003, '2024-12-31', 210000, 11363100.00, 10200000.00),
    (2, 1011, '2024-12-31', 50000, 1230000.00, 1250000.00),
    (3, 1001, '2024-12-31', 300000, 18321000.00, 12500000.00), (3, 1007, '2024-12-31', 150000, 5193000.00, 4400000.00),
    (4, 1102, '2024-12-31', 20000000, 20290000.00, 19950000.00), (4, 1001, '2024-12-31', 25000, 1526750.00, 1490000.00),
    (5, 1004, '2024-12-31', 400000, 8988000.00, 8100000.00), (5, 1005, '2024-12-31', 90000, 8963000.00, 8700000.00),
    (6, 1004, '2024-12-31', 150000, 3232000.00, 3000000.00), (6, 1005, '2024-12-31', 35000, 3355000.00, 3200000.00),
    (7, 1001, '2024-12-31', 5000, 305350.00, 250000.00);
INSERT INTO finance.holds_position_in_hist VALUES
    (1, 1001, '2014-12-31', 64000, 5120000.00), (2, 1003, '2014-12-31', 150000, 9750000.00);
INSERT INTO finance.portfolio_transaction VALUES
    (1, 1, 1001, '2024-11-14', '2024-11-18', 'B', 10000, 58.20, 120.00, 601),
    (2, 2, 1003, '2024-12-05', '2024-12-06', 'B', 20000, 52.95, 240.00, 602),
    (3, 3, 1007, '2024-10-02', '2024-10-03', 'S', 5000, 31.40, 60.00, 601);
INSERT INTO finance.ownership_stake VALUES
    (501, 102, '2024-12-31', 128520000, 8.4000, '13G'), (503, 102, '2024-12-31', 93330000, 6.1000, 'register'),
    (801, 102, '2024-12-31', 48960000, 3.2000, 'N-PORT'), (201, 102, '2024-12-31', 32130000, 2.1000, 'register'),
    (804, 102, '2024-12-31', 22950000, 1.5000, '13F'), (502, 102, '2024-12-31', 18360000, 1.2000, '13F'),
    (501, 102, '2023-12-31', 119340000, 7.8000, '13G'),
    (501, 101, '2024-12-31', 267840000, 5.4000, '13G'), (502, 101, '2024-12-31', 104160000, 2.1000, '13F'),
    (503, 105, '2024-12-31', 31350000, 3.0000, 'register');
INSERT INTO finance.is_managed_by VALUES
    (801, 501, 'investment adviser', '1992-01-02'), (802, 501, 'investment adviser', '2003-04-01'),
    (806, 501, 'investment manager', '2018-10-22'), (803, 502, 'investment adviser', '2015-08-17'),
    (804, 503, 'general partner', '2010-12-01'), (805, 503, 'management company', '2001-03-30');
INSERT INTO finance.is_benchmarked_against VALUES
    (801, 1, true), (802, 1, true), (803, 2, true), (804, 1, false), (805, 3, true), (806, 3, true);
INSERT INTO finance.fund_return VALUES
    (1601, '2024-12-31', -1.8200, 14.3100, 6.0200), (1602, '2024-12-31', -1.7900, 14.7400, 6.4100),
    (1605, '2024-12-31', 0.5100, 27.9200, 9.8800), (1606, '2024-12-31', 1.2200, 8.1400, 4.9000),
    (1607, '2024-12-31', 1.0800, 7.6600, 4.3100);
INSERT INTO finance.fund_flow VALUES
    (801, '2024-12-01', -142000000), (803, '2024-12-01', 310000000), (806, '2024-12-01', 22000000);
INSERT INTO finance.custody_account VALUES
    (1, 1, 201, 'FHB-0042-118', '1992-01-02'), (2, 2, 201, 'FHB-0042-233', '2003-04-01'),
    (3, 5, 202, 'FR7630004000031234567890143', '2001-03-30');

INSERT INTO finance.holds_role_at VALUES
    (901, 101, 1, '2018-01-01', NULL), (902, 101, 2, '2020-04-01', NULL), (903, 101, 3, '2021-07-01', NULL),
    (905, 102, 1, '2022-09-01', NULL), (906, 103, 1, '2015-03-01', NULL), (907, 104, 1, '2019-05-01', NULL),
    (908, 104, 2, '2016-01-04', '2023-08-31'), (909, 104, 2, '2023-09-01', NULL), (909, 104, 4, '2019-02-01', '2023-08-31'),
    (910, 105, 1, '2020-02-01', NULL), (912, 601, 6, '2021-01-04', NULL);
INSERT INTO finance.is_director_of VALUES
    (904, 101, 'Independent Director', true, '2017-05-01', NULL), (901, 101, 'Director', false, '2018-01-01', NULL),
    (911, 105, 'Chair of the Supervisory Board', true, '2019-05-10', NULL), (915, 102, 'Senior Independent Director', true, '2020-06-01', NULL),
    (907, 104, 'Director', false, '2019-05-01', NULL), (908, 104, 'Director', false, '2016-01-04', '2023-08-31');
INSERT INTO finance.research_analyst VALUES
    (912, 601, '101020', 'AN1001'), (913, 602, '451030', 'AN2002'), (914, 601, '101020', 'AN1003');
INSERT INTO finance.analyst_recommendation VALUES
    (1, 912, 1003, '2023-11-02', 'Sell', 48.00, 'USD'), (2, 912, 1003, '2024-03-14', 'Sell', 45.00, 'USD'),
    (3, 913, 1003, '2024-05-20', 'Hold', 58.00, 'USD'), (4, 914, 1003, '2024-09-09', 'Sell', 50.00, 'USD'),
    (5, 913, 1001, '2024-07-01', 'Buy', 230.00, 'USD'), (6, 913, 1007, '2024-08-15', 'Buy', 41.00, 'USD'),
    (7, 914, 1011, '2024-09-09', 'Hold', 25.00, 'USD');
INSERT INTO finance.earnings_estimate VALUES
    (1, 913, 101, 2025, 'EPS', 3.6200, '2025-01-15'), (2, 912, 103, 2025, 'EPS', 3.9000, '2024-12-10'),
    (3, 914, 103, 2025, 'REV', 28400000000, '2024-12-10');
INSERT INTO finance.executive_compensation VALUES
    (901, 101, 2023, 'Chief Executive Officer', 1300000, 2600000, 9100000, 1000000, 200000, 14200000),
    (902, 101, 2023, 'Chief Financial Officer', 850000, 1100000, 3600000, 450000, 100000, 6100000),
    (903, 101, 2023, 'Chief Operating Officer', 800000, 950000, 2900000, 300000, 100000, 5050000),
    (901, 101, 2024, 'Chief Executive Officer', 1350000, 3100000, 11000000, 1200000, 250000, 16900000),
    (902, 101, 2024, 'Chief Financial Officer', 900000, 1250000, 4100000, 500000, 110000, 6860000),
    (906, 103, 2023, 'Chief Executive Officer', 1250000, 1800000, 8200000, 0, 310000, 11560000),
    (907, 104, 2024, 'Directrice générale', 1100000, 900000, 2300000, 0, 80000, 4380000);
INSERT INTO finance.insider_transaction VALUES
    (1, 901, 1001, '2024-02-15', 'S', 50000, 182.4000, 1210000),
    (2, 902, 1001, '2024-03-01', 'S', 12000, 185.1000, 240000),
    (3, 901, 1001, '2024-03-01', 'A', 30000, 0.0000, 1240000),
    (4, 904, 1001, '2024-08-07', 'P', 5000, 44.0600, 61000),
    (5, 901, 1001, '2024-11-12', 'S', 20000, 61.0000, 4940000),
    (6, 902, 1001, '2023-12-01', 'S', 8000, 171.2000, 252000),
    (7, 906, 1003, '2024-05-10', 'P', 10000, 55.2000, 410000),
    (8, 904, 1001, '2024-12-02', 'P', 2000, 59.8000, 63000);

INSERT INTO finance.esg_score VALUES
    (101, 111, '2023-06-30', 68.10, 72.40, 70.20, 70.30, 'A'), (101, 111, '2024-06-30', 73.50, 74.10, 71.80, 73.10, 'AA'),
    (109, 111, '2024-03-31', 61.00, 55.30, 48.90, 55.10, 'BBB'), (103, 111, '2024-05-31', 22.40, 51.20, 60.10, 44.60, 'B'),
    (105, 111, '2024-04-30', 58.70, 66.00, 62.30, 62.30, 'A'), (102, 111, '2024-02-29', 64.00, 70.10, 69.50, 67.80, 'A');
INSERT INTO finance.sanctions_designation VALUES (1, 850, 305, 'RUSSIA-EO14024', '2023-05-19', NULL);
INSERT INTO finance.etl_load_batch VALUES
    (1, 'EDGAR', 'disclosure', '2025-03-15 05:10:00+00', 1320, 'OK'),
    (2, 'VENDOR_EOD', 'daily_price', '2025-01-01 02:00:00+00', 81422, 'OK'),
    (3, 'VENDOR_EOD', 'daily_price', '2025-01-02 02:00:00+00', 0, 'FAILED');
