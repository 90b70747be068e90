-- Events platform (webinars, customer meetups). PostgreSQL, accessed through sqlx.

CREATE TABLE events (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    title        text        NOT NULL,
    starts_at    timestamptz NOT NULL,
    capacity     integer     NOT NULL,
    seats_taken  integer     NOT NULL DEFAULT 0,
    price_cents  bigint      NOT NULL DEFAULT 0,
    organizer_id bigint      NOT NULL,
    status       text        NOT NULL DEFAULT 'scheduled',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE registrations (
    id                 bigserial PRIMARY KEY,
    event_id           bigint      NOT NULL REFERENCES events (id),
    email              text        NOT NULL,
    name               text        NOT NULL,
    status             text        NOT NULL DEFAULT 'confirmed',
    reminder_sent_at   timestamptz,
    followup_claimed_at timestamptz,
    followup_sent_at   timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT registrations_event_email_key UNIQUE (event_id, email)
);

CREATE TABLE waitlist_entries (
    id          bigserial PRIMARY KEY,
    event_id    bigint      NOT NULL REFERENCES events (id),
    email       text        NOT NULL,
    position    integer     NOT NULL,
    status      text        NOT NULL DEFAULT 'waiting',
    promoted_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Speakers have no uniqueness: a speaker may appear twice in different slots.
CREATE TABLE event_speakers (
    id         bigserial PRIMARY KEY,
    event_id   bigint      NOT NULL REFERENCES events (id),
    email      text        NOT NULL,
    name       text        NOT NULL,
    slot       text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE event_tags (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    name         text        NOT NULL,
    color        text        NOT NULL DEFAULT '',
    CONSTRAINT event_tags_ws_name_key UNIQUE (workspace_id, name)
);

CREATE TABLE orders (
    id              bigserial PRIMARY KEY,
    event_id        bigint      NOT NULL,
    email           text        NOT NULL,
    quantity        integer     NOT NULL,
    amount_cents    bigint      NOT NULL,
    charge_id       text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_claims (
    key        text PRIMARY KEY,
    order_id   bigint,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizer_balances (
    organizer_id  bigint PRIMARY KEY,
    balance_cents bigint      NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_events (
    event_id     text PRIMARY KEY,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_endpoints (
    id           bigserial PRIMARY KEY,
    workspace_id bigint NOT NULL,
    url          text   NOT NULL,
    secret       text   NOT NULL
);

CREATE TABLE webhook_deliveries (
    id           bigserial PRIMARY KEY,
    endpoint_id  bigint      NOT NULL REFERENCES webhook_endpoints (id),
    event_type   text        NOT NULL,
    payload      jsonb       NOT NULL,
    status       text        NOT NULL DEFAULT 'pending',
    attempts     integer     NOT NULL DEFAULT 0,
    next_attempt timestamptz NOT NULL DEFAULT now(),
    claimed_at   timestamptz,
    delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt) WHERE status = 'pending';

CREATE TABLE broadcasts (
    id         bigserial PRIMARY KEY,
    event_id   bigint      NOT NULL,
    subject    text        NOT NULL,
    body       text        NOT NULL,
    sent_count integer     NOT NULL DEFAULT 0,
    cursor_id  bigint      NOT NULL DEFAULT 0,
    done_at    timestamptz
);
