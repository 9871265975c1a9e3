-- A sales data warehouse in the Kimball style, modelled on the public
-- AdventureWorksDW sample's shape (written here from scratch, not copied):
-- dimensions and facts of an online and a reseller channel, finance,
-- inventory and a call center. Migrated to PostgreSQL without quoting, so
-- its PascalCase names folded to run-together lower case
-- (dimproductsubcategory, englishproductcategoryname). Its foreign keys are
-- declared at the end; the dev set's keyless run drops them, as many
-- warehouses arrive: facts then join dimensions by key names alone
-- (productkey, customerkey), and role-playing date keys (orderdatekey,
-- shipdatekey) all mean datekey. Snowflaked product and geography
-- dimensions make most questions three to five tables.
CREATE SCHEMA salesdw;

CREATE TABLE salesdw.DimDate (
    DateKey integer PRIMARY KEY,
    FullDateAlternateKey date NOT NULL,
    DayNumberOfWeek smallint NOT NULL,
    EnglishDayNameOfWeek varchar(10) NOT NULL,
    DayNumberOfMonth smallint NOT NULL,
    EnglishMonthName varchar(10) NOT NULL,
    MonthNumberOfYear smallint NOT NULL,
    CalendarQuarter smallint NOT NULL,
    CalendarYear smallint NOT NULL,
    FiscalQuarter smallint NOT NULL,
    FiscalYear smallint NOT NULL
);

CREATE TABLE salesdw.DimSalesTerritory (
    SalesTerritoryKey integer PRIMARY KEY,
    SalesTerritoryAlternateKey integer,
    SalesTerritoryRegion varchar(50) NOT NULL,
    SalesTerritoryCountry varchar(50) NOT NULL,
    SalesTerritoryGroup varchar(50)
);

CREATE TABLE salesdw.DimGeography (
    GeographyKey integer PRIMARY KEY,
    City varchar(30),
    StateProvinceCode varchar(3),
    StateProvinceName varchar(50),
    CountryRegionCode varchar(3),
    EnglishCountryRegionName varchar(50),
    PostalCode varchar(15),
    SalesTerritoryKey integer
);

CREATE TABLE salesdw.DimCustomer (
    CustomerKey integer PRIMARY KEY,
    GeographyKey integer,
    CustomerAlternateKey varchar(15) NOT NULL,
    Title varchar(8),
    FirstName varchar(50),
    LastName varchar(50),
    BirthDate date,
    MaritalStatus char(1),
    Gender varchar(1),
    EmailAddress varchar(50),
    YearlyIncome numeric(19,4),
    TotalChildren smallint,
    NumberChildrenAtHome smallint,
    EnglishEducation varchar(40),
    EnglishOccupation varchar(100),
    HouseOwnerFlag char(1),
    NumberCarsOwned smallint,
    AddressLine1 varchar(120),
    Phone varchar(20),
    DateFirstPurchase date,
    CommuteDistance varchar(15)
);

CREATE TABLE salesdw.DimProductCategory (
    ProductCategoryKey integer PRIMARY KEY,
    ProductCategoryAlternateKey integer,
    EnglishProductCategoryName varchar(50) NOT NULL
);

CREATE TABLE salesdw.DimProductSubcategory (
    ProductSubcategoryKey integer PRIMARY KEY,
    ProductSubcategoryAlternateKey integer,
    EnglishProductSubcategoryName varchar(50) NOT NULL,
    ProductCategoryKey integer
);

CREATE TABLE salesdw.DimProduct (
    ProductKey integer PRIMARY KEY,
    ProductAlternateKey varchar(25),
    ProductSubcategoryKey integer,
    WeightUnitMeasureCode char(3),
    SizeUnitMeasureCode char(3),
    EnglishProductName varchar(50) NOT NULL,
    StandardCost numeric(19,4),
    FinishedGoodsFlag boolean NOT NULL,
    Color varchar(15) NOT NULL,
    SafetyStockLevel smallint,
    ReorderPoint smallint,
    ListPrice numeric(19,4),
    Size varchar(50),
    Weight double precision,
    DaysToManufacture integer,
    ProductLine char(2),
    DealerPrice numeric(19,4),
    Class char(2),
    Style char(2),
    ModelName varchar(50),
    StartDate timestamp,
    EndDate timestamp,
    Status varchar(7)
);
COMMENT ON COLUMN salesdw.DimProduct.ProductLine IS 'R = road, M = mountain, T = touring, S = standard';

