-- A property-and-casualty and life insurer's policy administration database,
-- after the shape of the public ACORD insurance data model, written here from
-- scratch, not copied: every contract we issue is a policy, and each line we
-- write (private passenger auto, homeowners, renters, condo unit owners,
-- personal umbrella, term and whole life, travel, pet health, boat,
-- motorcycle, flood, landlord dwelling fire, earthquake) has its own table
-- keyed by the policy's key, holding what only that line records
-- (deductibles, limits, the insured dwelling, the sum assured ...). The
-- policy number, holder, agent, dates, status and written premium sit on the
-- policy one table up. Around them: parties and their addresses, agencies
-- and agents, vehicles and drivers on auto policies, dwellings, coverages
-- and endorsements, billing and payments, claims with their payments,
-- adjusters and causes of loss, quotes and underwriters, cancellations,
-- beneficiaries, commissions, and an audit copy of the policy table.
CREATE SCHEMA insure;

CREATE TABLE insure.jurisdiction (
    state_code char(2) PRIMARY KEY,
    state_name varchar(40) NOT NULL,
    region varchar(20) NOT NULL,
    regulator_name varchar(80),
    admitted boolean NOT NULL DEFAULT true
);

CREATE TABLE insure.lob (
    lob_id smallint PRIMARY KEY,
    lob_code varchar(6) NOT NULL UNIQUE,
    lob_name varchar(40) NOT NULL,
    segment varchar(10) NOT NULL,
    annual_statement_line varchar(10)
);

CREATE TABLE insure.party (
    party_id integer PRIMARY KEY,
    party_type varchar(12) NOT NULL,
    first_name varchar(50),
    last_name varchar(50),
    organization_name varchar(120),
    birth_date date,
    gender char(1),
    marital_status varchar(10),
    email varchar(120),
    phone varchar(25),
    tax_id_last4 char(4),
    credit_tier varchar(4),
    customer_since date
);

CREATE TABLE insure.address (
    address_id integer PRIMARY KEY,
    party_id integer REFERENCES insure.party,
    address_type varchar(12) NOT NULL,
    line1 varchar(120) NOT NULL,
    line2 varchar(60),
    city varchar(60) NOT NULL,
    county varchar(60),
    state_code char(2) NOT NULL REFERENCES insure.jurisdiction,
    postal_code varchar(10) NOT NULL,
    latitude numeric(9,6),
    longitude numeric(9,6)
);

CREATE TABLE insure.agency (
    agency_id integer PRIMARY KEY,
    agency_code varchar(10) NOT NULL UNIQUE,
    name varchar(80) NOT NULL,
    agency_type varchar(12) NOT NULL,
    state_code char(2) REFERENCES insure.jurisdiction,
    contracted_on date,
    terminated_on date
);

CREATE TABLE insure.agent (
    agent_id integer PRIMARY KEY,
    agency_id integer NOT NULL REFERENCES insure.agency,
    first_name varchar(50) NOT NULL,
    last_name varchar(50) NOT NULL,
    npn varchar(10) UNIQUE,
    license_state char(2) REFERENCES insure.jurisdiction,
    appointed_on date NOT NULL,
    terminated_on date,
    new_business_commission_pct numeric(5,2),
    renewal_commission_pct numeric(5,2)
);

CREATE TABLE insure.policy (
    policy_id integer PRIMARY KEY,
    policy_number varchar(20) NOT NULL UNIQUE,
    lob_id smallint NOT NULL REFERENCES insure.lob,
    holder_party_id integer NOT NULL REFERENCES insure.party,
    agent_id integer REFERENCES insure.agent,
    rating_state char(2) NOT NULL REFERENCES insure.jurisdiction,
    effective_date date NOT NULL,
    expiry_date date NOT NULL,
    status varchar(12) NOT NULL,
    term_months smallint NOT NULL DEFAULT 12,
    written_premium numeric(12,2) NOT NULL,
    billing_plan varchar(12),
    renewal_of_policy_id integer REFERENCES insure.policy,
    issued_at timestamptz
);

