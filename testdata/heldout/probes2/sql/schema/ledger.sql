CREATE TABLE accounts (
    id                 bigserial PRIMARY KEY,
    email              text NOT NULL UNIQUE,
    display_name       text NOT NULL,
    stripe_customer_id text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE merchants (
    id                 bigserial PRIMARY KEY,
    external_ref       text NOT NULL UNIQUE,
    legal_name         text NOT NULL,
    email              text NOT NULL,
    stripe_customer_id text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE balances (
    user_id      bigint PRIMARY KEY,
    amount_cents bigint NOT NULL DEFAULT 0,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
    id           bigserial PRIMARY KEY,
    code         text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    redeemed_at  timestamptz,
    redeemed_by  bigint,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vouchers (
    id           bigserial PRIMARY KEY,
    code         text NOT NULL UNIQUE,
    user_id      bigint NOT NULL,
    amount_cents bigint NOT NULL,
    used_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE daily_bonus (
    user_id      bigint NOT NULL,
    day          date NOT NULL,
    amount_cents bigint NOT NULL
);

CREATE TABLE weekly_bonus (
    user_id      bigint NOT NULL,
    period       text NOT NULL,
    amount_cents bigint NOT NULL
);

CREATE TABLE webhook_events (
    id          text NOT NULL,
    source      text NOT NULL,
    type        text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, id)
);

CREATE TABLE fulfillments (
    id               bigserial PRIMARY KEY,
    checkout_session text NOT NULL,
    order_ref        text NOT NULL,
    email            text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    tracking_number     text PRIMARY KEY,
    tracking_status     text,
    tracking_updated_at timestamptz,
    delivery_attempts   int NOT NULL DEFAULT 0
);

-- workspace, growth and billing tables (bun)
CREATE TABLE referrals (
    id           bigserial PRIMARY KEY,
    referrer_id  bigint NOT NULL,
    referee_id   bigint NOT NULL,
    code         text NOT NULL,
    reward_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_referee_idx ON referrals (referee_id);

CREATE TABLE affiliate_attributions (
    id               bigserial PRIMARY KEY,
    order_id         bigint NOT NULL UNIQUE,
    affiliate_id     bigint NOT NULL,
    commission_cents bigint NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reward_accounts (
    user_id       bigint PRIMARY KEY,
    balance_cents bigint NOT NULL DEFAULT 0,
    points        bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaign_claims (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL,
    campaign_id bigint NOT NULL,
    points      bigint NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE streak_bonuses (
    id      bigserial PRIMARY KEY,
    user_id bigint NOT NULL,
    week    text NOT NULL,
    points  bigint NOT NULL
);

CREATE TABLE workspaces (
    id           bigserial PRIMARY KEY,
    name         text NOT NULL,
    seat_limit   int NOT NULL,
    member_count int NOT NULL DEFAULT 0
);

CREATE TABLE workspace_members (
    id           bigserial PRIMARY KEY,
    workspace_id bigint NOT NULL REFERENCES workspaces (id),
    user_id      bigint NOT NULL,
    role         text NOT NULL,
    joined_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitations (
    id           bigserial PRIMARY KEY,
    workspace_id bigint NOT NULL REFERENCES workspaces (id),
    email        text NOT NULL,
    role         text NOT NULL,
    token        text NOT NULL UNIQUE,
    status       text NOT NULL DEFAULT 'pending',
    invited_by   bigint NOT NULL,
    accepted_by  bigint,
    accepted_at  timestamptz,
    expires_at   timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    id                 bigserial PRIMARY KEY,
    user_id            bigint NOT NULL,
    plan               text NOT NULL,
    status             text NOT NULL,
    price_cents        bigint NOT NULL,
    current_period_end timestamptz NOT NULL,
    paused_at          timestamptz
);

CREATE TABLE usage_counters (
    id         bigserial PRIMARY KEY,
    account_id bigint NOT NULL,
    period     text NOT NULL,
    metric     text NOT NULL,
    used       int NOT NULL DEFAULT 0,
    quota      int NOT NULL,
    UNIQUE (account_id, period, metric)
);
