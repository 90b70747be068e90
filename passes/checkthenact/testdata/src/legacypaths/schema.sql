-- The unique keys the ON CONFLICT fixes of legacypaths.go rely on.
CREATE TABLE charges (id bigserial PRIMARY KEY, key text NOT NULL UNIQUE);
CREATE TABLE webhooks (id bigserial PRIMARY KEY, event_id text NOT NULL);
CREATE UNIQUE INDEX webhooks_event_id ON webhooks (event_id);
