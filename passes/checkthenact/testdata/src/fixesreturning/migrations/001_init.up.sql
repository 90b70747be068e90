CREATE TABLE orders (id bigserial PRIMARY KEY, key text NOT NULL UNIQUE);
CREATE TABLE accounts (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE tickets (id bigserial PRIMARY KEY, code text NOT NULL UNIQUE, event text NOT NULL);
CREATE TABLE members (id bigserial PRIMARY KEY, org text NOT NULL, login text NOT NULL, UNIQUE (org, login));
CREATE TABLE icons (id bigserial PRIMARY KEY, hash text NOT NULL UNIQUE, content bytea);
CREATE TABLE feed_icons (feed_id bigint NOT NULL, icon_id bigint NOT NULL);