CREATE TABLE insure.vehicle (
    vehicle_id integer PRIMARY KEY,
    vin varchar(17) NOT NULL UNIQUE,
    make varchar(30) NOT NULL,
    model varchar(40) NOT NULL,
    model_year smallint NOT NULL,
    body_type varchar(20),
    symbol smallint,
    annual_mileage integer,
    garaging_address_id integer REFERENCES insure.address,
    anti_theft boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.dwelling (
    dwelling_id integer PRIMARY KEY,
    address_id integer NOT NULL REFERENCES insure.address,
    year_built smallint,
    construction_type varchar(20),
    roof_type varchar(20),
    roof_year smallint,
    square_feet integer,
    stories smallint,
    protection_class smallint,
    distance_to_coast_mi numeric(6,2),
    sprinklered boolean NOT NULL DEFAULT false,
    replacement_cost numeric(12,2)
);

CREATE TABLE insure.auto_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    bi_limit_per_person numeric(10,2) NOT NULL,
    bi_limit_per_accident numeric(10,2) NOT NULL,
    pd_limit numeric(10,2) NOT NULL,
    um_limit numeric(10,2),
    collision_deductible numeric(8,2),
    comprehensive_deductible numeric(8,2),
    rental_reimbursement boolean NOT NULL DEFAULT false,
    multi_car_discount boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.homeowners_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    dwelling_id integer NOT NULL REFERENCES insure.dwelling,
    form_type varchar(6) NOT NULL,
    dwelling_limit numeric(12,2) NOT NULL,
    other_structures_limit numeric(12,2),
    personal_property_limit numeric(12,2),
    loss_of_use_limit numeric(12,2),
    liability_limit numeric(12,2),
    all_peril_deductible numeric(8,2) NOT NULL,
    wind_hail_deductible_pct numeric(4,2)
);

CREATE TABLE insure.renters_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    rented_address_id integer NOT NULL REFERENCES insure.address,
    personal_property_limit numeric(10,2) NOT NULL,
    liability_limit numeric(10,2),
    deductible numeric(8,2) NOT NULL,
    replacement_cost_contents boolean NOT NULL DEFAULT false,
    roommate_count smallint NOT NULL DEFAULT 0
);

CREATE TABLE insure.condo_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    dwelling_id integer NOT NULL REFERENCES insure.dwelling,
    unit_number varchar(10),
    building_improvements_limit numeric(10,2),
    personal_property_limit numeric(10,2) NOT NULL,
    loss_assessment_limit numeric(10,2),
    liability_limit numeric(10,2),
    deductible numeric(8,2) NOT NULL
);

CREATE TABLE insure.umbrella_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    umbrella_limit numeric(12,2) NOT NULL,
    self_insured_retention numeric(8,2) NOT NULL DEFAULT 0,
    underlying_auto_policy_id integer REFERENCES insure.auto_policy,
    underlying_home_policy_id integer REFERENCES insure.homeowners_policy,
    required_underlying_bi numeric(10,2),
    rental_properties smallint NOT NULL DEFAULT 0
);

CREATE TABLE insure.term_life_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    insured_party_id integer NOT NULL REFERENCES insure.party,
    sum_assured numeric(12,2) NOT NULL,
    term_years smallint NOT NULL,
    level_premium boolean NOT NULL DEFAULT true,
    convertible_until date,
    tobacco_user boolean NOT NULL DEFAULT false,
    risk_class varchar(20)
);

CREATE TABLE insure.whole_life_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    insured_party_id integer NOT NULL REFERENCES insure.party,
    sum_assured numeric(12,2) NOT NULL,
    cash_value numeric(12,2) NOT NULL DEFAULT 0,
    loan_balance numeric(12,2) NOT NULL DEFAULT 0,
    dividend_option varchar(20),
    paid_up_age smallint,
    tobacco_user boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.travel_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    destination_country varchar(40) NOT NULL,
    trip_start date NOT NULL,
    trip_end date NOT NULL,
    trip_cost numeric(10,2),
    travellers smallint NOT NULL DEFAULT 1,
    medical_limit numeric(10,2),
    trip_cancellation boolean NOT NULL DEFAULT true
);

