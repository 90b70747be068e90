CREATE TABLE users (
    id             bigserial PRIMARY KEY,
    email          text NOT NULL,
    name           text NOT NULL,
    email_verified boolean NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE teams (
    id           bigserial PRIMARY KEY,
    slug         text NOT NULL UNIQUE,
    name         text NOT NULL,
    owner_id     bigint NOT NULL REFERENCES users (id),
    member_count int NOT NULL DEFAULT 1,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identities (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    provider   text NOT NULL,
    subject    text NOT NULL,
    email      text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, subject)
);

CREATE TABLE merchants (
    id         bigserial PRIMARY KEY,
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
    id                  bigserial PRIMARY KEY,
    user_id             bigint NOT NULL REFERENCES users (id),
    status              text NOT NULL DEFAULT 'pending',
    total_cents         bigint NOT NULL,
    currency            text NOT NULL,
    payment_intent_id   text,
    refunded_cents      bigint NOT NULL DEFAULT 0,
    shipped_notified_at timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
    code         text PRIMARY KEY,
    amount_cents bigint NOT NULL,
    expires_at   timestamptz,
    active       boolean NOT NULL DEFAULT true
);

CREATE TABLE coupon_redemptions (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id),
    coupon_code  text NOT NULL REFERENCES coupons (code),
    order_id     bigint NOT NULL REFERENCES orders (id),
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_redemptions_user_idx ON coupon_redemptions (user_id, coupon_code);

CREATE TABLE wallets (
    user_id       bigint PRIMARY KEY REFERENCES users (id),
    balance_cents bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_accounts (
    user_id    bigint PRIMARY KEY REFERENCES users (id),
    points     bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    prefix     text NOT NULL,
    hash       bytea NOT NULL,
    label      text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);

CREATE TABLE webhook_endpoints (
    id          bigserial PRIMARY KEY,
    merchant_id bigint NOT NULL REFERENCES merchants (id),
    url         text NOT NULL,
    secret      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_events (
    consumer     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE inbox (
    consumer    text NOT NULL,
    message_key text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);

CREATE TABLE product_stats (
    sku           text PRIMARY KEY,
    units_sold    bigint NOT NULL DEFAULT 0,
    revenue_cents bigint NOT NULL DEFAULT 0
);

CREATE TABLE inventory (
    sku        text PRIMARY KEY,
    stock      int NOT NULL DEFAULT 0,
    reserved   int NOT NULL DEFAULT 0,
    version    bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fulfillments (
    order_id   bigint PRIMARY KEY REFERENCES orders (id),
    warehouse  text NOT NULL,
    status     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    merchant_id   bigint NOT NULL REFERENCES merchants (id),
    key           text NOT NULL,
    request_hash  bytea NOT NULL,
    response_code int,
    response_body bytea,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX idempotency_keys_key ON idempotency_keys (key);
CREATE UNIQUE INDEX idempotency_keys_merchant_key ON idempotency_keys (merchant_id, key);

CREATE TABLE payouts (
    id                bigserial PRIMARY KEY,
    merchant_id       bigint NOT NULL REFERENCES merchants (id),
    amount_cents      bigint NOT NULL,
    currency          text NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    stripe_account_id text NOT NULL,
    transfer_id       text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reminders (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    email      text NOT NULL,
    kind       text NOT NULL,
    due_at     timestamptz NOT NULL,
    status     text NOT NULL DEFAULT 'pending',
    sent_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_payments (
    invoice_id        bigint PRIMARY KEY,
    amount_cents      bigint NOT NULL,
    status            text NOT NULL,
    payment_intent_id text
);

CREATE TABLE installment_payments (
    invoice_id        bigint NOT NULL,
    seq               int NOT NULL,
    amount_cents      bigint NOT NULL,
    status            text NOT NULL,
    payment_intent_id text,
    PRIMARY KEY (invoice_id, seq)
);

CREATE TABLE waitlist (
    sku        text NOT NULL,
    email      text NOT NULL,
    position   bigserial,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE restock_alerts (
    sku        text NOT NULL,
    email      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (sku, email)
);

CREATE TABLE payments (
    id           bigserial PRIMARY KEY,
    order_id     bigint NOT NULL REFERENCES orders (id),
    provider_ref text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL
);

CREATE TABLE refunds (
    id           bigserial PRIMARY KEY,
    order_id     bigint NOT NULL REFERENCES orders (id),
    provider_ref text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL
);
