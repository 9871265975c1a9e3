package erp

// Vocabulary of the distractor modules and the curated near-synonyms.

var (
	prio     = []string{"low", "medium", "high", "urgent"}
	severity = []string{"low", "medium", "high", "critical"}
)

var distractorModules = []*dModule{
	{
		name: "Fleet", prefix: "fleet_", hubs: []string{"employees", "locations", "suppliers", "cost_centers"},
		entities: []dEntity{
			ent("vehicles", "vehicle", "company vehicles (cars, vans, trucks)"), ent("drivers", "driver", "employees licensed to drive company vehicles"),
			ent("fuel_cards", "fuel_card", "fuel cards issued to drivers"), ent("fuel_transactions", "fuel_transaction", "fuel purchases made with fuel cards"),
			ent("vehicle_services", "vehicle_service", "vehicle service and repair visits"), ent("trips", "trip", "business trips driven in fleet vehicles"),
			ent("vehicle_inspections", "vehicle_inspection", "periodic roadworthiness inspections"), ent("traffic_fines", "traffic_fine", "traffic and parking fines"),
			ent("vehicle_leases", "vehicle_lease", "operating leases of fleet vehicles"), ent("accidents", "accident", "vehicle accidents and damage reports"),
			ent("telematics_events", "telematics_event", "GPS and engine events from vehicle trackers"), ent("tire_changes", "tire_change", "tire replacements"),
		},
		cols: []dColumn{
			col("license_plate", "text", "Vehicle registration plate"), col("vin", "text", "Vehicle identification number"), col("make", "text", ""),
			col("model", "text", ""), col("model_year", "smallint", ""), col("odometer_km", "integer", "Odometer reading in km"),
			col("fuel_liters", "numeric(8,2)", ""), col("fuel_cost", "numeric(10,2)", "Cost in USD"), col("distance_km", "numeric(10,1)", ""),
			col("route_code", "text", ""), col("service_date", "date", ""), col("next_service_date", "date", ""), col("lease_end_date", "date", ""),
			col("monthly_lease_cost", "numeric(10,2)", ""), col("fuel_type", "text", "", "diesel", "gasoline", "electric", "hybrid"),
		},
	},
	{
		name: "Facilities", prefix: "fac_", hubs: []string{"locations", "employees", "suppliers", "departments"},
		entities: []dEntity{
			ent("buildings", "building", "buildings on company sites"), ent("rooms", "room", "meeting rooms and offices"), ent("desks", "desk", "bookable desks"),
			ent("maintenance_requests", "maintenance_request", "facility repair requests"), ent("cleaning_schedules", "cleaning_schedule", "cleaning rotas per area"),
			ent("access_badges", "access_badge", "building access badges"), ent("parking_spaces", "parking_space", "parking spaces and permits"),
			ent("energy_meters", "energy_meter", "electricity, gas and water meters"), ent("meter_readings", "meter_reading", "utility meter readings"),
			ent("hvac_units", "hvac_unit", "heating, ventilation and air conditioning units"), ent("room_bookings", "room_booking", "meeting room reservations"),
			ent("visitor_logs", "visitor_log", "visitors signed in at reception"),
		},
		cols: []dColumn{
			col("floor", "smallint", ""), col("room_code", "text", ""), col("capacity", "integer", "Seats or people"), col("area_sqm", "numeric(10,2)", "Floor area in square meters"),
			col("badge_number", "text", ""), col("reading_value", "numeric(12,2)", ""), col("kwh", "numeric(12,2)", "Kilowatt hours"), col("scheduled_date", "date", ""),
			col("priority", "text", "", prio...), col("booked_from", "timestamptz", ""), col("booked_until", "timestamptz", ""), col("visitor_name", "text", ""),
		},
	},
	{
		name: "Marketing", prefix: "mkt_", hubs: []string{"customers", "products", "employees", "departments"},
		entities: []dEntity{
			ent("campaigns", "campaign", "marketing campaigns"), ent("campaign_channels", "campaign_channel", "channels used by campaigns"),
			ent("leads", "lead", "marketing leads before qualification"), ent("lead_sources", "lead_source", "where leads came from"),
			ent("email_sends", "email_send", "marketing emails sent"), ent("email_events", "email_event", "opens, clicks and bounces of marketing emails"),
			ent("web_sessions", "web_session", "website visits"), ent("landing_pages", "landing_page", "campaign landing pages"),
			ent("events", "event", "trade shows and webinars"), ent("event_registrations", "event_registration", "registrations for marketing events"),
			ent("content_assets", "content_asset", "brochures, whitepapers and videos"), ent("ad_spend", "ad_spend", "advertising spend by channel"),
			ent("promotions", "promotion", "price promotions"), ent("social_posts", "social_post", "social media posts"),
		},
		cols: []dColumn{
			col("campaign_code", "text", ""), col("channel", "text", "", "email", "social", "search", "display", "events"), col("budget_amount", "numeric(14,2)", "Planned spend"),
			col("spend_amount", "numeric(14,2)", "Actual spend"), col("impressions", "integer", ""), col("clicks", "integer", ""), col("conversions", "integer", ""),
			col("utm_source", "text", ""), col("start_date", "date", ""), col("end_date", "date", ""), col("open_rate", "numeric(5,2)", "Percent"),
		},
	},
	{
		name: "Compliance", prefix: "cmp_", hubs: []string{"employees", "departments", "customers", "suppliers"},
		entities: []dEntity{
			ent("policies", "policy", "corporate policies"), ent("policy_acknowledgements", "policy_acknowledgement", "employees' acknowledgement of policies"),
			ent("controls", "control", "internal controls"), ent("control_tests", "control_test", "tests of internal controls"), ent("incidents", "incident", "compliance incidents"),
			ent("regulatory_filings", "regulatory_filing", "filings with regulators"), ent("certifications", "certification", "company certifications (ISO, SOC 2)"),
			ent("whistleblower_reports", "whistleblower_report", "anonymous ethics hotline reports"), ent("sanctions_screenings", "sanctions_screening", "screenings of partners against sanctions lists"),
			ent("coi_disclosures", "coi_disclosure", "conflict of interest disclosures"), ent("privacy_requests", "privacy_request", "data subject access and deletion requests"),
			ent("retention_schedules", "retention_schedule", "record retention rules"),
		},
		cols: []dColumn{
			col("policy_code", "text", ""), col("regulation", "text", "", "SOX", "GDPR", "CCPA", "ISO27001", "OSHA"), col("severity", "text", "", severity...),
			col("due_date", "date", ""), col("filed_date", "date", ""), col("risk_score", "smallint", "1-25"), col("owner_name", "text", ""), col("evidence_url", "text", ""),
		},
	},
	{
		name: "Quality", prefix: "qms_", hubs: []string{"products", "suppliers", "customers", "employees", "work_orders", "warehouses"},
		entities: []dEntity{
			ent("nonconformances", "nonconformance", "nonconformance reports (NCRs)"), ent("corrective_actions", "corrective_action", "corrective actions (CAPA)"),
			ent("preventive_actions", "preventive_action", "preventive actions"), ent("audits", "audit", "internal quality audits"), ent("audit_findings", "audit_finding", "findings of quality audits"),
			ent("calibration_records", "calibration_record", "calibration of measuring equipment"), ent("gauges", "gauge", "measuring instruments"),
			ent("spc_samples", "spc_sample", "statistical process control samples"), ent("customer_complaints", "customer_complaint", "product quality complaints"),
			ent("supplier_audits", "supplier_audit", "audits of suppliers"), ent("inspection_plans", "inspection_plan", "inspection plans per product"), ent("defect_codes", "defect_code", "defect classification codes"),
		},
		cols: []dColumn{
			col("ncr_number", "text", ""), col("defect_type", "text", ""), col("root_cause", "text", ""),
			col("disposition", "text", "", "rework", "scrap", "use_as_is", "return_to_vendor"), col("quantity_affected", "integer", ""),
			col("measured_value", "numeric(12,4)", ""), col("lower_limit", "numeric(12,4)", ""), col("upper_limit", "numeric(12,4)", ""), col("closed_date", "date", ""),
		},
	},
	{
		name: "Legal", prefix: "legal_", hubs: []string{"customers", "suppliers", "employees", "departments"},
		entities: []dEntity{
			ent("contracts", "contract", "signed contracts with customers and suppliers"), ent("contract_clauses", "contract_clause", "key clauses of contracts"),
			ent("contract_renewals", "contract_renewal", "upcoming and past contract renewals"), ent("cases", "case", "litigation and disputes"), ent("holds", "hold", "legal holds on records"),
			ent("trademarks", "trademark", "registered trademarks"), ent("patents", "patent", "granted patents"), ent("ndas", "nda", "non-disclosure agreements"),
			ent("board_resolutions", "board_resolution", "board of directors resolutions"), ent("entities", "entity", "legal entities of the group"),
			ent("counsel_invoices", "counsel_invoice", "invoices from outside counsel"),
		},
		cols: []dColumn{
			col("contract_number", "text", ""), col("counterparty", "text", "Other party"), col("effective_date", "date", ""), col("expiry_date", "date", ""),
			col("auto_renew", "boolean", ""), col("contract_value", "numeric(14,2)", ""), col("jurisdiction", "text", ""), col("case_number", "text", ""), col("filing_date", "date", ""),
		},
	},
	{
		name: "Treasury", prefix: "trs_", hubs: []string{"bank_accounts", "currencies", "gl_accounts"},
		entities: []dEntity{
			ent("cash_positions", "cash_position", "daily cash positions per bank account"), ent("cash_forecasts", "cash_forecast", "13-week cash forecasts"),
			ent("bank_statements", "bank_statement", "imported bank statements"), ent("bank_statement_lines", "bank_statement_line", "transactions on bank statements"),
			ent("fx_contracts", "fx_contract", "foreign exchange forward contracts"), ent("loans", "loan", "loans and credit lines"), ent("loan_payments", "loan_payment", "loan repayments"),
			ent("investments", "investment", "short-term investments"), ent("intercompany_transfers", "intercompany_transfer", "cash moved between group companies"),
			ent("payment_batches", "payment_batch", "outgoing payment files"), ent("credit_facilities", "credit_facility", "committed credit facilities"),
		},
		cols: []dColumn{
			col("statement_date", "date", ""), col("value_date", "date", ""), col("amount", "numeric(14,2)", ""), col("counterparty_bank", "text", ""),
			col("maturity_date", "date", ""), col("interest_rate", "numeric(6,4)", "Annual rate"), col("notional_amount", "numeric(16,2)", ""), col("balance", "numeric(16,2)", ""),
		},
	},
	{
		name: "Logistics", prefix: "lgx_", hubs: []string{"warehouses", "customers", "suppliers", "sales_orders", "purchase_orders"},
		entities: []dEntity{
			ent("carriers", "carrier", "transport carriers"), ent("freight_rates", "freight_rate", "contracted freight rates by lane"), ent("routes", "route", "delivery routes"),
			ent("loads", "load", "truck loads"), ent("load_stops", "load_stop", "stops on a load"), ent("dock_appointments", "dock_appointment", "dock door appointments"),
			ent("proof_of_delivery", "pod", "signed proofs of delivery"), ent("freight_invoices", "freight_invoice", "carrier freight bills"),
			ent("customs_declarations", "customs_declaration", "import and export customs declarations"), ent("containers", "container", "shipping containers"),
			ent("pallets", "pallet", "pallets and their contents"), ent("delivery_exceptions", "delivery_exception", "late, damaged or refused deliveries"),
		},
		cols: []dColumn{
			col("carrier_code", "text", ""), col("scac", "text", "Standard carrier alpha code"), col("origin_city", "text", ""), col("destination_city", "text", ""),
			col("weight_kg", "numeric(10,2)", ""), col("volume_m3", "numeric(10,3)", ""), col("freight_cost", "numeric(12,2)", ""), col("hs_code", "text", "Harmonized tariff code"),
			col("container_number", "text", ""), col("eta", "date", "Estimated arrival"), col("pod_signed_by", "text", ""),
		},
	},
	{
		name: "E-commerce", prefix: "ecom_", hubs: []string{"customers", "products"},
		entities: []dEntity{
			ent("web_orders", "web_order", "orders placed in the web shop before ERP import"), ent("web_order_items", "web_order_item", "items of web shop orders"),
			ent("carts", "cart", "shopping carts"), ent("cart_items", "cart_item", "items in shopping carts"), ent("wishlists", "wishlist", "customer wishlists"),
			ent("product_reviews", "product_review", "customer product reviews"), ent("product_images", "product_image", "product images for the web shop"),
			ent("site_visitors", "site_visitor", "identified web shop visitors"), ent("checkout_sessions", "checkout_session", "checkout attempts"),
			ent("coupons", "coupon", "discount coupons"), ent("gift_cards", "gift_card", "gift cards"), ent("abandoned_carts", "abandoned_cart", "carts left without checkout"),
		},
		cols: []dColumn{
			col("session_key", "text", ""), col("device_type", "text", "", "desktop", "mobile", "tablet"), col("rating", "smallint", "1-5 stars"), col("review_text", "text", ""),
			col("sku", "text", ""), col("coupon_code", "text", ""), col("redeemed_at", "timestamptz", ""), col("cart_value", "numeric(12,2)", ""), col("currency_code", "char(3)", ""),
		},
	},
	{
		name: "IT", prefix: "itam_", hubs: []string{"employees", "locations", "suppliers", "departments"},
		entities: []dEntity{
			ent("hardware_assets", "hardware_asset", "laptops, monitors and phones"), ent("software_licenses", "software_license", "software license entitlements"),
			ent("license_assignments", "license_assignment", "licenses assigned to users"), ent("tickets", "ticket", "IT service desk tickets"), ent("ticket_comments", "ticket_comment", "comments on IT tickets"),
			ent("change_requests", "change_request", "IT change requests"), ent("servers", "server", "servers and virtual machines"), ent("network_devices", "network_device", "switches, routers and access points"),
			ent("ip_addresses", "ip_address", "IP address assignments"), ent("backups", "backup", "backup jobs"), ent("vulnerabilities", "vulnerability", "known vulnerabilities"),
			ent("saas_subscriptions", "saas_subscription", "SaaS subscriptions"),
		},
		cols: []dColumn{
			col("asset_tag", "text", ""), col("serial_number", "text", ""), col("hostname", "text", ""), col("ip", "text", ""), col("os_version", "text", ""),
			col("license_key", "text", ""), col("seats", "integer", ""), col("priority", "text", "", prio...), col("sla_due_at", "timestamptz", ""),
			col("resolved_at", "timestamptz", ""), col("cve_id", "text", ""), col("annual_cost", "numeric(12,2)", ""),
		},
	},
	{
		name: "CRM", prefix: "crm_", hubs: []string{"customers", "employees", "products"},
		entities: []dEntity{
			ent("opportunities", "opportunity", "sales opportunities in the pipeline"), ent("opportunity_products", "opportunity_product", "products quoted on opportunities"),
			ent("activities", "activity", "sales activities (calls, emails, visits)"), ent("call_logs", "call_log", "logged sales calls"), ent("meeting_notes", "meeting_note", "customer meeting notes"),
			ent("competitors", "competitor", "competitors met in deals"), ent("customer_segments", "customer_segment", "marketing segments of customers"),
			ent("account_plans", "account_plan", "strategic account plans"), ent("nps_surveys", "nps_survey", "net promoter score surveys"),
			ent("churn_predictions", "churn_prediction", "predicted churn risk per customer"), ent("partner_accounts", "partner_account", "channel partners"),
			ent("deal_registrations", "deal_registration", "partner deal registrations"),
		},
		cols: []dColumn{
			col("stage", "text", "", "prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"), col("probability", "smallint", "Percent"),
			col("expected_close_date", "date", ""), col("amount", "numeric(14,2)", ""), col("next_step", "text", ""), col("nps_score", "smallint", "0-10"),
			col("churn_risk", "numeric(5,4)", ""), col("contact_email", "text", ""),
		},
	},
	{
		name: "Recruiting", prefix: "rec_", hubs: []string{"departments", "positions", "employees", "locations"},
		entities: []dEntity{
			ent("job_requisitions", "job_requisition", "approved openings to hire for"), ent("job_postings", "job_posting", "job ads"), ent("candidates", "candidate", "job candidates"),
			ent("applications", "application", "applications for job postings"), ent("interviews", "interview", "scheduled interviews"), ent("interview_feedback", "interview_feedback", "interviewer scorecards"),
			ent("offers", "offer", "job offers"), ent("background_checks", "background_check", "background checks"), ent("referrals", "referral", "employee referrals"),
			ent("agencies", "agency", "recruitment agencies"), ent("onboarding_tasks", "onboarding_task", "onboarding checklist items for new hires"),
			ent("talent_pools", "talent_pool", "pools of candidates for future roles"),
		},
		cols: []dColumn{
			col("candidate_email", "text", ""), col("source", "text", "", "referral", "job_board", "agency", "career_site", "linkedin"),
			col("stage", "text", "", "applied", "screening", "interview", "offer", "hired", "rejected"), col("offer_salary", "numeric(12,2)", ""),
			col("interview_date", "date", ""), col("rating", "smallint", "1-5"), col("posted_date", "date", ""),
		},
	},
	{
		name: "Learning", prefix: "lms_", hubs: []string{"employees", "training_courses", "departments"},
		entities: []dEntity{
			ent("learning_paths", "learning_path", "curated sequences of courses"), ent("path_courses", "path_course", "courses in learning paths"),
			ent("webinars", "webinar", "live online sessions"), ent("webinar_attendance", "webinar_attendance", "who attended webinars"),
			ent("assessments", "assessment", "quizzes and exams"), ent("assessment_results", "assessment_result", "scores on assessments"), ent("skills", "skill", "skills catalogue"),
			ent("skill_ratings", "skill_rating", "employees' self-rated skills"), ent("mentoring_pairs", "mentoring_pair", "mentor and mentee pairs"),
			ent("external_trainings", "external_training", "training taken with outside providers"), ent("learning_budgets", "learning_budget", "training budget per team"),
		},
		cols: []dColumn{
			col("score", "numeric(5,1)", ""), col("passed", "boolean", ""), col("duration_minutes", "integer", ""), col("provider", "text", ""),
			col("completion_date", "date", ""), col("expiry_date", "date", ""), col("budget_amount", "numeric(12,2)", ""),
		},
	},
	{
		name: "Tax", prefix: "tax_", hubs: []string{"customers", "suppliers", "gl_accounts", "fiscal_periods"},
		entities: []dEntity{
			ent("returns", "return", "corporate tax returns"), ent("payments", "payment", "tax payments"), ent("withholding_certificates", "withholding_certificate", "withholding certificates"),
			ent("vat_returns", "vat_return", "VAT and sales tax returns"), ent("jurisdictions", "jurisdiction", "tax jurisdictions"), ent("nexus_registrations", "nexus_registration", "sales tax nexus registrations"),
			ent("exemption_certificates", "exemption_certificate", "customer tax exemption certificates"), ent("transfer_pricing_docs", "transfer_pricing_doc", "transfer pricing documentation"),
			ent("provisions", "provision", "income tax provisions"), ent("audits", "audit", "tax authority audits"),
		},
		cols: []dColumn{
			col("tax_year", "smallint", ""), col("jurisdiction_code", "text", ""), col("filing_due_date", "date", ""), col("filed_date", "date", ""),
			col("taxable_amount", "numeric(14,2)", ""), col("tax_amount", "numeric(14,2)", ""), col("certificate_number", "text", ""),
		},
	},
	{
		name: "Audit", prefix: "aud_", hubs: []string{"employees", "departments", "gl_accounts"},
		entities: []dEntity{
			ent("plans", "plan", "yearly internal audit plans"), ent("engagements", "engagement", "internal audit engagements"), ent("workpapers", "workpaper", "audit workpapers"),
			ent("issues", "issue", "audit issues"), ent("management_responses", "management_response", "management responses to audit issues"),
			ent("sox_controls", "sox_control", "SOX key controls"), ent("control_owners", "control_owner", "owners of key controls"), ent("samples", "sample", "audit samples"),
			ent("committee_minutes", "committee_minute", "audit committee minutes"), ent("pbc_requests", "pbc_request", "external auditor requests (prepared by client)"),
		},
		cols: []dColumn{
			col("fiscal_year", "smallint", ""), col("risk_rating", "text", "", "low", "medium", "high"), col("due_date", "date", ""), col("finding", "text", ""),
			col("sample_size", "integer", ""), col("exceptions_found", "integer", ""),
		},
	},
	{
		name: "Risk", prefix: "risk_", hubs: []string{"departments", "suppliers", "locations", "employees"},
		entities: []dEntity{
			ent("register", "risk", "enterprise risk register"), ent("assessments", "assessment", "risk assessments"), ent("mitigation_plans", "mitigation_plan", "risk mitigation plans"),
			ent("indicators", "indicator", "key risk indicators"), ent("insurance_policies", "insurance_policy", "insurance policies held"), ent("insurance_claims", "insurance_claim", "insurance claims filed"),
			ent("continuity_plans", "continuity_plan", "business continuity plans"), ent("crisis_contacts", "crisis_contact", "crisis management contacts"),
			ent("third_party_risks", "third_party_risk", "risks from suppliers and partners"), ent("loss_events", "loss_event", "operational loss events"),
		},
		cols: []dColumn{
			col("likelihood", "smallint", "1-5"), col("impact", "smallint", "1-5"), col("risk_score", "smallint", "likelihood x impact"), col("premium_amount", "numeric(12,2)", ""),
			col("coverage_limit", "numeric(16,2)", ""), col("claim_amount", "numeric(14,2)", ""), col("deductible", "numeric(12,2)", ""), col("review_date", "date", ""),
		},
	},
	{
		name: "Sustainability", prefix: "esg_", hubs: []string{"locations", "suppliers", "warehouses", "fiscal_periods"},
		entities: []dEntity{
			ent("emissions", "emission", "greenhouse gas emissions by source"), ent("energy_consumption", "energy_consumption", "energy use per site"), ent("waste_records", "waste_record", "waste produced and disposed"),
			ent("water_usage", "water_usage", "water consumption per site"), ent("carbon_offsets", "carbon_offset", "purchased carbon offsets"), ent("supplier_scores", "supplier_score", "supplier ESG ratings"),
			ent("targets", "target", "sustainability targets"), ent("recycling_batches", "recycling_batch", "material sent for recycling"), ent("reports", "report", "published ESG reports"),
			ent("diversity_metrics", "diversity_metric", "workforce diversity statistics"),
		},
		cols: []dColumn{
			col("scope", "smallint", "GHG protocol scope 1-3"), col("co2e_tonnes", "numeric(12,3)", "Tonnes of CO2 equivalent"), col("kwh", "numeric(14,2)", ""),
			col("waste_kg", "numeric(12,2)", ""), col("water_m3", "numeric(12,2)", ""), col("reporting_period", "text", ""),
		},
	},
	{
		name: "Real Estate", prefix: "re_", hubs: []string{"locations", "departments", "suppliers", "cost_centers"},
		entities: []dEntity{
			ent("leases", "lease", "property leases"), ent("lease_payments", "lease_payment", "rent payments"), ent("properties", "property", "owned and leased properties"),
			ent("property_taxes", "property_tax", "property tax bills"), ent("space_allocations", "space_allocation", "office space allocated to departments"),
			ent("subleases", "sublease", "space sublet to others"), ent("landlord_contacts", "landlord_contact", "landlord contacts"), ent("lease_amendments", "lease_amendment", "amendments to leases"),
			ent("occupancy_stats", "occupancy_stat", "office occupancy statistics"), ent("capex_projects", "capex_project", "building capital projects"),
		},
		cols: []dColumn{
			col("monthly_rent", "numeric(12,2)", ""), col("lease_start", "date", ""), col("lease_end", "date", ""), col("square_feet", "integer", ""),
			col("escalation_pct", "numeric(5,2)", "Yearly rent escalation"), col("occupancy_pct", "numeric(5,2)", ""),
		},
	},
	{
		name: "Customer Service", prefix: "svc_", hubs: []string{"customers", "employees", "products", "sales_orders"},
		entities: []dEntity{
			ent("tickets", "ticket", "customer support tickets"), ent("ticket_messages", "ticket_message", "messages on support tickets"), ent("sla_policies", "sla_policy", "service level agreements"),
			ent("escalations", "escalation", "escalated support cases"), ent("knowledge_articles", "knowledge_article", "help center articles"), ent("chat_sessions", "chat_session", "live chat sessions"),
			ent("csat_surveys", "csat_survey", "customer satisfaction surveys"), ent("warranty_claims", "warranty_claim", "warranty claims"), ent("service_contracts", "service_contract", "customer service contracts"),
			ent("field_visits", "field_visit", "technician visits to customer sites"), ent("callback_requests", "callback_request", "customer callback requests"),
		},
		cols: []dColumn{
			col("ticket_number", "text", ""), col("channel", "text", "", "email", "phone", "chat", "portal"), col("priority", "text", "", prio...),
			col("first_response_at", "timestamptz", ""), col("resolved_at", "timestamptz", ""), col("csat_score", "smallint", "1-5"), col("warranty_end", "date", ""),
		},
	},
	{
		name: "R&D", prefix: "rnd_", hubs: []string{"products", "employees", "projects"},
		entities: []dEntity{
			ent("research_projects", "research_project", "research projects"), ent("experiments", "experiment", "lab experiments"), ent("lab_samples", "lab_sample", "samples tested in the lab"),
			ent("prototypes", "prototype", "product prototypes"), ent("design_reviews", "design_review", "engineering design reviews"),
			ent("engineering_changes", "engineering_change", "engineering change orders"), ent("test_results", "test_result", "product test results"),
			ent("invention_disclosures", "invention_disclosure", "invention disclosures"), ent("lab_equipment", "lab_equipment", "laboratory equipment"), ent("material_specs", "material_spec", "material specifications"),
		},
		cols: []dColumn{
			col("hypothesis", "text", ""), col("sample_code", "text", ""), col("result_value", "numeric(12,4)", ""), col("revision", "text", ""), col("approved_date", "date", ""),
			col("test_method", "text", ""),
		},
	},
	{
		name: "Data Warehouse", prefix: "dw_", hubs: []string{"customers", "products", "employees", "gl_accounts", "warehouses", "fiscal_periods"},
		entities: []dEntity{
			ent("fact_sales", "fact_sales", "sales fact table for BI, one row per order line"), ent("fact_inventory", "fact_inventory", "daily inventory fact table"),
			ent("fact_gl", "fact_gl", "general ledger fact table"), ent("fact_headcount", "fact_headcount", "monthly headcount fact table"), ent("dim_customer", "dim_customer", "customer dimension"),
			ent("dim_product", "dim_product", "product dimension"), ent("dim_date", "dim_date", "calendar dimension"), ent("dim_employee", "dim_employee", "employee dimension (SCD2)"),
			ent("agg_sales_monthly", "agg_sales_monthly", "monthly sales aggregate"), ent("etl_runs", "etl_run", "ETL job runs"), ent("data_quality_checks", "data_quality_check", "data quality check results"),
		},
		cols: []dColumn{
			col("date_key", "integer", "yyyymmdd"), col("net_amount", "numeric(16,2)", ""), col("quantity", "numeric(14,3)", ""), col("row_hash", "text", ""),
			col("valid_from", "date", ""), col("valid_to", "date", ""), col("is_current", "boolean", ""), col("loaded_at", "timestamptz", ""),
		},
	},
	{
		name: "Security", prefix: "sec_", hubs: []string{"employees", "departments", "locations"},
		entities: []dEntity{
			ent("access_requests", "access_request", "requests for system access"), ent("role_assignments", "role_assignment", "application roles granted to users"),
			ent("user_accounts", "user_account", "application user accounts"), ent("login_events", "login_event", "successful and failed logins"), ent("password_resets", "password_reset", "password reset requests"),
			ent("incidents", "incident", "security incidents"), ent("badge_events", "badge_event", "door badge swipes"), ent("privileged_sessions", "privileged_session", "privileged access sessions"),
			ent("data_classifications", "data_classification", "data classification labels"), ent("api_keys", "api_key", "API keys issued to integrations"),
		},
		cols: []dColumn{
			col("username", "text", ""), col("role_name", "text", ""), col("granted_at", "timestamptz", ""), col("revoked_at", "timestamptz", ""), col("source_ip", "text", ""),
			col("event_type", "text", "", "login", "logout", "failed_login", "mfa_challenge"), col("severity", "text", "", severity...),
		},
	},
	{
		name: "Field Service", prefix: "fsm_", hubs: []string{"customers", "employees", "products", "warehouses"},
		entities: []dEntity{
			ent("service_orders", "service_order", "field service work orders"), ent("technician_schedules", "technician_schedule", "technician shifts and availability"),
			ent("parts_used", "part_used", "spare parts consumed on service orders"), ent("site_surveys", "site_survey", "pre-installation site surveys"),
			ent("installed_base", "installed_unit", "equipment installed at customer sites"), ent("service_routes", "service_route", "daily technician routes"),
			ent("travel_logs", "travel_log", "technician travel time"), ent("checklists", "checklist", "service checklists"), ent("preventive_plans", "preventive_plan", "preventive maintenance plans for installed equipment"),
		},
		cols: []dColumn{
			col("scheduled_start", "timestamptz", ""), col("scheduled_end", "timestamptz", ""), col("serial_number", "text", ""), col("labor_hours", "numeric(6,2)", ""),
			col("travel_minutes", "integer", ""), col("install_date", "date", ""), col("warranty_end", "date", ""),
		},
	},
	{
		name: "HR", prefix: "hrx_", hubs: []string{"employees", "departments", "positions", "locations"},
		entities: []dEntity{
			ent("employee_documents", "employee_document", "documents in personnel files"), ent("work_permits", "work_permit", "visas and work permits"),
			ent("relocations", "relocation", "employee relocation cases"), ent("disciplinary_actions", "disciplinary_action", "disciplinary warnings"), ent("grievances", "grievance", "employee grievances"),
			ent("engagement_surveys", "engagement_survey", "employee engagement surveys"), ent("survey_responses", "survey_response", "answers to engagement surveys"),
			ent("wellness_participants", "wellness_participant", "wellness program participation"), ent("employee_loans", "employee_loan", "salary advances and employee loans"),
			ent("garnishments", "garnishment", "wage garnishment orders"), ent("union_memberships", "union_membership", "union memberships"), ent("shift_schedules", "shift_schedule", "shift rosters"),
		},
		cols: []dColumn{
			col("document_type", "text", ""), col("expiry_date", "date", ""), col("issued_date", "date", ""), col("amount", "numeric(12,2)", ""), col("score", "smallint", ""),
			col("shift_start", "timestamptz", ""), col("shift_end", "timestamptz", ""), col("case_number", "text", ""),
		},
	},
	{
		name: "Time & Attendance", prefix: "tna_", hubs: []string{"employees", "departments", "locations", "projects"},
		entities: []dEntity{
			ent("clock_events", "clock_event", "clock-in and clock-out punches"), ent("shifts", "shift", "planned shifts"), ent("shift_swaps", "shift_swap", "shift swap requests"),
			ent("overtime_requests", "overtime_request", "overtime requests"), ent("attendance_exceptions", "attendance_exception", "late arrivals and missed punches"),
			ent("weekly_timecards", "weekly_timecard", "weekly timecards for hourly staff"), ent("on_call_rotations", "on_call_rotation", "on-call rotations"), ent("absence_records", "absence_record", "unplanned absences"),
		},
		cols: []dColumn{
			col("punch_time", "timestamptz", ""), col("hours_worked", "numeric(5,2)", ""), col("overtime_hours", "numeric(5,2)", ""), col("work_date", "date", ""),
			col("approved", "boolean", ""), col("reason", "text", ""),
		},
	},
	{
		name: "Product Lifecycle", prefix: "plm_", hubs: []string{"products", "suppliers", "employees"},
		entities: []dEntity{
			ent("product_versions", "product_version", "released product versions"), ent("specifications", "specification", "product specifications"), ent("drawings", "drawing", "engineering drawings"),
			ent("bom_versions", "bom_version", "versions of bills of materials"), ent("change_notices", "change_notice", "engineering change notices"), ent("compliance_declarations", "compliance_declaration", "RoHS and REACH declarations"),
			ent("certifications", "certification", "product certifications (UL, CE)"), ent("packaging_specs", "packaging_spec", "packaging specifications"), ent("launch_plans", "launch_plan", "product launch plans"),
			ent("eol_notices", "eol_notice", "end-of-life notices"),
		},
		cols: []dColumn{
			col("version_label", "text", ""), col("revision", "text", ""), col("released_date", "date", ""), col("document_url", "text", ""), col("effective_date", "date", ""),
		},
	},
	{
		name: "Travel", prefix: "trv_", hubs: []string{"employees", "projects", "departments", "currencies"},
		entities: []dEntity{
			ent("requests", "request", "pre-trip travel approvals"), ent("bookings", "booking", "travel agency bookings"), ent("hotel_stays", "hotel_stay", "hotel stays"),
			ent("flight_segments", "flight_segment", "flight segments"), ent("per_diem_rates", "per_diem_rate", "daily allowance rates by city"), ent("policies", "policy", "travel policies"),
			ent("corporate_cards", "corporate_card", "corporate credit cards"), ent("card_transactions", "card_transaction", "corporate card transactions"), ent("mileage_logs", "mileage_log", "private car mileage claims"),
		},
		cols: []dColumn{
			col("destination", "text", ""), col("depart_date", "date", ""), col("return_date", "date", ""), col("fare_amount", "numeric(10,2)", ""), col("nights", "smallint", ""),
			col("card_last4", "text", ""), col("merchant", "text", ""), col("miles", "numeric(8,1)", ""),
		},
	},
}

