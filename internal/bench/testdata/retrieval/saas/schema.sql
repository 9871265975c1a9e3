-- A B2B SaaS product database as an ORM (Prisma) leaves it: camelCase quoted
-- identifiers, surrogate ids, money in cents, almost no comments, and the
-- ORM's own bookkeeping table.
CREATE SCHEMA saas;

CREATE TABLE saas."teamMembers" (
    id serial PRIMARY KEY,
    "fullName" text NOT NULL,
    email text NOT NULL UNIQUE,
    team text NOT NULL,
    title text,
    "managerId" integer REFERENCES saas."teamMembers",
    "hiredAt" date,
    "isActive" boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE saas."teamMembers" IS 'Our own staff: sales, support and customer success';

CREATE TABLE saas."customerAccounts" (
    id serial PRIMARY KEY,
    name text NOT NULL,
    domain text,
    industry text,
    country text,
    segment text NOT NULL DEFAULT 'smb',
    "ownerMemberId" integer REFERENCES saas."teamMembers",
    "healthScore" smallint,
    "billingEmail" text,
    "createdAt" timestamptz NOT NULL DEFAULT now(),
    "churnedAt" timestamptz
);
COMMENT ON TABLE saas."customerAccounts" IS 'A company that pays for (or trials) the product';
COMMENT ON COLUMN saas."customerAccounts"."ownerMemberId" IS 'Account manager';

CREATE TABLE saas.users (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    email text NOT NULL UNIQUE,
    "fullName" text,
    role text NOT NULL DEFAULT 'member',
    "lastLoginAt" timestamptz,
    "createdAt" timestamptz NOT NULL DEFAULT now(),
    "isActive" boolean NOT NULL DEFAULT true
);

CREATE TABLE saas."subscriptionPlans" (
    id serial PRIMARY KEY,
    name text NOT NULL,
    "monthlyPriceCents" integer NOT NULL,
    "billingInterval" text NOT NULL DEFAULT 'month',
    "seatLimit" integer,
    "isLegacy" boolean NOT NULL DEFAULT false
);

CREATE TABLE saas.subscriptions (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "planId" integer NOT NULL REFERENCES saas."subscriptionPlans",
    status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
    seats integer NOT NULL DEFAULT 1,
    "mrrCents" integer NOT NULL DEFAULT 0,
    "startedAt" timestamptz NOT NULL,
    "trialEndsAt" timestamptz,
    "canceledAt" timestamptz
);
COMMENT ON COLUMN saas.subscriptions."mrrCents" IS 'Monthly recurring revenue in cents';

CREATE TABLE saas."subscriptionEvents" (
    id serial PRIMARY KEY,
    "subscriptionId" integer NOT NULL REFERENCES saas.subscriptions,
    "eventType" text NOT NULL CHECK ("eventType" IN ('created', 'upgrade', 'downgrade', 'cancel', 'reactivate')),
    "fromPlanId" integer REFERENCES saas."subscriptionPlans",
    "toPlanId" integer REFERENCES saas."subscriptionPlans",
    "mrrDeltaCents" integer NOT NULL DEFAULT 0,
    "occurredAt" timestamptz NOT NULL
);

CREATE TABLE saas.coupons (
    id serial PRIMARY KEY,
    code text NOT NULL UNIQUE,
    "percentOff" numeric(5,2),
    "amountOffCents" integer,
    "maxRedemptions" integer,
    "expiresAt" timestamptz
);

CREATE TABLE saas."couponRedemptions" (
    id serial PRIMARY KEY,
    "couponId" integer NOT NULL REFERENCES saas.coupons,
    "subscriptionId" integer NOT NULL REFERENCES saas.subscriptions,
    "redeemedAt" timestamptz NOT NULL
);

CREATE TABLE saas.invoices (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "subscriptionId" integer REFERENCES saas.subscriptions,
    number text NOT NULL UNIQUE,
    status text NOT NULL,
    currency text NOT NULL DEFAULT 'usd',
    "totalCents" integer NOT NULL,
    "issuedAt" timestamptz NOT NULL,
    "dueAt" timestamptz NOT NULL
);
COMMENT ON COLUMN saas.invoices.status IS 'draft, open, paid, void or uncollectible';

CREATE TABLE saas.products (
    id serial PRIMARY KEY,
    sku text NOT NULL UNIQUE,
    name text NOT NULL,
    category text NOT NULL,
    "unitPriceCents" integer NOT NULL,
    "isArchived" boolean NOT NULL DEFAULT false
);

CREATE TABLE saas."invoiceLines" (
    id serial PRIMARY KEY,
    "invoiceId" integer NOT NULL REFERENCES saas.invoices,
    "productId" integer REFERENCES saas.products,
    description text NOT NULL,
    quantity integer NOT NULL DEFAULT 1,
    "amountCents" integer NOT NULL,
    "periodStart" date,
    "periodEnd" date
);

CREATE TABLE saas.payments (
    id serial PRIMARY KEY,
    "invoiceId" integer NOT NULL REFERENCES saas.invoices,
    "amountCents" integer NOT NULL,
    "feeCents" integer NOT NULL DEFAULT 0,
    method text NOT NULL,
    status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'refunded')),
    "paidAt" timestamptz NOT NULL
);

