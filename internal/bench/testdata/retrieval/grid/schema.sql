-- An electric utility's operational database after the shape of the public
-- IEC Common Information Model (IEC 61970 / 61968), written here from
-- scratch, not copied: every device on the network is a piece of equipment,
-- and each kind of equipment (transformers, line segments, busbars, loads,
-- capacitor banks, generators, solar units, arresters, fault indicators,
-- switches ...) is a table keyed by the equipment's key. A switch is itself
-- a supertype: breakers, load-break switches, disconnectors, fuses, jumpers,
-- reclosers, sectionalisers, grounding switches and cuts are keyed by the
-- switch's key. A device's name, install date, feeder and make therefore sit
-- one or two tables up from the kind a question asks about. Around them:
-- substations, feeders, crews, jobs, inspections, outages, customers,
-- service points, meters and their reads, and tests of one kind of device.
CREATE SCHEMA grid;

CREATE TABLE grid.service_territory (
    territory_id smallint PRIMARY KEY,
    name varchar(60) NOT NULL,
    region_code varchar(8) NOT NULL
);

CREATE TABLE grid.location (
    location_id integer PRIMARY KEY,
    street_address varchar(120),
    city varchar(60) NOT NULL,
    postal_code varchar(10),
    latitude numeric(9,6),
    longitude numeric(9,6),
    territory_id smallint REFERENCES grid.service_territory
);

CREATE TABLE grid.substation (
    substation_id integer PRIMARY KEY,
    name varchar(60) NOT NULL,
    code varchar(10) NOT NULL UNIQUE,
    territory_id smallint NOT NULL REFERENCES grid.service_territory,
    location_id integer REFERENCES grid.location,
    commissioned_on date,
    firm_capacity_mva numeric(8,2)
);

CREATE TABLE grid.voltage_level (
    voltage_level_id integer PRIMARY KEY,
    substation_id integer NOT NULL REFERENCES grid.substation,
    name varchar(40) NOT NULL,
    nominal_kv numeric(7,2) NOT NULL,
    high_limit_kv numeric(7,2),
    low_limit_kv numeric(7,2)
);

CREATE TABLE grid.feeder (
    feeder_id integer PRIMARY KEY,
    name varchar(40) NOT NULL,
    substation_id integer NOT NULL REFERENCES grid.substation,
    voltage_level_id integer REFERENCES grid.voltage_level,
    head_breaker_id integer,
    circuit_km numeric(8,2),
    peak_load_mw numeric(8,3),
    connected_customers integer
);

CREATE TABLE grid.manufacturer (
    manufacturer_id integer PRIMARY KEY,
    name varchar(60) NOT NULL,
    country_code char(2)
);

-- The physical item, as bought and tracked by asset management.
CREATE TABLE grid.asset (
    asset_id integer PRIMARY KEY,
    serial_number varchar(40) NOT NULL,
    manufacturer_id integer REFERENCES grid.manufacturer,
    model_number varchar(40),
    manufactured_year smallint,
    purchase_cost numeric(12,2),
    lifecycle_state varchar(20) NOT NULL DEFAULT 'in use',
    retired_on date
);

-- The device as a node of the network model.
CREATE TABLE grid.equipment (
    equipment_id integer PRIMARY KEY,
    mrid uuid NOT NULL UNIQUE,
    name varchar(60) NOT NULL,
    description varchar(200),
    in_service boolean NOT NULL DEFAULT true,
    installed_on date,
    phases varchar(4),
    feeder_id integer REFERENCES grid.feeder,
    location_id integer REFERENCES grid.location,
    asset_id integer REFERENCES grid.asset
);

CREATE TABLE grid.power_transformer (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    rated_mva numeric(8,3) NOT NULL,
    high_side_kv numeric(7,2) NOT NULL,
    low_side_kv numeric(7,2) NOT NULL,
    vector_group varchar(8),
    cooling_class varchar(8),
    oil_volume_l numeric(9,1),
    pad_mounted boolean NOT NULL DEFAULT false
);

CREATE TABLE grid.ac_line_segment (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    length_km numeric(8,3) NOT NULL,
    conductor_type varchar(30),
    overhead boolean NOT NULL DEFAULT true,
    r_ohm_per_km numeric(8,5),
    x_ohm_per_km numeric(8,5),
    ampacity_a numeric(7,1)
);

