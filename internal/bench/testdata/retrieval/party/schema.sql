-- An operational database built on the party model with table-per-type
-- inheritance, after the shape of the public AdventureWorks OLTP sample and
-- the "universal data model" books (written here from scratch, not copied):
-- every person and organization is a business entity; an employee is a
-- person, a sales person is an employee, a contractor is a person; a vendor
-- and a store are organizations; vehicles, buildings and equipment are
-- assets; service and lease contracts are contracts. A subtype's key is its
-- supertype's key, so a question about a sales person's name or hire date
-- needs the chain above it, tables no question names.
CREATE SCHEMA party;

CREATE TABLE party.business_entity (
    business_entity_id integer PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE party.person (
    business_entity_id integer PRIMARY KEY REFERENCES party.business_entity,
    person_type char(2) NOT NULL,
    title varchar(8),
    first_name varchar(50) NOT NULL,
    last_name varchar(50) NOT NULL,
    birth_date date,
    email_promotion smallint NOT NULL DEFAULT 0
);

CREATE TABLE party.organization (
    business_entity_id integer PRIMARY KEY REFERENCES party.business_entity,
    legal_name varchar(120) NOT NULL,
    tax_number varchar(20),
    founded_on date
);

CREATE TABLE party.department (
    department_id smallint PRIMARY KEY,
    name varchar(50) NOT NULL,
    group_name varchar(50) NOT NULL
);

CREATE TABLE party.shift (
    shift_id smallint PRIMARY KEY,
    name varchar(20) NOT NULL,
    start_time time NOT NULL,
    end_time time NOT NULL
);

CREATE TABLE party.employee (
    business_entity_id integer PRIMARY KEY REFERENCES party.person,
    national_id_number varchar(15) NOT NULL,
    job_title varchar(50) NOT NULL,
    hire_date date NOT NULL,
    gender char(1),
    salaried boolean NOT NULL DEFAULT true,
    vacation_hours smallint NOT NULL DEFAULT 0,
    manager_id integer REFERENCES party.employee
);

CREATE TABLE party.employee_department_history (
    business_entity_id integer NOT NULL REFERENCES party.employee,
    department_id smallint NOT NULL REFERENCES party.department,
    shift_id smallint NOT NULL REFERENCES party.shift,
    start_date date NOT NULL,
    end_date date,
    PRIMARY KEY (business_entity_id, department_id, shift_id, start_date)
);

CREATE TABLE party.employee_pay_history (
    business_entity_id integer NOT NULL REFERENCES party.employee,
    rate_change_date date NOT NULL,
    rate numeric(10,2) NOT NULL,
    pay_frequency smallint NOT NULL,
    PRIMARY KEY (business_entity_id, rate_change_date)
);

CREATE TABLE party.country_region (
    country_region_code varchar(3) PRIMARY KEY,
    name varchar(50) NOT NULL
);

CREATE TABLE party.sales_territory (
    territory_id smallint PRIMARY KEY,
    name varchar(50) NOT NULL,
    country_region_code varchar(3) NOT NULL REFERENCES party.country_region,
    region_group varchar(50) NOT NULL,
    sales_ytd numeric(14,2) NOT NULL DEFAULT 0
);

CREATE TABLE party.sales_person (
    business_entity_id integer PRIMARY KEY REFERENCES party.employee,
    territory_id smallint REFERENCES party.sales_territory,
    sales_quota numeric(14,2),
    bonus numeric(10,2) NOT NULL DEFAULT 0,
    commission_pct numeric(5,4) NOT NULL DEFAULT 0
);

CREATE TABLE party.contractor (
    business_entity_id integer PRIMARY KEY REFERENCES party.person,
    agency_id integer REFERENCES party.organization,
    daily_rate numeric(10,2) NOT NULL,
    engaged_from date NOT NULL,
    engaged_until date
);

CREATE TABLE party.vendor (
    business_entity_id integer PRIMARY KEY REFERENCES party.organization,
    account_number varchar(15) NOT NULL,
    credit_rating smallint NOT NULL,
    preferred boolean NOT NULL DEFAULT false,
    active boolean NOT NULL DEFAULT true
);

CREATE TABLE party.store (
    business_entity_id integer PRIMARY KEY REFERENCES party.organization,
    store_name varchar(80) NOT NULL,
    sales_person_id integer REFERENCES party.sales_person,
    annual_revenue numeric(14,2)
);

CREATE TABLE party.customer (
    customer_id integer PRIMARY KEY,
    business_entity_id integer NOT NULL REFERENCES party.business_entity,
    territory_id smallint REFERENCES party.sales_territory,
    account_number varchar(15) NOT NULL
);

CREATE TABLE party.state_province (
    state_province_id integer PRIMARY KEY,
    state_province_code char(3) NOT NULL,
    name varchar(50) NOT NULL,
    country_region_code varchar(3) NOT NULL REFERENCES party.country_region
);

CREATE TABLE party.address (
    address_id integer PRIMARY KEY,
    address_line1 varchar(60) NOT NULL,
    address_line2 varchar(60),
    city varchar(30) NOT NULL,
    postal_code varchar(15) NOT NULL,
    state_province_id integer NOT NULL REFERENCES party.state_province
);

CREATE TABLE party.address_type (
    address_type_id smallint PRIMARY KEY,
    name varchar(50) NOT NULL
);

CREATE TABLE party.entity_address (
    business_entity_id integer NOT NULL REFERENCES party.business_entity,
    address_id integer NOT NULL REFERENCES party.address,
    address_type_id smallint NOT NULL REFERENCES party.address_type,
    PRIMARY KEY (business_entity_id, address_id, address_type_id)
);

CREATE TABLE party.phone_number (
    business_entity_id integer NOT NULL REFERENCES party.person,
    phone varchar(25) NOT NULL,
    phone_type varchar(10) NOT NULL,
    PRIMARY KEY (business_entity_id, phone)
);

CREATE TABLE party.email_address (
    email_address_id integer PRIMARY KEY,
    business_entity_id integer NOT NULL REFERENCES party.person,
    email varchar(120) NOT NULL
);

CREATE TABLE party.product_category (
    product_category_id smallint PRIMARY KEY,
    name varchar(50) NOT NULL
);

CREATE TABLE party.product_subcategory (
    product_subcategory_id smallint PRIMARY KEY,
    product_category_id smallint NOT NULL REFERENCES party.product_category,
    name varchar(50) NOT NULL
);

CREATE TABLE party.product (
    product_id integer PRIMARY KEY,
    name varchar(50) NOT NULL,
    product_number varchar(25) NOT NULL,
    color varchar(15),
    standard_cost numeric(12,2) NOT NULL,
    list_price numeric(12,2) NOT NULL,
    product_subcategory_id smallint REFERENCES party.product_subcategory,
    discontinued_on date
);

CREATE TABLE party.product_vendor (
    product_id integer NOT NULL REFERENCES party.product,
    business_entity_id integer NOT NULL REFERENCES party.vendor,
    average_lead_time smallint NOT NULL,
    standard_price numeric(12,2) NOT NULL,
    PRIMARY KEY (product_id, business_entity_id)
);

CREATE TABLE party.sales_order (
    sales_order_id integer PRIMARY KEY,
    order_date date NOT NULL,
    status smallint NOT NULL,
    online_order boolean NOT NULL DEFAULT true,
    customer_id integer NOT NULL REFERENCES party.customer,
    sales_person_id integer REFERENCES party.sales_person,
    ship_to_address_id integer REFERENCES party.address,
    subtotal numeric(14,2) NOT NULL,
    total_due numeric(14,2) NOT NULL
);

CREATE TABLE party.sales_order_detail (
    sales_order_id integer NOT NULL REFERENCES party.sales_order,
    line_number smallint NOT NULL,
    product_id integer NOT NULL REFERENCES party.product,
    order_qty smallint NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    PRIMARY KEY (sales_order_id, line_number)
);

CREATE TABLE party.purchase_order_header (
    purchase_order_id integer PRIMARY KEY,
    vendor_id integer NOT NULL REFERENCES party.vendor,
    employee_id integer NOT NULL REFERENCES party.employee,
    order_date date NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    freight numeric(10,2) NOT NULL DEFAULT 0
);

CREATE TABLE party.purchase_order_detail (
    purchase_order_id integer NOT NULL REFERENCES party.purchase_order_header,
    line_number smallint NOT NULL,
    product_id integer NOT NULL REFERENCES party.product,
    order_qty smallint NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    PRIMARY KEY (purchase_order_id, line_number)
);

CREATE TABLE party.work_order (
    work_order_id integer PRIMARY KEY,
    product_id integer NOT NULL REFERENCES party.product,
    order_qty integer NOT NULL,
    scrapped_qty integer NOT NULL DEFAULT 0,
    due_date date NOT NULL
);

CREATE TABLE party.asset (
    asset_id integer PRIMARY KEY,
    asset_tag varchar(20) NOT NULL,
    acquired_on date NOT NULL,
    acquisition_cost numeric(14,2) NOT NULL,
    disposed_on date
);

CREATE TABLE party.vehicle (
    asset_id integer PRIMARY KEY REFERENCES party.asset,
    registration_plate varchar(15) NOT NULL,
    make varchar(30) NOT NULL,
    model_year smallint
);

CREATE TABLE party.building (
    asset_id integer PRIMARY KEY REFERENCES party.asset,
    address_id integer NOT NULL REFERENCES party.address,
    floor_area_m2 numeric(10,1)
);

CREATE TABLE party.equipment (
    asset_id integer PRIMARY KEY REFERENCES party.asset,
    serial_number varchar(40) NOT NULL,
    assigned_to integer REFERENCES party.employee
);

CREATE TABLE party.asset_maintenance (
    maintenance_id integer PRIMARY KEY,
    asset_id integer NOT NULL REFERENCES party.asset,
    contractor_id integer REFERENCES party.contractor,
    performed_on date NOT NULL,
    cost numeric(12,2) NOT NULL
);

CREATE TABLE party.contract (
    contract_id integer PRIMARY KEY,
    counterparty_id integer NOT NULL REFERENCES party.organization,
    signed_on date NOT NULL,
    starts_on date NOT NULL,
    ends_on date,
    contract_value numeric(14,2) NOT NULL
);

CREATE TABLE party.service_contract (
    contract_id integer PRIMARY KEY REFERENCES party.contract,
    response_hours smallint NOT NULL,
    covers_asset_id integer REFERENCES party.asset
);

CREATE TABLE party.lease_contract (
    contract_id integer PRIMARY KEY REFERENCES party.contract,
    building_id integer NOT NULL REFERENCES party.building,
    monthly_rent numeric(12,2) NOT NULL
);

-- A copy made before a migration and never dropped.
CREATE TABLE party.person_archive (
    business_entity_id integer PRIMARY KEY,
    person_type char(2) NOT NULL,
    first_name varchar(50) NOT NULL,
    last_name varchar(50) NOT NULL,
    archived_at timestamptz NOT NULL
);

COMMENT ON TABLE party.business_entity IS 'Every person and organization we deal with';
COMMENT ON TABLE party.entity_address IS 'Addresses of persons and organizations, by type';

INSERT INTO party.department VALUES
    (1, 'Engineering', 'Research and Development'), (2, 'Finance', 'Executive General and Administration'),
    (3, 'Sales', 'Sales and Marketing'), (4, 'Production', 'Manufacturing'), (5, 'Purchasing', 'Inventory Management');
INSERT INTO party.shift VALUES (1, 'Day', '07:00', '15:00'), (2, 'Evening', '15:00', '23:00'), (3, 'Night', '23:00', '07:00');
INSERT INTO party.country_region VALUES ('US', 'United States'), ('CA', 'Canada'), ('DE', 'Germany'), ('AU', 'Australia');
INSERT INTO party.address_type VALUES (1, 'Billing'), (2, 'Home'), (3, 'Main Office'), (4, 'Shipping');
INSERT INTO party.product_category VALUES (1, 'Bikes'), (2, 'Components'), (3, 'Clothing'), (4, 'Accessories');
INSERT INTO party.product_subcategory VALUES (1, 1, 'Mountain Bikes'), (2, 2, 'Brakes'), (3, 3, 'Jerseys'), (4, 4, 'Helmets');
