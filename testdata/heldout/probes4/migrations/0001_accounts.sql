CREATE TABLE users (
    id             bigserial PRIMARY KEY,
    email          text NOT NULL UNIQUE,
    name           text NOT NULL DEFAULT '',
    locale         text NOT NULL DEFAULT 'en',
    role           text NOT NULL DEFAULT 'customer',
    points         bigint NOT NULL DEFAULT 0,
    plan_id        bigint,
    email_verified boolean NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Guest checkouts predate accounts; the same address may appear more than once.
CREATE TABLE shop_customers (
    id         bigserial PRIMARY KEY,
    user_id    bigint REFERENCES users (id),
    email      text NOT NULL,
    full_name  text NOT NULL DEFAULT '',
    source     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_customers_email_idx ON shop_customers (email);

CREATE TABLE user_profiles (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id),
    display_name text NOT NULL,
    avatar_url   text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_profiles_user_idx ON user_profiles (user_id);

CREATE TABLE notification_settings (
    user_id      bigint PRIMARY KEY REFERENCES users (id),
    order_emails boolean NOT NULL,
    marketing    boolean NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crm_contacts (
    email      text PRIMARY KEY,
    name       text NOT NULL,
    locale     text NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE TABLE email_verification_tokens (
    token      text PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
    id         text PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    expires_at timestamptz NOT NULL
);

CREATE TABLE follows (
    follower_id bigint NOT NULL REFERENCES users (id),
    followee_id bigint NOT NULL REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followee_id)
);

CREATE TABLE blocks (
    blocker_id bigint NOT NULL REFERENCES users (id),
    blocked_id bigint NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id)
);

CREATE TABLE wallets (
    user_id       bigint PRIMARY KEY REFERENCES users (id),
    balance_cents bigint NOT NULL DEFAULT 0
);

CREATE TABLE wallet_ledger (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id),
    amount_cents bigint NOT NULL,
    memo         text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE daily_rewards (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id),
    reward_day date NOT NULL,
    points     bigint NOT NULL
);
CREATE INDEX daily_rewards_user_day_idx ON daily_rewards (user_id, reward_day);

CREATE TABLE streak_bonuses (
    id      bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id),
    streak  int NOT NULL,
    points  bigint NOT NULL
);
CREATE INDEX streak_bonuses_user_idx ON streak_bonuses (user_id, streak);

CREATE TABLE referral_codes (
    id             bigserial PRIMARY KEY,
    code           text NOT NULL UNIQUE,
    owner_id       bigint NOT NULL REFERENCES users (id),
    discount_cents bigint NOT NULL,
    uses           int NOT NULL DEFAULT 0,
    max_uses       int NOT NULL DEFAULT 0
);

CREATE TABLE referrals (
    id          bigserial PRIMARY KEY,
    referrer_id bigint NOT NULL REFERENCES users (id),
    referee_id  bigint NOT NULL UNIQUE REFERENCES users (id),
    code        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaign_enrollments (
    id          bigserial PRIMARY KEY,
    campaign_id bigint NOT NULL,
    user_id     bigint NOT NULL REFERENCES users (id),
    channel     text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (campaign_id, user_id)
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
    id      bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id),
    url     text NOT NULL,
    secret  text NOT NULL
);

CREATE TABLE idempotency_keys (
    user_id      bigint NOT NULL,
    key          text NOT NULL,
    request_hash text NOT NULL,
    state        text NOT NULL,
    status_code  int,
    body         bytea,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
);

CREATE TABLE plans (
    code        text PRIMARY KEY,
    name        text NOT NULL,
    price_cents bigint NOT NULL,
    features    text[] NOT NULL DEFAULT '{}'
);
