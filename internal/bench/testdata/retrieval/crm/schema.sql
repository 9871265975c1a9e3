-- The CRM and service database of a B2B software company, replicated
-- nightly from its SaaS CRM into PostgreSQL by the ETL tool "Replik".
-- Every CRM object becomes a table named exactly as in the CRM's API, quoted
-- and in mixed case ("Account", "OpportunityLineItem", "Case"), with its
-- fields as columns ("AccountId", "OwnerId", "CloseDate"). Records are keyed
-- by the CRM's 18-character "Id"; lookup fields hold the Id of the record
-- they point to, and "OwnerId" is always a user. Objects the admins built
-- end in __c, and so do their fields ("Health_Score__c"."Account__c");
-- fields added to standard objects end in __c too ("Account"."Segment__c").
-- Managed packages add objects under their namespace: qtc__ (the
-- quote-to-cash package's quotes and subscriptions), svy__ (post-case
-- surveys) and mka__ (the marketing automation connector). Beside the
-- records sit the CRM's field history ("AccountHistory", "...__History"),
-- sharing rows ("AccountShare", "...__Share"), feeds, files and approval
-- processes. Picklist fields hold their value as text; the allowed values of
-- each are replicated in "PicklistValueInfo", and stages, case and lead
-- statuses and record types are their own small objects. Replik adds
-- "_replik_synced" and "_replik_deleted" to every replicated table and keeps
-- its own tables, prefixed _replik_.
CREATE SCHEMA crm;
CREATE TABLE crm."User" (
    "Id"                     varchar(18) NOT NULL,
    "Username"               varchar(80),
    "FirstName"              varchar(40),
    "LastName"               varchar(80),
    "Name"                   varchar(121),
    "Alias"                  varchar(8),
    "Email"                  varchar(128),
    "Title"                  varchar(80),
    "Department"             varchar(80),
    "Division"               varchar(80),
    "EmployeeNumber"         varchar(20),
    "IsActive"               boolean,
    "UserType"               varchar(40),
    "UserRoleId"             varchar(18),
    "ProfileId"              varchar(18),
    "ManagerId"              varchar(18),
    "TimeZoneSidKey"         varchar(40),
    "LocaleSidKey"           varchar(40),
    "DefaultCurrencyIsoCode" varchar(3),
    "FederationIdentifier"   varchar(512),
    "LastLoginDate"          timestamptz,
    "Quota_Eligible__c"      boolean,
    "Hire_Date__c"           date,
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "User_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."UserRole" (
    "Id"                               varchar(18) NOT NULL,
    "Name"                             varchar(80),
    "DeveloperName"                    varchar(80),
    "ParentRoleId"                     varchar(18),
    "RollupDescription"                varchar(80),
    "OpportunityAccessForAccountOwner" varchar(40),
    "CaseAccessForAccountOwner"        varchar(40),
    "ContactAccessForAccountOwner"     varchar(40),
    "PortalType"                       varchar(40),
    "LastModifiedDate"                 timestamptz,
    "_replik_synced"                   timestamptz,
    "_replik_deleted"                  boolean,
    CONSTRAINT "UserRole_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Profile" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(255),
    "UserType"         varchar(40),
    "Description"      varchar(255),
    "UserLicenseId"    varchar(18),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Profile_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Group" (
    "Id"                     varchar(18) NOT NULL,
    "Name"                   varchar(40),
    "DeveloperName"          varchar(80),
    "Type"                   varchar(40),
    "Email"                  varchar(255),
    "DoesSendEmailToMembers" boolean,
    "DoesIncludeBosses"      boolean,
    "RelatedId"              varchar(18),
    "LastModifiedDate"       timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "Group_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."GroupMember" (
    "Id"              varchar(18) NOT NULL,
    "GroupId"         varchar(18),
    "UserOrGroupId"   varchar(18),
    "SystemModstamp"  timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "GroupMember_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."RecordType" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "DeveloperName"     varchar(80),
    "NamespacePrefix"   varchar(15),
    "SobjectType"       varchar(40),
    "Description"       varchar(255),
    "BusinessProcessId" varchar(18),
    "IsActive"          boolean,
    "LastModifiedDate"  timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "RecordType_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."BusinessHours" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "IsActive"          boolean,
    "IsDefault"         boolean,
    "TimeZoneSidKey"    varchar(40),
    "MondayStartTime"   time,
    "MondayEndTime"     time,
    "FridayStartTime"   time,
    "FridayEndTime"     time,
    "SaturdayStartTime" time,
    "SaturdayEndTime"   time,
    "LastModifiedDate"  timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "BusinessHours_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Holiday" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Description"      varchar(100),
    "ActivityDate"     date,
    "IsAllDay"         boolean,
    "IsRecurrence"     boolean,
    "RecurrenceType"   varchar(40),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Holiday_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityStage" (
    "Id"                   varchar(18) NOT NULL,
    "ApiName"              varchar(255),
    "MasterLabel"          varchar(255),
    "Description"          varchar(255),
    "IsActive"             boolean,
    "SortOrder"            integer,
    "IsClosed"             boolean,
    "IsWon"                boolean,
    "ForecastCategory"     varchar(40),
    "ForecastCategoryName" varchar(40),
    "DefaultProbability"   numeric(5,2),
    "LastModifiedDate"     timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "OpportunityStage_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseStatus" (
    "Id"               varchar(18) NOT NULL,
    "ApiName"          varchar(255),
    "MasterLabel"      varchar(255),
    "SortOrder"        integer,
    "IsClosed"         boolean,
    "IsDefault"        boolean,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CaseStatus_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."LeadStatus" (
    "Id"               varchar(18) NOT NULL,
    "ApiName"          varchar(255),
    "MasterLabel"      varchar(255),
    "SortOrder"        integer,
    "IsConverted"      boolean,
    "IsDefault"        boolean,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "LeadStatus_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."PicklistValueInfo" (
    "Id"               varchar(18) NOT NULL,
    "EntityParticleId" varchar(255),
    "EntityName"       varchar(80),
    "FieldName"        varchar(80),
    "Value"            varchar(255),
    "Label"            varchar(255),
    "IsActive"         boolean,
    "IsDefaultValue"   boolean,
    "SortOrder"        integer,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "PicklistValueInfo_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CurrencyType" (
    "Id"               varchar(18) NOT NULL,
    "IsoCode"          varchar(3),
    "ConversionRate"   numeric(18,6),
    "DecimalPlaces"    integer,
    "IsActive"         boolean,
    "IsCorporate"      boolean,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CurrencyType_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."DatedConversionRate" (
    "Id"               varchar(18) NOT NULL,
    "IsoCode"          varchar(3),
    "StartDate"        date,
    "NextStartDate"    date,
    "ConversionRate"   numeric(18,6),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "DatedConversionRate_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Period" (
    "Id"                   varchar(18) NOT NULL,
    "Type"                 varchar(40),
    "FiscalYear"           integer,
    "Number"               integer,
    "StartDate"            date,
    "EndDate"              date,
    "PeriodLabel"          varchar(40),
    "QuarterLabel"         varchar(40),
    "FullyQualifiedLabel"  varchar(80),
    "IsForecastPeriod"     boolean,
    "FiscalYearSettingsId" varchar(18),
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "Period_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Territory2Type" (
    "Id"               varchar(18) NOT NULL,
    "DeveloperName"    varchar(80),
    "MasterLabel"      varchar(80),
    "Description"      varchar(255),
    "Priority"         integer,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Territory2Type_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Territory2" (
    "Id"                     varchar(18) NOT NULL,
    "Name"                   varchar(80),
    "DeveloperName"          varchar(80),
    "Description"            varchar(1000),
    "Territory2TypeId"       varchar(18),
    "ParentTerritory2Id"     varchar(18),
    "Territory2ModelId"      varchar(18),
    "AccountAccessLevel"     varchar(40),
    "OpportunityAccessLevel" varchar(40),
    "CaseAccessLevel"        varchar(40),
    "ForecastUserId"         varchar(18),
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "Territory2_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."UserTerritory2Association" (
    "Id"               varchar(18) NOT NULL,
    "Territory2Id"     varchar(18),
    "UserId"           varchar(18),
    "RoleInTerritory2" varchar(80),
    "IsActive"         boolean,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "UserTerritory2Association_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ObjectTerritory2Association" (
    "Id"               varchar(18) NOT NULL,
    "ObjectId"         varchar(18),
    "Territory2Id"     varchar(18),
    "SobjectType"      varchar(40),
    "AssociationCause" varchar(40),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "ObjectTerritory2Association_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Account" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(255),
    "AccountNumber"     varchar(40),
    "Type"              varchar(40),
    "RecordTypeId"      varchar(18),
    "ParentId"          varchar(18),
    "OwnerId"           varchar(18),
    "Industry"          varchar(40),
    "AnnualRevenue"     numeric(18,2),
    "NumberOfEmployees" integer,
    "Phone"             varchar(40),
    "Website"           varchar(255),
    "BillingStreet"     varchar(255),
    "BillingCity"       varchar(40),
    "BillingState"      varchar(80),
    "BillingPostalCode" varchar(20),
    "BillingCountry"    varchar(80),
    "ShippingCity"      varchar(40),
    "ShippingCountry"   varchar(80),
    "AccountSource"     varchar(40),
    "Description"       text,
    "CurrencyIsoCode"   varchar(3),
    "Segment__c"        varchar(255),
    "Sales_Region__c"   varchar(18),
    "Partner_Tier__c"   varchar(18),
    "Is_Partner__c"     boolean,
    "Customer_Since__c" date,
    "ARR__c"            numeric(18,2),
    "DUNS_Number__c"    varchar(9),
    "NAICS_Code__c"     varchar(6),
    "Employee_Band__c"  varchar(255),
    "Tech_Stack__c"     text,
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Account_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Contact" (
    "Id"                      varchar(18) NOT NULL,
    "AccountId"               varchar(18),
    "FirstName"               varchar(40),
    "LastName"                varchar(80),
    "Name"                    varchar(121),
    "Salutation"              varchar(40),
    "Title"                   varchar(128),
    "Department"              varchar(80),
    "Email"                   varchar(80),
    "Phone"                   varchar(40),
    "MobilePhone"             varchar(40),
    "MailingCity"             varchar(40),
    "MailingCountry"          varchar(80),
    "ReportsToId"             varchar(18),
    "LeadSource"              varchar(40),
    "OwnerId"                 varchar(18),
    "HasOptedOutOfEmail"      boolean,
    "DoNotCall"               boolean,
    "Persona__c"              varchar(255),
    "Is_Executive_Sponsor__c" boolean,
    "LinkedIn_URL__c"         varchar(255),
    "IsDeleted"               boolean,
    "CreatedDate"             timestamptz,
    "CreatedById"             varchar(18),
    "LastModifiedDate"        timestamptz,
    "LastModifiedById"        varchar(18),
    "SystemModstamp"          timestamptz,
    "_replik_synced"          timestamptz,
    "_replik_deleted"         boolean,
    CONSTRAINT "Contact_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."AccountContactRelation" (
    "Id"               varchar(18) NOT NULL,
    "AccountId"        varchar(18),
    "ContactId"        varchar(18),
    "Roles"            varchar(4099),
    "IsDirect"         boolean,
    "IsActive"         boolean,
    "StartDate"        date,
    "EndDate"          date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "AccountContactRelation_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."AccountTeamMember" (
    "Id"                     varchar(18) NOT NULL,
    "AccountId"              varchar(18),
    "UserId"                 varchar(18),
    "TeamMemberRole"         varchar(40),
    "AccountAccessLevel"     varchar(40),
    "OpportunityAccessLevel" varchar(40),
    "CaseAccessLevel"        varchar(40),
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "AccountTeamMember_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Lead" (
    "Id"                         varchar(18) NOT NULL,
    "FirstName"                  varchar(40),
    "LastName"                   varchar(80),
    "Name"                       varchar(121),
    "Company"                    varchar(255),
    "Title"                      varchar(128),
    "Email"                      varchar(80),
    "Phone"                      varchar(40),
    "Country"                    varchar(80),
    "Industry"                   varchar(40),
    "NumberOfEmployees"          integer,
    "Status"                     varchar(40),
    "LeadSource"                 varchar(40),
    "Rating"                     varchar(40),
    "OwnerId"                    varchar(18),
    "IsConverted"                boolean,
    "ConvertedDate"              date,
    "ConvertedAccountId"         varchar(18),
    "ConvertedContactId"         varchar(18),
    "ConvertedOpportunityId"     varchar(18),
    "IsUnreadByOwner"            boolean,
    "Segment__c"                 varchar(255),
    "MQL_Date__c"                date,
    "SAL_Date__c"                date,
    "mka__Lead_Score__c"         numeric(8,0),
    "mka__Last_Activity_Date__c" date,
    "Disqualification_Reason__c" varchar(255),
    "IsDeleted"                  boolean,
    "CreatedDate"                timestamptz,
    "CreatedById"                varchar(18),
    "LastModifiedDate"           timestamptz,
    "LastModifiedById"           varchar(18),
    "SystemModstamp"             timestamptz,
    "_replik_synced"             timestamptz,
    "_replik_deleted"            boolean,
    CONSTRAINT "Lead_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Opportunity" (
    "Id"                       varchar(18) NOT NULL,
    "AccountId"                varchar(18),
    "RecordTypeId"             varchar(18),
    "Name"                     varchar(120),
    "Description"              text,
    "StageName"                varchar(255),
    "Amount"                   numeric(18,2),
    "Probability"              numeric(5,2),
    "ExpectedRevenue"          numeric(18,2),
    "TotalOpportunityQuantity" numeric(18,2),
    "CloseDate"                date,
    "IsClosed"                 boolean,
    "IsWon"                    boolean,
    "ForecastCategoryName"     varchar(40),
    "FiscalQuarter"            integer,
    "FiscalYear"               integer,
    "OwnerId"                  varchar(18),
    "CampaignId"               varchar(18),
    "Pricebook2Id"             varchar(18),
    "ContractId"               varchar(18),
    "LeadSource"               varchar(40),
    "NextStep"                 varchar(255),
    "HasOpportunityLineItem"   boolean,
    "CurrencyIsoCode"          varchar(3),
    "Primary_Contact__c"       varchar(18),
    "Partner_Account__c"       varchar(18),
    "SE_Owner__c"              varchar(18),
    "ARR__c"                   numeric(18,2),
    "Contract_Term_Months__c"  numeric(4,0),
    "Loss_Reason__c"           varchar(255),
    "Loss_Reason_Detail__c"    text,
    "MEDDICC_Score__c"         numeric(3,0),
    "Champion_Identified__c"   boolean,
    "Forecast_Override__c"     varchar(255),
    "IsDeleted"                boolean,
    "CreatedDate"              timestamptz,
    "CreatedById"              varchar(18),
    "LastModifiedDate"         timestamptz,
    "LastModifiedById"         varchar(18),
    "SystemModstamp"           timestamptz,
    "_replik_synced"           timestamptz,
    "_replik_deleted"          boolean,
    CONSTRAINT "Opportunity_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityLineItem" (
    "Id"               varchar(18) NOT NULL,
    "OpportunityId"    varchar(18),
    "PricebookEntryId" varchar(18),
    "Product2Id"       varchar(18),
    "ProductCode"      varchar(255),
    "Name"             varchar(376),
    "Quantity"         numeric(12,2),
    "UnitPrice"        numeric(18,2),
    "ListPrice"        numeric(18,2),
    "Discount"         numeric(5,2),
    "TotalPrice"       numeric(18,2),
    "ServiceDate"      date,
    "SortOrder"        integer,
    "Description"      varchar(255),
    "Term_Months__c"   numeric(4,0),
    "ARR__c"           numeric(18,2),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OpportunityLineItem_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityContactRole" (
    "Id"               varchar(18) NOT NULL,
    "OpportunityId"    varchar(18),
    "ContactId"        varchar(18),
    "Role"             varchar(40),
    "IsPrimary"        boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OpportunityContactRole_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityTeamMember" (
    "Id"                     varchar(18) NOT NULL,
    "OpportunityId"          varchar(18),
    "UserId"                 varchar(18),
    "TeamMemberRole"         varchar(40),
    "OpportunityAccessLevel" varchar(40),
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "OpportunityTeamMember_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunitySplit" (
    "Id"               varchar(18) NOT NULL,
    "OpportunityId"    varchar(18),
    "SplitOwnerId"     varchar(18),
    "SplitTypeId"      varchar(18),
    "SplitPercentage"  numeric(5,2),
    "SplitAmount"      numeric(18,2),
    "SplitNote"        varchar(255),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OpportunitySplit_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Product2" (
    "Id"                    varchar(18) NOT NULL,
    "Name"                  varchar(255),
    "ProductCode"           varchar(255),
    "Family"                varchar(40),
    "Description"           text,
    "IsActive"              boolean,
    "QuantityUnitOfMeasure" varchar(40),
    "StockKeepingUnit"      varchar(180),
    "Product_Line__c"       varchar(255),
    "Revenue_Type__c"       varchar(255),
    "Is_Add_On__c"          boolean,
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "Product2_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Pricebook2" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(255),
    "Description"      varchar(255),
    "IsActive"         boolean,
    "IsStandard"       boolean,
    "Region__c"        varchar(18),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Pricebook2_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."PricebookEntry" (
    "Id"               varchar(18) NOT NULL,
    "Pricebook2Id"     varchar(18),
    "Product2Id"       varchar(18),
    "ProductCode"      varchar(255),
    "Name"             varchar(255),
    "UnitPrice"        numeric(18,2),
    "IsActive"         boolean,
    "UseStandardPrice" boolean,
    "CurrencyIsoCode"  varchar(3),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "PricebookEntry_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Quote" (
    "Id"                 varchar(18) NOT NULL,
    "OpportunityId"      varchar(18),
    "AccountId"          varchar(18),
    "ContactId"          varchar(18),
    "Pricebook2Id"       varchar(18),
    "Name"               varchar(255),
    "QuoteNumber"        varchar(30),
    "Status"             varchar(40),
    "ExpirationDate"     date,
    "IsSyncing"          boolean,
    "Subtotal"           numeric(18,2),
    "Discount"           numeric(5,2),
    "TotalPrice"         numeric(18,2),
    "GrandTotal"         numeric(18,2),
    "Tax"                numeric(18,2),
    "BillingName"        varchar(255),
    "Payment_Terms__c"   varchar(255),
    "Approval_Status__c" varchar(255),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Quote_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."QuoteLineItem" (
    "Id"                    varchar(18) NOT NULL,
    "QuoteId"               varchar(18),
    "OpportunityLineItemId" varchar(18),
    "PricebookEntryId"      varchar(18),
    "Product2Id"            varchar(18),
    "LineNumber"            varchar(255),
    "Quantity"              numeric(12,2),
    "UnitPrice"             numeric(18,2),
    "ListPrice"             numeric(18,2),
    "Discount"              numeric(5,2),
    "Subtotal"              numeric(18,2),
    "TotalPrice"            numeric(18,2),
    "ServiceDate"           date,
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "QuoteLineItem_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Contract" (
    "Id"                     varchar(18) NOT NULL,
    "AccountId"              varchar(18),
    "ContractNumber"         varchar(30),
    "Status"                 varchar(40),
    "StatusCode"             varchar(40),
    "StartDate"              date,
    "EndDate"                date,
    "ContractTerm"           integer,
    "OwnerId"                varchar(18),
    "CustomerSignedId"       varchar(18),
    "CustomerSignedDate"     date,
    "CompanySignedId"        varchar(18),
    "CompanySignedDate"      date,
    "ActivatedDate"          timestamptz,
    "Pricebook2Id"           varchar(18),
    "SpecialTerms"           text,
    "Description"            text,
    "Auto_Renew__c"          boolean,
    "Contract_ARR__c"        numeric(18,2),
    "Renewal_Notice_Days__c" numeric(3,0),
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "Contract_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Order" (
    "Id"                   varchar(18) NOT NULL,
    "AccountId"            varchar(18),
    "OpportunityId"        varchar(18),
    "ContractId"           varchar(18),
    "QuoteId"              varchar(18),
    "Pricebook2Id"         varchar(18),
    "BillToContactId"      varchar(18),
    "OwnerId"              varchar(18),
    "OrderNumber"          varchar(30),
    "Type"                 varchar(40),
    "Status"               varchar(40),
    "EffectiveDate"        date,
    "EndDate"              date,
    "TotalAmount"          numeric(18,2),
    "PoNumber"             varchar(80),
    "ActivatedDate"        timestamptz,
    "Billing_System_Id__c" varchar(50),
    "IsDeleted"            boolean,
    "CreatedDate"          timestamptz,
    "CreatedById"          varchar(18),
    "LastModifiedDate"     timestamptz,
    "LastModifiedById"     varchar(18),
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "Order_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OrderItem" (
    "Id"               varchar(18) NOT NULL,
    "OrderId"          varchar(18),
    "PricebookEntryId" varchar(18),
    "Product2Id"       varchar(18),
    "QuoteLineItemId"  varchar(18),
    "OrderItemNumber"  varchar(30),
    "Quantity"         numeric(12,2),
    "UnitPrice"        numeric(18,2),
    "ListPrice"        numeric(18,2),
    "TotalPrice"       numeric(18,2),
    "ServiceDate"      date,
    "EndDate"          date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OrderItem_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Asset" (
    "Id"                 varchar(18) NOT NULL,
    "AccountId"          varchar(18),
    "ContactId"          varchar(18),
    "Product2Id"         varchar(18),
    "ParentId"           varchar(18),
    "RootAssetId"        varchar(18),
    "Name"               varchar(255),
    "SerialNumber"       varchar(80),
    "Status"             varchar(40),
    "InstallDate"        date,
    "PurchaseDate"       date,
    "UsageEndDate"       date,
    "Quantity"           numeric(12,2),
    "Price"              numeric(18,2),
    "Deployment_Type__c" varchar(255),
    "Environment__c"     varchar(255),
    "Instance_URL__c"    varchar(255),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Asset_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Entitlement" (
    "Id"                  varchar(18) NOT NULL,
    "AccountId"           varchar(18),
    "AssetId"             varchar(18),
    "Name"                varchar(255),
    "Type"                varchar(40),
    "Status"              varchar(40),
    "StartDate"           date,
    "EndDate"             date,
    "SlaProcessId"        varchar(18),
    "BusinessHoursId"     varchar(18),
    "IsPerIncident"       boolean,
    "CasesPerEntitlement" integer,
    "RemainingCases"      integer,
    "IsDeleted"           boolean,
    "CreatedDate"         timestamptz,
    "CreatedById"         varchar(18),
    "LastModifiedDate"    timestamptz,
    "LastModifiedById"    varchar(18),
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "Entitlement_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."SlaProcess" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(255),
    "NameNorm"         varchar(255),
    "Description"      varchar(255),
    "IsActive"         boolean,
    "IsVersionDefault" boolean,
    "VersionNumber"    integer,
    "StartDateField"   varchar(40),
    "SobjectType"      varchar(40),
    "BusinessHoursId"  varchar(18),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "SlaProcess_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."MilestoneType" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Description"      varchar(255),
    "RecurrenceType"   varchar(40),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "MilestoneType_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Case" (
    "Id"                 varchar(18) NOT NULL,
    "CaseNumber"         varchar(30),
    "RecordTypeId"       varchar(18),
    "AccountId"          varchar(18),
    "ContactId"          varchar(18),
    "AssetId"            varchar(18),
    "ProductId"          varchar(18),
    "EntitlementId"      varchar(18),
    "ParentId"           varchar(18),
    "OwnerId"            varchar(18),
    "Subject"            varchar(255),
    "Description"        text,
    "Status"             varchar(40),
    "Priority"           varchar(40),
    "Origin"             varchar(40),
    "Type"               varchar(40),
    "Reason"             varchar(40),
    "IsClosed"           boolean,
    "IsEscalated"        boolean,
    "ClosedDate"         timestamptz,
    "SuppliedEmail"      varchar(80),
    "SlaStartDate"       timestamptz,
    "SlaExitDate"        timestamptz,
    "MilestoneStatus"    varchar(30),
    "BusinessHoursId"    varchar(18),
    "Root_Cause__c"      varchar(255),
    "Component__c"       varchar(255),
    "Product_Version__c" varchar(40),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Case_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseComment" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "CommentBody"      text,
    "IsPublished"      boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CaseComment_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseMilestone" (
    "Id"                      varchar(18) NOT NULL,
    "CaseId"                  varchar(18),
    "MilestoneTypeId"         varchar(18),
    "BusinessHoursId"         varchar(18),
    "StartDate"               timestamptz,
    "TargetDate"              timestamptz,
    "CompletionDate"          timestamptz,
    "IsCompleted"             boolean,
    "IsViolated"              boolean,
    "TargetResponseInMins"    integer,
    "ElapsedTimeInMins"       integer,
    "ActualElapsedTimeInMins" integer,
    "TimeRemainingInMins"     integer,
    "SystemModstamp"          timestamptz,
    "_replik_synced"          timestamptz,
    "_replik_deleted"         boolean,
    CONSTRAINT "CaseMilestone_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."EmailMessage" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "ActivityId"       varchar(18),
    "Subject"          varchar(3000),
    "FromAddress"      varchar(255),
    "FromName"         varchar(1000),
    "ToAddress"        varchar(4000),
    "CcAddress"        varchar(4000),
    "TextBody"         text,
    "Incoming"         boolean,
    "MessageDate"      timestamptz,
    "Status"           varchar(40),
    "HasAttachment"    boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Knowledge__kav" (
    "Id"                 varchar(18) NOT NULL,
    "KnowledgeArticleId" varchar(18),
    "ArticleNumber"      varchar(30),
    "Title"              varchar(255),
    "UrlName"            varchar(255),
    "Summary"            text,
    "Language"           varchar(40),
    "PublishStatus"      varchar(40),
    "ValidationStatus"   varchar(40),
    "VersionNumber"      integer,
    "IsLatestVersion"    boolean,
    "FirstPublishedDate" timestamptz,
    "LastPublishedDate"  timestamptz,
    "Product__c"         varchar(18),
    "Article_Body__c"    text,
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Knowledge__kav_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseArticle" (
    "Id"                        varchar(18) NOT NULL,
    "CaseId"                    varchar(18),
    "KnowledgeArticleId"        varchar(18),
    "KnowledgeArticleVersionId" varchar(18),
    "ArticleLanguage"           varchar(40),
    "ArticleVersionNumber"      integer,
    "IsSharedByEmail"           boolean,
    "CreatedById"               varchar(18),
    "CreatedDate"               timestamptz,
    "_replik_synced"            timestamptz,
    "_replik_deleted"           boolean,
    CONSTRAINT "CaseArticle_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Task" (
    "Id"                    varchar(18) NOT NULL,
    "WhoId"                 varchar(18),
    "WhatId"                varchar(18),
    "AccountId"             varchar(18),
    "OwnerId"               varchar(18),
    "Subject"               varchar(255),
    "Description"           text,
    "Status"                varchar(40),
    "Priority"              varchar(40),
    "Type"                  varchar(40),
    "TaskSubtype"           varchar(40),
    "ActivityDate"          date,
    "CompletedDateTime"     timestamptz,
    "IsClosed"              boolean,
    "CallDurationInSeconds" integer,
    "CallDisposition"       varchar(255),
    "Outcome__c"            varchar(255),
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "Task_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Event" (
    "Id"                varchar(18) NOT NULL,
    "WhoId"             varchar(18),
    "WhatId"            varchar(18),
    "AccountId"         varchar(18),
    "OwnerId"           varchar(18),
    "Subject"           varchar(255),
    "Description"       text,
    "Type"              varchar(40),
    "Location"          varchar(255),
    "StartDateTime"     timestamptz,
    "EndDateTime"       timestamptz,
    "DurationInMinutes" integer,
    "IsAllDayEvent"     boolean,
    "ShowAs"            varchar(40),
    "Meeting_Type__c"   varchar(255),
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Event_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."EventRelation" (
    "Id"              varchar(18) NOT NULL,
    "EventId"         varchar(18),
    "RelationId"      varchar(18),
    "IsInvitee"       boolean,
    "IsWhat"          boolean,
    "Status"          varchar(40),
    "RespondedDate"   timestamptz,
    "SystemModstamp"  timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "EventRelation_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Campaign" (
    "Id"                       varchar(18) NOT NULL,
    "Name"                     varchar(80),
    "Type"                     varchar(40),
    "Status"                   varchar(40),
    "StartDate"                date,
    "EndDate"                  date,
    "ParentId"                 varchar(18),
    "OwnerId"                  varchar(18),
    "IsActive"                 boolean,
    "BudgetedCost"             numeric(18,2),
    "ActualCost"               numeric(18,2),
    "ExpectedRevenue"          numeric(18,2),
    "ExpectedResponse"         numeric(8,2),
    "NumberSent"               numeric(18,0),
    "NumberOfLeads"            integer,
    "NumberOfConvertedLeads"   integer,
    "NumberOfContacts"         integer,
    "NumberOfResponses"        integer,
    "NumberOfOpportunities"    integer,
    "NumberOfWonOpportunities" integer,
    "AmountWonOpportunities"   numeric(18,2),
    "Region__c"                varchar(18),
    "UTM_Campaign__c"          varchar(255),
    "IsDeleted"                boolean,
    "CreatedDate"              timestamptz,
    "CreatedById"              varchar(18),
    "LastModifiedDate"         timestamptz,
    "LastModifiedById"         varchar(18),
    "SystemModstamp"           timestamptz,
    "_replik_synced"           timestamptz,
    "_replik_deleted"          boolean,
    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CampaignMember" (
    "Id"                  varchar(18) NOT NULL,
    "CampaignId"          varchar(18),
    "LeadId"              varchar(18),
    "ContactId"           varchar(18),
    "Status"              varchar(40),
    "HasResponded"        boolean,
    "FirstRespondedDate"  date,
    "LeadSource"          varchar(40),
    "mka__Touch_Stage__c" varchar(255),
    "IsDeleted"           boolean,
    "CreatedDate"         timestamptz,
    "CreatedById"         varchar(18),
    "LastModifiedDate"    timestamptz,
    "LastModifiedById"    varchar(18),
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "CampaignMember_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CampaignMemberStatus" (
    "Id"               varchar(18) NOT NULL,
    "CampaignId"       varchar(18),
    "Label"            varchar(765),
    "HasResponded"     boolean,
    "IsDefault"        boolean,
    "SortOrder"        integer,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CampaignMemberStatus_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CampaignInfluenceModel" (
    "Id"               varchar(18) NOT NULL,
    "DeveloperName"    varchar(80),
    "MasterLabel"      varchar(80),
    "Description"      varchar(255),
    "IsActive"         boolean,
    "IsDefaultModel"   boolean,
    "IsModelLocked"    boolean,
    "RecordTypeId"     varchar(18),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CampaignInfluenceModel_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CampaignInfluence" (
    "Id"                      varchar(18) NOT NULL,
    "CampaignId"              varchar(18),
    "OpportunityId"           varchar(18),
    "ContactId"               varchar(18),
    "ModelId"                 varchar(18),
    "Influence"               numeric(5,2),
    "RevenueShare"            numeric(18,2),
    "DaysFromCampaignToClose" integer,
    "IsDeleted"               boolean,
    "CreatedDate"             timestamptz,
    "CreatedById"             varchar(18),
    "LastModifiedDate"        timestamptz,
    "LastModifiedById"        varchar(18),
    "SystemModstamp"          timestamptz,
    "_replik_synced"          timestamptz,
    "_replik_deleted"         boolean,
    CONSTRAINT "CampaignInfluence_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."mka__Email_Activity__c" (
    "Id"                    varchar(18) NOT NULL,
    "Name"                  varchar(80),
    "mka__Lead__c"          varchar(18),
    "mka__Contact__c"       varchar(18),
    "mka__Campaign__c"      varchar(18),
    "mka__Activity_Type__c" varchar(255),
    "mka__Email_Name__c"    varchar(255),
    "mka__Link_URL__c"      varchar(1000),
    "mka__Activity_Date__c" timestamptz,
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "mka__Email_Activity__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."AccountHistory" (
    "Id"              varchar(18) NOT NULL,
    "AccountId"       varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "AccountHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ContactHistory" (
    "Id"              varchar(18) NOT NULL,
    "ContactId"       varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "ContactHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."LeadHistory" (
    "Id"              varchar(18) NOT NULL,
    "LeadId"          varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "LeadHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityFieldHistory" (
    "Id"              varchar(18) NOT NULL,
    "OpportunityId"   varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "OpportunityFieldHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseHistory" (
    "Id"              varchar(18) NOT NULL,
    "CaseId"          varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "CaseHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ContractHistory" (
    "Id"              varchar(18) NOT NULL,
    "ContractId"      varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "ContractHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Health_Score__History" (
    "Id"              varchar(18) NOT NULL,
    "ParentId"        varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "Health_Score__History_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Renewal_Forecast__History" (
    "Id"              varchar(18) NOT NULL,
    "ParentId"        varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "Renewal_Forecast__History_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Discount_Approval__History" (
    "Id"              varchar(18) NOT NULL,
    "ParentId"        varchar(18),
    "Field"           varchar(255),
    "DataType"        varchar(40),
    "OldValue"        text,
    "NewValue"        text,
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "Discount_Approval__History_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityHistory" (
    "Id"               varchar(18) NOT NULL,
    "OpportunityId"    varchar(18),
    "StageName"        varchar(255),
    "Amount"           numeric(18,2),
    "ExpectedRevenue"  numeric(18,2),
    "Probability"      numeric(5,2),
    "CloseDate"        date,
    "ForecastCategory" varchar(40),
    "PrevAmount"       numeric(18,2),
    "PrevCloseDate"    date,
    "IsDeleted"        boolean,
    "CreatedById"      varchar(18),
    "CreatedDate"      timestamptz,
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OpportunityHistory_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."AccountShare" (
    "Id"                     varchar(18) NOT NULL,
    "AccountId"              varchar(18),
    "UserOrGroupId"          varchar(18),
    "AccountAccessLevel"     varchar(40),
    "OpportunityAccessLevel" varchar(40),
    "CaseAccessLevel"        varchar(40),
    "ContactAccessLevel"     varchar(40),
    "RowCause"               varchar(40),
    "IsDeleted"              boolean,
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "AccountShare_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityShare" (
    "Id"                     varchar(18) NOT NULL,
    "OpportunityId"          varchar(18),
    "UserOrGroupId"          varchar(18),
    "OpportunityAccessLevel" varchar(40),
    "RowCause"               varchar(40),
    "IsDeleted"              boolean,
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "OpportunityShare_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseShare" (
    "Id"               varchar(18) NOT NULL,
    "CaseId"           varchar(18),
    "UserOrGroupId"    varchar(18),
    "CaseAccessLevel"  varchar(40),
    "RowCause"         varchar(40),
    "IsDeleted"        boolean,
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CaseShare_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."LeadShare" (
    "Id"               varchar(18) NOT NULL,
    "LeadId"           varchar(18),
    "UserOrGroupId"    varchar(18),
    "LeadAccessLevel"  varchar(40),
    "RowCause"         varchar(40),
    "IsDeleted"        boolean,
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "LeadShare_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Implementation_Project__Share" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "UserOrGroupId"    varchar(18),
    "AccessLevel"      varchar(40),
    "RowCause"         varchar(40),
    "IsDeleted"        boolean,
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Implementation_Project__Share_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."FeedItem" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "Type"             varchar(40),
    "Title"            varchar(255),
    "Body"             text,
    "LinkUrl"          varchar(1000),
    "RelatedRecordId"  varchar(18),
    "CommentCount"     integer,
    "LikeCount"        integer,
    "IsRichText"       boolean,
    "IsDeleted"        boolean,
    "CreatedById"      varchar(18),
    "CreatedDate"      timestamptz,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "FeedItem_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."FeedComment" (
    "Id"              varchar(18) NOT NULL,
    "FeedItemId"      varchar(18),
    "ParentId"        varchar(18),
    "CommentBody"     text,
    "CommentType"     varchar(40),
    "RelatedRecordId" varchar(18),
    "IsDeleted"       boolean,
    "CreatedById"     varchar(18),
    "CreatedDate"     timestamptz,
    "_replik_synced"  timestamptz,
    "_replik_deleted" boolean,
    CONSTRAINT "FeedComment_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."AccountFeed" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "Type"             varchar(40),
    "Title"            varchar(255),
    "Body"             text,
    "LinkUrl"          varchar(1000),
    "RelatedRecordId"  varchar(18),
    "CommentCount"     integer,
    "LikeCount"        integer,
    "IsDeleted"        boolean,
    "CreatedById"      varchar(18),
    "CreatedDate"      timestamptz,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "AccountFeed_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CaseFeed" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "Type"             varchar(40),
    "Title"            varchar(255),
    "Body"             text,
    "LinkUrl"          varchar(1000),
    "RelatedRecordId"  varchar(18),
    "CommentCount"     integer,
    "LikeCount"        integer,
    "IsDeleted"        boolean,
    "CreatedById"      varchar(18),
    "CreatedDate"      timestamptz,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "CaseFeed_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."OpportunityFeed" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "Type"             varchar(40),
    "Title"            varchar(255),
    "Body"             text,
    "LinkUrl"          varchar(1000),
    "RelatedRecordId"  varchar(18),
    "CommentCount"     integer,
    "LikeCount"        integer,
    "IsDeleted"        boolean,
    "CreatedById"      varchar(18),
    "CreatedDate"      timestamptz,
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "OpportunityFeed_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Attachment" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "OwnerId"          varchar(18),
    "Name"             varchar(255),
    "ContentType"      varchar(120),
    "BodyLength"       integer,
    "IsPrivate"        boolean,
    "Description"      varchar(500),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Note" (
    "Id"               varchar(18) NOT NULL,
    "ParentId"         varchar(18),
    "OwnerId"          varchar(18),
    "Title"            varchar(80),
    "Body"             text,
    "IsPrivate"        boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Note_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ContentDocument" (
    "Id"                       varchar(18) NOT NULL,
    "OwnerId"                  varchar(18),
    "Title"                    varchar(255),
    "FileType"                 varchar(20),
    "FileExtension"            varchar(40),
    "ContentSize"              integer,
    "LatestPublishedVersionId" varchar(18),
    "PublishStatus"            varchar(40),
    "IsDeleted"                boolean,
    "CreatedDate"              timestamptz,
    "CreatedById"              varchar(18),
    "LastModifiedDate"         timestamptz,
    "LastModifiedById"         varchar(18),
    "SystemModstamp"           timestamptz,
    "_replik_synced"           timestamptz,
    "_replik_deleted"          boolean,
    CONSTRAINT "ContentDocument_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ContentVersion" (
    "Id"                     varchar(18) NOT NULL,
    "ContentDocumentId"      varchar(18),
    "Title"                  varchar(255),
    "VersionNumber"          varchar(20),
    "IsLatest"               boolean,
    "PathOnClient"           varchar(500),
    "FileType"               varchar(20),
    "ContentSize"            integer,
    "FirstPublishLocationId" varchar(18),
    "ReasonForChange"        varchar(1000),
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "ContentVersion_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ContentDocumentLink" (
    "Id"                varchar(18) NOT NULL,
    "ContentDocumentId" varchar(18),
    "LinkedEntityId"    varchar(18),
    "ShareType"         varchar(40),
    "Visibility"        varchar(40),
    "IsDeleted"         boolean,
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "ContentDocumentLink_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ProcessDefinition" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(40),
    "DeveloperName"    varchar(80),
    "TableEnumOrId"    varchar(40),
    "Type"             varchar(40),
    "State"            varchar(40),
    "Description"      varchar(3000),
    "LastModifiedDate" timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "ProcessDefinition_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ProcessInstance" (
    "Id"                  varchar(18) NOT NULL,
    "ProcessDefinitionId" varchar(18),
    "TargetObjectId"      varchar(18),
    "Status"              varchar(40),
    "SubmittedById"       varchar(18),
    "LastActorId"         varchar(18),
    "CompletedDate"       timestamptz,
    "ElapsedTimeInDays"   numeric(10,2),
    "CreatedDate"         timestamptz,
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "ProcessInstance_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ProcessInstanceStep" (
    "Id"                   varchar(18) NOT NULL,
    "ProcessInstanceId"    varchar(18),
    "StepStatus"           varchar(40),
    "ActorId"              varchar(18),
    "OriginalActorId"      varchar(18),
    "Comments"             varchar(4000),
    "ElapsedTimeInMinutes" numeric(12,2),
    "CreatedDate"          timestamptz,
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "ProcessInstanceStep_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Health_Score__c" (
    "Id"                        varchar(18) NOT NULL,
    "Name"                      varchar(80),
    "OwnerId"                   varchar(18),
    "Account__c"                varchar(18),
    "Score_Date__c"             date,
    "Score__c"                  numeric(5,1),
    "Health_Status__c"          varchar(255),
    "Product_Adoption_Score__c" numeric(5,1),
    "Support_Score__c"          numeric(5,1),
    "Engagement_Score__c"       numeric(5,1),
    "Sentiment__c"              varchar(255),
    "Calculated_By__c"          varchar(255),
    "CSM_Override__c"           boolean,
    "Override_Reason__c"        text,
    "IsDeleted"                 boolean,
    "CreatedDate"               timestamptz,
    "CreatedById"               varchar(18),
    "LastModifiedDate"          timestamptz,
    "LastModifiedById"          varchar(18),
    "SystemModstamp"            timestamptz,
    "_replik_synced"            timestamptz,
    "_replik_deleted"           boolean,
    CONSTRAINT "Health_Score__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Renewal_Forecast__c" (
    "Id"                     varchar(18) NOT NULL,
    "Name"                   varchar(80),
    "OwnerId"                varchar(18),
    "Account__c"             varchar(18),
    "Contract__c"            varchar(18),
    "Renewal_Opportunity__c" varchar(18),
    "Renewal_Date__c"        date,
    "Current_ARR__c"         numeric(18,2),
    "Forecast_ARR__c"        numeric(18,2),
    "Risk_Level__c"          varchar(255),
    "Forecast_Category__c"   varchar(255),
    "Fiscal_Quarter__c"      varchar(10),
    "Notes__c"               text,
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "Renewal_Forecast__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."NPS_Survey__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Survey_Date__c"   date,
    "Channel__c"       varchar(255),
    "Status__c"        varchar(255),
    "Audience__c"      varchar(255),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "NPS_Survey__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."NPS_Response__c" (
    "Id"                    varchar(18) NOT NULL,
    "Name"                  varchar(80),
    "NPS_Survey__c"         varchar(18),
    "Account__c"            varchar(18),
    "Contact__c"            varchar(18),
    "Score__c"              numeric(2,0),
    "Category__c"           varchar(255),
    "Comment__c"            text,
    "Response_Date__c"      date,
    "Follow_Up_Required__c" boolean,
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "NPS_Response__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Usage_Snapshot__c" (
    "Id"                      varchar(18) NOT NULL,
    "Name"                    varchar(80),
    "Account__c"              varchar(18),
    "Asset__c"                varchar(18),
    "Snapshot_Date__c"        date,
    "Active_Users__c"         numeric(10,0),
    "Licensed_Seats__c"       numeric(10,0),
    "WAU__c"                  numeric(10,0),
    "API_Calls__c"            numeric(18,0),
    "Storage_GB__c"           numeric(12,2),
    "Logins_30d__c"           numeric(10,0),
    "Feature_Adoption_Pct__c" numeric(5,2),
    "IsDeleted"               boolean,
    "CreatedDate"             timestamptz,
    "CreatedById"             varchar(18),
    "LastModifiedDate"        timestamptz,
    "LastModifiedById"        varchar(18),
    "SystemModstamp"          timestamptz,
    "_replik_synced"          timestamptz,
    "_replik_deleted"         boolean,
    CONSTRAINT "Usage_Snapshot__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."ARR_Snapshot__c" (
    "Id"                 varchar(18) NOT NULL,
    "Name"               varchar(80),
    "Account__c"         varchar(18),
    "Snapshot_Date__c"   date,
    "ARR__c"             numeric(18,2),
    "New_ARR__c"         numeric(18,2),
    "Expansion_ARR__c"   numeric(18,2),
    "Contraction_ARR__c" numeric(18,2),
    "Churned_ARR__c"     numeric(18,2),
    "CurrencyIsoCode"    varchar(3),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "ARR_Snapshot__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."CSM_Assignment__c" (
    "Id"                   varchar(18) NOT NULL,
    "Name"                 varchar(80),
    "Account__c"           varchar(18),
    "CSM__c"               varchar(18),
    "Start_Date__c"        date,
    "End_Date__c"          date,
    "Is_Primary__c"        boolean,
    "Assignment_Reason__c" varchar(255),
    "Book_Of_Business__c"  varchar(255),
    "IsDeleted"            boolean,
    "CreatedDate"          timestamptz,
    "CreatedById"          varchar(18),
    "LastModifiedDate"     timestamptz,
    "LastModifiedById"     varchar(18),
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "CSM_Assignment__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."QBR__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Account__c"       varchar(18),
    "Meeting_Date__c"  date,
    "Status__c"        varchar(255),
    "Conducted_By__c"  varchar(18),
    "Exec_Sponsor__c"  varchar(18),
    "Outcome__c"       text,
    "Deck_URL__c"      varchar(255),
    "Next_QBR_Date__c" date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "QBR__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."QBR_Attendee__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "QBR__c"           varchar(18),
    "Contact__c"       varchar(18),
    "User__c"          varchar(18),
    "Attended__c"      boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "QBR_Attendee__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Success_Plan__c" (
    "Id"                   varchar(18) NOT NULL,
    "Name"                 varchar(80),
    "OwnerId"              varchar(18),
    "Account__c"           varchar(18),
    "Status__c"            varchar(255),
    "Start_Date__c"        date,
    "Target_Date__c"       date,
    "Executive_Summary__c" text,
    "IsDeleted"            boolean,
    "CreatedDate"          timestamptz,
    "CreatedById"          varchar(18),
    "LastModifiedDate"     timestamptz,
    "LastModifiedById"     varchar(18),
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "Success_Plan__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Success_Plan_Goal__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Success_Plan__c"  varchar(18),
    "Goal__c"          text,
    "Metric__c"        varchar(255),
    "Target_Value__c"  numeric(18,2),
    "Current_Value__c" numeric(18,2),
    "Status__c"        varchar(255),
    "Due_Date__c"      date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Success_Plan_Goal__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Churn_Reason__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Category__c"      varchar(255),
    "Description__c"   text,
    "Is_Active__c"     boolean,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Churn_Reason__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Competitor__c" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "Website__c"        varchar(255),
    "Tier__c"           varchar(255),
    "Battlecard_URL__c" varchar(255),
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Competitor__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Cancellation_Request__c" (
    "Id"                   varchar(18) NOT NULL,
    "Name"                 varchar(80),
    "OwnerId"              varchar(18),
    "Account__c"           varchar(18),
    "Contract__c"          varchar(18),
    "Churn_Reason__c"      varchar(18),
    "Competitor__c"        varchar(18),
    "Requested_Date__c"    date,
    "Effective_Date__c"    date,
    "Lost_ARR__c"          numeric(18,2),
    "Status__c"            varchar(255),
    "Save_Attempted__c"    boolean,
    "Customer_Comments__c" text,
    "IsDeleted"            boolean,
    "CreatedDate"          timestamptz,
    "CreatedById"          varchar(18),
    "LastModifiedDate"     timestamptz,
    "LastModifiedById"     varchar(18),
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "Cancellation_Request__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Customer_Reference__c" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "Account__c"        varchar(18),
    "Contact__c"        varchar(18),
    "Reference_Type__c" varchar(255),
    "Status__c"         varchar(255),
    "Times_Used__c"     numeric(4,0),
    "Last_Used_Date__c" date,
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Customer_Reference__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Escalation__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Case__c"          varchar(18),
    "Account__c"       varchar(18),
    "Exec_Sponsor__c"  varchar(18),
    "Severity__c"      varchar(255),
    "Status__c"        varchar(255),
    "Opened_Date__c"   date,
    "Resolved_Date__c" date,
    "Summary__c"       text,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Escalation__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Jira_Issue__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Summary__c"       varchar(255),
    "Issue_Type__c"    varchar(255),
    "Status__c"        varchar(255),
    "Priority__c"      varchar(255),
    "Component__c"     varchar(255),
    "Fix_Version__c"   varchar(80),
    "Resolved_Date__c" date,
    "Jira_URL__c"      varchar(255),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Jira_Issue__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Case_Jira_Link__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Case__c"          varchar(18),
    "Jira_Issue__c"    varchar(18),
    "Linked_By__c"     varchar(18),
    "Linked_Date__c"   date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Case_Jira_Link__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Feature_Request__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Product__c"       varchar(18),
    "Jira_Issue__c"    varchar(18),
    "Status__c"        varchar(255),
    "Description__c"   text,
    "Vote_Count__c"    numeric(6,0),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Feature_Request__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Feature_Request_Vote__c" (
    "Id"                 varchar(18) NOT NULL,
    "Name"               varchar(80),
    "Feature_Request__c" varchar(18),
    "Account__c"         varchar(18),
    "Contact__c"         varchar(18),
    "ARR_Impact__c"      numeric(18,2),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Feature_Request_Vote__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Implementation_Project__c" (
    "Id"                 varchar(18) NOT NULL,
    "Name"               varchar(80),
    "OwnerId"            varchar(18),
    "Account__c"         varchar(18),
    "Opportunity__c"     varchar(18),
    "Project_Manager__c" varchar(18),
    "Status__c"          varchar(255),
    "Phase__c"           varchar(255),
    "Kickoff_Date__c"    date,
    "Planned_Go_Live__c" date,
    "Actual_Go_Live__c"  date,
    "Budget_Hours__c"    numeric(8,1),
    "Hours_Used__c"      numeric(8,1),
    "IsDeleted"          boolean,
    "CreatedDate"        timestamptz,
    "CreatedById"        varchar(18),
    "LastModifiedDate"   timestamptz,
    "LastModifiedById"   varchar(18),
    "SystemModstamp"     timestamptz,
    "_replik_synced"     timestamptz,
    "_replik_deleted"    boolean,
    CONSTRAINT "Implementation_Project__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Implementation_Milestone__c" (
    "Id"                        varchar(18) NOT NULL,
    "Name"                      varchar(80),
    "Implementation_Project__c" varchar(18),
    "Due_Date__c"               date,
    "Completed_Date__c"         date,
    "Status__c"                 varchar(255),
    "IsDeleted"                 boolean,
    "CreatedDate"               timestamptz,
    "CreatedById"               varchar(18),
    "LastModifiedDate"          timestamptz,
    "LastModifiedById"          varchar(18),
    "SystemModstamp"            timestamptz,
    "_replik_synced"            timestamptz,
    "_replik_deleted"           boolean,
    CONSTRAINT "Implementation_Milestone__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Region__c" (
    "Id"                  varchar(18) NOT NULL,
    "Name"                varchar(80),
    "Region_Code__c"      varchar(10),
    "Sales_Leader__c"     varchar(18),
    "Default_Currency__c" varchar(3),
    "IsDeleted"           boolean,
    "CreatedDate"         timestamptz,
    "CreatedById"         varchar(18),
    "LastModifiedDate"    timestamptz,
    "LastModifiedById"    varchar(18),
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "Region__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Partner_Tier__c" (
    "Id"                  varchar(18) NOT NULL,
    "Name"                varchar(80),
    "Rank__c"             numeric(2,0),
    "Discount_Percent__c" numeric(5,2),
    "MDF_Eligible__c"     boolean,
    "IsDeleted"           boolean,
    "CreatedDate"         timestamptz,
    "CreatedById"         varchar(18),
    "LastModifiedDate"    timestamptz,
    "LastModifiedById"    varchar(18),
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "Partner_Tier__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Discount_Approval__c" (
    "Id"                    varchar(18) NOT NULL,
    "Name"                  varchar(80),
    "Opportunity__c"        varchar(18),
    "Quote__c"              varchar(18),
    "Requested_By__c"       varchar(18),
    "Approver__c"           varchar(18),
    "Requested_Discount__c" numeric(5,2),
    "Approved_Discount__c"  numeric(5,2),
    "Status__c"             varchar(255),
    "Submitted_Date__c"     date,
    "Decision_Date__c"      date,
    "Justification__c"      text,
    "IsDeleted"             boolean,
    "CreatedDate"           timestamptz,
    "CreatedById"           varchar(18),
    "LastModifiedDate"      timestamptz,
    "LastModifiedById"      varchar(18),
    "SystemModstamp"        timestamptz,
    "_replik_synced"        timestamptz,
    "_replik_deleted"       boolean,
    CONSTRAINT "Discount_Approval__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Deal_Desk_Request__c" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "Opportunity__c"    varchar(18),
    "Assigned_To__c"    varchar(18),
    "Request_Type__c"   varchar(255),
    "Status__c"         varchar(255),
    "Submitted_Date__c" date,
    "Resolved_Date__c"  date,
    "Details__c"        text,
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Deal_Desk_Request__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Opportunity_Competitor__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Opportunity__c"   varchar(18),
    "Competitor__c"    varchar(18),
    "Is_Primary__c"    boolean,
    "Strengths__c"     text,
    "Weaknesses__c"    text,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Opportunity_Competitor__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Quota__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "User__c"          varchar(18),
    "Period__c"        varchar(18),
    "Quota_Amount__c"  numeric(18,2),
    "CurrencyIsoCode"  varchar(3),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Quota__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Commission_Payout__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "User__c"          varchar(18),
    "Opportunity__c"   varchar(18),
    "Payout_Amount__c" numeric(18,2),
    "Rate__c"          numeric(5,2),
    "Payout_Date__c"   date,
    "Status__c"        varchar(255),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Commission_Payout__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Deal_Registration__c" (
    "Id"                   varchar(18) NOT NULL,
    "Name"                 varchar(80),
    "Partner_Account__c"   varchar(18),
    "Partner_Contact__c"   varchar(18),
    "Opportunity__c"       varchar(18),
    "End_Customer_Name__c" varchar(255),
    "Status__c"            varchar(255),
    "Registered_Date__c"   date,
    "Expiration_Date__c"   date,
    "Product_Interest__c"  varchar(255),
    "IsDeleted"            boolean,
    "CreatedDate"          timestamptz,
    "CreatedById"          varchar(18),
    "LastModifiedDate"     timestamptz,
    "LastModifiedById"     varchar(18),
    "SystemModstamp"       timestamptz,
    "_replik_synced"       timestamptz,
    "_replik_deleted"      boolean,
    CONSTRAINT "Deal_Registration__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."MDF_Request__c" (
    "Id"                  varchar(18) NOT NULL,
    "Name"                varchar(80),
    "Partner_Account__c"  varchar(18),
    "Campaign__c"         varchar(18),
    "Activity_Type__c"    varchar(255),
    "Requested_Amount__c" numeric(18,2),
    "Approved_Amount__c"  numeric(18,2),
    "Status__c"           varchar(255),
    "IsDeleted"           boolean,
    "CreatedDate"         timestamptz,
    "CreatedById"         varchar(18),
    "LastModifiedDate"    timestamptz,
    "LastModifiedById"    varchar(18),
    "SystemModstamp"      timestamptz,
    "_replik_synced"      timestamptz,
    "_replik_deleted"     boolean,
    CONSTRAINT "MDF_Request__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."SE_Request__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Opportunity__c"   varchar(18),
    "Requested_By__c"  varchar(18),
    "Assigned_SE__c"   varchar(18),
    "Request_Type__c"  varchar(255),
    "Status__c"        varchar(255),
    "Due_Date__c"      date,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "SE_Request__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Win_Loss_Review__c" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(80),
    "Opportunity__c"    varchar(18),
    "Interviewer__c"    varchar(18),
    "Outcome__c"        varchar(255),
    "Primary_Reason__c" varchar(255),
    "Review_Date__c"    date,
    "Findings__c"       text,
    "IsDeleted"         boolean,
    "CreatedDate"       timestamptz,
    "CreatedById"       varchar(18),
    "LastModifiedDate"  timestamptz,
    "LastModifiedById"  varchar(18),
    "SystemModstamp"    timestamptz,
    "_replik_synced"    timestamptz,
    "_replik_deleted"   boolean,
    CONSTRAINT "Win_Loss_Review__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."qtc__Quote__c" (
    "Id"                        varchar(18) NOT NULL,
    "Name"                      varchar(80),
    "qtc__Opportunity__c"       varchar(18),
    "qtc__Account__c"           varchar(18),
    "qtc__Sales_Rep__c"         varchar(18),
    "qtc__Status__c"            varchar(255),
    "qtc__Primary__c"           boolean,
    "qtc__Start_Date__c"        date,
    "qtc__Subscription_Term__c" numeric(5,0),
    "qtc__Expiration_Date__c"   date,
    "qtc__List_Amount__c"       numeric(18,2),
    "qtc__Net_Amount__c"        numeric(18,2),
    "IsDeleted"                 boolean,
    "CreatedDate"               timestamptz,
    "CreatedById"               varchar(18),
    "LastModifiedDate"          timestamptz,
    "LastModifiedById"          varchar(18),
    "SystemModstamp"            timestamptz,
    "_replik_synced"            timestamptz,
    "_replik_deleted"           boolean,
    CONSTRAINT "qtc__Quote__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."qtc__Quote_Line__c" (
    "Id"                          varchar(18) NOT NULL,
    "Name"                        varchar(80),
    "qtc__Quote__c"               varchar(18),
    "qtc__Product__c"             varchar(18),
    "qtc__Quantity__c"            numeric(12,2),
    "qtc__List_Price__c"          numeric(18,2),
    "qtc__Net_Price__c"           numeric(18,2),
    "qtc__Discount__c"            numeric(5,2),
    "qtc__Additional_Discount__c" numeric(5,2),
    "IsDeleted"                   boolean,
    "CreatedDate"                 timestamptz,
    "CreatedById"                 varchar(18),
    "LastModifiedDate"            timestamptz,
    "LastModifiedById"            varchar(18),
    "SystemModstamp"              timestamptz,
    "_replik_synced"              timestamptz,
    "_replik_deleted"             boolean,
    CONSTRAINT "qtc__Quote_Line__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."qtc__Subscription__c" (
    "Id"                       varchar(18) NOT NULL,
    "Name"                     varchar(80),
    "qtc__Account__c"          varchar(18),
    "qtc__Contract__c"         varchar(18),
    "qtc__Product__c"          varchar(18),
    "qtc__Quote_Line__c"       varchar(18),
    "qtc__Quantity__c"         numeric(12,2),
    "qtc__Net_Price__c"        numeric(18,2),
    "qtc__Start_Date__c"       date,
    "qtc__End_Date__c"         date,
    "qtc__Renewal_Quantity__c" numeric(12,2),
    "IsDeleted"                boolean,
    "CreatedDate"              timestamptz,
    "CreatedById"              varchar(18),
    "LastModifiedDate"         timestamptz,
    "LastModifiedById"         varchar(18),
    "SystemModstamp"           timestamptz,
    "_replik_synced"           timestamptz,
    "_replik_deleted"          boolean,
    CONSTRAINT "qtc__Subscription__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."svy__Survey__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "svy__Type__c"     varchar(255),
    "svy__Active__c"   boolean,
    "svy__Trigger__c"  varchar(255),
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "svy__Survey__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."svy__Survey_Response__c" (
    "Id"                     varchar(18) NOT NULL,
    "Name"                   varchar(80),
    "svy__Survey__c"         varchar(18),
    "svy__Case__c"           varchar(18),
    "svy__Contact__c"        varchar(18),
    "svy__Score__c"          numeric(2,0),
    "svy__Comment__c"        text,
    "svy__Submitted_Date__c" timestamptz,
    "IsDeleted"              boolean,
    "CreatedDate"            timestamptz,
    "CreatedById"            varchar(18),
    "LastModifiedDate"       timestamptz,
    "LastModifiedById"       varchar(18),
    "SystemModstamp"         timestamptz,
    "_replik_synced"         timestamptz,
    "_replik_deleted"        boolean,
    CONSTRAINT "svy__Survey_Response__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Lead_Import__c" (
    "Id"               varchar(18) NOT NULL,
    "Name"             varchar(80),
    "Import_Batch__c"  varchar(40),
    "First_Name__c"    varchar(40),
    "Last_Name__c"     varchar(80),
    "Company__c"       varchar(255),
    "Email__c"         varchar(80),
    "Lead_Source__c"   varchar(255),
    "Processed__c"     boolean,
    "Error__c"         text,
    "IsDeleted"        boolean,
    "CreatedDate"      timestamptz,
    "CreatedById"      varchar(18),
    "LastModifiedDate" timestamptz,
    "LastModifiedById" varchar(18),
    "SystemModstamp"   timestamptz,
    "_replik_synced"   timestamptz,
    "_replik_deleted"  boolean,
    CONSTRAINT "Lead_Import__c_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."Account_Backup_20240301" (
    "Id"                varchar(18) NOT NULL,
    "Name"              varchar(255),
    "Type"              varchar(40),
    "OwnerId"           varchar(18),
    "Industry"          varchar(40),
    "BillingCountry"    varchar(80),
    "Segment__c"        varchar(255),
    "Sales_Region__c"   varchar(18),
    "ARR__c"            numeric(18,2),
    "Customer_Since__c" date,
    CONSTRAINT "Account_Backup_20240301_pkey" PRIMARY KEY ("Id")
);

CREATE TABLE crm."_replik_sync_log" (
    "sync_id"          bigint NOT NULL,
    "table_name"       text,
    "sync_started_at"  timestamptz,
    "sync_finished_at" timestamptz,
    "sync_mode"        text,
    "rows_upserted"    bigint,
    "rows_deleted"     bigint,
    "status"           text,
    "error_message"    text,
    CONSTRAINT "_replik_sync_log_pkey" PRIMARY KEY ("sync_id")
);

CREATE TABLE crm."_replik_deleted_records" (
    "object_name" text NOT NULL,
    "record_id"   varchar(18) NOT NULL,
    "deleted_at"  timestamptz,
    "detected_at" timestamptz,
    "sync_id"     bigint,
    CONSTRAINT "_replik_deleted_records_pkey" PRIMARY KEY ("object_name", "record_id")
);

CREATE TABLE crm."_replik_schema_changes" (
    "change_id"   bigint NOT NULL,
    "table_name"  text,
    "column_name" text,
    "change_type" text,
    "old_type"    text,
    "new_type"    text,
    "detected_at" timestamptz,
    CONSTRAINT "_replik_schema_changes_pkey" PRIMARY KEY ("change_id")
);

CREATE TABLE crm."_replik_table_state" (
    "table_name"          text NOT NULL,
    "sync_mode"           text,
    "cursor_field"        text,
    "last_cursor_value"   timestamptz,
    "last_full_resync_at" timestamptz,
    "row_count"           bigint,
    "paused"              boolean,
    CONSTRAINT "_replik_table_state_pkey" PRIMARY KEY ("table_name")
);

------------------------------------------------------------------------
-- Rows of the small setup objects and lookups
------------------------------------------------------------------------

INSERT INTO crm."UserRole" ("Id", "Name", "DeveloperName", "ParentRoleId", "RollupDescription") VALUES
    ('00E5g000000AAA1EAA', 'CEO', 'CEO', NULL, 'CEO'),
    ('00E5g000000AAA2EAA', 'VP Sales', 'VP_Sales', '00E5g000000AAA1EAA', 'VP Sales'),
    ('00E5g000000AAA3EAA', 'NA Sales', 'NA_Sales', '00E5g000000AAA2EAA', 'NA Sales'),
    ('00E5g000000AAA4EAA', 'EMEA Sales', 'EMEA_Sales', '00E5g000000AAA2EAA', 'EMEA Sales'),
    ('00E5g000000AAA5EAA', 'APAC Sales', 'APAC_Sales', '00E5g000000AAA2EAA', 'APAC Sales'),
    ('00E5g000000AAA6EAA', 'Partner Sales', 'Partner_Sales', '00E5g000000AAA2EAA', 'Partner Sales'),
    ('00E5g000000AAA7EAA', 'Sales Operations', 'Sales_Operations', '00E5g000000AAA2EAA', 'Sales Operations'),
    ('00E5g000000AAA8EAA', 'VP Customer Success', 'VP_Customer_Success', '00E5g000000AAA1EAA', 'VP Customer Success'),
    ('00E5g000000AAA9EAA', 'Customer Success Managers', 'CSMs', '00E5g000000AAA8EAA', 'Customer Success Managers'),
    ('00E5g000000AABAEAA', 'Support Tier 1', 'Support_Tier_1', '00E5g000000AAA8EAA', 'Support Tier 1'),
    ('00E5g000000AABBEAA', 'Support Tier 2', 'Support_Tier_2', '00E5g000000AAA8EAA', 'Support Tier 2'),
    ('00E5g000000AABCEAA', 'Marketing', 'Marketing', '00E5g000000AAA1EAA', 'Marketing');

INSERT INTO crm."Profile" ("Id", "Name", "UserType") VALUES
    ('00e5g000000BBB1AAA', 'System Administrator', 'Standard'),
    ('00e5g000000BBB2AAA', 'Sales User', 'Standard'),
    ('00e5g000000BBB3AAA', 'Support Agent', 'Standard'),
    ('00e5g000000BBB4AAA', 'Customer Success', 'Standard'),
    ('00e5g000000BBB5AAA', 'Marketing User', 'Standard'),
    ('00e5g000000BBB6AAA', 'Partner Community User', 'PowerPartner'),
    ('00e5g000000BBB7AAA', 'Integration User', 'Standard');

INSERT INTO crm."Group" ("Id", "Name", "DeveloperName", "Type") VALUES
    ('00G5g000000CCC1EAA', 'Tier 1 Support Queue', 'Tier_1_Support', 'Queue'),
    ('00G5g000000CCC2EAA', 'Tier 2 Support Queue', 'Tier_2_Support', 'Queue'),
    ('00G5g000000CCC3EAA', 'Billing Queue', 'Billing', 'Queue'),
    ('00G5g000000CCC4EAA', 'Inbound Lead Queue', 'Inbound_Leads', 'Queue'),
    ('00G5g000000CCC5EAA', 'Deal Desk', 'Deal_Desk', 'Regular');

INSERT INTO crm."RecordType" ("Id", "Name", "DeveloperName", "SobjectType", "IsActive") VALUES
    ('0125g000000DDD1AAA', 'New Business', 'New_Business', 'Opportunity', true),
    ('0125g000000DDD2AAA', 'Renewal', 'Renewal', 'Opportunity', true),
    ('0125g000000DDD3AAA', 'Expansion', 'Expansion', 'Opportunity', true),
    ('0125g000000DDD4AAA', 'Services', 'Services', 'Opportunity', true),
    ('0125g000000DDD5AAA', 'Customer', 'Customer', 'Account', true),
    ('0125g000000DDD6AAA', 'Prospect', 'Prospect', 'Account', true),
    ('0125g000000DDD7AAA', 'Partner', 'Partner', 'Account', true),
    ('0125g000000DDD8AAA', 'Technical Support', 'Technical_Support', 'Case', true),
    ('0125g000000DDD9AAA', 'Billing Inquiry', 'Billing_Inquiry', 'Case', true),
    ('0125g000000DDEAAAA', 'Onboarding', 'Onboarding', 'Case', true);

INSERT INTO crm."BusinessHours" ("Id", "Name", "IsActive", "IsDefault", "TimeZoneSidKey") VALUES
    ('01m5g000000EEE1AAA', '24x7', true, false, 'GMT'),
    ('01m5g000000EEE2AAA', 'US Business Hours', true, true, 'America/New_York'),
    ('01m5g000000EEE3AAA', 'EMEA Business Hours', true, false, 'Europe/London'),
    ('01m5g000000EEE4AAA', 'APAC Business Hours', true, false, 'Australia/Sydney');

INSERT INTO crm."OpportunityStage" ("Id", "ApiName", "MasterLabel", "IsActive", "SortOrder", "IsClosed", "IsWon", "ForecastCategory", "ForecastCategoryName", "DefaultProbability") VALUES
    ('01J5g000000FFF1EAA', 'Prospecting', 'Prospecting', true, 1, false, false, 'Pipeline', 'Pipeline', 10),
    ('01J5g000000FFF2EAA', 'Discovery', 'Discovery', true, 2, false, false, 'Pipeline', 'Pipeline', 20),
    ('01J5g000000FFF3EAA', 'Solution Design', 'Solution Design', true, 3, false, false, 'Pipeline', 'Pipeline', 40),
    ('01J5g000000FFF4EAA', 'Proposal', 'Proposal', true, 4, false, false, 'BestCase', 'Best Case', 60),
    ('01J5g000000FFF5EAA', 'Negotiation', 'Negotiation', true, 5, false, false, 'Forecast', 'Commit', 80),
    ('01J5g000000FFF6EAA', 'Closed Won', 'Closed Won', true, 6, true, true, 'Closed', 'Closed', 100),
    ('01J5g000000FFF7EAA', 'Closed Lost', 'Closed Lost', true, 7, true, false, 'Omitted', 'Omitted', 0);

INSERT INTO crm."CaseStatus" ("Id", "ApiName", "MasterLabel", "SortOrder", "IsClosed", "IsDefault") VALUES
    ('01J5g000000GGG1EAA', 'New', 'New', 1, false, true),
    ('01J5g000000GGG2EAA', 'Working', 'Working', 2, false, false),
    ('01J5g000000GGG3EAA', 'Waiting on Customer', 'Waiting on Customer', 3, false, false),
    ('01J5g000000GGG4EAA', 'Escalated', 'Escalated', 4, false, false),
    ('01J5g000000GGG5EAA', 'Solved', 'Solved', 5, true, false),
    ('01J5g000000GGG6EAA', 'Closed', 'Closed', 6, true, false);

INSERT INTO crm."LeadStatus" ("Id", "ApiName", "MasterLabel", "SortOrder", "IsConverted", "IsDefault") VALUES
    ('01J5g000000HHH1EAA', 'Open - Not Contacted', 'Open - Not Contacted', 1, false, true),
    ('01J5g000000HHH2EAA', 'Working - Contacted', 'Working - Contacted', 2, false, false),
    ('01J5g000000HHH3EAA', 'Nurturing', 'Nurturing', 3, false, false),
    ('01J5g000000HHH4EAA', 'Qualified', 'Qualified', 4, true, false),
    ('01J5g000000HHH5EAA', 'Disqualified', 'Disqualified', 5, false, false);

INSERT INTO crm."PicklistValueInfo" ("Id", "EntityParticleId", "EntityName", "FieldName", "Value", "Label", "IsActive", "IsDefaultValue", "SortOrder") VALUES
    ('4pv000000000001AAA', 'Account.Type', 'Account', 'Type', 'Prospect', 'Prospect', true, true, 1),
    ('4pv000000000002AAA', 'Account.Type', 'Account', 'Type', 'Customer', 'Customer', true, false, 2),
    ('4pv000000000003AAA', 'Account.Type', 'Account', 'Type', 'Former Customer', 'Former Customer', true, false, 3),
    ('4pv000000000004AAA', 'Account.Type', 'Account', 'Type', 'Partner', 'Partner', true, false, 4),
    ('4pv000000000005AAA', 'Account.Segment__c', 'Account', 'Segment__c', 'Strategic', 'Strategic', true, false, 1),
    ('4pv000000000006AAA', 'Account.Segment__c', 'Account', 'Segment__c', 'Enterprise', 'Enterprise', true, false, 2),
    ('4pv000000000007AAA', 'Account.Segment__c', 'Account', 'Segment__c', 'Mid-Market', 'Mid-Market', true, false, 3),
    ('4pv000000000008AAA', 'Account.Segment__c', 'Account', 'Segment__c', 'SMB', 'SMB', true, true, 4),
    ('4pv000000000009AAA', 'Case.Priority', 'Case', 'Priority', 'P1 - Critical', 'P1 - Critical', true, false, 1),
    ('4pv000000000010AAA', 'Case.Priority', 'Case', 'Priority', 'P2 - High', 'P2 - High', true, false, 2),
    ('4pv000000000011AAA', 'Case.Priority', 'Case', 'Priority', 'P3 - Medium', 'P3 - Medium', true, true, 3),
    ('4pv000000000012AAA', 'Case.Priority', 'Case', 'Priority', 'P4 - Low', 'P4 - Low', true, false, 4),
    ('4pv000000000013AAA', 'Case.Origin', 'Case', 'Origin', 'Email', 'Email', true, true, 1),
    ('4pv000000000014AAA', 'Case.Origin', 'Case', 'Origin', 'Web', 'Web', true, false, 2),
    ('4pv000000000015AAA', 'Case.Origin', 'Case', 'Origin', 'Phone', 'Phone', true, false, 3),
    ('4pv000000000016AAA', 'Case.Origin', 'Case', 'Origin', 'Chat', 'Chat', true, false, 4),
    ('4pv000000000017AAA', 'Lead.LeadSource', 'Lead', 'LeadSource', 'Website', 'Website', true, false, 1),
    ('4pv000000000018AAA', 'Lead.LeadSource', 'Lead', 'LeadSource', 'Webinar', 'Webinar', true, false, 2),
    ('4pv000000000019AAA', 'Lead.LeadSource', 'Lead', 'LeadSource', 'Trade Show', 'Trade Show', true, false, 3),
    ('4pv000000000020AAA', 'Lead.LeadSource', 'Lead', 'LeadSource', 'Partner Referral', 'Partner Referral', true, false, 4),
    ('4pv000000000021AAA', 'Lead.LeadSource', 'Lead', 'LeadSource', 'Outbound', 'Outbound', true, false, 5),
    ('4pv000000000022AAA', 'Health_Score__c.Health_Status__c', 'Health_Score__c', 'Health_Status__c', 'Green', 'Green', true, false, 1),
    ('4pv000000000023AAA', 'Health_Score__c.Health_Status__c', 'Health_Score__c', 'Health_Status__c', 'Yellow', 'Yellow', true, false, 2),
    ('4pv000000000024AAA', 'Health_Score__c.Health_Status__c', 'Health_Score__c', 'Health_Status__c', 'Red', 'Red', true, false, 3),
    ('4pv000000000025AAA', 'NPS_Response__c.Category__c', 'NPS_Response__c', 'Category__c', 'Promoter', 'Promoter (9-10)', true, false, 1),
    ('4pv000000000026AAA', 'NPS_Response__c.Category__c', 'NPS_Response__c', 'Category__c', 'Passive', 'Passive (7-8)', true, false, 2),
    ('4pv000000000027AAA', 'NPS_Response__c.Category__c', 'NPS_Response__c', 'Category__c', 'Detractor', 'Detractor (0-6)', true, false, 3),
    ('4pv000000000028AAA', 'Renewal_Forecast__c.Risk_Level__c', 'Renewal_Forecast__c', 'Risk_Level__c', 'Committed', 'Committed', true, false, 1),
    ('4pv000000000029AAA', 'Renewal_Forecast__c.Risk_Level__c', 'Renewal_Forecast__c', 'Risk_Level__c', 'Likely', 'Likely', true, true, 2),
    ('4pv000000000030AAA', 'Renewal_Forecast__c.Risk_Level__c', 'Renewal_Forecast__c', 'Risk_Level__c', 'At Risk', 'At Risk', true, false, 3),
    ('4pv000000000031AAA', 'Discount_Approval__c.Status__c', 'Discount_Approval__c', 'Status__c', 'Pending', 'Pending', true, true, 1),
    ('4pv000000000032AAA', 'Discount_Approval__c.Status__c', 'Discount_Approval__c', 'Status__c', 'Approved', 'Approved', true, false, 2),
    ('4pv000000000033AAA', 'Discount_Approval__c.Status__c', 'Discount_Approval__c', 'Status__c', 'Rejected', 'Rejected', true, false, 3),
    ('4pv000000000034AAA', 'Deal_Registration__c.Status__c', 'Deal_Registration__c', 'Status__c', 'Submitted', 'Submitted', true, true, 1),
    ('4pv000000000035AAA', 'Deal_Registration__c.Status__c', 'Deal_Registration__c', 'Status__c', 'Approved', 'Approved', true, false, 2),
    ('4pv000000000036AAA', 'Deal_Registration__c.Status__c', 'Deal_Registration__c', 'Status__c', 'Rejected', 'Rejected', true, false, 3),
    ('4pv000000000037AAA', 'Deal_Registration__c.Status__c', 'Deal_Registration__c', 'Status__c', 'Expired', 'Expired', true, false, 4),
    ('4pv000000000038AAA', 'Jira_Issue__c.Status__c', 'Jira_Issue__c', 'Status__c', 'To Do', 'To Do', true, true, 1),
    ('4pv000000000039AAA', 'Jira_Issue__c.Status__c', 'Jira_Issue__c', 'Status__c', 'In Progress', 'In Progress', true, false, 2),
    ('4pv000000000040AAA', 'Jira_Issue__c.Status__c', 'Jira_Issue__c', 'Status__c', 'In Review', 'In Review', true, false, 3),
    ('4pv000000000041AAA', 'Jira_Issue__c.Status__c', 'Jira_Issue__c', 'Status__c', 'Done', 'Done', true, false, 4),
    ('4pv000000000042AAA', 'Jira_Issue__c.Status__c', 'Jira_Issue__c', 'Status__c', 'Won''t Fix', 'Won''t Fix', true, false, 5),
    ('4pv000000000043AAA', 'QBR__c.Status__c', 'QBR__c', 'Status__c', 'Scheduled', 'Scheduled', true, true, 1),
    ('4pv000000000044AAA', 'QBR__c.Status__c', 'QBR__c', 'Status__c', 'Completed', 'Completed', true, false, 2),
    ('4pv000000000045AAA', 'QBR__c.Status__c', 'QBR__c', 'Status__c', 'Cancelled', 'Cancelled', true, false, 3),
    ('4pv000000000046AAA', 'Cancellation_Request__c.Status__c', 'Cancellation_Request__c', 'Status__c', 'Open', 'Open', true, true, 1),
    ('4pv000000000047AAA', 'Cancellation_Request__c.Status__c', 'Cancellation_Request__c', 'Status__c', 'Saved', 'Saved', true, false, 2),
    ('4pv000000000048AAA', 'Cancellation_Request__c.Status__c', 'Cancellation_Request__c', 'Status__c', 'Completed', 'Completed', true, false, 3),
    ('4pv000000000049AAA', 'AccountTeamMember.TeamMemberRole', 'AccountTeamMember', 'TeamMemberRole', 'Account Executive', 'Account Executive', true, false, 1),
    ('4pv000000000050AAA', 'AccountTeamMember.TeamMemberRole', 'AccountTeamMember', 'TeamMemberRole', 'Sales Engineer', 'Sales Engineer', true, false, 2),
    ('4pv000000000051AAA', 'AccountTeamMember.TeamMemberRole', 'AccountTeamMember', 'TeamMemberRole', 'Executive Sponsor', 'Executive Sponsor', true, false, 3),
    ('4pv000000000052AAA', 'AccountTeamMember.TeamMemberRole', 'AccountTeamMember', 'TeamMemberRole', 'Partner Manager', 'Partner Manager', true, false, 4),
    ('4pv000000000053AAA', 'OpportunityContactRole.Role', 'OpportunityContactRole', 'Role', 'Economic Buyer', 'Economic Buyer', true, false, 1),
    ('4pv000000000054AAA', 'OpportunityContactRole.Role', 'OpportunityContactRole', 'Role', 'Champion', 'Champion', true, false, 2),
    ('4pv000000000055AAA', 'OpportunityContactRole.Role', 'OpportunityContactRole', 'Role', 'Technical Evaluator', 'Technical Evaluator', true, false, 3),
    ('4pv000000000056AAA', 'Quote.Status', 'Quote', 'Status', 'Draft', 'Draft', true, true, 1),
    ('4pv000000000057AAA', 'Quote.Status', 'Quote', 'Status', 'In Review', 'In Review', true, false, 2),
    ('4pv000000000058AAA', 'Quote.Status', 'Quote', 'Status', 'Presented', 'Presented', true, false, 3),
    ('4pv000000000059AAA', 'Quote.Status', 'Quote', 'Status', 'Accepted', 'Accepted', true, false, 4),
    ('4pv000000000060AAA', 'Quote.Status', 'Quote', 'Status', 'Denied', 'Denied', true, false, 5),
    ('4pv000000000061AAA', 'Contract.Status', 'Contract', 'Status', 'Draft', 'Draft', true, true, 1),
    ('4pv000000000062AAA', 'Contract.Status', 'Contract', 'Status', 'Activated', 'Activated', true, false, 2),
    ('4pv000000000063AAA', 'Contract.Status', 'Contract', 'Status', 'Expired', 'Expired', true, false, 3),
    ('4pv000000000064AAA', 'Task.Type', 'Task', 'Type', 'Call', 'Call', true, false, 1),
    ('4pv000000000065AAA', 'Task.Type', 'Task', 'Type', 'Email', 'Email', true, false, 2),
    ('4pv000000000066AAA', 'Task.Type', 'Task', 'Type', 'Meeting', 'Meeting', true, false, 3),
    ('4pv000000000067AAA', 'Entitlement.Type', 'Entitlement', 'Type', 'Web Support', 'Web Support', true, false, 1),
    ('4pv000000000068AAA', 'Entitlement.Type', 'Entitlement', 'Type', 'Phone Support', 'Phone Support', true, false, 2);

INSERT INTO crm."CurrencyType" ("Id", "IsoCode", "ConversionRate", "DecimalPlaces", "IsActive", "IsCorporate") VALUES
    ('01L5g000000JJJ1EAA', 'USD', 1.000000, 2, true, true),
    ('01L5g000000JJJ2EAA', 'EUR', 0.920000, 2, true, false),
    ('01L5g000000JJJ3EAA', 'GBP', 0.790000, 2, true, false),
    ('01L5g000000JJJ4EAA', 'AUD', 1.520000, 2, true, false),
    ('01L5g000000JJJ5EAA', 'JPY', 151.000000, 0, true, false);

INSERT INTO crm."Period" ("Id", "Type", "FiscalYear", "Number", "StartDate", "EndDate", "PeriodLabel", "QuarterLabel", "FullyQualifiedLabel", "IsForecastPeriod") VALUES
    ('0265g000000KKK1AAA', 'Year', 2026, 1, DATE '2025-02-01', DATE '2026-01-31', 'FY2026', NULL, 'FY 2026', false),
    ('0265g000000KKK2AAA', 'Quarter', 2026, 1, DATE '2025-02-01', DATE '2025-04-30', NULL, 'Q1', 'Q1 FY 2026', true),
    ('0265g000000KKK3AAA', 'Quarter', 2026, 2, DATE '2025-05-01', DATE '2025-07-31', NULL, 'Q2', 'Q2 FY 2026', true),
    ('0265g000000KKK4AAA', 'Quarter', 2026, 3, DATE '2025-08-01', DATE '2025-10-31', NULL, 'Q3', 'Q3 FY 2026', true),
    ('0265g000000KKK5AAA', 'Quarter', 2026, 4, DATE '2025-11-01', DATE '2026-01-31', NULL, 'Q4', 'Q4 FY 2026', true);

INSERT INTO crm."Territory2Type" ("Id", "DeveloperName", "MasterLabel", "Priority") VALUES
    ('0M55g000000LLL1CAA', 'Geo', 'Geography', 1),
    ('0M55g000000LLL2CAA', 'Named_Accounts', 'Named Accounts', 2);

INSERT INTO crm."Territory2" ("Id", "Name", "DeveloperName", "Territory2TypeId", "ParentTerritory2Id") VALUES
    ('0MI5g000000MMM1GAA', 'Global', 'Global', '0M55g000000LLL1CAA', NULL),
    ('0MI5g000000MMM2GAA', 'North America', 'North_America', '0M55g000000LLL1CAA', '0MI5g000000MMM1GAA'),
    ('0MI5g000000MMM3GAA', 'NA West', 'NA_West', '0M55g000000LLL1CAA', '0MI5g000000MMM2GAA'),
    ('0MI5g000000MMM4GAA', 'NA East', 'NA_East', '0M55g000000LLL1CAA', '0MI5g000000MMM2GAA'),
    ('0MI5g000000MMM5GAA', 'Europe, Middle East & Africa', 'EMEA', '0M55g000000LLL1CAA', '0MI5g000000MMM1GAA'),
    ('0MI5g000000MMM6GAA', 'DACH', 'DACH', '0M55g000000LLL1CAA', '0MI5g000000MMM5GAA'),
    ('0MI5g000000MMM7GAA', 'UK & Ireland', 'UKI', '0M55g000000LLL1CAA', '0MI5g000000MMM5GAA'),
    ('0MI5g000000MMM8GAA', 'Asia Pacific', 'APAC', '0M55g000000LLL1CAA', '0MI5g000000MMM1GAA'),
    ('0MI5g000000MMM9GAA', 'Strategic Accounts', 'Strategic_Accounts', '0M55g000000LLL2CAA', '0MI5g000000MMM1GAA');

INSERT INTO crm."SlaProcess" ("Id", "Name", "NameNorm", "IsActive", "IsVersionDefault", "VersionNumber", "SobjectType", "BusinessHoursId") VALUES
    ('5525g000000NNN1AAA', 'Standard Support SLA', 'standard support sla', true, true, 2, 'Case', '01m5g000000EEE2AAA'),
    ('5525g000000NNN2AAA', 'Premier Support SLA', 'premier support sla', true, true, 3, 'Case', '01m5g000000EEE1AAA'),
    ('5525g000000NNN3AAA', 'Enterprise 24x7 SLA', 'enterprise 24x7 sla', true, true, 1, 'Case', '01m5g000000EEE1AAA');

INSERT INTO crm."MilestoneType" ("Id", "Name", "Description", "RecurrenceType") VALUES
    ('5575g000000PPP1AAA', 'First Response', 'Agent replies to the customer', 'none'),
    ('5575g000000PPP2AAA', 'Status Update', 'Agent updates the customer while the case is open', 'recursIndependently'),
    ('5575g000000PPP3AAA', 'Escalation Response', 'Tier 2 picks up an escalated case', 'none'),
    ('5575g000000PPP4AAA', 'Resolution', 'Case solved', 'none');

INSERT INTO crm."Region__c" ("Id", "Name", "Region_Code__c", "Default_Currency__c") VALUES
    ('a0R5g000000QQQ1EAA', 'North America', 'NA', 'USD'),
    ('a0R5g000000QQQ2EAA', 'EMEA', 'EMEA', 'EUR'),
    ('a0R5g000000QQQ3EAA', 'APAC', 'APAC', 'AUD'),
    ('a0R5g000000QQQ4EAA', 'LATAM', 'LATAM', 'USD');

INSERT INTO crm."Partner_Tier__c" ("Id", "Name", "Rank__c", "Discount_Percent__c", "MDF_Eligible__c") VALUES
    ('a0T5g000000RRR1EAA', 'Platinum', 1, 30, true),
    ('a0T5g000000RRR2EAA', 'Gold', 2, 20, true),
    ('a0T5g000000RRR3EAA', 'Silver', 3, 10, false),
    ('a0T5g000000RRR4EAA', 'Registered', 4, 0, false);

INSERT INTO crm."Churn_Reason__c" ("Id", "Name", "Category__c", "Is_Active__c") VALUES
    ('a0C5g000000SSS1EAA', 'Budget cuts', 'Financial', true),
    ('a0C5g000000SSS2EAA', 'Switched to competitor', 'Competitive', true),
    ('a0C5g000000SSS3EAA', 'Missing functionality', 'Product', true),
    ('a0C5g000000SSS4EAA', 'Low adoption', 'Value', true),
    ('a0C5g000000SSS5EAA', 'Acquired / merged', 'Corporate event', true),
    ('a0C5g000000SSS6EAA', 'Went out of business', 'Corporate event', true);

INSERT INTO crm."Competitor__c" ("Id", "Name", "Tier__c") VALUES
    ('a0K5g000000TTT1EAA', 'Northwind CRM', 'Primary'),
    ('a0K5g000000TTT2EAA', 'Contoso Cloud', 'Primary'),
    ('a0K5g000000TTT3EAA', 'Fabrikam Suite', 'Secondary'),
    ('a0K5g000000TTT4EAA', 'Globex Analytics', 'Secondary'),
    ('a0K5g000000TTT5EAA', 'In-house build', 'Other');

INSERT INTO crm."CampaignInfluenceModel" ("Id", "DeveloperName", "MasterLabel", "IsActive", "IsDefaultModel") VALUES
    ('03V5g000000UUU1EAA', 'primaryModel', 'Primary Campaign Source', true, true),
    ('03V5g000000UUU2EAA', 'firstTouch', 'First Touch', true, false),
    ('03V5g000000UUU3EAA', 'lastTouch', 'Last Touch', true, false),
    ('03V5g000000UUU4EAA', 'evenDistribution', 'Even Distribution', true, false);

INSERT INTO crm."Campaign" ("Id", "Name", "Type", "Status", "StartDate", "EndDate", "IsActive", "Region__c") VALUES
    ('7015g000000VVV1AAA', 'Cloud Summit 2025', 'Conference', 'Completed', DATE '2025-05-20', DATE '2025-05-22', false, 'a0R5g000000QQQ1EAA'),
    ('7015g000000VVV2AAA', 'Data Forum London 2025', 'Conference', 'Completed', DATE '2025-06-11', DATE '2025-06-12', false, 'a0R5g000000QQQ2EAA'),
    ('7015g000000VVV3AAA', 'Q3 Pipeline Webinar Series', 'Webinar', 'Completed', DATE '2025-07-01', DATE '2025-09-30', false, NULL),
    ('7015g000000VVV4AAA', 'Paid Search - Brand', 'Paid Search', 'In Progress', DATE '2025-01-01', NULL, true, NULL),
    ('7015g000000VVV5AAA', 'Renewal Nurture 2025', 'Email', 'In Progress', DATE '2025-01-15', NULL, true, NULL);

INSERT INTO crm."svy__Survey__c" ("Id", "Name", "svy__Type__c", "svy__Active__c", "svy__Trigger__c") VALUES
    ('a0S5g000000WWW1EAA', 'Post-case satisfaction', 'CSAT', true, 'Case closed'),
    ('a0S5g000000WWW2EAA', 'Customer effort', 'CES', true, 'Case closed'),
    ('a0S5g000000WWW3EAA', 'Onboarding satisfaction', 'CSAT', false, 'Go-live');

INSERT INTO crm."Product2" ("Id", "Name", "ProductCode", "Family", "IsActive", "Revenue_Type__c") VALUES
    ('01t5g000000XXX1AAA', 'Platform - Professional', 'PLT-PRO', 'Platform', true, 'Recurring'),
    ('01t5g000000XXX2AAA', 'Platform - Enterprise', 'PLT-ENT', 'Platform', true, 'Recurring'),
    ('01t5g000000XXX3AAA', 'Analytics Add-on', 'ADD-ANL', 'Add-ons', true, 'Recurring'),
    ('01t5g000000XXX4AAA', 'Premier Support', 'SUP-PRM', 'Support', true, 'Recurring'),
    ('01t5g000000XXX5AAA', 'Implementation Package', 'PS-IMPL', 'Professional Services', true, 'One-time'),
    ('01t5g000000XXX6AAA', 'Admin Training', 'TRN-ADM', 'Training', true, 'One-time');

INSERT INTO crm."Pricebook2" ("Id", "Name", "IsActive", "IsStandard", "Region__c") VALUES
    ('01s5g000000YYY1AAA', 'Standard Price Book', true, true, NULL),
    ('01s5g000000YYY2AAA', 'EMEA Price Book', true, false, 'a0R5g000000QQQ2EAA'),
    ('01s5g000000YYY3AAA', 'Partner Price Book', true, false, NULL);

INSERT INTO crm."ProcessDefinition" ("Id", "Name", "DeveloperName", "TableEnumOrId", "Type", "State") VALUES
    ('04a5g000000ZZZ1AAA', 'Quote Discount Approval', 'Quote_Discount_Approval', 'Quote', 'Approval', 'Active'),
    ('04a5g000000ZZZ2AAA', 'Non-Standard Terms', 'Non_Standard_Terms', 'Opportunity', 'Approval', 'Active'),
    ('04a5g000000ZZZ3AAA', 'MDF Request Approval', 'MDF_Request_Approval', 'MDF_Request__c', 'Approval', 'Active');

INSERT INTO crm."_replik_table_state" ("table_name", "sync_mode", "cursor_field", "paused") VALUES
    ('Account', 'incremental', 'SystemModstamp', false),
    ('Opportunity', 'incremental', 'SystemModstamp', false),
    ('Case', 'incremental', 'SystemModstamp', false),
    ('PicklistValueInfo', 'full', NULL, false),
    ('Lead_Import__c', 'incremental', 'SystemModstamp', true);

------------------------------------------------------------------------
-- Keys. The replication tool creates no keys; the DBA added these after
-- the initial load, from the lookup fields of the CRM.
------------------------------------------------------------------------

ALTER TABLE ONLY crm."OpportunityStage" ADD CONSTRAINT "OpportunityStage_ApiName_key" UNIQUE ("ApiName");
ALTER TABLE ONLY crm."CaseStatus" ADD CONSTRAINT "CaseStatus_ApiName_key" UNIQUE ("ApiName");
ALTER TABLE ONLY crm."LeadStatus" ADD CONSTRAINT "LeadStatus_ApiName_key" UNIQUE ("ApiName");
ALTER TABLE ONLY crm."CurrencyType" ADD CONSTRAINT "CurrencyType_IsoCode_key" UNIQUE ("IsoCode");

ALTER TABLE ONLY crm."User" ADD CONSTRAINT "User_UserRoleId_fkey" FOREIGN KEY ("UserRoleId") REFERENCES crm."UserRole" ("Id");
ALTER TABLE ONLY crm."User" ADD CONSTRAINT "User_ProfileId_fkey" FOREIGN KEY ("ProfileId") REFERENCES crm."Profile" ("Id");
ALTER TABLE ONLY crm."User" ADD CONSTRAINT "User_ManagerId_fkey" FOREIGN KEY ("ManagerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."UserRole" ADD CONSTRAINT "UserRole_ParentRoleId_fkey" FOREIGN KEY ("ParentRoleId") REFERENCES crm."UserRole" ("Id");
ALTER TABLE ONLY crm."GroupMember" ADD CONSTRAINT "GroupMember_GroupId_fkey" FOREIGN KEY ("GroupId") REFERENCES crm."Group" ("Id");
ALTER TABLE ONLY crm."DatedConversionRate" ADD CONSTRAINT "DatedConversionRate_IsoCode_fkey" FOREIGN KEY ("IsoCode") REFERENCES crm."CurrencyType" ("IsoCode");
ALTER TABLE ONLY crm."Territory2" ADD CONSTRAINT "Territory2_Territory2TypeId_fkey" FOREIGN KEY ("Territory2TypeId") REFERENCES crm."Territory2Type" ("Id");
ALTER TABLE ONLY crm."Territory2" ADD CONSTRAINT "Territory2_ParentTerritory2Id_fkey" FOREIGN KEY ("ParentTerritory2Id") REFERENCES crm."Territory2" ("Id");
ALTER TABLE ONLY crm."Territory2" ADD CONSTRAINT "Territory2_ForecastUserId_fkey" FOREIGN KEY ("ForecastUserId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."UserTerritory2Association" ADD CONSTRAINT "UserTerritory2Association_Territory2Id_fkey" FOREIGN KEY ("Territory2Id") REFERENCES crm."Territory2" ("Id");
ALTER TABLE ONLY crm."UserTerritory2Association" ADD CONSTRAINT "UserTerritory2Association_UserId_fkey" FOREIGN KEY ("UserId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ObjectTerritory2Association" ADD CONSTRAINT "ObjectTerritory2Association_ObjectId_fkey" FOREIGN KEY ("ObjectId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."ObjectTerritory2Association" ADD CONSTRAINT "ObjectTerritory2Association_Territory2Id_fkey" FOREIGN KEY ("Territory2Id") REFERENCES crm."Territory2" ("Id");
ALTER TABLE ONLY crm."Account" ADD CONSTRAINT "Account_RecordTypeId_fkey" FOREIGN KEY ("RecordTypeId") REFERENCES crm."RecordType" ("Id");
ALTER TABLE ONLY crm."Account" ADD CONSTRAINT "Account_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Account" ADD CONSTRAINT "Account_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Account" ADD CONSTRAINT "Account_Sales_Region__c_fkey" FOREIGN KEY ("Sales_Region__c") REFERENCES crm."Region__c" ("Id");
ALTER TABLE ONLY crm."Account" ADD CONSTRAINT "Account_Partner_Tier__c_fkey" FOREIGN KEY ("Partner_Tier__c") REFERENCES crm."Partner_Tier__c" ("Id");
ALTER TABLE ONLY crm."Contact" ADD CONSTRAINT "Contact_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Contact" ADD CONSTRAINT "Contact_ReportsToId_fkey" FOREIGN KEY ("ReportsToId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Contact" ADD CONSTRAINT "Contact_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."AccountContactRelation" ADD CONSTRAINT "AccountContactRelation_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."AccountContactRelation" ADD CONSTRAINT "AccountContactRelation_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."AccountTeamMember" ADD CONSTRAINT "AccountTeamMember_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."AccountTeamMember" ADD CONSTRAINT "AccountTeamMember_UserId_fkey" FOREIGN KEY ("UserId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Lead" ADD CONSTRAINT "Lead_Status_fkey" FOREIGN KEY ("Status") REFERENCES crm."LeadStatus" ("ApiName");
ALTER TABLE ONLY crm."Lead" ADD CONSTRAINT "Lead_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Lead" ADD CONSTRAINT "Lead_ConvertedAccountId_fkey" FOREIGN KEY ("ConvertedAccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Lead" ADD CONSTRAINT "Lead_ConvertedContactId_fkey" FOREIGN KEY ("ConvertedContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Lead" ADD CONSTRAINT "Lead_ConvertedOpportunityId_fkey" FOREIGN KEY ("ConvertedOpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_RecordTypeId_fkey" FOREIGN KEY ("RecordTypeId") REFERENCES crm."RecordType" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_StageName_fkey" FOREIGN KEY ("StageName") REFERENCES crm."OpportunityStage" ("ApiName");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_CampaignId_fkey" FOREIGN KEY ("CampaignId") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_Pricebook2Id_fkey" FOREIGN KEY ("Pricebook2Id") REFERENCES crm."Pricebook2" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_ContractId_fkey" FOREIGN KEY ("ContractId") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_Primary_Contact__c_fkey" FOREIGN KEY ("Primary_Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_Partner_Account__c_fkey" FOREIGN KEY ("Partner_Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Opportunity" ADD CONSTRAINT "Opportunity_SE_Owner__c_fkey" FOREIGN KEY ("SE_Owner__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."OpportunityLineItem" ADD CONSTRAINT "OpportunityLineItem_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."OpportunityLineItem" ADD CONSTRAINT "OpportunityLineItem_PricebookEntryId_fkey" FOREIGN KEY ("PricebookEntryId") REFERENCES crm."PricebookEntry" ("Id");
ALTER TABLE ONLY crm."OpportunityLineItem" ADD CONSTRAINT "OpportunityLineItem_Product2Id_fkey" FOREIGN KEY ("Product2Id") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."OpportunityContactRole" ADD CONSTRAINT "OpportunityContactRole_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."OpportunityContactRole" ADD CONSTRAINT "OpportunityContactRole_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."OpportunityTeamMember" ADD CONSTRAINT "OpportunityTeamMember_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."OpportunityTeamMember" ADD CONSTRAINT "OpportunityTeamMember_UserId_fkey" FOREIGN KEY ("UserId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."OpportunitySplit" ADD CONSTRAINT "OpportunitySplit_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."OpportunitySplit" ADD CONSTRAINT "OpportunitySplit_SplitOwnerId_fkey" FOREIGN KEY ("SplitOwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Pricebook2" ADD CONSTRAINT "Pricebook2_Region__c_fkey" FOREIGN KEY ("Region__c") REFERENCES crm."Region__c" ("Id");
ALTER TABLE ONLY crm."PricebookEntry" ADD CONSTRAINT "PricebookEntry_Pricebook2Id_fkey" FOREIGN KEY ("Pricebook2Id") REFERENCES crm."Pricebook2" ("Id");
ALTER TABLE ONLY crm."PricebookEntry" ADD CONSTRAINT "PricebookEntry_Product2Id_fkey" FOREIGN KEY ("Product2Id") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."Quote" ADD CONSTRAINT "Quote_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Quote" ADD CONSTRAINT "Quote_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Quote" ADD CONSTRAINT "Quote_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Quote" ADD CONSTRAINT "Quote_Pricebook2Id_fkey" FOREIGN KEY ("Pricebook2Id") REFERENCES crm."Pricebook2" ("Id");
ALTER TABLE ONLY crm."QuoteLineItem" ADD CONSTRAINT "QuoteLineItem_QuoteId_fkey" FOREIGN KEY ("QuoteId") REFERENCES crm."Quote" ("Id");
ALTER TABLE ONLY crm."QuoteLineItem" ADD CONSTRAINT "QuoteLineItem_OpportunityLineItemId_fkey" FOREIGN KEY ("OpportunityLineItemId") REFERENCES crm."OpportunityLineItem" ("Id");
ALTER TABLE ONLY crm."QuoteLineItem" ADD CONSTRAINT "QuoteLineItem_PricebookEntryId_fkey" FOREIGN KEY ("PricebookEntryId") REFERENCES crm."PricebookEntry" ("Id");
ALTER TABLE ONLY crm."QuoteLineItem" ADD CONSTRAINT "QuoteLineItem_Product2Id_fkey" FOREIGN KEY ("Product2Id") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."Contract" ADD CONSTRAINT "Contract_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Contract" ADD CONSTRAINT "Contract_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Contract" ADD CONSTRAINT "Contract_CustomerSignedId_fkey" FOREIGN KEY ("CustomerSignedId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Contract" ADD CONSTRAINT "Contract_CompanySignedId_fkey" FOREIGN KEY ("CompanySignedId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Contract" ADD CONSTRAINT "Contract_Pricebook2Id_fkey" FOREIGN KEY ("Pricebook2Id") REFERENCES crm."Pricebook2" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_ContractId_fkey" FOREIGN KEY ("ContractId") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_QuoteId_fkey" FOREIGN KEY ("QuoteId") REFERENCES crm."Quote" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_Pricebook2Id_fkey" FOREIGN KEY ("Pricebook2Id") REFERENCES crm."Pricebook2" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_BillToContactId_fkey" FOREIGN KEY ("BillToContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Order" ADD CONSTRAINT "Order_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."OrderItem" ADD CONSTRAINT "OrderItem_OrderId_fkey" FOREIGN KEY ("OrderId") REFERENCES crm."Order" ("Id");
ALTER TABLE ONLY crm."OrderItem" ADD CONSTRAINT "OrderItem_PricebookEntryId_fkey" FOREIGN KEY ("PricebookEntryId") REFERENCES crm."PricebookEntry" ("Id");
ALTER TABLE ONLY crm."OrderItem" ADD CONSTRAINT "OrderItem_Product2Id_fkey" FOREIGN KEY ("Product2Id") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."OrderItem" ADD CONSTRAINT "OrderItem_QuoteLineItemId_fkey" FOREIGN KEY ("QuoteLineItemId") REFERENCES crm."QuoteLineItem" ("Id");
ALTER TABLE ONLY crm."Asset" ADD CONSTRAINT "Asset_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Asset" ADD CONSTRAINT "Asset_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Asset" ADD CONSTRAINT "Asset_Product2Id_fkey" FOREIGN KEY ("Product2Id") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."Asset" ADD CONSTRAINT "Asset_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Asset" ("Id");
ALTER TABLE ONLY crm."Asset" ADD CONSTRAINT "Asset_RootAssetId_fkey" FOREIGN KEY ("RootAssetId") REFERENCES crm."Asset" ("Id");
ALTER TABLE ONLY crm."Entitlement" ADD CONSTRAINT "Entitlement_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Entitlement" ADD CONSTRAINT "Entitlement_AssetId_fkey" FOREIGN KEY ("AssetId") REFERENCES crm."Asset" ("Id");
ALTER TABLE ONLY crm."Entitlement" ADD CONSTRAINT "Entitlement_SlaProcessId_fkey" FOREIGN KEY ("SlaProcessId") REFERENCES crm."SlaProcess" ("Id");
ALTER TABLE ONLY crm."Entitlement" ADD CONSTRAINT "Entitlement_BusinessHoursId_fkey" FOREIGN KEY ("BusinessHoursId") REFERENCES crm."BusinessHours" ("Id");
ALTER TABLE ONLY crm."SlaProcess" ADD CONSTRAINT "SlaProcess_BusinessHoursId_fkey" FOREIGN KEY ("BusinessHoursId") REFERENCES crm."BusinessHours" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_RecordTypeId_fkey" FOREIGN KEY ("RecordTypeId") REFERENCES crm."RecordType" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_AssetId_fkey" FOREIGN KEY ("AssetId") REFERENCES crm."Asset" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_ProductId_fkey" FOREIGN KEY ("ProductId") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_EntitlementId_fkey" FOREIGN KEY ("EntitlementId") REFERENCES crm."Entitlement" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_Status_fkey" FOREIGN KEY ("Status") REFERENCES crm."CaseStatus" ("ApiName");
ALTER TABLE ONLY crm."Case" ADD CONSTRAINT "Case_BusinessHoursId_fkey" FOREIGN KEY ("BusinessHoursId") REFERENCES crm."BusinessHours" ("Id");
ALTER TABLE ONLY crm."CaseComment" ADD CONSTRAINT "CaseComment_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."CaseMilestone" ADD CONSTRAINT "CaseMilestone_CaseId_fkey" FOREIGN KEY ("CaseId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."CaseMilestone" ADD CONSTRAINT "CaseMilestone_MilestoneTypeId_fkey" FOREIGN KEY ("MilestoneTypeId") REFERENCES crm."MilestoneType" ("Id");
ALTER TABLE ONLY crm."CaseMilestone" ADD CONSTRAINT "CaseMilestone_BusinessHoursId_fkey" FOREIGN KEY ("BusinessHoursId") REFERENCES crm."BusinessHours" ("Id");
ALTER TABLE ONLY crm."EmailMessage" ADD CONSTRAINT "EmailMessage_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."Knowledge__kav" ADD CONSTRAINT "Knowledge__kav_Product__c_fkey" FOREIGN KEY ("Product__c") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."CaseArticle" ADD CONSTRAINT "CaseArticle_CaseId_fkey" FOREIGN KEY ("CaseId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."CaseArticle" ADD CONSTRAINT "CaseArticle_KnowledgeArticleVersionId_fkey" FOREIGN KEY ("KnowledgeArticleVersionId") REFERENCES crm."Knowledge__kav" ("Id");
ALTER TABLE ONLY crm."Task" ADD CONSTRAINT "Task_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Task" ADD CONSTRAINT "Task_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Event" ADD CONSTRAINT "Event_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Event" ADD CONSTRAINT "Event_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."EventRelation" ADD CONSTRAINT "EventRelation_EventId_fkey" FOREIGN KEY ("EventId") REFERENCES crm."Event" ("Id");
ALTER TABLE ONLY crm."Campaign" ADD CONSTRAINT "Campaign_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."Campaign" ADD CONSTRAINT "Campaign_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Campaign" ADD CONSTRAINT "Campaign_Region__c_fkey" FOREIGN KEY ("Region__c") REFERENCES crm."Region__c" ("Id");
ALTER TABLE ONLY crm."CampaignMember" ADD CONSTRAINT "CampaignMember_CampaignId_fkey" FOREIGN KEY ("CampaignId") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."CampaignMember" ADD CONSTRAINT "CampaignMember_LeadId_fkey" FOREIGN KEY ("LeadId") REFERENCES crm."Lead" ("Id");
ALTER TABLE ONLY crm."CampaignMember" ADD CONSTRAINT "CampaignMember_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."CampaignMemberStatus" ADD CONSTRAINT "CampaignMemberStatus_CampaignId_fkey" FOREIGN KEY ("CampaignId") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."CampaignInfluence" ADD CONSTRAINT "CampaignInfluence_CampaignId_fkey" FOREIGN KEY ("CampaignId") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."CampaignInfluence" ADD CONSTRAINT "CampaignInfluence_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."CampaignInfluence" ADD CONSTRAINT "CampaignInfluence_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."CampaignInfluence" ADD CONSTRAINT "CampaignInfluence_ModelId_fkey" FOREIGN KEY ("ModelId") REFERENCES crm."CampaignInfluenceModel" ("Id");
ALTER TABLE ONLY crm."mka__Email_Activity__c" ADD CONSTRAINT "mka__Email_Activity__c_mka__Lead__c_fkey" FOREIGN KEY ("mka__Lead__c") REFERENCES crm."Lead" ("Id");
ALTER TABLE ONLY crm."mka__Email_Activity__c" ADD CONSTRAINT "mka__Email_Activity__c_mka__Contact__c_fkey" FOREIGN KEY ("mka__Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."mka__Email_Activity__c" ADD CONSTRAINT "mka__Email_Activity__c_mka__Campaign__c_fkey" FOREIGN KEY ("mka__Campaign__c") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."AccountHistory" ADD CONSTRAINT "AccountHistory_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."ContactHistory" ADD CONSTRAINT "ContactHistory_ContactId_fkey" FOREIGN KEY ("ContactId") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."LeadHistory" ADD CONSTRAINT "LeadHistory_LeadId_fkey" FOREIGN KEY ("LeadId") REFERENCES crm."Lead" ("Id");
ALTER TABLE ONLY crm."OpportunityFieldHistory" ADD CONSTRAINT "OpportunityFieldHistory_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."CaseHistory" ADD CONSTRAINT "CaseHistory_CaseId_fkey" FOREIGN KEY ("CaseId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."ContractHistory" ADD CONSTRAINT "ContractHistory_ContractId_fkey" FOREIGN KEY ("ContractId") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."Health_Score__History" ADD CONSTRAINT "Health_Score__History_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Health_Score__c" ("Id");
ALTER TABLE ONLY crm."Renewal_Forecast__History" ADD CONSTRAINT "Renewal_Forecast__History_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Renewal_Forecast__c" ("Id");
ALTER TABLE ONLY crm."Discount_Approval__History" ADD CONSTRAINT "Discount_Approval__History_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Discount_Approval__c" ("Id");
ALTER TABLE ONLY crm."OpportunityHistory" ADD CONSTRAINT "OpportunityHistory_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."AccountShare" ADD CONSTRAINT "AccountShare_AccountId_fkey" FOREIGN KEY ("AccountId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."OpportunityShare" ADD CONSTRAINT "OpportunityShare_OpportunityId_fkey" FOREIGN KEY ("OpportunityId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."CaseShare" ADD CONSTRAINT "CaseShare_CaseId_fkey" FOREIGN KEY ("CaseId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."LeadShare" ADD CONSTRAINT "LeadShare_LeadId_fkey" FOREIGN KEY ("LeadId") REFERENCES crm."Lead" ("Id");
ALTER TABLE ONLY crm."Implementation_Project__Share" ADD CONSTRAINT "Implementation_Project__Share_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Implementation_Project__c" ("Id");
ALTER TABLE ONLY crm."FeedComment" ADD CONSTRAINT "FeedComment_FeedItemId_fkey" FOREIGN KEY ("FeedItemId") REFERENCES crm."FeedItem" ("Id");
ALTER TABLE ONLY crm."AccountFeed" ADD CONSTRAINT "AccountFeed_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."CaseFeed" ADD CONSTRAINT "CaseFeed_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."OpportunityFeed" ADD CONSTRAINT "OpportunityFeed_ParentId_fkey" FOREIGN KEY ("ParentId") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Attachment" ADD CONSTRAINT "Attachment_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Note" ADD CONSTRAINT "Note_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ContentDocument" ADD CONSTRAINT "ContentDocument_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ContentVersion" ADD CONSTRAINT "ContentVersion_ContentDocumentId_fkey" FOREIGN KEY ("ContentDocumentId") REFERENCES crm."ContentDocument" ("Id");
ALTER TABLE ONLY crm."ContentDocumentLink" ADD CONSTRAINT "ContentDocumentLink_ContentDocumentId_fkey" FOREIGN KEY ("ContentDocumentId") REFERENCES crm."ContentDocument" ("Id");
ALTER TABLE ONLY crm."ProcessInstance" ADD CONSTRAINT "ProcessInstance_ProcessDefinitionId_fkey" FOREIGN KEY ("ProcessDefinitionId") REFERENCES crm."ProcessDefinition" ("Id");
ALTER TABLE ONLY crm."ProcessInstance" ADD CONSTRAINT "ProcessInstance_SubmittedById_fkey" FOREIGN KEY ("SubmittedById") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ProcessInstance" ADD CONSTRAINT "ProcessInstance_LastActorId_fkey" FOREIGN KEY ("LastActorId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ProcessInstanceStep" ADD CONSTRAINT "ProcessInstanceStep_ProcessInstanceId_fkey" FOREIGN KEY ("ProcessInstanceId") REFERENCES crm."ProcessInstance" ("Id");
ALTER TABLE ONLY crm."ProcessInstanceStep" ADD CONSTRAINT "ProcessInstanceStep_ActorId_fkey" FOREIGN KEY ("ActorId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."ProcessInstanceStep" ADD CONSTRAINT "ProcessInstanceStep_OriginalActorId_fkey" FOREIGN KEY ("OriginalActorId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Health_Score__c" ADD CONSTRAINT "Health_Score__c_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Health_Score__c" ADD CONSTRAINT "Health_Score__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Renewal_Forecast__c" ADD CONSTRAINT "Renewal_Forecast__c_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Renewal_Forecast__c" ADD CONSTRAINT "Renewal_Forecast__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Renewal_Forecast__c" ADD CONSTRAINT "Renewal_Forecast__c_Contract__c_fkey" FOREIGN KEY ("Contract__c") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."Renewal_Forecast__c" ADD CONSTRAINT "Renewal_Forecast__c_Renewal_Opportunity__c_fkey" FOREIGN KEY ("Renewal_Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."NPS_Response__c" ADD CONSTRAINT "NPS_Response__c_NPS_Survey__c_fkey" FOREIGN KEY ("NPS_Survey__c") REFERENCES crm."NPS_Survey__c" ("Id");
ALTER TABLE ONLY crm."NPS_Response__c" ADD CONSTRAINT "NPS_Response__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."NPS_Response__c" ADD CONSTRAINT "NPS_Response__c_Contact__c_fkey" FOREIGN KEY ("Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Usage_Snapshot__c" ADD CONSTRAINT "Usage_Snapshot__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Usage_Snapshot__c" ADD CONSTRAINT "Usage_Snapshot__c_Asset__c_fkey" FOREIGN KEY ("Asset__c") REFERENCES crm."Asset" ("Id");
ALTER TABLE ONLY crm."ARR_Snapshot__c" ADD CONSTRAINT "ARR_Snapshot__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."CSM_Assignment__c" ADD CONSTRAINT "CSM_Assignment__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."CSM_Assignment__c" ADD CONSTRAINT "CSM_Assignment__c_CSM__c_fkey" FOREIGN KEY ("CSM__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."QBR__c" ADD CONSTRAINT "QBR__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."QBR__c" ADD CONSTRAINT "QBR__c_Conducted_By__c_fkey" FOREIGN KEY ("Conducted_By__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."QBR__c" ADD CONSTRAINT "QBR__c_Exec_Sponsor__c_fkey" FOREIGN KEY ("Exec_Sponsor__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."QBR_Attendee__c" ADD CONSTRAINT "QBR_Attendee__c_QBR__c_fkey" FOREIGN KEY ("QBR__c") REFERENCES crm."QBR__c" ("Id");
ALTER TABLE ONLY crm."QBR_Attendee__c" ADD CONSTRAINT "QBR_Attendee__c_Contact__c_fkey" FOREIGN KEY ("Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."QBR_Attendee__c" ADD CONSTRAINT "QBR_Attendee__c_User__c_fkey" FOREIGN KEY ("User__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Success_Plan__c" ADD CONSTRAINT "Success_Plan__c_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Success_Plan__c" ADD CONSTRAINT "Success_Plan__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Success_Plan_Goal__c" ADD CONSTRAINT "Success_Plan_Goal__c_Success_Plan__c_fkey" FOREIGN KEY ("Success_Plan__c") REFERENCES crm."Success_Plan__c" ("Id");
ALTER TABLE ONLY crm."Cancellation_Request__c" ADD CONSTRAINT "Cancellation_Request__c_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Cancellation_Request__c" ADD CONSTRAINT "Cancellation_Request__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Cancellation_Request__c" ADD CONSTRAINT "Cancellation_Request__c_Contract__c_fkey" FOREIGN KEY ("Contract__c") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."Cancellation_Request__c" ADD CONSTRAINT "Cancellation_Request__c_Churn_Reason__c_fkey" FOREIGN KEY ("Churn_Reason__c") REFERENCES crm."Churn_Reason__c" ("Id");
ALTER TABLE ONLY crm."Cancellation_Request__c" ADD CONSTRAINT "Cancellation_Request__c_Competitor__c_fkey" FOREIGN KEY ("Competitor__c") REFERENCES crm."Competitor__c" ("Id");
ALTER TABLE ONLY crm."Customer_Reference__c" ADD CONSTRAINT "Customer_Reference__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Customer_Reference__c" ADD CONSTRAINT "Customer_Reference__c_Contact__c_fkey" FOREIGN KEY ("Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Escalation__c" ADD CONSTRAINT "Escalation__c_Case__c_fkey" FOREIGN KEY ("Case__c") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."Escalation__c" ADD CONSTRAINT "Escalation__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Escalation__c" ADD CONSTRAINT "Escalation__c_Exec_Sponsor__c_fkey" FOREIGN KEY ("Exec_Sponsor__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Case_Jira_Link__c" ADD CONSTRAINT "Case_Jira_Link__c_Case__c_fkey" FOREIGN KEY ("Case__c") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."Case_Jira_Link__c" ADD CONSTRAINT "Case_Jira_Link__c_Jira_Issue__c_fkey" FOREIGN KEY ("Jira_Issue__c") REFERENCES crm."Jira_Issue__c" ("Id");
ALTER TABLE ONLY crm."Case_Jira_Link__c" ADD CONSTRAINT "Case_Jira_Link__c_Linked_By__c_fkey" FOREIGN KEY ("Linked_By__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Feature_Request__c" ADD CONSTRAINT "Feature_Request__c_Product__c_fkey" FOREIGN KEY ("Product__c") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."Feature_Request__c" ADD CONSTRAINT "Feature_Request__c_Jira_Issue__c_fkey" FOREIGN KEY ("Jira_Issue__c") REFERENCES crm."Jira_Issue__c" ("Id");
ALTER TABLE ONLY crm."Feature_Request_Vote__c" ADD CONSTRAINT "Feature_Request_Vote__c_Feature_Request__c_fkey" FOREIGN KEY ("Feature_Request__c") REFERENCES crm."Feature_Request__c" ("Id");
ALTER TABLE ONLY crm."Feature_Request_Vote__c" ADD CONSTRAINT "Feature_Request_Vote__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Feature_Request_Vote__c" ADD CONSTRAINT "Feature_Request_Vote__c_Contact__c_fkey" FOREIGN KEY ("Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Implementation_Project__c" ADD CONSTRAINT "Implementation_Project__c_OwnerId_fkey" FOREIGN KEY ("OwnerId") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Implementation_Project__c" ADD CONSTRAINT "Implementation_Project__c_Account__c_fkey" FOREIGN KEY ("Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Implementation_Project__c" ADD CONSTRAINT "Implementation_Project__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Implementation_Project__c" ADD CONSTRAINT "Implementation_Project__c_Project_Manager__c_fkey" FOREIGN KEY ("Project_Manager__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Implementation_Milestone__c" ADD CONSTRAINT "Implementation_Milestone__c_Implementation_Project__c_fkey" FOREIGN KEY ("Implementation_Project__c") REFERENCES crm."Implementation_Project__c" ("Id");
ALTER TABLE ONLY crm."Region__c" ADD CONSTRAINT "Region__c_Sales_Leader__c_fkey" FOREIGN KEY ("Sales_Leader__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Discount_Approval__c" ADD CONSTRAINT "Discount_Approval__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Discount_Approval__c" ADD CONSTRAINT "Discount_Approval__c_Quote__c_fkey" FOREIGN KEY ("Quote__c") REFERENCES crm."Quote" ("Id");
ALTER TABLE ONLY crm."Discount_Approval__c" ADD CONSTRAINT "Discount_Approval__c_Requested_By__c_fkey" FOREIGN KEY ("Requested_By__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Discount_Approval__c" ADD CONSTRAINT "Discount_Approval__c_Approver__c_fkey" FOREIGN KEY ("Approver__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Deal_Desk_Request__c" ADD CONSTRAINT "Deal_Desk_Request__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Deal_Desk_Request__c" ADD CONSTRAINT "Deal_Desk_Request__c_Assigned_To__c_fkey" FOREIGN KEY ("Assigned_To__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Opportunity_Competitor__c" ADD CONSTRAINT "Opportunity_Competitor__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Opportunity_Competitor__c" ADD CONSTRAINT "Opportunity_Competitor__c_Competitor__c_fkey" FOREIGN KEY ("Competitor__c") REFERENCES crm."Competitor__c" ("Id");
ALTER TABLE ONLY crm."Quota__c" ADD CONSTRAINT "Quota__c_User__c_fkey" FOREIGN KEY ("User__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Quota__c" ADD CONSTRAINT "Quota__c_Period__c_fkey" FOREIGN KEY ("Period__c") REFERENCES crm."Period" ("Id");
ALTER TABLE ONLY crm."Commission_Payout__c" ADD CONSTRAINT "Commission_Payout__c_User__c_fkey" FOREIGN KEY ("User__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Commission_Payout__c" ADD CONSTRAINT "Commission_Payout__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Deal_Registration__c" ADD CONSTRAINT "Deal_Registration__c_Partner_Account__c_fkey" FOREIGN KEY ("Partner_Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."Deal_Registration__c" ADD CONSTRAINT "Deal_Registration__c_Partner_Contact__c_fkey" FOREIGN KEY ("Partner_Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."Deal_Registration__c" ADD CONSTRAINT "Deal_Registration__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."MDF_Request__c" ADD CONSTRAINT "MDF_Request__c_Partner_Account__c_fkey" FOREIGN KEY ("Partner_Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."MDF_Request__c" ADD CONSTRAINT "MDF_Request__c_Campaign__c_fkey" FOREIGN KEY ("Campaign__c") REFERENCES crm."Campaign" ("Id");
ALTER TABLE ONLY crm."SE_Request__c" ADD CONSTRAINT "SE_Request__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."SE_Request__c" ADD CONSTRAINT "SE_Request__c_Requested_By__c_fkey" FOREIGN KEY ("Requested_By__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."SE_Request__c" ADD CONSTRAINT "SE_Request__c_Assigned_SE__c_fkey" FOREIGN KEY ("Assigned_SE__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."Win_Loss_Review__c" ADD CONSTRAINT "Win_Loss_Review__c_Opportunity__c_fkey" FOREIGN KEY ("Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."Win_Loss_Review__c" ADD CONSTRAINT "Win_Loss_Review__c_Interviewer__c_fkey" FOREIGN KEY ("Interviewer__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."qtc__Quote__c" ADD CONSTRAINT "qtc__Quote__c_qtc__Opportunity__c_fkey" FOREIGN KEY ("qtc__Opportunity__c") REFERENCES crm."Opportunity" ("Id");
ALTER TABLE ONLY crm."qtc__Quote__c" ADD CONSTRAINT "qtc__Quote__c_qtc__Account__c_fkey" FOREIGN KEY ("qtc__Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."qtc__Quote__c" ADD CONSTRAINT "qtc__Quote__c_qtc__Sales_Rep__c_fkey" FOREIGN KEY ("qtc__Sales_Rep__c") REFERENCES crm."User" ("Id");
ALTER TABLE ONLY crm."qtc__Quote_Line__c" ADD CONSTRAINT "qtc__Quote_Line__c_qtc__Quote__c_fkey" FOREIGN KEY ("qtc__Quote__c") REFERENCES crm."qtc__Quote__c" ("Id");
ALTER TABLE ONLY crm."qtc__Quote_Line__c" ADD CONSTRAINT "qtc__Quote_Line__c_qtc__Product__c_fkey" FOREIGN KEY ("qtc__Product__c") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."qtc__Subscription__c" ADD CONSTRAINT "qtc__Subscription__c_qtc__Account__c_fkey" FOREIGN KEY ("qtc__Account__c") REFERENCES crm."Account" ("Id");
ALTER TABLE ONLY crm."qtc__Subscription__c" ADD CONSTRAINT "qtc__Subscription__c_qtc__Contract__c_fkey" FOREIGN KEY ("qtc__Contract__c") REFERENCES crm."Contract" ("Id");
ALTER TABLE ONLY crm."qtc__Subscription__c" ADD CONSTRAINT "qtc__Subscription__c_qtc__Product__c_fkey" FOREIGN KEY ("qtc__Product__c") REFERENCES crm."Product2" ("Id");
ALTER TABLE ONLY crm."qtc__Subscription__c" ADD CONSTRAINT "qtc__Subscription__c_qtc__Quote_Line__c_fkey" FOREIGN KEY ("qtc__Quote_Line__c") REFERENCES crm."qtc__Quote_Line__c" ("Id");
ALTER TABLE ONLY crm."svy__Survey_Response__c" ADD CONSTRAINT "svy__Survey_Response__c_svy__Survey__c_fkey" FOREIGN KEY ("svy__Survey__c") REFERENCES crm."svy__Survey__c" ("Id");
ALTER TABLE ONLY crm."svy__Survey_Response__c" ADD CONSTRAINT "svy__Survey_Response__c_svy__Case__c_fkey" FOREIGN KEY ("svy__Case__c") REFERENCES crm."Case" ("Id");
ALTER TABLE ONLY crm."svy__Survey_Response__c" ADD CONSTRAINT "svy__Survey_Response__c_svy__Contact__c_fkey" FOREIGN KEY ("svy__Contact__c") REFERENCES crm."Contact" ("Id");
ALTER TABLE ONLY crm."_replik_deleted_records" ADD CONSTRAINT "_replik_deleted_records_sync_id_fkey" FOREIGN KEY ("sync_id") REFERENCES crm."_replik_sync_log" ("sync_id");

------------------------------------------------------------------------
-- Descriptions the admins gave their objects, copied by the DBA
------------------------------------------------------------------------

COMMENT ON TABLE crm."Health_Score__c" IS 'Weekly account health computed by the CS Ops model from adoption, support and engagement. Red below 50, Yellow 50-74, Green 75 and up.';
COMMENT ON TABLE crm."Renewal_Forecast__c" IS 'One row per upcoming renewal, maintained by the renewals team. Drives the renewals forecast call.';
COMMENT ON TABLE crm."Usage_Snapshot__c" IS 'Monthly product telemetry per customer instance, loaded from the data warehouse.';
COMMENT ON TABLE crm."Jira_Issue__c" IS 'Engineering tickets mirrored from the issue tracker so support can link cases to bugs.';
COMMENT ON TABLE crm."Discount_Approval__c" IS 'Deal desk sign-off for discounts above the rep''s limit (20%).';
COMMENT ON TABLE crm."Lead_Import__c" IS 'DO NOT USE - staging for the 2023 list import';
COMMENT ON TABLE crm."_replik_deleted_records" IS 'Records hard-deleted in the CRM, detected by Replik.';
COMMENT ON COLUMN crm."Account"."ARR__c" IS 'Current ARR, rolled up nightly from active subscriptions.';
COMMENT ON COLUMN crm."CaseMilestone"."ActualElapsedTimeInMins" IS 'Business minutes from milestone start to completion.';