CREATE TABLE salesdw.DimPromotion (
    PromotionKey integer PRIMARY KEY,
    PromotionAlternateKey integer,
    EnglishPromotionName varchar(255),
    DiscountPct double precision,
    EnglishPromotionType varchar(50),
    EnglishPromotionCategory varchar(50),
    StartDate timestamp NOT NULL,
    EndDate timestamp,
    MinQty integer,
    MaxQty integer
);

CREATE TABLE salesdw.DimCurrency (
    CurrencyKey integer PRIMARY KEY,
    CurrencyAlternateKey char(3) NOT NULL,
    CurrencyName varchar(50) NOT NULL
);

CREATE TABLE salesdw.DimEmployee (
    EmployeeKey integer PRIMARY KEY,
    ParentEmployeeKey integer,
    EmployeeNationalIDAlternateKey varchar(15),
    SalesTerritoryKey integer,
    FirstName varchar(50) NOT NULL,
    LastName varchar(50) NOT NULL,
    Title varchar(50),
    HireDate date,
    BirthDate date,
    LoginID varchar(256),
    EmailAddress varchar(50),
    Phone varchar(25),
    MaritalStatus char(1),
    SalariedFlag boolean,
    Gender char(1),
    PayFrequency smallint,
    BaseRate numeric(19,4),
    VacationHours smallint,
    SickLeaveHours smallint,
    CurrentFlag boolean NOT NULL,
    SalesPersonFlag boolean NOT NULL,
    DepartmentName varchar(50),
    StartDate date,
    EndDate date,
    Status varchar(50)
);

CREATE TABLE salesdw.DimReseller (
    ResellerKey integer PRIMARY KEY,
    GeographyKey integer,
    ResellerAlternateKey varchar(15),
    Phone varchar(25),
    BusinessType varchar(20) NOT NULL,
    ResellerName varchar(50) NOT NULL,
    NumberEmployees integer,
    OrderFrequency char(1),
    FirstOrderYear integer,
    LastOrderYear integer,
    ProductLine varchar(50),
    AddressLine1 varchar(60),
    AnnualSales numeric(19,4),
    BankName varchar(50),
    AnnualRevenue numeric(19,4),
    YearOpened integer
);

CREATE TABLE salesdw.DimSalesReason (
    SalesReasonKey integer PRIMARY KEY,
    SalesReasonAlternateKey integer NOT NULL,
    SalesReasonName varchar(50) NOT NULL,
    SalesReasonReasonType varchar(50) NOT NULL
);

CREATE TABLE salesdw.DimAccount (
    AccountKey integer PRIMARY KEY,
    ParentAccountKey integer,
    AccountCodeAlternateKey integer,
    AccountDescription varchar(50),
    AccountType varchar(50),
    Operator varchar(50),
    ValueType varchar(50)
);

CREATE TABLE salesdw.DimOrganization (
    OrganizationKey integer PRIMARY KEY,
    ParentOrganizationKey integer,
    PercentageOfOwnership varchar(16),
    OrganizationName varchar(50),
    CurrencyKey integer
);

CREATE TABLE salesdw.DimDepartmentGroup (
    DepartmentGroupKey integer PRIMARY KEY,
    ParentDepartmentGroupKey integer,
    DepartmentGroupName varchar(50)
);

CREATE TABLE salesdw.DimScenario (
    ScenarioKey integer PRIMARY KEY,
    ScenarioName varchar(50)
);

CREATE TABLE salesdw.FactInternetSales (
    ProductKey integer NOT NULL,
    OrderDateKey integer NOT NULL,
    DueDateKey integer NOT NULL,
    ShipDateKey integer NOT NULL,
    CustomerKey integer NOT NULL,
    PromotionKey integer NOT NULL,
    CurrencyKey integer NOT NULL,
    SalesTerritoryKey integer NOT NULL,
    SalesOrderNumber varchar(20) NOT NULL,
    SalesOrderLineNumber smallint NOT NULL,
    RevisionNumber smallint NOT NULL,
    OrderQuantity smallint NOT NULL,
    UnitPrice numeric(19,4) NOT NULL,
    ExtendedAmount numeric(19,4) NOT NULL,
    UnitPriceDiscountPct double precision NOT NULL,
    DiscountAmount double precision NOT NULL,
    ProductStandardCost numeric(19,4) NOT NULL,
    TotalProductCost numeric(19,4) NOT NULL,
    SalesAmount numeric(19,4) NOT NULL,
    TaxAmt numeric(19,4) NOT NULL,
    Freight numeric(19,4) NOT NULL,
    CarrierTrackingNumber varchar(25),
    CustomerPONumber varchar(25),
    OrderDate timestamp,
    DueDate timestamp,
    ShipDate timestamp,
    PRIMARY KEY (SalesOrderNumber, SalesOrderLineNumber)
);