CREATE TABLE grid.busbar_section (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    voltage_level_id integer NOT NULL REFERENCES grid.voltage_level,
    ip_max_ka numeric(6,2)
);

CREATE TABLE grid.energy_consumer (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    p_kw numeric(10,2),
    q_kvar numeric(10,2),
    customer_count integer NOT NULL DEFAULT 1,
    load_class varchar(20)
);

CREATE TABLE grid.shunt_capacitor (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    rated_kvar numeric(8,1) NOT NULL,
    section_count smallint NOT NULL DEFAULT 1,
    switched boolean NOT NULL DEFAULT false,
    control_mode varchar(12)
);

CREATE TABLE grid.synchronous_machine (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    rated_mva numeric(8,3) NOT NULL,
    max_p_mw numeric(8,3),
    min_p_mw numeric(8,3),
    fuel_type varchar(20),
    operating_mode varchar(20)
);

CREATE TABLE grid.series_compensator (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    r_ohm numeric(8,4),
    x_ohm numeric(8,4) NOT NULL,
    bypass_rating_a numeric(7,1)
);

CREATE TABLE grid.surge_arrester (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    rated_kv numeric(6,2) NOT NULL,
    mcov_kv numeric(6,2),
    housing varchar(12)
);

CREATE TABLE grid.switch (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    normal_open boolean NOT NULL DEFAULT false,
    is_open boolean NOT NULL DEFAULT false,
    rated_current_a numeric(7,1),
    retained boolean NOT NULL DEFAULT false,
    scada_controlled boolean NOT NULL DEFAULT false,
    operation_count integer NOT NULL DEFAULT 0,
    last_operated_at timestamptz
);

CREATE TABLE grid.breaker (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    interrupting_ka numeric(6,2) NOT NULL,
    interrupting_medium varchar(10),
    in_transit_time_ms numeric(6,1),
    relay_scheme varchar(30)
);

CREATE TABLE grid.load_break_switch (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    motor_operated boolean NOT NULL DEFAULT false,
    load_break_rating_a numeric(7,1)
);

CREATE TABLE grid.disconnector (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    blade_type varchar(20),
    gang_operated boolean NOT NULL DEFAULT true
);

CREATE TABLE grid.fuse (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    link_rating_a numeric(6,1) NOT NULL,
    link_type varchar(20),
    cutout_class varchar(20)
);

CREATE TABLE grid.crew (
    crew_id smallint PRIMARY KEY,
    name varchar(40) NOT NULL,
    crew_type varchar(20) NOT NULL,
    territory_id smallint REFERENCES grid.service_territory,
    headcount smallint NOT NULL,
    on_call boolean NOT NULL DEFAULT false
);

CREATE TABLE grid.jumper (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    temporary boolean NOT NULL DEFAULT true,
    applied_by_crew_id smallint REFERENCES grid.crew,
    applied_at timestamptz,
    removal_due_on date
);

CREATE TABLE grid.recloser (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    shots_to_lockout smallint NOT NULL,
    first_reclose_s numeric(5,2),
    ground_trip_a numeric(7,1),
    control_type varchar(30)
);

CREATE TABLE grid.sectionaliser (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    counts_to_open smallint NOT NULL,
    memory_time_s numeric(6,1)
);

CREATE TABLE grid.ground_disconnector (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    interlocked boolean NOT NULL DEFAULT true,
    short_time_ka numeric(6,2)
);

CREATE TABLE grid.cut (
    equipment_id integer PRIMARY KEY REFERENCES grid.switch,
    ac_line_segment_id integer NOT NULL REFERENCES grid.ac_line_segment,
    length_from_start_m numeric(9,1)
);

CREATE TABLE grid.fault_indicator (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    monitored_segment_id integer REFERENCES grid.ac_line_segment,
    reset_kind varchar(10),
    trip_current_a numeric(7,1),
    communicating boolean NOT NULL DEFAULT false
);

CREATE TABLE grid.customer (
    customer_id integer PRIMARY KEY,
    name varchar(100) NOT NULL,
    customer_class varchar(20) NOT NULL,
    life_support boolean NOT NULL DEFAULT false,
    phone varchar(25),
    email varchar(120)
);

