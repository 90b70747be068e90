CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email_verified BOOLEAN NOT NULL DEFAULT false,
    plan TEXT NOT NULL DEFAULT 'free',
    last_sms_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE accounts (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    balance BIGINT NOT NULL DEFAULT 0,
    currency TEXT NOT NULL DEFAULT 'EUR'
);
CREATE TABLE payments (
    id BIGSERIAL PRIMARY KEY,
    order_ref TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL,
    provider_id TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL
);
CREATE TABLE projects (
    id BIGSERIAL PRIMARY KEY,
    org_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (org_id, slug)
);
-- no unique index: a user may be re-added after leaving (soft-deleted rows stay)
CREATE TABLE teams (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE team_members (
    id BIGSERIAL PRIMARY KEY,
    team_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    role TEXT NOT NULL,
    left_at TIMESTAMPTZ
);
CREATE TABLE orders (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    charge_id TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE invoices (
    id BIGSERIAL PRIMARY KEY,
    account_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    status TEXT NOT NULL,
    paid_at TIMESTAMPTZ,
    reminded_at TIMESTAMPTZ
);
CREATE TABLE ledger_entries (
    id BIGSERIAL PRIMARY KEY,
    account_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE invitations (
    id BIGSERIAL PRIMARY KEY,
    org_id BIGINT NOT NULL,
    email TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    accepted_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE memberships (
    id BIGSERIAL PRIMARY KEY,
    org_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE orgs (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    seats INT NOT NULL,
    seats_used INT NOT NULL DEFAULT 0
);
CREATE TABLE coupons (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    value BIGINT NOT NULL,
    used BOOLEAN NOT NULL DEFAULT false,
    max_uses INT NOT NULL DEFAULT 1,
    use_count INT NOT NULL DEFAULT 0
);
CREATE TABLE coupon_redemptions (
    id BIGSERIAL PRIMARY KEY,
    coupon_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE refunds (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    status TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT ''
);
-- no unique: historical rows were imported with duplicates
CREATE TABLE daily_bonuses (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    day DATE NOT NULL,
    amount BIGINT NOT NULL
);
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    capacity INT NOT NULL,
    name TEXT NOT NULL
);
CREATE TABLE seat_reservations (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE subscriptions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    plan TEXT NOT NULL,
    provider_sub_id TEXT NOT NULL,
    canceled_at TIMESTAMPTZ
);
CREATE TABLE processed_events (
    event_id TEXT PRIMARY KEY,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE processed_messages (
    id BIGSERIAL PRIMARY KEY,
    message_id TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE shipments (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL,
    address TEXT NOT NULL
);
CREATE TABLE idempotency_records (
    key TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    response_code INT NOT NULL DEFAULT 0,
    response_body BYTEA,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE transfers (
    id BIGSERIAL PRIMARY KEY,
    from_account BIGINT NOT NULL,
    to_iban TEXT NOT NULL,
    amount BIGINT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT ''
);
CREATE TABLE referral_codes (
    code TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL
);
CREATE TABLE feature_grants (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    feature TEXT NOT NULL,
    UNIQUE (user_id, feature)
);
CREATE TABLE statements (
    account_id BIGINT NOT NULL,
    period TEXT NOT NULL,
    PRIMARY KEY (account_id, period)
);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE preferences (
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, name)
);
