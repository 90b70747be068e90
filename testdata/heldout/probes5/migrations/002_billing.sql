-- Billing schema (PostgreSQL, accessed through gorm).

CREATE TABLE plans (
    id              bigserial PRIMARY KEY,
    code            text    NOT NULL,
    name            text    NOT NULL,
    seat_price      bigint  NOT NULL,
    max_automations integer NOT NULL DEFAULT 5
);
CREATE UNIQUE INDEX plans_code_key ON plans (code);

-- One provider customer per workspace is the intent, but nothing enforces it:
-- historical data has a few workspaces with two accounts after a migration.
CREATE TABLE billing_accounts (
    id                   bigserial PRIMARY KEY,
    workspace_id         bigint      NOT NULL,
    provider_customer_id text        NOT NULL,
    email                text        NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_accounts_workspace_idx ON billing_accounts (workspace_id);

CREATE TABLE tax_profiles (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    country      text        NOT NULL,
    vat_number   text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tax_profiles_workspace_key ON tax_profiles (workspace_id);

CREATE TABLE subscriptions (
    id                  bigserial PRIMARY KEY,
    workspace_id        bigint      NOT NULL,
    plan_code           text        NOT NULL,
    status              text        NOT NULL,
    seats               integer     NOT NULL DEFAULT 1,
    provider_sub_id     text        NOT NULL DEFAULT '',
    current_period_end  timestamptz NOT NULL,
    version             integer     NOT NULL DEFAULT 0,
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_workspace_key ON subscriptions (workspace_id);

CREATE TABLE seat_assignments (
    id              bigserial PRIMARY KEY,
    subscription_id bigint      NOT NULL,
    user_id         bigint      NOT NULL,
    assigned_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seat_assignments_sub_user_idx ON seat_assignments (subscription_id, user_id);

CREATE TABLE invoices (
    id            bigserial PRIMARY KEY,
    workspace_id  bigint      NOT NULL,
    number        text        NOT NULL,
    status        text        NOT NULL,
    amount_cents  bigint      NOT NULL,
    currency      text        NOT NULL DEFAULT 'usd',
    attempts      integer     NOT NULL DEFAULT 0,
    payment_id    bigint,
    paid_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invoices_number_key ON invoices (number);

CREATE TABLE payments (
    id                bigserial PRIMARY KEY,
    workspace_id      bigint      NOT NULL,
    reference         text        NOT NULL,
    provider_charge   text        NOT NULL DEFAULT '',
    status            text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    refunded_cents    bigint      NOT NULL DEFAULT 0,
    currency          text        NOT NULL DEFAULT 'usd',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_reference_key ON payments (reference);

CREATE TABLE refunds (
    id              bigserial PRIMARY KEY,
    payment_id      bigint      NOT NULL,
    provider_refund text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_balances (
    workspace_id  bigint PRIMARY KEY,
    balance_cents bigint      NOT NULL DEFAULT 0,
    version       integer     NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_ledger (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    delta_cents  bigint      NOT NULL,
    reason       text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE usage_counters (
    id           bigserial PRIMARY KEY,
    workspace_id bigint  NOT NULL,
    metric       text    NOT NULL,
    period       text    NOT NULL,
    quantity     bigint  NOT NULL DEFAULT 0,
    CONSTRAINT usage_counters_key UNIQUE (workspace_id, metric, period)
);

CREATE TABLE usage_events (
    event_id     text PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    metric       text        NOT NULL,
    quantity     bigint      NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE automations (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    name         text        NOT NULL,
    trigger      text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
    id           bigserial PRIMARY KEY,
    code         text        NOT NULL,
    credit_cents bigint      NOT NULL,
    redeemed_by  bigint,
    redeemed_at  timestamptz
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (code);

CREATE TABLE promo_codes (
    id           bigserial PRIMARY KEY,
    code         text        NOT NULL,
    credit_cents bigint      NOT NULL,
    redeemed_by  bigint,
    redeemed_at  timestamptz
);
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (code);

CREATE TABLE payouts (
    id               bigserial PRIMARY KEY,
    organizer_id     bigint      NOT NULL,
    amount_cents     bigint      NOT NULL,
    status           text        NOT NULL,
    provider_payout  text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now()
);