CREATE TABLE salesdw.FactResellerSales (
    ProductKey integer NOT NULL,
    OrderDateKey integer NOT NULL,
    DueDateKey integer NOT NULL,
    ShipDateKey integer NOT NULL,
    ResellerKey integer NOT NULL,
    EmployeeKey integer NOT NULL,
    PromotionKey integer NOT NULL,
    CurrencyKey integer NOT NULL,
    SalesTerritoryKey integer NOT NULL,
    SalesOrderNumber varchar(20) NOT NULL,
    SalesOrderLineNumber smallint NOT NULL,
    OrderQuantity smallint,
    UnitPrice numeric(19,4),
    ExtendedAmount numeric(19,4),
    UnitPriceDiscountPct double precision,
    DiscountAmount double precision,
    ProductStandardCost numeric(19,4),
    TotalProductCost numeric(19,4),
    SalesAmount numeric(19,4),
    TaxAmt numeric(19,4),
    Freight numeric(19,4),
    CarrierTrackingNumber varchar(25),
    CustomerPONumber varchar(25),
    OrderDate timestamp,
    DueDate timestamp,
    ShipDate timestamp,
    PRIMARY KEY (SalesOrderNumber, SalesOrderLineNumber)
);

CREATE TABLE salesdw.FactInternetSalesReason (
    SalesOrderNumber varchar(20) NOT NULL,
    SalesOrderLineNumber smallint NOT NULL,
    SalesReasonKey integer NOT NULL,
    PRIMARY KEY (SalesOrderNumber, SalesOrderLineNumber, SalesReasonKey)
);

CREATE TABLE salesdw.FactSalesQuota (
    SalesQuotaKey integer PRIMARY KEY,
    EmployeeKey integer NOT NULL,
    DateKey integer NOT NULL,
    CalendarYear smallint NOT NULL,
    CalendarQuarter smallint NOT NULL,
    SalesAmountQuota numeric(19,4) NOT NULL
);

CREATE TABLE salesdw.FactCurrencyRate (
    CurrencyKey integer NOT NULL,
    DateKey integer NOT NULL,
    AverageRate double precision NOT NULL,
    EndOfDayRate double precision NOT NULL,
    Date timestamp,
    PRIMARY KEY (CurrencyKey, DateKey)
);

CREATE TABLE salesdw.FactFinance (
    FinanceKey integer PRIMARY KEY,
    DateKey integer NOT NULL,
    OrganizationKey integer NOT NULL,
    DepartmentGroupKey integer NOT NULL,
    ScenarioKey integer NOT NULL,
    AccountKey integer NOT NULL,
    Amount double precision NOT NULL,
    Date timestamp
);

CREATE TABLE salesdw.FactProductInventory (
    ProductKey integer NOT NULL,
    DateKey integer NOT NULL,
    MovementDate date NOT NULL,
    UnitCost numeric(19,4) NOT NULL,
    UnitsIn integer NOT NULL,
    UnitsOut integer NOT NULL,
    UnitsBalance integer NOT NULL,
    PRIMARY KEY (ProductKey, DateKey)
);

CREATE TABLE salesdw.FactCallCenter (
    FactCallCenterID integer PRIMARY KEY,
    DateKey integer NOT NULL,
    WageType varchar(15) NOT NULL,
    Shift varchar(20) NOT NULL,
    LevelOneOperators smallint NOT NULL,
    LevelTwoOperators smallint NOT NULL,
    TotalOperators smallint NOT NULL,
    Calls integer NOT NULL,
    AutomaticResponses integer NOT NULL,
    Orders integer NOT NULL,
    IssuesRaised smallint NOT NULL,
    AverageTimePerIssue smallint NOT NULL,
    ServiceGrade double precision NOT NULL,
    Date timestamp
);

CREATE TABLE salesdw.FactSurveyResponse (
    SurveyResponseKey integer PRIMARY KEY,
    DateKey integer NOT NULL,
    CustomerKey integer NOT NULL,
    ProductCategoryKey integer NOT NULL,
    EnglishProductCategoryName varchar(50) NOT NULL,
    ProductSubcategoryKey integer NOT NULL,
    EnglishProductSubcategoryName varchar(50) NOT NULL,
    Date timestamp
);