CREATE TABLE saas.refunds (
    id serial PRIMARY KEY,
    "paymentId" integer NOT NULL REFERENCES saas.payments,
    "amountCents" integer NOT NULL,
    reason text,
    "createdAt" timestamptz NOT NULL
);

CREATE TABLE saas."paymentMethods" (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    brand text NOT NULL,
    last4 char(4) NOT NULL,
    "expMonth" smallint NOT NULL,
    "expYear" smallint NOT NULL,
    "isDefault" boolean NOT NULL DEFAULT false
);

CREATE TABLE saas.orders (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "placedByUserId" integer REFERENCES saas.users,
    status text NOT NULL,
    "totalCents" integer NOT NULL,
    "placedAt" timestamptz NOT NULL
);
COMMENT ON TABLE saas.orders IS 'One-off purchases (hardware, add-ons, onboarding packages), billed outside the subscription';

CREATE TABLE saas."orderLineItems" (
    id serial PRIMARY KEY,
    "orderId" integer NOT NULL REFERENCES saas.orders,
    "productId" integer NOT NULL REFERENCES saas.products,
    quantity integer NOT NULL,
    "unitPriceCents" integer NOT NULL,
    "discountCents" integer NOT NULL DEFAULT 0
);

CREATE TABLE saas."ticketCategories" (
    id serial PRIMARY KEY,
    name text NOT NULL,
    "parentId" integer REFERENCES saas."ticketCategories"
);

CREATE TABLE saas."supportTickets" (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "requesterId" integer REFERENCES saas.users,
    "assigneeId" integer REFERENCES saas."teamMembers",
    "categoryId" integer REFERENCES saas."ticketCategories",
    subject text NOT NULL,
    priority text NOT NULL DEFAULT 'normal',
    status text NOT NULL DEFAULT 'new',
    channel text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "solvedAt" timestamptz
);

CREATE TABLE saas."ticketComments" (
    id serial PRIMARY KEY,
    "ticketId" integer NOT NULL REFERENCES saas."supportTickets",
    "authorUserId" integer REFERENCES saas.users,
    "authorMemberId" integer REFERENCES saas."teamMembers",
    body text NOT NULL,
    "isPublic" boolean NOT NULL DEFAULT true,
    "createdAt" timestamptz NOT NULL
);

CREATE TABLE saas.tags (
    id serial PRIMARY KEY,
    label text NOT NULL UNIQUE
);

CREATE TABLE saas."ticketTags" (
    "ticketId" integer NOT NULL REFERENCES saas."supportTickets",
    "tagId" integer NOT NULL REFERENCES saas.tags,
    PRIMARY KEY ("ticketId", "tagId")
);

CREATE TABLE saas."csatResponses" (
    id serial PRIMARY KEY,
    "ticketId" integer NOT NULL UNIQUE REFERENCES saas."supportTickets",
    score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
    comment text,
    "respondedAt" timestamptz NOT NULL
);

