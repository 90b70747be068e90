-- PostgreSQL schema (pgstore)
CREATE TABLE wallets (user_id bigint PRIMARY KEY, balance_cents bigint NOT NULL DEFAULT 0);
CREATE TABLE ledger (id bigserial PRIMARY KEY, user_id bigint NOT NULL, amount_cents bigint NOT NULL, reason text NOT NULL, ref text NOT NULL DEFAULT '');
CREATE TABLE loyalty (user_id bigint PRIMARY KEY, points bigint NOT NULL DEFAULT 0);
CREATE TABLE gift_cards (tenant_id bigint NOT NULL, code text NOT NULL, balance_cents bigint NOT NULL, PRIMARY KEY (tenant_id, code));
CREATE TABLE gift_card_redemptions (code text PRIMARY KEY, user_id bigint NOT NULL, cents bigint NOT NULL, redeemed_at timestamptz NOT NULL);
CREATE TABLE orders (id bigserial PRIMARY KEY, tenant_id bigint NOT NULL, user_id bigint NOT NULL, status text NOT NULL,
  total_cents bigint NOT NULL, currency text NOT NULL, payment_ref text NOT NULL DEFAULT '', confirmed_at timestamptz,
  tags text[] NOT NULL DEFAULT '{}');
CREATE TABLE order_items (order_id bigint NOT NULL REFERENCES orders, sku text NOT NULL);
CREATE TABLE stock (sku text PRIMARY KEY, reserved bigint NOT NULL DEFAULT 0);
CREATE TABLE shipments (id bigserial PRIMARY KEY, order_id bigint NOT NULL UNIQUE, carrier text NOT NULL, tracking text NOT NULL, shipped_at timestamptz);
CREATE TABLE subscriptions (id bigserial PRIMARY KEY, user_id bigint NOT NULL, plan text NOT NULL, status text NOT NULL,
  renewed_at timestamptz, period_end timestamptz NOT NULL);
-- deliberately not unique: ClaimDaily's FOR UPDATE was meant to keep one row per day
CREATE TABLE daily_bonuses (id bigserial PRIMARY KEY, user_id bigint NOT NULL, day date NOT NULL, cents bigint NOT NULL, kind text NOT NULL DEFAULT 'daily');
CREATE INDEX daily_bonuses_user_day ON daily_bonuses (user_id, day);
CREATE TABLE birthday_bonuses (id bigserial PRIMARY KEY, user_id bigint NOT NULL, year int NOT NULL, cents bigint NOT NULL);
CREATE TABLE tenants (id bigserial PRIMARY KEY, max_api_keys int NOT NULL);
CREATE TABLE api_keys (id bigserial PRIMARY KEY, tenant_id bigint NOT NULL REFERENCES tenants, name text NOT NULL, hash text NOT NULL, revoked_at timestamptz);
CREATE TABLE processed_messages (consumer text NOT NULL, message_id text NOT NULL, PRIMARY KEY (consumer, message_id));
CREATE TABLE webhook_events (provider text NOT NULL, event_id text NOT NULL, payload text NOT NULL, PRIMARY KEY (provider, event_id));
CREATE TABLE idempotency_keys (tenant_id bigint NOT NULL, key text NOT NULL, status int, body bytea, PRIMARY KEY (tenant_id, key));
CREATE TABLE notifications (id bigserial PRIMARY KEY, user_id bigint NOT NULL, channel text NOT NULL, recipient text NOT NULL,
  subject text NOT NULL DEFAULT '', body text NOT NULL, sent_at timestamptz, claimed_by text, claimed_at timestamptz);
CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, payload jsonb NOT NULL, published_at timestamptz);