-- What a warehouse accumulates besides: a mining table of prospects, a
-- staging copy of the rate feed, a backup taken before a reload, logs.
CREATE TABLE salesdw.ProspectiveBuyer (
    ProspectiveBuyerKey integer PRIMARY KEY,
    ProspectAlternateKey varchar(15),
    FirstName varchar(50),
    LastName varchar(50),
    BirthDate timestamp,
    MaritalStatus char(1),
    Gender varchar(1),
    EmailAddress varchar(50),
    YearlyIncome numeric(19,4),
    TotalChildren smallint,
    Education varchar(40),
    Occupation varchar(100),
    HouseOwnerFlag char(1),
    NumberCarsOwned smallint,
    City varchar(30),
    StateProvinceCode varchar(3),
    PostalCode varchar(15),
    Phone varchar(20)
);

CREATE TABLE salesdw.NewFactCurrencyRate (
    AverageRate real,
    CurrencyID varchar(3),
    CurrencyDate date,
    EndOfDayRate real,
    CurrencyKey integer,
    DateKey integer
);

CREATE TABLE salesdw.FactInternetSales_Bak (
    ProductKey integer NOT NULL,
    OrderDateKey integer NOT NULL,
    CustomerKey integer NOT NULL,
    SalesTerritoryKey integer NOT NULL,
    SalesOrderNumber varchar(20) NOT NULL,
    SalesOrderLineNumber smallint NOT NULL,
    OrderQuantity smallint NOT NULL,
    SalesAmount numeric(19,4) NOT NULL,
    Freight numeric(19,4) NOT NULL
);

CREATE TABLE salesdw.DatabaseLog (
    DatabaseLogID integer PRIMARY KEY,
    PostTime timestamp NOT NULL,
    DatabaseUser varchar(128) NOT NULL,
    Event varchar(128) NOT NULL,
    Schema varchar(128),
    Object varchar(128),
    TSQL text NOT NULL
);

CREATE TABLE salesdw.AdventureWorksDWBuildVersion (
    DBVersion varchar(50),
    VersionDate timestamp
);

