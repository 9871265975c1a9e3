-- An outpatient clinic group's scheduling, charting and billing database:
-- plain snake_case names in a domain far from the ERP, documented about as
-- well as a careful team manages (tables mostly, columns where a code needs
-- explaining).
CREATE SCHEMA clinic;

CREATE TABLE clinic.specialties (
    specialty_id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
);
COMMENT ON TABLE clinic.specialties IS 'Medical specialties of providers';

CREATE TABLE clinic.clinics (
    clinic_id serial PRIMARY KEY,
    name text NOT NULL,
    city text NOT NULL,
    state char(2) NOT NULL,
    opened_on date
);
COMMENT ON TABLE clinic.clinics IS 'Physical locations where patients are seen';

CREATE TABLE clinic.providers (
    provider_id serial PRIMARY KEY,
    npi char(10) NOT NULL UNIQUE,
    first_name text NOT NULL,
    last_name text NOT NULL,
    credential text,
    specialty_id integer REFERENCES clinic.specialties,
    hired_on date,
    is_active boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE clinic.providers IS 'Physicians, nurse practitioners and physician assistants';
COMMENT ON COLUMN clinic.providers.npi IS 'National Provider Identifier';
COMMENT ON COLUMN clinic.providers.credential IS 'MD, DO, NP or PA';

CREATE TABLE clinic.provider_clinics (
    provider_id integer NOT NULL REFERENCES clinic.providers,
    clinic_id integer NOT NULL REFERENCES clinic.clinics,
    days_per_week smallint,
    PRIMARY KEY (provider_id, clinic_id)
);

CREATE TABLE clinic.rooms (
    room_id serial PRIMARY KEY,
    clinic_id integer NOT NULL REFERENCES clinic.clinics,
    room_number text NOT NULL,
    room_type text NOT NULL
);

CREATE TABLE clinic.patients (
    patient_id serial PRIMARY KEY,
    mrn text NOT NULL UNIQUE,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    sex char(1),
    preferred_language text,
    primary_provider_id integer REFERENCES clinic.providers,
    deceased_on date,
    created_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN clinic.patients.mrn IS 'Medical record number';

CREATE TABLE clinic.patient_addresses (
    address_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    line1 text NOT NULL,
    city text NOT NULL,
    state char(2) NOT NULL,
    postal_code text NOT NULL,
    is_primary boolean NOT NULL DEFAULT true
);

CREATE TABLE clinic.allergies (
    allergy_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    allergen text NOT NULL,
    reaction text,
    severity text CHECK (severity IN ('mild', 'moderate', 'severe')),
    noted_on date
);

CREATE TABLE clinic.appointment_types (
    appointment_type_id serial PRIMARY KEY,
    name text NOT NULL,
    default_minutes smallint NOT NULL
);

CREATE TABLE clinic.appointments (
    appointment_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    provider_id integer NOT NULL REFERENCES clinic.providers,
    clinic_id integer NOT NULL REFERENCES clinic.clinics,
    room_id integer REFERENCES clinic.rooms,
    appointment_type_id integer NOT NULL REFERENCES clinic.appointment_types,
    scheduled_start timestamptz NOT NULL,
    scheduled_end timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('scheduled', 'checked_in', 'completed', 'cancelled', 'no_show')),
    cancel_reason text,
    booked_at timestamptz NOT NULL
);
COMMENT ON TABLE clinic.appointments IS 'Scheduled visits, including cancelled and missed ones';

CREATE TABLE clinic.encounters (
    encounter_id serial PRIMARY KEY,
    appointment_id integer UNIQUE REFERENCES clinic.appointments,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    provider_id integer NOT NULL REFERENCES clinic.providers,
    clinic_id integer REFERENCES clinic.clinics,
    encounter_type text NOT NULL,
    chief_complaint text,
    started_at timestamptz NOT NULL,
    ended_at timestamptz
);
COMMENT ON TABLE clinic.encounters IS 'A visit that actually took place and was charted';
COMMENT ON COLUMN clinic.encounters.encounter_type IS 'office, telehealth, home or urgent';

CREATE TABLE clinic.vitals (
    vital_id serial PRIMARY KEY,
    encounter_id integer NOT NULL REFERENCES clinic.encounters,
    measured_at timestamptz NOT NULL,
    systolic_bp smallint,
    diastolic_bp smallint,
    heart_rate smallint,
    temperature_c numeric(4,1),
    weight_kg numeric(5,1),
    height_cm numeric(5,1)
);

CREATE TABLE clinic.icd10_codes (
    code text PRIMARY KEY,
    description text NOT NULL,
    chapter text
);
COMMENT ON TABLE clinic.icd10_codes IS 'ICD-10-CM diagnosis code list';

CREATE TABLE clinic.diagnoses (
    diagnosis_id serial PRIMARY KEY,
    encounter_id integer NOT NULL REFERENCES clinic.encounters,
    icd10_code text NOT NULL REFERENCES clinic.icd10_codes,
    is_primary boolean NOT NULL DEFAULT false,
    noted_at timestamptz NOT NULL
);

CREATE TABLE clinic.cpt_codes (
    code text PRIMARY KEY,
    description text NOT NULL,
    base_fee numeric(10,2)
);
COMMENT ON TABLE clinic.cpt_codes IS 'CPT procedure codes and our standard fee';

CREATE TABLE clinic.procedures_performed (
    procedure_id serial PRIMARY KEY,
    encounter_id integer NOT NULL REFERENCES clinic.encounters,
    cpt_code text NOT NULL REFERENCES clinic.cpt_codes,
    units smallint NOT NULL DEFAULT 1,
    performed_at timestamptz NOT NULL
);

CREATE TABLE clinic.medications (
    medication_id serial PRIMARY KEY,
    name text NOT NULL,
    generic_name text,
    form text,
    strength text,
    dea_schedule text
);
COMMENT ON COLUMN clinic.medications.dea_schedule IS 'DEA controlled substance schedule (II to V); NULL when not controlled';

CREATE TABLE clinic.pharmacies (
    pharmacy_id serial PRIMARY KEY,
    name text NOT NULL,
    city text NOT NULL,
    phone text
);

CREATE TABLE clinic.prescriptions (
    prescription_id serial PRIMARY KEY,
    encounter_id integer REFERENCES clinic.encounters,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    medication_id integer NOT NULL REFERENCES clinic.medications,
    prescriber_id integer NOT NULL REFERENCES clinic.providers,
    pharmacy_id integer REFERENCES clinic.pharmacies,
    dose text,
    frequency text,
    quantity integer,
    refills smallint NOT NULL DEFAULT 0,
    status text NOT NULL,
    prescribed_at timestamptz NOT NULL
);

CREATE TABLE clinic.lab_tests (
    test_code text PRIMARY KEY,
    name text NOT NULL,
    loinc_code text,
    units text,
    ref_low numeric,
    ref_high numeric
);

CREATE TABLE clinic.lab_orders (
    lab_order_id serial PRIMARY KEY,
    encounter_id integer NOT NULL REFERENCES clinic.encounters,
    test_code text NOT NULL REFERENCES clinic.lab_tests,
    ordered_by integer NOT NULL REFERENCES clinic.providers,
    status text NOT NULL,
    ordered_at timestamptz NOT NULL
);

CREATE TABLE clinic.lab_results (
    lab_result_id serial PRIMARY KEY,
    lab_order_id integer NOT NULL REFERENCES clinic.lab_orders,
    value_numeric numeric,
    value_text text,
    abnormal_flag char(1),
    resulted_at timestamptz NOT NULL
);
COMMENT ON COLUMN clinic.lab_results.abnormal_flag IS 'H=above reference range, L=below, N=normal';

CREATE TABLE clinic.insurance_payers (
    payer_id serial PRIMARY KEY,
    name text NOT NULL,
    payer_type text NOT NULL
);

CREATE TABLE clinic.insurance_policies (
    policy_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    payer_id integer NOT NULL REFERENCES clinic.insurance_payers,
    member_number text NOT NULL,
    group_number text,
    coverage_order smallint NOT NULL DEFAULT 1,
    effective_from date NOT NULL,
    effective_to date
);
COMMENT ON COLUMN clinic.insurance_policies.coverage_order IS '1 = primary coverage, 2 = secondary, ...';

CREATE TABLE clinic.insurance_claims (
    claim_id serial PRIMARY KEY,
    encounter_id integer NOT NULL REFERENCES clinic.encounters,
    policy_id integer NOT NULL REFERENCES clinic.insurance_policies,
    status text NOT NULL CHECK (status IN ('submitted', 'accepted', 'denied', 'paid', 'appealed')),
    billed_amount numeric(10,2) NOT NULL,
    allowed_amount numeric(10,2),
    paid_amount numeric(10,2),
    denial_reason text,
    submitted_at timestamptz NOT NULL
);

CREATE TABLE clinic.claim_lines (
    claim_line_id serial PRIMARY KEY,
    claim_id integer NOT NULL REFERENCES clinic.insurance_claims,
    cpt_code text NOT NULL REFERENCES clinic.cpt_codes,
    units smallint NOT NULL DEFAULT 1,
    charge_amount numeric(10,2) NOT NULL
);

CREATE TABLE clinic.patient_payments (
    payment_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    claim_id integer REFERENCES clinic.insurance_claims,
    amount numeric(10,2) NOT NULL,
    method text NOT NULL,
    paid_at timestamptz NOT NULL
);
COMMENT ON TABLE clinic.patient_payments IS 'Copays and balances paid by the patient, not the insurer';

CREATE TABLE clinic.referrals (
    referral_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    from_provider_id integer NOT NULL REFERENCES clinic.providers,
    to_specialty_id integer NOT NULL REFERENCES clinic.specialties,
    to_provider_id integer REFERENCES clinic.providers,
    reason text,
    status text NOT NULL,
    referred_at timestamptz NOT NULL
);

CREATE TABLE clinic.immunizations (
    immunization_id serial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES clinic.patients,
    vaccine text NOT NULL,
    dose_number smallint,
    administered_by integer REFERENCES clinic.providers,
    administered_at timestamptz NOT NULL,
    lot_number text
);

-- Integration and audit leftovers.
CREATE TABLE clinic.hl7_message_log (
    message_id bigserial PRIMARY KEY,
    message_type text NOT NULL,
    control_id text,
    received_at timestamptz NOT NULL,
    payload text,
    error text
);

CREATE TABLE clinic.audit_events (
    event_id bigserial PRIMARY KEY,
    user_name text NOT NULL,
    action text NOT NULL,
    table_name text,
    row_id text,
    occurred_at timestamptz NOT NULL
);

INSERT INTO clinic.specialties (specialty_id, name) VALUES
    (1, 'Family Medicine'), (2, 'Cardiology'), (3, 'Dermatology'), (4, 'Pediatrics'), (5, 'Orthopedics');
INSERT INTO clinic.clinics (clinic_id, name, city, state, opened_on) VALUES
    (1, 'Northside Clinic', 'Springfield', 'IL', '2009-05-01'),
    (2, 'Riverside Medical Center', 'Springfield', 'IL', '2015-09-14'),
    (3, 'Lakeview Family Practice', 'Decatur', 'IL', '2019-02-04');
INSERT INTO clinic.appointment_types (appointment_type_id, name, default_minutes) VALUES
    (1, 'New patient', 40), (2, 'Follow-up', 20), (3, 'Annual physical', 30), (4, 'Telehealth check-in', 15);
INSERT INTO clinic.insurance_payers (payer_id, name, payer_type) VALUES
    (1, 'Medicare', 'government'), (2, 'Medicaid', 'government'), (3, 'Aetna', 'commercial'), (4, 'Blue Cross Blue Shield', 'commercial');
INSERT INTO clinic.pharmacies (pharmacy_id, name, city, phone) VALUES
    (1, 'Main Street Pharmacy', 'Springfield', '217-555-0101'), (2, 'Walgreens #4411', 'Decatur', '217-555-0199');
INSERT INTO clinic.icd10_codes (code, description, chapter) VALUES
    ('I10', 'Essential (primary) hypertension', 'Diseases of the circulatory system'),
    ('E11.9', 'Type 2 diabetes mellitus without complications', 'Endocrine, nutritional and metabolic diseases'),
    ('J06.9', 'Acute upper respiratory infection, unspecified', 'Diseases of the respiratory system'),
    ('L70.0', 'Acne vulgaris', 'Diseases of the skin and subcutaneous tissue');
INSERT INTO clinic.medications (medication_id, name, generic_name, form, strength, dea_schedule) VALUES
    (1, 'Lisinopril', 'lisinopril', 'tablet', '10 mg', NULL),
    (2, 'Norco', 'hydrocodone/acetaminophen', 'tablet', '5/325 mg', 'II'),
    (3, 'Amoxil', 'amoxicillin', 'capsule', '500 mg', NULL);
INSERT INTO clinic.patients (patient_id, mrn, first_name, last_name, date_of_birth, sex, created_at) VALUES
    (1, 'MRN000101', 'Ada', 'Lindqvist', '1958-02-11', 'F', '2020-01-05'),
    (2, 'MRN000102', 'Ben', 'Okoro', '1990-07-23', 'M', '2021-06-30');
INSERT INTO clinic.allergies (patient_id, allergen, reaction, severity, noted_on) VALUES
    (1, 'Penicillin', 'anaphylaxis', 'severe', '2020-01-05'),
    (2, 'Peanuts', 'hives', 'moderate', '2021-06-30'),
    (2, 'Latex', 'rash', 'mild', '2022-03-02');
SELECT setval(pg_get_serial_sequence('clinic.specialties', 'specialty_id'), 5);
SELECT setval(pg_get_serial_sequence('clinic.clinics', 'clinic_id'), 3);
SELECT setval(pg_get_serial_sequence('clinic.appointment_types', 'appointment_type_id'), 4);
SELECT setval(pg_get_serial_sequence('clinic.insurance_payers', 'payer_id'), 4);
SELECT setval(pg_get_serial_sequence('clinic.pharmacies', 'pharmacy_id'), 2);
SELECT setval(pg_get_serial_sequence('clinic.medications', 'medication_id'), 3);
SELECT setval(pg_get_serial_sequence('clinic.patients', 'patient_id'), 2);