CREATE TABLE insure.pet_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    pet_name varchar(40) NOT NULL,
    species varchar(10) NOT NULL,
    breed varchar(40),
    birth_year smallint,
    annual_limit numeric(10,2),
    reimbursement_pct smallint NOT NULL,
    deductible numeric(8,2) NOT NULL,
    wellness_rider boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.boat_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    hull_id varchar(14),
    boat_make varchar(30),
    length_ft numeric(5,1) NOT NULL,
    hull_value numeric(10,2) NOT NULL,
    engine_hp integer,
    navigation_area varchar(30),
    lay_up_months smallint,
    deductible numeric(8,2) NOT NULL
);

CREATE TABLE insure.motorcycle_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    vin varchar(17) NOT NULL,
    make varchar(30) NOT NULL,
    model varchar(40),
    model_year smallint,
    engine_cc integer,
    bi_limit_per_person numeric(10,2),
    collision_deductible numeric(8,2),
    passenger_liability boolean NOT NULL DEFAULT false,
    riding_season_only boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.flood_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    dwelling_id integer NOT NULL REFERENCES insure.dwelling,
    flood_zone varchar(4) NOT NULL,
    building_limit numeric(12,2) NOT NULL,
    contents_limit numeric(12,2),
    deductible numeric(8,2) NOT NULL,
    elevation_certificate boolean NOT NULL DEFAULT false,
    base_flood_elevation_ft numeric(6,1),
    waiting_period_days smallint NOT NULL DEFAULT 30
);

CREATE TABLE insure.landlord_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    dwelling_id integer NOT NULL REFERENCES insure.dwelling,
    rental_units smallint NOT NULL DEFAULT 1,
    dwelling_limit numeric(12,2) NOT NULL,
    fair_rental_value_limit numeric(10,2),
    premises_liability_limit numeric(10,2),
    vacant boolean NOT NULL DEFAULT false,
    deductible numeric(8,2) NOT NULL
);

CREATE TABLE insure.earthquake_policy (
    policy_id integer PRIMARY KEY REFERENCES insure.policy,
    dwelling_id integer NOT NULL REFERENCES insure.dwelling,
    dwelling_limit numeric(12,2) NOT NULL,
    contents_limit numeric(12,2),
    deductible_pct numeric(4,2) NOT NULL,
    retrofitted boolean NOT NULL DEFAULT false,
    soil_type varchar(12)
);

CREATE TABLE insure.covered_vehicle (
    policy_id integer NOT NULL REFERENCES insure.auto_policy,
    vehicle_id integer NOT NULL REFERENCES insure.vehicle,
    vehicle_use varchar(12) NOT NULL,
    principal_driver_party_id integer REFERENCES insure.party,
    lienholder_name varchar(80),
    added_on date NOT NULL,
    removed_on date,
    PRIMARY KEY (policy_id, vehicle_id)
);

CREATE TABLE insure.listed_driver (
    policy_id integer NOT NULL REFERENCES insure.auto_policy,
    party_id integer NOT NULL REFERENCES insure.party,
    relationship_to_holder varchar(12) NOT NULL,
    license_number varchar(20),
    license_state char(2) REFERENCES insure.jurisdiction,
    first_licensed_on date,
    excluded boolean NOT NULL DEFAULT false,
    good_student boolean NOT NULL DEFAULT false,
    violation_points smallint NOT NULL DEFAULT 0,
    PRIMARY KEY (policy_id, party_id)
);

CREATE TABLE insure.coverage_type (
    coverage_id smallint PRIMARY KEY,
    coverage_code varchar(8) NOT NULL UNIQUE,
    description varchar(60) NOT NULL,
    lob_id smallint NOT NULL REFERENCES insure.lob,
    first_party boolean NOT NULL
);

CREATE TABLE insure.policy_coverage (
    policy_id integer NOT NULL REFERENCES insure.policy,
    coverage_id smallint NOT NULL REFERENCES insure.coverage_type,
    limit_amount numeric(12,2),
    deductible_amount numeric(10,2),
    premium numeric(10,2) NOT NULL,
    PRIMARY KEY (policy_id, coverage_id)
);