// nearSynonyms resemble core tables closely enough to compete with them in
// retrieval: archives, legacy copies, staging and neighbouring concepts.
var nearSynonyms = []nearSynonym{
	// HR
	{
		"hr_staff_directory_archive", "HR", "Archived staff directory exported from the old HR system in 2019; not maintained.",
		[]string{"staff list", "employee directory"},
		"staff_id:i, full_name:t, job_title:t, department_name:t, office_phone:t, email:t, archived_at:ts",
	},
	{
		"employee_master_legacy", "HR", "Employee master from the legacy payroll system, read-only since the 2021 migration.",
		[]string{"legacy employees"},
		"legacy_employee_id:i, employee_id>employees, emp_name:t, hire_dt:d, term_dt:d, dept_code:t, grade:t",
	},
	{
		"staff_roster_2019", "HR", "Staff roster snapshot taken at the end of 2019.", nil,
		"roster_id:i, employee_name:t, department:t, manager_name:t, fte:p, snapshot_date:d",
	},
	{
		"former_employees_archive", "HR", "Former employees removed from the active directory (archive).",
		[]string{"ex-employees", "alumni"},
		"archive_id:i, employee_id>employees, last_title:t, exit_date:d, rehire_eligible:b",
	},
	{
		"org_chart_snapshot", "HR", "Quarterly snapshot of the reporting lines for org-chart publishing.",
		[]string{"organization chart"},
		"snapshot_id:i, employee_id>employees, manager_employee_id>employees, department_id>departments, level:s, snapshot_date:d",
	},
	{
		"employee_contact_export", "HR", "Employee contact details exported for the phone system.", nil,
		"export_id:i, employee_id>employees, work_phone:t, mobile_phone:t, extension:t, exported_at:ts",
	},
	{
		"contractor_directory", "HR", "External contractors and agency workers (not employees).",
		[]string{"contingent workers", "freelancers"},
		"contractor_id:i, first_name:t, last_name:t, agency_name:t, supplier_id>suppliers, department_id>departments, start_date:d, end_date:d, hourly_rate:n",
	},
	{
		"dept_headcount_monthly", "HR", "Monthly headcount per department computed by the HR data mart.",
		[]string{"headcount report"},
		"headcount_id:i, department_id>departments, month_start:d, headcount:i, fte:q, hires:i, leavers:i",
	},
	{
		"employee_absences_legacy", "HR", "Absence records from the legacy time system (2015-2020).", nil,
		"absence_id:i, employee_id>employees, absence_code:t, from_date:d, to_date:d, hours:q",
	},
	{
		"headcount_plan", "HR", "Planned headcount per department and quarter.",
		[]string{"workforce plan"},
		"plan_id:i, department_id>departments, fiscal_year:s, quarter:s, planned_headcount:i, planned_cost:n",
	},
	{
		"training_sessions", "HR", "Scheduled classroom sessions of training courses.",
		[]string{"classes"},
		"session_id:i, course_id>training_courses, session_date:d, location_id>locations, instructor_name:t, seats:i",
	},
	{
		"training_attendance_log", "HR", "Attendance sign-in sheets of training sessions (scanned).", nil,
		"attendance_id:i, session_id>training_sessions, employee_id>employees, attended:b, signed_at:ts",
	},
	{
		"employee_certifications", "HR", "Professional certifications held by employees (PMP, CPA, forklift licence).",
		[]string{"licences", "qualifications"},
		"certification_id:i, employee_id>employees, certification_name:t, issued_date:d, expiry_date:d, issuer:t",
	},
	{
		"employee_skills", "HR", "Skills and proficiency levels per employee.",
		[]string{"competencies"},
		"employee_skill_id:i, employee_id>employees, skill_name:t, proficiency:s, assessed_date:d",
	},
	// Payroll
	{
		"payroll_register_archive", "Payroll", "Payroll register from the previous payroll provider (before 2023).", nil,
		"register_id:i, employee_id>employees, pay_date:d, gross_amount:n, net_amount:n, tax_amount:n",
	},
	{
		"salary_bands_legacy", "Payroll", "Salary bands of the 2018 grading scheme, superseded by positions.", nil,
		"band_id:i, grade:t, band_min:n, band_mid:n, band_max:n, currency_code>currencies",
	},
	{
		"compensation_reviews", "Payroll", "Annual compensation review proposals per employee.",
		[]string{"merit review", "pay review"},
		"review_id:i, employee_id>employees, review_year:s, current_salary:n, proposed_salary:n, proposed_increase_pct:p, approved:b",
	},
	{
		"benefit_plan_rates", "Payroll", "Premium rates of benefit plans by coverage tier and plan year.",
		[]string{"premiums"},
		"rate_id:i, plan_code:t, coverage_tier:t, plan_year:s, employer_rate:n, employee_rate:n",
	},
	{
		"benefits_enrollment_import", "Payroll", "Open-enrollment elections imported from the benefits portal (staging).", nil,
		"import_id:i, employee_number:t, plan_code:t, coverage_tier:t, election_date:d, processed:b",
	},
	{
		"payroll_tax_filings", "Payroll", "Quarterly payroll tax filings.", nil,
		"filing_id:i, fiscal_year:s, quarter:s, jurisdiction:t, wages_reported:n, tax_due:n, filed_date:d",
	},
	{
		"bonus_pool_allocations", "Payroll", "Bonus pool allocated to each department per year.", nil,
		"allocation_id:i, department_id>departments, fiscal_year:s, pool_amount:n, allocated_amount:n",
	},
	{
		"employee_pay_history_legacy", "Payroll", "Pay rate history from the legacy HR system.", nil,
		"pay_history_id:i, employee_id>employees, rate_type:t, rate:n, from_date:d, to_date:d",
	},
	// Sales
	{
		"sales_quotes", "Sales", "Sales quotations sent to customers before an order.",
		[]string{"quotes", "quotations", "proposals"},
		"quote_id:i, quote_number:t, customer_id>customers, sales_rep_id>employees, quote_date:d, valid_until:d, total_amount:n, status:t",
	},
	{
		"sales_quote_lines", "Sales", "Lines of sales quotations.",
		[]string{"quote lines"},
		"quote_line_id:i, quote_id>sales_quotes, product_id>products, quantity:i, unit_price:n, line_total:n",
	},
	{
		"sales_opportunities", "Sales", "Opportunities tracked by the sales team before quoting.",
		[]string{"pipeline", "deals"},
		"opportunity_id:i, customer_id>customers, owner_id>employees, stage:t, amount:n, close_date:d, probability:p",
	},
	{
		"customer_master_stg", "Sales", "Staging copy of the customer master loaded nightly from the CRM; contains duplicates.", nil,
		"stg_id:i, crm_account_id:t, customer_name:t, country:t, industry:t, loaded_at:ts",
	},
	{
		"customer_accounts_legacy", "Sales", "Customer accounts from the legacy order system.",
		[]string{"old customers"},
		"legacy_account_id:i, customer_id>customers, account_name:t, credit_limit:n, closed:b",
	},
	{
		"order_history_archive", "Sales", "Archived sales orders before 2020.",
		[]string{"old orders"},
		"archive_order_id:i, order_no:t, customer_id>customers, order_date:d, amount_total:n, order_status:t",
	},
	{
		"sales_order_archive_2019", "Sales", "Sales order headers of fiscal 2019 (archive).", nil,
		"order_id:i, customer_id>customers, order_date:d, net_amount:n, tax:n, gross_amount:n",
	},
	{
		"invoice_archive_2019", "Sales", "Customer invoices of fiscal 2019 (archive).", nil,
		"invoice_id:i, customer_id>customers, invoice_date:d, invoice_total:n, paid:b",
	},
	{
		"sales_targets_legacy", "Sales", "Yearly sales targets per region from the 2020 planning tool.", nil,
		"target_id:i, region:t, target_year:s, target_amount:n",
	},
	{
		"commission_plans", "Sales", "Commission plans and rates for sales roles.",
		[]string{"comp plans"},
		"plan_id:i, plan_name:t, position_id>positions, rate_pct:p, accelerator_pct:p, effective_from:d, effective_to:d",
	},
	{
		"commission_payouts", "Sales", "Calculated commission payouts per rep and quarter (before payroll).", nil,
		"payout_id:i, employee_id>employees, fiscal_year:s, quarter:s, bookings:n, payout_amount:n",
	},
	{
		"customer_credit_reviews", "Sales", "Periodic credit reviews of customers.",
		[]string{"credit checks"},
		"review_id:i, customer_id>customers, review_date:d, old_limit:n, new_limit:n, reviewer_id>employees",
	},
	{
		"customer_price_agreements", "Sales", "Negotiated customer-specific prices.",
		[]string{"contract prices", "special prices"},
		"agreement_id:i, customer_id>customers, product_id>products, agreed_price:n, valid_from:d, valid_to:d",
	},
	{
		"backorders", "Sales", "Order lines waiting for stock.",
		[]string{"back orders"},
		"backorder_id:i, sales_order_id>sales_orders, product_id>products, quantity_open:i, expected_date:d",
	},
	// Inventory
	{
		"product_catalog_snapshot", "Inventory", "Published product catalog snapshot for the web shop.",
		[]string{"catalog"},
		"snapshot_id:i, product_id>products, catalog_name:t, catalog_price:n, published_at:ts",
	},
	{
		"product_master_import", "Inventory", "Product data imported from the PLM system (staging).", nil,
		"import_id:i, item_code:t, item_description:t, price:n, cost:n, imported_at:ts",
	},
	{
		"item_master_legacy", "Inventory", "Item master of the legacy ERP.",
		[]string{"old items"},
		"item_id:i, product_id>products, item_no:t, item_name:t, std_cost:n, sales_price:n, obsolete:b",
	},
	{
		"product_price_history", "Inventory", "History of list price changes per product.",
		[]string{"price changes"},
		"price_history_id:i, product_id>products, old_price:n, new_price:n, changed_on:d, changed_by>employees",
	},
	{
		"product_cost_history", "Inventory", "History of standard cost changes per product.",
		[]string{"cost changes"},
		"cost_history_id:i, product_id>products, old_cost:n, new_cost:n, effective_date:d",
	},
	{
		"sku_aliases", "Inventory", "Alternative SKUs (customer and supplier part numbers) of products.",
		[]string{"part numbers", "cross references"},
		"alias_id:i, product_id>products, alias_sku:t, alias_type:t",
	},
	{
		"inventory_snapshot_monthly", "Inventory", "Month-end stock on hand per product and warehouse.",
		[]string{"stock snapshot"},
		"snapshot_id:i, warehouse_id>warehouses, product_id>products, month_end:d, qty_on_hand:i, stock_value:n",
	},
	{
		"stock_levels_legacy", "Inventory", "Stock levels of the legacy warehouse system (frozen 2021).", nil,
		"legacy_stock_id:i, warehouse_code:t, item_no:t, qty:i, last_updated:d",
	},
	{
		"warehouse_bins", "Inventory", "Storage bins within warehouses.",
		[]string{"bin locations", "storage locations"},
		"bin_id:i, warehouse_id>warehouses, bin_code:t, zone:t, max_weight_kg:q",
	},
	{
		"warehouse_zones", "Inventory", "Zones (picking, bulk, cold) inside warehouses.", nil,
		"zone_id:i, warehouse_id>warehouses, zone_code:t, zone_type:t, temperature_controlled:b",
	},
	{
		"stock_reservations", "Inventory", "Stock reserved for specific orders.",
		[]string{"allocations"},
		"reservation_id:i, warehouse_id>warehouses, product_id>products, sales_order_id>sales_orders, quantity:i, reserved_at:ts",
	},
	// Procurement
	{
		"vendor_master_legacy", "Procurement", "Vendor master of the legacy ERP.",
		[]string{"old vendors"},
		"vendor_id:i, supplier_id>suppliers, vendor_name:t, vendor_status:t, tax_id:t",
	},
	{
		"vendor_contacts", "Procurement", "Contact people at suppliers.",
		[]string{"supplier contacts"},
		"vendor_contact_id:i, supplier_id>suppliers, contact_name:t, email:t, phone:t, is_primary:b",
	},
	{
		"vendor_scorecards", "Procurement", "Quarterly supplier performance scorecards.",
		[]string{"supplier ratings"},
		"scorecard_id:i, supplier_id>suppliers, fiscal_year:s, quarter:s, on_time_pct:p, quality_pct:p, overall_score:p",
	},
	{
		"purchase_order_archive", "Procurement", "Purchase orders before 2021 (archive).",
		[]string{"old POs"},
		"archive_po_id:i, po_no:t, supplier_id>suppliers, po_date:d, po_total:n, po_status:t",
	},
	{
		"po_approval_log", "Procurement", "Approval history of purchase orders.", nil,
		"approval_id:i, purchase_order_id>purchase_orders, approver_id>employees, approved_at:ts, decision:t",
	},
	{
		"rfq_requests", "Procurement", "Requests for quotation sent to suppliers.",
		[]string{"RFQs", "tenders"},
		"rfq_id:i, rfq_number:t, product_id>products, quantity:i, issued_date:d, due_date:d",
	},
	{
		"rfq_responses", "Procurement", "Supplier responses to requests for quotation.",
		[]string{"bids"},
		"response_id:i, rfq_id>rfq_requests, supplier_id>suppliers, quoted_price:n, lead_time_days:i, awarded:b",
	},
	{
		"supplier_certifications", "Procurement", "Certifications held by suppliers (ISO 9001, ...).", nil,
		"supplier_cert_id:i, supplier_id>suppliers, certificate:t, valid_until:d",
	},
	{
		"blanket_purchase_agreements", "Procurement", "Framework agreements with suppliers for repeated purchases.",
		[]string{"framework agreements", "blanket orders"},
		"agreement_id:i, supplier_id>suppliers, product_id>products, agreed_price:n, committed_quantity:i, valid_from:d, valid_to:d",
	},
	// Finance
	{
		"gl_account_mappings", "Finance", "Mapping of legacy account codes to the current chart of accounts.",
		[]string{"account mapping"},
		"mapping_id:i, legacy_account_code:t, account_id>gl_accounts, valid_from:d",
	},
	{
		"gl_balances_monthly", "Finance", "Month-end balance per GL account computed by the close process.",
		[]string{"account balances", "ledger balances"},
		"balance_id:i, account_id>gl_accounts, fiscal_period_id>fiscal_periods, opening_balance:n, period_debits:n, period_credits:n, closing_balance:n",
	},
	{
		"journal_import_batches", "Finance", "Batches of journal entries imported from subsidiary ledgers.", nil,
		"batch_id:i, source_system:t, imported_at:ts, entry_count:i, total_debits:n, status:t",
	},
	{
		"ledger_entries_legacy", "Finance", "General ledger entries of the legacy ERP (before 2023).",
		[]string{"old journal"},
		"legacy_entry_id:i, account_id>gl_accounts, posting_date:d, amount:n, dc_flag:t, narrative:t",
	},
	{
		"trial_balance_snapshot", "Finance", "Trial balance snapshot saved at each period close.",
		[]string{"TB snapshot"},
		"snapshot_id:i, fiscal_period_id>fiscal_periods, account_id>gl_accounts, debit_total:n, credit_total:n, saved_at:ts",
	},
	{
		"budget_forecasts", "Finance", "Rolling forecasts per department and account.",
		[]string{"forecasts", "reforecast"},
		"forecast_id:i, department_id>departments, account_id>gl_accounts, fiscal_period_id>fiscal_periods, forecast_amount:n, version_label:t",
	},
	{
		"cost_allocation_rules", "Finance", "Rules allocating shared costs to cost centers.", nil,
		"rule_id:i, source_cost_center_id>cost_centers, target_cost_center_id>cost_centers, allocation_pct:p",
	},
	{
		"accounting_periods_legacy", "Finance", "Accounting periods of the legacy ERP.", nil,
		"legacy_period_id:i, period_code:t, period_start:d, period_end:d, closed:b",
	},
	{
		"ar_aging_snapshot", "Finance", "Accounts receivable aging saved at month end.",
		[]string{"AR aging"},
		"aging_id:i, customer_id>customers, snapshot_date:d, current_amount:n, days_30:n, days_60:n, days_90_plus:n",
	},
	{
		"ap_aging_snapshot", "Finance", "Accounts payable aging saved at month end.",
		[]string{"AP aging"},
		"aging_id:i, supplier_id>suppliers, snapshot_date:d, current_amount:n, days_30:n, days_60:n, days_90_plus:n",
	},
	{
		"revenue_recognition_schedules", "Finance", "Revenue recognition schedules for multi-period contracts.",
		[]string{"rev rec"},
		"schedule_id:i, customer_id>customers, project_id>projects, recognize_date:d, amount:n, recognized:b",
	},
	{
		"intercompany_balances", "Finance", "Balances between group companies.", nil,
		"ic_balance_id:i, from_entity:t, to_entity:t, fiscal_period_id>fiscal_periods, amount:n, currency_code>currencies",
	},
	// Projects
	{
		"project_status_reports", "Projects", "Weekly status reports of projects.",
		[]string{"status updates"},
		"report_id:i, project_id>projects, report_date:d, overall_status:t, percent_complete:p, author_id>employees",
	},
	{
		"project_risks", "Projects", "Risks logged on projects.", nil,
		"project_risk_id:i, project_id>projects, description:t, probability:s, impact:s, owner_id>employees",
	},
	{
		"project_change_requests", "Projects", "Change requests to project scope and budget.",
		[]string{"change orders"},
		"change_request_id:i, project_id>projects, requested_date:d, cost_impact:n, approved:b",
	},
	{
		"project_budget_revisions", "Projects", "Revisions of project budgets after change requests.", nil,
		"revision_id:i, project_id>projects, revision_number:s, revised_amount:n, revised_on:d",
	},
	{
		"timesheet_import", "Projects", "Timesheet lines imported from the mobile time app (staging).", nil,
		"import_line_id:i, employee_number:t, project_code:t, work_day:d, hours_logged:q, imported_at:ts",
	},
	{
		"resource_calendar", "Projects", "Planned availability of staff for project work per week.",
		[]string{"capacity plan"},
		"calendar_id:i, employee_id>employees, week_start:d, available_hours:q, planned_hours:q",
	},
	{
		"project_invoices", "Projects", "Invoices raised to customers for project milestones.",
		[]string{"project billing"},
		"project_invoice_id:i, project_id>projects, customer_id>customers, invoice_date:d, amount:n, status:t",
	},
	// Manufacturing
	{
		"work_order_operations", "Manufacturing", "Routing operations performed on work orders.",
		[]string{"operations"},
		"operation_id:i, work_order_id>work_orders, sequence:s, operation_name:t, labor_hours:q, machine_hours:q",
	},
	{
		"production_schedules", "Manufacturing", "Weekly master production schedule.",
		[]string{"MPS"},
		"schedule_id:i, product_id>products, week_start:d, planned_quantity:i",
	},
	{
		"machine_sensor_readings", "Manufacturing", "Sensor readings from plant machines.",
		[]string{"IoT readings"},
		"reading_id:i, machine_code:t, reading_time:ts, temperature_c:q, vibration_mm_s:q",
	},
	{
		"bom_revisions", "Manufacturing", "Revision history of bills of materials.", nil,
		"bom_revision_id:i, product_id>products, revision:t, released_on:d, released_by>employees",
	},
	{
		"scrap_reasons", "Manufacturing", "Reason codes for scrapped production.", nil,
		"scrap_reason_id:i, code:t, description:t",
	},
	{
		"routing_steps", "Manufacturing", "Standard routing steps per product.",
		[]string{"routings"},
		"routing_step_id:i, product_id>products, step_number:s, step_name:t, standard_minutes:q",
	},
	{
		"capacity_plans", "Manufacturing", "Planned capacity per week.", nil,
		"capacity_plan_id:i, week_start:d, planned_hours:q, available_hours:q",
	},
}