CREATE TABLE grid.customer_account (
    account_id integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES grid.customer,
    account_number varchar(20) NOT NULL UNIQUE,
    rate_schedule varchar(12) NOT NULL,
    billing_cycle smallint,
    opened_on date NOT NULL,
    closed_on date
);

CREATE TABLE grid.photovoltaic_unit (
    equipment_id integer PRIMARY KEY REFERENCES grid.equipment,
    rated_kw numeric(9,2) NOT NULL,
    inverter_kva numeric(9,2),
    battery_kwh numeric(9,2),
    owner_account_id integer REFERENCES grid.customer_account,
    interconnected_on date
);

CREATE TABLE grid.usage_point (
    usage_point_id integer PRIMARY KEY,
    account_id integer REFERENCES grid.customer_account,
    energy_consumer_id integer REFERENCES grid.energy_consumer,
    location_id integer REFERENCES grid.location,
    service_voltage_v integer,
    phase_code varchar(4),
    critical_facility boolean NOT NULL DEFAULT false,
    connected boolean NOT NULL DEFAULT true
);

CREATE TABLE grid.meter (
    meter_id integer PRIMARY KEY,
    usage_point_id integer REFERENCES grid.usage_point,
    asset_id integer NOT NULL REFERENCES grid.asset,
    form_code varchar(6),
    ami_enabled boolean NOT NULL DEFAULT false,
    installed_on date NOT NULL,
    removed_on date
);

CREATE TABLE grid.meter_reading (
    reading_id bigint PRIMARY KEY,
    meter_id integer NOT NULL REFERENCES grid.meter,
    read_at timestamptz NOT NULL,
    kwh_delivered numeric(12,3) NOT NULL,
    kwh_received numeric(12,3) NOT NULL DEFAULT 0,
    peak_demand_kw numeric(10,3),
    quality varchar(10) NOT NULL DEFAULT 'valid'
);

CREATE TABLE grid.outage_cause (
    cause_id smallint PRIMARY KEY,
    code varchar(6) NOT NULL UNIQUE,
    description varchar(60) NOT NULL,
    category varchar(20) NOT NULL
);

CREATE TABLE grid.outage (
    outage_id integer PRIMARY KEY,
    feeder_id integer NOT NULL REFERENCES grid.feeder,
    cause_id smallint REFERENCES grid.outage_cause,
    interrupting_device_id integer REFERENCES grid.switch,
    faulted_equipment_id integer REFERENCES grid.equipment,
    planned boolean NOT NULL DEFAULT false,
    started_at timestamptz NOT NULL,
    restored_at timestamptz,
    customers_interrupted integer NOT NULL DEFAULT 0,
    customer_minutes numeric(12,1),
    major_event boolean NOT NULL DEFAULT false
);

CREATE TABLE grid.outage_usage_point (
    outage_id integer NOT NULL REFERENCES grid.outage,
    usage_point_id integer NOT NULL REFERENCES grid.usage_point,
    restored_at timestamptz,
    PRIMARY KEY (outage_id, usage_point_id)
);

CREATE TABLE grid.work_order (
    work_order_id integer PRIMARY KEY,
    equipment_id integer REFERENCES grid.equipment,
    crew_id smallint REFERENCES grid.crew,
    outage_id integer REFERENCES grid.outage,
    work_type varchar(20) NOT NULL,
    priority smallint NOT NULL DEFAULT 3,
    status varchar(12) NOT NULL,
    created_on date NOT NULL,
    scheduled_on date,
    completed_on date,
    labor_hours numeric(7,2),
    actual_cost numeric(12,2)
);

CREATE TABLE grid.inspection (
    inspection_id integer PRIMARY KEY,
    equipment_id integer NOT NULL REFERENCES grid.equipment,
    crew_id smallint REFERENCES grid.crew,
    inspected_on date NOT NULL,
    method varchar(12) NOT NULL,
    condition_score smallint,
    finding text,
    follow_up_work_order_id integer REFERENCES grid.work_order
);

