CREATE TABLE flags (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE sessions (id text PRIMARY KEY, parent_id text, refresh_key text);
CREATE TABLE members (id bigserial PRIMARY KEY, provider_uid text, email text);
