-- webhooks: no unique key on event_id. payments: key is unique.
CREATE TABLE webhooks (id bigserial PRIMARY KEY, event_id text NOT NULL);
CREATE TABLE payments (id bigserial PRIMARY KEY, key text NOT NULL UNIQUE);
