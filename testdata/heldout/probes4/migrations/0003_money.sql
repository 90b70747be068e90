CREATE TABLE invoices (
    id             bigserial PRIMARY KEY,
    order_id       bigint NOT NULL REFERENCES orders (id),
    number         text NOT NULL UNIQUE,
    status         text NOT NULL,
    amount_cents   bigint NOT NULL,
    currency       text NOT NULL,
    customer_email text NOT NULL,
    charge_id      text NOT NULL DEFAULT '',
    paid_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
-- An order may be invoiced again after a credit note, so order_id is not unique.
CREATE INDEX invoices_order_idx ON invoices (order_id);

CREATE TABLE receipts (
    id           bigserial PRIMARY KEY,
    order_id     bigint NOT NULL REFERENCES orders (id),
    number       text NOT NULL,
    amount_cents bigint NOT NULL,
    email        text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipts_order_idx ON receipts (order_id);

CREATE TABLE payments (
    id           bigserial PRIMARY KEY,
    order_id     bigint NOT NULL UNIQUE REFERENCES orders (id),
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    charge_id    text NOT NULL,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL,
    plan_code    text NOT NULL REFERENCES plans (code),
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    payment_ref  text NOT NULL,
    status       text NOT NULL
);

CREATE TABLE renewal_charges (
    id              bigserial PRIMARY KEY,
    subscription_id bigint NOT NULL REFERENCES subscriptions (id),
    period          text NOT NULL,
    amount_cents    bigint NOT NULL,
    charge_id       text,
    status          text NOT NULL,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, period)
);

CREATE TABLE gift_codes (
    id           bigserial PRIMARY KEY,
    code         text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    expires_at   timestamptz NOT NULL,
    redeemed_at  timestamptz,
    redeemed_by  bigint
);

CREATE TABLE promo_codes (
    code         text PRIMARY KEY,
    amount_cents bigint NOT NULL,
    expires_at   timestamptz NOT NULL,
    redeemed_at  timestamptz,
    redeemed_by  bigint
);

CREATE TABLE transfers (
    id           text PRIMARY KEY,
    from_user_id bigint NOT NULL,
    to_account   text NOT NULL,
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    provider_ref text NOT NULL,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id           bigserial PRIMARY KEY,
    seller_id    bigint NOT NULL,
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    iban         text NOT NULL,
    status       text NOT NULL,
    bank_ref     text,
    approved_by  bigint,
    attempts     int NOT NULL DEFAULT 0,
    run_at       timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refund_requests (
    id           bigserial PRIMARY KEY,
    order_id     bigint NOT NULL,
    charge_id    text NOT NULL,
    amount_cents bigint NOT NULL,
    reason       text NOT NULL DEFAULT '',
    status       text NOT NULL DEFAULT 'pending',
    provider_ref text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_webhooks (
    provider   text NOT NULL,
    event_id   text NOT NULL,
    type       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE consumer_inbox (
    consumer   text NOT NULL,
    message_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE teams (
    id          bigserial PRIMARY KEY,
    name        text NOT NULL,
    owner_id    bigint NOT NULL,
    seats       int NOT NULL,
    guest_limit int NOT NULL DEFAULT 5
);

CREATE TABLE team_members (
    team_id   bigint NOT NULL REFERENCES teams (id),
    user_id   bigint NOT NULL,
    role      text NOT NULL,
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (team_id, user_id)
);

CREATE TABLE team_guests (
    id         bigserial PRIMARY KEY,
    team_id    bigint NOT NULL REFERENCES teams (id),
    email      text NOT NULL,
    invited_by bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_invites (
    id          bigserial PRIMARY KEY,
    team_id     bigint NOT NULL REFERENCES teams (id),
    email       text NOT NULL,
    token       text NOT NULL UNIQUE,
    role        text NOT NULL,
    invited_by  bigint NOT NULL,
    accepted_at timestamptz,
    accepted_by bigint,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_invites_team_email_idx ON team_invites (team_id, email);

CREATE TABLE shipments (
    id            bigserial PRIMARY KEY,
    order_id      bigint NOT NULL REFERENCES orders (id),
    state         int NOT NULL DEFAULT 1,
    carrier       text NOT NULL DEFAULT '',
    tracking_code text NOT NULL DEFAULT '',
    recipient     text NOT NULL,
    email         text NOT NULL,
    address       text NOT NULL,
    weight_grams  int NOT NULL,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipment_events (
    id            bigserial PRIMARY KEY,
    tracking_code text NOT NULL,
    status        text NOT NULL,
    location      text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);