-- The foreign keys (the keyless run drops them).
ALTER TABLE salesdw.DimGeography ADD FOREIGN KEY (SalesTerritoryKey) REFERENCES salesdw.DimSalesTerritory (SalesTerritoryKey);
ALTER TABLE salesdw.DimCustomer ADD FOREIGN KEY (GeographyKey) REFERENCES salesdw.DimGeography (GeographyKey);
ALTER TABLE salesdw.DimProductSubcategory ADD FOREIGN KEY (ProductCategoryKey) REFERENCES salesdw.DimProductCategory (ProductCategoryKey);
ALTER TABLE salesdw.DimProduct ADD FOREIGN KEY (ProductSubcategoryKey) REFERENCES salesdw.DimProductSubcategory (ProductSubcategoryKey);
ALTER TABLE salesdw.DimEmployee ADD FOREIGN KEY (ParentEmployeeKey) REFERENCES salesdw.DimEmployee (EmployeeKey);
ALTER TABLE salesdw.DimEmployee ADD FOREIGN KEY (SalesTerritoryKey) REFERENCES salesdw.DimSalesTerritory (SalesTerritoryKey);
ALTER TABLE salesdw.DimReseller ADD FOREIGN KEY (GeographyKey) REFERENCES salesdw.DimGeography (GeographyKey);
ALTER TABLE salesdw.DimAccount ADD FOREIGN KEY (ParentAccountKey) REFERENCES salesdw.DimAccount (AccountKey);
ALTER TABLE salesdw.DimOrganization ADD FOREIGN KEY (ParentOrganizationKey) REFERENCES salesdw.DimOrganization (OrganizationKey);
ALTER TABLE salesdw.DimOrganization ADD FOREIGN KEY (CurrencyKey) REFERENCES salesdw.DimCurrency (CurrencyKey);
ALTER TABLE salesdw.DimDepartmentGroup ADD FOREIGN KEY (ParentDepartmentGroupKey) REFERENCES salesdw.DimDepartmentGroup (DepartmentGroupKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (ProductKey) REFERENCES salesdw.DimProduct (ProductKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (OrderDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (DueDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (ShipDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (PromotionKey) REFERENCES salesdw.DimPromotion (PromotionKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (CurrencyKey) REFERENCES salesdw.DimCurrency (CurrencyKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (SalesTerritoryKey) REFERENCES salesdw.DimSalesTerritory (SalesTerritoryKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (ProductKey) REFERENCES salesdw.DimProduct (ProductKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (OrderDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (DueDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (ShipDateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (PromotionKey) REFERENCES salesdw.DimPromotion (PromotionKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (CurrencyKey) REFERENCES salesdw.DimCurrency (CurrencyKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (SalesTerritoryKey) REFERENCES salesdw.DimSalesTerritory (SalesTerritoryKey);
ALTER TABLE salesdw.FactInternetSales ADD FOREIGN KEY (CustomerKey) REFERENCES salesdw.DimCustomer (CustomerKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (ResellerKey) REFERENCES salesdw.DimReseller (ResellerKey);
ALTER TABLE salesdw.FactResellerSales ADD FOREIGN KEY (EmployeeKey) REFERENCES salesdw.DimEmployee (EmployeeKey);
ALTER TABLE salesdw.FactInternetSalesReason ADD FOREIGN KEY (SalesReasonKey) REFERENCES salesdw.DimSalesReason (SalesReasonKey);
ALTER TABLE salesdw.FactSalesQuota ADD FOREIGN KEY (EmployeeKey) REFERENCES salesdw.DimEmployee (EmployeeKey);
ALTER TABLE salesdw.FactSalesQuota ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactCurrencyRate ADD FOREIGN KEY (CurrencyKey) REFERENCES salesdw.DimCurrency (CurrencyKey);
ALTER TABLE salesdw.FactCurrencyRate ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactFinance ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactFinance ADD FOREIGN KEY (OrganizationKey) REFERENCES salesdw.DimOrganization (OrganizationKey);
ALTER TABLE salesdw.FactFinance ADD FOREIGN KEY (DepartmentGroupKey) REFERENCES salesdw.DimDepartmentGroup (DepartmentGroupKey);
ALTER TABLE salesdw.FactFinance ADD FOREIGN KEY (ScenarioKey) REFERENCES salesdw.DimScenario (ScenarioKey);
ALTER TABLE salesdw.FactFinance ADD FOREIGN KEY (AccountKey) REFERENCES salesdw.DimAccount (AccountKey);
ALTER TABLE salesdw.FactProductInventory ADD FOREIGN KEY (ProductKey) REFERENCES salesdw.DimProduct (ProductKey);
ALTER TABLE salesdw.FactProductInventory ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactCallCenter ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactSurveyResponse ADD FOREIGN KEY (DateKey) REFERENCES salesdw.DimDate (DateKey);
ALTER TABLE salesdw.FactSurveyResponse ADD FOREIGN KEY (CustomerKey) REFERENCES salesdw.DimCustomer (CustomerKey);
ALTER TABLE salesdw.FactInternetSalesReason ADD FOREIGN KEY (SalesOrderNumber, SalesOrderLineNumber) REFERENCES salesdw.FactInternetSales (SalesOrderNumber, SalesOrderLineNumber);

INSERT INTO salesdw.DimProductCategory VALUES (1, 1, 'Bikes'), (2, 2, 'Components'), (3, 3, 'Clothing'), (4, 4, 'Accessories');
INSERT INTO salesdw.DimProductSubcategory VALUES (1, 1, 'Mountain Bikes', 1), (2, 2, 'Road Bikes', 1), (3, 3, 'Touring Bikes', 1), (4, 4, 'Handlebars', 2), (5, 5, 'Helmets', 4), (6, 6, 'Jerseys', 3);
INSERT INTO salesdw.DimSalesTerritory VALUES (1, 1, 'Northwest', 'United States', 'North America'), (2, 2, 'Canada', 'Canada', 'North America'), (3, 3, 'France', 'France', 'Europe'), (4, 4, 'Germany', 'Germany', 'Europe'), (5, 5, 'Australia', 'Australia', 'Pacific');
INSERT INTO salesdw.DimScenario VALUES (1, 'Actual'), (2, 'Budget'), (3, 'Forecast');
INSERT INTO salesdw.DimCurrency VALUES (1, 'USD', 'US Dollar'), (2, 'EUR', 'EURO'), (3, 'AUD', 'Australian Dollar'), (4, 'CAD', 'Canadian Dollar');
INSERT INTO salesdw.DimSalesReason VALUES (1, 1, 'Price', 'Other'), (2, 2, 'On Promotion', 'Promotion'), (3, 3, 'Magazine Advertisement', 'Marketing'), (4, 4, 'Review', 'Other');
INSERT INTO salesdw.DimDepartmentGroup VALUES (1, NULL, 'Corporate'), (2, 1, 'Executive General and Administration'), (3, 1, 'Sales and Marketing'), (4, 1, 'Manufacturing');
