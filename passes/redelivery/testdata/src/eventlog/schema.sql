-- replies: one row per message appended; provider_message_id is stored,
-- not unique.
CREATE TABLE replies (id BIGSERIAL PRIMARY KEY, ticket_id BIGINT NOT NULL, provider_message_id TEXT NOT NULL, body TEXT NOT NULL);
-- receipts: one row per provider message.
CREATE TABLE receipts (id BIGSERIAL PRIMARY KEY, provider_message_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL);
CREATE TABLE organizer_balances (organizer_id BIGINT PRIMARY KEY, cents BIGINT NOT NULL);
CREATE TABLE usage_counters (workspace_id BIGINT NOT NULL, metric TEXT NOT NULL, quantity BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (workspace_id, metric));