CREATE TABLE insure.endorsement (
    endorsement_id integer PRIMARY KEY,
    policy_id integer NOT NULL REFERENCES insure.policy,
    form_number varchar(16) NOT NULL,
    description varchar(120) NOT NULL,
    effective_date date NOT NULL,
    premium_change numeric(10,2) NOT NULL DEFAULT 0,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE insure.beneficiary (
    policy_id integer NOT NULL REFERENCES insure.policy,
    party_id integer NOT NULL REFERENCES insure.party,
    designation varchar(12) NOT NULL,
    relationship_to_insured varchar(20),
    share_pct numeric(5,2) NOT NULL,
    irrevocable boolean NOT NULL DEFAULT false,
    PRIMARY KEY (policy_id, party_id)
);

CREATE TABLE insure.invoice (
    invoice_id integer PRIMARY KEY,
    policy_id integer NOT NULL REFERENCES insure.policy,
    invoice_number varchar(20) NOT NULL UNIQUE,
    installment_no smallint NOT NULL DEFAULT 1,
    issued_on date NOT NULL,
    due_on date NOT NULL,
    amount_due numeric(10,2) NOT NULL,
    fees numeric(8,2) NOT NULL DEFAULT 0,
    status varchar(12) NOT NULL
);

CREATE TABLE insure.payment (
    payment_id integer PRIMARY KEY,
    invoice_id integer NOT NULL REFERENCES insure.invoice,
    received_on date NOT NULL,
    amount numeric(10,2) NOT NULL,
    method varchar(10) NOT NULL,
    reference varchar(30),
    returned boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.agent_commission (
    commission_id integer PRIMARY KEY,
    agent_id integer NOT NULL REFERENCES insure.agent,
    policy_id integer NOT NULL REFERENCES insure.policy,
    statement_month date NOT NULL,
    business_type varchar(8) NOT NULL,
    premium_basis numeric(12,2) NOT NULL,
    rate_pct numeric(5,2) NOT NULL,
    amount numeric(10,2) NOT NULL
);

CREATE TABLE insure.underwriter (
    underwriter_id integer PRIMARY KEY,
    first_name varchar(50) NOT NULL,
    last_name varchar(50) NOT NULL,
    team varchar(20) NOT NULL,
    authority_limit numeric(12,2) NOT NULL
);

CREATE TABLE insure.quote (
    quote_id integer PRIMARY KEY,
    quote_number varchar(20) NOT NULL UNIQUE,
    prospect_party_id integer NOT NULL REFERENCES insure.party,
    agent_id integer REFERENCES insure.agent,
    lob_id smallint NOT NULL REFERENCES insure.lob,
    underwriter_id integer REFERENCES insure.underwriter,
    requested_on date NOT NULL,
    quoted_premium numeric(12,2),
    status varchar(10) NOT NULL,
    referral_reason varchar(120),
    decided_on date,
    bound_policy_id integer REFERENCES insure.policy
);

CREATE TABLE insure.cancellation_reason (
    reason_code varchar(6) PRIMARY KEY,
    description varchar(60) NOT NULL,
    initiated_by varchar(10) NOT NULL
);

CREATE TABLE insure.cancellation (
    cancellation_id integer PRIMARY KEY,
    policy_id integer NOT NULL REFERENCES insure.policy,
    reason_code varchar(6) NOT NULL REFERENCES insure.cancellation_reason,
    requested_on date NOT NULL,
    effective_date date NOT NULL,
    flat_cancel boolean NOT NULL DEFAULT false,
    return_premium numeric(10,2) NOT NULL DEFAULT 0,
    notice_sent_on date
);

CREATE TABLE insure.loss_cause (
    loss_cause_id smallint PRIMARY KEY,
    code varchar(6) NOT NULL UNIQUE,
    description varchar(60) NOT NULL,
    peril_group varchar(20) NOT NULL,
    catastrophe_prone boolean NOT NULL DEFAULT false
);

CREATE TABLE insure.adjuster (
    adjuster_id integer PRIMARY KEY,
    first_name varchar(50) NOT NULL,
    last_name varchar(50) NOT NULL,
    adjuster_type varchar(12) NOT NULL,
    desk varchar(20) NOT NULL,
    license_state char(2) REFERENCES insure.jurisdiction,
    settlement_authority numeric(12,2) NOT NULL
);

CREATE TABLE insure.claim (
    claim_id integer PRIMARY KEY,
    claim_number varchar(20) NOT NULL UNIQUE,
    policy_id integer NOT NULL REFERENCES insure.policy,
    loss_date date NOT NULL,
    reported_on date NOT NULL,
    loss_cause_id smallint REFERENCES insure.loss_cause,
    loss_state_code char(2) REFERENCES insure.jurisdiction,
    vehicle_id integer REFERENCES insure.vehicle,
    adjuster_id integer REFERENCES insure.adjuster,
    status varchar(10) NOT NULL,
    catastrophe_code varchar(8),
    reserve_amount numeric(12,2) NOT NULL DEFAULT 0,
    in_litigation boolean NOT NULL DEFAULT false,
    closed_on date,
    description text
);

CREATE TABLE insure.claim_payment (
    claim_payment_id integer PRIMARY KEY,
    claim_id integer NOT NULL REFERENCES insure.claim,
    coverage_id smallint REFERENCES insure.coverage_type,
    payee_party_id integer REFERENCES insure.party,
    payee_name varchar(120) NOT NULL,
    payment_kind varchar(10) NOT NULL,
    paid_on date NOT NULL,
    amount numeric(12,2) NOT NULL,
    check_number varchar(12),
    voided boolean NOT NULL DEFAULT false
);

-- Filled by a trigger on every insert, update and delete of a policy row;
-- kept for the market conduct examiners, read by nobody else.
CREATE TABLE insure.policy_history (
    history_id bigint PRIMARY KEY,
    operation char(1) NOT NULL,
    changed_at timestamptz NOT NULL,
    changed_by varchar(40) NOT NULL,
    policy_id integer NOT NULL,
    policy_number varchar(20),
    lob_id smallint,
    holder_party_id integer,
    agent_id integer,
    effective_date date,
    expiry_date date,
    status varchar(12),
    written_premium numeric(12,2)
);

COMMENT ON TABLE insure.policy IS 'Every contract issued, of any line; each line has its own table keyed by policy_id';
COMMENT ON TABLE insure.lob IS 'Lines of business we write, with their annual statement line';
COMMENT ON TABLE insure.umbrella_policy IS 'Personal excess liability written over the holder''s own auto and home policies';
COMMENT ON TABLE insure.listed_driver IS 'Household members rated or excluded on an auto policy';
COMMENT ON TABLE insure.policy_history IS 'Audit trail of changes to policy rows';

INSERT INTO insure.jurisdiction VALUES
    ('CA', 'California', 'West', 'California Department of Insurance', true),
    ('TX', 'Texas', 'South', 'Texas Department of Insurance', true),
    ('FL', 'Florida', 'South', 'Florida Office of Insurance Regulation', true),
    ('NY', 'New York', 'Northeast', 'New York Department of Financial Services', true),
    ('IL', 'Illinois', 'Midwest', 'Illinois Department of Insurance', true),
    ('OH', 'Ohio', 'Midwest', 'Ohio Department of Insurance', true),
    ('CO', 'Colorado', 'West', 'Colorado Division of Insurance', true),
    ('LA', 'Louisiana', 'South', 'Louisiana Department of Insurance', false);
INSERT INTO insure.lob VALUES
    (1, 'PPA', 'Personal Auto', 'P&C', '19.2'), (2, 'HO', 'Homeowners', 'P&C', '4'),
    (3, 'HO4', 'Renters', 'P&C', '4'), (4, 'HO6', 'Condominium Unit Owners', 'P&C', '4'),
    (5, 'PUMB', 'Personal Umbrella', 'P&C', '17.1'), (6, 'TL', 'Term Life', 'Life', 'L1'),
    (7, 'WL', 'Whole Life', 'Life', 'L1'), (8, 'TRV', 'Travel', 'P&C', '9'),
    (9, 'PET', 'Pet Health', 'P&C', '9'), (10, 'BOAT', 'Boat & Yacht', 'P&C', '9'),
    (11, 'MCY', 'Motorcycle', 'P&C', '19.2'), (12, 'FLD', 'Flood', 'P&C', '2.2'),
    (13, 'DP', 'Landlord Dwelling Fire', 'P&C', '1'), (14, 'EQ', 'Earthquake', 'P&C', '12');
INSERT INTO insure.agency VALUES
    (1, 'AG1001', 'Lakeside Insurance Group', 'independent', 'IL', '2011-04-01', NULL),
    (2, 'AG1002', 'Gulf Coast Agency', 'independent', 'TX', '2014-09-15', NULL),
    (3, 'AG2001', 'Sunshine State Insurance', 'independent', 'FL', '2016-02-01', NULL),
    (4, 'CAP001', 'Direct Sales Center', 'captive', 'OH', '2009-01-01', NULL),
    (5, 'AG3004', 'Pacific Crest Brokers', 'independent', 'CA', '2018-06-01', '2023-12-31');
INSERT INTO insure.coverage_type VALUES
    (1, 'BI', 'Bodily injury liability', 1, false), (2, 'PD', 'Property damage liability', 1, false),
    (3, 'UM', 'Uninsured motorist', 1, true), (4, 'COLL', 'Collision', 1, true),
    (5, 'COMP', 'Comprehensive', 1, true), (6, 'MEDPAY', 'Medical payments', 1, true),
    (7, 'COVA', 'Dwelling', 2, true), (8, 'COVB', 'Other structures', 2, true),
    (9, 'COVC', 'Personal property', 2, true), (10, 'COVD', 'Loss of use', 2, true),
    (11, 'COVE', 'Personal liability', 2, false), (12, 'XSLIAB', 'Excess liability', 5, false),
    (13, 'DEATH', 'Death benefit', 6, true), (14, 'TRIPCX', 'Trip cancellation', 8, true),
    (15, 'VETMED', 'Veterinary expenses', 9, true), (16, 'HULL', 'Hull physical damage', 10, true);
INSERT INTO insure.loss_cause VALUES
    (1, 'COLL', 'Collision', 'auto', false), (2, 'HAIL', 'Hail', 'weather', true),
    (3, 'WIND', 'Windstorm', 'weather', true), (4, 'FIRE', 'Fire', 'fire', false),
    (5, 'WATER', 'Water damage', 'water', false), (6, 'FLOOD', 'Flood', 'water', true),
    (7, 'THEFT', 'Theft', 'crime', false), (8, 'GLASS', 'Glass breakage', 'auto', false),
    (9, 'EQ', 'Earthquake', 'earth movement', true), (10, 'ILL', 'Illness', 'health', false),
    (11, 'INJ', 'Accidental injury', 'health', false), (12, 'DEATH', 'Death of insured', 'life', false);
INSERT INTO insure.cancellation_reason VALUES
    ('NONPAY', 'Non-payment of premium', 'company'), ('UWRISK', 'Underwriting reasons', 'company'),
    ('MISREP', 'Material misrepresentation', 'company'), ('SOLD', 'Sold the insured property', 'insured'),
    ('REPL', 'Replaced with another carrier', 'insured'), ('PRICE', 'Premium too high', 'insured'),
    ('NOLONG', 'No longer needed', 'insured');
INSERT INTO insure.adjuster VALUES
    (1, 'Dana', 'Whitfield', 'staff', 'auto', 'IL', 25000), (2, 'Marcus', 'Ocampo', 'staff', 'property', 'TX', 50000),
    (3, 'Priya', 'Raman', 'independent', 'property', 'FL', 15000), (4, 'Tom', 'Keller', 'independent', 'catastrophe', 'LA', 10000),
    (5, 'Grace', 'Liu', 'staff', 'life', 'NY', 500000);