CREATE TABLE grid.breaker_timing_test (
    test_id integer PRIMARY KEY,
    breaker_id integer NOT NULL REFERENCES grid.breaker,
    crew_id smallint REFERENCES grid.crew,
    tested_on date NOT NULL,
    open_time_ms numeric(6,2),
    close_time_ms numeric(6,2),
    contact_resistance_uohm numeric(8,2),
    passed boolean NOT NULL
);

CREATE TABLE grid.transformer_oil_test (
    test_id integer PRIMARY KEY,
    transformer_id integer NOT NULL REFERENCES grid.power_transformer,
    sampled_on date NOT NULL,
    lab_name varchar(40),
    dielectric_kv numeric(5,1),
    moisture_ppm numeric(7,1),
    hydrogen_ppm numeric(8,1),
    acetylene_ppm numeric(8,1),
    tdcg_ppm numeric(9,1)
);

-- Loaded every night from the GIS extract before it is matched to the
-- network model; never cleaned up.
CREATE TABLE grid.equipment_gis_staging (
    gis_feature_id bigint PRIMARY KEY,
    mrid uuid,
    equipment_name varchar(60),
    feature_class varchar(40),
    feeder_name varchar(40),
    installed_on date,
    loaded_at timestamptz NOT NULL DEFAULT now()
);

-- A feeder's head breaker is a piece of equipment on that feeder.
ALTER TABLE grid.feeder ADD FOREIGN KEY (head_breaker_id) REFERENCES grid.breaker;

COMMENT ON TABLE grid.equipment IS 'Every device of the network model; each kind of device has its own table keyed by equipment_id';
COMMENT ON TABLE grid.switch IS 'Devices that open and close a circuit; each kind has its own table keyed by equipment_id';
COMMENT ON TABLE grid.cut IS 'A point where a line segment is opened to insert a switching device or jumper';

INSERT INTO grid.service_territory VALUES
    (1, 'North District', 'N'), (2, 'Central District', 'C'), (3, 'Coastal District', 'CST'), (4, 'Mountain District', 'MTN');
INSERT INTO grid.substation (substation_id, name, code, territory_id, commissioned_on, firm_capacity_mva) VALUES
    (1, 'Riverside', 'RVS', 2, '1978-05-01', 80), (2, 'Oak Hill', 'OKH', 1, '1992-10-15', 120), (3, 'Harbor Point', 'HBP', 3, '2009-03-20', 60);
INSERT INTO grid.voltage_level VALUES
    (1, 1, 'Riverside 69 kV', 69, 72.45, 65.55), (2, 1, 'Riverside 12.47 kV', 12.47, 13.09, 11.85),
    (3, 2, 'Oak Hill 138 kV', 138, 144.9, 131.1), (4, 2, 'Oak Hill 12.47 kV', 12.47, 13.09, 11.85),
    (5, 3, 'Harbor Point 69 kV', 69, 72.45, 65.55), (6, 3, 'Harbor Point 4.16 kV', 4.16, 4.37, 3.95);
INSERT INTO grid.manufacturer VALUES
    (1, 'Siemens', 'DE'), (2, 'ABB', 'CH'), (3, 'Eaton', 'US'), (4, 'S&C Electric', 'US'), (5, 'Landis+Gyr', 'CH'), (6, 'Itron', 'US');
INSERT INTO grid.crew VALUES
    (1, 'Line Crew 1', 'line', 2, 4, true), (2, 'Line Crew 2', 'line', 1, 4, false),
    (3, 'Substation Maintenance', 'substation', 2, 3, false), (4, 'Tree Crew East', 'vegetation', 3, 3, false),
    (5, 'Meter Services', 'meter', 2, 2, false);
INSERT INTO grid.outage_cause VALUES
    (1, 'VEG', 'Tree or vegetation contact', 'vegetation'), (2, 'ANM', 'Animal contact', 'animal'),
    (3, 'LTG', 'Lightning', 'weather'), (4, 'WND', 'High wind', 'weather'),
    (5, 'EQF', 'Equipment failure', 'equipment'), (6, 'VEH', 'Vehicle hit pole', 'public'),
    (7, 'DIG', 'Dig-in', 'public'), (8, 'PLN', 'Planned maintenance', 'planned'), (9, 'UNK', 'Unknown', 'unknown');