CREATE TABLE saas."featureFlags" (
    id serial PRIMARY KEY,
    key text NOT NULL UNIQUE,
    description text,
    "rolloutPercent" smallint NOT NULL DEFAULT 0,
    "isArchived" boolean NOT NULL DEFAULT false,
    "createdAt" timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE saas."accountFeatureFlags" (
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "featureFlagId" integer NOT NULL REFERENCES saas."featureFlags",
    enabled boolean NOT NULL,
    "updatedAt" timestamptz NOT NULL,
    PRIMARY KEY ("accountId", "featureFlagId")
);

CREATE TABLE saas.workspaces (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    name text NOT NULL,
    "createdAt" timestamptz NOT NULL
);

CREATE TABLE saas."workspaceMembers" (
    "workspaceId" integer NOT NULL REFERENCES saas.workspaces,
    "userId" integer NOT NULL REFERENCES saas.users,
    role text NOT NULL,
    "joinedAt" timestamptz NOT NULL,
    PRIMARY KEY ("workspaceId", "userId")
);

CREATE TABLE saas.integrations (
    id serial PRIMARY KEY,
    "workspaceId" integer NOT NULL REFERENCES saas.workspaces,
    provider text NOT NULL,
    status text NOT NULL,
    "connectedAt" timestamptz NOT NULL
);

CREATE TABLE saas."webhookDeliveries" (
    id bigserial PRIMARY KEY,
    "integrationId" integer NOT NULL REFERENCES saas.integrations,
    "eventType" text NOT NULL,
    "responseStatus" smallint,
    "deliveredAt" timestamptz NOT NULL
);

CREATE TABLE saas."apiKeys" (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "createdByUserId" integer REFERENCES saas.users,
    prefix text NOT NULL,
    "lastUsedAt" timestamptz,
    "revokedAt" timestamptz
);

CREATE TABLE saas."usageEvents" (
    id bigserial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "userId" integer REFERENCES saas.users,
    "eventName" text NOT NULL,
    properties jsonb,
    "occurredAt" timestamptz NOT NULL
);

CREATE TABLE saas."dailyUsageRollups" (
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    day date NOT NULL,
    "activeUsers" integer NOT NULL,
    "apiCalls" bigint NOT NULL,
    "storageBytes" bigint NOT NULL,
    PRIMARY KEY ("accountId", day)
);

CREATE TABLE saas.leads (
    id serial PRIMARY KEY,
    email text NOT NULL,
    company text,
    source text NOT NULL,
    status text NOT NULL,
    "ownerMemberId" integer REFERENCES saas."teamMembers",
    "convertedAccountId" integer REFERENCES saas."customerAccounts",
    "createdAt" timestamptz NOT NULL
);

CREATE TABLE saas.opportunities (
    id serial PRIMARY KEY,
    "accountId" integer NOT NULL REFERENCES saas."customerAccounts",
    "ownerMemberId" integer NOT NULL REFERENCES saas."teamMembers",
    stage text NOT NULL CHECK (stage IN ('prospecting', 'proposal', 'negotiation', 'closed_won', 'closed_lost')),
    "amountCents" integer NOT NULL,
    "expectedCloseAt" date,
    "closedAt" date
);
COMMENT ON TABLE saas.opportunities IS 'Sales pipeline deals';

CREATE TABLE saas.notifications (
    id bigserial PRIMARY KEY,
    "userId" integer NOT NULL REFERENCES saas.users,
    kind text NOT NULL,
    "readAt" timestamptz,
    "createdAt" timestamptz NOT NULL
);

CREATE TABLE saas."auditLogs" (
    id bigserial PRIMARY KEY,
    "accountId" integer REFERENCES saas."customerAccounts",
    "actorUserId" integer REFERENCES saas.users,
    action text NOT NULL,
    "targetType" text,
    "targetId" text,
    "createdAt" timestamptz NOT NULL
);

-- Prisma's migration history: snake_case in a camelCase database.
CREATE TABLE saas._prisma_migrations (
    id varchar(36) PRIMARY KEY,
    checksum varchar(64) NOT NULL,
    finished_at timestamptz,
    migration_name varchar(255) NOT NULL,
    logs text,
    rolled_back_at timestamptz,
    started_at timestamptz NOT NULL DEFAULT now(),
    applied_steps_count integer NOT NULL DEFAULT 0
);

-- A few rows, so values such as 'Enterprise', 'Billing', 'data-loss' or
-- 'new-dashboard-beta' can be traced to their column.
INSERT INTO saas."teamMembers" (id, "fullName", email, team, title) VALUES
    (1, 'Dana Whitfield', 'dana@ourco.io', 'sales', 'Account Executive'),
    (2, 'Priya Raman', 'priya@ourco.io', 'support', 'Support Engineer'),
    (3, 'Tom Okafor', 'tom@ourco.io', 'success', 'Customer Success Manager');
INSERT INTO saas."customerAccounts" (id, name, domain, industry, country, segment, "ownerMemberId", "createdAt") VALUES
    (1, 'Acme Corp', 'acme.example', 'Manufacturing', 'US', 'enterprise', 1, '2023-02-01'),
    (2, 'Globex', 'globex.example', 'Energy', 'DE', 'mid_market', 1, '2023-09-12'),
    (3, 'Initech', 'initech.example', 'Software', 'US', 'smb', 3, '2024-04-30');
INSERT INTO saas."subscriptionPlans" (id, name, "monthlyPriceCents", "seatLimit", "isLegacy") VALUES
    (1, 'Starter', 2900, 5, false), (2, 'Growth', 9900, 25, false),
    (3, 'Enterprise', 49900, NULL, false), (4, 'Pro (2019)', 4900, 10, true);
INSERT INTO saas."ticketCategories" (id, name, "parentId") VALUES
    (1, 'Billing', NULL), (2, 'Bug', NULL), (3, 'Feature request', NULL), (4, 'Onboarding', NULL), (5, 'Refund request', 1);
INSERT INTO saas.tags (id, label) VALUES (1, 'data-loss'), (2, 'sso'), (3, 'mobile'), (4, 'vip');
INSERT INTO saas."featureFlags" (id, key, description, "rolloutPercent") VALUES
    (1, 'new-dashboard-beta', 'Redesigned analytics dashboard', 20),
    (2, 'ai-summaries', 'LLM summaries of long threads', 5),
    (3, 'legacy-export', 'CSV export from the old reports page', 100);
INSERT INTO saas.products (id, sku, name, category, "unitPriceCents") VALUES
    (1, 'HW-BADGE-10', 'Badge reader (10 pack)', 'hardware', 45000),
    (2, 'SVC-ONBOARD', 'Guided onboarding', 'service', 150000),
    (3, 'ADD-STORAGE-1T', 'Extra storage 1 TB', 'addon', 2000);
INSERT INTO saas.users (id, "accountId", email, "fullName", role, "lastLoginAt") VALUES
    (1, 1, 'wile@acme.example', 'Wile Coyote', 'admin', '2024-11-02'),
    (2, 2, 'hank@globex.example', 'Hank Scorpio', 'owner', '2025-05-20');
INSERT INTO saas."supportTickets" (id, "accountId", "requesterId", "assigneeId", "categoryId", subject, priority, status, channel, "createdAt") VALUES
    (1, 1, 1, 2, 1, 'Charged twice in March', 'high', 'open', 'email', '2025-03-03'),
    (2, 2, 2, 2, 2, 'Export lost half the rows', 'urgent', 'pending', 'chat', '2025-04-11'),
    (3, 1, 1, NULL, 4, 'How do I add SSO?', 'low', 'solved', 'email', '2024-12-01');
INSERT INTO saas.leads (id, email, company, source, status, "ownerMemberId", "convertedAccountId", "createdAt") VALUES
    (1, 'ops@initech.example', 'Initech', 'webinar', 'converted', 1, 3, '2024-03-14'),
    (2, 'cto@hooli.example', 'Hooli', 'organic', 'qualified', 1, NULL, '2025-01-08'),
    (3, 'it@vandelay.example', 'Vandelay', 'paid_search', 'lost', 1, NULL, '2024-07-19');
INSERT INTO saas.workspaces (id, "accountId", name, "createdAt") VALUES
    (1, 1, 'Acme HQ', '2023-02-02'), (2, 2, 'Globex Research', '2023-09-13');
INSERT INTO saas.integrations (id, "workspaceId", provider, status, "connectedAt") VALUES
    (1, 1, 'slack', 'connected', '2024-05-01'), (2, 2, 'salesforce', 'error', '2024-10-09');
SELECT setval(pg_get_serial_sequence('saas."teamMembers"', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas."customerAccounts"', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas."subscriptionPlans"', 'id'), 4);
SELECT setval(pg_get_serial_sequence('saas."ticketCategories"', 'id'), 5);
SELECT setval(pg_get_serial_sequence('saas.tags', 'id'), 4);
SELECT setval(pg_get_serial_sequence('saas."featureFlags"', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas.products', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas.users', 'id'), 2);
SELECT setval(pg_get_serial_sequence('saas."supportTickets"', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas.leads', 'id'), 3);
SELECT setval(pg_get_serial_sequence('saas.workspaces', 'id'), 2);
SELECT setval(pg_get_serial_sequence('saas.integrations', 'id'), 2);
