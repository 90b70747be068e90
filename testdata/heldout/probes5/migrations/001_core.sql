-- Core helpdesk schema (PostgreSQL). Applied by the migrate job before deploy.

CREATE TABLE users (
    id            bigserial PRIMARY KEY,
    email         text        NOT NULL,
    name          text        NOT NULL DEFAULT '',
    password_hash text        NOT NULL DEFAULT '',
    totp_secret   text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE workspaces (
    id                 bigserial PRIMARY KEY,
    slug               text        NOT NULL,
    name               text        NOT NULL,
    plan               text        NOT NULL DEFAULT 'starter',
    seat_limit         integer     NOT NULL DEFAULT 3,
    light_seat_limit   integer     NOT NULL DEFAULT 10,
    next_ticket_number bigint      NOT NULL DEFAULT 1,
    theme              text        NOT NULL DEFAULT 'light',
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX workspaces_slug_key ON workspaces (slug);

CREATE TABLE workspace_members (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    user_id      bigint      NOT NULL REFERENCES users (id),
    role         text        NOT NULL DEFAULT 'agent',
    light        boolean     NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT workspace_members_ws_user_key UNIQUE (workspace_id, user_id)
);

CREATE TABLE invites (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    email        text        NOT NULL,
    role         text        NOT NULL DEFAULT 'agent',
    token_hash   text        NOT NULL,
    invited_by   bigint      NOT NULL,
    accepted_at  timestamptz,
    accepted_by  bigint,
    expires_at   timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invites_token_hash_key ON invites (token_hash);

-- Contacts are looked up by email and phone but neither is unique: agents
-- may keep several contacts per address (shared inboxes, family accounts).
CREATE TABLE contacts (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    email        text        NOT NULL DEFAULT '',
    phone        text        NOT NULL DEFAULT '',
    name         text        NOT NULL DEFAULT '',
    external_id  text,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_ws_email_idx ON contacts (workspace_id, lower(email));
CREATE INDEX contacts_ws_phone_idx ON contacts (workspace_id, phone);
CREATE UNIQUE INDEX contacts_ws_external_key ON contacts (workspace_id, external_id) WHERE external_id IS NOT NULL;

CREATE TABLE tickets (
    id                     bigserial PRIMARY KEY,
    workspace_id           bigint      NOT NULL REFERENCES workspaces (id),
    number                 bigint      NOT NULL DEFAULT 0,
    contact_id             bigint      NOT NULL REFERENCES contacts (id),
    subject                text        NOT NULL,
    status                 text        NOT NULL DEFAULT 'open',
    priority               text        NOT NULL DEFAULT 'normal',
    channel                text        NOT NULL,
    external_ref           text        NOT NULL DEFAULT '',
    client_token           text,
    assignee_id            bigint,
    tags                   jsonb       NOT NULL DEFAULT '[]'::jsonb,
    sla_due_at             timestamptz,
    sla_breach_notified_at timestamptz,
    resolved_at            timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
-- Threads can be split by agents after the fact, so external_ref is not unique.
CREATE INDEX tickets_external_ref_idx ON tickets (workspace_id, channel, external_ref);
CREATE UNIQUE INDEX tickets_client_token_key ON tickets (workspace_id, client_token) WHERE client_token IS NOT NULL;
CREATE INDEX tickets_sla_due_idx ON tickets (sla_due_at) WHERE status IN ('open', 'pending');

CREATE TABLE ticket_messages (
    id                  bigserial PRIMARY KEY,
    ticket_id           bigint      NOT NULL REFERENCES tickets (id),
    direction           text        NOT NULL,
    author_id           bigint,
    body                text        NOT NULL,
    client_msg_id       text,
    provider_message_id text        NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ticket_messages_client_msg_key ON ticket_messages (ticket_id, client_msg_id) WHERE client_msg_id IS NOT NULL;

CREATE TABLE ticket_events (
    id         bigserial PRIMARY KEY,
    ticket_id  bigint      NOT NULL REFERENCES tickets (id),
    kind       text        NOT NULL,
    actor_id   bigint,
    payload    jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Macro names are only a label; there is no unique constraint on them.
CREATE TABLE macros (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    name         text        NOT NULL,
    body         text        NOT NULL,
    created_by   bigint      NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX macros_ws_name_idx ON macros (workspace_id, name);

CREATE TABLE saved_views (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    user_id      bigint      NOT NULL REFERENCES users (id),
    name         text        NOT NULL,
    filter       jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT saved_views_ws_user_name_key UNIQUE (workspace_id, user_id, name)
);

CREATE TABLE custom_domains (
    id            bigserial PRIMARY KEY,
    workspace_id  bigint      NOT NULL REFERENCES workspaces (id),
    hostname      text        NOT NULL,
    cert_order_id text        NOT NULL DEFAULT '',
    verified_at   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX custom_domains_hostname_idx ON custom_domains (hostname);

CREATE TABLE mailboxes (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL REFERENCES workspaces (id),
    address      text        NOT NULL,
    is_default   boolean     NOT NULL DEFAULT false,
    route_id     text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mailboxes_address_idx ON mailboxes (address);

CREATE TABLE password_resets (
    id         bigserial PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users (id),
    token_hash text        NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX password_resets_token_hash_key ON password_resets (token_hash);

CREATE TABLE sessions (
    id         text PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users (id),
    user_agent text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);

-- Legacy idempotency table used by the refunds API: the key alone is unique.
CREATE TABLE idempotency_keys (
    id              bigserial PRIMARY KEY,
    key             text        NOT NULL,
    workspace_id    bigint      NOT NULL,
    response_status integer     NOT NULL DEFAULT 0,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX idempotency_keys_key ON idempotency_keys (key);

-- Newer idempotency table: keys are scoped by workspace.
CREATE TABLE api_idempotency (
    workspace_id    bigint      NOT NULL,
    key             text        NOT NULL,
    response_status integer     NOT NULL DEFAULT 0,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, key)
);

CREATE TABLE inbox (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE notification_outbox (
    id            bigserial PRIMARY KEY,
    source_msg_id text        NOT NULL,
    channel       text        NOT NULL,
    recipient     text        NOT NULL,
    body          text        NOT NULL,
    sent_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX notification_outbox_source_key ON notification_outbox (source_msg_id);

CREATE TABLE dunning_notices (
    id           bigserial PRIMARY KEY,
    workspace_id bigint      NOT NULL,
    invoice_ref  text        NOT NULL,
    stage        integer     NOT NULL DEFAULT 0,
    next_at      timestamptz NOT NULL,
    sent_at      timestamptz
);
